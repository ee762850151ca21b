/*
 * gomoku_threat.c - VCF and VCT solvers over the incremental board.
 *
 * Both are depth-first AND/OR searches with make/unmake. VCF: the attacker
 * plays fours, the defender the one block. VCT: the attacker plays threats,
 * that is fours and any move after which it would win by VCF if the
 * defender passed (an open three is the common case); the defender tries
 * every reply that could refute the threat: its own fours, and every point
 * of the attacker's VCF line (a stone anywhere else leaves that line
 * intact). Failed positions are remembered in small hash tables with the
 * depth they failed at (VCF: or as failing at any depth, when the depth
 * limit was never reached below them).
 */
#include "gomoku_threat.h"

#include <stdlib.h>
#include <string.h>

#include "renju.h"
#include "timeman.h"

enum {
    TT_BITS = 16,
    TT_SIZE = 1 << TT_BITS,
    STACK_CAP = 1 << 18,        /* move lists of all open levels */
    LINE_CAP = 512,             /* lines of nested searches, by ply */
    ANY_DEPTH = 127,            /* failed without reaching the depth limit */
    POLL_MASK = 255,            /* nodes between clock checks */
    VCT_MAX_DEPTH = VCT_SEARCH_DEPTH,
    VCF_SHORT = 16,             /* fours deepened one at a time */
    VCT_VCF_DEPTH = 12,         /* fours in the VCFs inside a VCT */
    VCT_VCF_NODES = 500,        /* the attacker's own VCF at a node */
    VCT_TEST_NODES = 200,       /* the VCF that shows a move is a threat */
    /* Quiet threat candidates tried per node: all the strong ones where
     * the line has room to grow (a threat the top of the tree needs may
     * rank low), fewer near its end, where most of the nodes are. */
    VCT_THREATS_TOP = 16,
    VCT_THREATS = 8,
    VCT_TOP_DEPTH = 3,          /* threats left, at least, for the first */
    VCT_MIN_VALUE = 20          /* weight a quiet candidate needs */
};

typedef struct FailEntry {
    uint64_t key;
    int8_t fail_depth;          /* no win within this depth */
    int8_t win_depth;           /* a win within this depth (VCT), 0 = none */
    int16_t win_move;
    int16_t win_len;
    uint16_t age;               /* valid only while equal to the table's */
} FailEntry;

struct GomokuThreat {
    FailEntry vcf_tt[TT_SIZE];
    FailEntry vct_tt[TT_SIZE];
    uint16_t age;               /* entries of other ages are empty */
    int16_t stack[STACK_CAP];
    int sp;
    int16_t line[LINE_CAP];
    uint64_t nodes;
    ThreatLimits lim;
    bool aborted;               /* out of the caller's budget: unwind */
    uint64_t local_limit;       /* budget of a nested VCF; 0 = none */
    bool local_abort;
    bool hit_limit;             /* some line was cut by the depth limit */
};

GomokuThreat *gomoku_threat_create(void)
{
    GomokuThreat *t = calloc(1, sizeof *t);
    if (t)
        t->age = 1;
    return t;
}

void gomoku_threat_destroy(GomokuThreat *t) { free(t); }

/* A new age empties both tables at once; they are wiped for real only when
 * the age wraps. clear_board runs this, so it must not cost 2 MB of writes. */
void gomoku_threat_clear(GomokuThreat *t)
{
    if (t && ++t->age == 0) {
        memset(t->vcf_tt, 0, sizeof t->vcf_tt);
        memset(t->vct_tt, 0, sizeof t->vct_tt);
        t->age = 1;
    }
}

/* --------------------------------------------------------------- helpers */

static bool stopped(const GomokuThreat *t) { return t->aborted || t->local_abort; }

