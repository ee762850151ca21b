/*
 * nboard_think.c - go and hint: the clock from the GGF, the search (multi-PV
 * for hint), the "search" lines NBoard fills its move grid from, and the
 * "=== move/eval/time" line.
 *
 * Evals are discs from the side to move's view with two decimals, as
 * NBoard, NTest and Edax print them; times are wall-clock seconds, which
 * NBoard records in the game and charges to our clock.
 */
#include "nboard_think.h"

#include <stdio.h>

#include "coord.h"
#include "timeman.h"

/* A clock that has run out still gets this much (NBoard has no forfeit). */
static const double MIN_LEFT_S = 0.05;

/* ------------------------------------------------------------ numbers */

/* Search units as discs with two decimals ("-2.50"); a proven win or
 * loss, which Othello's search never reports, as the whole board. */
static void disc_text(const Engine *e, int score, char *out, size_t n)
{
    const int units = e->ops->score_units ? e->ops->score_units() : 1;
    if (score >= SCORE_WIN_MIN || score <= -SCORE_WIN_MIN)
        snprintf(out, n, "%d.00", score > 0 ? e->size * e->size : -e->size * e->size);
    else
        snprintf(out, n, "%s%d.%02d", score < 0 ? "-" : "", (score < 0 ? -score : score) / units,
                 (score < 0 ? -score : score) % units * 100 / units);
}

static void move_text(const Engine *e, Move m, char *out)
{
    if (m == MOVE_PASS || m < 0)
        snprintf(out, 8, "PA");
    else
        coord_format(m, e->size, COORDS_OTHELLO, out);
}

/* ------------------------------------------------------ search lines */

/* search PV EVAL 0 DEPTH: the PV's moves joined by dashes; the depth in
 * plies, or 100% when the value is exact. */
static void search_line(Nboard *nb, const SearchLine *l, bool exact)
{
    const Engine *e = nb->engine;
    Buf pv = {0};
    for (int i = 0; i < l->pvlen; i++) {
        char v[8];
        move_text(e, l->pv[i], v);
        buf_printf(&pv, "%s%s", i ? "-" : "", v);
    }
    char eval[24];
    disc_text(e, l->score, eval, sizeof eval);
    if (exact)
        nboard_line(nb, "search %s %s 0 100%%", buf_str(&pv), eval);
    else
        nboard_line(nb, "search %s %s 0 %d", buf_str(&pv), eval, l->depth);
    nb->shown++;
    buf_free(&pv);
}

/* Each finished iteration's lines as the search deepens (go: the best). */
static void observe(void *arg, const SearchEvent *ev)
{
    Nboard *nb = arg;
    if (ev->kind == SEARCH_EV_LINE && (nb->hinting || ev->index == 0) && ev->line->pvlen > 0)
        search_line(nb, ev->line, false);
}

/* The search's figures, and its lines once more when they turned out
 * exact or were never shown (a solve at the root reports no iterations;
 * a search stopped before its first iteration has none to show). */
static void final_lines(Nboard *nb)
{
    const SearchResult *r = &nb->engine->last;
    if (r->exact || (nb->shown == 0 && r->depth > 0))
        for (int i = 0; i < r->nlines && (nb->hinting || i == 0); i++)
            search_line(nb, &r->lines[i], r->exact);
    nboard_line(nb, "nodestats %llu %.2f", (unsigned long long)r->nodes, (double)r->ns / 1e9);
}

/* ------------------------------------------------------------ search */

/* The search of the side to move: multipv lines, on the clock or not. */
static Move search(Nboard *nb, int multipv, bool clock)
{
    Engine *e = nb->engine;
    const int side = e->ops->side_to_move(e->pos);
    tc_init(&e->tc);
    if (clock && nb->clocked)
        tc_limits(&e->tc, 0, nb->left_s[side] > MIN_LEFT_S ? nb->left_s[side] : MIN_LEFT_S, nb->inc_s);
    e->multipv = multipv;
    e->observe = observe;
    e->observe_arg = nb;
    nb->thinking = true;
    nb->stop = false;
    nb->shown = 0;
    /* The book is go's, before the search; hint values moves. */
    const bool book = e->set.book;
    e->set.book = false;
    Move m;
    engine_genmove(e, side, false, &m);
    e->set.book = book;
    nb->thinking = nb->stop = false;
    e->multipv = 0;
    e->observe = NULL;
    return m;
}

void nboard_go(Nboard *nb)
{
    Engine *e = nb->engine;
    const int64_t start = clock_ns();
    char v[8], eval[24] = "";
    if (engine_game_over(e)) {
        nboard_reply(nb, "=== PA");
        return;
    }
    nboard_line(nb, "status flipfive is thinking");
    Move m = e->set.book && e->ops->book_move ? e->ops->book_move(e->pos, &e->book_rng) : MOVE_NONE;
    if (m == MOVE_NONE) {
        nb->hinting = false;
        m = search(nb, 0, true);
        final_lines(nb);
        /* No value without a search (one legal move on a clock). */
        if (e->last.depth > 0 || e->last.exact)
            disc_text(e, e->last.score, eval, sizeof eval);
    }
    move_text(e, m, v);
    nboard_reply(nb, "=== %s/%s/%.2f", v, eval, (double)(clock_ns() - start) / 1e9);
}

void nboard_hint(Nboard *nb, int lines)
{
    Engine *e = nb->engine;
    nboard_line(nb, "status flipfive is analyzing");
    if (!engine_game_over(e)) {
        nb->hinting = true;
        search(nb, lines < SEARCH_MAX_PV ? lines : SEARCH_MAX_PV, false);
        final_lines(nb);
    }
    nboard_line(nb, "status");
}
