/*
 * tune_book.c - flipfive-tune book: the 8x8 opening book, a negamaxed tree
 * of our own searches, written as othello8_book.inc.
 *
 * From the start position, breadth first: every move of a position to
 * expand is searched to DEPTH; the best moves (within WIDTH discs of the
 * best, at most the ply's branching) become positions to expand in turn,
 * until PLIES plies or NODES expanded positions. Positions are merged by
 * symmetry. At the end every expanded position takes the best of its
 * children's negamaxed values, and every position (expanded or a searched
 * child) is written with its value, so the engine finds all the moves of an
 * expanded position in the book and chooses among the near-best.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "othello8.h"
#include "othello8_book.h"
#include "othello8_ops.h"
#include "search.h"
#include "tt.h"
#include "tune.h"

typedef struct Node {
    uint64_t key[2];
    uint64_t P, O;          /* the position as first reached */
    char line[2 * 60 + 1];  /* the moves that first reached it */
    int ply;
    int value;              /* search value, then negamaxed; for the side to move */
    int child[32];          /* indices of the children, when expanded */
    int nchild;
    bool expanded, queued, done;
} Node;

typedef struct Book {
    Node *node;
    int n, cap;
    int *slot;              /* open addressing over node indices, -1 empty */
    int mask;
    const GameOps *ops;
    Othello8Pos *pos;
    SearchCtx *ctx;
    Tt *tt;
    int depth;
    long searches;
} Book;

static int slot_of(const Book *b, const uint64_t key[2])
{
    const uint64_t h = key[0] * 0x9E3779B97F4A7C15ull ^ key[1] * 0xC2B2AE3D27D4EB4Full;
    int i = (int)((h ^ h >> 29) & (uint64_t)b->mask);
    while (b->slot[i] >= 0 && (b->node[b->slot[i]].key[0] != key[0] || b->node[b->slot[i]].key[1] != key[1]))
        i = (i + 1) & b->mask;
    return i;
}

/* The value of P (to move) against O by a DEPTH search. */
static int search_value(Book *b, uint64_t P, uint64_t O)
{
    tune_setup(b->pos, P, O);
    SearchLimits lim = {.depth = b->depth, .probcut = 150};
    SearchResult r;
    search_run(b->ctx, b->ops, b->pos, b->tt, &lim, &r);
    b->searches++;
    return r.score;
}

/* The node of a position, added (and searched) when new. */
static int node_of(Book *b, uint64_t P, uint64_t O, const char *line, int ply)
{
    uint64_t key[2];
    o8b_canonical(P, O, key);
    const int i = slot_of(b, key);
    if (b->slot[i] >= 0)
        return b->slot[i];
    if (b->n == b->cap)
        abort(); /* sized for the node budget */
    Node *nd = &b->node[b->n];
    *nd = (Node){.key = {key[0], key[1]}, .P = P, .O = O, .ply = ply};
    snprintf(nd->line, sizeof nd->line, "%s", line);
    nd->value = search_value(b, P, O);
    b->slot[i] = b->n;
    return b->n++;
}

static int branching(int ply) { return ply < 4 ? 3 : ply < 8 ? 2 : 1; }

/* Searches every move of node k and queues the best for expansion. */
static void expand(Book *b, int k, int width, int *queue, int *tail)
{
    b->node[k].expanded = true;
    const uint64_t P = b->node[k].P, O = b->node[k].O;
    int order[32], n = 0;
    for (uint64_t moves = bitboard_moves(P, O); moves && n < 32; moves &= moves - 1) {
        const int x = bitboard_first(moves);
        const uint64_t f = bitboard_flips(P, O, x);
        /* A line longer than the field cannot happen: the tree stops at
         * --plies, far below its room for moves. */
        char line[sizeof b->node[k].line];
        const size_t len = strlen(b->node[k].line);
        assert(len + 3 <= sizeof line);
        memcpy(line, b->node[k].line, len);
        line[len] = (char)('a' + x % 8);
        line[len + 1] = (char)('1' + x / 8);
        line[len + 2] = '\0';
        const int c = node_of(b, O ^ f, P | f | 1ull << x, line, b->node[k].ply + 1);
        b->node[k].child[b->node[k].nchild++] = c;
        order[n++] = c;
    }
    /* Best for the mover first: the lowest values for the child's side. */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && b->node[order[j]].value < b->node[order[j - 1]].value; j--) {
            const int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    const int best = n ? -b->node[order[0]].value : 0;
    for (int i = 0; i < n && i < branching(b->node[k].ply); i++) {
        Node *c = &b->node[order[i]];
        if (-c->value >= best - width && !c->queued && !c->expanded) {
            c->queued = true;
            queue[(*tail)++] = order[i];
        }
    }
}

