/*
 * gomoku.c - the five-in-a-row rules and the incremental board: stones,
 * line keys, patterns and threat sets, make/unmake, and the GameOps tables
 * of Gomoku (freestyle or standard by variant) and Renju.
 */
#include "gomoku.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "gomoku_eval.h"
#include "gomoku_search.h"
#include "gomoku_threat.h"
#include "renju.h"
#include "zobrist.h"

enum { GOMOKU_UNITS = 100 }; /* search units per point of outcome */

/* ------------------------------------------------------------ cell sets */

static void set_add(CellSet *s, int b)
{
    if (s->where[b] >= 0)
        return;
    s->where[b] = (int16_t)s->n;
    s->cell[s->n++] = (int16_t)b;
}

static void set_del(CellSet *s, int b)
{
    int i = s->where[b];
    if (i < 0)
        return;
    int last = s->cell[--s->n];
    s->cell[i] = (int16_t)last;
    s->where[last] = (int16_t)i;
    s->where[b] = -1;
}

static void set_clear(CellSet *s)
{
    s->n = 0;
    memset(s->where, -1, sizeof s->where);
}

static const int SET_FLAG[NSETS] = {FL_FIVE, FL_FOUR, FL_THREE};

/* Sets follow the flags of an empty cell; occupied cells are in none. */
static void sets_update(GomokuPos *p, int b, int color, int flags)
{
    for (int s = 0; s < NSETS; s++) {
        if (flags & SET_FLAG[s])
            set_add(&p->set[color][s], b);
        else
            set_del(&p->set[color][s], b);
    }
}

static int cmp_int16(const void *a, const void *b)
{
    return *(const int16_t *)a - *(const int16_t *)b;
}

int gomoku_set_sorted(const GomokuPos *p, int color, int set, int16_t *out)
{
    const CellSet *s = &p->set[color][set];
    memcpy(out, s->cell, sizeof *out * (size_t)s->n);
    qsort(out, (size_t)s->n, sizeof *out, cmp_int16);
    return s->n;
}

int gomoku_five_points(const GomokuPos *p, int color, int16_t *out)
{
    return gomoku_set_sorted(p, color, SET_FIVE, out);
}

/* ------------------------------------------------- patterns and summary */

static void summarize(GomokuPos *p, int b, int color)
{
    uint8_t flags;
    int16_t value, passive;
    gomoku_eval_cell(p->view[color], p->pat[b][color], &flags, &value, &passive);
    p->sum[color] += value - p->value[b][color];
    p->psum[color] += passive - p->passive[b][color];
    p->value[b][color] = value;
    p->passive[b][color] = passive;
    if (flags != p->flags[b][color]) {
        p->flags[b][color] = flags;
        sets_update(p, b, color, flags);
    }
}

/* The key of (b, d) changed: new patterns of the colours in `colors` (bit
 * c set: colour c may have changed), and their summaries if they moved. */
static void refresh(GomokuPos *p, int b, int d, int colors)
{
    for (int color = 0; color < 2; color++) {
        if (!(colors >> color & 1))
            continue;
        uint8_t np = (uint8_t)pattern_of(p->key[b][d], color, p->view[color]);
        if (np != p->pat[b][color][d]) {
            p->pat[b][color][d] = np;
            summarize(p, b, color);
        }
    }
}

/* Sets (place) or clears the two-bit code of b in the keys of the cells on
 * one half-line (step = +-offset; `side` 0: b is on their negative side).
 * Keys change up to PAT_HALF cells away; patterns only for a colour not
 * yet cut off from b by a stone of the other colour. */
static void update_half_line(GomokuPos *p, int b, int d, int step, int side, uint32_t code, bool place)
{
    int colors = 3;
    for (int k = 1; k <= PAT_HALF; k++) {
        const int x = b + k * step;
        const uint32_t bits = (place ? code : 3u) << (side * PAT_SIDE_BITS + 2 * (k - 1));
        if (place)
            p->key[x][d] |= bits;
        else
            p->key[x][d] &= ~bits;
        const int v = p->box[x];
        if (v == CELL_EMPTY)
            refresh(p, x, d, colors);
        else if (v == GOMOKU_WALL)
            return;
        else
            colors &= v; /* a black stone (1) cuts white off, white (2) black */
    }
}

static void update_lines(GomokuPos *p, int b, uint32_t code, bool place)
{
    for (int d = 0; d < 4; d++) {
        update_half_line(p, b, d, p->dir[d], 0, code, place);
        update_half_line(p, b, d, -p->dir[d], 1, code, place);
    }
}

static void update_near(GomokuPos *p, int b, int delta)
{
    for (int dr = -GOMOKU_NEAR; dr <= GOMOKU_NEAR; dr++)
        for (int dc = -GOMOKU_NEAR; dc <= GOMOKU_NEAR; dc++)
            p->near[b + dr * p->width + dc] += (int16_t)delta;
}

