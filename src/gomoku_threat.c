/*
 * gomoku_threat.c - VCF and VCT solvers over the incremental board.
 *
 * Both are plain depth-first AND/OR searches with make/unmake: the attacker
 * tries its threats, the defender every reply that could matter (the one
 * block of a four; against a three, its own fours and every point where the
 * attacker would make a four). Failed positions are remembered in small
 * hash tables with the depth they failed at, or as failing at any depth when
 * the depth limit was never reached below them.
 */
#include "gomoku_threat.h"

#include <stdlib.h>
#include <string.h>

#include "renju.h"
#include "timeman.h"

enum {
    TT_BITS = 16,
    TT_SIZE = 1 << TT_BITS,
    STACK_CAP = 1 << 16,        /* move lists of all open levels */
    ANY_DEPTH = 127,            /* failed without reaching the depth limit */
    POLL_MASK = 1023,
    VCT_MAX_DEPTH = 12,
    /* Budgets of the search hook, in threat nodes. */
    NODE_VCF = 400,             /* at every node */
    ROOT_VCF = 400000,
    ROOT_VCT = 60000,
    NODE_VCT = 1500,            /* at nodes with depth >= VCT_MIN_DEPTH */
    VCT_MIN_DEPTH = 3,
    ROOT_VCT_DEPTH = 7,
    NODE_VCT_DEPTH = 4
};

typedef struct VcfEntry {
    uint64_t key;
    int8_t fail_depth;          /* no win within this depth */
} VcfEntry;

struct GomokuThreat {
    VcfEntry vcf_tt[TT_SIZE];
    VcfEntry vct_tt[TT_SIZE];
    int16_t stack[STACK_CAP];
    int sp;
    int16_t line[VCF_MAX_LINE];
    uint64_t nodes;
    ThreatLimits lim;
    bool aborted;
    bool hit_limit;             /* some line was cut by the depth limit */
};

GomokuThreat *gomoku_threat_create(void)
{
    GomokuThreat *t = calloc(1, sizeof *t);
    return t;
}

void gomoku_threat_destroy(GomokuThreat *t) { free(t); }

void gomoku_threat_clear(GomokuThreat *t)
{
    memset(t->vcf_tt, 0, sizeof t->vcf_tt);
    memset(t->vct_tt, 0, sizeof t->vct_tt);
}

/* --------------------------------------------------------------- helpers */

/* Counts a node; true when the search must stop. */
static bool node(GomokuThreat *t)
{
    t->nodes++;
    if (t->lim.ctx)
        t->lim.ctx->nodes++;
    if ((t->nodes & POLL_MASK) == 0 && !t->aborted) {
        if (t->lim.nodes && t->nodes >= t->lim.nodes)
            t->aborted = true;
        else if (t->lim.deadline_ns && clock_ns() >= t->lim.deadline_ns)
            t->aborted = true;
        else if (t->lim.ctx && search_should_stop(t->lim.ctx))
            t->aborted = true;
    }
    if (t->lim.nodes && t->nodes >= t->lim.nodes)
        t->aborted = true;
    return t->aborted;
}

static VcfEntry *tt_slot(VcfEntry *tt, uint64_t key) { return &tt[key & (TT_SIZE - 1)]; }

static bool tt_failed(VcfEntry *tt, uint64_t key, int depth)
{
    const VcfEntry *e = tt_slot(tt, key);
    return e->key == key && e->fail_depth >= depth;
}

static void tt_fail(VcfEntry *tt, uint64_t key, int depth)
{
    VcfEntry *e = tt_slot(tt, key);
    e->key = key;
    e->fail_depth = (int8_t)depth;
}

