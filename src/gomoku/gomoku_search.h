/*
 * gomoku_search.h - what five-in-a-row adds to the game-agnostic search:
 * the GameOps.solve hook. Wins in one, fours against the side to move
 * (block them, or lose; at the horizon the block costs no depth), VCF at
 * every node and VCT at the root and at nodes with depth to spare, on node
 * budgets (deterministic) or, at the root, on a share of the move's time.
 */
#ifndef FLIPFIVE_GOMOKU_SEARCH_H
#define FLIPFIVE_GOMOKU_SEARCH_H

#include <stdbool.h>

#include "gomoku.h"
#include "search.h"

bool gomoku_search_solve(GomokuPos *p, SearchCtx *ctx, int depth, int alpha, int beta, int *score,
                         Move *best);

/* After the root move m, does the opponent have a VCT (found within nodes,
 * by deadline_ns)? The GameOps.refuted hook. */
bool gomoku_search_refuted(GomokuPos *p, SearchCtx *ctx, Move m, uint64_t nodes, int64_t deadline_ns);

#endif
