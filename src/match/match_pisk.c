/*
 * match_pisk.c - the Piskvork driver, the manager side of the Gomocup
 * protocol as c-gomoku-cli speaks it: START and the INFO keys for a new
 * game (RESTART for a process kept with --restart off); no message for the
 * opponent's moves, which go with the next request (TURN x,y after one
 * move, BOARD with every stone after an opening, BEGIN on an empty board);
 * INFO time_left before each request.
 *
 * While a move is owed, MESSAGE and DEBUG lines are skipped and SUGGEST x,y
 * is answered PLAY x,y. ERROR and UNKNOWN lines are kept but the move is
 * still awaited, as c-gomoku-cli does: Rapfi, for one, drops the words of
 * a line that arrives while it finishes its own move and complains about
 * the rest ("ERROR Unknown command: TIMEOUT_TURN"), then plays on. An
 * engine that refused and does not move by the deadline is scored for the
 * refusal; a line that is no move and no message is garbage.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "games.h"
#include "gomocup.h"
#include "match_cli.h"
#include "match_driver.h"
#include "timeman.h"

/* time_left of a game without a game limit. */
static const long UNLIMITED_MS = 2147483647;

static bool prefix(const char *s, const char *word)
{
    return strncasecmp(s, word, strlen(word)) == 0;
}

/* The next line, MESSAGE and DEBUG lines left out. */
static ProcStatus next_line(MatchEngine *m, int64_t deadline_ns, Buf *line)
{
    ProcStatus st;
    while ((st = match_proc_read_line(&m->proc, deadline_ns, line)) == PROC_OK)
        if (!prefix(buf_str(line), "MESSAGE") && !prefix(buf_str(line), "DEBUG"))
            break;
    return st;
}

static bool plays(const GameOps *ops, int size)
{
    (void)size;
    return ops->free_order; /* five in a row */
}

/* ABOUT: name="..." and version="..." of its key="value" pairs. */
static void about_value(const char *about, const char *key, Buf *out)
{
    const size_t n = strlen(key);
    for (const char *p = about; (p = strstr(p, key)) != NULL; p++) {
        if ((p == about || !isalnum((unsigned char)p[-1])) && p[n] == '=' && p[n + 1] == '"') {
            const char *v = p + n + 2, *end = strchr(v, '"');
            buf_printf(out, "%s%.*s", out->len ? " " : "", (int)(end ? end - v : (long)strlen(v)), v);
            return;
        }
    }
}

static DrvStatus probe(MatchEngine *m, Buf *name)
{
    if (!match_proc_send(&m->proc, "ABOUT"))
        return DRV_EOF;
    DrvStatus st = match_driver_status(next_line(m, clock_ns() + m->timeout_ns, &m->reply));
    if (st != DRV_OK)
        return st;
    about_value(buf_str(&m->reply), "name", name);
    about_value(buf_str(&m->reply), "version", name);
    if (!name->len)
        buf_printf(name, "%s", buf_str(&m->reply));
    return DRV_OK;
}

static void info(MatchEngine *m, const char *key, long value)
{
    char line[64];
    snprintf(line, sizeof line, "INFO %s %ld", key, value);
    match_proc_send(&m->proc, line);
}

static long ms(double secs) { return secs >= UNLIMITED_MS / 1000.0 ? UNLIMITED_MS : (long)(secs * 1000); }

/* The clock as Piskvork says it: a game time when there is main time
 * (timeout_match), none for a clock of one move per period. */
static long match_ms(const MatchTc *tc)
{
    return tc->main_s > 0 ? ms(tc->main_s) : 0;
}

/* Waits for the OK that START and RESTART want; anything else is a
 * refusal, said in m->reply. */
static DrvStatus await_ok(MatchEngine *m, const char *line)
{
    DrvStatus st = match_driver_status(next_line(m, clock_ns() + m->timeout_ns, &m->reply));
    if (st == DRV_OK && strcasecmp(buf_str(&m->reply), "OK") != 0) {
        Buf b = {0};
        buf_printf(&b, "answered '%s' to '%s'", buf_str(&m->reply), line);
        buf_clear(&m->reply);
        buf_printf(&m->reply, "%.200s", buf_str(&b));
        buf_free(&b);
        return DRV_REFUSED;
    }
    return st;
}

/* A kept process (--restart off) gets RESTART, the protocol's new game on
 * the same board with the INFO settings kept; one that refuses it (RESTART
 * is optional) gets START, which also keeps them, as c-gomoku-cli sends
 * for every game. */
