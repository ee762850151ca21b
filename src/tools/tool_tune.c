/*
 * tool_tune.c - build/flipfive-tune: training data and weights for the 8x8
 * pattern evaluation (README "Tuning the 8x8 evaluation" shows the steps).
 *
 *   flipfive-tune gen [options] FILE     self-play games, labelled positions
 *   flipfive-tune label [options] --out FILE SGF...  the positions of
 *                                        games played elsewhere, labelled
 *   flipfive-tune fit [options] FILE...  weights fitted to the positions
 *   flipfive-tune gomoku-fit [options] SGF...  the Gomoku evaluation
 *                                        tables fitted to game results
 *   flipfive-tune check [N]              the fast evaluation against its
 *                                        slow reference and the symmetries
 *   flipfive-tune probcut [options] FILE deep against shallow search values
 *   flipfive-tune nodes [options] FILE   search nodes on the file's positions
 *   flipfive-tune mlp [options] FILE...  what a small nonlinear model would
 *                                        gain over the linear evaluation
 *   flipfive-tune book [options]         the opening book (othello8_book.inc)
 *   flipfive-tune openings [PLIES [DEPTH]]  distinct openings and values
 *
 * gen: each game opens with a few random moves, then plays by a shallow
 * search with some random moves mixed in. From EXACT empties on, every
 * position is solved exactly and labelled with its exact value; earlier
 * positions are labelled with the exact value of the game's first position
 * with EXACT empties (from their own side's view): the value of the game
 * as played so far, under perfect play from there. Positions before the
 * game's last random move are not written: that move, not the position,
 * decided much of their label. See README "Tuning".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "othello8.h"
#include "othello8_ops.h"
#include "othello8_pattern.h"
#include "othello8_search.h"
#include "search.h"
#include "tables.h"
#include "tt.h"
#include "tune.h"
#include "zobrist.h"

typedef struct GenOptions {
    long games;
    uint64_t seed;
    int random_min, random_max; /* random opening plies */
    int depth;                  /* midgame search depth */
    int exact;                  /* solve exactly from this many empties */
    int epsilon;                /* per mille: random midgame moves */
    int epsilon_end;            /* per mille: random moves once exact */
} GenOptions;

typedef struct Gen {
    const GenOptions *opt;
    const GameOps *ops;
    Othello8Pos *pos;
    SearchCtx *ctx;
    Tt *tt;
    uint64_t rng;
    FILE *out;
    long written, solved;
} Gen;

static int random_below(Gen *g, int n) { return (int)(splitmix64(&g->rng) % (uint64_t)n); }

static SearchResult search_depth(Gen *g, int depth)
{
    SearchLimits lim = {.depth = depth};
    SearchResult res;
    search_run(g->ctx, g->ops, g->pos, g->tt, &lim, &res);
    return res;
}

/* One self-play game; its positions go to the output with their labels
 * (tune_game_take, tune_game_label). */
static void play_game(Gen *g)
{
    const GenOptions *o = g->opt;
    TuneGame game;
    int first_kept = 0;
    const int random_plies = o->random_min + random_below(g, o->random_max - o->random_min + 1);
    tune_game_start(&game);
    g->ops->reset(g->pos);
    tt_clear(g->tt);
    search_reset(g->ctx);
    for (int ply = 0; !g->ops->game_over(g->pos); ply++) {
        Move moves[MAX_MOVES];
        const int n = g->ops->gen_moves(g->pos, moves);
        if (moves[0] == MOVE_PASS) {
            g->ops->make(g->pos, MOVE_PASS);
            continue;
        }
        SearchResult solve;
        tune_game_take(&game, g->pos, o->exact, g->ctx, g->tt, &solve);
        Move m;
        if (game.s[game.n - 1].exact)
            m = random_below(g, 1000) < o->epsilon_end ? moves[random_below(g, n)] : solve.best;
        else if (ply < random_plies || random_below(g, 1000) < o->epsilon) {
            m = moves[random_below(g, n)];
            first_kept = game.n;
        } else
            m = search_depth(g, o->depth).best;
        g->ops->make(g->pos, m);
    }
    tune_game_label(&game, g->pos);
    g->written += tune_game_write(&game, first_kept, g->out, &g->solved);
}

