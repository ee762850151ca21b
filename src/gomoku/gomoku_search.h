/*
 * gomoku_search.h - what five-in-a-row adds to the game-agnostic search at
 * the root (below it, gomoku_ab.c searches on its own): the GameOps.solve
 * hook (a five to make, a four that cannot be blocked, VCF, then VCT, on
 * node budgets (deterministic) or a share of the move's time), and the
 * check of the chosen move, GameOps.refuted.
 */
#ifndef FLIPFIVE_GOMOKU_SEARCH_H
#define FLIPFIVE_GOMOKU_SEARCH_H

#include <stdbool.h>

#include "gomoku.h"
#include "search.h"

/* The root only. */
bool gomoku_search_solve(GomokuPos *p, SearchCtx *ctx, int depth, int alpha, int beta, int *score,
                         Move *best);

/* After the root move m, does the opponent have a VCT (found within nodes,
 * by deadline_ns)? The GameOps.refuted hook. */
bool gomoku_search_refuted(GomokuPos *p, SearchCtx *ctx, Move m, uint64_t nodes, int64_t deadline_ns);

#endif
