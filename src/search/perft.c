/*
 * perft.c - generic perft with bulk counting at the last ply.
 */
#include "perft.h"

uint64_t perft_generic(const GameOps *ops, void *pos, int depth)
{
    if (depth <= 0)
        return 1;
    Move moves[MAX_MOVES];
    int n = ops->gen_moves(pos, moves);
    if (n == 0)
        return 1; /* the game ended: one leaf */
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        ops->make(pos, moves[i]);
        total += perft_generic(ops, pos, depth - 1);
        ops->unmake(pos);
    }
    return total;
}

uint64_t perft(const GameOps *ops, void *pos, int depth)
{
    return ops->perft ? ops->perft(pos, depth) : perft_generic(ops, pos, depth);
}