void gomoku_put(GomokuPos *p, int b, int color)
{
    assert(p->box[b] == CELL_EMPTY);
    p->box[b] = (int8_t)(color + 1);
    for (int c = 0; c < 2; c++) {
        p->sum[c] -= p->value[b][c];
        p->psum[c] -= p->passive[b][c];
        sets_update(p, b, c, 0);
    }
    update_lines(p, b, (uint32_t)(color + 1), true);
    update_near(p, b, 1);
    p->stones++;
    p->hash ^= zobrist_stone(gomoku_cell(p, b), color);
}

void gomoku_remove(GomokuPos *p, int b)
{
    const int color = p->box[b] - 1;
    assert(color == BLACK || color == WHITE);
    p->box[b] = CELL_EMPTY;
    update_lines(p, b, 0, false);
    update_near(p, b, -1);
    /* The patterns of b were frozen while it was occupied, and every stone
     * placed since is gone again: they are current once more. */
    for (int c = 0; c < 2; c++) {
        for (int d = 0; d < 4; d++)
            assert(p->pat[b][c][d] == (uint8_t)pattern_of(p->key[b][d], c, p->view[c]));
        p->sum[c] += p->value[b][c];
        p->psum[c] += p->passive[b][c];
        sets_update(p, b, c, p->flags[b][c]);
    }
    p->stones--;
    p->hash ^= zobrist_stone(gomoku_cell(p, b), color);
}

/* ------------------------------------------------------- board set-up */

static uint32_t key_from_box(const GomokuPos *p, int b, int d)
{
    uint32_t key = 0;
    for (int k = 1; k <= PAT_HALF; k++) {
        int before = b - k * p->dir[d], after = b + k * p->dir[d];
        key |= (uint32_t)p->box[before] << (2 * (k - 1));
        key |= (uint32_t)p->box[after] << (PAT_SIDE_BITS + 2 * (k - 1));
    }
    return key;
}

/* The empty board from scratch: every line pattern of every cell. */
static void compute_empty_board(GomokuPos *p)
{
    memset(p->box, GOMOKU_WALL, sizeof p->box);
    memset(p->key, 0, sizeof p->key);
    memset(p->pat, 0, sizeof p->pat);
    memset(p->flags, 0, sizeof p->flags);
    memset(p->value, 0, sizeof p->value);
    memset(p->passive, 0, sizeof p->passive);
    memset(p->near, 0, sizeof p->near);
    for (int c = 0; c < 2; c++)
        for (int s = 0; s < NSETS; s++)
            set_clear(&p->set[c][s]);
    const int n = p->size;
    for (int c = 0; c < n * n; c++)
        p->box[gomoku_box(p, c)] = CELL_EMPTY;
    p->sum[0] = p->sum[1] = p->psum[0] = p->psum[1] = 0;
    for (int c = 0; c < n * n; c++) {
        int b = gomoku_box(p, c);
        for (int d = 0; d < 4; d++) {
            p->key[b][d] = key_from_box(p, b, d);
            for (int color = 0; color < 2; color++)
                p->pat[b][color][d] = (uint8_t)pattern_of(p->key[b][d], color, p->view[color]);
        }
        summarize(p, b, BLACK);
        summarize(p, b, WHITE);
    }
    p->side = BLACK;
    p->stones = 0;
    p->winner = -1;
    p->hash = 0;
    p->nundo = 0;
}

/* Back to the empty board: a copy of the one computed at creation, which is
 * much cheaper than recomputing every pattern (clear_board, set-ups). */
static void clear_board(GomokuPos *p)
{
    if (!p->empty) {
        compute_empty_board(p);
        return;
    }
    GomokuUndo *undo = p->undo;
    GomokuThreat *threat = p->threat;
    GomokuPos *empty = p->empty;
    memcpy(p, empty, sizeof *p);
    p->undo = undo;
    p->threat = threat;
    p->empty = empty;
}

static bool size_ok(int size) { return size >= GOMOKU_MIN_SIZE && size <= GOMOKU_MAX_SIZE; }

static void *create_rule(int size, int rule)
{
    pattern_init();
    GomokuPos *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->size = size;
    p->width = size + 2 * GOMOKU_PAD;
    p->rule = rule;
    const int w = p->width;
    const int dirs[4] = {1, w, w + 1, w - 1};
    memcpy(p->dir, dirs, sizeof dirs);
    p->view[BLACK] = rule == RULE_FREESTYLE ? VIEW_FREE : rule == RULE_STANDARD ? VIEW_EXACT : VIEW_RENJU_BLACK;
    p->view[WHITE] = rule == RULE_STANDARD ? VIEW_EXACT : VIEW_FREE;
    p->undo = malloc(sizeof *p->undo * GOMOKU_UNDO_CAP);
    GomokuPos *empty = malloc(sizeof *empty);
    if (!p->undo || !empty) {
        free(p->undo);
        free(empty);
        free(p);
        return NULL;
    }
    compute_empty_board(p);
    memcpy(empty, p, sizeof *empty);
    p->empty = empty;
    return p;
}

