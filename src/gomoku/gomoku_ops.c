/*
 * gomoku_ops.c - the GameOps tables of Gomoku (freestyle or standard by
 * variant) and Renju: the top of five-in-a-row's chain (patterns and rule
 * flags, weights, board, Renju's forbidden points, evaluation, threat
 * search, search hook, then these tables). They own the threat search's
 * workspace of a position, cleared whenever the position is set anew.
 */
#include "gomoku_ops.h"

#include <assert.h>

#include "gomoku.h"
#include "gomoku_ab.h"
#include "gomoku_eval.h"
#include "gomoku_search.h"
#include "gomoku_threat.h"
#include "renju.h"

enum { GOMOKU_UNITS = 100 }; /* search units per point of outcome */

static bool size_ok(int size) { return size >= GOMOKU_MIN_SIZE && size <= GOMOKU_MAX_SIZE; }

static void *gomoku_create(int size, int variant)
{
    assert(size_ok(size));
    return gomoku_new(size, variant == RULE_STANDARD ? RULE_STANDARD : RULE_FREESTYLE);
}

static void *renju_create(int size, int variant)
{
    (void)variant;
    assert(size_ok(size));
    return gomoku_new(size, RULE_RENJU);
}

static void *gomoku_clone(const void *vp) { return gomoku_copy(vp); }

static void gomoku_destroy(void *vp)
{
    GomokuPos *p = vp;
    if (!p)
        return;
    gomoku_threat_destroy(p->threat);
    gomoku_free(p);
}

/* The threat search's cache belongs to the position it was filled on. */
static void gomoku_reset(void *vp)
{
    GomokuPos *p = vp;
    gomoku_clear(p);
    gomoku_threat_clear(p->threat);
}

static bool gomoku_setup(void *vp, const int8_t *cells, int side)
{
    GomokuPos *p = vp;
    if (!gomoku_load(p, cells, side))
        return false;
    gomoku_threat_clear(p->threat);
    return true;
}

static void ops_make(void *vp, Move m)
{
    GomokuPos *p = vp;
    gomoku_make(p, m == MOVE_PASS ? -1 : gomoku_box(p, m));
}

static void ops_unmake(void *vp) { gomoku_unmake(vp); }

static bool board_full(const GomokuPos *p) { return p->stones == p->size * p->size; }

/* Renju black may find every empty point forbidden: nothing left to play. */
static bool no_legal_move(GomokuPos *p)
{
    if (p->rule != RULE_RENJU || p->side != BLACK)
        return board_full(p);
    for (int c = 0; c < p->size * p->size; c++)
        if (renju_can_play(p, gomoku_box(p, c), BLACK))
            return false;
    return true;
}

static bool gomoku_game_over(void *vp)
{
    GomokuPos *p = vp;
    return p->winner >= 0 || no_legal_move(p);
}

static int gomoku_gen_moves(void *vp, Move *out)
{
    GomokuPos *p = vp;
    int n = 0;
    if (p->winner >= 0)
        return 0;
    for (int c = 0; c < p->size * p->size; c++)
        if (renju_can_play(p, gomoku_box(p, c), p->side))
            out[n++] = c;
    return n;
}

static bool gomoku_is_legal(void *vp, Move m)
{
    GomokuPos *p = vp;
    if (m < 0 || m >= p->size * p->size || p->winner >= 0)
        return false;
    return renju_can_play(p, gomoku_box(p, m), p->side);
}

static int gomoku_outcome(void *vp)
{
    const GomokuPos *p = vp;
    return p->winner == BLACK ? 1 : p->winner == WHITE ? -1 : 0;
}

static int gomoku_final_score(void *vp)
{
    const GomokuPos *p = vp;
    if (p->winner < 0)
        return 0;
    return p->winner == p->side ? SCORE_WIN : -SCORE_WIN;
}

static int gomoku_size(const void *vp) { return ((const GomokuPos *)vp)->size; }

