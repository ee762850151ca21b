/*
 * buf.h - a growable text buffer: replies, diagrams and SGF are built in
 * memory and written once.
 */
#ifndef FLIPFIVE_BUF_H
#define FLIPFIVE_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct Buf {
    char *data; /* always NUL-terminated once anything was added */
    size_t len, cap;
} Buf;

void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(Buf *b, const char *fmt, va_list ap);
void buf_append(Buf *b, const char *s, size_t n);
void buf_clear(Buf *b);
void buf_free(Buf *b);
/* The text, "" when nothing was added. */
const char *buf_str(const Buf *b);

#endif
