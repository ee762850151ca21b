/*
 * perft.h - leaf counts of the game tree, the standard check of move
 * generators. A pass is a ply; a finished game is one leaf at any depth.
 */
#ifndef FLIPFIVE_PERFT_H
#define FLIPFIVE_PERFT_H

#include <stdint.h>

#include "game.h"

/* Uses the game's own fast perft when it has one. */
uint64_t perft(const GameOps *ops, void *pos, int depth);
/* Through gen_moves/make/unmake only: the reference for fast versions. */
uint64_t perft_generic(const GameOps *ops, void *pos, int depth);

#endif
