/*
 * othello8.c - the rules of the 8x8 bitboard backend and its perft;
 * othello8_ops.c assembles them with the evaluation and the solver.
 *
 * A move is applied by or-ing its flip mask in and undone by or-ing it out;
 * the undo record keeps the mask and the previous hash. The search's hot
 * paths (evaluation, ordering, exact solving) live in othello8_pattern.c,
 * othello8_search.c and othello8_solve.c and work on the masks directly.
 */
#include "othello8.h"

#include <assert.h>
#include <stdlib.h>

#include "bitboard.h"
#include "zobrist.h"

#define START_BLACK 0x0000000810000000ull /* E4 D5 */
#define START_WHITE 0x0000001008000000ull /* D4 E5 */

uint64_t othello8_full_hash(const Othello8Pos *p)
{
    return bitboard_hash(p->discs[BLACK], p->discs[WHITE], p->side == WHITE, zobrist_side());
}

static void check(const Othello8Pos *p)
{
    assert((p->discs[BLACK] & p->discs[WHITE]) == 0);
    assert(p->hash == othello8_full_hash(p));
    (void)p;
}

static void set_discs(Othello8Pos *p, uint64_t black, uint64_t white, int side)
{
    p->discs[BLACK] = black;
    p->discs[WHITE] = white;
    p->side = side;
    p->nundo = 0;
    p->hash = othello8_full_hash(p);
}

void othello8_start(Othello8Pos *p) { set_discs(p, START_BLACK, START_WHITE, BLACK); }

bool othello8_load(Othello8Pos *p, const int8_t *cells, int side)
{
    uint64_t disc[2] = {0, 0};
    for (int c = 0; c < 64; c++) {
        if (cells[c] == CELL_BLACK || cells[c] == CELL_WHITE)
            disc[cells[c] - 1] |= 1ull << c;
        else if (cells[c] != CELL_EMPTY)
            return false;
    }
    if (side != BLACK && side != WHITE)
        return false;
    set_discs(p, disc[BLACK], disc[WHITE], side);
    return true;
}

int othello8_size(const void *vp)
{
    (void)vp;
    return 8;
}

int othello8_cell(const void *vp, int cell)
{
    const Othello8Pos *p = vp;
    const uint64_t bit = 1ull << cell;
    return p->discs[BLACK] & bit ? CELL_BLACK : p->discs[WHITE] & bit ? CELL_WHITE : CELL_EMPTY;
}

int othello8_side(const void *vp) { return ((const Othello8Pos *)vp)->side; }

int othello8_gen_moves(void *vp, Move *out)
{
    const Othello8Pos *p = vp;
    const uint64_t P = othello8_player(p), O = othello8_opponent(p);
    uint64_t moves = bitboard_moves(P, O);
    int n = 0;
    for (; moves; moves &= moves - 1)
        out[n++] = bitboard_first(moves);
    if (n == 0 && bitboard_moves(O, P))
        out[n++] = MOVE_PASS;
    return n;
}

bool othello8_game_over(void *vp)
{
    const Othello8Pos *p = vp;
    return !bitboard_moves(p->discs[BLACK], p->discs[WHITE]) &&
           !bitboard_moves(p->discs[WHITE], p->discs[BLACK]);
}

bool othello8_is_legal(void *vp, Move m)
{
    const Othello8Pos *p = vp;
    const uint64_t P = othello8_player(p), O = othello8_opponent(p), moves = bitboard_moves(P, O);
    if (m == MOVE_PASS)
        return !moves && bitboard_moves(O, P);
    return m >= 0 && m < 64 && (moves >> m & 1);
}

/* Hash change of turning the discs of flips over. */
static uint64_t flip_keys(uint64_t flips)
{
    uint64_t h = 0;
    for (int k = 0; k < 8; k++) {
        const unsigned byte = (unsigned)(flips >> (8 * k)) & 0xFF;
        h ^= bitboard_byte_keys[BLACK][k][byte] ^ bitboard_byte_keys[WHITE][k][byte];
    }
    return h;
}

void othello8_make(void *vp, Move m)
{
    Othello8Pos *p = vp;
    assert(p->nundo < MAX_GAME_PLY + MAX_PLY);
    Othello8Undo *u = &p->undo[p->nundo++];
    const int me = p->side;
    u->move = m;
    u->hash = p->hash;
    u->flips = 0;
    if (m != MOVE_PASS) {
        assert(m >= 0 && m < 64 && !((p->discs[0] | p->discs[1]) >> m & 1));
        u->flips = bitboard_flips(p->discs[me], p->discs[me ^ 1], m);
        assert(u->flips);
        p->discs[me] |= u->flips | 1ull << m;
        p->discs[me ^ 1] ^= u->flips;
        p->hash ^= flip_keys(u->flips) ^ zobrist_stone(m, me);
    }
    p->side = me ^ 1;
    p->hash ^= zobrist_side();
    check(p);
}

void othello8_unmake(void *vp)
{
    Othello8Pos *p = vp;
    assert(p->nundo > 0);
    const Othello8Undo *u = &p->undo[--p->nundo];
    const int me = p->side ^ 1;
    if (u->move != MOVE_PASS) {
        p->discs[me] ^= u->flips | 1ull << u->move;
        p->discs[me ^ 1] |= u->flips;
    }
    p->side = me;
    p->hash = u->hash;
    check(p);
}

int othello8_outcome(void *vp)
{
    const Othello8Pos *p = vp;
    return othello8_final(bitboard_count(p->discs[BLACK]), bitboard_count(p->discs[WHITE]));
}

uint64_t othello8_hash(const void *vp) { return ((const Othello8Pos *)vp)->hash; }
int othello8_plies(const void *vp) { return ((const Othello8Pos *)vp)->nundo; }

int othello8_final_score(void *vp)
{
    const Othello8Pos *p = vp;
    return OTHELLO8_UNITS * othello8_final(bitboard_count(othello8_player(p)), bitboard_count(othello8_opponent(p)));
}

int othello8_moves_left(void *vp)
{
    const Othello8Pos *p = vp;
    return (64 - bitboard_count(p->discs[BLACK] | p->discs[WHITE]) + 1) / 2;
}

/* ----------------------------------------------------------------- perft */

static uint64_t perft_bits(uint64_t P, uint64_t O, int depth)
{
    uint64_t moves = bitboard_moves(P, O);
    if (depth == 1)
        return moves ? (uint64_t)bitboard_count(moves) : 1; /* a pass or the end */
    if (!moves)
        return bitboard_moves(O, P) ? perft_bits(O, P, depth - 1) : 1;
    uint64_t total = 0;
    for (; moves; moves &= moves - 1) {
        const int x = bitboard_first(moves);
        const uint64_t flips = bitboard_flips(P, O, x);
        total += perft_bits(O ^ flips, P | flips | 1ull << x, depth - 1);
    }
    return total;
}

uint64_t othello8_perft(void *vp, int depth)
{
    const Othello8Pos *p = vp;
    return depth <= 0 ? 1 : perft_bits(othello8_player(p), othello8_opponent(p), depth);
}
