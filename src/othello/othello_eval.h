/*
 * othello_eval.h - heuristic evaluation of generic Othello positions.
 */
#ifndef FLIPFIVE_OTHELLO_EVAL_H
#define FLIPFIVE_OTHELLO_EVAL_H

#include "othello.h"

/* What both Othello evaluations (this generic one and the 8x8 bitboard one)
 * measure, as the side to move's count minus the opponent's, except the
 * mobilities, which are weighed by their ratio. */
typedef struct OthelloFeatures {
    int stable;    /* discs that can never flip */
    int corners;   /* corners owned */
    int xsquares;  /* X squares next to an empty corner */
    int csquares;  /* C squares next to an empty corner */
    int mobility[2]; /* legal moves: side to move, opponent */
    int potential; /* empty squares next to the opponent's discs */
    int discs;
    int empties;   /* of the board, not a difference */
} OthelloFeatures;

/* The weighted sum of f, done of total moves into the game; hundredths of
 * a disc. Sharing it keeps the two boards' play alike. */
int othello_eval_weigh(const OthelloFeatures *f, int done, int total);

/* Value for the side to move, in hundredths of a disc. */
int othello_eval(const OthelloPos *p);
/* Static ordering scores for moves of the side to move (higher first). */
void othello_eval_order(const OthelloPos *p, const Move *moves, int n, int *scores);
/* Discs of color that can never be flipped again (a safe under-estimate). */
int othello_stable_discs(const OthelloPos *p, int color);

#endif
