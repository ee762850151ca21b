/*
 * match_nboard.c - the NBoard driver (8x8 Othello, NBoard protocol version
 * 2, as NTest and Edax speak it): "nboard 2" and "set depth N" for a new
 * game (a ping for a process kept with --restart off); before each move
 * the whole game as one GGF line ("set game"), then "ping N" and "go"; the
 * move is the "=== M" line after "pong N". An NBoard engine never plays its
 * own move: the next "set game" holds it.
 *
 * The GGF clock (TI) is the time the engine's clock has left before this
 * move (a generous day without a clock); the depth comes from the engine
 * string (nboard,depth=N:CMD; default 12), as NBoard's level menu sets it.
 * NTest (2014) plays to its depth whatever TI says; the referee's clock
 * judges its answers all the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "coord.h"
#include "match_cli.h"
#include "match_driver.h"
#include "timeman.h"

enum { DEFAULT_DEPTH = 12, NO_CLOCK_S = 86400 };

static bool plays(const GameOps *ops, int size)
{
    return ops->sgf_gm == 2 && size == 8;
}

/* Lines up to "pong n" (the name from "set myname" on the way). */
static DrvStatus until_pong(MatchEngine *m, int n, int64_t deadline_ns, Buf *name)
{
    char pong[32];
    snprintf(pong, sizeof pong, "pong %d", n);
    ProcStatus st;
    while ((st = match_proc_read_line(&m->proc, deadline_ns, &m->reply)) == PROC_OK) {
        const char *s = buf_str(&m->reply);
        if (strcmp(s, pong) == 0)
            return DRV_OK;
        if (name && strncmp(s, "set myname ", 11) == 0) {
            buf_clear(name);
            buf_printf(name, "%s", s + 11);
        }
    }
    return match_driver_status(st);
}

static int depth_of(const MatchEngine *m)
{
    const int d = m->cfg->engine[m->index].depth;
    return d > 0 ? d : DEFAULT_DEPTH;
}

/* nboard 2, set depth, and a ping to see that it listens. */
static DrvStatus hello(MatchEngine *m, Buf *name)
{
    char line[64];
    snprintf(line, sizeof line, "set depth %d", depth_of(m));
    if (!match_proc_send(&m->proc, "nboard 2") || !match_proc_send(&m->proc, line) ||
        !match_proc_send(&m->proc, "ping 1"))
        return DRV_EOF;
    m->ping = 1;
    return until_pong(m, 1, clock_ns() + m->timeout_ns, name);
}

static DrvStatus probe(MatchEngine *m, Buf *name)
{
    DrvStatus st = hello(m, name);
    if (st == DRV_OK && !name->len)
        buf_printf(name, "nboard engine");
    return st;
}

/* A kept process (--restart off) keeps its depth: a ping shows that it
 * still listens, and the next "set game" is the new game, as NBoard itself
 * starts one. */
static DrvStatus new_game(MatchEngine *m, bool first)
{
    m->nmoves = 0;
    if (!first) {
        char ping[32];
        const int n = ++m->ping;
        snprintf(ping, sizeof ping, "ping %d", n);
        if (!match_proc_send(&m->proc, ping))
            return DRV_EOF;
        return until_pong(m, n, clock_ns() + m->timeout_ns, NULL);
    }
    Buf name = {0};
    DrvStatus st = hello(m, &name);
    buf_free(&name);
    return st;
}

static DrvStatus tell(MatchEngine *m, int color, Move mv)
{
    if (m->nmoves < MAX_GAME_PLY) {
        m->moves[m->nmoves] = mv;
        m->colors[m->nmoves++] = color;
    }
    return DRV_OK;
}

/* A clock as GGF writes it: h:mm:ss, in whole seconds rounded up (a
 * clock of half a second is not an empty one). */
