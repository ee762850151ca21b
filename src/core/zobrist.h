/*
 * zobrist.h - hashing keys shared by every game, and the project's one
 * deterministic random generator (splitmix64), so that hashes and any
 * seeded choice are identical across compilers and runs.
 */
#ifndef FLIPFIVE_ZOBRIST_H
#define FLIPFIVE_ZOBRIST_H

#include <stdint.h>

#include "game.h"

/* Fills the keys; once per program, before any other call (tables_init). */
void zobrist_init(void);
/* Key of a stone of color c (BLACK/WHITE) on cell; cell < MAX_CELLS. */
uint64_t zobrist_stone(int cell, int color);
/* Key toggled when White is to move. */
uint64_t zobrist_side(void);

static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#endif
