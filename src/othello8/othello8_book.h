/*
 * othello8_book.h - the 8x8 opening book: positions of the first plies with
 * the negamaxed values of searches from them, built by `flipfive-tune book`
 * (README "Opening book") and compiled in as othello8_book.inc.
 *
 * A position is found whatever its orientation (the 8 symmetries). genmove
 * plays from the book where every legal move of the position has a value,
 * choosing at random among the moves within a margin of the best, so that
 * games from the same start vary.
 */
#ifndef FLIPFIVE_OTHELLO8_BOOK_H
#define FLIPFIVE_OTHELLO8_BOOK_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

/* Loads the compiled-in book (FLIPFIVE_BOOK=FILE.inc replaces it); called
 * once, by tables_init(). */
void o8b_init(void);
/* Positions in the book. */
int o8b_size(void);
/* The book value of P (to move) against O in hundredths of a disc, for P. */
bool o8b_probe(uint64_t P, uint64_t O, int *value);
/* A book move of P against O: uniform among the moves whose value is within
 * margin (hundredths of a disc) of the best; MOVE_NONE when some legal move
 * has no value in the book. rng is a splitmix64 state. */
Move o8b_choose(uint64_t P, uint64_t O, int margin, uint64_t *rng);
/* The smallest of the 8 images of the position, the book's key. */
void o8b_canonical(uint64_t P, uint64_t O, uint64_t key[2]);

#endif
