/*
 * bitboard.c - tables of the 8x8 bitboard primitives, filled once, and
 * stability, which is too big to inline.
 */
#include "bitboard.h"

#include <stdbool.h>

#include "zobrist.h"

uint64_t bitboard_rays[BITBOARD_CELLS][4][2];
uint64_t bitboard_byte_keys[2][8][256];
uint64_t bitboard_around[BITBOARD_CELLS];
BitboardLines bitboard_lines[BITBOARD_CELLS];
uint8_t bitboard_line_flips[8][256];

/* Row and column steps of the axes of BITBOARD_SHIFT, towards higher bits. */
static const int AXIS_STEP[4][2] = {{0, 1}, {1, 0}, {1, -1}, {1, 1}};

static uint64_t ray_of(int cell, int dr, int dc)
{
    uint64_t ray = 0;
    for (int r = cell / 8 + dr, c = cell % 8 + dc; r >= 0 && r < 8 && c >= 0 && c < 8; r += dr, c += dc)
        ray |= 1ull << (r * 8 + c);
    return ray;
}

/* Flips along a full line of 8: the opponent owns every square not in own. */
static int line_flips(int pos, unsigned own)
{
    int total = 0;
    for (int d = -1; d <= 1; d += 2) {
        int run = 0, i = pos + d;
        while (i >= 0 && i < 8 && !(own >> i & 1)) {
            run++;
            i += d;
        }
        if (i >= 0 && i < 8)
            total += run;
    }
    return total;
}

#define FILE_A 0x0101010101010101ull

/* Row, column and diagonals through x, gathered by a multiplication: a
 * row or diagonal has one square per column, so summing its bytes is
 * carry-free; the column multiplier sends row k to bit 56 + k. */
static void init_lines(int x)
{
    const int r = x / 8, c = x % 8;
    BitboardLines *l = &bitboard_lines[x];
    l->mask[0] = 0xFFull << (8 * r);
    l->mask[1] = FILE_A << c;
    l->mask[2] = ray_of(x, 1, 1) | ray_of(x, -1, -1) | 1ull << x;
    l->mask[3] = ray_of(x, 1, -1) | ray_of(x, -1, 1) | 1ull << x;
    for (int k = 0; k < 4; k++) {
        l->mult[k] = FILE_A;
        l->pos[k] = (uint8_t)c;
    }
    l->mult[1] = 0x0102040810204080ull >> c;
    l->pos[1] = (uint8_t)r;
    uint64_t around = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++)
            if ((dr || dc) && r + dr >= 0 && r + dr < 8 && c + dc >= 0 && c + dc < 8)
                around |= 1ull << ((r + dr) * 8 + c + dc);
    bitboard_around[x] = around;
}

/* Discs own would flip along a line of 8 by playing on x. */
static unsigned line_move_flips(unsigned own, unsigned opp, int x)
{
    unsigned flips = 0;
    for (int d = -1; d <= 1; d += 2) {
        unsigned run = 0;
        int i = x + d;
        while (i >= 0 && i < 8 && (opp >> i & 1)) {
            run |= 1u << i;
            i += d;
        }
        if (i >= 0 && i < 8 && (own >> i & 1))
            flips |= run;
    }
    return flips;
}

/*
 * Stable discs of an edge, [own][opp]: those that stay own whatever is
 * played on the edge's empty squares, by either side, in any order (a disc
 * on an edge is safe along its other axes, which end on the wall). Filled
 * from full edges down, each state from the states one move later.
 */
static uint8_t edge_stable[256][256];
/* A byte spread onto column A: bit k to row k. */
static uint64_t column_of_byte[256];

static void init_edges(void)
{
    for (int filled = 8; filled >= 0; filled--)
        for (unsigned own = 0; own < 256; own++)
            for (unsigned opp = 0; opp < 256; opp++) {
                if ((own & opp) || __builtin_popcount(own | opp) != (int)filled)
                    continue;
                unsigned stable = own;
                for (int x = 0; x < 8; x++) {
                    if ((own | opp) >> x & 1)
                        continue;
                    const unsigned mine = line_move_flips(own, opp, x), theirs = line_move_flips(opp, own, x);
                    stable &= edge_stable[own | mine | 1u << x][opp & ~mine];
                    stable &= edge_stable[own & ~theirs][opp | theirs | 1u << x];
                }
                edge_stable[own][opp] = (uint8_t)stable;
            }
    for (unsigned b = 0; b < 256; b++) {
        column_of_byte[b] = 0;
        for (int k = 0; k < 8; k++)
            if (b >> k & 1)
                column_of_byte[b] |= 1ull << (8 * k);
    }
}

