/*
 * tables.c - the one place that builds the lookup tables, in the order
 * they depend on each other.
 */
#include "tables.h"

#include "bitboard.h"
#include "gomoku_pattern.h"
#include "gomoku_weight.h"
#include "othello8_book.h"
#include "othello8_indices.h"
#include "othello8_pattern.h"
#include "zobrist.h"

void tables_init(void)
{
    zobrist_init();
    pattern_init();
    gomoku_weight_init(); /* reads the patterns' order */
    bitboard_init();  /* its hashing keys come from zobrist */
    o8p_init();
    o8i_init();       /* reads the features and weights of o8p */
    o8b_init();       /* the 8x8 opening book: bitboard keys */
}