static int gen_main(int argc, char **argv)
{
    GenOptions o = {.games = 100, .seed = 1, .random_min = 4, .random_max = 24, .depth = 4,
                    .exact = 16, .epsilon = 0, .epsilon_end = 100};
    const char *file = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--games") && v)
            o.games = atol(argv[++i]);
        else if (!strcmp(a, "--seed") && v)
            o.seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(a, "--random") && v && sscanf(argv[++i], "%d-%d", &o.random_min, &o.random_max) == 2)
            ;
        else if (!strcmp(a, "--depth") && v)
            o.depth = atoi(argv[++i]);
        else if (!strcmp(a, "--exact") && v)
            o.exact = atoi(argv[++i]);
        else if (!strcmp(a, "--epsilon") && v)
            o.epsilon = atoi(argv[++i]);
        else if (!strcmp(a, "--epsilon-end") && v)
            o.epsilon_end = atoi(argv[++i]);
        else if (a[0] != '-' && !file)
            file = a;
        else {
            fprintf(stderr, "flipfive-tune gen: bad argument %s\n", a);
            return 2;
        }
    }
    if (!file || o.random_min < 0 || o.random_max < o.random_min || o.depth < 1) {
        fprintf(stderr, "usage: flipfive-tune gen [--games N] [--seed S] [--random A-B] [--depth D]\n"
                        "       [--exact E] [--epsilon PERMILLE] [--epsilon-end PERMILLE] FILE\n");
        return 2;
    }
    /* The seed goes through the mixer: splitmix64 steps its state by the
     * same constant, so seed * constant would make seed s + 1 replay the
     * stream of seed s one draw later (the same games, shifted). */
    uint64_t seed_state = o.seed;
    Gen g = {.opt = &o, .ops = &othello8_ops, .rng = splitmix64(&seed_state)};
    g.pos = g.ops->create(8, 0);
    g.ctx = search_create();
    g.tt = tt_create(16);
    g.out = fopen(file, "ab");
    if (!g.pos || !g.ctx || !g.tt || !g.out) {
        fprintf(stderr, "flipfive-tune gen: cannot start (%s)\n", file);
        return 1;
    }
    for (long i = 0; i < o.games; i++) {
        play_game(&g);
        if ((i + 1) % 100 == 0)
            fprintf(stderr, "\r%ld games, %ld positions, %ld solved", i + 1, g.written, g.solved);
    }
    fprintf(stderr, "\r%ld games, %ld positions, %ld solved\n", o.games, g.written, g.solved);
    fclose(g.out);
    tt_destroy(g.tt);
    search_destroy(g.ctx);
    g.ops->destroy(g.pos);
    return 0;
}

/* Fixed-depth searches of positions from a sample file: nodes and time,
 * the measure of move ordering and pruning; --probcut T searches with
 * ProbCut at T hundredths of sigma, as the engine does (100). */
static int nodes_main(int argc, char **argv)
{
    int depth = 8, count = 200, lo = 20, hi = 50, probcut = 0;
    const char *file = NULL;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--depth") && i + 1 < argc)
            depth = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--probcut") && i + 1 < argc)
            probcut = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--count") && i + 1 < argc)
            count = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--empties") && i + 1 < argc && sscanf(argv[++i], "%d-%d", &lo, &hi) == 2)
            ;
        else
            file = argv[i];
    }
    FILE *f = file ? fopen(file, "rb") : NULL;
    if (!f) {
        fprintf(stderr, "usage: flipfive-tune nodes [--depth D] [--count N] [--empties A-B] [--probcut T] FILE\n");
        return 2;
    }
    const GameOps *ops = &othello8_ops;
    void *pos = ops->create(8, 0);
    SearchCtx *ctx = search_create();
    Tt *tt = tt_create(16);
    TuneSample s;
    long done = 0, seen = 0;
    uint64_t nodes = 0;
    int64_t ns = 0;
    while (done < count && tune_read_sample(f, &s)) {
        if (s.empties < lo || s.empties > hi || seen++ % 97 != 0)
            continue;
        tune_setup(pos, s.P, s.O);
        tt_clear(tt);
        search_reset(ctx);
        SearchLimits lim = {.depth = depth, .probcut = probcut};
        SearchResult r;
        search_run(ctx, ops, pos, tt, &lim, &r);
        nodes += r.nodes;
        ns += r.ns;
        done++;
    }
    fclose(f);
    printf("%ld positions, depth %d: %llu nodes, %.2f s, %.0f nodes/s\n", done, depth,
           (unsigned long long)nodes, (double)ns / 1e9, ns ? (double)nodes * 1e9 / (double)ns : 0.0);
    tt_destroy(tt);
    search_destroy(ctx);
    ops->destroy(pos);
    return 0;
}