static void ggf_clock(double secs, char *out, size_t n)
{
    long s = secs <= 0 ? 0 : (long)secs + (secs > (long)secs);
    snprintf(out, n, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
}

/* The game from the start position, passes explicit (two moves of one
 * colour in a row get the other's PA between them). */
static void ggf_game(const MatchEngine *m, double clock_s, Buf *out)
{
    const GameOps *ops = m->cfg->ops;
    void *start = ops->create(8, m->cfg->variant);
    static const char STONE[3] = {'-', '*', 'O'};
    char ti[32];
    ggf_clock(clock_s, ti, sizeof ti);
    buf_printf(out, "set game (;GM[Othello]PC[flipfive-match]PB[black]PW[white]RE[?]TI[%s]TY[8]BO[8 ", ti);
    for (int c = 0; c < 64; c++)
        buf_printf(out, "%c", STONE[start ? ops->cell(start, c) : 0]);
    buf_printf(out, " *]");
    if (start)
        ops->destroy(start);
    int to_move = BLACK;
    for (int i = 0; i < m->nmoves; i++) {
        if (m->colors[i] != to_move)
            buf_printf(out, "%c[PA]", to_move == BLACK ? 'B' : 'W');
        char v[8];
        coord_format(m->moves[i], 8, COORDS_OTHELLO, v);
        buf_printf(out, "%c[%s]", m->colors[i] == BLACK ? 'B' : 'W', m->moves[i] == MOVE_PASS ? "PA" : v);
        to_move = color_other(m->colors[i]);
    }
    buf_printf(out, ";)");
}

/* The eval of "M/eval/time" or Edax's "m eval time" (s at the separator
 * after the move), in discs from the mover's view; kept only when it is a
 * number, and in Edax's form only with the time after it ("m  0.0" is a
 * move, no eval, and its time). */
static void parse_eval(MatchEngine *m, const char *s)
{
    const bool slash = *s == '/';
    if (!slash && *s != ' ')
        return;
    s++;
    while (!slash && *s == ' ')
        s++;
    char *end;
    const double e = strtod(s, &end);
    const bool whole = slash ? *end == '\0' || *end == '/' : *end == ' ' && end[strspn(end, " ")] != '\0';
    if (end != s && whole && e > -1000 && e < 1000) {
        m->has_eval = true;
        m->eval = e;
    }
}

/* "=== M", "=== M/eval/time" or Edax's "=== m eval time": the move, and
 * the eval when there is one. */
static DrvStatus parse_move(MatchEngine *m, const char *s, Move *out)
{
    char mv[8];
    size_t n = strcspn(s, "/ ");
    if (n == 0 || n >= sizeof mv)
        return DRV_GARBAGE;
    memcpy(mv, s, n);
    mv[n] = '\0';
    parse_eval(m, s + n);
    if (strcasecmp(mv, "PA") == 0 || strcasecmp(mv, "PASS") == 0) {
        *out = MOVE_PASS;
        return DRV_OK;
    }
    *out = coord_parse(mv, 8, COORDS_OTHELLO);
    return *out == MOVE_NONE || *out == MOVE_PASS ? DRV_GARBAGE : DRV_OK;
}

static DrvStatus ask(MatchEngine *m, int color, const MatchClock *clock, int64_t deadline_ns, Move *out)
{
    (void)color;
    const double allow = match_clock_allowance(clock);
    Buf game = {0};
    ggf_game(m, allow >= 0 ? allow : NO_CLOCK_S, &game);
    char ping[32];
    const int n = ++m->ping;
    snprintf(ping, sizeof ping, "ping %d", n);
    bool sent = match_proc_send(&m->proc, buf_str(&game)) && match_proc_send(&m->proc, ping) &&
                match_proc_send(&m->proc, "go");
    buf_free(&game);
    if (!sent)
        return DRV_EOF;
    DrvStatus st = until_pong(m, n, deadline_ns, NULL);
    ProcStatus ps = PROC_OK;
    while (st == DRV_OK && (ps = match_proc_read_line(&m->proc, deadline_ns, &m->reply)) == PROC_OK)
        if (strncmp(buf_str(&m->reply), "=== ", 4) == 0)
            return parse_move(m, buf_str(&m->reply) + 4, out) == DRV_OK ? tell(m, color, *out) : DRV_GARBAGE;
    return st != DRV_OK ? st : match_driver_status(ps);
}

const MatchDriver match_nboard_driver = {
    .name = "nboard",
    .plays = plays,
    .quit = "quit",
    .probe = probe,
    .new_game = new_game,
    .tell = tell,
    .ask = ask,
};
