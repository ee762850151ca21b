/*
 * tt.h - transposition table: 16-byte entries in buckets of four, depth-
 * preferred replacement with ageing. Game-agnostic: keys are 64-bit hashes.
 *
 * One table serves every thread of a search without a lock: an entry is
 * two words, its data and its key xor its data, each read and written
 * whole (relaxed atomics: plain moves on x86-64 and ARM64). An entry torn
 * by two threads storing at once no longer checks out against any key and
 * reads as a miss, so a probe sees a whole entry or none.
 */
#ifndef FLIPFIVE_TT_H
#define FLIPFIVE_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

/* An entry as a probe returns it. */
typedef struct TtEntry {
    uint64_t key;
    int32_t score;
    int16_t move;
    int8_t depth;
    uint8_t bound_age; /* bound in the low 2 bits, age above */
} TtEntry;

typedef struct Tt Tt;

/* size_mb is rounded down to a power of two of buckets; NULL on failure.
 * The table is written through at once, so it is resident from the start. */
Tt *tt_create(size_t size_mb);
/* The same, but its pages come as the search first touches them: for a
 * table made while a host's clock runs (Piskvork's max_memory arrives just
 * before the first move; writing 32 MB then took 0.4 s of it on a loaded
 * machine). */
Tt *tt_create_lazy(size_t size_mb);
void tt_destroy(Tt *tt);
void tt_clear(Tt *tt);
size_t tt_size_mb(const Tt *tt);
/* A new search: older entries become cheaper to replace. */
void tt_new_search(Tt *tt);
/* Starts loading the bucket of key into the cache, for a probe soon after. */
void tt_prefetch(const Tt *tt, uint64_t key);
bool tt_probe(const Tt *tt, uint64_t key, TtEntry *out);
void tt_store(Tt *tt, uint64_t key, int depth, int bound, int score, Move move);

static inline int tt_bound(const TtEntry *e) { return e->bound_age & 3; }

#endif