/* ProbCut to the end of the game (the selective endgame's levels): how far
 * the shallow search's value lies from the exact score, by empties, over
 * the solved positions of a sample file (every 7th, at most count an
 * empties count). */
static int probcut_end(FILE *f, int count)
{
    enum { LO = 13, HI = 30 };
    const GameOps *ops = &othello8_ops;
    void *pos = ops->create(8, 0);
    SearchCtx *ctx = search_create();
    Tt *tt = tt_create(16);
    double sum[HI + 1] = {0}, sq[HI + 1] = {0};
    long n[HI + 1] = {0}, seen = 0;
    TuneSample s;
    while (tune_read_sample(f, &s)) {
        if (!s.exact || s.empties < LO || s.empties > HI || n[s.empties] >= count || seen++ % 7 != 0)
            continue;
        tune_setup(pos, s.P, s.O);
        tt_clear(tt);
        SearchLimits lim = {.depth = othello8_probcut_shallow(s.empties), .threads = 1};
        SearchResult r;
        search_run(ctx, ops, pos, tt, &lim, &r);
        const int diff = s.score * 100 - r.score;
        sum[s.empties] += diff;
        sq[s.empties] += (double)diff * diff;
        n[s.empties]++;
    }
    fclose(f);
    printf("empties shallow  positions  mean/sd of exact - shallow, hundredths of a disc\n");
    for (int e = LO; e <= HI; e++) {
        if (!n[e])
            continue;
        const double m = sum[e] / (double)n[e], v2 = sq[e] / (double)n[e] - m * m;
        printf("%5d %7d %9ld  %6.0f/%.0f\n", e, othello8_probcut_shallow(e), n[e], m, sqrt(v2 > 0 ? v2 : 0));
    }
    tt_destroy(tt);
    search_destroy(ctx);
    ops->destroy(pos);
    return 0;
}

/* ProbCut statistics: how far a shallow search's value lies from a deep
 * one's, by depth and by empties (the rows of othello8_search.c's SIGMA),
 * over positions of a sample file; printed as a table and as the C
 * initializer of SIGMA. */