/* Counts a node; true when the search must stop. */
static bool node(GomokuThreat *t)
{
    t->nodes++;
    if (t->lim.ctx)
        search_count_node(t->lim.ctx);
    if (t->local_limit && t->nodes >= t->local_limit)
        t->local_abort = true;
    if (t->lim.nodes && t->nodes >= t->lim.nodes)
        t->aborted = true;
    /* The caller's node budget is exact, not rounded to the poll interval. */
    if (t->lim.ctx && t->lim.ctx->node_limit && t->lim.ctx->nodes >= t->lim.ctx->node_limit)
        t->aborted = true;
    if ((t->nodes & POLL_MASK) == 0 && !t->aborted) {
        if (t->lim.deadline_ns && clock_ns() >= t->lim.deadline_ns)
            t->aborted = true;
        else if (t->lim.ctx && search_should_stop(t->lim.ctx))
            t->aborted = true;
    }
    return stopped(t);
}

static FailEntry *tt_slot(FailEntry *tt, uint64_t key) { return &tt[key & (TT_SIZE - 1)]; }

/* The entry of key in the current age, or NULL. */
static const FailEntry *tt_find(const GomokuThreat *t, FailEntry *tt, uint64_t key)
{
    const FailEntry *e = tt_slot(tt, key);
    return e->key == key && e->age == t->age ? e : NULL;
}

static bool tt_failed(const GomokuThreat *t, FailEntry *tt, uint64_t key, int depth)
{
    const FailEntry *e = tt_find(t, tt, key);
    return e && e->fail_depth >= depth;
}

static void tt_fail(const GomokuThreat *t, FailEntry *tt, uint64_t key, int depth)
{
    FailEntry *e = tt_slot(tt, key);
    if (!tt_find(t, tt, key))
        *e = (FailEntry){.key = key, .age = t->age};
    e->fail_depth = (int8_t)depth;
}

static void tt_win(const GomokuThreat *t, FailEntry *tt, uint64_t key, int depth, int move, int len)
{
    FailEntry *e = tt_slot(tt, key);
    *e = (FailEntry){.key = key, .win_depth = (int8_t)depth, .win_move = (int16_t)move,
                     .win_len = (int16_t)len, .age = t->age};
}

/* Room for n moves on the list stack; NULL when it is full. */
static int16_t *list_open(GomokuThreat *t, int n)
{
    if (t->sp + n > STACK_CAP)
        return NULL;
    int16_t *l = &t->stack[t->sp];
    t->sp += n;
    return l;
}

/* Inserts cell b with key k into a list sorted by key (ties by index),
 * unless it is there already. */
static int insert(int16_t *out, int *keys, int n, int b, int k)
{
    for (int j = 0; j < n; j++)
        if (out[j] == b)
            return n;
    int j = n++;
    while (j > 0 && (keys[j - 1] < k || (keys[j - 1] == k && out[j - 1] > b))) {
        out[j] = out[j - 1];
        keys[j] = keys[j - 1];
        j--;
    }
    out[j] = (int16_t)b;
    keys[j] = k;
    return n;
}

static int order_key(const GomokuPos *p, int b, int me)
{
    return p->value[b][me] * 2 + p->value[b][me ^ 1];
}

/* Appends the cells of one colour's set that `me` may play. */
static int gather(GomokuPos *p, int color, int set, int me, int16_t *out, int n, int *keys)
{
    const CellSet *s = &p->set[color][set];
    for (int i = 0; i < s->n; i++)
        if (renju_can_play(p, s->cell[i], me))
            n = insert(out, keys, n, s->cell[i], order_key(p, s->cell[i], me));
    return n;
}

/* ------------------------------------------------------------------- VCF */

static int vcf_attack(GomokuThreat *t, GomokuPos *p, int depth, int ply);

/* Two distinct five points of color, smallest first. */
static void two_fives(const CellSet *s, int16_t *f)
{
    f[0] = s->cell[0];
    f[1] = s->cell[0];
    for (int i = 1; i < s->n; i++)
        if (s->cell[i] != f[0]) {
            f[1] = s->cell[i];
            break;
        }
    if (f[0] > f[1]) {
        int16_t x = f[0];
        f[0] = f[1];
        f[1] = x;
    }
}

