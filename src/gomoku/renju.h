/*
 * renju.h - black's forbidden moves under the RIF International Rules of
 * Renju: an overline, a double four (two fours on one line included) and a
 * double three, where a three counts only if one more stone that is itself
 * not forbidden makes it a straight four (RIF 9.3, applied recursively). A
 * move that makes exactly five is never forbidden.
 */
#ifndef FLIPFIVE_RENJU_H
#define FLIPFIVE_RENJU_H

#include <stdbool.h>

#include "gomoku.h"

typedef enum { FOUL_NONE, FOUL_OVERLINE, FOUL_DOUBLE_FOUR, FOUL_DOUBLE_THREE } RenjuFoul;

/* Verdict for black on an empty box, whoever is to move. The line patterns
 * rule out most points at once; the rest get the full check. */
RenjuFoul renju_foul(GomokuPos *p, int box);
static inline bool renju_forbidden(GomokuPos *p, int box) { return renju_foul(p, box) != FOUL_NONE; }

/* Reference: the full check from the stones alone, for every point. */
RenjuFoul renju_foul_slow(GomokuPos *p, int box);

/* color may legally play on box: empty, and for Renju black not forbidden
 * (the one legality check of five-in-a-row). */
bool renju_can_play(GomokuPos *p, int box, int color);

/* Black on box makes a five and, on another line, an overline. By RIF the
 * five wins, and the Gomocup judge finds the five first; c-gomoku-cli checks
 * the overline first and calls the move a foul, so a five without one is the
 * one to play. */
bool renju_five_with_overline(GomokuPos *p, int box);

/* five, one of color's five points; another without an overline when five
 * has one (above) and there is such another. */
int renju_host_safe_five(GomokuPos *p, int color, int five);

/* Black's forbidden points (box indices, ascending); returns the count. */
int renju_forbidden_points(GomokuPos *p, int16_t *out);

#endif
