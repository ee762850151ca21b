/*
 * match_gtp.c - the GTP driver: set_game, boardsize, clear_board and
 * time_settings for a new game (a process kept with --restart off gets
 * boardsize and clear_board only), play for what the engine is told, and
 * time_left then genmove for its move. Extensions are used only where the
 * engine says it knows them (known_command). An engine that answers '?' to
 * 'play c pass' gets implied passes from then on, as --implicit-pass gives.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "coord.h"
#include "match_cli.h"
#include "match_driver.h"
#include "timeman.h"

static const char *const COLOR_WORD[2] = {"black", "white"};

static bool blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ')
            return false;
    return true;
}

/* The body of a first reply line: after '='/'?', an optional id, one space. */
static const char *first_body(const char *s)
{
    s++;
    while (*s >= '0' && *s <= '9')
        s++;
    return *s == ' ' ? s + 1 : s;
}

static void trim_end(Buf *b)
{
    while (b->len > 0 && (b->data[b->len - 1] == ' ' || b->data[b->len - 1] == '\n'))
        b->data[--b->len] = '\0';
}

/* One GTP exchange: the command, then its reply until the empty line; the
 * body (lines joined by '\n') goes to m->reply. Lines before a reply are
 * stray output; a reply cut short by the engine's exit still counts. */
static ProcStatus command(MatchEngine *m, const char *cmd, int64_t deadline_ns)
{
    buf_clear(&m->reply);
    if (!match_proc_send(&m->proc, cmd))
        return PROC_EOF;
    Buf line = {0};
    int kind = 0; /* '=' or '?' once the reply began */
    ProcStatus st;
    while ((st = match_proc_read_line(&m->proc, deadline_ns, &line)) == PROC_OK) {
        const char *s = buf_str(&line);
        if (!kind) {
            if (s[0] != '=' && s[0] != '?')
                continue;
            kind = s[0];
            buf_printf(&m->reply, "%s", first_body(s));
        } else if (blank(s)) {
            break;
        } else {
            buf_printf(&m->reply, "\n%s", s);
        }
    }
    buf_free(&line);
    if (m->proc.log)
        fflush(m->proc.log);
    if (st != PROC_OK && !(st == PROC_EOF && kind))
        return st;
    trim_end(&m->reply);
    return kind == '=' ? PROC_OK : PROC_FAILED;
}

/* A command with the --timeout deadline. */
static DrvStatus exchange(MatchEngine *m, const char *cmd)
{
    return match_driver_status(command(m, cmd, clock_ns() + m->timeout_ns));
}

/* A set-up command that must succeed: a refusal says which. */
static DrvStatus must(MatchEngine *m, const char *cmd)
{
    DrvStatus st = exchange(m, cmd);
    if (st == DRV_REFUSED) {
        Buf b = {0};
        buf_printf(&b, "refused '%s': %s", cmd, buf_str(&m->reply));
        buf_clear(&m->reply);
        buf_printf(&m->reply, "%s", buf_str(&b));
        buf_free(&b);
    }
    return st;
}

/* Whether the engine knows command; *st gets a failure to answer. */
static bool knows(MatchEngine *m, const char *name, DrvStatus *st)
{
    char cmd[80];
    snprintf(cmd, sizeof cmd, "known_command %s", name);
    *st = exchange(m, cmd);
    if (*st == DRV_REFUSED)
        *st = DRV_OK;
    return *st == DRV_OK && strcasecmp(buf_str(&m->reply), "true") == 0;
}

static bool plays(const GameOps *ops, int size)
{
    (void)ops, (void)size;
    return true;
}

static DrvStatus probe(MatchEngine *m, Buf *name)
{
    DrvStatus st = exchange(m, "name");
    if (st != DRV_OK)
        return st;
    buf_printf(name, "%s", buf_str(&m->reply));
    st = exchange(m, "version");
    if (st == DRV_OK && m->reply.len)
        buf_printf(name, " %s", buf_str(&m->reply));
    return st == DRV_EOF || st == DRV_TIMEOUT || st == DRV_ABORTED ? st : DRV_OK;
}

static DrvStatus send_time_settings(MatchEngine *m)
{
    const MatchTc *tc = &m->cfg->tc_engine[m->index];
    char cmd[128];
    DrvStatus st = DRV_OK;
    if (!tc->enabled || !knows(m, "time_settings", &st))
        return st;
    snprintf(cmd, sizeof cmd, "time_settings %g %g %d", tc->main_s, tc->byo_s, tc->stones);
    st = exchange(m, cmd); /* an engine may ignore clocks; the referee does not */
    return st == DRV_REFUSED ? DRV_OK : st;
}