static int negamax(Book *b, int k)
{
    Node *nd = &b->node[k];
    if (!nd->expanded || nd->done || nd->nchild == 0)
        return nd->value;
    int best = -(1 << 20);
    for (int i = 0; i < nd->nchild; i++) {
        const int v = -negamax(b, nd->child[i]);
        if (v > best)
            best = v;
    }
    nd->value = best;
    nd->done = true;
    return best;
}

static int by_line(const void *a, const void *b)
{
    const Node *x = a, *y = b;
    const size_t lx = strlen(x->line), ly = strlen(y->line);
    return lx != ly ? (lx < ly ? -1 : 1) : strcmp(x->line, y->line);
}

int tune_book_main(int argc, char **argv)
{
    int depth = 10, plies = 10, nodes = 500, width = 300;
    const char *out = NULL;
    for (int i = 0; i < argc; i++) {
        const bool has = i + 1 < argc;
        if (!strcmp(argv[i], "--depth") && has)
            depth = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--plies") && has)
            plies = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--nodes") && has)
            nodes = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--width") && has)
            width = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--out") && has)
            out = argv[++i];
        else
            out = NULL, i = argc;
    }
    if (!out || depth < 1 || plies < 1 || plies > 40 || nodes < 1) {
        fprintf(stderr, "usage: flipfive-tune book [--depth D] [--plies N] [--nodes N] [--width HUNDREDTHS] --out FILE.inc\n");
        return 2;
    }
    Book b = {.cap = nodes * 32 + 64, .ops = &othello8_ops, .depth = depth};
    b.node = calloc((size_t)b.cap, sizeof *b.node);
    b.mask = 1;
    while (b.mask < 2 * b.cap)
        b.mask *= 2;
    b.slot = malloc(sizeof *b.slot * (size_t)b.mask);
    b.mask--;
    int *queue = malloc(sizeof *queue * (size_t)b.cap);
    b.pos = b.ops->create(8, 0);
    b.ctx = search_create();
    b.tt = tt_create(64);
    if (!b.node || !b.slot || !queue || !b.pos || !b.ctx || !b.tt)
        abort();
    memset(b.slot, -1, sizeof *b.slot * (size_t)(b.mask + 1));
    int head = 0, tail = 0, expanded = 0;
    queue[tail++] = node_of(&b, othello8_player(b.pos), othello8_opponent(b.pos), "", 0);
    while (head < tail && expanded < nodes) {
        const int k = queue[head++];
        if (b.node[k].ply >= plies)
            continue;
        expand(&b, k, width, queue, &tail);
        expanded++;
        fprintf(stderr, "\r%d positions expanded, %d in the book, %ld searches", expanded, b.n, b.searches);
    }
    fprintf(stderr, "\n");
    negamax(&b, 0);
    fprintf(stderr, "start position: %+.2f discs for Black\n", b.node[0].value / 100.0);
    qsort(b.node, (size_t)b.n, sizeof *b.node, by_line);
    FILE *f = fopen(out, "w");
    if (!f) {
        fprintf(stderr, "flipfive-tune book: cannot write %s\n", out);
        return 1;
    }
    fprintf(f, "/* othello8_book.inc - generated by flipfive-tune book --depth %d --plies %d --nodes %d\n"
               " * --width %d (README \"Opening book\"): each book position as the moves reaching\n"
               " * it from the start and its negamaxed value for the side to move, in hundredths\n"
               " * of a disc. %d positions, %d expanded. */\n"
               "static const char *const O8_BOOK_TEXT[] = {\n",
            depth, plies, nodes, width, b.n, expanded);
    for (int i = 0; i < b.n; i++)
        fprintf(f, "    \"%s %d\",\n", b.node[i].line, b.node[i].value);
    fprintf(f, "};\n");
    fclose(f);
    tt_destroy(b.tt);
    search_destroy(b.ctx);
    b.ops->destroy(b.pos);
    free(queue);
    free(b.slot);
    free(b.node);
    return 0;
}
