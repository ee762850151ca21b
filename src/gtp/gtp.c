/*
 * gtp.c - GTP framing: line preprocessing (GTP v2 §3.1), ids, reply
 * framing and the dispatch loop.
 *
 * Input and output go through frame.h (shared with the other front ends),
 * so that while a search runs pending lines can be looked at without
 * blocking (gogui-interrupt) and pipelined commands are kept in order.
 */
#include "gtp.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "util.h"

enum { MAX_LINE = 16 << 20 }; /* longer lines are answered with an error, unread */

static const char INTERRUPT_LINE[] = "# interrupt";

/* ------------------------------------------------------------- replies */

static void write_reply(Gtp *g, char mark, const char *body)
{
    if (!frame_take_reply(&g->io))
        return;
    /* A body never holds an empty line: that would end the reply early. */
    Buf clean = {0};
    for (const char *p = body; *p; p++) {
        if (*p == '\n' && clean.len > 0 && clean.data[clean.len - 1] == '\n')
            continue;
        buf_append(&clean, p, 1);
    }
    while (clean.len > 0 && clean.data[clean.len - 1] == '\n')
        clean.data[--clean.len] = '\0';
    Buf text = {0};
    buf_printf(&text, "%c%s %s\n\n", mark, g->id ? g->id : "", buf_str(&clean));
    frame_write(&g->io, buf_str(&text));
    buf_free(&text);
    buf_free(&clean);
}

void gtp_ok(Gtp *g, const char *fmt, ...)
{
    buf_clear(&g->reply);
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&g->reply, fmt, ap);
    va_end(ap);
    write_reply(g, '=', buf_str(&g->reply));
}

void gtp_fail(Gtp *g, const char *fmt, ...)
{
    buf_clear(&g->reply);
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&g->reply, fmt, ap);
    va_end(ap);
    write_reply(g, '?', buf_str(&g->reply));
}

/* ------------------------------------------------------------ decoders */

bool gtp_parse_color(const char *s, int *color)
{
    if (strcasecmp(s, "b") == 0 || strcasecmp(s, "black") == 0)
        *color = BLACK;
    else if (strcasecmp(s, "w") == 0 || strcasecmp(s, "white") == 0)
        *color = WHITE;
    else
        return false;
    return true;
}

bool gtp_parse_int(const char *s, long min, long max, long *out) { return parse_long(s, min, max, out); }

bool gtp_parse_float(const char *s, double *out) { return parse_double(s, out); }

bool gtp_parse_vertex(Gtp *g, const char *s, Move *m, bool *syntax_ok)
{
    *syntax_ok = strcasecmp(s, "pass") == 0;
    if (!*syntax_ok && isalpha((unsigned char)s[0]) && s[1]) {
        *syntax_ok = true;
        for (const char *p = s + 1; *p; p++)
            if (!isdigit((unsigned char)*p))
                *syntax_ok = false;
    }
    if (!*syntax_ok)
        return false;
    *m = engine_parse_vertex(g->engine, s);
    return *m != MOVE_NONE;
}

/* ------------------------------------------------------------ dispatch */

const GtpCommand *gtp_find_command(const Gtp *g, const char *name)
{
    for (const GtpCommand *c = g->commands; c->name; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

/* GTP §3.1: drop control characters but HT, cut the comment, HT to space. */
static void preprocess(char *line)
{
    char *w = line;
    for (const char *r = line; *r; r++) {
        unsigned char ch = (unsigned char)*r;
        if (ch == '#')
            break;
        if (ch == '\t')
            *w++ = ' ';
        else if (ch >= 32 && ch != 127)
            *w++ = (char)ch;
    }
    *w = '\0';
}

/* Splits line into space-separated words; argv is grown as needed. */
static int split_words(char *line, char ***argv, int *cap)
{
    int n = 0;
    for (char *p = strtok(line, " "); p; p = strtok(NULL, " ")) {
        if (n == *cap) {
            *cap = *cap ? *cap * 2 : 16;
            *argv = xrealloc(*argv, sizeof **argv * (size_t)*cap);
        }
        (*argv)[n++] = p;
    }
    return n;
}

static bool all_digits(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

void gtp_handle_line(Gtp *g, char *line)
{
    preprocess(line);
    char **words = NULL;
    int cap = 0, n = split_words(line, &words, &cap);
    int first = 0;
    g->id = NULL;
    frame_begin(&g->io);
    if (n > 0 && all_digits(words[0])) {
        g->id = words[0];
        first = 1;
    }
    if (n > first) {
        const GtpCommand *cmd = gtp_find_command(g, words[first]);
        int argc = n - first - 1;
        char **argv = words + first + 1;
        if (!cmd)
            gtp_fail(g, "unknown command");
        else if (argc < cmd->min_args || (cmd->max_args >= 0 && argc > cmd->max_args))
            gtp_fail(g, "syntax error");
        else
            cmd->run(g, argc, argv);
        if (!g->io.replied)
            gtp_ok(g, "%s", "");
    }
    g->id = NULL;
    free(words);
}

/* A line longer than MAX_LINE was skipped: refuse it, with its id. */
static void refuse_long_line(Gtp *g, char *head)
{
    preprocess(head);
    char *id = strtok(head, " ");
    g->id = id && all_digits(id) ? id : NULL;
    frame_begin(&g->io);
    gtp_fail(g, "syntax error (line too long)");
    g->id = NULL;
}

void gtp_loop(Gtp *g)
{
    char *line;
    bool too_long;
    while (!g->quit && (line = frame_next(&g->io, MAX_LINE, &too_long)) != NULL) {
        if (too_long)
            refuse_long_line(g, line);
        else
            gtp_handle_line(g, line);
        free(line);
    }
}

/* ------------------------------------------------------------- polling */

static bool is_interrupt_line(const char *p, size_t n)
{
    while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
        n--;
    return n == sizeof INTERRUPT_LINE - 1 && memcmp(p, INTERRUPT_LINE, n) == 0;
}

/* Takes the first "# interrupt" line out of the input. */
static int take_interrupt(void *arg, const char *line, size_t len)
{
    bool *found = arg;
    if (!is_interrupt_line(line, len))
        return LINE_KEEP;
    *found = true;
    return LINE_DROP | LINE_STOP;
}

bool gtp_poll_interrupt(void *arg)
{
    Gtp *g = arg;
    /* A host that floods us while we think must not grow the buffer without
     * end: past one maximal line of backlog, look no further. */
    bool found = false;
    frame_scan_arrived(&g->io, MAX_LINE, take_interrupt, &found);
    if (found) {
        g->interrupted = true;
        return true;
    }
    return frame_host_gone(&g->io);
}

/* ---------------------------------------------------------------- setup */

static void gtp_init(Gtp *g, const GtpCommand *commands, Engine *e, Frame io)
{
    *g = (Gtp){.commands = commands, .engine = e, .io = io};
    e->poll = gtp_poll_interrupt;
    e->poll_arg = g;
}

void gtp_init_fd(Gtp *g, const GtpCommand *commands, Engine *e, int fd, FILE *out)
{
    gtp_init(g, commands, e, frame_fd(fd, out));
}

void gtp_init_mem(Gtp *g, const GtpCommand *commands, Engine *e, const char *data, size_t len,
                  FILE *out)
{
    gtp_init(g, commands, e, frame_mem(data, len, out));
}

void gtp_free(Gtp *g)
{
    frame_free(&g->io);
    buf_free(&g->reply);
    g->engine->poll = NULL;
    g->engine->poll_arg = NULL;
}
