/*
 * util.h - the one way out when a program cannot go on: die() prints
 * "flipfive: MESSAGE" on stderr and exits with status 1. The x*alloc
 * functions die on out of memory; code that can refuse a request instead
 * (a protocol error, a failed set-up) keeps calling malloc and says so.
 */
#ifndef FLIPFIVE_UTIL_H
#define FLIPFIVE_UTIL_H

#include <stddef.h>

_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t size);

#endif
