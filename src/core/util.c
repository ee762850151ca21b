/*
 * util.c - fatal errors and allocations that cannot fail.
 */
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

_Noreturn void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("flipfive: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        die("out of memory");
    return p;
}

void *xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        die("out of memory");
    return p;
}

void *xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (!q)
        die("out of memory");
    return q;
}
