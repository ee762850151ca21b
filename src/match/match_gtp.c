/*
 * match_gtp.c - the GTP driver: set_game, boardsize, clear_board and
 * time_settings for a new game, play for what the engine is told, and
 * time_left then genmove for its move. Extensions are used only where the
 * engine says it knows them (known_command).
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

static DrvStatus new_game(MatchEngine *m)
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
    snprintf(cmd, sizeof cmd, "boardsize %d", cfg->size);
    if (st != DRV_OK || (st = must(m, cmd)) != DRV_OK || (st = must(m, "clear_board")) != DRV_OK)
        return st;
    if (cfg->tc.enabled && knows(m, "time_settings", &st)) {
        snprintf(cmd, sizeof cmd, "time_settings %g %g %d", cfg->tc.main_s, cfg->tc.byo_s, cfg->tc.stones);
        st = exchange(m, cmd); /* an engine may ignore clocks; the referee does not */
        if (st == DRV_REFUSED)
            st = DRV_OK;
    }
    m->knows_time_left = st == DRV_OK && cfg->tc.enabled && knows(m, "time_left", &st);
    return st;
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
