/*
 * match_game.c - the referee of one game. The referee's own position is the
 * truth: engines only propose moves, and every proposal is checked with the
 * game's GameOps before it is made and relayed. Engines hear about passes
 * only if they want to (--implicit-pass, or a "?" to "play c pass"), as
 * Quarry does for GRhino.
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
    Buf body;               /* the last reply */
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

/* A command that got no usable reply: the engine crashed or hung. */
static void proc_fault(Game *g, int e, ProcStatus st, const char *cmd)
{
    MatchProc *p = &g->seat[e]->proc;
    char how[32];
    if (st == PROC_ABORTED) {
        end_fault(g, e, REASON_ABORTED, "interrupted");
    } else if (st == PROC_TIMEOUT) {
        match_proc_kill(p);
        end_fault(g, e, REASON_TIMEOUT, "%c: no reply to '%s' within %g s", 'A' + e, cmd, g->cfg->timeout);
    } else {
        match_proc_stop(p, STOP_GRACE_NS / 2);
        match_proc_describe_exit(p, how, sizeof how);
        end_fault(g, e, REASON_CRASH, "%c: no reply to '%s' (%s)", 'A' + e, cmd, how);
    }
}

/* Sends cmd to engine e with the --timeout deadline. A missing reply ends
 * the game; a "?" is left to the caller. */
static ProcStatus exchange(Game *g, int e, const char *cmd)
{
    int64_t deadline = clock_ns() + (int64_t)(g->cfg->timeout * 1e9);
    ProcStatus st = match_proc_command(&g->seat[e]->proc, cmd, deadline, &g->body);
    if (st != PROC_OK && st != PROC_FAILED)
        proc_fault(g, e, st, cmd);
    return st;
}

static bool knows(Game *g, int e, const char *command)
{
    char cmd[80];
    snprintf(cmd, sizeof cmd, "known_command %s", command);
    return exchange(g, e, cmd) == PROC_OK && strcasecmp(buf_str(&g->body), "true") == 0;
}

/* Sends a set-up command that must succeed. */
static bool must(Game *g, int e, const char *cmd)
{
    ProcStatus st = exchange(g, e, cmd);
    if (st == PROC_FAILED)
        end_fault(g, e, REASON_SETUP, "%c refused '%s': %s", 'A' + e, cmd, buf_str(&g->body));
    return st == PROC_OK;
}

static void send_time_settings(Game *g, int e)
{
    const MatchTc *tc = &g->cfg->tc_engine[e];
    char cmd[128];
    if (!tc->enabled || g->over || !knows(g, e, "time_settings"))
        return;
    snprintf(cmd, sizeof cmd, "time_settings %g %g %d", tc->main_s, tc->byo_s, tc->stones);
    exchange(g, e, cmd); /* an engine may ignore clocks; the referee does not */
}

/* What a fresh process is told once: the rule and the game, and with
 * --restart off the clock, before its first clear_board (GoGui's order). */
static void setup_match(Game *g, int e)
{
    const MatchConfig *cfg = g->cfg;
    MatchSeat *s = g->seat[e];
    char cmd[128];
    s->implicit = cfg->implicit_pass[e];
    if (cfg->rule && knows(g, e, "flipfive-set")) {
        snprintf(cmd, sizeof cmd, "flipfive-set rule %s", cfg->rule);
        exchange(g, e, cmd); /* before set_game, which takes the rule along */
    }
    if (!g->over && knows(g, e, "set_game")) {
        snprintf(cmd, sizeof cmd, "set_game %s", cfg->game);
        must(g, e, cmd);
    }
    s->knows_time_left = cfg->tc_engine[e].enabled && !g->over && knows(g, e, "time_left");
    if (!cfg->restart)
        send_time_settings(g, e);
}

