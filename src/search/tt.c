/*
 * tt.c - the transposition table.
 */
#include "tt.h"

#include <stdlib.h>
#include <string.h>

enum { BUCKET = 4 };

struct Tt {
    TtEntry *entries;
    void *block;     /* the allocation entries is in */
    size_t nbuckets; /* a power of two */
    uint8_t age;     /* multiple of 4, kept in the high bits of bound_age */
    bool dirty;      /* stored into since the last clear */
};

/* A table of about size_mb, written through (touch) or left to calloc's
 * zero pages. */
static Tt *create(size_t size_mb, bool touch)
{
    Tt *tt = calloc(1, sizeof *tt);
    if (!tt)
        return NULL;
    /* 0 MB: the smallest table (embedders such as the fuzzers). */
    size_t bytes = size_mb ? size_mb << 20 : (size_t)64 << 10, n = 1;
    while (n * 2 * BUCKET * sizeof(TtEntry) <= bytes)
        n *= 2;
    const size_t size = n * BUCKET * sizeof(TtEntry);
    /* A bucket is one cache line when the array starts on one. */
    if (touch) {
        tt->block = tt->entries = aligned_alloc(64, size);
        if (tt->entries)
            memset(tt->entries, 0, size);
    } else {
        tt->block = calloc(1, size + 64);
        if (tt->block)
            tt->entries = (TtEntry *)(((uintptr_t)tt->block + 63) & ~(uintptr_t)63);
    }
    if (!tt->entries) {
        free(tt);
        return NULL;
    }
    tt->nbuckets = n;
    return tt;
}

Tt *tt_create(size_t size_mb) { return create(size_mb, true); }
Tt *tt_create_lazy(size_t size_mb) { return create(size_mb, false); }

void tt_destroy(Tt *tt)
{
    if (tt)
        free(tt->block);
    free(tt);
}

void tt_clear(Tt *tt)
{
    /* A host that resets the board every line (fuzzers, scripts) would
     * otherwise pay for a memset of the whole table each time. */
    if (!tt->dirty)
        return;
    tt->dirty = false;
    memset(tt->entries, 0, tt->nbuckets * BUCKET * sizeof(TtEntry));
    tt->age = 0;
}

size_t tt_size_mb(const Tt *tt) { return (tt->nbuckets * BUCKET * sizeof(TtEntry)) >> 20; }

void tt_new_search(Tt *tt) { tt->age = (uint8_t)(tt->age + 4); }

static TtEntry *bucket_of(const Tt *tt, uint64_t key)
{
    return &tt->entries[(key & (tt->nbuckets - 1)) * BUCKET];
}

bool tt_probe(const Tt *tt, uint64_t key, TtEntry *out)
{
    const TtEntry *b = bucket_of(tt, key);
    for (int i = 0; i < BUCKET; i++)
        if (b[i].key == key && tt_bound(&b[i]) != TT_NONE) {
            *out = b[i];
            return true;
        }
    return false;
}

/* Worth of keeping an entry: its depth, less for stale ones. */
static int keep_value(const Tt *tt, const TtEntry *e)
{
    int stale = (uint8_t)(tt->age - (e->bound_age & ~3)) / 4;
    return e->depth - 8 * stale;
}

void tt_store(Tt *tt, uint64_t key, int depth, int bound, int score, Move move)
{
    tt->dirty = true;
    TtEntry *b = bucket_of(tt, key), *victim = &b[0];
    for (int i = 0; i < BUCKET; i++) {
        if (b[i].key == key || tt_bound(&b[i]) == TT_NONE) {
            victim = &b[i];
            break;
        }
        if (keep_value(tt, &b[i]) < keep_value(tt, victim))
            victim = &b[i];
    }
    if (victim->key == key && move == MOVE_NONE)
        move = victim->move; /* keep the known best move */
    if (depth > 127)
        depth = 127;
    if (depth < -128)
        depth = -128;
    victim->key = key;
    victim->score = score;
    victim->move = (int16_t)move;
    victim->depth = (int8_t)depth;
    victim->bound_age = (uint8_t)(bound | tt->age);
}

void tt_prefetch(const Tt *tt, uint64_t key) { __builtin_prefetch(bucket_of(tt, key)); }
