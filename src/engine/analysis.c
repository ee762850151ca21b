/*
 * analysis.c - move values through the search's multi-PV, and the one
 * formatter of scores in the game's unit.
 */
#include "analysis.h"

#include <stdio.h>
#include <string.h>

/* A position with one root move (one legal move, or five-in-a-row's one
 * defence) is not searched on a clock: search_run plays it at once. An
 * analysis wants its value, so it gets this node budget instead. */
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

/* The root moves as the search counts them (a game may search a subset). */
static int root_moves(Engine *e)
{
    Move moves[MAX_MOVES];
    return e->ops->gen_search_moves ? e->ops->gen_search_moves(e->pos, moves) : e->ops->gen_moves(e->pos, moves);
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
    if (root_moves(e) == 1 && (lim->soft_ns || lim->hard_ns)) {
        lim->soft_ns = lim->hard_ns = 0;
        if (!lim->nodes || lim->nodes > FORCED_NODES)
            lim->nodes = FORCED_NODES;
    }
}

/* A line cut short (an endgame solver keeps no PV below its own root)
 * goes on with the table's best moves as long as they are legal. */
static void extend_pv(Engine *e, Move *pv, int *pvlen)
{
    const GameOps *ops = e->ops;
    int made = 0;
    for (; made < *pvlen; made++) {
        if (!ops->is_legal(e->pos, pv[made]))
            break;
        ops->make(e->pos, pv[made]);
    }
    while (made == *pvlen && *pvlen < MAX_PLY && !ops->game_over(e->pos)) {
        Move moves[MAX_MOVES];
        TtEntry t;
        Move m = MOVE_NONE;
        if (ops->gen_moves(e->pos, moves) == 1 && moves[0] == MOVE_PASS)
            m = MOVE_PASS;
        else if (tt_probe(e->tt, ops->hash(e->pos), &t) && t.move >= 0 && ops->is_legal(e->pos, t.move))
            m = t.move;
        if (m == MOVE_NONE)
            break;
        ops->make(e->pos, m);
        pv[(*pvlen)++] = m;
        made++;
    }
    while (made-- > 0)
        ops->unmake(e->pos);
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
    engine_search(e, &lim);
    const SearchResult *r = &e->last;
    out->nlines = r->nlines;
    for (int i = 0; i < r->nlines; i++)
        take_line(&r->lines[i], r->exact, &out->lines[i]);
    for (int i = 0; i < out->nlines; i++)
        extend_pv(e, out->lines[i].pv, &out->lines[i].pvlen);
    out->depth = r->depth;
    out->seldepth = e->search->seldepth;
    out->nodes = r->nodes;
    out->ns = r->ns;
}

void analysis_info_line(Engine *e, const SearchEvent *ev, Buf *out)
{
    const SearchLine *l = ev->line;
    const int64_t ms = ev->ns / 1000000;
    const bool exact = e->info_final ? e->last.exact : !e->search->saw_heuristic && !e->search->stop;
    char v[ANALYSIS_SCORE_LEN];
    analysis_format_score(e->ops, l->score, analysis_kind(l->score, exact), v, sizeof v);
    /* A game's own search may not count its plies: the PV is that deep. */
    const int seldepth = ev->seldepth > l->pvlen ? ev->seldepth : l->pvlen;
    const double secs = (double)ev->ns / 1e9;
    buf_printf(out, "info depth %d", ev->depth);
    if (ev->sure && !exact)
        buf_printf(out, "@%d%%", ev->sure);
    buf_printf(out, " seldepth %d", seldepth);
    if (ev->count > 1)
        buf_printf(out, " multipv %d", ev->index + 1);
    buf_printf(out, " score %s nodes %llu nps %.0f time %lld pv", v, (unsigned long long)ev->nodes,
               secs > 0 ? (double)ev->nodes / secs : 0.0, (long long)ms);
    for (int i = 0; i < l->pvlen; i++) {
        char vx[8];
        engine_format_vertex(e, l->pv[i], vx);
        buf_printf(out, " %s", vx);
    }
}

/* The verbose setting's lines, on stderr. Lines come between iterations,
 * at the root: a PV the solver cut short goes on with the table's moves,
 * as analysis_run's do. */
static void info_observe(void *arg, const SearchEvent *ev)
{
    Engine *e = arg;
    SearchEvent shown = *ev;
    SearchLine line = *ev->line;
    extend_pv(e, line.pv, &line.pvlen);
    shown.line = &line;
    Buf b = {0};
    analysis_info_line(e, &shown, &b);
    fprintf(stderr, "%s\n", buf_str(&b));
    buf_free(&b);
}

void analysis_attach(Engine *e) { e->info = info_observe; }
