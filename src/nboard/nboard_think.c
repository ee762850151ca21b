/*
 * nboard_think.c - go and hint: the clock from the GGF, the search (multi-PV
 * for hint), the "search" lines NBoard fills its move grid from, and the
 * "=== move/eval/time" line.
 *
 * Evals are discs from the side to move's view as analysis.h writes them
 * ("+3.52", or "+4" when exact), which NBoard reads as NTest's and Edax's;
 * times are wall-clock seconds, which NBoard records in the game and
 * charges to our clock.
 */
#include "nboard_think.h"

#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "coord.h"
#include "util.h"
#include "timeman.h"

/* A clock that has run out still gets this much (NBoard has no forfeit). */
static const double MIN_LEFT_S = 0.05;

static void move_text(const Engine *e, Move m, char *out)
{
    if (m == MOVE_PASS || m < 0)
        snprintf(out, 8, "PA");
    else
        coord_format(m, e->size, COORDS_OTHELLO, out);
}

/* ------------------------------------------------------ search lines */

/* search PV EVAL 0 DEPTH: the PV's moves joined by dashes, the value as
 * analysis.h writes it in discs ("+3.52"; "+4" when exact), the depth in
 * plies, or 100% (exact) and 100%W (win/draw/loss), as NBoard reads them. */
static void search_line(Nboard *nb, const Move *pv, int pvlen, int score, AnalysisKind kind, int depth)
{
    const Engine *e = nb->engine;
    Buf text = {0};
    for (int i = 0; i < pvlen; i++) {
        char v[8];
        move_text(e, pv[i], v);
        buf_printf(&text, "%s%s", i ? "-" : "", v);
    }
    char eval[ANALYSIS_SCORE_LEN];
    analysis_format_score(e->ops, score, kind, eval, sizeof eval);
    if (kind == ANALYSIS_HEURISTIC)
        nboard_line(nb, "search %s %s 0 %d", buf_str(&text), eval, depth);
    else
        nboard_line(nb, "search %s %s 0 100%%%s", buf_str(&text), eval, kind == ANALYSIS_WLD ? "W" : "");
    nb->shown++;
    buf_free(&text);
}

/* Each finished iteration's lines as the search deepens (go: the best). */
static void observe(void *arg, const SearchEvent *ev)
{
    Nboard *nb = arg;
    const SearchLine *l = ev->line;
    if (ev->kind == SEARCH_EV_LINE && (nb->hinting || ev->index == 0) && l->pvlen > 0)
        search_line(nb, l->pv, l->pvlen, l->score, ANALYSIS_HEURISTIC, l->depth);
}

static void nodestats(Nboard *nb, uint64_t nodes, int64_t ns)
{
    nboard_line(nb, "nodestats %llu %.2f", (unsigned long long)nodes, (double)ns / 1e9);
}

/* ------------------------------------------------------------ search */

/* The engine's clock for the side to move: the GGF's, or none. */
static void set_clock(Nboard *nb, bool clock)
{
    Engine *e = nb->engine;
    const int side = e->ops->side_to_move(e->pos);
    tc_init(&e->tc);
    if (clock && nb->clocked)
        tc_limits(&e->tc, 0, nb->left_s[side] > MIN_LEFT_S ? nb->left_s[side] : MIN_LEFT_S, nb->inc_s);
}

static void begin(Nboard *nb, int multipv, bool hinting)
{
    Engine *e = nb->engine;
    e->multipv = multipv;
    e->observe = observe;
    e->observe_arg = nb;
    nb->hinting = hinting;
    nb->thinking = true;
    nb->stop = false;
    nb->shown = 0;
}

static void end(Nboard *nb)
{
    Engine *e = nb->engine;
    nb->thinking = nb->stop = false;
    e->multipv = 0;
    e->observe = NULL;
}

/* The move: the search of the side to move on the GGF clock (the book
 * comes before it, in nboard_go). Its line once more when it turned out
 * exact or was never shown (a solve at the root reports no iterations; a
 * search stopped before its first iteration has none to show). */
static Move search_move(Nboard *nb, char *eval, size_t n)
{
    Engine *e = nb->engine;
    set_clock(nb, true);
    begin(nb, 0, false);
    const bool book = e->set.book;
    e->set.book = false;
    Move m;
    engine_genmove(e, e->ops->side_to_move(e->pos), false, &m);
    e->set.book = book;
    end(nb);
    const SearchResult *r = &e->last;
    const AnalysisKind kind = analysis_kind(r->score, r->exact);
    if (r->nlines > 0 && (r->exact || (nb->shown == 0 && r->depth > 0)))
        search_line(nb, r->lines[0].pv, r->lines[0].pvlen, r->score, kind, r->depth);
    nodestats(nb, r->nodes, r->ns);
    /* No value without a search (one legal move on a clock). */
    if (r->depth > 0 || r->exact)
        analysis_format_score(e->ops, r->score, kind, eval, n);
    return m;
}

void nboard_go(Nboard *nb)
{
    Engine *e = nb->engine;
    const int64_t start = clock_ns();
    char v[8], eval[ANALYSIS_SCORE_LEN] = "";
    if (engine_game_over(e)) {
        nboard_reply(nb, "=== PA");
        return;
    }
    nboard_line(nb, "status flipfive is thinking");
    Move m = e->set.book && e->ops->book_move ? e->ops->book_move(e->pos, &e->book_rng) : MOVE_NONE;
    if (m == MOVE_NONE)
        m = search_move(nb, eval, sizeof eval);
    move_text(e, m, v);
    /* NTest writes the move's value unsigned when positive ("D6/1.30"). */
    nboard_reply(nb, "=== %s/%s/%.2f", v, eval + (eval[0] == '+'), (double)(clock_ns() - start) / 1e9);
}

void nboard_hint(Nboard *nb, int lines)
{
    Engine *e = nb->engine;
    nboard_line(nb, "status flipfive is analyzing");
    if (!engine_game_over(e)) {
        /* The lines as they come, then the result once more when its
         * values are exact, or its lines were never shown. */
        Analysis *a = xmalloc(sizeof *a);
        set_clock(nb, false);
        begin(nb, 0, true);
        analysis_run(e, lines >= ANALYSIS_MAX_LINES ? ANALYSIS_ALL : lines, 0, a);
        end(nb);
        const bool again = nb->shown == 0 || (a->nlines > 0 && a->lines[0].kind != ANALYSIS_HEURISTIC);
        for (int i = 0; again && i < a->nlines; i++)
            search_line(nb, a->lines[i].pv, a->lines[i].pvlen, a->lines[i].score, a->lines[i].kind,
                        a->lines[i].depth);
        nodestats(nb, a->nodes, a->ns);
        free(a);
    }
    nboard_line(nb, "status");
}