static bool setup_engine(Game *g, int e)
{
    const MatchConfig *cfg = g->cfg;
    MatchSeat *s = g->seat[e];
    char cmd[128];
    const bool fresh = !s->ready;
    match_clock_init(&g->clock[e], &cfg->tc_engine[e]);
    if (fresh)
        setup_match(g, e);
    snprintf(cmd, sizeof cmd, "boardsize %d", cfg->size);
    if (g->over || !must(g, e, cmd) || !must(g, e, "clear_board"))
        return false;
    if (fresh && cfg->restart)
        send_time_settings(g, e); /* after clear_board, as Quarry sends it */
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

static bool start_engines(Game *g, int id)
{
    for (int e = 0; e < 2; e++) {
        MatchSeat *s = g->seat[e];
        s->proc.log = g->log;
        s->proc.tag = (char)('A' + e);
        if (s->proc.pid > 0 && !s->proc.eof)
            continue;
        match_proc_stop(&s->proc, 0);
        s->ready = false;
        char err[256];
        int fd = stderr_fd_for(g, e, id);
        bool ok = match_proc_start(&s->proc, g->cfg->argv[e], fd, err, sizeof err);
        if (fd >= 0 && fd != g->log_fd)
            close(fd);
        if (!ok) {
            end_fault(g, e, REASON_CRASH, "%s", err);
            return false;
        }
    }
    return setup_engine(g, MATCH_A) && setup_engine(g, MATCH_B);
}

/* Engine e refused a pass: like GRhino, it infers passes from two moves of
 * one colour. From now on the referee implies them for it, and says so. */
static void learn_implicit(Game *g, int e, const char *cmd)
{
    g->seat[e]->implicit = true;
    g->r->implied_pass[e] = true;
    if (g->log)
        fprintf(g->log, "# referee: %c answered '?' to '%s': its passes are implied from now on\n",
                'A' + e, cmd);
}

/* Tells engine e (if it wants to know) that color played m. */
static void relay(Game *g, int e, int color, Move m)
{
    if (g->over || (m == MOVE_PASS && g->seat[e]->implicit))
        return;
    char v[8], cmd[32];
    coord_format(m, g->cfg->size, g->cfg->coords, v);
    snprintf(cmd, sizeof cmd, "play %s %s", COLOR_WORD[color], v);
    if (exchange(g, e, cmd) != PROC_FAILED)
        return;
    if (m == MOVE_PASS)
        learn_implicit(g, e, cmd);
    else
        end_fault(g, e, REASON_REJECTED, "%c refused the legal '%s': %s", 'A' + e, cmd, buf_str(&g->body));
}

/* Makes m on the referee's board and records it; the engines are told by
 * the caller. */
static void make(Game *g, int color, Move m, bool generated, double secs, double left)
{
    g->cfg->ops->make(g->pos, m);
    if (g->rec->n < MAX_GAME_PLY)
        g->rec->moves[g->rec->n++] = (MatchMoveRec){color, m, generated, secs, left};
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

/* Checks engine e's answer for color and plays it, or ends the game. */
static void judge(Game *g, int e, int color, double secs)
{
    const GameOps *ops = g->cfg->ops;
    const char *ans = buf_str(&g->body);
    while (*ans == ' ')
        ans++; /* "=  D3" is sloppy, not wrong */
    snprintf(g->rec->last_answer, sizeof g->rec->last_answer, "%s", ans);
    if (strcasecmp(ans, "resign") == 0) {
        end_fault(g, e, REASON_RESIGN, "%c resigned", 'A' + e);
        return;
    }
    Move m = strpbrk(ans, " \n") ? MOVE_NONE : coord_parse(ans, g->cfg->size, g->cfg->coords);
    if (m == MOVE_NONE) {
        end_fault(g, e, REASON_GARBAGE, "%c answered genmove %s with '%.40s'", 'A' + e, COLOR_WORD[color], ans);
        return;
    }
    if (!ops->is_legal(g->pos, m)) {
        bool forbidden = m >= 0 && ops->free_order && ops->cell(g->pos, m) == CELL_EMPTY;
        end_fault(g, e, forbidden ? REASON_FORBIDDEN : REASON_ILLEGAL, "%c played %s %s: %s", 'A' + e,
                  COLOR_WORD[color], ans, forbidden ? "forbidden point" : "illegal move");
        return;
    }
    make(g, color, m, true, secs, g->cfg->tc_engine[e].enabled ? match_clock_left(&g->clock[e]) : -1);
    relay(g, !e, color, m);
}

static void add_time(MatchTimeStat *t, double secs)
{
    t->moves++;
    t->total += secs;
    if (secs > t->max)
        t->max = secs;
}

static void send_time_left(Game *g, int e, int color)
{
    char secs[32], cmd[64];
    int stones;
    match_clock_time_left(&g->clock[e], secs, sizeof secs, &stones);
    snprintf(cmd, sizeof cmd, "time_left %s %s %d", COLOR_WORD[color], secs, stones);
    exchange(g, e, cmd); /* a refusal is the engine's business */
}

static void ask_move(Game *g, int color)
{
    const MatchConfig *cfg = g->cfg;
    int e = g->engine_of[color];
    MatchSeat *s = g->seat[e];
    MatchClock *clock = &g->clock[e];
    char cmd[32];
    if (s->knows_time_left)
        send_time_left(g, e, color);
    if (g->over)
        return;
    snprintf(cmd, sizeof cmd, "genmove %s", COLOR_WORD[color]);
    double allow = match_clock_allowance(clock);
    int64_t t0 = clock_ns();
    int64_t limit = (int64_t)((allow < 0 ? cfg->timeout : allow + cfg->margin) * 1e9);
    ProcStatus st = match_proc_command(&s->proc, cmd, t0 + limit, &g->body);
    double secs = (double)(clock_ns() - t0) / 1e9;
    if (st == PROC_TIMEOUT && allow >= 0) {
        match_proc_kill(&s->proc);
        end_fault(g, e, REASON_TIME, "%c: no move within %.2f s (%.2f s on its clock + margin)", 'A' + e,
                  secs, allow);
        return;
    }
    if (st != PROC_OK && st != PROC_FAILED) {
        proc_fault(g, e, st, cmd);
        return;
    }
    add_time(&g->r->time[e], secs);
    if (!match_clock_charge(clock, secs, cfg->margin))
        end_fault(g, e, REASON_TIME, "%c took %.2f s with %.2f s on its clock", 'A' + e, secs, allow);
    else if (st == PROC_FAILED)
        end_fault(g, e, REASON_ERROR, "%c: genmove failed: %.60s", 'A' + e, buf_str(&g->body));
    else
        judge(g, e, color, secs);
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
            if (must_pass(g) && g->seat[e]->implicit) {
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
        MatchProc *p = &g->seat[e]->proc;
        if (g->cfg->restart || g->r->reason == REASON_ABORTED || match_proc_aborted())
            match_proc_stop(p, STOP_GRACE_NS);
        p->log = NULL; /* the game's log closes below */
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
        s->seat[e] = (MatchSeat){.proc = {.to_fd = -1, .from_fd = -1}};
}

void match_seats_stop(MatchSeats *s)
{
    for (int e = 0; e < 2; e++) {
        match_proc_stop(&s->seat[e].proc, STOP_GRACE_NS);
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
    buf_free(&g->body);
    free(rec);
    free(g);
}
