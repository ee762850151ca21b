/*
 * gomoku_eval.h - what the search knows about five-in-a-row: the
 * evaluation (the cell weights of gomoku_weight.h summed, kept current by
 * make/unmake), move ordering, and the candidate moves the search looks at.
 */
#ifndef FLIPFIVE_GOMOKU_EVAL_H
#define FLIPFIVE_GOMOKU_EVAL_H

#include "gomoku.h"

/* Heuristic value for the side to move, well inside +-SCORE_WIN_MIN. */
int gomoku_evaluate(GomokuPos *p);
/* The threat term's index (gomoku_weight.h's GT_*) of the position. */
int gomoku_threat_mask(const GomokuPos *p);
/* Ordering keys, higher first; below 1 << 22. */
void gomoku_score_moves(GomokuPos *p, const Move *moves, int n, int *keys);
/* What the moves of a node are: every candidate, the answers to an open
 * three (or a double-four point) of the opponent, or the one block of its
 * four (or a five of our own). */
enum { GEN_QUIET, GEN_DEFEND, GEN_FORCED };

/* The moves worth searching, *kind set as above: a five of our own; the
 * block of a four against us; against an open three our fours and the
 * points where the opponent would make a four; else every empty cell near
 * a stone (the centre on an empty board). Never empty while the game goes
 * on and the side to move has a legal move. */
int gomoku_gen_search_moves(GomokuPos *p, Move *out, int *kind);

#endif
