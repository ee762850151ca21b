/*
 * othello8_book.c - the 8x8 opening book (see othello8_book.h).
 *
 * The generated othello8_book.inc lists every book position as the moves
 * that reach it from the start and its value for the side to move there
 * ("f5d6 -35"). Loading replays each line once and keeps the positions in
 * an open-addressing table keyed by their canonical image, so a game that
 * reaches a book position in another orientation finds it too.
 */
#include "othello8_book.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "othello8_pattern.h"
#include "zobrist.h"

#include "othello8_book.inc"

typedef struct BookEntry {
    uint64_t key[2];
    int16_t value;
    bool used;
} BookEntry;

static BookEntry *table;
static size_t table_mask;
static int entries;

void o8b_canonical(uint64_t P, uint64_t O, uint64_t key[2])
{
    key[0] = key[1] = ~0ull;
    for (int sym = 0; sym < O8_SYM_COUNT; sym++) {
        const uint64_t p = o8_sym_board(sym, P), o = o8_sym_board(sym, O);
        if (p < key[0] || (p == key[0] && o < key[1])) {
            key[0] = p;
            key[1] = o;
        }
    }
}

static size_t slot_of(const uint64_t key[2])
{
    uint64_t h = key[0] * 0x9E3779B97F4A7C15ull ^ key[1] * 0xC2B2AE3D27D4EB4Full;
    return (size_t)(h ^ h >> 31) & table_mask;
}

static BookEntry *find(const uint64_t key[2])
{
    for (size_t i = slot_of(key);; i = (i + 1) & table_mask)
        if (!table[i].used || (table[i].key[0] == key[0] && table[i].key[1] == key[1]))
            return &table[i];
}

/* One line "MOVES VALUE": the position the moves reach from the start, to
 * P and O; false when a move is illegal or the line malformed. */
static bool replay(const char *line, uint64_t *P, uint64_t *O, int *value)
{
    uint64_t p = 0x0000000810000000ull, o = 0x0000001008000000ull; /* black to move */
    const char *c = line;
    for (; c[0] >= 'a' && c[0] <= 'h' && c[1] >= '1' && c[1] <= '8'; c += 2) {
        const int x = (c[1] - '1') * 8 + (c[0] - 'a');
        if (!(bitboard_moves(p, o) >> x & 1)) {
            if (bitboard_moves(p, o) || !(bitboard_moves(o, p) >> x & 1))
                return false;
            const uint64_t t = p; /* a forced pass comes first */
            p = o;
            o = t;
        }
        const uint64_t f = bitboard_flips(p, o, x);
        const uint64_t np = o ^ f;
        o = p | f | 1ull << x;
        p = np;
    }
    char *end;
    const long v = strtol(c, &end, 10);
    if (end == c || *end || v < -6400 || v > 6400)
        return false;
    *P = p;
    *O = o;
    *value = (int)v;
    return true;
}

static void load(const char *const *lines, size_t n)
{
    size_t size = 64;
    while (size < 2 * n)
        size *= 2;
    table = calloc(size, sizeof *table);
    if (!table)
        abort();
    table_mask = size - 1;
    for (size_t i = 0; i < n; i++) {
        uint64_t P, O, key[2];
        int v;
        if (!replay(lines[i], &P, &O, &v))
            continue;
        o8b_canonical(P, O, key);
        BookEntry *e = find(key);
        if (!e->used)
            entries++;
        *e = (BookEntry){{key[0], key[1]}, (int16_t)v, true};
    }
}

/* FLIPFIVE_BOOK=FILE: a book file of the same lines (a tuning aid). */
static bool load_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    size_t n = 0, cap = 1024;
    char **lines = malloc(cap * sizeof *lines), buf[256];
    while (lines && fgets(buf, sizeof buf, f)) {
        char *q = strchr(buf, '"'), *r = q ? strchr(q + 1, '"') : NULL;
        if (!q || !r)
            continue;
        *r = 0;
        if (n == cap)
            lines = realloc(lines, (cap *= 2) * sizeof *lines);
        if (lines)
            lines[n++] = strdup(q + 1);
    }
    fclose(f);
    if (!lines)
        abort();
    load((const char *const *)lines, n);
    for (size_t i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
    return true;
}

/* The table goes at exit, so that memory checkers see every block freed. */
static void unload(void)
{
    free(table);
    table = NULL;
}

void o8b_init(void)
{
    atexit(unload);
    const char *path = getenv("FLIPFIVE_BOOK");
    if (!path || !*path || !load_file(path))
        load(O8_BOOK_TEXT, sizeof O8_BOOK_TEXT / sizeof O8_BOOK_TEXT[0]);
}

int o8b_size(void)
{
    return entries;
}

bool o8b_probe(uint64_t P, uint64_t O, int *value)
{
    uint64_t key[2];
    o8b_canonical(P, O, key);
    const BookEntry *e = find(key);
    if (!e->used)
        return false;
    *value = e->value;
    return true;
}

Move o8b_choose(uint64_t P, uint64_t O, int margin, uint64_t *rng)
{
    Move move[64];
    int value[64], n = 0, best = -(1 << 20);
    for (uint64_t moves = bitboard_moves(P, O); moves; moves &= moves - 1, n++) {
        const int x = bitboard_first(moves);
        const uint64_t f = bitboard_flips(P, O, x);
        int v;
        if (!o8b_probe(O ^ f, P | f | 1ull << x, &v))
            return MOVE_NONE;
        move[n] = x;
        value[n] = -v;
        if (value[n] > best)
            best = value[n];
    }
    int near = 0;
    for (int i = 0; i < n; i++)
        if (value[i] >= best - margin)
            move[near++] = move[i];
    return near ? move[splitmix64(rng) % (uint64_t)near] : MOVE_NONE;
}
