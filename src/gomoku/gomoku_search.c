/*
 * gomoku_search.c - the solve hook: exact answers the threat solvers give,
 * scored relative to the root as the search wants them.
 */
#include "gomoku_search.h"

#include "gomoku_threat.h"
#include "renju.h"

enum {
    /* Budgets, in threat nodes. */
    NODE_VCF = 400,             /* at every node */
    ROOT_VCF = 400000,          /* at the root without a clock */
    ROOT_VCT = 60000,
    ROOT_VCF_PER_DEPTH = 5000,  /* at the root of a depth-limited search */
    ROOT_VCT_PER_DEPTH = 2000,
    NODE_VCT = 600,             /* at nodes with depth >= VCT_MIN_DEPTH */
    VCT_MIN_DEPTH = 4,
    ROOT_VCT_DEPTH = 5,         /* threats */
    NODE_VCT_DEPTH = 2,
    /* At the root on a clock: these fractions of the soft time. */
    ROOT_VCF_SHARE = 8,
    ROOT_VCT_SHARE = 4
};

/* A budget in nodes (deterministic). At the root: a share of the soft time
 * when the search may go as deep as time allows; a depth-limited search
 * (levels below 10, fixed depth) gets nodes in proportion to its depth, so
 * that low levels answer at once. */
static ThreatLimits budget(SearchCtx *ctx, int depth, uint64_t nodes, uint64_t per_depth, int share)
{
    ThreatLimits lim = {.nodes = nodes, .deadline_ns = 0, .ctx = ctx};
    if (ctx->ply > 0)
        return lim;
    if (depth > 0 && per_depth * (uint64_t)depth < nodes)
        lim.nodes = per_depth * (uint64_t)depth;
    if (ctx->soft_ns) {
        lim.nodes = depth > 0 ? lim.nodes : 0;
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
        if (renju_can_play(p, df->cell[i], a) && (block < 0 || df->cell[i] < block))
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
    *score = search_after_move(ctx, 0, alpha, beta);
    gomoku_unmake(p);
    *best = gomoku_cell(p, block);
    return true;
}

bool gomoku_search_refuted(GomokuPos *p, SearchCtx *ctx, Move m, uint64_t nodes, int64_t deadline_ns)
{
    const ThreatLimits lim = {.nodes = nodes, .deadline_ns = deadline_ns, .ctx = ctx};
    ThreatResult r;
    gomoku_make(p, gomoku_box(p, m));
    gomoku_vct(p, &lim, ROOT_VCT_DEPTH, &r);
    gomoku_unmake(p);
    return r.win;
}

bool gomoku_search_solve(GomokuPos *p, SearchCtx *ctx, int depth, int alpha, int beta, int *score,
                         Move *best)
{
    const int a = p->side, ply = ctx->ply;
    if (p->winner >= 0)
        return false;
    if (p->set[a][SET_FIVE].n > 0) {
        *score = SCORE_WIN - (ply + 1);
        *best = gomoku_cell(p, gomoku_set_first(&p->set[a][SET_FIVE]));
        return true;
    }
    if (p->set[a ^ 1][SET_FIVE].n > 0)
        return answer_four(p, ctx, depth, alpha, beta, score, best);
    ThreatResult r;
    ThreatLimits lim = ply == 0 ? budget(ctx, depth, ROOT_VCF, ROOT_VCF_PER_DEPTH, ROOT_VCF_SHARE)
                                : budget(ctx, depth, NODE_VCF, 0, 1);
    gomoku_vcf(p, &lim, &r);
    if (win_by(p, &r, ply, score, best))
        return true;
    if (ply == 0 || depth >= VCT_MIN_DEPTH) {
        lim = ply == 0 ? budget(ctx, depth, ROOT_VCT, ROOT_VCT_PER_DEPTH, ROOT_VCT_SHARE)
                       : budget(ctx, depth, NODE_VCT, 0, 1);
        gomoku_vct(p, &lim, ply == 0 ? ROOT_VCT_DEPTH : NODE_VCT_DEPTH, &r);
        if (win_by(p, &r, ply, score, best))
            return true;
    }
    return false;
}
