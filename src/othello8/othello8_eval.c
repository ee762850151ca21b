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
#include "othello_eval.h"

enum { STAGES = 60 }; /* moves from the start to a full board */

/* Each corner with its X square and its two C squares. */
static const uint64_t CORNER[4] = {1ull << 0, 1ull << 7, 1ull << 56, 1ull << 63};
static const uint64_t XSQ[4] = {1ull << 9, 1ull << 14, 1ull << 49, 1ull << 54};
static const uint64_t CSQ[4] = {(1ull << 1) | (1ull << 8), (1ull << 6) | (1ull << 15),
                                (1ull << 48) | (1ull << 57), (1ull << 55) | (1ull << 62)};

/* Adds own's corners, and its X and C squares next to an empty corner, to
 * f with the given sign. */
static void corner_terms(uint64_t own, uint64_t empty, int sign, OthelloFeatures *f)
{
    for (int k = 0; k < 4; k++) {
        if (own & CORNER[k])
            f->corners += sign;
        else if (empty & CORNER[k]) {
            f->xsquares += sign * bitboard_count(own & XSQ[k]);
            f->csquares += sign * bitboard_count(own & CSQ[k]);
        }
    }
}

int othello8_eval(uint64_t P, uint64_t O)
{
    const uint64_t empty = ~(P | O);
    OthelloFeatures f = {
        .stable = bitboard_count(bitboard_stable(P, O)) - bitboard_count(bitboard_stable(O, P)),
        .mobility = {bitboard_count(bitboard_moves(P, O)), bitboard_count(bitboard_moves(O, P))},
        .potential = bitboard_count(empty & bitboard_neighbours(O)) - bitboard_count(empty & bitboard_neighbours(P)),
        .discs = bitboard_count(P) - bitboard_count(O),
        .empties = bitboard_count(empty),
    };
    corner_terms(P, empty, 1, &f);
    corner_terms(O, empty, -1, &f);
    return othello_eval_weigh(&f, STAGES - f.empties, STAGES);
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
