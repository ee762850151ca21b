/*
 * gtp_analyze.c - what the engine thinks, for GTP hosts and GoGui: move
 * values (flipfive-analyze, and GoGui's pspairs and var), the settings as
 * a GoGui param dialog, and the live graphics GoGui draws while genmove
 * thinks. The values are analysis.c's; this is their GTP form.
 *
 *   flipfive-analyze 2   = C4 +3.52 heuristic depth 8 pv C4 E3 F6 ...
 *                          E6 +1.10 heuristic depth 8 pv E6 ...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analysis.h"
#include "gtp_commands.h"
#include "settings.h"

static const char *const KIND_NAME[] = {"heuristic", "exact", "wld"};

static void append_move(const Engine *e, Move m, Buf *out)
{
    char v[8];
    engine_format_vertex(e, m, v);
    buf_printf(out, "%s", v);
}

static void append_pv(const Engine *e, const AnalysisLine *l, Buf *out)
{
    for (int i = 0; i < l->pvlen; i++) {
        buf_printf(out, "%s", i ? " " : "");
        append_move(e, l->pv[i], out);
    }
}

/* Runs the analysis; false (after the failure reply) when interrupted. */
static bool analyze(Gtp *g, int nbest, double seconds, Analysis *a)
{
    g->interrupted = false;
    analysis_run(g->engine, nbest, seconds, a);
    if (g->interrupted) {
        gtp_fail(g, "interrupted");
        return false;
    }
    return true;
}

/* flipfive-analyze [N|all] [SECONDS]: one line per move, best first. */
void gtp_cmd_analyze(Gtp *g, int argc, char **argv)
{
    long n = ANALYSIS_ALL;
    double secs = 0;
    if ((argc > 0 && strcasecmp(argv[0], "all") != 0 && !gtp_parse_int(argv[0], 1, ANALYSIS_MAX_LINES, &n)) ||
        (argc > 1 && (!gtp_parse_float(argv[1], &secs) || secs <= 0 || secs > 1e6))) {
        gtp_fail(g, "syntax error");
        return;
    }
    Engine *e = g->engine;
    Analysis a;
    if (!analyze(g, (int)n, secs, &a))
        return;
    Buf b = {0};
    for (int i = 0; i < a.nlines; i++) {
        const AnalysisLine *l = &a.lines[i];
        char v[ANALYSIS_SCORE_LEN];
        analysis_format_score(e->ops, l->score, l->kind, v, sizeof v);
        buf_printf(&b, "%s", i ? "\n" : "");
        append_move(e, l->move, &b);
        buf_printf(&b, " %s %s depth %d pv ", v, KIND_NAME[l->kind], l->depth);
        append_pv(e, l, &b);
    }
    gtp_ok(g, "%s", buf_str(&b));
    buf_free(&b);
}

/* flipfive-move_values: every move and its value, as GoGui's pspairs. */
void gtp_cmd_move_values(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    Engine *e = g->engine;
    Analysis a;
    if (!analyze(g, ANALYSIS_ALL, 0, &a))
        return;
    Buf b = {0};
    for (int i = 0; i < a.nlines; i++) {
        char v[ANALYSIS_SCORE_LEN];
        analysis_format_score(e->ops, a.lines[i].score, a.lines[i].kind, v, sizeof v);
        buf_printf(&b, "%s", i ? " " : "");
        append_move(e, a.lines[i].move, &b);
        buf_printf(&b, " %s", v);
    }
    gtp_ok(g, "%s", buf_str(&b));
    buf_free(&b);
}

/* flipfive-pv: the best line, moves only (GoGui's var: the side to move
 * first, colours alternating, passes spelt out). */
void gtp_cmd_pv(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    Analysis a;
    if (!analyze(g, 1, 0, &a))
        return;
    Buf b = {0};
    if (a.nlines)
        append_pv(g->engine, &a.lines[0], &b);
    gtp_ok(g, "%s", buf_str(&b));
    buf_free(&b);
}

