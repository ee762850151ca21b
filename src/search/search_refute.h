/*
 * search_refute.h - for search.c: the check of the move the search is
 * about to choose (GameOps.refuted). Only the main thread of a single-line
 * search checks, on a clock or on a node budget (a node budget keeps the
 * search the same in every run); a search to a fixed depth (the bench)
 * stays what it was.
 */
#ifndef FLIPFIVE_SEARCH_REFUTE_H
#define FLIPFIVE_SEARCH_REFUTE_H

#include <stdbool.h>
#include <stdint.h>

#include "search.h"

enum { REFUTE_KEEP = 8 };   /* moves found safe, not checked again */

/* The checks of one search so far. */
typedef struct SearchRefute {
    Move safe[REFUTE_KEEP];
    int nsafe;
    int64_t spent_ns;
    uint64_t spent_nodes;
} SearchRefute;

/* After an iteration: does the opponent win after res->best, by a line the
 * game's solver finds in a share of the time? Then the move leaves moves[]
 * (n shrinks) and the result (the next move in the root order stands in
 * until an iteration is done without it), s->refuted records it, and the
 * answer is true: search the iteration again. */
bool search_refute_drop(SearchCtx *s, const SearchLimits *lim, Move *moves, int *n, SearchResult *res,
                        SearchRefute *v, int depth);

/* m was dropped by search_refute_drop in this search. */
bool search_refute_dropped(const SearchCtx *s, Move m);

#endif