/* What a fresh process is told once: the rule and the game, and with
 * --restart off the clock, before its first clear_board (GoGui's order). */
static DrvStatus setup_match(MatchEngine *m)
{
    const MatchConfig *cfg = m->cfg;
    char cmd[128];
    DrvStatus st = DRV_OK;
    m->implicit = cfg->implicit_pass[m->index];
    if (cfg->rule && knows(m, "flipfive-set", &st)) {
        snprintf(cmd, sizeof cmd, "flipfive-set rule %s", cfg->rule);
        st = exchange(m, cmd); /* before set_game, which takes the rule along */
        if (st == DRV_REFUSED)
            st = DRV_OK;
    }
    if (st == DRV_OK && knows(m, "set_game", &st)) {
        snprintf(cmd, sizeof cmd, "set_game %s", cfg->game);
        st = must(m, cmd);
    }
    if (st == DRV_OK)
        m->knows_time_left = cfg->tc_engine[m->index].enabled && knows(m, "time_left", &st);
    if (st == DRV_OK && !cfg->restart)
        st = send_time_settings(m);
    return st;
}

/* A kept process (--restart off) gets boardsize and clear_board only. */
static DrvStatus new_game(MatchEngine *m, bool first)
{
    char cmd[32];
    DrvStatus st = first ? setup_match(m) : DRV_OK;
    snprintf(cmd, sizeof cmd, "boardsize %d", m->cfg->size);
    if (st != DRV_OK || (st = must(m, cmd)) != DRV_OK || (st = must(m, "clear_board")) != DRV_OK)
        return st;
    if (first && m->cfg->restart)
        st = send_time_settings(m); /* after clear_board, as Quarry sends it */
    return st;
}

/* The engine refused a pass: like GRhino, it infers passes from two moves
 * of one colour. From now on they are implied for it (the game loop sees
 * the switch and records it). */
static void learn_implicit(MatchEngine *m, const char *cmd)
{
    m->implicit = true;
    if (m->proc.log)
        fprintf(m->proc.log, "# referee: %c answered '?' to '%s': its passes are implied from now on\n",
                'A' + m->index, cmd);
}

static DrvStatus tell(MatchEngine *m, int color, Move mv)
{
    match_engine_record(m, color, mv, true);
    if (mv == MOVE_PASS && m->implicit)
        return DRV_OK;
    char v[8], cmd[32];
    coord_format(mv, m->cfg->size, m->cfg->coords, v);
    snprintf(cmd, sizeof cmd, "play %s %s", COLOR_WORD[color], v);
    DrvStatus st = exchange(m, cmd);
    if (st == DRV_REFUSED && mv == MOVE_PASS) {
        learn_implicit(m, cmd);
        return DRV_OK;
    }
    if (st == DRV_REFUSED) {
        Buf b = {0};
        buf_printf(&b, "refused the legal '%s': %s", cmd, buf_str(&m->reply));
        buf_clear(&m->reply);
        buf_printf(&m->reply, "%s", buf_str(&b));
        buf_free(&b);
    }
    return st;
}

static DrvStatus ask(MatchEngine *m, int color, const MatchClock *clock, int64_t deadline_ns, Move *out)
{
    char cmd[64];
    if (m->knows_time_left) {
        char secs[32];
        int stones;
        match_clock_time_left(clock, secs, sizeof secs, &stones);
        snprintf(cmd, sizeof cmd, "time_left %s %s %d", COLOR_WORD[color], secs, stones);
        DrvStatus st = exchange(m, cmd); /* a refusal is the engine's business */
        if (st != DRV_OK && st != DRV_REFUSED)
            return st;
    }
    snprintf(cmd, sizeof cmd, "genmove %s", COLOR_WORD[color]);
    DrvStatus st = match_driver_status(command(m, cmd, deadline_ns));
    if (st != DRV_OK)
        return st;
    const char *ans = buf_str(&m->reply);
    while (*ans == ' ')
        ans++; /* "=  D3" is sloppy, not wrong */
    if (strcasecmp(ans, "resign") == 0)
        return DRV_RESIGN;
    *out = strpbrk(ans, " \n") ? MOVE_NONE : coord_parse(ans, m->cfg->size, m->cfg->coords);
    if (*out == MOVE_NONE)
        return DRV_GARBAGE;
    match_engine_record(m, color, *out, true);
    return DRV_OK;
}

const MatchDriver match_gtp_driver = {
    .name = "gtp",
    .plays = plays,
    .quit = "quit",
    .probe = probe,
    .new_game = new_game,
    .tell = tell,
    .ask = ask,
};
