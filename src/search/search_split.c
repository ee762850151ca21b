/*
 * search_split.c - Young Brothers Wait: the parallel part of the 8x8 endgame
 * solver and of the midgame search.
 *
 * A node whose first move has been searched without a cutoff, and that
 * its search finds big enough, hands its other moves to the threads that
 * wait for work. Each takes the next move, searches it with a null window
 * at the node's alpha of the moment (again with the full window when it
 * lands inside), and merges its score into the node under the pool's lock;
 * a beta cutoff marks the split point cut, and every thread under it
 * leaves its subtree at the next node. The node's value is the best of
 * exact scores and bounds proved with a window at least as narrow as the
 * final one, so it is exact wherever the serial one is. A thread that has
 * run out of moves at its split point waits for its helpers and,
 * meanwhile, helps them with split points below its own (a "helpful
 * master"), so that no thread waits while the work it waits for could use
 * it.
 *
 * The moves and their search are the caller's (a SplitJob): this file is
 * compiled once, while othello8_solve.c is compiled twice on x86-64 (see
 * there), and each copy hands over its own search. The solver's nodes
 * carry their whole position; the midgame search's threads each keep a
 * position of their own and walk it to a node they help (SplitJob.enter).
 */

#include "search.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "timeman.h"

enum {
    WAIT_NS = 2000000, /* a waiting thread looks at the clock this often */
    SPIN_NS = 1000000  /* and spins this long before it sleeps */
};

struct SplitPoint {
    const SplitPoint *parent; /* the split point the owner works under */
    const SplitJob *job;
    int next;                 /* the next move to hand out */
    int alpha, best, best_i;
    int busy;                 /* threads working on it, the owner included */
    atomic_bool cut;
};

struct SplitPool {
    pthread_mutex_t lock;
    pthread_cond_t wake;      /* an offer, a split point done, or the end */
    atomic_uint events;       /* counts them: what a spinning thread watches */
    SplitPoint *offer;        /* a split point with moves for any helper */
    /* Threads waiting for an offer: changed under lock, read without it
     * first by split_wanted, which most nodes answer with no lock. */
    atomic_int idle;
    bool done;                /* the solve is over: helpers leave */
    atomic_bool halt;         /* the search's shared stop flag */
    SearchCtx *owner;         /* the search's context */
    bool (*poll)(SearchCtx *ctx);
    int nthreads;
    SplitThread *thread[SPLIT_MAX_THREADS];
    SearchThreads *running;   /* the helpers' threads */
    /* Statistics (under lock): split points made, moves searched by a
     * thread other than the split point's owner. */
    uint64_t splits, helped;
    int64_t idle_ns;          /* time threads spent waiting for work */
};

/* Wakes every waiting thread. Pool locked. */
static void signal_all(SplitPool *pool)
{
    atomic_fetch_add_explicit(&pool->events, 1, memory_order_relaxed);
    pthread_cond_broadcast(&pool->wake);
}

/* Waits, the pool locked, for the next event after seen: spins first,
 * since each thread of a search has a core of its own and a wake-up
 * through the scheduler costs as much as a small subtree does; then
 * sleeps until signalled or until the absolute CLOCK_REALTIME until_ns,
 * 0 for no limit. */
static void wait_event(SplitPool *pool, unsigned seen, int64_t until_ns)
{
    pthread_mutex_unlock(&pool->lock);
    const int64_t spin_end = clock_ns() + SPIN_NS;
    bool changed = false;
    for (unsigned k = 1; !changed; k++) {
        changed = atomic_load_explicit(&pool->events, memory_order_relaxed) != seen;
        if (k % 64 == 0 && clock_ns() > spin_end)
            break;
    }
    pthread_mutex_lock(&pool->lock);
    if (changed || atomic_load_explicit(&pool->events, memory_order_relaxed) != seen)
        return;
    if (!until_ns) {
        pthread_cond_wait(&pool->wake, &pool->lock);
        return;
    }
    const struct timespec until = {(time_t)(until_ns / 1000000000), (long)(until_ns % 1000000000)};
    pthread_cond_timedwait(&pool->wake, &pool->lock, &until);
}

/* Pool locked. */
static void idle_add(SplitPool *pool, int d)
{
    atomic_fetch_add_explicit(&pool->idle, d, memory_order_relaxed);
}

bool split_cut_above(const SplitPoint *sp)
{
    for (; sp; sp = sp->parent)
        if (atomic_load_explicit(&sp->cut, memory_order_relaxed))
            return true;
    return false;
}

bool split_wanted(const SplitThread *t, int count)
{
    if (!t->pool || count < 3)
        return false;
    SplitPool *pool = t->pool;
    if (atomic_load_explicit(&pool->idle, memory_order_relaxed) == 0)
        return false;
    pthread_mutex_lock(&pool->lock);
    const bool idle = atomic_load_explicit(&pool->idle, memory_order_relaxed) > 0 && !pool->offer;
    pthread_mutex_unlock(&pool->lock);
    return idle;
}

/* Takes moves of sp until none is left, the node is cut or the search
 * stops. Called and left with the pool locked. */
