/*
 * tables.h - every lookup table of every layer, built once when a program
 * starts: hashing keys, five-in-a-row line patterns, 8x8 bitboard rays and
 * keys, the 8x8 pattern evaluation's index tables and weights (those of
 * FLIPFIVE_WEIGHTS=FILE.inc when it is set). Each program's main() calls
 * tables_init() once, before anything else; the tables are read-only after
 * it (the tuner alone replaces weights, o8p_set_weights), so no lookup
 * tests whether its table is ready, and threads may share them.
 */
#ifndef FLIPFIVE_TABLES_H
#define FLIPFIVE_TABLES_H

void tables_init(void);

#endif
