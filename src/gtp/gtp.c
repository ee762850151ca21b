/*
 * gtp.c - GTP framing: input buffering, line preprocessing (GTP v2 §3.1),
 * ids, reply framing and the dispatch loop.
 *
 * Input is read with read(2) into our own buffer so that, while a search
 * runs, pending bytes can be looked at without blocking (gogui-interrupt)
 * and pipelined commands are kept in order for later.
 */
#include "gtp.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "util.h"

enum {
    READ_CHUNK = 1 << 16,
    MAX_LINE = 16 << 20 /* longer lines are answered with an error, unread */
};

static const char INTERRUPT_LINE[] = "# interrupt";

/* ---------------------------------------------------------------- input */

static void input_reserve(GtpInput *in, size_t extra)
{
    if (in->len + extra <= in->cap)
        return;
    size_t cap = in->cap ? in->cap : READ_CHUNK;
    while (cap < in->len + extra)
        cap *= 2;
    in->buf = xrealloc(in->buf, cap);
    in->cap = cap;
}

/* Reads more bytes; without block, only what is available now. Returns the
 * number of bytes added. */
static size_t input_fill(GtpInput *in, bool block)
{
    if (in->eof)
        return 0;
    if (in->start > 0) {
        memmove(in->buf, in->buf + in->start, in->len - in->start);
        in->len -= in->start;
        in->start = 0;
    }
    input_reserve(in, READ_CHUNK);
    if (in->fd < 0) {
        size_t n = in->mem_len < READ_CHUNK ? in->mem_len : READ_CHUNK;
        memcpy(in->buf + in->len, in->mem, n);
        in->mem += n;
        in->mem_len -= n;
        in->len += n;
        if (n == 0)
            in->eof = true;
        return n;
    }
    if (!block) {
        struct pollfd pfd = {.fd = in->fd, .events = POLLIN};
        if (poll(&pfd, 1, 0) <= 0)
            return 0;
    }
    for (;;) {
        ssize_t n = read(in->fd, in->buf + in->len, READ_CHUNK);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            in->eof = true;
            return 0;
        }
        in->len += (size_t)n;
        return (size_t)n;
    }
}

/* End of the first line in buf[from..len): LF, CR LF, or a lone CR (some
 * hosts end lines with CR only). Returns its offset and sets *eol_len, or
 * -1 when no complete line is buffered yet. A CR ends its line at once: a
 * host that ends lines with CR alone waits for the reply before sending
 * more. When the LF of a CR LF arrives later, it makes an empty line, which
 * gets no reply. */
static long find_eol(const GtpInput *in, size_t from, size_t *eol_len)
{
    for (size_t i = from; i < in->len; i++) {
        if (in->buf[i] == '\n' || in->buf[i] == '\r') {
            *eol_len = in->buf[i] == '\r' && i + 1 < in->len && in->buf[i + 1] == '\n' ? 2 : 1;
            return (long)i;
        }
    }
    return -1;
}

/* Drops buffered bytes up to offset end. */
static void input_consume(GtpInput *in, size_t end)
{
    in->start = end;
    if (in->start == in->len)
        in->start = in->len = 0;
}

/* ------------------------------------------------------------- replies */

static void write_reply(Gtp *g, char mark, const char *body)
{
    if (g->replied) {
        assert(!"second reply to one command");
        return;
    }
    g->replied = true;
    /* A body never holds an empty line: that would end the reply early. */
    Buf clean = {0};
    for (const char *p = body; *p; p++) {
        if (*p == '\n' && clean.len > 0 && clean.data[clean.len - 1] == '\n')
            continue;
        buf_append(&clean, p, 1);
    }
    while (clean.len > 0 && clean.data[clean.len - 1] == '\n')
        clean.data[--clean.len] = '\0';
    fprintf(g->out, "%c%s %s\n\n", mark, g->id ? g->id : "", buf_str(&clean));
    if (fflush(g->out) != 0 || ferror(g->out))
        g->out_failed = true;
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
    g->replied = false;
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
        if (!g->replied)
            gtp_ok(g, "%s", "");
    }
    g->id = NULL;
    free(words);
}