static int probcut_main(int argc, char **argv)
{
    enum { MAXD = 16 };
    int count = 200, max_depth = 10;
    bool end = false;
    const char *file = NULL;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--count") && i + 1 < argc)
            count = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--depth") && i + 1 < argc)
            max_depth = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--end"))
            end = true;
        else
            file = argv[i];
    }
    FILE *f = file ? fopen(file, "rb") : NULL;
    if (f && end)
        return probcut_end(f, count);
    if (!f || max_depth >= MAXD || max_depth < OTHELLO8_PROBCUT_MIN_DEPTH) {
        fprintf(stderr, "usage: flipfive-tune probcut [--count N] [--depth D] [--end] FILE\n");
        return 2;
    }
    const GameOps *ops = &othello8_ops;
    void *pos = ops->create(8, 0);
    SearchCtx *ctx = search_create();
    Tt *tt = tt_create(16);
    enum { ROWS = OTHELLO8_PROBCUT_ROWS };
    double sum[ROWS][MAXD] = {{0}}, sq[ROWS][MAXD] = {{0}};
    long n[ROWS][MAXD] = {{0}}, done = 0, seen = 0;
    TuneSample s;
    while (done < count && tune_read_sample(f, &s)) {
        if (s.empties < 14 || s.empties > 59 || seen++ % 89 != 0)
            continue;
        tune_setup(pos, s.P, s.O);
        tt_clear(tt);
        int v[MAXD];
        for (int d = 1; d <= max_depth && d < s.empties; d++) {
            SearchLimits lim = {.depth = d};
            SearchResult r;
            search_run(ctx, ops, pos, tt, &lim, &r);
            v[d] = r.score;
        }
        const int b = othello8_probcut_row(s.empties);
        for (int d = OTHELLO8_PROBCUT_MIN_DEPTH; d <= max_depth && d < s.empties; d++) {
            const int diff = v[d] - v[othello8_probcut_shallow(d)];
            sum[b][d] += diff;
            sq[b][d] += (double)diff * diff;
            n[b][d]++;
        }
        done++;
    }
    fclose(f);
    int sd[ROWS][MAXD];
    printf("%ld positions; deep - shallow (shallow depth in brackets): mean/sd in hundredths of a disc\n", done);
    printf("empties");
    for (int d = OTHELLO8_PROBCUT_MIN_DEPTH; d <= max_depth; d++)
        printf("  %2d(%d)     ", d, othello8_probcut_shallow(d));
    printf("\n");
    for (int b = 0; b < ROWS; b++) {
        printf("row %d  ", b);
        for (int d = OTHELLO8_PROBCUT_MIN_DEPTH; d <= max_depth; d++) {
            const double m = n[b][d] ? sum[b][d] / (double)n[b][d] : 0;
            const double v2 = n[b][d] ? sq[b][d] / (double)n[b][d] - m * m : 0;
            sd[b][d] = (int)lround(sqrt(v2 > 0 ? v2 : 0));
            printf(" %5.0f/%-5d", m, sd[b][d]);
        }
        printf("\n");
    }
    /* Depths past the deepest measured repeat the row's last value; a
     * depth with too few samples takes the row above's (already filled
     * in), or in the first row the depth before it. */
    int table[ROWS][OTHELLO8_PROBCUT_DEPTHS];
    printf("static const int16_t SIGMA[%d][%d] = {\n", ROWS, OTHELLO8_PROBCUT_DEPTHS);
    for (int b = 0; b < ROWS; b++) {
        printf("    {");
        for (int k = 0; k < OTHELLO8_PROBCUT_DEPTHS; k++) {
            const int d = OTHELLO8_PROBCUT_MIN_DEPTH + k;
            if (d <= max_depth && n[b][d] >= 10)
                table[b][k] = sd[b][d];
            else if (d > max_depth && k > 0)
                table[b][k] = table[b][k - 1];
            else if (b > 0)
                table[b][k] = table[b - 1][k];
            else
                table[b][k] = k > 0 ? table[b][k - 1] : 400;
            printf("%d%s", table[b][k], k + 1 < OTHELLO8_PROBCUT_DEPTHS ? ", " : "");
        }
        printf("},\n");
    }
    printf("};\n");
    tt_destroy(tt);
    search_destroy(ctx);
    ops->destroy(pos);
    return 0;
}

/* Every position after PLIES plies from the start, one per class of
 * symmetric positions, as the first move string (in cell order) that
 * reaches it, with the value of a DEPTH search for Black. */
typedef struct Opening {
    uint64_t key[2];
    char moves[2 * 16 + 1];
} Opening;

static void canonical(uint64_t black, uint64_t white, uint64_t key[2])
{
    key[0] = key[1] = ~0ull;
    for (int sym = 0; sym < O8_SYM_COUNT; sym++) {
        const uint64_t b = o8_sym_board(sym, black), w = o8_sym_board(sym, white);
        if (b < key[0] || (b == key[0] && w < key[1])) {
            key[0] = b;
            key[1] = w;
        }
    }
}