static DrvStatus new_game(MatchEngine *m, bool first)
{
    const MatchConfig *cfg = m->cfg;
    const MatchTc *tc = &cfg->tc_engine[m->index];
    char line[64];
    m->nmoves = m->synced = 0;
    if (!first) {
        if (!match_proc_send(&m->proc, "RESTART"))
            return DRV_EOF;
        DrvStatus st = await_ok(m, "RESTART");
        if (st != DRV_REFUSED)
            return st;
    }
    snprintf(line, sizeof line, "START %d", cfg->size);
    if (!match_proc_send(&m->proc, line))
        return DRV_EOF;
    DrvStatus st = await_ok(m, line);
    if (st != DRV_OK || !first)
        return st;
    info(m, "rule", gomocup_rule_code(game_index(cfg->game), cfg->variant));
    if (tc->enabled)
        info(m, "timeout_match", match_ms(tc));
    info(m, "game_type", 1);
    return DRV_OK;
}

static DrvStatus tell(MatchEngine *m, int color, Move mv)
{
    match_engine_record(m, color, mv, false);
    return DRV_OK;
}

/* The request: BEGIN on an empty board, TURN after the opponent's one move,
 * else BOARD with every stone (1: the asked colour's, 2: the other's). */
static bool request(MatchEngine *m, int color)
{
    const int size = m->cfg->size;
    char xy[8], line[32];
    if (m->nmoves == 0)
        return match_proc_send(&m->proc, "BEGIN");
    if (m->synced == m->nmoves - 1 && m->colors[m->synced] != color) {
        gomocup_format_xy(m->moves[m->synced], size, xy);
        snprintf(line, sizeof line, "TURN %s", xy);
        return match_proc_send(&m->proc, line);
    }
    bool ok = match_proc_send(&m->proc, "BOARD");
    for (int i = 0; ok && i < m->nmoves; i++) {
        gomocup_format_xy(m->moves[i], size, xy);
        snprintf(line, sizeof line, "%s,%d", xy, m->colors[i] == color ? 1 : 2);
        ok = match_proc_send(&m->proc, line);
    }
    return ok && match_proc_send(&m->proc, "DONE");
}

/* Before each request: the turn limit (the clock's allowance for this
 * move) and the game time left (none for one move per period). */
static void send_clock(MatchEngine *m, const MatchClock *clock)
{
    const MatchTc *tc = &m->cfg->tc_engine[m->index];
    if (!tc->enabled) {
        info(m, "time_left", UNLIMITED_MS);
        return;
    }
    const double allow = match_clock_allowance(clock);
    info(m, "timeout_turn", ms(allow));
    info(m, "time_left", tc->main_s <= 0 && tc->stones == 1 ? UNLIMITED_MS : ms(allow));
}

static DrvStatus ask(MatchEngine *m, int color, const MatchClock *clock, int64_t deadline_ns, Move *out)
{
    send_clock(m, clock);
    if (!request(m, color))
        return DRV_EOF;
    m->synced = m->nmoves;
    Buf refusal = {0};
    for (;;) {
        DrvStatus st = match_driver_status(next_line(m, deadline_ns, &m->reply));
        if (st != DRV_OK && refusal.len) {
            buf_clear(&m->reply);
            buf_printf(&m->reply, "%s", buf_str(&refusal));
            st = st == DRV_TIMEOUT ? DRV_REFUSED : st;
        }
        if (st != DRV_OK) {
            buf_free(&refusal);
            return st;
        }
        const char *ans = buf_str(&m->reply), *end;
        if (prefix(ans, "ERROR") || prefix(ans, "UNKNOWN")) {
            buf_clear(&refusal);
            buf_printf(&refusal, "%.200s", ans);
            continue;
        }
        if (prefix(ans, "SUGGEST ")) {
            char play[32];
            snprintf(play, sizeof play, "PLAY %.20s", ans + 8);
            match_proc_send(&m->proc, play);
            continue;
        }
        buf_free(&refusal);
        Move mv;
        XyStatus xs = gomocup_parse_xy(ans, m->cfg->size, &mv, &end);
        if (xs == XY_SYNTAX || *end)
            return DRV_GARBAGE;
        if (xs == XY_OFF_BOARD)
            mv = m->cfg->size * m->cfg->size; /* a point, but off the board: illegal */
        *out = mv;
        match_engine_record(m, color, mv, true);
        return DRV_OK;
    }
}

const MatchDriver match_pisk_driver = {
    .name = "pisk",
    .plays = plays,
    .quit = "END",
    .probe = probe,
    .new_game = new_game,
    .tell = tell,
    .ask = ask,
};
