/*
 * util.h - the one way out when a program cannot go on: die() prints
 * "flipfive: MESSAGE" on stderr and exits with status 1. The x*alloc
 * functions die on out of memory; code that can refuse a request instead
 * (a protocol error, a failed set-up) keeps calling malloc and says so.
 * The number parsers are the strict ones every protocol and option uses.
 */
#ifndef FLIPFIVE_UTIL_H
#define FLIPFIVE_UTIL_H

#include <stdbool.h>
#include <stddef.h>

_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t size);

/* Whole-string numbers: false for empty text, trailing characters, values
 * out of range (of the type, or of [min, max]) and non-finite doubles. */
bool parse_long(const char *s, long min, long max, long *out);
bool parse_double(const char *s, double *out);

#endif