/* The defender d faces the fives af at two points: it blocks one (the
 * smaller it may play) and the attacker wins on the other. The line of the
 * two plies is recorded; the win is two plies away. */
static int lost_to_two_fives(GomokuThreat *t, GomokuPos *p, const CellSet *af, int d, int ply)
{
    int16_t f[2];
    two_fives(af, f);
    int block = renju_can_play(p, f[0], d) ? f[0] : renju_can_play(p, f[1], d) ? f[1] : VCF_NO_BLOCK;
    t->line[ply] = (int16_t)block;
    t->line[ply + 1] = block == f[0] ? f[1] : f[0];
    return 2;
}

/* The attacker's moves in turn, each answered by defend(): the length of
 * the first winning line (its first move at t->line[ply]), or 0. */
static int try_attacks(GomokuThreat *t, GomokuPos *p, const int16_t *list, int n,
                       int (*defend)(GomokuThreat *, GomokuPos *, int, int), int depth, int ply)
{
    for (int i = 0; i < n && !stopped(t); i++) {
        gomoku_make(p, list[i]);
        const int r = defend(t, p, depth, ply + 1);
        gomoku_unmake(p);
        if (r && !stopped(t)) {
            t->line[ply] = list[i];
            return r + 1;
        }
    }
    return 0;
}

/* Defender to move after the attacker's four: plies to the attacker's
 * five, or 0 when the defence holds. */
static int vcf_defend(GomokuThreat *t, GomokuPos *p, int depth, int ply)
{
    const int d = p->side, a = d ^ 1;
    const CellSet *af = &p->set[a][SET_FIVE];
    if (p->set[d][SET_FIVE].n > 0 || af->n == 0)
        return 0;
    if (af->n >= 2)
        return lost_to_two_fives(t, p, af, d, ply);
    const int f = af->cell[0];
    if (!renju_can_play(p, f, d)) {
        t->line[ply] = VCF_NO_BLOCK;
        t->line[ply + 1] = (int16_t)f;
        return 2;
    }
    gomoku_make(p, f);
    int r = vcf_attack(t, p, depth - 1, ply + 1);
    gomoku_unmake(p);
    if (!r)
        return 0;
    t->line[ply] = (int16_t)f;
    return r + 1;
}

/* The attacker's moves: the block of the defender's four when it has one
 * (and that block must be a four itself), else every four it may play. */
static int vcf_moves(GomokuPos *p, int16_t *list)
{
    const int a = p->side, d = a ^ 1;
    const CellSet *df = &p->set[d][SET_FIVE];
    if (df->n >= 2)
        return 0;
    if (df->n == 1) {
        int z = df->cell[0];
        if (!gomoku_has(p, z, a, FL_FOUR) || !renju_can_play(p, z, a))
            return 0;
        list[0] = (int16_t)z;
        return 1;
    }
    int keys[GOMOKU_BOX];
    return gather(p, a, SET_FOUR, a, list, 0, keys);
}

static int vcf_attack(GomokuThreat *t, GomokuPos *p, int depth, int ply)
{
    if (node(t) || ply + 2 >= LINE_CAP)
        return 0;
    const int a = p->side;
    if (p->set[a][SET_FIVE].n > 0) {
        t->line[ply] = (int16_t)gomoku_set_first(&p->set[a][SET_FIVE]);
        return 1;
    }
    if (depth <= 0) {
        t->hit_limit = true;
        return 0;
    }
    const uint64_t key = p->hash;
    if (tt_failed(t, t->vcf_tt, key, depth)) {
        t->hit_limit |= tt_slot(t->vcf_tt, key)->fail_depth < ANY_DEPTH;
        return 0;
    }
    const int n_max = p->set[a][SET_FOUR].n + 1;
    int16_t *list = list_open(t, n_max);
    if (!list) {
        t->hit_limit = true;
        return 0;
    }
    const int n = vcf_moves(p, list);
    const bool outer_hit = t->hit_limit;
    t->hit_limit = false;
    const int r = try_attacks(t, p, list, n, vcf_defend, depth, ply);
    t->sp -= n_max;
    if (!r && !stopped(t))
        tt_fail(t, t->vcf_tt, key, t->hit_limit ? depth : ANY_DEPTH);
    t->hit_limit |= outer_hit;
    return r;
}

