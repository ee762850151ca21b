/*
 * pisk_think.c - the move: the clock from the INFO limits, the search
 * (multi-PV for yxnbest), the analysis lines Yixin-Board draws while it
 * runs, and yxshowforbid.
 */
#include "pisk_think.h"

#include <math.h>
#include <stdio.h>

#include "gomocup.h"
#include "gomoku_ops.h"
#include "renju.h"
#include "timeman.h"

enum {
    UNLIMITED_MS = 2147483647,  /* time_left without a game limit */
    REALTIME_AFTER_MS = 200,    /* root-move lines only for longer searches */
    WINRATE_SCALE = 400         /* search units for odds of e : 1 */
};

/* timeout_turn 0 asks for a move as fast as possible: a search of a
 * millisecond still plays the evaluation's best move. */
static const double FAST_TURN_S = 0.001;

/* ---------------------------------------------------------------- clock */

/* The engine's clock from the INFO limits: the turn limit, and the game
 * time left when there is a game limit (timeout_match 0, or time_left
 * 2147483647, mean none). Without timeout_turn, the movetime setting. */
static void set_clock(Pisk *p)
{
    const PiskInfo *in = &p->info;
    const double turn = in->turn_ms < 0 ? 0 : in->turn_ms == 0 ? FAST_TURN_S : (double)in->turn_ms / 1000;
    long left = in->left_ms >= 0 ? in->left_ms : in->match_ms > 0 ? in->match_ms : -1;
    if (left >= UNLIMITED_MS || in->match_ms == 0)
        left = -1;
    tc_limits(&p->engine->tc, turn, left >= 0 ? (double)left / 1000 : -1, (double)in->inc_ms / 1000);
}

double pisk_move_seconds(const Pisk *p)
{
    set_clock((Pisk *)p);
    Engine *e = p->engine;
    const TimeBudget b = engine_time_budget(e, e->ops->side_to_move(e->pos));
    return (double)b.hard_ns / 1e9;
}

/* ------------------------------------------------------- analysis lines */

static void point_line(Pisk *p, const char *what, Move m)
{
    char xy[8];
    gomocup_format_xy(m, p->engine->size, xy);
    pisk_line(p, "MESSAGE REALTIME %s %s", what, xy);
}

/* EVAL: the score, or +Mn / -Mn for a win or loss in n plies. */
static void eval_text(int score, char *out, size_t n)
{
    if (score >= SCORE_WIN_MIN)
        snprintf(out, n, "+M%d", SCORE_WIN - score);
    else if (score <= -SCORE_WIN_MIN)
        snprintf(out, n, "-M%d", SCORE_WIN + score);
    else
        snprintf(out, n, "%d", score);
}

static double winrate(int score)
{
    if (score >= SCORE_WIN_MIN)
        return 1;
    if (score <= -SCORE_WIN_MIN)
        return 0;
    return 1 / (1 + exp(-(double)score / WINRATE_SCALE));
}

/* One finished line as Rapfi prints it and Yixin-Board reads it. */
static void info_lines(Pisk *p, const SearchEvent *ev)
{
    const SearchLine *l = ev->line;
    const long ms = (long)(ev->ns / 1000000);
    char eval[16];
    eval_text(l->score, eval, sizeof eval);
    Buf line = {0};
    for (int i = 0; i < l->pvlen; i++) {
        char xy[8];
        gomocup_format_xy(l->pv[i], p->engine->size, xy);
        buf_printf(&line, "%s%s", i ? " " : "", xy);
    }
    pisk_line(p, "INFO PV %d", ev->index);
    pisk_line(p, "INFO NUMPV %d", ev->count);
    pisk_line(p, "INFO DEPTH %d", ev->depth);
    pisk_line(p, "INFO SELDEPTH %d", ev->seldepth);
    pisk_line(p, "INFO NODES %llu", (unsigned long long)ev->nodes);
    pisk_line(p, "INFO TOTALNODES %llu", (unsigned long long)ev->nodes);
    pisk_line(p, "INFO TOTALTIME %ld", ms);
    pisk_line(p, "INFO SPEED %llu", (unsigned long long)(ev->nodes * 1000 / (uint64_t)(ms > 0 ? ms : 1)));
    pisk_line(p, "INFO EVAL %s", eval);
    pisk_line(p, "INFO WINRATE %.4f", winrate(l->score));
    pisk_line(p, "INFO BESTLINE %s", buf_str(&line));
    pisk_line(p, "INFO PV DONE");
    buf_free(&line);
}

