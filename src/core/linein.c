/*
 * linein.c - buffered protocol input. Bytes are read with read(2) into our
 * own buffer, so that pending input can be looked at while a search runs
 * (poll with no wait) and commands a host pipelines stay in order for later.
 */
#include "linein.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

enum { READ_CHUNK = 1 << 16 };

static void reserve(LineInput *in, size_t extra)
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
static size_t fill(LineInput *in, bool block)
{
    if (in->eof)
        return 0;
    if (in->start > 0) {
        memmove(in->buf, in->buf + in->start, in->len - in->start);
        in->len -= in->start;
        in->start = 0;
    }
    reserve(in, READ_CHUNK);
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
static long find_eol(const LineInput *in, size_t from, size_t *eol_len)
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
static void consume(LineInput *in, size_t end)
{
    in->start = end;
    if (in->start == in->len)
        in->start = in->len = 0;
}

static char *copy_line(const char *p, size_t n)
{
    char *line = xmalloc(n + 1);
    memcpy(line, p, n);
    line[n] = '\0';
    return line;
}

/* A line longer than the limit: its head, and the rest skipped unread. */
static char *skip_long_line(LineInput *in)
{
    size_t k = in->len - in->start < LINEIN_HEAD - 1 ? in->len - in->start : LINEIN_HEAD - 1;
    char *head = copy_line(in->buf + in->start, k);
    size_t eol_len = 0;
    long eol;
    while ((eol = find_eol(in, in->start, &eol_len)) < 0 && !in->eof) {
        in->start = in->len = 0;
        fill(in, true);
    }
    if (eol >= 0)
        consume(in, (size_t)eol + eol_len);
    else
        in->start = in->len = 0;
    return head;
}

char *linein_next(LineInput *in, size_t max_line, bool *too_long)
{
    *too_long = false;
    for (;;) {
        size_t eol_len = 0;
        long eol = find_eol(in, in->start, &eol_len);
        if (eol >= 0 && (size_t)eol - in->start <= max_line) {
            char *line = copy_line(in->buf + in->start, (size_t)eol - in->start);
            consume(in, (size_t)eol + eol_len);
            return line;
        }
        if (in->len - in->start > max_line) {
            *too_long = true;
            return skip_long_line(in);
        }
        if (!in->eof)
            fill(in, true);
        if (in->eof && find_eol(in, in->start, &eol_len) < 0) {
            if (in->len == in->start)
                return NULL;
            /* EOF in the middle of a line: it is still a line. */
            char *line = copy_line(in->buf + in->start, in->len - in->start);
            in->start = in->len = 0;
            return line;
        }
    }
}

void linein_peek(LineInput *in, size_t max_backlog)
{
    if (in->fd >= 0 && in->len - in->start <= max_backlog)
        fill(in, false);
}

void linein_scan(LineInput *in, LineScan scan, void *arg)
{
    size_t from = in->start, eol_len = 0;
    long eol;
    while ((eol = find_eol(in, from, &eol_len)) >= 0) {
        size_t end = (size_t)eol, next = end + eol_len;
        int verdict = scan(arg, in->buf + from, end - from);
        if (verdict & LINE_DROP) {
            memmove(in->buf + from, in->buf + next, in->len - next);
            in->len -= next - from;
        } else {
            from = next;
        }
        if (verdict & LINE_STOP)
            return;
    }
}

bool linein_host_gone(FILE *out)
{
    int fd = fileno(out);
    if (fd < 0)
        return false;
    struct pollfd pfd = {.fd = fd, .events = 0};
    return poll(&pfd, 1, 0) > 0 && (pfd.revents & (POLLERR | POLLHUP)) != 0;
}

void linein_init_fd(LineInput *in, int fd)
{
    *in = (LineInput){.fd = fd};
}

void linein_init_mem(LineInput *in, const char *data, size_t len)
{
    *in = (LineInput){.fd = -1, .mem = data, .mem_len = len};
}

void linein_free(LineInput *in)
{
    free(in->buf);
    in->buf = NULL;
    in->start = in->len = in->cap = 0;
}
