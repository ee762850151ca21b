/*
 * othello8_search.h - what the game-agnostic search needs to know about
 * 8x8 Othello: move ordering (the score_moves hook), the search tuning
 * (ordering searches, ProbCut margins) and the depth of an exact solve.
 */
#ifndef FLIPFIVE_OTHELLO8_SEARCH_H
#define FLIPFIVE_OTHELLO8_SEARCH_H

#include <stdint.h>

#include "game.h"

/* Keys (higher first) for moves of P against O; MOVE_PASS gets 0. The keys
 * are large enough that the search's history only breaks ties. */
void othello8_order(uint64_t P, uint64_t O, const Move *moves, int n, int *keys);

extern const SearchTuning othello8_tuning;
/* The depth of ProbCut's shallow search for a node of depth d (the same
 * parity: odd and even depths differ in Othello). */
int othello8_probcut_shallow(int depth);
/* ProbCut's sigma table: a row per band of empties, a column per depth
 * from OTHELLO8_PROBCUT_MIN_DEPTH (deeper searches use the last one). */
enum { OTHELLO8_PROBCUT_MIN_DEPTH = 3, OTHELLO8_PROBCUT_DEPTHS = 12, OTHELLO8_PROBCUT_ROWS = 8 };
int othello8_probcut_row(int empties);
/* The empty squares of an Othello8Pos: the depth of its exact solve. */
int othello8_solve_depth(void *pos);

#endif
