/*
 * othello8_eval.c - baseline evaluation of 8x8 positions on bitboards.
 *
 * The same terms and weights as othello_eval.c (stable discs, corners, X
 * and C squares next to an empty corner, mobility, potential mobility,
 * parity, late disc count), so both backends give the same value to the
 * same position: the self-test checks that. Integer only.
 */
#include "othello8_eval.h"

#include <stdbool.h>

#include "bitboard.h"

/* Weights at the opening (index 0) and at the end (index 1) of the game. */
static const int W_STABLE[2] = {90, 110};
static const int W_CORNER[2] = {350, 120};
static const int W_XSQUARE[2] = {-220, -40};
static const int W_CSQUARE[2] = {-70, -20};
static const int W_MOBILITY[2] = {70, 40};
static const int W_POTENTIAL[2] = {25, 5};
static const int W_DISCS[2] = {-4, 60};
static const int W_PARITY = 80;

enum { STAGES = 60 }; /* moves from the start to a full board */

/* Each corner with its X square and its two C squares. */
static const uint64_t CORNER[4] = {1ull << 0, 1ull << 7, 1ull << 56, 1ull << 63};
static const uint64_t XSQ[4] = {1ull << 9, 1ull << 14, 1ull << 49, 1ull << 54};
static const uint64_t CSQ[4] = {(1ull << 1) | (1ull << 8), (1ull << 6) | (1ull << 15),
                                (1ull << 48) | (1ull << 57), (1ull << 55) | (1ull << 62)};

static int lerp(const int w[2], int done) { return (w[0] * (STAGES - done) + w[1] * done) / STAGES; }

/* Corner, X-square and C-square terms for the discs own. */
static int corner_terms(uint64_t own, uint64_t empty, int done)
{
    int corners = 0, xs = 0, cs = 0;
    for (int k = 0; k < 4; k++) {
        if (own & CORNER[k])
            corners++;
        else if (empty & CORNER[k]) {
            xs += bitboard_count(own & XSQ[k]);
            cs += bitboard_count(own & CSQ[k]);
        }
    }
    return corners * lerp(W_CORNER, done) + xs * lerp(W_XSQUARE, done) + cs * lerp(W_CSQUARE, done);
}

int othello8_eval(uint64_t P, uint64_t O)
{
    const uint64_t empty = ~(P | O);
    const int empties = bitboard_count(empty), done = STAGES - empties;
    int v = lerp(W_STABLE, done) * (bitboard_count(bitboard_stable(P, O)) - bitboard_count(bitboard_stable(O, P)));
    v += corner_terms(P, empty, done) - corner_terms(O, empty, done);
    const int m1 = bitboard_count(bitboard_moves(P, O)), m2 = bitboard_count(bitboard_moves(O, P));
    v += lerp(W_MOBILITY, done) * (m1 - m2) * 8 / (m1 + m2 + 4);
    const int pot1 = bitboard_count(empty & bitboard_neighbours(O));
    const int pot2 = bitboard_count(empty & bitboard_neighbours(P));
    v += lerp(W_POTENTIAL, done) * (pot1 - pot2) / 4;
    v += lerp(W_DISCS, done) * (bitboard_count(P) - bitboard_count(O)) / 4;
    if (empties % 2 == 1)
        v += W_PARITY * done / STAGES;
    return v;
}

/* Static value of a square: corners first, X and C squares last. */
static int square_class(int cell)
{
    const int r = cell / 8, c = cell % 8;
    const bool edge_r = r == 0 || r == 7, edge_c = c == 0 || c == 7;
    const bool near_r = r == 1 || r == 6, near_c = c == 1 || c == 6;
    if (edge_r && edge_c)
        return 800;
    if (near_r && near_c)
        return -400;
    if ((edge_r && near_c) || (near_r && edge_c))
        return -150;
    return edge_r || edge_c ? 100 : 0;
}

void othello8_eval_order(uint64_t P, uint64_t O, const Move *moves, int n, int *scores)
{
    (void)P, (void)O;
    for (int i = 0; i < n; i++)
        scores[i] = moves[i] >= 0 ? square_class(moves[i]) : 0;
}
