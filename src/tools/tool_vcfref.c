/*
 * tool_vcfref.c - build/flipfive-vcfref: an exhaustive VCF search from the
 * stones alone, the reference for flipfive-vcf on whole puzzles.
 *
 *   flipfive-vcfref [FILE]    (default tests/data/renju-vcf-puzzles.txt)
 *
 * Prints per puzzle "ID win PLIES LINE..." or "ID none", with the nodes and
 * the positions it proved lost, and a total line. It shares none of the
 * fast code: no line patterns, no threat sets, no move ordering. Fives are
 * counted stone by stone, black's fouls come from renju_foul_slow, and the
 * attacker's moves are every legal move that makes a five point, found by
 * the 5-cell windows holding three of its stones and two empty cells (a
 * new five point's five holds the new stone, so no four is missed). The
 * search has no depth limit: a VCF only adds stones, so a plain depth-first
 * search that remembers the positions it proved lost is exact.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gomoku.h"
#include "naive.h"
#include "renju.h"
#include "tables.h"
#include "zobrist.h"

enum {
    MEMO_BITS = 22,
    MEMO_SIZE = 1 << MEMO_BITS,
    LINE_MAX = 2 * MAX_CELLS,
    WORD = 512
};

typedef struct Ref {
    GomokuPos *p;
    uint64_t zob[GOMOKU_BOX][2];
    uint64_t key;
    uint64_t *memo;             /* keys of positions with no VCF, 0 = free */
    uint64_t nodes, lost;
    int line[LINE_MAX];
    int len;
} Ref;

/* ----------------------------------------------------------- the stones */

static void put(Ref *r, int b, int color)
{
    r->p->box[b] = (int8_t)(color + 1);
    r->key ^= r->zob[b][color];
}

static void take(Ref *r, int b, int color)
{
    r->p->box[b] = CELL_EMPTY;
    r->key ^= r->zob[b][color];
}

/* The distinct five points of color on the lines through b, at most two. */
static int fives_near(const GomokuPos *p, int b, int color, int *f)
{
    int n = 0;
    for (int d = 0; d < 4; d++)
        for (int k = -4; k <= 4; k++) {
            int x = b + k * p->dir[d];
            if (x < 0 || x >= GOMOKU_BOX || p->box[x] != CELL_EMPTY || !naive_five_at(p, x, color))
                continue;
            if (n == 0 || f[0] != x)
                f[n++] = x;
            if (n == 2)
                return n;
        }
    return n;
}

static bool legal(GomokuPos *p, int b, int color)
{
    return p->box[b] == CELL_EMPTY && !(color == BLACK && p->rule == RULE_RENJU && renju_foul_slow(p, b));
}

/* Marks the empty cells of every 5-cell window with three stones of color
 * and two empty cells; returns how many were marked. */
static int candidates(const GomokuPos *p, int color, bool *mark)
{
    int n = 0;
    for (int c = 0; c < p->size * p->size; c++)
        for (int d = 0; d < 4; d++) {
            const int b = gomoku_box(p, c);
            int own = 0, empty = 0;
            for (int k = 0; k < 5; k++) {
                int x = b + k * p->dir[d];
                own += p->box[x] == color + 1;
                empty += p->box[x] == CELL_EMPTY;
            }
            if (own != 3 || empty != 2)
                continue;
            for (int k = 0; k < 5; k++) {
                int x = b + k * p->dir[d];
                if (p->box[x] == CELL_EMPTY && !mark[x]) {
                    mark[x] = true;
                    n++;
                }
            }
        }
    return n;
}

/* ------------------------------------------------------------ the memo */

static bool memo_has(const Ref *r)
{
    for (uint64_t i = r->key;; i++) {
        uint64_t k = r->memo[i & (MEMO_SIZE - 1)];
        if (k == 0)
            return false;
        if (k == r->key)
            return true;
    }
}

static void memo_add(Ref *r)
{
    if (r->lost >= MEMO_SIZE / 2)
        return; /* full enough: forget rather than slow down */
    uint64_t i = r->key;
    while (r->memo[i & (MEMO_SIZE - 1)] != 0)
        i++;
    r->memo[i & (MEMO_SIZE - 1)] = r->key;
    r->lost++;
}

/* ------------------------------------------------------------- the search */

static bool attack(Ref *r, int a, int ply);

/* The attacker a just played m, making the five points f[0..n-1]. */
static bool after_four(Ref *r, int a, int ply, const int *f, int n)
{
    const int d = a ^ 1;
    if (n >= 2 || !legal(r->p, f[0], d)) {
        r->line[ply] = n >= 2 ? f[0] : -1;    /* -1: the block is forbidden */
        r->line[ply + 1] = n >= 2 ? f[1] : f[0];
        r->len = ply + 2;
        return true;
    }
    put(r, f[0], d);
    r->line[ply] = f[0];
    const bool win = attack(r, a, ply + 1);
    take(r, f[0], d);
    return win;
}

