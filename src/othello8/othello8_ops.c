/*
 * othello8_ops.c - the GameOps of the 8x8 bitboard backend: the top of its
 * chain (bitboards, rules, pattern evaluation, search knobs, solver, then
 * this table). It owns what a position keeps beside its discs: the
 * solver's table, emptied whenever the position is set anew.
 */
#include "othello8_ops.h"

#include <assert.h>
#include <stdlib.h>

#include "othello8.h"
#include "othello8_book.h"
#include "othello8_pattern.h"
#include "othello8_search.h"
#include "othello8_solve.h"

static bool size_ok(int size) { return size == 8; }

const GameOps *othello8_special(int size) { return size == 8 ? &othello8_ops : NULL; }

static void reset(void *vp)
{
    Othello8Pos *p = vp;
    othello8_start(p);
    othello8_table_clear(p->solve_table);
}

static void *create(int size, int variant)
{
    (void)variant;
    assert(size == 8);
    (void)size;
    Othello8Pos *p = malloc(sizeof *p);
    if (!p)
        return NULL;
    p->solve_table = NULL;
    reset(p);
    return p;
}

static void *clone(const void *vp)
{
    Othello8Pos *p = malloc(sizeof *p);
    if (!p)
        return NULL;
    *p = *(const Othello8Pos *)vp;
    p->solve_table = NULL; /* each thread's solves have a table of their own */
    return p;
}

static void destroy(void *vp)
{
    Othello8Pos *p = vp;
    if (p)
        othello8_table_free(p->solve_table);
    free(p);
}

static bool setup(void *vp, const int8_t *cells, int side)
{
    Othello8Pos *p = vp;
    if (!othello8_load(p, cells, side))
        return false;
    othello8_table_clear(p->solve_table);
    return true;
}

static int evaluate(void *vp)
{
    const Othello8Pos *p = vp;
    return o8p_eval(othello8_player(p), othello8_opponent(p));
}

static void score_moves(void *vp, const Move *moves, int n, int *scores)
{
    const Othello8Pos *p = vp;
    othello8_order(othello8_player(p), othello8_opponent(p), moves, n, scores);
}

static int units(void) { return OTHELLO8_UNITS; }

/* Book moves within this many hundredths of a disc of the best are played
 * as often as the best. */
enum { BOOK_MARGIN = 100 };

static Move book_move(void *vp, uint64_t *rng)
{
    const Othello8Pos *p = vp;
    return o8b_choose(othello8_player(p), othello8_opponent(p), BOOK_MARGIN, rng);
}

const GameOps othello8_ops = {
    .name = "Othello",
    .sgf_gm = 2,
    .min_size = 8,
    .max_size = 8,
    .default_size = 8,
    .coords = COORDS_OTHELLO,
    .free_order = false,
    .size_ok = size_ok,
    .create = create,
    .destroy = destroy,
    .clone = clone,
    .reset = reset,
    .setup = setup,
    .size = othello8_size,
    .cell = othello8_cell,
    .side_to_move = othello8_side,
    .gen_moves = othello8_gen_moves,
    .is_legal = othello8_is_legal,
    .make = othello8_make,
    .unmake = othello8_unmake,
    .game_over = othello8_game_over,
    .outcome = othello8_outcome,
    .hash = othello8_hash,
    .plies = othello8_plies,
    .evaluate = evaluate,
    .final_score = othello8_final_score,
    .score_moves = score_moves,
    .solve = othello8_solve,
    .perft = othello8_perft,
    .moves_left = othello8_moves_left,
    .score_units = units,
    .tuning = &othello8_tuning,
    .solve_depth = othello8_solve_depth,
    .book_move = book_move,
};
