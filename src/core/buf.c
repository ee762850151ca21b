/*
 * buf.c - the growable text buffer. Running out of memory is fatal (die):
 * there is no useful way to answer a host without it.
 */
#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static void buf_reserve(Buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->data = xrealloc(b->data, cap);
    b->cap = cap;
}

void buf_append(Buf *b, const char *s, size_t n)
{
    buf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void buf_vprintf(Buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n <= 0)
        return;
    buf_reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void buf_printf(Buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}

void buf_clear(Buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

void buf_free(Buf *b)
{
    free(b->data);
    *b = (Buf){0};
}

const char *buf_str(const Buf *b) { return b->data ? b->data : ""; }
