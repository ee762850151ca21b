/*
 * zobrist.c - one table of hashing keys for all games, filled once from a
 * fixed seed by zobrist_init (tables_init) and read-only after.
 */
#include "zobrist.h"

#include <assert.h>

static uint64_t stone_keys[MAX_CELLS][2];
static uint64_t side_key;

void zobrist_init(void)
{
    uint64_t state = 0x666C6970666976ull; /* "flipfiv" */
    for (int c = 0; c < MAX_CELLS; c++) {
        stone_keys[c][0] = splitmix64(&state);
        stone_keys[c][1] = splitmix64(&state);
    }
    side_key = splitmix64(&state);
}

uint64_t zobrist_stone(int cell, int color)
{
    assert(cell >= 0 && cell < MAX_CELLS && (color == BLACK || color == WHITE));
    assert(side_key != 0); /* zobrist_init ran */
    return stone_keys[cell][color];
}

uint64_t zobrist_side(void)
{
    assert(side_key != 0); /* zobrist_init ran */
    return side_key;
}
