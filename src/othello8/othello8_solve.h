/*
 * othello8_solve.h - exact endgame solver of the 8x8 bitboard backend, the
 * GameOps.solve hook of othello8_ops.
 */
#ifndef FLIPFIVE_OTHELLO8_SOLVE_H
#define FLIPFIVE_OTHELLO8_SOLVE_H

#include <stdbool.h>

#include "game.h"
#include "othello8.h"

/*
 * Solves pos (an Othello8Pos) exactly when it has at most depth empty
 * squares; returns false, doing nothing, otherwise. The score is the final
 * disc difference with empties to the winner, times 100, from the side to
 * move's view, with the usual fail-soft meaning for the window
 * (alpha, beta); best is a move reaching it (MOVE_PASS when the side must
 * pass, MOVE_NONE when the game is over). Nodes are counted in ctx, which
 * is polled for its stop flag; a stopped solve returns garbage.
 */
bool othello8_solve(void *pos, SearchCtx *ctx, int depth, int alpha, int beta, int *score, Move *best);
/* The same solver built for CPUs with AVX2 (x86-64 only; othello8_solve
 * calls it by itself when the CPU has them). */
bool othello8_solve_simd(void *pos, SearchCtx *ctx, int depth, int alpha, int beta, int *score, Move *best);

/* The table a position keeps for its solves: emptied when the position is
 * set up again, freed with it. Both accept NULL. */
void othello8_table_clear(Othello8Table *t);
void othello8_table_free(Othello8Table *t);

#endif