static int gomoku_cell_at(const void *vp, int cell)
{
    const GomokuPos *p = vp;
    return p->box[gomoku_box(p, cell)];
}

static int gomoku_side(const void *vp) { return ((const GomokuPos *)vp)->side; }
static uint64_t gomoku_hash(const void *vp) { return ((const GomokuPos *)vp)->hash; }
static int gomoku_plies(const void *vp) { return ((const GomokuPos *)vp)->nundo; }

/* Own moves still to come, for the clock: games are decided early. */
static int gomoku_moves_left(void *vp)
{
    const GomokuPos *p = vp;
    int left = 30 - p->stones / 4;
    int room = (p->size * p->size - p->stones + 1) / 2;
    if (left < 10)
        left = 10;
    return left < room ? left : room;
}

static int gomoku_units(void) { return GOMOKU_UNITS; }
static int ops_evaluate(void *vp) { return gomoku_evaluate(vp); }

static void ops_score_moves(void *vp, const Move *moves, int n, int *keys)
{
    gomoku_score_moves(vp, moves, n, keys);
}

static int ops_search_moves(void *vp, Move *out) { return gomoku_root_moves(vp, out); }

static bool ops_refuted(void *vp, SearchCtx *ctx, Move m, uint64_t nodes, int64_t deadline_ns)
{
    return gomoku_search_refuted(vp, ctx, m, nodes, deadline_ns);
}

static int ops_alphabeta(void *vp, SearchCtx *ctx, int depth, int alpha, int beta)
{
    return gomoku_alphabeta(vp, ctx, depth, alpha, beta);
}

static bool ops_solve(void *vp, SearchCtx *ctx, int depth, int alpha, int beta, int *score, Move *best)
{
    return gomoku_search_solve(vp, ctx, depth, alpha, beta, score, best);
}

#define FIVE_IN_A_ROW_OPS                       \
    .sgf_gm = 4,                                \
    .coords = COORDS_GO,                        \
    .free_order = true,                         \
    .destroy = gomoku_destroy,                  \
    .clone = gomoku_clone,                      \
    .reset = gomoku_reset,                      \
    .setup = gomoku_setup,                      \
    .size = gomoku_size,                        \
    .cell = gomoku_cell_at,                     \
    .side_to_move = gomoku_side,                \
    .gen_moves = gomoku_gen_moves,              \
    .is_legal = gomoku_is_legal,                \
    .make = ops_make,                           \
    .unmake = ops_unmake,                       \
    .game_over = gomoku_game_over,              \
    .outcome = gomoku_outcome,                  \
    .hash = gomoku_hash,                        \
    .plies = gomoku_plies,                      \
    .evaluate = ops_evaluate,                   \
    .final_score = gomoku_final_score,          \
    .score_moves = ops_score_moves,             \
    .solve = ops_solve,                         \
    .perft = NULL,                              \
    .moves_left = gomoku_moves_left,            \
    .score_units = gomoku_units,                \
    .gen_search_moves = ops_search_moves,       \
    .alphabeta = ops_alphabeta,                 \
    .refuted = ops_refuted

const GameOps gomoku_ops = {
    .name = "Gomoku",
    .min_size = GOMOKU_MIN_SIZE,
    .max_size = GOMOKU_MAX_SIZE,
    .default_size = GOMOKU_DEFAULT_SIZE,
    .size_ok = size_ok,
    .create = gomoku_create,
    FIVE_IN_A_ROW_OPS,
};

/* The RIF rules are written for 15x15, but nothing in them depends on the
 * size: Renju is played on every size Gomoku is, as Yixin-Board and Rapfi
 * offer it (15x15 stays the default). */
const GameOps renju_ops = {
    .name = "Renju",
    .min_size = GOMOKU_MIN_SIZE,
    .max_size = GOMOKU_MAX_SIZE,
    .default_size = RENJU_SIZE,
    .size_ok = size_ok,
    .create = renju_create,
    FIVE_IN_A_ROW_OPS,
};
