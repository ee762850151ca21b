/*
 * othello_eval.h - heuristic evaluation of generic Othello positions.
 */
#ifndef FLIPFIVE_OTHELLO_EVAL_H
#define FLIPFIVE_OTHELLO_EVAL_H

#include "othello.h"

/* Value for the side to move, in hundredths of a disc. */
int othello_eval(const OthelloPos *p);
/* Static ordering scores for moves of the side to move (higher first). */
void othello_eval_order(const OthelloPos *p, const Move *moves, int n, int *scores);
/* Discs of color that can never be flipped again (a safe under-estimate). */
int othello_stable_discs(const OthelloPos *p, int color);

#endif