static void openings_walk(const GameOps *ops, Othello8Pos *p, int plies, char *line, Opening *out, int *n)
{
    if (plies == 0) {
        uint64_t key[2];
        canonical(p->discs[BLACK], p->discs[WHITE], key);
        for (int i = 0; i < *n; i++)
            if (out[i].key[0] == key[0] && out[i].key[1] == key[1])
                return;
        out[*n].key[0] = key[0];
        out[*n].key[1] = key[1];
        snprintf(out[*n].moves, sizeof out[*n].moves, "%s", line);
        (*n)++;
        return;
    }
    Move moves[MAX_MOVES];
    const int count = ops->gen_moves(p, moves);
    const size_t len = strlen(line);
    for (int i = 0; i < count && moves[i] >= 0; i++) {
        line[len] = (char)('a' + moves[i] % 8);
        line[len + 1] = (char)('1' + moves[i] / 8);
        line[len + 2] = 0;
        ops->make(p, moves[i]);
        openings_walk(ops, p, plies - 1, line, out, n);
        ops->unmake(p);
        line[len] = 0;
    }
}

static int openings_main(int argc, char **argv)
{
    const int plies = argc > 0 ? atoi(argv[0]) : 4, depth = argc > 1 ? atoi(argv[1]) : 10;
    if (plies < 1 || plies > 6) {
        fprintf(stderr, "usage: flipfive-tune openings [PLIES [DEPTH]]\n");
        return 2;
    }
    const GameOps *ops = &othello8_ops;
    Othello8Pos *p = ops->create(8, 0);
    SearchCtx *ctx = search_create();
    Tt *tt = tt_create(16);
    static Opening list[4096];
    int n = 0;
    char line[2 * 16 + 1] = "f5";
    ops->make(p, 37); /* f5: every first move is a symmetric image of it */
    openings_walk(ops, p, plies - 1, line, list, &n);
    for (int i = 0; i < n; i++) {
        ops->reset(p);
        for (const char *m = list[i].moves; *m; m += 2)
            ops->make(p, (m[1] - '1') * 8 + (m[0] - 'a'));
        tt_clear(tt);
        SearchLimits lim = {.depth = depth};
        SearchResult r;
        search_run(ctx, ops, p, tt, &lim, &r);
        printf("%s %d\n", list[i].moves, p->side == BLACK ? r.score : -r.score);
    }
    tt_destroy(tt);
    search_destroy(ctx);
    ops->destroy(p);
    return 0;
}

/* The subcommands, by the word that names them, in the order usage lists
 * them; `help` is the rest of their usage line. */
static const struct {
    const char *name, *help;
    int (*run)(int argc, char **argv);
} subcommands[] = {
    {"gen", " [options] FILE        self-play games, labelled positions", gen_main},
    {"label", " [options] --out DATA GAME.sgf...  positions of games played elsewhere, labelled", tune_label_main},
    {"fit", " [options] --out FILE.inc DATA...  weights fitted to them", tune_fit_main},
    {"gomoku-fit", " [options] SGF...  the Gomoku evaluation fitted to games", tune_gomoku_fit_main},
    {"check", " [GAMES]            the fast evaluation against its slow reference", tune_check_main},
    {"book", " [options]           the 8x8 opening book (othello8_book.inc)", tune_book_main},
    {"probcut", " [options] DATA   deep against shallow search values", probcut_main},
    {"nodes", " [options] DATA     search nodes on the positions of DATA", nodes_main},
    {"mlp", " [options] DATA...    a small nonlinear model's error against the linear sum's", tune_mlp_main},
    {"openings", " [PLIES [DEPTH]] distinct openings with their values", openings_main},
};
enum { NSUBCOMMANDS = sizeof subcommands / sizeof *subcommands };

static void usage(FILE *f)
{
    for (int i = 0; i < NSUBCOMMANDS; i++)
        fprintf(f, "%s flipfive-tune %s%s\n", i ? "      " : "usage:", subcommands[i].name,
                subcommands[i].help);
    fputs("gen, label, fit, probcut, nodes and mlp without a file print their options; the README's section\n"
          "\"Tuning the 8x8 evaluation\" shows the steps.\n",
          f);
}

int main(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        usage(stdout);
        return 0;
    }
    tables_init();
    for (int i = 0; argc >= 2 && i < NSUBCOMMANDS; i++)
        if (!strcmp(argv[1], subcommands[i].name))
            return subcommands[i].run(argc - 2, argv + 2);
    usage(stderr);
    return 2;
}
