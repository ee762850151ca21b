/*
 * gtp_solve.c - flipfive-solve: the exact value of the current position for
 * the side to move, with its best move and principal variation (the work is
 * solve.c's; this is its GTP reply).
 *
 *   flipfive-solve      = A2 +38 pv A2 B1 C1 pass ... nodes 10512345 time 0.420
 *   flipfive-solve wld  = A2 win nodes 1234567 time 0.110
 */
#include <string.h>
#include <strings.h>

#include "gtp_commands.h"
#include "solve.h"
#include "timeman.h"

static void append_move(const Engine *e, Move m, Buf *out)
{
    char v[8];
    if (m == MOVE_NONE)
        strcpy(v, "none");
    else
        engine_format_vertex(e, m, v);
    buf_printf(out, "%s", v);
}

void gtp_cmd_solve(Gtp *g, int argc, char **argv)
{
    if (argc == 1 && strcasecmp(argv[0], "wld") != 0) {
        gtp_fail(g, "syntax error");
        return;
    }
    const bool wld = argc == 1;
    Engine *e = g->engine;
    Solution sol;
    const int64_t start = clock_ns();
    if (!solve_run(e, wld, &sol)) {
        gtp_fail(g, "interrupted");
        return;
    }
    const double secs = (double)(clock_ns() - start) / 1e9;
    const int units = e->ops->score_units ? e->ops->score_units() : 1;
    const int score = sol.score / units;
    Buf b = {0};
    append_move(e, sol.best, &b);
    if (wld) {
        buf_printf(&b, " %s", score > 0 ? "win" : score < 0 ? "loss" : "draw");
    } else {
        buf_printf(&b, " %+d pv", score);
        for (int i = 0; i < sol.pvlen; i++) {
            buf_printf(&b, " ");
            append_move(e, sol.pv[i], &b);
        }
    }
    buf_printf(&b, " nodes %llu time %.3f", (unsigned long long)e->search->nodes, secs);
    if (e->set.verbose)
        fprintf(stderr, "solve: threads %d split points %llu moves by helpers %llu idle %.3f s\n",
                search_threads(e->search), (unsigned long long)e->search->solve_split.points,
                (unsigned long long)e->search->solve_split.moves, (double)e->search->solve_split.idle_ns / 1e9);
    gtp_ok(g, "%s", buf_str(&b));
    buf_free(&b);
}