/* Iterative deepening VCF for the side to move, its line at t->line[ply]:
 * short lines first, as players want them, then one search to the full
 * depth. Deepening on to a VCF of 80 fours would search the tree again
 * for each of them (mintaka's deep_vcf#1, 80 fours: 6.6 s); past
 * VCF_SHORT, proving a VCF exists matters more than its length.
 * nodes > 0: a budget of its own, after which it just fails. shortest
 * false: one search to max_depth, where only whether there is a VCF
 * matters (a third of the nodes inside a VCT). */
static int vcf_run(GomokuThreat *t, GomokuPos *p, int max_depth, uint64_t nodes, int ply, bool shortest)
{
    const bool nested = nodes > 0;
    if (nested)
        t->local_limit = t->nodes + nodes;
    int r = 0;
    for (int depth = shortest ? 1 : max_depth; depth <= max_depth && !r; depth++) {
        if (depth == VCF_SHORT)
            depth = max_depth;
        t->hit_limit = false;
        r = vcf_attack(t, p, depth, ply);
        if (stopped(t) || !t->hit_limit)
            break;
    }
    if (nested) {
        t->local_limit = 0;
        t->local_abort = false;
    }
    return r;
}

static void begin(GomokuThreat *t, const ThreatLimits *lim)
{
    t->lim = *lim;
    t->nodes = 0;
    t->aborted = false;
    t->local_limit = 0;
    t->local_abort = false;
    t->sp = 0;
}

static int depth_limit(const ThreatLimits *lim, int own)
{
    return lim->max_depth > 0 && lim->max_depth < own ? lim->max_depth : own;
}

/* The position's workspace, made on first use: 2.6 MB that a game played
 * without threat searches (or a host that only sets positions) never needs. */
static GomokuThreat *workspace(GomokuPos *p)
{
    if (!p->threat)
        p->threat = gomoku_threat_create();
    return p->threat;
}

void gomoku_vcf(GomokuPos *p, const ThreatLimits *lim, ThreatResult *res)
{
    memset(res, 0, sizeof *res);
    GomokuThreat *t = workspace(p);
    if (!t)
        return;
    begin(t, lim);
    const bool lean = gomoku_lean(p, true);
    int r = p->winner < 0 ? vcf_run(t, p, depth_limit(lim, VCF_MAX_DEPTH), 0, 0, true) : 0;
    gomoku_lean(p, lean);
    if (r) {
        res->win = true;
        res->len = r;
        memcpy(res->line, t->line, sizeof *res->line * (size_t)r);
    }
    res->stopped = t->aborted;
    res->nodes = t->nodes;
}

/* ------------------------------------------------------------------- VCT */

static int vct_attack(GomokuThreat *t, GomokuPos *p, int depth, int ply);

/* A defender stone on x would make its block on f a four (or five): some
 * five-cell window along direction off holds x, f, two more of its stones
 * and none of the attacker's. */
static bool sharpens_block(const GomokuPos *p, int x, int f, int off, int d)
{
    const int own = d + 1;
    for (int w = -4; w <= 0; w++) {
        int mine = 0, bad = 0, has_x = 0;
        for (int k = 0; k < 5; k++) {
            int c = f + (w + k) * off, v = p->box[c];
            has_x |= c == x;
            if (c == f || c == x)
                continue;
            mine += v == own;
            bad |= v != own && v != CELL_EMPTY;
        }
        if (has_x && !bad && mine >= 2)
            return true;
    }
    return false;
}