/* flipfive-params [NAME VALUE]: the settings of this game as GoGui's param
 * dialog reads them, or one of them changed (as flipfive-set). */
void gtp_cmd_params(Gtp *g, int argc, char **argv)
{
    if (argc == 1) {
        gtp_fail(g, "syntax error");
        return;
    }
    if (argc == 2) {
        gtp_cmd_set(g, argc, argv);
        return;
    }
    Buf b = {0};
    settings_params(g->engine, &b);
    gtp_ok(g, "%s", buf_str(&b));
    buf_free(&b);
}

/* ------------------------------------------------- GoGui live graphics */

/* The side that plays the i-th move of a line from the root. */
static char line_color(const Engine *e, int i)
{
    return (e->ops->side_to_move(e->pos) ^ (i & 1)) == BLACK ? 'b' : 'w';
}

/* One set of draw commands: the PV as VAR, the values of the root moves
 * the iteration proved (the first one searched and each that beat the
 * moves before it; a move that failed low has only a bound, left out), and
 * the figures as TEXT. */
static void gfx_show(Gtp *g, const SearchEvent *ev)
{
    const Engine *e = g->engine;
    const SearchLine *l = ev->line;
    Buf b = {0};
    buf_printf(&b, "gogui-gfx:\nVAR");
    for (int i = 0; i < l->pvlen; i++) {
        buf_printf(&b, " %c ", line_color(e, i));
        append_move(e, l->pv[i], &b);
    }
    buf_printf(&b, "\nLABEL");
    for (int i = 0; i < g->gfx_n; i++) {
        const Move m = g->gfx_moves[i];
        char v[ANALYSIS_SCORE_LEN];
        if (m < 0)
            continue; /* a pass has no point to label */
        analysis_format_score(e->ops, l->pvlen > 0 && m == l->pv[0] ? l->score : g->gfx_scores[i],
                              ANALYSIS_HEURISTIC, v, sizeof v);
        buf_printf(&b, " ");
        append_move(e, m, &b);
        buf_printf(&b, " %s", v);
    }
    char v[ANALYSIS_SCORE_LEN];
    analysis_format_score(e->ops, l->score, analysis_kind(l->score, false), v, sizeof v);
    buf_printf(&b, "\nTEXT depth %d score %s nodes %llu time %.1f\n\n", ev->depth, v,
               (unsigned long long)ev->nodes, (double)ev->ns / 1e9);
    fputs(buf_str(&b), stderr);
    fflush(stderr);
    buf_free(&b);
}

/* A root move searched: kept when its value is known (see gfx_show). */
static void gfx_move_done(Gtp *g, const SearchEvent *ev)
{
    if (g->gfx_n > 0 && ev->score <= g->gfx_best)
        return;
    if (g->gfx_n == MAX_MOVES)
        return;
    g->gfx_moves[g->gfx_n] = ev->move;
    g->gfx_scores[g->gfx_n++] = ev->score;
    g->gfx_best = ev->score;
}

static void gfx_observe(void *arg, const SearchEvent *ev)
{
    Gtp *g = arg;
    switch (ev->kind) {
    case SEARCH_EV_MOVE:
        /* a move searched again: the iteration starts over with a wider
         * window, and the values of the narrow one go */
        for (int i = 0; i < g->gfx_n; i++)
            if (g->gfx_moves[i] == ev->move)
                g->gfx_n = 0;
        break;
    case SEARCH_EV_MOVE_DONE:
        gfx_move_done(g, ev);
        break;
    case SEARCH_EV_LINE:
        if (ev->index == 0)
            gfx_show(g, ev);
        g->gfx_n = 0;
        break;
    }
}

SearchObserve gtp_gfx_observer(Gtp *g)
{
    g->gfx_n = 0;
    return g->engine->set.gfx ? gfx_observe : NULL;
}

void gtp_gfx_clear(Gtp *g)
{
    (void)g;
    fputs("gogui-gfx: CLEAR\n", stderr);
    fflush(stderr);
}
