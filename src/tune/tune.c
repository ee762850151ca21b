/*
 * tune.c - the tuner's sample files, the labels of a game's positions and the
 * check of the fast evaluation (see tune.h).
 */
#include "tune.h"

#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "othello8_ops.h"
#include "othello8_pattern.h"
#include "othello8_indices.h"
#include "util.h"
#include "zobrist.h"

static void put64(uint8_t *b, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get64(const uint8_t *b)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)b[i] << (8 * i);
    return v;
}

void tune_write_sample(FILE *f, const TuneSample *s)
{
    uint8_t b[TUNE_SAMPLE_BYTES] = {0};
    put64(b, s->P);
    put64(b + 8, s->O);
    b[16] = (uint8_t)s->score;
    b[17] = s->empties;
    b[18] = s->exact;
    fwrite(b, sizeof b, 1, f);
}

bool tune_read_sample(FILE *f, TuneSample *s)
{
    uint8_t b[TUNE_SAMPLE_BYTES];
    if (fread(b, sizeof b, 1, f) != 1)
        return false;
    s->P = get64(b);
    s->O = get64(b + 8);
    s->score = (int8_t)b[16];
    s->empties = b[17];
    s->exact = b[18];
    return true;
}

bool tune_held_out(const TuneSample *s, int permille)
{
    uint64_t h = s->P * 0x9E3779B97F4A7C15ull ^ s->O * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    return (int)(h % 1000) < permille;
}

/* The whole of a file up to 4 MiB; NULL when it cannot be read. */
char *tune_read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    const size_t cap = (size_t)4 << 20;
    char *text = xmalloc(cap);
    *len = fread(text, 1, cap, f);
    const bool bad = ferror(f) || !feof(f);
    fclose(f);
    if (bad) {
        free(text);
        return NULL;
    }
    return text;
}

/* ------------------------------------------------------------- games */

static int empties_of(const Othello8Pos *pos) { return 64 - __builtin_popcountll(pos->discs[0] | pos->discs[1]); }

void tune_game_start(TuneGame *g)
{
    g->n = 0;
    g->anchor = 0;
    g->anchor_side = -1;
}

bool tune_game_take(TuneGame *g, Othello8Pos *pos, int exact, SearchCtx *ctx, Tt *tt, SearchResult *solve)
{
    if (g->n >= 64)
        return false;
    TuneSample *s = &g->s[g->n];
    s->P = othello8_player(pos);
    s->O = othello8_opponent(pos);
    s->empties = (uint8_t)empties_of(pos);
    s->exact = 0;
    s->score = 0;
    g->side[g->n++] = pos->side;
    if (s->empties > exact)
        return true;
    SearchLimits lim = {.depth = 64};
    SearchResult r;
    search_run(ctx, &othello8_ops, pos, tt, &lim, &r);
    s->score = (int8_t)(r.score / OTHELLO8_UNITS);
    s->exact = 1;
    if (g->anchor_side < 0) {
        g->anchor = s->score;
        g->anchor_side = pos->side;
    }
    if (solve)
        *solve = r;
    return true;
}

void tune_game_label(TuneGame *g, Othello8Pos *pos)
{
    if (g->anchor_side < 0) { /* over before EXACT empties: the result is exact */
        g->anchor = othello8_ops.outcome(pos);
        g->anchor_side = BLACK;
    }
    for (int i = 0; i < g->n; i++)
        if (!g->s[i].exact)
            g->s[i].score = (int8_t)(g->side[i] == g->anchor_side ? g->anchor : -g->anchor);
}

int tune_game_write(const TuneGame *g, int first_kept, FILE *out, long *solved)
{
    for (int i = first_kept; i < g->n; i++) {
        *solved += g->s[i].exact;
        tune_write_sample(out, &g->s[i]);
    }
    return first_kept < g->n ? g->n - first_kept : 0;
}

/* ------------------------------------------------------------- check */

typedef struct Rng {
    uint64_t state;
} Rng;

static int below(Rng *r, int n) { return (int)(splitmix64(&r->state) % (uint64_t)n); }