static void split_work(SplitThread *t, SplitPoint *sp, bool owner)
{
    SplitPool *pool = t->pool;
    const SplitJob *job = sp->job;
    const SplitPoint *outer = t->split;
    int mark = 0;
    if (!owner && job->enter) {
        pthread_mutex_unlock(&pool->lock);
        mark = job->enter(t, job->node);
        pthread_mutex_lock(&pool->lock);
    }
    t->split = sp;
    while (sp->next < job->count && !t->ctx->stop && !split_aborted(t)) {
        const int i = sp->next++;
        if (sp->next == job->count && pool->offer == sp)
            pool->offer = NULL;
        if (!owner)
            pool->helped++;
        const int alpha = sp->alpha;
        pthread_mutex_unlock(&pool->lock);
        const int score = job->search(t, job->node, i, alpha);
        pthread_mutex_lock(&pool->lock);
        if (t->ctx->stop || split_aborted(t))
            break;
        if (score > sp->best) {
            sp->best = score;
            sp->best_i = i;
            if (job->took)
                job->took(t, job->node, i);
            if (score > sp->alpha)
                sp->alpha = score;
            if (score >= job->beta)
                atomic_store_explicit(&sp->cut, true, memory_order_relaxed);
        }
    }
    if (pool->offer == sp)
        pool->offer = NULL;
    t->split = outer;
    /* A stop that only meant "leave the cut split point" ends here. */
    if (t->ctx->aborted && !split_aborted(t)) {
        t->ctx->aborted = false;
        t->ctx->stop = false;
    }
    if (!owner && job->leave) {
        pthread_mutex_unlock(&pool->lock);
        job->leave(t, job->node, mark);
        pthread_mutex_lock(&pool->lock);
    }
}

/* Is sp at or below the split point top? */
static bool below(const SplitPoint *sp, const SplitPoint *top)
{
    for (; sp; sp = sp->parent)
        if (sp == top)
            return true;
    return false;
}

/* Waits, the pool locked, until cond_wait wakes or WAIT_NS pass; then
 * looks at the clock and the host (the search's stop). */
static void pool_wait(SplitThread *t)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    const int64_t until = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec + WAIT_NS;
    wait_event(t->pool, atomic_load_explicit(&t->pool->events, memory_order_relaxed), until);
    if (!t->ctx->stop) {
        pthread_mutex_unlock(&t->pool->lock);
        t->pool->poll(t->ctx);
        pthread_mutex_lock(&t->pool->lock);
    }
}

/* Joins an offered split point below top (any, when top is NULL) as a
 * helper; false when there is none. Pool locked. */
static bool help(SplitThread *t, const SplitPoint *top)
{
    SplitPoint *sp = t->pool->offer;
    if (!sp || (top && !below(sp, top)))
        return false;
    sp->busy++;
    idle_add(t->pool, -1);
    split_work(t, sp, false);
    sp->busy--;
    idle_add(t->pool, 1);
    signal_all(t->pool);
    return true;
}

void split_search(SplitThread *t, const SplitJob *job, int *alpha, int *best, int *best_i)
{
    SplitPool *pool = t->pool;
    SplitPoint sp = {t->split, job, 0, *alpha, *best, -1, 1, false};
    pthread_mutex_lock(&pool->lock);
    pool->splits++;
    if (!pool->offer) {
        pool->offer = &sp;
        signal_all(pool);
    }
    split_work(t, &sp, true);
    /* Wait for the helpers, helping them meanwhile. */
    idle_add(pool, 1);
    while (sp.busy > 1)
        if (!help(t, &sp)) {
            const int64_t t0 = clock_ns();
            pool_wait(t);
            pool->idle_ns += clock_ns() - t0;
        }
    idle_add(pool, -1);
    pthread_mutex_unlock(&pool->lock);
    *alpha = sp.alpha;
    *best = sp.best;
    *best_i = sp.best_i;
}

/* A helper thread: waits for offers until the solve is over. */
static void helper_main(void *arg, int index)
{
    SplitPool *pool = arg;
    SplitThread *t = pool->thread[index];
    pthread_mutex_lock(&pool->lock);
    idle_add(pool, 1);
    while (!pool->done)
        if (t->ctx->stop || !help(t, NULL)) {
            const int64_t t0 = clock_ns();
            wait_event(pool, atomic_load_explicit(&pool->events, memory_order_relaxed), 0);
            pool->idle_ns += clock_ns() - t0;
        }
    idle_add(pool, -1);
    pthread_mutex_unlock(&pool->lock);
}

SplitPool *split_pool_open(SearchCtx *ctx, bool (*poll)(SearchCtx *ctx))
{
    SplitPool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return NULL;
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    atomic_init(&pool->halt, false);
    atomic_init(&pool->events, 0);
    atomic_init(&pool->idle, 0);
    ctx->halt = &pool->halt;
    pool->owner = ctx;
    pool->poll = poll;
    return pool;
}

atomic_bool *split_pool_halt(SplitPool *pool) { return &pool->halt; }

void split_pool_start(SplitPool *pool, SplitThread *const *threads, int n)
{
    for (int i = 0; i < n; i++) {
        pool->thread[i] = threads[i];
        threads[i]->pool = pool;
    }
    pool->nthreads = n;
    pool->running = search_spawn(n, helper_main, pool);
}

void split_pool_close(SplitPool *pool, SplitStats *into)
{
    pthread_mutex_lock(&pool->lock);
    pool->done = true;
    signal_all(pool);
    pthread_mutex_unlock(&pool->lock);
    search_join(pool->running);
    into->points += pool->splits;
    into->moves += pool->helped;
    into->idle_ns += pool->idle_ns;
    pool->owner->halt = NULL;
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->lock);
    free(pool);
}
