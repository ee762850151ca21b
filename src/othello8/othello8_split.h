/*
 * othello8_split.h - the parallel part of the endgame solver: Young
 * Brothers Wait split points and the pool of threads that shares them out
 * (othello8_split.c says how). The solver (othello8_solve.c) stays
 * sequential code: it asks at each node whether to split, hands the node's
 * other moves over with a function that searches one of them, and runs a
 * root solve inside a pool when threads are allowed.
 */
#ifndef FLIPFIVE_OTHELLO8_SPLIT_H
#define FLIPFIVE_OTHELLO8_SPLIT_H

#include <stdbool.h>

#include "search.h"

enum {
    SPLIT_ROOT_MIN = 14,   /* empties of a root solve that uses threads */
    SPLIT_MAX_THREADS = 64 /* threads of a pool, the owner included */
};

typedef struct SplitPool SplitPool;
typedef struct SplitPoint SplitPoint;

/* A solver thread's place in a solve, the first member of the solver's
 * own state (a SplitMoveFn casts it back). All NULL but ctx alone. */
typedef struct SplitThread {
    SearchCtx *ctx;          /* this thread's: node count, stop flag */
    SplitPool *pool;         /* the threads of a parallel solve; NULL alone */
    const SplitPoint *split; /* the innermost split point it works under */
} SplitThread;

/* Searches move i of a split node for t, at the node's alpha of the
 * moment (a null window, the full one when it lands inside); returns the
 * score from the node's side. */
typedef int (*SplitMoveFn)(SplitThread *t, const void *node, int i, int alpha);

/* What a split point hands out: moves 0 .. count of node (the solver's),
 * best first, searched by search; beta is the node's. */
typedef struct SplitJob {
    const void *node;
    int count, beta;
    SplitMoveFn search;
} SplitJob;

/* A split point t works under has been cut: t leaves its subtree. Inline
 * so that a solve without threads (no split point) pays no call for it at
 * every move. */
bool split_cut_above(const SplitPoint *sp);
static inline bool split_aborted(const SplitThread *t) { return t->split && split_cut_above(t->split); }

/* A node with n empties and count moves, its first searched, should be
 * shared: t is in a pool with an idle thread and no offer pending. */
bool split_wanted(const SplitThread *t, int n, int count);

/* The job's moves, searched by t and the pool's idle threads; alpha and
 * best are the node's and are updated, best_i is the move that raised
 * best (-1 when none did). */
void split_search(SplitThread *t, const SplitJob *job, int *alpha, int *best, int *best_i);

/* A pool for a root solve of ctx (its owner): ctx->halt is the pool's
 * shared stop flag until the pool closes. NULL when out of memory. */
SplitPool *split_pool_open(SearchCtx *ctx);

/* A search context for one more thread of the pool (search_helper on the
 * shared stop flag); NULL when out of memory. */
SearchCtx *split_pool_helper(SplitPool *pool);

/* Puts threads[0 .. n) in the pool, threads[0] being the owner's, and
 * starts a thread for each of the others: they wait for split points. */
void split_pool_start(SplitPool *pool, SplitThread *const *threads, int n);

/* The solve is over: joins the threads, adds the pool's statistics to the
 * owner's ctx, clears its halt and frees the pool. The helpers' contexts
 * are the caller's. */
void split_pool_close(SplitPool *pool);

#endif
