/*
 * bitboard.h - 8x8 Othello on 64-bit masks: the primitives the 8x8 backend,
 * its evaluation and its endgame solver share (move generation, flips,
 * stability, hashing).
 *
 * Bit i is cell i = row * 8 + col, row 0 at the top: A1 is bit 0, H1 bit 7,
 * A8 bit 56. A position is seen from the side to move: P its discs, O the
 * opponent's. The hot functions are inline so that every module gets them
 * at full speed; call bitboard_init() once before using any of them.
 */
#ifndef FLIPFIVE_BITBOARD_H
#define FLIPFIVE_BITBOARD_H

#include <stdint.h>

enum { BITBOARD_CELLS = 64 };

#define BITBOARD_CORNERS 0x8100000000000081ull
#define BITBOARD_INNER_COLS 0x7E7E7E7E7E7E7E7Eull

/* The four line axes as bit shifts: east, south, south-west, south-east.
 * The masks keep a shifted run of opponent discs inside the board: a run
 * along a horizontal or diagonal axis never includes column A or H. */
static const int BITBOARD_SHIFT[4] = {1, 8, 7, 9};
static const uint64_t BITBOARD_RUN_MASK[4] = {
    BITBOARD_INNER_COLS, 0x00FFFFFFFFFFFF00ull, 0x007E7E7E7E7E7E00ull, 0x007E7E7E7E7E7E00ull};

/* Rays from each cell along each axis: [cell][axis][0] towards higher
 * bits, [cell][axis][1] towards lower bits (the cell itself excluded). */
extern uint64_t bitboard_rays[BITBOARD_CELLS][4][2];
/* Squares next to each cell. */
extern uint64_t bitboard_around[BITBOARD_CELLS];
/* The four lines through each cell (row, column, both diagonals) as a mask,
 * a multiplier that gathers the line into the top byte, and the cell's
 * position in that byte. */
typedef struct BitboardLines {
    uint64_t mask[4], mult[4];
    uint8_t pos[4];
} BitboardLines;
extern BitboardLines bitboard_lines[BITBOARD_CELLS];
/* Discs a move at pos flips along a line of 8 whose other squares are all
 * full, own discs given by the byte. */
extern uint8_t bitboard_line_flips[8][256];

/* Zobrist keys by byte: the key of the discs of one colour in byte k of a
 * mask is byte_keys[colour][k][byte]; equal to the zobrist.h keys. */
extern uint64_t bitboard_byte_keys[2][8][256];

void bitboard_init(void);

static inline int bitboard_count(uint64_t b)
{
#if defined(__POPCNT__)
    return __builtin_popcountll(b);
#else
    /* Without -mpopcnt the builtin is a library call; this is faster. */
    b = b - ((b >> 1) & 0x5555555555555555ull);
    b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((b * 0x0101010101010101ull) >> 56);
#endif
}

static inline int bitboard_first(uint64_t b) { return __builtin_ctzll(b); }

/* Legal moves of P: shifts of P through runs of O onto empty squares,
 * run lengths doubled in two steps (Kogge-Stone). */
static inline uint64_t bitboard_moves(uint64_t P, uint64_t O)
{
    uint64_t moves = 0;
#pragma GCC unroll 4
    for (int a = 0; a < 4; a++) {
        const int s = BITBOARD_SHIFT[a];
        const uint64_t om = O & BITBOARD_RUN_MASK[a];
        uint64_t up = om & (P << s), down = om & (P >> s);
        up |= om & (up << s);
        down |= om & (down >> s);
        const uint64_t pair_up = om & (om << s), pair_down = pair_up >> s;
        up |= pair_up & (up << 2 * s);
        down |= pair_down & (down >> 2 * s);
        up |= pair_up & (up << 2 * s);
        down |= pair_down & (down >> 2 * s);
        moves |= (up << s) | (down >> s);
    }
    return moves & ~(P | O);
}

/* Discs of O that P flips by playing on the empty cell x (0 if illegal).
 * Along each ray the first square that is not O decides: when it is P,
 * everything before it flips. */
static inline uint64_t bitboard_flips(uint64_t P, uint64_t O, int x)
{
    uint64_t flips = 0;
#pragma GCC unroll 4
    for (int a = 0; a < 4; a++) {
        uint64_t ray = bitboard_rays[x][a][0], stop = ray & ~O;
        uint64_t end = stop & (0 - stop) & P;
        flips |= (end - (end != 0)) & ray;
        ray = bitboard_rays[x][a][1];
        stop = (ray & ~O) | 1; /* bit 0 never ends a lower ray with P */
        end = (1ull << (63 - __builtin_clzll(stop))) & P & ray;
        flips |= ray & (0 - (end << 1));
    }
    return flips;
}

/* Discs P flips by playing on x, the last empty square (all the others
 * are full, so the opponent's discs are implied). */
static inline int bitboard_last_flips(uint64_t P, int x)
{
    const BitboardLines *l = &bitboard_lines[x];
    int n = 0;
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        n += bitboard_line_flips[l->pos[k]][((P & l->mask[k]) * l->mult[k]) >> 56];
    return n;
}

/* Squares next to a disc of b (potential mobility, frontier). */
static inline uint64_t bitboard_neighbours(uint64_t b)
{
    const uint64_t w = (b >> 1) & 0x7F7F7F7F7F7F7F7Full, e = (b << 1) & 0xFEFEFEFEFEFEFEFEull;
    const uint64_t row = b | w | e;
    return (w | e | (row << 8) | (row >> 8)) & ~b;
}

/* Discs of P that can never be flipped (a safe under-estimate). */
uint64_t bitboard_stable(uint64_t P, uint64_t O);

/* Zobrist hash of a position given by colour (same keys as zobrist.h). */
static inline uint64_t bitboard_hash(uint64_t black, uint64_t white, int white_to_move,
                                     uint64_t side_key)
{
    uint64_t h = white_to_move ? side_key : 0;
    for (int k = 0; k < 8; k++)
        h ^= bitboard_byte_keys[0][k][(black >> (8 * k)) & 0xFF] ^
             bitboard_byte_keys[1][k][(white >> (8 * k)) & 0xFF];
    return h;
}

#endif
