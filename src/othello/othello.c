/*
 * othello.c - generic Othello rules for every even size 4..24.
 *
 * One direction table and one loop do all the walking. This backend is the
 * one every board size can use; the 8x8 game may be served by a faster one,
 * and this file then doubles as its cross-check. othello_ops.c puts these
 * functions, the evaluation and the search hooks together as a GameOps.
 */
#include "othello.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "zobrist.h"

bool othello_size_ok(int size)
{
    return size >= OTHELLO_MIN_SIZE && size <= OTHELLO_MAX_SIZE && size % 2 == 0;
}

static int stone_of(int color) { return color + 1; }

/* Flips along one direction from b, or 0 when the line is not closed. */
static int flips_in_dir(const OthelloPos *p, int b, int d, int own, int opp)
{
    int n = 0, x = b + d;
    while (p->box[x] == opp) {
        x += d;
        n++;
    }
    return (n > 0 && p->box[x] == own) ? n : 0;
}

int othello_count_flips(const OthelloPos *p, int b, int color)
{
    if (p->box[b] != CELL_EMPTY)
        return 0;
    int own = stone_of(color), opp = stone_of(color_other(color)), n = 0;
    for (int i = 0; i < 8; i++)
        n += flips_in_dir(p, b, p->dir[i], own, opp);
    return n;
}

static bool can_play(const OthelloPos *p, int b, int color)
{
    if (p->box[b] != CELL_EMPTY)
        return false;
    int own = stone_of(color), opp = stone_of(color_other(color));
    for (int i = 0; i < 8; i++)
        if (flips_in_dir(p, b, p->dir[i], own, opp))
            return true;
    return false;
}

static int first_box(const OthelloPos *p) { return p->width; }
static int last_box(const OthelloPos *p) { return (p->size + 1) * p->width; }

int othello_mobility(const OthelloPos *p, int color)
{
    int n = 0;
    for (int b = first_box(p); b < last_box(p); b++)
        n += can_play(p, b, color);
    return n;
}

static bool has_move(const OthelloPos *p, int color)
{
    for (int b = first_box(p); b < last_box(p); b++)
        if (can_play(p, b, color))
            return true;
    return false;
}

static void clear_box(OthelloPos *p)
{
    memset(p->box, OTHELLO_BORDER, sizeof p->box);
    for (int c = 0; c < p->size * p->size; c++)
        p->box[othello_box(p, c)] = CELL_EMPTY;
    p->discs[BLACK] = p->discs[WHITE] = 0;
    p->hash = 0;
    p->nundo = 0;
}

static void put_disc(OthelloPos *p, int cell, int color)
{
    p->box[othello_box(p, cell)] = (int8_t)stone_of(color);
    p->discs[color]++;
    p->hash ^= zobrist_stone(cell, color);
}

static void set_side(OthelloPos *p, int side)
{
    if (side != p->side)
        p->hash ^= zobrist_side();
    p->side = side;
}

void othello_reset(void *vp)
{
    OthelloPos *p = vp;
    int n = p->size, m = n / 2;
    clear_box(p);
    p->side = BLACK;
    put_disc(p, (m - 1) * n + m - 1, WHITE);
    put_disc(p, m * n + m, WHITE);
    put_disc(p, (m - 1) * n + m, BLACK);
    put_disc(p, m * n + m - 1, BLACK);
}

void *othello_create(int size, int variant)
{
    (void)variant;
    assert(othello_size_ok(size));
    OthelloPos *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->size = size;
    p->width = size + 1;
    const int w = p->width;
    const int dirs[8] = {1, -1, w, -w, w + 1, w - 1, -w + 1, -w - 1};
    memcpy(p->dir, dirs, sizeof dirs);
    /* A move flips at most size-2 discs in each direction. */
    p->flip_cap = (MAX_GAME_PLY + MAX_PLY) * 8 * (size - 2);
    p->undo = malloc(sizeof *p->undo * (MAX_GAME_PLY + MAX_PLY));
    p->flips = malloc(sizeof *p->flips * (size_t)p->flip_cap);
    if (!p->undo || !p->flips) {
        free(p->undo);
        free(p->flips);
        free(p);
        return NULL;
    }
    othello_reset(p);
    return p;
}

void *othello_clone(const void *vp)
{
    const OthelloPos *p = vp;
    OthelloPos *q = othello_create(p->size, 0);
    if (!q)
        return NULL;
    OthelloUndo *undo = q->undo;
    int16_t *flips = q->flips;
    *q = *p;
    q->undo = undo;
    q->flips = flips;
    memcpy(q->undo, p->undo, sizeof *q->undo * (MAX_GAME_PLY + MAX_PLY));
    memcpy(q->flips, p->flips, sizeof *q->flips * (size_t)p->flip_cap);
    return q;
}

void othello_destroy(void *vp)
{
    OthelloPos *p = vp;
    if (!p)
        return;
    free(p->undo);
    free(p->flips);
    free(p);
}

