/*
 * gomoku_ab.h - five-in-a-row's own alpha-beta below the root (the
 * GameOps.alphabeta hook): exact verdicts from the threat sets (a five to
 * play, two fives against, an open four, a four-three or a double three
 * the opponent cannot answer with a four), forced blocks that cost no
 * depth, only the answers to an open three when one is on the board, a
 * quiescence of fours, razoring, futility, null move, late-move
 * reductions and move-count pruning.
 */
#ifndef FLIPFIVE_GOMOKU_AB_H
#define FLIPFIVE_GOMOKU_AB_H

#include "gomoku.h"
#include "search.h"

int gomoku_alphabeta(GomokuPos *p, SearchCtx *s, int depth, int alpha, int beta);

/* The moves searched at the root: those of gomoku_gen_search_moves, and in
 * a quiet position where the opponent would win by fours if we passed, only
 * the moves after which it no longer does (all of them when none holds). */
int gomoku_root_moves(GomokuPos *p, Move *out);

/* The exact value of the position from the threat sets alone, relative to
 * the root at ply; 0 when they do not decide it. */
int gomoku_quick_verdict(GomokuPos *p, int ply);

#endif
