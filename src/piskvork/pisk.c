/*
 * pisk.c - Piskvork on top of frame.h (lines, replies written once and
 * flushed): the command word, the dispatch loop, and the look at input
 * while thinking.
 */
#include "pisk.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games.h"
#include "timeman.h"

enum {
    MAX_LINE = 1 << 20,     /* longer lines are refused, unread */
    MAX_WORD = 40           /* of an unknown command, echoed back */
};

/* ------------------------------------------------------------- output */

void pisk_reply(Pisk *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    frame_vreply(&p->io, fmt, ap);
    va_end(ap);
}

void pisk_line(Pisk *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    frame_vline(&p->io, fmt, ap);
    va_end(ap);
}

/* -------------------------------------------------------------- input */

char *pisk_read_line(Pisk *p)
{
    bool too_long;
    char *line = frame_next(&p->io, MAX_LINE, &too_long);
    if (!line)
        return NULL;
    if (too_long) {
        free(line);
        line = strdup("?"); /* a bad line, whatever its head says */
        if (!line)
            abort();
    }
    frame_clean(line);
    return line;
}

/* The command word of line (cut off with a NUL) and where its arguments
 * begin, blanks trimmed at both ends. */
static char *split_command(char *line, char **args)
{
    while (*line == ' ')
        line++;
    char *end = line + strlen(line);
    while (end > line && end[-1] == ' ')
        *--end = '\0';
    char *sp = strchr(line, ' ');
    if (sp) {
        *sp = '\0';
        for (sp++; *sp == ' '; sp++)
            ;
    }
    *args = sp ? sp : end;
    return line;
}

/* ----------------------------------------------------------- dispatch */

const PiskCommand *pisk_find_command(const Pisk *p, const char *name)
{
    for (const PiskCommand *c = p->commands; c->name; c++)
        if (strcasecmp(c->name, name) == 0)
            return c;
    return NULL;
}

void pisk_handle_line(Pisk *p, char *line)
{
    frame_clean(line);
    char *args, *word = split_command(line, &args);
    if (!*word)
        return; /* empty lines are no command */
    p->cmd = word;
    frame_begin(&p->io);
    p->live = p->deferred = false;
    const PiskCommand *c = pisk_find_command(p, word);
    if (!c)
        pisk_reply(p, "UNKNOWN %.*s", MAX_WORD, word);
    else if (c->needs_board && !p->started)
        pisk_reply(p, "ERROR no game started (START first)");
    else
        c->run(p, args);
    assert(p->io.replied || !c || c->reply == REPLY_NONE || p->quit);
    p->cmd = NULL;
}

void pisk_loop(Pisk *p)
{
    char *line;
    bool too_long;
    while (!p->quit && (line = frame_next(&p->io, MAX_LINE, &too_long)) != NULL) {
        if (too_long) {
            frame_begin(&p->io);
            pisk_reply(p, "UNKNOWN line too long");
        } else {
            pisk_handle_line(p, line);
        }
        free(line);
    }
}

/* ------------------------------------------------------------ polling */

/* Runs the table's entry for word while a search runs (p->live): true when
 * it took effect; false when its line must wait for the move (no such
 * entry, or the handler set p->deferred). The per-command state is the
 * thinking command's, so it is neither reset nor answered here. */
static bool run_live(Pisk *p, const char *word, char *args)
{
    const PiskCommand *c = pisk_find_command(p, word);
    if (!c)
        return false;
    p->live = true;
    p->deferred = false;
    c->run(p, args);
    p->live = false;
    return !p->deferred;
}

/* Lines that arrived while we think, in order: END leaves at once, YXSTOP
 * (and Rapfi's STOP) answers now, INFO that may change under a running
 * search is applied. The first other line ends the look: it and every line
 * after it wait for the move, in order (a script that pipelines commands
 * gets the same answers as a host that waits for each). */
static int scan_pending(void *arg, const char *text, size_t len)
{
    Pisk *p = arg;
    char line[512];
    size_t n = len < sizeof line - 1 ? len : sizeof line - 1;
    memcpy(line, text, n);
    line[n] = '\0';
    frame_clean(line);
    char *args, *word = split_command(line, &args);
    if (!*word)
        return LINE_DROP;
    if (strcasecmp(word, "END") == 0) {
        p->quit = p->stop = true;
        return LINE_DROP | LINE_STOP;
    }
    if (strcasecmp(word, "YXSTOP") == 0 || strcasecmp(word, "STOP") == 0) {
        p->stop = true;
        return LINE_DROP | LINE_STOP;
    }
    if (strcasecmp(word, "INFO") == 0 && len < sizeof line - 1 && run_live(p, word, args))
        return LINE_DROP;
    return LINE_STOP;
}

bool pisk_poll(void *arg)
{
    Pisk *p = arg;
    frame_scan_arrived(&p->io, MAX_LINE, scan_pending, p);
    if (!p->stop && frame_host_gone(&p->io))
        p->stop = true;
    return p->stop;
}

/* -------------------------------------------------------------- setup */

static void pisk_init(Pisk *p, const PiskCommand *commands, Engine *e, Frame io)
{
    *p = (Pisk){.commands = commands, .engine = e, .io = io, .own = -1};
    /* The rule until INFO rule says otherwise: the engine's five-in-a-row
     * game (--game renju, --rule standard), else Gomoku freestyle. */
    const bool five = e->ops->free_order;
    p->info = (PiskInfo){.turn_ms = -1, .match_ms = -1, .left_ms = -1, .inc_ms = 0,
                         .game = five ? e->game : game_index("Gomoku"),
                         .variant = five ? e->variant : e->set.rule, .show_detail = 0};
    e->poll = pisk_poll;
    e->poll_arg = p;
}

void pisk_init_fd(Pisk *p, const PiskCommand *commands, Engine *e, int fd, FILE *out)
{
    pisk_init(p, commands, e, frame_fd(fd, out));
}

void pisk_init_mem(Pisk *p, const PiskCommand *commands, Engine *e, const char *data, size_t len,
                   FILE *out)
{
    pisk_init(p, commands, e, frame_mem(data, len, out));
}

void pisk_free(Pisk *p)
{
    frame_free(&p->io);
    p->engine->poll = NULL;
    p->engine->poll_arg = NULL;
}
