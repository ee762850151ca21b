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
/* Ordering keys, higher first; below 1 << 22. */
void gomoku_score_moves(GomokuPos *p, const Move *moves, int n, int *keys);
/* The moves worth searching: forced replies when there are threats, else
 * empty cells near stones (the centre on an empty board). Never empty while
 * the game goes on. */
int gomoku_search_moves(GomokuPos *p, Move *out);

#endif
