/*
 * othello8_ops.h - 8x8 Othello on bitboards as a game of the registry,
 * which picks it for size 8 (every other size keeps othello_ops).
 */
#ifndef FLIPFIVE_OTHELLO8_OPS_H
#define FLIPFIVE_OTHELLO8_OPS_H

#include "game.h"

extern const GameOps othello8_ops;

/* The registry's hook: the bitboard backend for size 8, NULL otherwise. */
const GameOps *othello8_special(int size);

#endif