/* Stable discs of P on the four edges. */
static uint64_t stable_edges(uint64_t P, uint64_t O)
{
    const uint64_t gather = 0x0102040810204080ull, file_a = 0x0101010101010101ull;
    uint64_t s = edge_stable[P & 0xFF][O & 0xFF];
    s |= (uint64_t)edge_stable[P >> 56][O >> 56] << 56;
    s |= column_of_byte[edge_stable[((P & file_a) * gather) >> 56][((O & file_a) * gather) >> 56]];
    s |= column_of_byte[edge_stable[((P >> 7 & file_a) * gather) >> 56][((O >> 7 & file_a) * gather) >> 56]] << 7;
    return s;
}

void bitboard_init(void)
{
    for (int x = 0; x < BITBOARD_CELLS; x++)
        for (int a = 0; a < 4; a++) {
            bitboard_rays[x][a][0] = ray_of(x, AXIS_STEP[a][0], AXIS_STEP[a][1]);
            bitboard_rays[x][a][1] = ray_of(x, -AXIS_STEP[a][0], -AXIS_STEP[a][1]);
        }
    for (int x = 0; x < BITBOARD_CELLS; x++)
        init_lines(x);
    init_edges();
    for (int pos = 0; pos < 8; pos++)
        for (unsigned own = 0; own < 256; own++)
            bitboard_line_flips[pos][own] = (uint8_t)line_flips(pos, own);
    for (int color = 0; color < 2; color++)
        for (int k = 0; k < 8; k++)
            for (int byte = 0; byte < 256; byte++) {
                uint64_t h = 0;
                for (int i = 0; i < 8; i++)
                    if (byte >> i & 1)
                        h ^= zobrist_stone(8 * k + i, color);
                bitboard_byte_keys[color][k][byte] = h;
            }
}

/* Squares whose diagonal along shift s is full: the empty squares spread
 * along it both ways, by 1, 2 and 4 steps, never wrapping round the board
 * (land_up and land_down are where a step towards higher and lower bits may
 * land). Inlined with constants, the masks of the longer steps fold. */
static inline uint64_t full_diagonals(uint64_t empty, int s, uint64_t land_up, uint64_t land_down)
{
    uint64_t up = empty, down = empty, pu = land_up, pd = land_down;
#pragma GCC unroll 3
    for (int step = s; step <= 4 * s; step *= 2) {
        up |= pu & (up << step);
        down |= pd & (down >> step);
        pu &= pu << step;
        pd &= pd >> step;
    }
    return ~(up | down);
}

#define INNER_36 0x007E7E7E7E7E7E00ull

/*
 * The fixpoint every engine uses. Edge discs come exact from the edge
 * table (a disc on an edge can only flip along it). An inner disc is
 * stable when, along each axis, its line is full or it touches a stable
 * disc of its colour; only inner discs iterate, and a position with no
 * stable disc to start from is done at once. Everything found is stable;
 * some stable discs may be missed.
 */
uint64_t bitboard_stable(uint64_t P, uint64_t O)
{
    const uint64_t filled = P | O, empty = ~filled;
    uint64_t row = filled & filled >> 4;
    row &= row >> 2;
    row &= row >> 1;
    uint64_t col = filled & filled >> 32;
    col &= col >> 16;
    col &= col >> 8;
    const uint64_t full_row = (row & 0x0101010101010101ull) * 0xFF, full_col = (col & 0xFF) * 0x0101010101010101ull;
    const uint64_t full_d7 = full_diagonals(empty, 7, 0x7F7F7F7F7F7F7F7Full, 0xFEFEFEFEFEFEFEFEull);
    const uint64_t full_d9 = full_diagonals(empty, 9, 0xFEFEFEFEFEFEFEFEull, 0x7F7F7F7F7F7F7F7Full);
    const uint64_t inner = P & INNER_36;
    uint64_t stable = stable_edges(P, O) | (inner & full_row & full_col & full_d7 & full_d9);
    if (!stable)
        return 0;
    for (;;) {
        const uint64_t next = stable | (inner & (full_row | stable << 1 | stable >> 1) &
                                        (full_col | stable << 8 | stable >> 8) &
                                        (full_d7 | stable << 7 | stable >> 7) & (full_d9 | stable << 9 | stable >> 9));
        if (next == stable)
            return stable;
        stable = next;
    }
}
