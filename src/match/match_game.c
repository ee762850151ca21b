/*
 * match_game.c - the referee of one game. The referee's own position is the
 * truth: engines only propose moves, and every proposal is checked with the
 * game's GameOps before it is made and relayed. Engines speak their own
 * protocols through their drivers (match_driver.h); GTP engines hear about
 * passes only if they want to (--implicit-pass, or a "?" to "play c pass"),
 * as Quarry does for GRhino. With --restart off an engine's process (its
 * seat) outlives the game and serves the next one.
 */
#include "match_game.h"

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "coord.h"
#include "match_driver.h"
#include "match_sgf.h"
#include "timeman.h"

static const int64_t STOP_GRACE_NS = 2000000000;
static const char *const COLOR_WORD[2] = {"black", "white"};

typedef struct Game {
    const MatchConfig *cfg;
    const MatchInfo *info;
    MatchResult *r;
    MatchGameRec *rec;
    void *pos;
    MatchSeat *seat[2];     /* by engine, MATCH_A / MATCH_B */
    MatchClock clock[2];    /* by engine */
    int engine_of[2];       /* by colour */
    bool over;
    FILE *log;
    int log_fd;
} Game;

static int color_of(const Game *g, int engine) { return g->engine_of[BLACK] == engine ? BLACK : WHITE; }

static void set_detail(Game *g, const char *fmt, va_list ap)
{
    Buf b = {0};
    buf_vprintf(&b, fmt, ap);
    free(g->r->detail);
    g->r->detail = strdup(buf_str(&b));
    buf_free(&b);
}

