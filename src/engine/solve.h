/*
 * solve.h - exact solving of the engine's current position, for the
 * protocols' solve commands (GTP: flipfive-solve [wld]).
 */
#ifndef FLIPFIVE_SOLVE_H
#define FLIPFIVE_SOLVE_H

#include <stdbool.h>

#include "engine.h"

typedef struct Solution {
    Move best;          /* MOVE_PASS: must pass; MOVE_NONE: game over */
    int score;          /* search units, side to move's view */
    int pvlen;          /* 0 for a win/loss/draw solve */
    Move pv[MAX_GAME_PLY];
} Solution;

/* Solves the position (left unchanged) for the side to move: exactly, or
 * with wld only whether it wins, loses or draws (a window around zero).
 * Polls the engine's interrupt check; false when interrupted. The nodes
 * spent are in e->search. */
bool solve_run(Engine *e, bool wld, Solution *sol);

#endif
