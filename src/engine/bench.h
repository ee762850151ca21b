/*
 * bench.h - the bench signature: a fixed set of positions searched to a
 * fixed depth with one thread and a fixed hash, the table cleared between
 * positions. The total node count changes only when search behaviour does.
 */
#ifndef FLIPFIVE_BENCH_H
#define FLIPFIVE_BENCH_H

#include <stdint.h>
#include <stdio.h>

/* depth 0 uses each position's own depth. Prints one line per position and
 * the totals to out; returns the total node count. */
uint64_t bench_run(int depth, FILE *out);

#endif
