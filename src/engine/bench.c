/*
 * bench.c - the bench signature (see bench.h). Positions come from
 * bench.inc; each gets a fresh engine, so nothing leaks between them.
 */
#include "bench.h"

#include <string.h>

#include "engine.h"
#include "timeman.h"

typedef struct BenchPosition {
    const char *game;
    int size, depth;
    const char *cells;
    char side;
    /* Searched as genmove searches at a fixed depth (ProbCut on), not
     * with the full-width limits of the others. */
    bool as_played;
} BenchPosition;

static const BenchPosition POSITIONS[] = {
#include "bench.inc"
};

enum { NPOSITIONS = sizeof POSITIONS / sizeof POSITIONS[0], BENCH_HASH_MB = 16 };

static bool load_position(Engine *e, const BenchPosition *bp)
{
    int8_t cells[MAX_CELLS];
    int n = bp->size;
    if (!engine_set_game(e, bp->game) || (int)strlen(bp->cells) != n * n)
        return false;
    for (int i = 0; i < n * n; i++) {
        char ch = bp->cells[i];
        cells[i] = (int8_t)(ch == 'X' ? CELL_BLACK : ch == 'O' ? CELL_WHITE : CELL_EMPTY);
    }
    return engine_setup(e, n, cells, bp->side == 'X' ? BLACK : WHITE);
}

uint64_t bench_run(int depth, FILE *out)
{
    EngineSettings set;
    engine_default_settings(&set);
    set.hash_mb = BENCH_HASH_MB;
    set.threads = 1; /* the signature is the single-threaded search's */
    uint64_t total = 0;
    int64_t ns = 0;
    for (int i = 0; i < NPOSITIONS; i++) {
        const BenchPosition *bp = &POSITIONS[i];
        Engine *e = engine_create(&set);
        if (!e || !load_position(e, bp)) {
            fprintf(out, "bench: position %d cannot be set up\n", i + 1);
            engine_destroy(e);
            continue;
        }
        SearchLimits lim = {.depth = depth ? depth : bp->depth};
        if (bp->as_played) {
            e->set.depth = lim.depth;
            engine_search_limits(e, bp->side == 'X' ? BLACK : WHITE, &lim);
        }
        SearchResult res;
        search_run(e->search, e->ops, e->pos, e->tt, &lim, &res);
        char v[8];
        engine_format_vertex(e, res.best, v);
        fprintf(out, "%2d %-8s %2dx%-2d depth %2d  best %-4s score %6d  nodes %10llu  %7.3f s\n", i + 1,
                bp->game, bp->size, bp->size, lim.depth, v, res.score, (unsigned long long)res.nodes,
                (double)res.ns / 1e9);
        total += res.nodes;
        ns += res.ns;
        engine_destroy(e);
    }
    double secs = (double)ns / 1e9;
    fprintf(out, "Nodes searched: %llu\n", (unsigned long long)total);
    fprintf(out, "Nodes/second: %.0f\n", secs > 0 ? (double)total / secs : 0.0);
    fprintf(out, "Time: %.3f s\n", secs);
    return total;
}
