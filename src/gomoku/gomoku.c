/*
 * gomoku.c - the five-in-a-row board, kept incrementally: stones, line
 * keys, patterns, rule flags, cell weights and threat sets, make/unmake.
 * Renju's forbidden points are renju.c's; gomoku_ops.c assembles the
 * GameOps tables of Gomoku (freestyle or standard by variant) and Renju.
 */
#include "gomoku.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "zobrist.h"

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

/* The threat kinds of a cell with these flags join (delta 1) or leave (-1)
 * its colour's counts. */
static void count_kinds(GomokuPos *p, int color, int flags, int delta)
{
    const int kinds = gomoku_threat_kinds(flags);
    for (int k = 0; kinds >> k; k++)
        if (kinds >> k & 1)
            p->kinds[color][k] = (int16_t)(p->kinds[color][k] + delta);
}

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
    const uint8_t flags = (uint8_t)pattern_flags(p->view[color], p->pat[b][color]);
    const int index = gomoku_weight_index(p->pat[b][color], flags);
    p->value[b][color] = gomoku_weight_rule_table[index].value;
    if (!p->lean) {
        const GomokuWeight w = gomoku_weight_eval_table[p->wtable[color]][index];
        p->sum[color] += w.value - p->weight[b][color].value;
        p->psum[color] += w.passive - p->weight[b][color].passive;
        p->weight[b][color] = w;
    }
    if (flags != p->flags[b][color]) {
        count_kinds(p, color, p->flags[b][color], -1);
        count_kinds(p, color, flags, 1);
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
        p->sum[c] -= p->weight[b][c].value;
        p->psum[c] -= p->weight[b][c].passive;
        sets_update(p, b, c, 0);
        count_kinds(p, c, p->flags[b][c], -1);
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
        p->sum[c] += p->weight[b][c].value;
        p->psum[c] += p->weight[b][c].passive;
        sets_update(p, b, c, p->flags[b][c]);
        count_kinds(p, c, p->flags[b][c], 1);
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
    memset(p->weight, 0, sizeof p->weight);
    memset(p->near, 0, sizeof p->near);
    memset(p->kinds, 0, sizeof p->kinds);
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
void gomoku_clear(GomokuPos *p)
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

GomokuPos *gomoku_new(int size, int rule)
{
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
    for (int c = 0; c < 2; c++)
        p->wtable[c] = (int8_t)(rule == RULE_RENJU ? RULE_RENJU + c : rule);
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

GomokuPos *gomoku_copy(const GomokuPos *p)
{
    GomokuPos *q = gomoku_new(p->size, p->rule);
    if (!q)
        return NULL;
    GomokuUndo *undo = q->undo;
    GomokuPos *empty = q->empty;
    memcpy(q, p, sizeof *q);
    q->undo = undo;
    q->empty = empty;
    q->threat = NULL;
    memcpy(q->undo, p->undo, sizeof *q->undo * (size_t)p->nundo);
    return q;
}

void gomoku_free(GomokuPos *p)
{
    if (!p)
        return;
    free(p->undo);
    free(p->empty);
    free(p);
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

bool gomoku_load(GomokuPos *p, const int8_t *cells, int side)
{
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
    gomoku_clear(q);
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
    }
    free(q);
    return ok;
}

/* ------------------------------------------------------------ moves */

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

int gomoku_rule_of_code(long code)
{
    switch (code) {
    case 0: return RULE_FREESTYLE;
    case 1: case 3: return RULE_STANDARD;
    case 2: case 4: return RULE_RENJU;
    default: return -1;
    }
}

static bool mentions(const char *hay, const char *word)
{
    const size_t n = strlen(word);
    for (; *hay; hay++)
        if (strncasecmp(hay, word, n) == 0)
            return true;
    return false;
}

int gomoku_rule_of_ru(const char *ru)
{
    char *end;
    const long code = strtol(ru, &end, 10);
    if (end != ru && *end == '\0')
        return gomoku_rule_of_code(code);
    if (mentions(ru, "renju"))
        return RULE_RENJU;
    if (strcasecmp(ru, "standard") == 0 || mentions(ru, "exact"))
        return RULE_STANDARD;
    if (strcasecmp(ru, "freestyle") == 0)
        return RULE_FREESTYLE;
    return -1;
}