bool othello_setup(void *vp, const int8_t *cells, int side)
{
    OthelloPos *p = vp;
    for (int c = 0; c < p->size * p->size; c++)
        if (cells[c] != CELL_EMPTY && cells[c] != CELL_BLACK && cells[c] != CELL_WHITE)
            return false;
    if (side != BLACK && side != WHITE)
        return false;
    clear_box(p);
    p->side = BLACK;
    for (int c = 0; c < p->size * p->size; c++)
        if (cells[c] != CELL_EMPTY)
            put_disc(p, c, cells[c] - 1);
    set_side(p, side);
    return true;
}

int othello_size(const void *vp) { return ((const OthelloPos *)vp)->size; }

int othello_cell_at(const void *vp, int cell)
{
    const OthelloPos *p = vp;
    return p->box[othello_box(p, cell)];
}

int othello_side(const void *vp) { return ((const OthelloPos *)vp)->side; }

int othello_gen_moves(void *vp, Move *out)
{
    const OthelloPos *p = vp;
    int n = 0;
    for (int b = first_box(p); b < last_box(p); b++)
        if (can_play(p, b, p->side))
            out[n++] = othello_cell(p, b);
    if (n == 0 && has_move(p, color_other(p->side)))
        out[n++] = MOVE_PASS;
    return n;
}

bool othello_game_over(void *vp)
{
    const OthelloPos *p = vp;
    return !has_move(p, p->side) && !has_move(p, color_other(p->side));
}

bool othello_is_legal(void *vp, Move m)
{
    const OthelloPos *p = vp;
    if (m == MOVE_PASS)
        return !has_move(p, p->side) && has_move(p, color_other(p->side));
    if (m < 0 || m >= p->size * p->size)
        return false;
    return can_play(p, othello_box(p, m), p->side);
}

static void push_undo(OthelloPos *p, Move m)
{
    assert(p->nundo < MAX_GAME_PLY + MAX_PLY);
    OthelloUndo *u = &p->undo[p->nundo++];
    u->move = m;
    u->flip_base = p->nundo > 1 ? p->undo[p->nundo - 2].flip_base + p->undo[p->nundo - 2].nflips : 0;
    u->nflips = 0;
    u->hash = p->hash;
}

void othello_make(void *vp, Move m)
{
    OthelloPos *p = vp;
    push_undo(p, m);
    OthelloUndo *u = &p->undo[p->nundo - 1];
    const int me = p->side, opp = color_other(me);
    if (m != MOVE_PASS) {
        const int b = othello_box(p, m);
        assert(p->box[b] == CELL_EMPTY);
        for (int i = 0; i < 8; i++) {
            const int d = p->dir[i];
            int n = flips_in_dir(p, b, d, stone_of(me), stone_of(opp));
            for (int x = b + d; n > 0; x += d, n--) {
                assert(u->flip_base + u->nflips < p->flip_cap);
                p->flips[u->flip_base + u->nflips++] = (int16_t)x;
                p->box[x] = (int8_t)stone_of(me);
                int c = othello_cell(p, x);
                p->hash ^= zobrist_stone(c, me) ^ zobrist_stone(c, opp);
            }
        }
        assert(u->nflips > 0);
        p->discs[me] += u->nflips;
        p->discs[opp] -= u->nflips;
        put_disc(p, m, me);
    }
    p->side = opp;
    p->hash ^= zobrist_side();
}

void othello_unmake(void *vp)
{
    OthelloPos *p = vp;
    assert(p->nundo > 0);
    const OthelloUndo *u = &p->undo[--p->nundo];
    const int me = color_other(p->side), opp = p->side;
    if (u->move != MOVE_PASS) {
        p->box[othello_box(p, u->move)] = CELL_EMPTY;
        p->discs[me] -= 1 + u->nflips;
        p->discs[opp] += u->nflips;
        for (int i = 0; i < u->nflips; i++)
            p->box[p->flips[u->flip_base + i]] = (int8_t)stone_of(opp);
    }
    p->side = me;
    p->hash = u->hash;
}

int othello_outcome(void *vp)
{
    const OthelloPos *p = vp;
    int b = p->discs[BLACK], w = p->discs[WHITE];
    int empties = p->size * p->size - b - w;
    if (b > w)
        b += empties;
    else if (w > b)
        w += empties;
    return b - w;
}

uint64_t othello_hash(const void *vp) { return ((const OthelloPos *)vp)->hash; }
int othello_plies(const void *vp) { return ((const OthelloPos *)vp)->nundo; }

int othello_final_score(void *vp)
{
    const OthelloPos *p = vp;
    int s = othello_outcome(vp) * OTHELLO_UNITS;
    return p->side == BLACK ? s : -s;
}

int othello_moves_left(void *vp)
{
    const OthelloPos *p = vp;
    int empties = p->size * p->size - p->discs[BLACK] - p->discs[WHITE];
    return (empties + 1) / 2;
}