static int cmp_u32(const void *a, const void *b)
{
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Fast and slow features agree (as sets), and the value is the same on
 * the 8 images of the position. */
static bool check_position(uint64_t P, uint64_t O, long *bad)
{
    uint32_t f[O8P_MAX_FEATURES], g[O8P_MAX_FEATURES];
    const int n = o8p_features(P, O, f), m = o8p_features_slow(P, O, g);
    qsort(f, (size_t)n, sizeof *f, cmp_u32);
    qsort(g, (size_t)m, sizeof *g, cmp_u32);
    bool ok = n == m && memcmp(f, g, sizeof *f * (size_t)n) == 0;
    const int v = o8p_eval(P, O);
    for (int sym = 1; sym < O8_SYM_COUNT; sym++)
        ok &= o8p_eval(o8_sym_board(sym, P), o8_sym_board(sym, O)) == v;
    /* The incremental indices: every move from here, against a fresh count. */
    O8Indices ix, child, fresh;
    o8i_compute(P, O, &ix);
    ok &= o8i_eval(&ix, P, O) == v;
    for (uint64_t moves = bitboard_moves(P, O); moves; moves &= moves - 1) {
        const int x = bitboard_first(moves);
        const uint64_t flips = bitboard_flips(P, O, x), np = O ^ flips, no = P | flips | 1ull << x;
        o8i_play(&ix, x, flips, &child);
        o8i_compute(np, no, &fresh);
        ok &= memcmp(&child, &fresh, sizeof child) == 0 && o8i_eval(&child, np, no) == o8p_eval(np, no);
    }
    for (int x = 0; x < 64; x++)
        ok &= (o8_sym_board(3, P) >> o8_sym_cell(3, x) & 1) == (P >> x & 1);
    if (!ok && (*bad)++ < 5)
        fprintf(stderr, "check: position %016llx %016llx disagrees\n", (unsigned long long)P,
                (unsigned long long)O);
    return ok;
}

/* Random games, first with the compiled-in weights, then with random
 * (symmetric by construction) ones. */
int tune_check_main(int argc, char **argv)
{
    const long games = argc > 0 ? atol(argv[0]) : 200;
    Rng r = {12345};
    long positions = 0, bad = 0;
    const int stages = o8p_compiled_stages();
    printf("check: %d stages of compiled-in weights\n", stages);
    if (stages != O8P_STAGES)
        bad++;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            const int size = o8p_packed_size();
            int16_t *packed = malloc(sizeof *packed * (size_t)size);
            if (!packed)
                return 1;
            for (int s = 0; s < O8P_STAGES; s++) {
                for (int j = 0; j < size; j++)
                    packed[j] = (int16_t)(below(&r, 2001) - 1000);
                o8p_set_weights(s, packed);
            }
            free(packed);
        }
        for (long g = 0; g < games; g++) {
            uint64_t P = 0x0000000810000000ull, O = 0x0000001008000000ull;
            for (;;) {
                uint64_t moves = bitboard_moves(P, O);
                if (!moves) {
                    if (!bitboard_moves(O, P))
                        break;
                    const uint64_t t = P;
                    P = O;
                    O = t;
                    continue;
                }
                check_position(P, O, &bad);
                positions++;
                for (int k = below(&r, bitboard_count(moves)); k > 0; k--)
                    moves &= moves - 1;
                const int x = bitboard_first(moves);
                const uint64_t flips = bitboard_flips(P, O, x);
                const uint64_t np = O ^ flips;
                O = P | flips | 1ull << x;
                P = np;
            }
        }
    }
    printf("check: %ld positions, %ld disagreements\n", positions, bad);
    return bad ? 1 : 0;
}

void tune_setup(void *pos, uint64_t P, uint64_t O)
{
    int8_t cells[64];
    for (int x = 0; x < 64; x++)
        cells[x] = (int8_t)(P >> x & 1 ? CELL_BLACK : O >> x & 1 ? CELL_WHITE : CELL_EMPTY);
    othello8_ops.setup(pos, cells, BLACK);
}
