/*
 * nboard.c - NBoard on top of frame.h (lines, output flushed line by line):
 * the command words, the dispatch loop, and the look at input while
 * thinking.
 */
#include "nboard.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


enum {
    MAX_LINE = 1 << 20,     /* longer lines are refused, unread */
    MAX_WORD = 40           /* of a bad command, echoed to stderr */
};

/* ------------------------------------------------------------- output */

void nboard_reply(Nboard *nb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    frame_vreply(&nb->io, fmt, ap);
    va_end(ap);
}

void nboard_line(Nboard *nb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    frame_vline(&nb->io, fmt, ap);
    va_end(ap);
}

void nboard_error(Nboard *nb, const char *fmt, ...)
{
    if (!nb->err)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(nb->err, "flipfive: nboard: %.*s: ", MAX_WORD, nb->cmd ? nb->cmd : "input");
    vfprintf(nb->err, fmt, ap);
    fputs(" (line ignored)\n", nb->err);
    fflush(nb->err);
    va_end(ap);
}

/* -------------------------------------------------------------- input */

/* The next word of *s (cut off with a NUL), *s moved past it and the
 * blanks after it; "" at the end. */
static char *next_word(char **s)
{
    char *w = *s + strspn(*s, " ");
    char *end = w + strcspn(w, " ");
    *s = end;
    if (*end) {
        *end = '\0';
        *s = end + 1 + strspn(end + 1, " ");
    }
    return w;
}

static void trim_end(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && s[n - 1] == ' ')
        s[--n] = '\0';
}

/* ----------------------------------------------------------- dispatch */

static const NbCommand *find(const Nboard *nb, const char *word, const char *second)
{
    for (const NbCommand *c = nb->commands; c->name; c++) {
        const char *sp = strchr(c->name, ' ');
        if (!sp && strcasecmp(c->name, word) == 0)
            return c;
        if (sp && strlen(word) == (size_t)(sp - c->name) && strncasecmp(c->name, word, (size_t)(sp - c->name)) == 0 &&
            strcasecmp(sp + 1, second) == 0)
            return c;
    }
    return NULL;
}

/* Whether word is the first word of a two-word entry ("set"). */
static bool is_prefix(const Nboard *nb, const char *word)
{
    const size_t n = strlen(word);
    for (const NbCommand *c = nb->commands; c->name; c++)
        if (strncasecmp(c->name, word, n) == 0 && c->name[n] == ' ')
            return true;
    return false;
}

static void run(Nboard *nb, const NbCommand *c, char *args)
{
    nb->cmd = c->name;
    c->run(nb, args);
}

void nboard_handle_line(Nboard *nb, char *line)
{
    frame_clean(line);
    trim_end(line);
    frame_begin(&nb->io);
    nb->cmd = NULL;
    char *rest = line;
    char *word = next_word(&rest);
    if (!*word)
        return; /* blank lines are no command */
    if (is_prefix(nb, word)) {
        char *args = rest;
        char *second = next_word(&args);
        const NbCommand *c = find(nb, word, second);
        if (c) {
            run(nb, c, args);
        } else {
            nb->cmd = word;
            nboard_error(nb, "unknown variable '%.*s'", MAX_WORD, second);
        }
    } else {
        const NbCommand *c = find(nb, word, "");
        /* Version 1 GUIs sent a move alone ("F5"). */
        const NbCommand *mv = find(nb, "move", "");
        if (c)
            run(nb, c, rest);
        else if (mv && strlen(word) == 2 && !*rest)
            run(nb, mv, word);
        else {
            nb->cmd = word;
            nboard_error(nb, "unknown command");
        }
    }
    nb->cmd = NULL;
}

void nboard_loop(Nboard *nb)
{
    char *line;
    bool too_long;
    while (!nb->quit && (line = frame_next(&nb->io, MAX_LINE, &too_long)) != NULL) {
        if (too_long) {
            nb->cmd = NULL;
            nboard_error(nb, "line longer than %d bytes", MAX_LINE);
        } else {
            nboard_handle_line(nb, line);
        }
        free(line);
    }
    nb->quit = true;
}

/* ------------------------------------------------------------ polling */

/* Lines that arrived while we think: a ping (or quit) stops the search;
 * every line stays for the loop, which answers it in its turn. */
static int scan_pending(void *arg, const char *text, size_t len)
{
    Nboard *nb = arg;
    const char *s = text + strspn(text, " \t");
    const size_t skip = (size_t)(s - text);
    if (skip >= len)
        return LINE_KEEP;
    len -= skip;
    for (const char *w = "ping"; w; w = strcmp(w, "ping") == 0 ? "quit" : NULL) {
        const size_t n = strlen(w);
        if (len >= n && strncasecmp(s, w, n) == 0 && (len == n || s[n] == ' ' || s[n] == '\t' || s[n] == '\r')) {
            nb->stop = true;
            return LINE_STOP;
        }
    }
    return LINE_KEEP;
}

bool nboard_poll(void *arg)
{
    Nboard *nb = arg;
    frame_scan_arrived(&nb->io, MAX_LINE, scan_pending, nb);
    if (!nb->stop && frame_host_gone(&nb->io))
        nb->stop = true;
    return nb->stop;
}

/* -------------------------------------------------------------- setup */

static void nboard_init(Nboard *nb, const NbCommand *commands, Engine *e, Frame io)
{
    *nb = (Nboard){.commands = commands, .engine = e, .io = io, .err = stderr};
    /* NBoard plays Othello: another game on the command line gives way. */
    if (e->ops->sgf_gm != 2 && !engine_set_game(e, "Othello"))
        abort();
    e->poll = nboard_poll;
    e->poll_arg = nb;
}

void nboard_init_fd(Nboard *nb, const NbCommand *commands, Engine *e, int fd, FILE *out)
{
    nboard_init(nb, commands, e, frame_fd(fd, out));
}

void nboard_init_mem(Nboard *nb, const NbCommand *commands, Engine *e, const char *data, size_t len,
                     FILE *out)
{
    nboard_init(nb, commands, e, frame_mem(data, len, out));
}

void nboard_free(Nboard *nb)
{
    frame_free(&nb->io);
    nb->engine->poll = NULL;
    nb->engine->poll_arg = NULL;
}