/* The search's progress for Yixin-Board: show_detail 1 the realtime marks
 * (root moves only once a search has run a while), 2 the lines. */
static void observe(void *arg, const SearchEvent *ev)
{
    Pisk *p = arg;
    const bool realtime = p->info.show_detail & 1;
    const bool late = ev->ns >= (int64_t)REALTIME_AFTER_MS * 1000000;
    switch (ev->kind) {
    case SEARCH_EV_MOVE:
        if (realtime && late)
            point_line(p, "POS", ev->move);
        break;
    case SEARCH_EV_MOVE_DONE:
        if (realtime && late)
            point_line(p, ev->score <= -SCORE_WIN_MIN ? "LOST" : "DONE", ev->move);
        break;
    case SEARCH_EV_LINE:
        if (realtime && ev->index == 0) {
            pisk_line(p, "MESSAGE REALTIME REFRESH");
            point_line(p, "BEST", ev->line->pv[0]);
        }
        if (p->info.show_detail & 2)
            info_lines(p, ev);
        break;
    }
}

/* ----------------------------------------------------------------- move */

/* An empty point, nearest the centre: the answer when the game on the
 * board is already over (the manager's business, but a move is owed). */
static Move any_empty(const Engine *e)
{
    const int n = e->size;
    Move best = MOVE_NONE;
    int best_d = 1 << 30;
    for (int c = 0; c < n * n; c++) {
        const int dr = c / n - n / 2, dc = c % n - n / 2, d = dr * dr + dc * dc;
        if (e->ops->cell(e->pos, c) == CELL_EMPTY && d < best_d) {
            best = c;
            best_d = d;
        }
    }
    return best;
}

void pisk_think(Pisk *p, int nbest)
{
    Engine *e = p->engine;
    if (any_empty(e) == MOVE_NONE) {
        pisk_reply(p, "ERROR no empty point");
        return;
    }
    if (p->own < 0)
        p->own = e->ops->side_to_move(e->pos);
    set_clock(p);
    e->multipv = nbest;
    e->observe = p->info.show_detail ? observe : NULL;
    e->observe_arg = p;
    p->thinking = true;
    p->stop = false;
    Move m;
    engine_genmove(e, p->own, true, &m);
    p->thinking = p->stop = false;
    e->multipv = 0;
    e->observe = NULL;
    if (p->quit)
        return; /* END while thinking: no move */
    if (m < 0)
        m = any_empty(e);
    char xy[8];
    gomocup_format_xy(m, e->size, xy);
    pisk_reply(p, "%s", xy);
}

Move pisk_evaluate(Pisk *p, double secs, int *score)
{
    Engine *e = p->engine;
    tc_limits(&e->tc, secs, -1, 0); /* 0: no limit (a fixed depth, say) */
    p->thinking = true;
    Move m;
    engine_genmove(e, e->ops->side_to_move(e->pos), false, &m);
    p->thinking = false;
    *score = e->last.score;
    return m;
}

/* ------------------------------------------------------- forbidden points */

/* FORBID and black's forbidden points as xxyy, then a dot: only in Renju
 * with Black to move (as Rapfi answers), "FORBID ." otherwise. */
void pisk_cmd_yxshowforbid(Pisk *p, char *args)
{
    (void)args;
    Engine *e = p->engine;
    Buf b = {0};
    if (e->ops == &renju_ops && e->ops->side_to_move(e->pos) == BLACK && !engine_game_over(e)) {
        int16_t pts[GOMOKU_BOX];
        const int n = renju_forbidden_points(e->pos, pts);
        for (int i = 0; i < n; i++) {
            const int c = gomoku_cell(e->pos, pts[i]);
            buf_printf(&b, "%02d%02d", c % e->size, c / e->size);
        }
    }
    pisk_reply(p, "FORBID %s.", buf_str(&b));
    buf_free(&b);
}
