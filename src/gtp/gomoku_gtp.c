/*
 * gomoku_gtp.c - the five-in-a-row GTP extensions: flipfive-forbidden
 * (black's forbidden points in a Renju position), flipfive-vcf and
 * flipfive-vct (a forced win for the side to move by continuous fours, or by
 * threats, with its line).
 */
#include <stdio.h>

#include "gomoku_ops.h"
#include "gomoku_threat.h"
#include "gtp_commands.h"
#include "renju.h"
#include "timeman.h"

static bool five_in_a_row(const Engine *e)
{
    return e->ops == &gomoku_ops || e->ops == &renju_ops;
}

static void append_vertex(const Engine *e, Buf *b, int box, bool first)
{
    char v[8];
    engine_format_vertex(e, box < 0 ? MOVE_PASS : gomoku_cell(e->pos, box), v);
    buf_printf(b, "%s%s", first ? "" : " ", v);
}

/* flipfive-forbidden: black's forbidden points, whoever is to move; an
 * empty list in Gomoku (and Othello). */
void gtp_cmd_forbidden(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    Engine *e = g->engine;
    Buf b = {0};
    if (e->ops == &renju_ops) {
        int16_t pts[GOMOKU_BOX];
        int n = renju_forbidden_points(e->pos, pts);
        for (int i = 0; i < n; i++)
            append_vertex(e, &b, pts[i], i == 0);
    }
    gtp_ok(g, "%s", buf_str(&b));
    buf_free(&b);
}

/* Shared by flipfive-vcf and flipfive-vct: [SECONDS] (default: the
 * movetime setting; 0 = no limit), the nodes setting as a node budget (the
 * same answer on every host, which tests need), the engine's search context
 * prepared for polling (gogui-interrupt) and counting nodes. */
static bool threat_limits(Gtp *g, int argc, char **argv, ThreatLimits *lim)
{
    Engine *e = g->engine;
    double secs = e->set.movetime;
    if (argc > 0 && (!gtp_parse_float(argv[0], &secs) || secs < 0 || secs > 1e6)) {
        gtp_fail(g, "syntax error");
        return false;
    }
    if (!five_in_a_row(e)) {
        gtp_fail(g, "unsupported game");
        return false;
    }
    /* No deadline in the context: the threat search keeps its own. An
     * embedder's node budget (the fuzzers) still applies. */
    SearchCtx *s = e->search;
    search_begin(s, e->ops, e->pos, NULL, &(SearchLimits){0});
    search_set_poll(s, e->poll, e->poll_arg);
    const int64_t start = s->start_ns;
    g->interrupted = false;
    *lim = (ThreatLimits){.nodes = e->set.nodes,
                          .deadline_ns = secs > 0 ? start + (int64_t)(secs * 1e9) : 0,
                          .ctx = s,
                          .main_line = true};
    return true;
}

/* "win" and the line, or "none"; the figures on stderr with --verbose. */
static void threat_reply(Gtp *g, const char *what, const ThreatResult *r)
{
    Engine *e = g->engine;
    g->interrupted = false;
    if (e->set.verbose)
        fprintf(stderr, "%s: %s plies %d nodes %llu time %.3f\n", what, r->win ? "win" : r->stopped ? "stopped" : "none",
                r->len, (unsigned long long)r->nodes, (double)(clock_ns() - e->search->start_ns) / 1e9);
    Buf b = {0};
    buf_printf(&b, "%s", r->win ? "win" : "none");
    for (int i = 0; r->win && i < r->len && i < VCF_MAX_LINE; i++)
        append_vertex(e, &b, r->line[i], false);
    gtp_ok(g, "%s", buf_str(&b));
    buf_free(&b);
}

/* flipfive-vcf [SECONDS]: a forced win by continuous fours for the side to
 * move: "win" and the line (attacker's fours, the defender's forced blocks,
 * `pass` where the only block is forbidden, the five), or "none" (also when
 * time ran out first). */
void gtp_cmd_vcf(Gtp *g, int argc, char **argv)
{
    ThreatLimits lim;
    if (!threat_limits(g, argc, argv, &lim))
        return;
    ThreatResult r;
    gomoku_vcf(g->engine->pos, &lim, &r);
    threat_reply(g, "vcf", &r);
}

/* flipfive-vct [SECONDS]: a forced win by threats (fours, threes, moves
 * threatening a VCF): "win" and its main line (each defender move the one
 * that resists longest; `pass` where it has nothing better than to play
 * elsewhere), or "none". */
void gtp_cmd_vct(Gtp *g, int argc, char **argv)
{
    ThreatLimits lim;
    if (!threat_limits(g, argc, argv, &lim))
        return;
    ThreatResult r;
    gomoku_vct(g->engine->pos, &lim, VCT_SEARCH_DEPTH, &r);
    threat_reply(g, "vct", &r);
}
