/*
 * othello8_eval.h - the evaluation of the 8x8 bitboard backend.
 *
 * The interface is deliberately small so that a stronger evaluation (tuned
 * patterns) can replace this module without touching the search or the
 * solver: a value for the side to move, and static move-ordering keys.
 */
#ifndef FLIPFIVE_OTHELLO8_EVAL_H
#define FLIPFIVE_OTHELLO8_EVAL_H

#include <stdint.h>

#include "game.h"

/* Value of the position for P (to move) against O, in hundredths of a
 * disc. Integer only; identical on every compiler. */
int othello8_eval(uint64_t P, uint64_t O);
/* Ordering keys (higher first) for moves of P, which may include MOVE_PASS. */
void othello8_eval_order(uint64_t P, uint64_t O, const Move *moves, int n, int *scores);

#endif
