/*
 * othello8_search.c - 8x8 specifics of the midgame search.
 *
 * Move ordering: the move that leaves the opponent the fewest replies
 * (corners counting double) and the least potential mobility comes first;
 * corners are good, squares next to an empty corner bad. The endgame solver
 * orders its own moves.
 *
 * ProbCut: one sigma for every depth and game stage, 4 discs, a
 * placeholder chosen by hand and never measured. `flipfive-tune probcut`
 * prints the spread of deep against shallow values that a measured table
 * (by depth and empties) would be fitted to, and that table is to be kept
 * only if it wins a match against this constant.
 */
#include "othello8_search.h"

#include <stddef.h>

#include "bitboard.h"
#include "othello8.h"

enum {
    W_REPLIES = 1 << 12,   /* per opponent reply */
    W_POTENTIAL = 1 << 9,  /* per empty square next to our discs */
    W_CORNER = 1 << 14,
    W_X_SQUARE = 1 << 13,  /* next to an empty corner, diagonally */
    W_WIPEOUT = 1 << 22
};

enum { SORT_MIN = 9, SORT_STEP = 3 };

/* X squares and their corners. */
static const int X_SQUARE[4][2] = {{9, 0}, {14, 7}, {49, 56}, {54, 63}};

static int move_key(uint64_t P, uint64_t O, int x)
{
    const uint64_t flips = bitboard_flips(P, O, x);
    const uint64_t np = O ^ flips, no = P | flips | 1ull << x, empty = ~(np | no);
    if (!np)
        return W_WIPEOUT;
    const uint64_t replies = bitboard_moves(np, no);
    int key = -W_REPLIES * (bitboard_count(replies) + bitboard_count(replies & BITBOARD_CORNERS));
    key -= W_POTENTIAL * bitboard_count(bitboard_neighbours(no) & empty);
    if (BITBOARD_CORNERS >> x & 1)
        key += W_CORNER;
    for (int k = 0; k < 4; k++)
        if (x == X_SQUARE[k][0] && (empty >> X_SQUARE[k][1] & 1))
            key -= W_X_SQUARE;
    return key;
}

void othello8_order(uint64_t P, uint64_t O, const Move *moves, int n, int *keys)
{
    for (int i = 0; i < n; i++)
        keys[i] = moves[i] >= 0 ? move_key(P, O, moves[i]) : 0;
}

int othello8_probcut_shallow(int depth) { return depth / 4 * 2 + (depth & 1); }

/* PROBCUT_SIGMA: the placeholder, in hundredths of a disc (see the top). */
enum { PROBCUT_MIN_DEPTH = 3, PROBCUT_SIGMA = 400 };

static bool probcut(void *pos, int depth, int *shallow, int *sigma)
{
    (void)pos;
    if (depth < PROBCUT_MIN_DEPTH)
        return false;
    *shallow = othello8_probcut_shallow(depth);
    *sigma = PROBCUT_SIGMA;
    return true;
}

int othello8_solve_depth(void *pos)
{
    const Othello8Pos *p = pos;
    return 64 - bitboard_count(p->discs[BLACK] | p->discs[WHITE]);
}

/* Ordering searches: none near the leaves, then a few plies. */
static int sort_depth(int depth) { return depth < SORT_MIN ? -1 : (depth - SORT_MIN) / SORT_STEP; }

const SearchTuning othello8_tuning = {
    .no_killers = true,
    .no_leaf_tt = true,
    .sort_depth = sort_depth,
    .probcut = probcut,
};
