/*
 * search_threads.c - the threads of one search: start and join. A search
 * starts its helpers itself (contexts from search_helper, in search_root.c) and
 * joins them before it returns, so no thread outlives the search that
 * started it. Nothing here knows the search: the layer check keeps the two
 * files free of a cycle.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

struct SearchThreads {
    int n;                      /* threads started */
    void (*fn)(void *arg, int index);
    void *arg;
    struct Start {
        SearchThreads *owner;
        int index;
        pthread_t id;
    } start[];
};

static void *thread_main(void *arg)
{
    struct Start *st = arg;
    st->owner->fn(st->owner->arg, st->index);
    return NULL;
}

SearchThreads *search_spawn(int n, void (*fn)(void *arg, int index), void *arg)
{
    SearchThreads *t = calloc(1, sizeof *t + sizeof t->start[0] * (size_t)(n > 1 ? n - 1 : 0));
    if (!t)
        return NULL;
    t->fn = fn;
    t->arg = arg;
    for (int i = 1; i < n; i++) {
        struct Start *st = &t->start[t->n];
        *st = (struct Start){t, i, 0};
        if (pthread_create(&st->id, NULL, thread_main, st) != 0)
            break;
        t->n++;
    }
    return t;
}

int search_started(const SearchThreads *t) { return t ? t->n : 0; }

void search_join(SearchThreads *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->n; i++)
        pthread_join(t->start[i].id, NULL);
    free(t);
}