static void *gomoku_create(int size, int variant)
{
    assert(size_ok(size));
    return create_rule(size, variant == RULE_STANDARD ? RULE_STANDARD : RULE_FREESTYLE);
}

static void *renju_create(int size, int variant)
{
    (void)variant;
    assert(size_ok(size));
    return create_rule(size, RULE_RENJU);
}

static void gomoku_destroy(void *vp)
{
    GomokuPos *p = vp;
    if (!p)
        return;
    gomoku_threat_destroy(p->threat);
    free(p->undo);
    free(p->empty);
    free(p);
}

static void gomoku_reset(void *vp)
{
    GomokuPos *p = vp;
    clear_board(p);
    gomoku_threat_clear(p->threat);
}

/* The stone on b is part of a winning five of its colour. */
static bool stone_in_five(const GomokuPos *p, int b)
{
    const int v = p->box[b];
    for (int d = 0; d < 4; d++) {
        int n = 1;
        for (int x = b + p->dir[d]; p->box[x] == v; x += p->dir[d])
            n++;
        for (int x = b - p->dir[d]; p->box[x] == v; x -= p->dir[d])
            n++;
        if (p->view[v - 1] == VIEW_FREE ? n >= 5 : n == 5)
            return true;
    }
    return false;
}

/* Who has a five on the board: BLACK, WHITE, -1 none, -2 both. */
static int board_winner(const GomokuPos *p)
{
    int w = -1;
    for (int c = 0; c < p->size * p->size; c++) {
        int b = gomoku_box(p, c);
        if (p->box[b] != CELL_EMPTY && stone_in_five(p, b)) {
            int color = p->box[b] - 1;
            if (w >= 0 && w != color)
                return -2;
            w = color;
        }
    }
    return w;
}

static bool gomoku_setup(void *vp, const int8_t *cells, int side)
{
    GomokuPos *p = vp;
    const int n = p->size;
    if (side != BLACK && side != WHITE)
        return false;
    for (int c = 0; c < n * n; c++)
        if (cells[c] != CELL_EMPTY && cells[c] != CELL_BLACK && cells[c] != CELL_WHITE)
            return false;
    GomokuPos *q = malloc(sizeof *q); /* check on a copy: refuse atomically */
    if (!q)
        return false;
    *q = *p;
    clear_board(q);
    for (int c = 0; c < n * n; c++)
        if (cells[c] != CELL_EMPTY)
            gomoku_put(q, gomoku_box(q, c), cells[c] - 1);
    int w = board_winner(q);
    bool ok = w != -2;
    if (ok) {
        q->winner = w;
        if (side == WHITE)
            q->hash ^= zobrist_side();
        q->side = side;
        *p = *q;
        gomoku_threat_clear(p->threat);
    }
    free(q);
    return ok;
}

/* ------------------------------------------------------ moves and rules */

bool gomoku_can_play(GomokuPos *p, int b, int color)
{
    if (p->box[b] != CELL_EMPTY)
        return false;
    return !(color == BLACK && p->rule == RULE_RENJU && renju_forbidden(p, b));
}

void gomoku_make(GomokuPos *p, int b)
{
    assert(p->nundo < GOMOKU_UNDO_CAP);
    GomokuUndo *u = &p->undo[p->nundo++];
    u->box = (int16_t)b;
    u->winner = (int8_t)p->winner;
    if (b >= 0) {
        if (gomoku_has(p, b, p->side, FL_FIVE))
            p->winner = p->side;
        gomoku_put(p, b, p->side);
    }
    p->side ^= 1;
    p->hash ^= zobrist_side();
}

void gomoku_unmake(GomokuPos *p)
{
    assert(p->nundo > 0);
    const GomokuUndo *u = &p->undo[--p->nundo];
    if (u->box >= 0)
        gomoku_remove(p, u->box);
    p->side ^= 1;
    p->hash ^= zobrist_side();
    p->winner = u->winner;
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
        if (gomoku_can_play(p, gomoku_box(p, c), BLACK))
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
        if (gomoku_can_play(p, gomoku_box(p, c), p->side))
            out[n++] = c;
    return n;
}

static bool gomoku_is_legal(void *vp, Move m)
{
    GomokuPos *p = vp;
    if (m < 0 || m >= p->size * p->size || p->winner >= 0)
        return false;
    return gomoku_can_play(p, gomoku_box(p, m), p->side);
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

static int ops_search_moves(void *vp, Move *out) { return gomoku_search_moves(vp, out); }

static bool ops_solve(void *vp, SearchCtx *ctx, int depth, int alpha, int beta, int *score, Move *best)
{
    return gomoku_search_solve(vp, ctx, depth, alpha, beta, score, best);
}

#define FIVE_IN_A_ROW_OPS                       \
    .sgf_gm = 4,                                \
    .coords = COORDS_GO,                        \
    .free_order = true,                         \
    .destroy = gomoku_destroy,                  \
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
    .gen_search_moves = ops_search_moves

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
