/*
 * othello8_search.c - 8x8 specifics of the midgame search.
 *
 * Move ordering: the move that leaves the opponent the fewest replies
 * (corners counting double) and the least potential mobility comes first;
 * corners are good, squares next to an empty corner bad. Not at depth 1:
 * there the children are evaluated at once, ranking a move costs about what
 * evaluating it does, and history alone orders them (15 % more nodes, 15-20 %
 * less time to each depth). The endgame solver orders its own moves.
 *
 * ProbCut: a shallow search of about half the depth predicts the deep
 * one; its error (sigma) depends on the depth and the game stage and is
 * measured, not chosen: the table below is what `flipfive-tune probcut`
 * printed for a set of weights. A table printed for new weights replaces it
 * only when it wins a match: 200 positions leave noise in each cell.
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

int othello8_probcut_row(int empties)
{
    const int row = (empties - 12) / 6;
    return row < 0 ? 0 : row >= OTHELLO8_PROBCUT_ROWS ? OTHELLO8_PROBCUT_ROWS - 1 : row;
}

/* Sigma in hundredths of a disc by empties (rows of 6 from 12-17 to 54-60)
 * and depth 3..14, printed by `flipfive-tune probcut --count 200 --depth 11`
 * for the weights of othello8_weights.inc (README "Tuning the 8x8
 * evaluation"); the last row had too few positions and repeats the one
 * before it. */
static const int16_t SIGMA[OTHELLO8_PROBCUT_ROWS][OTHELLO8_PROBCUT_DEPTHS] = {
    {261, 221, 305, 429, 422, 368, 343, 470, 411, 411, 411, 411},
    {361, 307, 276, 376, 391, 371, 303, 429, 385, 385, 385, 385},
    {288, 324, 290, 360, 391, 365, 358, 427, 405, 405, 405, 405},
    {389, 253, 239, 376, 408, 419, 344, 412, 363, 363, 363, 363},
    {416, 207, 317, 290, 352, 252, 247, 323, 290, 290, 290, 290},
    {336, 232, 242, 293, 251, 190, 166, 251, 156, 156, 156, 156},
    {322, 367, 210, 303, 308, 189, 197, 255, 201, 201, 201, 201},
    {322, 367, 210, 303, 308, 189, 197, 255, 201, 201, 201, 201},
};

static bool probcut(void *pos, int depth, int *shallow, int *sigma)
{
    /* To the end of the game (a selective endgame): as deep as that. */
    const int n = othello8_solve_depth(pos);
    if (depth > n)
        depth = n;
    if (depth < OTHELLO8_PROBCUT_MIN_DEPTH)
        return false;
    const int k = depth - OTHELLO8_PROBCUT_MIN_DEPTH;
    *shallow = othello8_probcut_shallow(depth);
    *sigma = SIGMA[othello8_probcut_row(n)][k < OTHELLO8_PROBCUT_DEPTHS ? k : OTHELLO8_PROBCUT_DEPTHS - 1];
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
    .score_min_depth = 2,
    .sort_depth = sort_depth,
    .probcut = probcut,
};
