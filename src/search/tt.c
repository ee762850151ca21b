/*
 * tt.c - the transposition table.
 */
/* madvise's MADV_HUGEPAGE is Linux's, outside POSIX. */
#define _DEFAULT_SOURCE
#include "tt.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { BUCKET = 4 };
/* The size of the pages the table asks for (x86-64 and arm64 Linux). */
#define HUGE_PAGE ((size_t)2 << 20)

/* The stored form: data packs score, move, depth and bound_age; check is
 * the key xor data (see tt.h). */
typedef struct Slot {
    _Atomic uint64_t check;
    _Atomic uint64_t data;
} Slot;

_Static_assert(sizeof(Slot) == 16, "four slots to a cache line");

struct Tt {
    Slot *entries;
    void *block;     /* the allocation entries is in */
    size_t nbuckets; /* a power of two */
    uint8_t age;     /* multiple of 4, kept in the high bits of bound_age;
                      * changed only between searches */
    atomic_bool dirty; /* stored into since the last clear */
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
    while (n * 2 * BUCKET * sizeof(Slot) <= bytes)
        n *= 2;
    const size_t size = n * BUCKET * sizeof(Slot);
    /* A bucket is one cache line when the array starts on one; the table
     * lies on huge pages where the system gives them: a probe is a random
     * access, and with 4 KB pages most probes also miss the TLB. */
    const size_t align = size >= HUGE_PAGE ? HUGE_PAGE : 64;
    if (touch) {
        tt->block = tt->entries = aligned_alloc(align, size);
    } else {
        tt->block = calloc(1, size + align);
        if (tt->block)
            tt->entries = (Slot *)(((uintptr_t)tt->block + align - 1) & ~(uintptr_t)(align - 1));
    }
#ifdef MADV_HUGEPAGE
    if (tt->entries && align == HUGE_PAGE)
        madvise(tt->entries, size, MADV_HUGEPAGE);
#endif
    if (touch && tt->entries)
        memset(tt->entries, 0, size);
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
    if (!atomic_load_explicit(&tt->dirty, memory_order_relaxed))
        return;
    atomic_store_explicit(&tt->dirty, false, memory_order_relaxed);
    /* No search runs: the threads that stored into it have been joined. */
    memset((void *)tt->entries, 0, tt->nbuckets * BUCKET * sizeof(Slot));
    tt->age = 0;
}

size_t tt_size_mb(const Tt *tt) { return (tt->nbuckets * BUCKET * sizeof(Slot)) >> 20; }

void tt_new_search(Tt *tt) { tt->age = (uint8_t)(tt->age + 4); }

static Slot *bucket_of(const Tt *tt, uint64_t key)
{
    return &tt->entries[(key & (tt->nbuckets - 1)) * BUCKET];
}

static uint64_t pack(const TtEntry *e)
{
    return (uint64_t)(uint32_t)e->score | (uint64_t)(uint16_t)e->move << 32 | (uint64_t)(uint8_t)e->depth << 48 |
           (uint64_t)e->bound_age << 56;
}

/* The entry in slot, whole: its key is the one it was stored under, or
 * garbage that matches no probe when two stores tore it. */
static TtEntry load(const Slot *slot)
{
    const uint64_t check = atomic_load_explicit(&slot->check, memory_order_relaxed);
    const uint64_t data = atomic_load_explicit(&slot->data, memory_order_relaxed);
    return (TtEntry){.key = check ^ data,
                     .score = (int32_t)(uint32_t)data,
                     .move = (int16_t)(uint16_t)(data >> 32),
                     .depth = (int8_t)(uint8_t)(data >> 48),
                     .bound_age = (uint8_t)(data >> 56)};
}

bool tt_probe(const Tt *tt, uint64_t key, TtEntry *out)
{
    const Slot *b = bucket_of(tt, key);
    for (int i = 0; i < BUCKET; i++) {
        const TtEntry e = load(&b[i]);
        if (e.key == key && tt_bound(&e) != TT_NONE) {
            *out = e;
            return true;
        }
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
    if (!atomic_load_explicit(&tt->dirty, memory_order_relaxed))
        atomic_store_explicit(&tt->dirty, true, memory_order_relaxed);
    Slot *b = bucket_of(tt, key);
    TtEntry seen[BUCKET];
    int victim = 0;
    for (int i = 0; i < BUCKET; i++) {
        seen[i] = load(&b[i]);
        if (seen[i].key == key || tt_bound(&seen[i]) == TT_NONE) {
            victim = i;
            break;
        }
        if (keep_value(tt, &seen[i]) < keep_value(tt, &seen[victim]))
            victim = i;
    }
    if (seen[victim].key == key && move == MOVE_NONE)
        move = seen[victim].move; /* keep the known best move */
    if (depth > 127)
        depth = 127;
    if (depth < -128)
        depth = -128;
    const TtEntry e = {.score = score, .move = (int16_t)move, .depth = (int8_t)depth,
                       .bound_age = (uint8_t)(bound | tt->age)};
    const uint64_t data = pack(&e);
    atomic_store_explicit(&b[victim].data, data, memory_order_relaxed);
    atomic_store_explicit(&b[victim].check, key ^ data, memory_order_relaxed);
}

void tt_prefetch(const Tt *tt, uint64_t key) { __builtin_prefetch(bucket_of(tt, key)); }