/* The defender's candidate replies to a threat whose VCF line is line[0..len)
 * (attacker's moves at even indices): its own fours; the points of the line;
 * points from which a defender stone would turn one of its forced blocks
 * into a four of its own; and (Renju) the points from which a black stone
 * could make a forbidden block point playable again. A stone anywhere else
 * leaves the line as it was. */
static int vct_defences(GomokuPos *p, const int16_t *line, int len, int16_t *out, int *keys)
{
    const int d = p->side;
    int n = gather(p, d, SET_FOUR, d, out, 0, keys);
    for (int i = 0; i < len; i++) {
        const int b = line[i];
        if (b != VCF_NO_BLOCK && renju_can_play(p, b, d))
            n = insert(out, keys, n, b, order_key(p, b, d) + (i == 0 ? 100000 : 0));
        if (i % 2 == 0)
            continue;
        const int f = b == VCF_NO_BLOCK ? line[i + 1] : b;
        for (int k = 0; k < 4; k++)
            for (int s = -4; s <= 4; s++) {
                int x = f + s * p->dir[k];
                if (s != 0 && renju_can_play(p, x, d) &&
                    (b == VCF_NO_BLOCK || sharpens_block(p, x, f, p->dir[k], d)))
                    n = insert(out, keys, n, x, order_key(p, x, d));
            }
    }
    return n;
}

/* Defender to move after the attacker's threat. */
static int vct_defend(GomokuThreat *t, GomokuPos *p, int depth, int ply)
{
    const int d = p->side, a = d ^ 1;
    const CellSet *af = &p->set[a][SET_FIVE];
    if (node(t) || p->set[d][SET_FIVE].n > 0)
        return 0;
    if (af->n >= 2)
        return lost_to_two_fives(t, p, af, d, ply);
    if (af->n == 1) {
        const int f = af->cell[0];
        t->line[ply] = renju_can_play(p, f, d) ? (int16_t)f : VCF_NO_BLOCK;
        t->line[ply + 1] = (int16_t)f;
        if (t->line[ply] == VCF_NO_BLOCK)
            return 2;
        gomoku_make(p, f);
        int r = vct_attack(t, p, depth, ply + 1);
        gomoku_unmake(p);
        t->line[ply] = (int16_t)f;
        return r ? r + 1 : 0;
    }
    /* Is it a threat? The attacker's VCF if the defender passed, its
     * shortest line: the defences come from it. */
    gomoku_make(p, -1);
    int len = vcf_run(t, p, VCT_VCF_DEPTH, VCT_TEST_NODES, ply + 1, true);
    gomoku_unmake(p);
    if (!len || stopped(t) || ply + 1 + LINE_CAP / 2 >= LINE_CAP)
        return 0;
    int16_t *list = list_open(t, GOMOKU_BOX + LINE_CAP);
    if (!list)
        return 0;
    /* best[]: the longest resistance so far, first the defender's move
     * (none: it plays elsewhere and the VCF follows). */
    int16_t *best = list + GOMOKU_BOX;
    best[0] = VCF_NO_BLOCK;
    memcpy(best + 1, &t->line[ply + 1], sizeof *best * (size_t)len);
    int keys[GOMOKU_BOX];
    const int n = vct_defences(p, best + 1, len, list, keys);
    int worst = len;
    for (int i = 0; i < n && worst; i++) {
        gomoku_make(p, list[i]);
        int r = vct_attack(t, p, depth, ply + 1);
        gomoku_unmake(p);
        if (!r || stopped(t)) {
            worst = 0;
        } else if (r > worst && r < LINE_CAP - 1) {
            worst = r;
            best[0] = list[i];
            memcpy(best + 1, &t->line[ply + 1], sizeof *best * (size_t)r);
        }
    }
    if (worst)
        memcpy(&t->line[ply], best, sizeof *best * (size_t)(worst + 1));
    t->sp -= GOMOKU_BOX + LINE_CAP;
    return worst ? worst + 1 : 0;
}