static int smallest(const CellSet *s)
{
    int m = s->cell[0];
    for (int i = 1; i < s->n; i++)
        if (s->cell[i] < m)
            m = s->cell[i];
    return m;
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

/* Cells of one colour's set that `me` may play, strongest first (ties by
 * box index, so the order never depends on history). */
static int gather(GomokuThreat *t, GomokuPos *p, int color, int set, int me, int16_t *out, int n,
                  int *keys)
{
    const CellSet *s = &p->set[color][set];
    for (int i = 0; i < s->n; i++) {
        int b = s->cell[i];
        bool dup = false;
        for (int j = 0; j < n && !dup; j++)
            dup = out[j] == b;
        if (dup || !gomoku_can_play(p, b, me))
            continue;
        int k = p->value[b][me] * 2 + p->value[b][me ^ 1];
        int j = n++;
        while (j > 0 && (keys[j - 1] < k || (keys[j - 1] == k && out[j - 1] > b))) {
            out[j] = out[j - 1];
            keys[j] = keys[j - 1];
            j--;
        }
        out[j] = (int16_t)b;
        keys[j] = k;
    }
    (void)t;
    return n;
}

/* ------------------------------------------------------------------- VCF */

static int vcf_attack(GomokuThreat *t, GomokuPos *p, int depth, int ply);

/* Defender to move after the attacker's four: plies to the attacker's
 * five, or 0 when the defence holds. */
static int vcf_defend(GomokuThreat *t, GomokuPos *p, int depth, int ply)
{
    const int d = p->side, a = d ^ 1;
    const CellSet *af = &p->set[a][SET_FIVE];
    if (p->set[d][SET_FIVE].n > 0 || af->n == 0)
        return 0;
    if (af->n >= 2) {
        int16_t f[2];
        int k = 0;
        for (int i = 0; i < af->n && k < 2; i++)
            if (k == 0 || af->cell[i] != f[0])
                f[k++] = af->cell[i];
        if (f[0] > f[1]) {
            int16_t x = f[0];
            f[0] = f[1];
            f[1] = x;
        }
        bool can0 = gomoku_can_play(p, f[0], d);
        t->line[ply] = can0 ? f[0] : gomoku_can_play(p, f[1], d) ? f[1] : VCF_NO_BLOCK;
        t->line[ply + 1] = t->line[ply] == f[0] ? f[1] : f[0];
        return 2;
    }
    const int f = af->cell[0];
    if (!gomoku_can_play(p, f, d)) {
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
static int vcf_moves(GomokuThreat *t, GomokuPos *p, int16_t *list)
{
    const int a = p->side, d = a ^ 1;
    const CellSet *df = &p->set[d][SET_FIVE];
    if (df->n >= 2)
        return 0;
    if (df->n == 1) {
        int z = df->cell[0];
        if (!gomoku_has(p, z, a, FL_FOUR) || !gomoku_can_play(p, z, a))
            return 0;
        list[0] = (int16_t)z;
        return 1;
    }
    int keys[GOMOKU_BOX];
    return gather(t, p, a, SET_FOUR, a, list, 0, keys);
}

static int vcf_attack(GomokuThreat *t, GomokuPos *p, int depth, int ply)
{
    if (node(t))
        return 0;
    const int a = p->side;
    if (p->set[a][SET_FIVE].n > 0) {
        t->line[ply] = (int16_t)smallest(&p->set[a][SET_FIVE]);
        return 1;
    }
    if (depth <= 0) {
        t->hit_limit = true;
        return 0;
    }
    const uint64_t key = p->hash;
    if (tt_failed(t->vcf_tt, key, depth)) {
        t->hit_limit |= tt_slot(t->vcf_tt, key)->fail_depth < ANY_DEPTH;
        return 0;
    }
    const int n_max = p->set[a][SET_FOUR].n + 1;
    int16_t *list = list_open(t, n_max);
    if (!list) {
        t->hit_limit = true;
        return 0;
    }
    const int n = vcf_moves(t, p, list);
    const bool outer_hit = t->hit_limit;
    t->hit_limit = false;
    int r = 0;
    for (int i = 0; i < n && !r; i++) {
        gomoku_make(p, list[i]);
        r = vcf_defend(t, p, depth, ply + 1);
        gomoku_unmake(p);
        if (t->aborted)
            break;
        if (r) {
            t->line[ply] = list[i];
            r++;
        }
    }
    t->sp -= n_max;
    if (!r && !t->aborted)
        tt_fail(t->vcf_tt, key, t->hit_limit ? depth : ANY_DEPTH);
    t->hit_limit |= outer_hit;
    return t->aborted ? 0 : r;
}

static void begin(GomokuThreat *t, const ThreatLimits *lim)
{
    t->lim = *lim;
    t->nodes = 0;
    t->aborted = false;
    t->sp = 0;
}

void gomoku_vcf(GomokuPos *p, const ThreatLimits *lim, ThreatResult *res)
{
    GomokuThreat *t = p->threat;
    begin(t, lim);
    memset(res, 0, sizeof *res);
    if (p->winner < 0) {
        const int max = lim->max_depth > 0 && lim->max_depth < VCF_MAX_DEPTH ? lim->max_depth : VCF_MAX_DEPTH;
        for (int depth = 1; depth <= max; depth++) {
            t->hit_limit = false;
            int r = vcf_attack(t, p, depth, 0);
            if (r) {
                res->win = true;
                res->len = r;
                memcpy(res->line, t->line, sizeof *res->line * (size_t)r);
                break;
            }
            if (t->aborted || !t->hit_limit)
                break;
        }
    }
    res->stopped = t->aborted;
    res->nodes = t->nodes;
}

/* ------------------------------------------------------------------- VCT */

static int vct_attack(GomokuThreat *t, GomokuPos *p, int depth, int ply);

/* The attacker threatens a straight four (or a double four) it may play. */
static bool threatens_open_four(GomokuPos *p, int a)
{
    const CellSet *s = &p->set[a][SET_FOUR];
    for (int i = 0; i < s->n; i++)
        if (gomoku_has(p, s->cell[i], a, FL_OPEN4) && gomoku_can_play(p, s->cell[i], a))
            return true;
    return false;
}

/* Defender to move after the attacker's threat. */
static int vct_defend(GomokuThreat *t, GomokuPos *p, int depth, int ply)
{
    const int d = p->side, a = d ^ 1;
    const CellSet *af = &p->set[a][SET_FIVE];
    if (p->set[d][SET_FIVE].n > 0)
        return 0;
    if (af->n >= 2)
        return 2;
    if (af->n == 1) {
        const int f = af->cell[0];
        if (!gomoku_can_play(p, f, d))
            return 2;
        gomoku_make(p, f);
        int r = vct_attack(t, p, depth, ply + 1);
        gomoku_unmake(p);
        return r ? r + 1 : 0;
    }
    if (!threatens_open_four(p, a))
        return 0;
    const int n_max = p->set[d][SET_FOUR].n + p->set[a][SET_FOUR].n;
    int16_t *list = list_open(t, n_max);
    if (!list)
        return 0;
    int keys[GOMOKU_BOX];
    int n = gather(t, p, d, SET_FOUR, d, list, 0, keys);
    n = gather(t, p, a, SET_FOUR, d, list, n, keys);
    int worst = 3; /* no defence: any move, then open four, block, five */
    for (int i = 0; i < n; i++) {
        gomoku_make(p, list[i]);
        int r = vct_attack(t, p, depth, ply + 1);
        gomoku_unmake(p);
        if (!r || t->aborted) {
            worst = 0;
            break;
        }
        if (r > worst)
            worst = r;
    }
    t->sp -= n_max;
    return worst ? worst + 1 : 0;
}

static int vct_moves(GomokuThreat *t, GomokuPos *p, int16_t *list)
{
    const int a = p->side, d = a ^ 1;
    const CellSet *df = &p->set[d][SET_FIVE];
    if (df->n >= 2)
        return 0;
    if (df->n == 1) {
        if (!gomoku_can_play(p, df->cell[0], a))
            return 0;
        list[0] = df->cell[0];
        return 1;
    }
    int keys[GOMOKU_BOX];
    int n = gather(t, p, a, SET_FOUR, a, list, 0, keys);
    return gather(t, p, a, SET_THREE, a, list, n, keys);
}

static int vct_attack(GomokuThreat *t, GomokuPos *p, int depth, int ply)
{
    if (node(t))
        return 0;
    const int a = p->side;
    if (p->set[a][SET_FIVE].n > 0)
        return 1;
    if (depth <= 0)
        return 0;
    const uint64_t key = p->hash;
    if (tt_failed(t->vct_tt, key, depth))
        return 0;
    if (p->set[a ^ 1][SET_FIVE].n == 0) {
        int r = vcf_attack(t, p, depth, ply);
        if (r || t->aborted)
            return r;
    }
    const int n_max = p->set[a][SET_FOUR].n + p->set[a][SET_THREE].n + 1;
    int16_t *list = list_open(t, n_max);
    if (!list)
        return 0;
    const int n = vct_moves(t, p, list);
    int r = 0;
    for (int i = 0; i < n && !r; i++) {
        gomoku_make(p, list[i]);
        r = vct_defend(t, p, depth - 1, ply + 1);
        gomoku_unmake(p);
        if (t->aborted)
            r = 0;
        if (r) {
            t->line[ply] = list[i];
            r++;
        }
        if (t->aborted)
            break;
    }
    t->sp -= n_max;
    if (!r && !t->aborted)
        tt_fail(t->vct_tt, key, depth);
    return r;
}

void gomoku_vct(GomokuPos *p, const ThreatLimits *lim, int depth, ThreatResult *res)
{
    GomokuThreat *t = p->threat;
    begin(t, lim);
    memset(res, 0, sizeof *res);
    if (depth > VCT_MAX_DEPTH)
        depth = VCT_MAX_DEPTH;
    for (int d = 1; d <= depth && p->winner < 0; d++) {
        int r = vct_attack(t, p, d, 0);
        if (r) {
            res->win = true;
            res->len = r;
            res->line[0] = t->line[0];
            break;
        }
        if (t->aborted)
            break;
    }
    res->stopped = t->aborted;
    res->nodes = t->nodes;
}

/* ------------------------------------------------------------ search hook */

/* A budget: nodes always (deterministic), plus a share of the soft time
 * at the root. */
static ThreatLimits budget(SearchCtx *ctx, uint64_t nodes, int share)
{
    ThreatLimits lim = {.nodes = nodes, .deadline_ns = 0, .ctx = ctx};
    if (ctx->ply == 0 && ctx->soft_ns) {
        lim.nodes = 0;
        lim.deadline_ns = ctx->start_ns + (ctx->soft_ns - ctx->start_ns) / share;
    }
    return lim;
}

static bool win_by(GomokuPos *p, const ThreatResult *r, int ply, int *score, Move *best)
{
    if (!r->win)
        return false;
    *score = SCORE_WIN - (ply + r->len);
    *best = gomoku_cell(p, r->line[0]);
    return true;
}

/* The opponent has a four: block it, or lose. */
static bool answer_four(GomokuPos *p, SearchCtx *ctx, int depth, int alpha, int beta, int *score,
                        Move *best)
{
    const int a = p->side, d = a ^ 1, ply = ctx->ply;
    const CellSet *df = &p->set[d][SET_FIVE];
    int block = -1;
    for (int i = 0; i < df->n; i++)
        if (gomoku_can_play(p, df->cell[i], a) && (block < 0 || df->cell[i] < block))
            block = df->cell[i];
    if (df->n >= 2 || block < 0) {
        *score = -(SCORE_WIN - (ply + 2));
        *best = block >= 0 ? gomoku_cell(p, block) : MOVE_NONE;
        return true;
    }
    if (depth > 0 || ply == 0 || ply >= MAX_PLY - 2)
        return false;
    /* At the horizon a forced block costs no depth. */
    gomoku_make(p, block);
    ctx->ply++;
    *score = -search_alphabeta(ctx, 0, -beta, -alpha);
    ctx->ply--;
    gomoku_unmake(p);
    *best = gomoku_cell(p, block);
    return true;
}

bool gomoku_threat_solve(GomokuPos *p, SearchCtx *ctx, int depth, int alpha, int beta, int *score,
                         Move *best)
{
    const int a = p->side, ply = ctx->ply;
    if (p->winner >= 0)
        return false;
    if (p->set[a][SET_FIVE].n > 0) {
        *score = SCORE_WIN - (ply + 1);
        *best = gomoku_cell(p, smallest(&p->set[a][SET_FIVE]));
        return true;
    }
    if (p->set[a ^ 1][SET_FIVE].n > 0)
        return answer_four(p, ctx, depth, alpha, beta, score, best);
    ThreatResult r;
    ThreatLimits lim = budget(ctx, ply == 0 ? ROOT_VCF : NODE_VCF, 8);
    gomoku_vcf(p, &lim, &r);
    if (win_by(p, &r, ply, score, best))
        return true;
    if (ply == 0 || depth >= VCT_MIN_DEPTH) {
        lim = budget(ctx, ply == 0 ? ROOT_VCT : NODE_VCT, 4);
        gomoku_vct(p, &lim, ply == 0 ? ROOT_VCT_DEPTH : NODE_VCT_DEPTH, &r);
        if (win_by(p, &r, ply, score, best))
            return true;
    }
    return false;
}