/* A line longer than MAX_LINE: skip it to its end and refuse it. */
static void refuse_long_line(Gtp *g)
{
    GtpInput *in = &g->in;
    char head[64];
    size_t k = in->len - in->start < sizeof head - 1 ? in->len - in->start : sizeof head - 1;
    memcpy(head, in->buf + in->start, k);
    head[k] = '\0';
    size_t eol_len = 0;
    long eol;
    while ((eol = find_eol(in, in->start, &eol_len)) < 0 && !in->eof) {
        in->start = in->len = 0;
        input_fill(in, true);
    }
    if (eol >= 0)
        input_consume(in, (size_t)eol + eol_len);
    else
        in->start = in->len = 0;
    preprocess(head);
    char *id = strtok(head, " ");
    g->id = id && all_digits(id) ? id : NULL;
    g->replied = false;
    gtp_fail(g, "syntax error (line too long)");
    g->id = NULL;
}

static char *copy_line(const char *p, size_t n)
{
    char *line = xmalloc(n + 1);
    memcpy(line, p, n);
    line[n] = '\0';
    return line;
}

/* The next complete line, NUL-terminated in a fresh allocation; NULL at EOF. */
static char *next_line(Gtp *g)
{
    GtpInput *in = &g->in;
    for (;;) {
        size_t eol_len = 0;
        long eol = find_eol(in, in->start, &eol_len);
        if (eol >= 0) {
            char *line = copy_line(in->buf + in->start, (size_t)eol - in->start);
            input_consume(in, (size_t)eol + eol_len);
            return line;
        }
        if (in->len - in->start > MAX_LINE) {
            refuse_long_line(g);
            continue;
        }
        if (!in->eof)
            input_fill(in, true);
        if (in->eof && find_eol(in, in->start, &eol_len) < 0) {
            if (in->len == in->start)
                return NULL;
            /* EOF in the middle of a line: it is still a command. */
            char *line = copy_line(in->buf + in->start, in->len - in->start);
            in->start = in->len = 0;
            return line;
        }
    }
}

void gtp_loop(Gtp *g)
{
    char *line;
    while (!g->quit && !g->out_failed && (line = next_line(g)) != NULL) {
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

static bool host_gone(const Gtp *g)
{
    int fd = fileno(g->out);
    if (fd < 0)
        return false;
    struct pollfd pfd = {.fd = fd, .events = 0};
    return poll(&pfd, 1, 0) > 0 && (pfd.revents & (POLLERR | POLLHUP)) != 0;
}

bool gtp_poll_interrupt(void *arg)
{
    Gtp *g = arg;
    GtpInput *in = &g->in;
    /* A host that floods us while we think must not grow the buffer without
     * end: past one maximal line of backlog, look no further. */
    if (in->fd >= 0 && in->len - in->start <= MAX_LINE)
        input_fill(in, false);
    size_t from = in->start, eol_len = 0;
    long eol;
    while ((eol = find_eol(in, from, &eol_len)) >= 0) {
        size_t end = (size_t)eol, next = end + eol_len;
        if (is_interrupt_line(in->buf + from, end - from)) {
            memmove(in->buf + from, in->buf + next, in->len - next);
            in->len -= next - from;
            in->interrupted = true;
            return true;
        }
        from = next;
    }
    if (host_gone(g)) {
        g->out_failed = true;
        return true;
    }
    return false;
}

/* ---------------------------------------------------------------- setup */

static void gtp_init(Gtp *g, const GtpCommand *commands, Engine *e, FILE *out)
{
    g->commands = commands;
    g->engine = e;
    g->out = out;
    e->poll = gtp_poll_interrupt;
    e->poll_arg = g;
}

void gtp_init_fd(Gtp *g, const GtpCommand *commands, Engine *e, int fd, FILE *out)
{
    *g = (Gtp){0};
    g->in.fd = fd;
    gtp_init(g, commands, e, out);
}

void gtp_init_mem(Gtp *g, const GtpCommand *commands, Engine *e, const char *data, size_t len,
                  FILE *out)
{
    *g = (Gtp){0};
    g->in.fd = -1;
    g->in.mem = data;
    g->in.mem_len = len;
    gtp_init(g, commands, e, out);
}

void gtp_free(Gtp *g)
{
    free(g->in.buf);
    buf_free(&g->reply);
    g->engine->poll = NULL;
    g->engine->poll_arg = NULL;
}
