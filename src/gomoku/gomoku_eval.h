/*
 * gomoku_eval.h - what the search knows about five-in-a-row: the weight of
 * each empty cell for each colour (from its four line patterns), the
 * evaluation (those weights summed, kept current by make/unmake), move
 * ordering, and the candidate moves the search looks at.
 */
#ifndef FLIPFIVE_GOMOKU_EVAL_H
#define FLIPFIVE_GOMOKU_EVAL_H

#include "gomoku.h"

/* Flags (FL_*) and weights of a cell for a colour with these four patterns:
 * value when that colour is to move, passive when it is not (its threats
 * there will be answered first). */
void gomoku_eval_cell(PatternView view, const uint8_t pat[4], uint8_t *flags, int16_t *value,
                      int16_t *passive);

/* Heuristic value for the side to move, well inside +-SCORE_WIN_MIN. */
int gomoku_evaluate(GomokuPos *p);
/* Ordering keys, higher first; below 1 << 22. */
void gomoku_score_moves(GomokuPos *p, const Move *moves, int n, int *keys);
/* The moves worth searching: forced replies when there are threats, else
 * empty cells near stones (the centre on an empty board). Never empty while
 * the game goes on. */
int gomoku_search_moves(GomokuPos *p, Move *out);

#endif
