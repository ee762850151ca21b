/*
 * gomoku_weight.h - the evaluation's weight of an empty cell for a colour:
 * what a stone of that colour there would be worth, from its four line
 * patterns and rule flags. The board keeps these weights and their sums
 * current move by move (that is why this sits below gomoku.c); the
 * evaluation (gomoku_eval.c) reads the sums.
 */
#ifndef FLIPFIVE_GOMOKU_WEIGHT_H
#define FLIPFIVE_GOMOKU_WEIGHT_H

#include <stdint.h>

/* value: the weight when that colour is to move; passive: when it is not
 * (its threats there will be answered first). flags: pattern_flags(). */
void gomoku_weight_cell(const uint8_t pat[4], int flags, int16_t *value, int16_t *passive);

#endif