/* The game ends against engine e. */
static void end_fault(Game *g, int e, int reason, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void end_fault(Game *g, int e, int reason, const char *fmt, ...)
{
    if (g->over)
        return;
    g->over = true;
    MatchResult *r = g->r;
    va_list ap;
    va_start(ap, fmt);
    set_detail(g, fmt, ap);
    va_end(ap);
    r->reason = reason;
    if (reason == REASON_ABORTED) {
        r->winner = WINNER_NONE;
        snprintf(r->result, sizeof r->result, "Void");
        return;
    }
    r->fault = reason >= REASON_FAULT ? e : -1;
    r->winner = !e;
    const char *how = reason == REASON_RESIGN                              ? "R"
                      : reason == REASON_TIME || reason == REASON_TIMEOUT ? "T"
                                                                           : "F";
    snprintf(r->result, sizeof r->result, "%c+%s", color_of(g, !e) == BLACK ? 'B' : 'W', how);
}

static void end_by_rules(Game *g)
{
    const GameOps *ops = g->cfg->ops;
    MatchResult *r = g->r;
    int o = ops->outcome(g->pos), stones[3] = {0, 0, 0}, n = g->cfg->size * g->cfg->size;
    for (int c = 0; c < n; c++)
        stones[ops->cell(g->pos, c)]++;
    g->over = true;
    r->reason = REASON_END;
    r->score = o;
    r->winner = o > 0 ? g->engine_of[BLACK] : o < 0 ? g->engine_of[WHITE] : WINNER_DRAW;
    if (o == 0)
        snprintf(r->result, sizeof r->result, "Draw");
    else if (ops->free_order)
        snprintf(r->result, sizeof r->result, "%c+", o > 0 ? 'B' : 'W');
    else
        snprintf(r->result, sizeof r->result, "%c+%d", o > 0 ? 'B' : 'W', o > 0 ? o : -o);
    free(r->detail);
    Buf b = {0};
    buf_printf(&b, "game over: %d black, %d white, %d empty", stones[CELL_BLACK], stones[CELL_WHITE],
               stones[CELL_EMPTY]);
    r->detail = strdup(buf_str(&b));
    buf_free(&b);
}

/* An engine that gave no usable answer: it crashed or hung. */
static void drv_fault(Game *g, int e, DrvStatus st, const char *what)
{
    MatchProc *p = &g->seat[e]->eng.proc;
    char how[32];
    if (st == DRV_ABORTED) {
        end_fault(g, e, REASON_ABORTED, "interrupted");
    } else if (st == DRV_TIMEOUT) {
        match_proc_kill(p);
        end_fault(g, e, REASON_TIMEOUT, "%c: no answer to %s within %g s", 'A' + e, what, g->cfg->timeout);
    } else {
        match_proc_stop(p, NULL, STOP_GRACE_NS / 2);
        match_proc_describe_exit(p, how, sizeof how);
        end_fault(g, e, REASON_CRASH, "%c: no answer to %s (%s)", 'A' + e, what, how);
    }
}

/* A new game for engine e: the whole set-up for a fresh process, what its
 * protocol wants told again for one kept from the last game. */
static bool setup_engine(Game *g, int e)
{
    MatchSeat *s = g->seat[e];
    match_clock_init(&g->clock[e], &g->cfg->tc_engine[e]);
    s->eng.nmoves = s->eng.synced = 0;
    DrvStatus st = s->eng.drv->new_game(&s->eng, !s->ready);
    if (st == DRV_REFUSED)
        end_fault(g, e, REASON_SETUP, "%c %s", 'A' + e, buf_str(&s->eng.reply));
    else if (st != DRV_OK)
        drv_fault(g, e, st, "the new game");
    s->ready = !g->over;
    return !g->over;
}

/* With --restart off an engine outlives the game's log, so its stderr goes
 * to a file of its own, named after the game it was started for. */
static int stderr_fd_for(Game *g, int e, int id)
{
    if (g->cfg->restart || !g->cfg->log_dir)
        return g->log_fd;
    char path[4096];
    snprintf(path, sizeof path, "%s/engine-%c-game-%05d.stderr", g->cfg->log_dir, 'A' + e, id);
    return open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
}

/* Starts the engines that are not running (all of them, unless --restart
 * off kept them from the last game), then sets both up. */
static bool start_engines(Game *g, int id)
{
    for (int e = 0; e < 2; e++) {
        MatchSeat *s = g->seat[e];
        s->eng.proc.log = g->log;
        if (s->eng.proc.pid > 0 && !s->eng.proc.eof)
            continue;
        match_engine_stop(&s->eng, 0);
        match_engine_init(&s->eng, g->cfg->engine[e].drv, g->cfg, e, g->cfg->timeout);
        s->ready = false;
        char err[256];
        int fd = stderr_fd_for(g, e, id);
        bool ok = match_engine_start(&s->eng, &g->cfg->engine[e], g->log, fd, err, sizeof err);
        if (fd >= 0 && fd != g->log_fd)
            close(fd);
        if (!ok) {
            end_fault(g, e, REASON_CRASH, "%s", err);
            return false;
        }
    }
    return setup_engine(g, MATCH_A) && setup_engine(g, MATCH_B);
}

/* Tells engine e that color played m. A GTP engine that refuses a pass is
 * switched to implied passes by its driver: the record says so. */
static void relay(Game *g, int e, int color, Move m)
{
    if (g->over)
        return;
    MatchEngine *eng = &g->seat[e]->eng;
    const bool implicit = eng->implicit;
    DrvStatus st = eng->drv->tell(eng, color, m);
    if (eng->implicit && !implicit)
        g->r->implied_pass[e] = true;
    if (st == DRV_REFUSED)
        end_fault(g, e, REASON_REJECTED, "%c %s", 'A' + e, buf_str(&eng->reply));
    else if (st != DRV_OK)
        drv_fault(g, e, st, "a move");
}

/* Makes m on the referee's board and records it (the record, NULL when
 * the record is full); the engines are told by the caller. */
static MatchMoveRec *make(Game *g, int color, Move m, bool generated, double secs, double left)
{
    g->cfg->ops->make(g->pos, m);
    if (g->rec->n >= MAX_GAME_PLY)
        return NULL;
    MatchMoveRec *r = &g->rec->moves[g->rec->n++];
    *r = (MatchMoveRec){.color = color, .move = m, .generated = generated, .secs = secs, .left = left};
    return r;
}

static bool play_opening(Game *g, const MatchOpening *o)
{
    for (int i = 0; i < o->n && !g->over; i++) {
        int color = g->cfg->ops->side_to_move(g->pos);
        make(g, color, o->moves[i], false, 0, -1);
        relay(g, MATCH_A, color, o->moves[i]);
        relay(g, MATCH_B, color, o->moves[i]);
    }
    g->rec->opening_plies = o->n;
    return !g->over;
}

static bool must_pass(const Game *g)
{
    Move m[MAX_MOVES];
    const GameOps *ops = g->cfg->ops;
    return !ops->free_order && ops->gen_moves(g->pos, m) == 1 && m[0] == MOVE_PASS;
}

/* Checks engine e's move m for color and plays it, or ends the game. */
static void judge(Game *g, int e, int color, Move m, double secs)
{
    const GameOps *ops = g->cfg->ops;
    const char *ans = buf_str(&g->seat[e]->eng.reply);
    while (*ans == ' ')
        ans++;
    snprintf(g->rec->last_answer, sizeof g->rec->last_answer, "%s", ans);
    const bool on_board = m >= 0 && m < g->cfg->size * g->cfg->size;
    if (!ops->is_legal(g->pos, m)) {
        bool forbidden = on_board && ops->free_order && ops->cell(g->pos, m) == CELL_EMPTY;
        end_fault(g, e, forbidden ? REASON_FORBIDDEN : REASON_ILLEGAL, "%c played %s %s: %s", 'A' + e,
                  COLOR_WORD[color], ans, forbidden ? "forbidden point" : "illegal move");
        return;
    }
    const MatchEngine *eng = &g->seat[e]->eng;
    const double left = g->cfg->tc_engine[e].enabled ? match_clock_left(&g->clock[e]) : -1;
    MatchMoveRec *r = make(g, color, m, true, secs, left);
    if (r && eng->has_eval) {
        r->has_eval = true;
        r->eval = color == BLACK ? eng->eval : -eng->eval;
    }
    relay(g, !e, color, m);
}

static void add_time(MatchTimeStat *t, double secs)
{
    t->moves++;
    t->total += secs;
    if (secs > t->max)
        t->max = secs;
}

static void ask_move(Game *g, int color)
{
    const MatchConfig *cfg = g->cfg;
    int e = g->engine_of[color];
    MatchEngine *eng = &g->seat[e]->eng;
    MatchClock *clock = &g->clock[e];
    double allow = match_clock_allowance(clock);
    int64_t t0 = clock_ns();
    int64_t limit = (int64_t)((allow < 0 ? cfg->timeout : allow + cfg->margin) * 1e9);
    Move m = MOVE_NONE;
    eng->has_eval = false;
    DrvStatus st = eng->drv->ask(eng, color, clock, t0 + limit, &m);
    double secs = (double)(clock_ns() - t0) / 1e9;
    const char *ans = buf_str(&eng->reply);
    if (st == DRV_TIMEOUT && allow >= 0) {
        match_proc_kill(&eng->proc);
        end_fault(g, e, REASON_TIME, "%c: no move within %.2f s (%.2f s on its clock + margin)", 'A' + e,
                  secs, allow);
        return;
    }
    if (st == DRV_TIMEOUT || st == DRV_EOF || st == DRV_ABORTED) {
        drv_fault(g, e, st, "its move");
        return;
    }
    add_time(&g->r->time[e], secs);
    snprintf(g->rec->last_answer, sizeof g->rec->last_answer, "%s", ans);
    if (st == DRV_REFUSED)
        end_fault(g, e, REASON_ERROR, "%c refused to move: %.60s", 'A' + e, ans);
    else if (!match_clock_charge(clock, secs, cfg->margin))
        end_fault(g, e, REASON_TIME, "%c took %.2f s with %.2f s on its clock", 'A' + e, secs, allow);
    else if (st == DRV_RESIGN)
        end_fault(g, e, REASON_RESIGN, "%c resigned", 'A' + e);
    else if (st == DRV_GARBAGE)
        end_fault(g, e, REASON_GARBAGE, "%c answered the request for a %s move with '%.40s'", 'A' + e,
                  COLOR_WORD[color], ans);
    else
        judge(g, e, color, m, secs);
}

static void play_moves(Game *g)
{
    const GameOps *ops = g->cfg->ops;
    while (!g->over) {
        if (ops->game_over(g->pos)) {
            end_by_rules(g);
        } else if (g->cfg->max_moves && g->rec->n >= g->cfg->max_moves) {
            g->over = true;
            g->r->reason = REASON_MOVE_LIMIT;
            g->r->winner = WINNER_DRAW;
            snprintf(g->r->result, sizeof g->r->result, "Draw");
        } else {
            int color = ops->side_to_move(g->pos);
            int e = g->engine_of[color];
            if (must_pass(g) && g->seat[e]->eng.implicit) {
                make(g, color, MOVE_PASS, false, 0, -1);
                relay(g, !e, color, MOVE_PASS);
            } else {
                ask_move(g, color);
            }
        }
    }
}

static void moves_text(const Game *g, Buf *out)
{
    for (int i = 0; i < g->rec->n; i++) {
        char v[8];
        coord_format(g->rec->moves[i].move, g->cfg->size, g->cfg->coords, v);
        buf_printf(out, "%s%s", i ? " " : "", v);
    }
}

static void open_log(Game *g, int id)
{
    g->log_fd = -1;
    if (!g->cfg->log_dir)
        return;
    char path[4096];
    snprintf(path, sizeof path, "%s/game-%05d.log", g->cfg->log_dir, id);
    g->log = fopen(path, "w");
    if (!g->log)
        return;
    match_proc_cloexec(fileno(g->log));
    g->log_fd = open(path, O_WRONLY | O_APPEND);
    if (g->log_fd >= 0)
        match_proc_cloexec(g->log_fd);
    setvbuf(g->log, NULL, _IOLBF, 0);
}

static void finish(Game *g, int id, const MatchOpening *o)
{
    for (int e = 0; e < 2; e++) {
        MatchEngine *eng = &g->seat[e]->eng;
        if (g->cfg->restart || g->r->reason == REASON_ABORTED || match_proc_aborted())
            match_engine_stop(eng, STOP_GRACE_NS);
        eng->proc.log = NULL; /* the game's log closes below */
    }
    Buf b = {0};
    moves_text(g, &b);
    g->r->moves = strdup(buf_str(&b));
    buf_free(&b);
    g->r->opening = strdup(o->text);
    g->r->plies = g->rec->n;
    if (!g->r->detail)
        g->r->detail = strdup("");
    if (g->cfg->sgf_dir && g->r->reason != REASON_ABORTED) {
        char path[4096];
        snprintf(path, sizeof path, "%s/game-%05d.sgf", g->cfg->sgf_dir, id);
        if (!match_sgf_write(path, g->cfg, g->info, g->rec, g->r))
            fprintf(stderr, "flipfive-match: cannot write %s\n", path);
    }
    if (g->log)
        fclose(g->log);
    if (g->log_fd >= 0)
        close(g->log_fd);
}

void match_seats_init(MatchSeats *s)
{
    for (int e = 0; e < 2; e++)
        s->seat[e] = (MatchSeat){.eng = {.proc = {.to_fd = -1, .from_fd = -1}}};
}

void match_seats_stop(MatchSeats *s)
{
    for (int e = 0; e < 2; e++) {
        match_engine_stop(&s->seat[e].eng, STOP_GRACE_NS);
        s->seat[e].ready = false;
    }
}

void match_game_play(const MatchConfig *cfg, const MatchInfo *info, const MatchOpening *o, int id,
                     int black, MatchSeats *seats, MatchResult *r)
{
    *r = (MatchResult){.id = id, .black = black, .fault = -1, .winner = WINNER_NONE};
    snprintf(r->result, sizeof r->result, "Void");
    Game *g = calloc(1, sizeof *g);
    MatchGameRec *rec = calloc(1, sizeof *rec);
    void *pos = g && rec ? cfg->ops->create(cfg->size, cfg->variant) : NULL;
    if (!pos) {
        free(g);
        free(rec);
        r->reason = REASON_ABORTED;
        r->detail = strdup("out of memory");
        r->opening = strdup(o->text);
        r->moves = strdup("");
        return;
    }
    *g = (Game){.cfg = cfg, .info = info, .r = r, .rec = rec, .pos = pos};
    g->engine_of[BLACK] = black;
    g->engine_of[WHITE] = !black;
    for (int e = 0; e < 2; e++)
        g->seat[e] = &seats->seat[e];
    open_log(g, id);
    if (start_engines(g, id) && play_opening(g, o))
        play_moves(g);
    finish(g, id, o);
    cfg->ops->destroy(g->pos);
    free(rec);
    free(g);
}