/* Attacker a to move, the defender without a five just made. */
static bool attack(Ref *r, int a, int ply)
{
    GomokuPos *p = r->p;
    int f[2], g[2];
    r->nodes++;
    if (ply + 3 >= LINE_MAX)
        return false;
    if (naive_fives(p, a, f, 2) > 0) {
        r->line[ply] = f[0];
        r->len = ply + 1;
        return true;
    }
    const int nd = naive_fives(p, a ^ 1, g, 2);
    if (nd >= 2 || memo_has(r))
        return false;
    bool mark[GOMOKU_BOX] = {false};
    if (nd == 1)
        mark[g[0]] = true; /* the block, which must be a four itself */
    else
        candidates(p, a, mark);
    for (int m = 0; m < GOMOKU_BOX; m++) {
        if (!mark[m] || !legal(p, m, a))
            continue;
        put(r, m, a);
        const int n = fives_near(p, m, a, f);
        r->line[ply] = m;
        const bool win = n > 0 && after_four(r, a, ply + 1, f, n);
        take(r, m, a);
        if (win)
            return true;
    }
    memo_add(r);
    return false;
}

/* ------------------------------------------------------------- puzzles */

typedef struct Puzzle {
    char id[WORD];
    int8_t cells[MAX_CELLS];
    int side;
} Puzzle;

/* Renju notation (a..o, row 1 at the bottom) on 15x15. */
static void place(Puzzle *z, const char *list, int color)
{
    char word[WORD];
    int used;
    while (sscanf(list, "%511s%n", word, &used) == 1) {
        int c = word[0] - 'a', row = atoi(word + 1);
        if (c >= 0 && c < 15 && row >= 1 && row <= 15)
            z->cells[(15 - row) * 15 + c] = (int8_t)(color + 1);
        list += used;
    }
}

static void solve(Ref *r, const Puzzle *z)
{
    if (!gomoku_load(r->p, z->cells, z->side)) {
        printf("%s invalid\n", z->id);
        return;
    }
    memset(r->memo, 0, sizeof *r->memo * MEMO_SIZE);
    r->key = 0;
    r->nodes = r->lost = 0;
    for (int b = 0; b < GOMOKU_BOX; b++)
        if (r->p->box[b] == BLACK + 1 || r->p->box[b] == WHITE + 1)
            r->key ^= r->zob[b][r->p->box[b] - 1];
    const bool win = attack(r, z->side, 0);
    printf("%s %s", z->id, win ? "win" : "none");
    if (win) {
        printf(" %d", r->len);
        for (int i = 0; i < r->len; i++) {
            if (r->line[i] < 0) {
                printf(" pass");
                continue;
            }
            int c = gomoku_cell(r->p, r->line[i]);
            printf(" %c%d", 'a' + c % 15, 15 - c / 15);
        }
    }
    printf(" | nodes %llu lost %llu\n", (unsigned long long)r->nodes, (unsigned long long)r->lost);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "tests/data/renju-vcf-puzzles.txt";
    FILE *in = fopen(path, "r");
    if (!in) {
        fprintf(stderr, "flipfive-vcfref: cannot read %s\nusage: flipfive-vcfref [PUZZLE-FILE]\n", path);
        return 2;
    }
    tables_init();
    static Ref r;
    r.p = gomoku_new(15, RULE_RENJU);
    r.memo = calloc(MEMO_SIZE, sizeof *r.memo);
    if (!r.p || !r.memo)
        return 1;
    uint64_t seed = 0x5eedf1f5ULL;
    for (int b = 0; b < GOMOKU_BOX; b++)
        for (int c = 0; c < 2; c++)
            r.zob[b][c] = splitmix64(&seed) | 1;
    Puzzle z;
    bool open = false;
    char l[4096];
    while (fgets(l, sizeof l, in)) {
        if (sscanf(l, "puzzle: %511s", z.id) == 1) {
            memset(z.cells, 0, sizeof z.cells);
            z.side = BLACK;
            open = true;
        } else if (open && strncmp(l, "black:", 6) == 0) {
            place(&z, l + 6, BLACK);
        } else if (open && strncmp(l, "white:", 6) == 0) {
            place(&z, l + 6, WHITE);
        } else if (open && strncmp(l, "to-move: white", 14) == 0) {
            z.side = WHITE;
        } else if (open && strncmp(l, "end", 3) == 0) {
            solve(&r, &z);
            open = false;
        }
    }
    fclose(in);
    gomoku_free(r.p);
    free(r.memo);
    return 0;
}
