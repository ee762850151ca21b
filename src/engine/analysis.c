/*
 * analysis.c - move values through the search's multi-PV, and the one
 * formatter of scores in the game's unit.
 */
#include "analysis.h"

#include <stdio.h>
#include <string.h>

/* A position with one legal move is not searched on a clock (search_run
 * plays it at once); an analysis wants its value, so it gets this node
 * budget instead of the clock. */
enum { FORCED_NODES = 1000000 };

AnalysisKind analysis_kind(int score, bool exact)
{
    return exact || score >= SCORE_WIN_MIN || score <= -SCORE_WIN_MIN ? ANALYSIS_EXACT : ANALYSIS_HEURISTIC;
}

void analysis_format_score(const GameOps *ops, int score, AnalysisKind kind, char *out, size_t n)
{
    const int units = ops->score_units ? ops->score_units() : 1;
    if (score >= SCORE_WIN_MIN)
        snprintf(out, n, "W%d", SCORE_WIN - score);
    else if (score <= -SCORE_WIN_MIN)
        snprintf(out, n, "L%d", SCORE_WIN + score);
    else if (kind == ANALYSIS_WLD)
        snprintf(out, n, "%s", score > 0 ? "win" : score < 0 ? "loss" : "draw");
    else if (kind == ANALYSIS_EXACT)
        snprintf(out, n, "%+d", score / units);
    else if (ops->free_order || units == 1)
        snprintf(out, n, "%+d", score); /* five-in-a-row: no unit but the evaluation's */
    else
        snprintf(out, n, "%+.2f", (double)score / units);
}

static int legal_moves(Engine *e)
{
    Move moves[MAX_MOVES];
    return e->ops->gen_moves(e->pos, moves);
}

/* The limits: the engine's own (or seconds), as many lines as asked. */
static void analysis_limits(Engine *e, int side, int nbest, double seconds, SearchLimits *lim)
{
    engine_search_limits(e, side, lim);
    lim->multipv = nbest == ANALYSIS_ALL ? ANALYSIS_MAX_LINES : nbest;
    if (seconds > 0) {
        lim->depth = 0;
        lim->soft_ns = lim->hard_ns = (int64_t)(seconds * 1e9);
    }
    if (legal_moves(e) == 1 && (lim->soft_ns || lim->hard_ns)) {
        lim->soft_ns = lim->hard_ns = 0;
        if (!lim->nodes || lim->nodes > FORCED_NODES)
            lim->nodes = FORCED_NODES;
    }
}

static void take_line(const SearchLine *l, bool exact, AnalysisLine *out)
{
    out->move = l->pvlen > 0 ? l->pv[0] : MOVE_PASS;
    out->score = l->score;
    out->kind = analysis_kind(l->score, exact);
    out->depth = l->depth;
    out->pvlen = l->pvlen;
    memcpy(out->pv, l->pv, sizeof(Move) * (size_t)l->pvlen);
}

void analysis_run(Engine *e, int nbest, double seconds, Analysis *out)
{
    memset(out, 0, offsetof(Analysis, lines));
    out->side = e->ops->side_to_move(e->pos);
    if (e->ops->game_over(e->pos))
        return;
    SearchLimits lim;
    analysis_limits(e, out->side, nbest, seconds, &lim);
    search_set_poll(e->search, e->poll, e->poll_arg);
    search_run(e->search, e->ops, e->pos, e->tt, &lim, &e->last);
    const SearchResult *r = &e->last;
    out->nlines = r->nlines;
    for (int i = 0; i < r->nlines; i++)
        take_line(&r->lines[i], r->exact, &out->lines[i]);
    out->depth = r->depth;
    out->seldepth = e->search->seldepth;
    out->nodes = r->nodes;
    out->ns = r->ns;
}