/* The attacker's threats: the block of the defender's four if it has one;
 * else its fours and threes, and the quiet_max quiet moves of highest
 * weight. */
static int vct_moves(GomokuPos *p, int16_t *list, int quiet_max)
{
    const int a = p->side, d = a ^ 1;
    const CellSet *df = &p->set[d][SET_FIVE];
    if (df->n >= 2)
        return 0;
    if (df->n == 1) {
        if (!renju_can_play(p, df->cell[0], a))
            return 0;
        list[0] = df->cell[0];
        return 1;
    }
    int keys[GOMOKU_BOX];
    int n = gather(p, a, SET_FOUR, a, list, 0, keys);
    n = gather(p, a, SET_THREE, a, list, n, keys);
    int16_t quiet[GOMOKU_BOX];
    int qkeys[GOMOKU_BOX], q = 0;
    for (int c = 0; c < p->size * p->size; c++) {
        int b = gomoku_box(p, c);
        if (p->near[b] > 0 && p->value[b][a] >= VCT_MIN_VALUE && renju_can_play(p, b, a))
            q = insert(quiet, qkeys, q, b, order_key(p, b, a));
        if (q > quiet_max)
            q = quiet_max;
    }
    for (int i = 0; i < q; i++)
        n = insert(list, keys, n, quiet[i], -1 - i);
    return n;
}

static int vct_attack(GomokuThreat *t, GomokuPos *p, int depth, int ply)
{
    if (node(t) || ply + 2 >= LINE_CAP)
        return 0;
    const int a = p->side;
    if (p->set[a][SET_FIVE].n > 0)
        return 1;
    const bool forced = p->set[a ^ 1][SET_FIVE].n > 0;
    if (!forced) {
        int r = vcf_run(t, p, VCT_VCF_DEPTH, VCT_VCF_NODES, ply, false);
        if (r || stopped(t))
            return r;
    }
    if (depth <= 0)
        return 0;
    const uint64_t key = p->hash;
    if (tt_failed(t, t->vct_tt, key, depth))
        return 0;
    const FailEntry *e = tt_find(t, t->vct_tt, key);
    if (!t->lim.main_line && e && e->win_depth > 0 && e->win_depth <= depth) {
        t->line[ply] = e->win_move;
        return e->win_len;
    }
    int16_t *list = list_open(t, GOMOKU_BOX);
    if (!list)
        return 0;
    const int n = vct_moves(p, list, ply == 0 || depth >= VCT_TOP_DEPTH ? VCT_THREATS_TOP : VCT_THREATS);
    const int r = try_attacks(t, p, list, n, vct_defend, forced ? depth : depth - 1, ply);
    t->sp -= GOMOKU_BOX;
    if (r)
        tt_win(t, t->vct_tt, key, depth, t->line[ply], r);
    else if (!stopped(t))
        tt_fail(t, t->vct_tt, key, depth);
    return r;
}

void gomoku_vct(GomokuPos *p, const ThreatLimits *lim, int depth, ThreatResult *res)
{
    memset(res, 0, sizeof *res);
    GomokuThreat *t = workspace(p);
    if (!t)
        return;
    begin(t, lim);
    depth = depth_limit(lim, depth < VCT_MAX_DEPTH ? depth : VCT_MAX_DEPTH);
    const bool lean = gomoku_lean(p, true);
    for (int d = 1; d <= depth && p->winner < 0; d++) {
        int r = vct_attack(t, p, d, 0);
        if (r) {
            res->win = true;
            res->len = r;
            int keep = lim->main_line ? (r < VCF_MAX_LINE ? r : VCF_MAX_LINE) : 1;
            memcpy(res->line, t->line, sizeof *res->line * (size_t)keep);
            break;
        }
        if (t->aborted)
            break;
    }
    gomoku_lean(p, lean);
    res->stopped = t->aborted;
    res->nodes = t->nodes;
}
