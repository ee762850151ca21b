/*
 * gomoku_search.c - the root's hooks: exact answers the threat solvers give
 * (GameOps.solve; below the root, gomoku_ab.c reads the threat sets itself),
 * and the check of the move the search chose (GameOps.refuted).
 */
#include "gomoku_search.h"

#include <assert.h>

#include "gomoku_threat.h"
#include "renju.h"

enum {
    /* Budgets, in threat nodes. */
    ROOT_VCF = 400000,          /* without a clock */
    ROOT_VCT = 60000,
    ROOT_VCF_PER_DEPTH = 5000,  /* a depth-limited search */
    ROOT_VCT_PER_DEPTH = 2000,
    VCT_DEPTH = 5,              /* threats */
    /* On a clock: these fractions of the soft time. */
    VCF_SHARE = 8,
    VCT_SHARE = 4
};

/* A budget in nodes (deterministic), or a share of the soft time when the
 * search may go as deep as time allows; a depth-limited search (levels
 * below 10, fixed depth) gets nodes in proportion to its depth, so that
 * low levels answer at once. */
static ThreatLimits budget(SearchCtx *ctx, int depth, uint64_t nodes, uint64_t per_depth, int share)
{
    ThreatLimits lim = {.nodes = nodes, .deadline_ns = 0, .ctx = ctx};
    if (depth > 0 && per_depth * (uint64_t)depth < nodes)
        lim.nodes = per_depth * (uint64_t)depth;
    if (ctx->soft_ns) {
        lim.nodes = depth > 0 ? lim.nodes : 0;
        lim.deadline_ns = ctx->start_ns + (ctx->soft_ns - ctx->start_ns) / share;
    }
    return lim;
}

static bool win_by(GomokuPos *p, const ThreatResult *r, int *score, Move *best)
{
    if (!r->win)
        return false;
    *score = SCORE_WIN - r->len;
    *best = gomoku_cell(p, r->line[0]);
    return true;
}

/* The opponent has a four: lost when it cannot be blocked (two of them, or
 * the one block forbidden); else the search finds the block. */
static bool lost_to_four(GomokuPos *p, int *score, Move *best)
{
    const int a = p->side, d = a ^ 1;
    const CellSet *df = &p->set[d][SET_FIVE];
    int block = -1;
    for (int i = 0; i < df->n; i++)
        if (renju_can_play(p, df->cell[i], a) && (block < 0 || df->cell[i] < block))
            block = df->cell[i];
    if (df->n < 2 && block >= 0)
        return false;
    *score = -(SCORE_WIN - 2);
    *best = block >= 0 ? gomoku_cell(p, block) : MOVE_NONE;
    return true;
}

bool gomoku_search_refuted(GomokuPos *p, SearchCtx *ctx, Move m, uint64_t nodes, int64_t deadline_ns)
{
    const ThreatLimits lim = {.nodes = nodes, .deadline_ns = deadline_ns, .ctx = ctx};
    ThreatResult r;
    gomoku_make(p, gomoku_box(p, m));
    gomoku_vct(p, &lim, VCT_DEPTH, &r);
    gomoku_unmake(p);
    return r.win;
}

bool gomoku_search_solve(GomokuPos *p, SearchCtx *ctx, int depth, int alpha, int beta, int *score,
                         Move *best)
{
    (void)alpha;
    (void)beta;
    assert(ctx->ply == 0);
    const int a = p->side;
    if (p->winner >= 0)
        return false;
    if (p->set[a][SET_FIVE].n > 0) {
        *score = SCORE_WIN - 1;
        *best = gomoku_cell(p, renju_host_safe_five(p, a, gomoku_set_first(&p->set[a][SET_FIVE])));
        return true;
    }
    if (p->set[a ^ 1][SET_FIVE].n > 0)
        return lost_to_four(p, score, best);
    ThreatResult r;
    ThreatLimits lim = budget(ctx, depth, ROOT_VCF, ROOT_VCF_PER_DEPTH, VCF_SHARE);
    gomoku_vcf(p, &lim, &r);
    if (win_by(p, &r, score, best))
        return true;
    lim = budget(ctx, depth, ROOT_VCT, ROOT_VCT_PER_DEPTH, VCT_SHARE);
    gomoku_vct(p, &lim, VCT_DEPTH, &r);
    return win_by(p, &r, score, best);
}
