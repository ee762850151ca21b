/*
 * frame.c - lines in, lines out, one reply per command (see frame.h).
 */
#include "frame.h"

#include <assert.h>

#include "buf.h"

Frame frame_fd(int fd, FILE *out)
{
    Frame f = {.out = out};
    linein_init_fd(&f.in, fd);
    return f;
}

Frame frame_mem(const char *data, size_t len, FILE *out)
{
    Frame f = {.out = out};
    linein_init_mem(&f.in, data, len);
    return f;
}

void frame_free(Frame *f)
{
    linein_free(&f->in);
}

char *frame_next(Frame *f, size_t max_line, bool *too_long)
{
    if (f->out_failed)
        return NULL;
    return linein_next(&f->in, max_line, too_long);
}

void frame_begin(Frame *f)
{
    f->replied = false;
}

bool frame_take_reply(Frame *f)
{
    if (f->replied) {
        assert(!"second reply to one command");
        return false;
    }
    f->replied = true;
    return true;
}

void frame_write(Frame *f, const char *text)
{
    fputs(text, f->out);
    if (fflush(f->out) != 0 || ferror(f->out))
        f->out_failed = true;
}

void frame_vline(Frame *f, const char *fmt, va_list ap)
{
    Buf b = {0};
    buf_vprintf(&b, fmt, ap);
    for (size_t i = 0; i < b.len; i++)
        if (b.data[i] == '\n' || b.data[i] == '\r')
            b.data[i] = ' ';
    buf_append(&b, "\n", 1);
    frame_write(f, buf_str(&b));
    buf_free(&b);
}

void frame_vreply(Frame *f, const char *fmt, va_list ap)
{
    if (frame_take_reply(f))
        frame_vline(f, fmt, ap);
}

void frame_clean(char *line)
{
    char *w = line;
    for (const char *r = line; *r; r++) {
        unsigned char ch = (unsigned char)*r;
        if (ch == '\t')
            *w++ = ' ';
        else if (ch >= 32 && ch != 127)
            *w++ = (char)ch;
    }
    *w = '\0';
}

void frame_scan_arrived(Frame *f, size_t max_backlog, LineScan scan, void *arg)
{
    linein_peek(&f->in, max_backlog);
    linein_scan(&f->in, scan, arg);
}

bool frame_host_gone(Frame *f)
{
    if (!linein_host_gone(f->out))
        return false;
    f->out_failed = true;
    return true;
}
