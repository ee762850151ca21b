/*
 * tune_gomoku.c - flipfive-tune gomoku-fit: the five-in-a-row evaluation
 * tables (gomoku_weight.h) fitted to the results of recorded games.
 *
 * Every quiet position of the games (no five point for either side, no
 * open four for the side to move: the search, not the evaluation, decides
 * those) is a sample labelled with the game's result for its side to move.
 * The evaluation is linear in the table entries: 6/5 of the side to move's
 * value entries over the empty cells, less the other side's passive ones,
 * plus the threat term of the position's threat mask (--threat off leaves
 * that term as it was);
 * the fit is logistic regression, result ~ sigmoid(eval / K), with K chosen
 * first for the weights the program has now, and an L2 pull (--lambda)
 * towards those weights, so that entries the games seldom show keep them.
 * Every tenth game is held out and its error printed before and after.
 * Written are the entries that changed, as gomoku_weights.inc's lines.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gomoku.h"
#include "gomoku_eval.h"
#include "gomoku_weight.h"
#include "sgf.h"
#include "tune.h"
#include "util.h"

enum {
    THREAT_BASE = GW_TABLES * GW_INDICES * 2,        /* value and passive of each entry, */
    FEATURES = THREAT_BASE + GW_TABLES * GT_MASKS,   /* then the threat term's */
    HOLDOUT = 10                                     /* every tenth game is held out */
};

typedef struct Term {
    uint32_t f;    /* (table * GW_INDICES + index) * 2 + passive */
    float coef;
} Term;

typedef struct Sample {
    size_t first;  /* its terms */
    int n;
    float y;       /* 1 won, 0.5 drawn, 0 lost, for the side to move */
    bool held;
} Sample;

typedef struct Data {
    Term *terms;
    size_t nterms, capterms;
    Sample *s;
    size_t n, cap;
    long games, skipped;
    uint32_t *count; /* samples per feature (training ones) */
    struct { int side; size_t at; } *seen; /* one game's samples, to label */
} Data;

typedef struct FitOptions {
    int rule;       /* GomokuRule of the games read */
    int skip;       /* opening plies not sampled */
    int iters, min_count;
    bool threat;    /* fit the threat term too */
    double lambda, rate;
    const char *out;
} FitOptions;

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    *cap = c;
    return xrealloc(p, c * size);
}

static int cmp_term(const void *a, const void *b)
{
    const uint32_t x = ((const Term *)a)->f, y = ((const Term *)b)->f;
    return x < y ? -1 : x > y;
}

/* The side to move's position as terms, merged by feature. */
static void add_sample(Data *d, GomokuPos *p, float y, bool held)
{
    const int me = p->side, n = p->size * p->size;
    d->terms = grow(d->terms, &d->capterms, d->nterms + 2 * (size_t)n + 1, sizeof *d->terms);
    Term *t = d->terms + d->nterms;
    int k = 0;
    for (int c = 0; c < n; c++) {
        const int b = gomoku_box(p, c);
        if (p->box[b] != CELL_EMPTY)
            continue;
        for (int color = 0; color < 2; color++) {
            const int idx = gomoku_weight_index(p->pat[b][color], p->flags[b][color]);
            if (idx == 0)
                continue; /* no pattern at all: worth 0 everywhere */
            const uint32_t f = (uint32_t)(p->wtable[color] * GW_INDICES + idx) * 2 + (color != me);
            t[k++] = (Term){f, color == me ? 1.2f : -1.0f};
        }
    }
    t[k++] = (Term){(uint32_t)(THREAT_BASE + p->wtable[me] * GT_MASKS + gomoku_threat_mask(p)), 1.0f};
    qsort(t, (size_t)k, sizeof *t, cmp_term);
    int m = 0;
    for (int i = 0; i < k; i++) {
        if (m > 0 && t[m - 1].f == t[i].f)
            t[m - 1].coef += t[i].coef;
        else
            t[m++] = t[i];
    }
    d->s = grow(d->s, &d->cap, d->n + 1, sizeof *d->s);
    d->s[d->n++] = (Sample){d->nterms, m, y, held};
    d->nterms += (size_t)m;
    if (!held)
        for (int i = 0; i < m; i++)
            d->count[t[i].f]++;
}

static bool quiet(const GomokuPos *p)
{
    const int me = p->side;
    if (p->set[me][SET_FIVE].n || p->set[me ^ 1][SET_FIVE].n)
        return false;
    const CellSet *s = &p->set[me][SET_FOUR];
    for (int i = 0; i < s->n; i++)
        if (gomoku_has(p, s->cell[i], me, FL_OPEN4))
            return false;
    return true;
}

static bool rule_is(const char *ru, int rule)
{
    const int r = gomoku_rule_of_ru(ru);
    return r < 0 || r == rule;
}

/* One game: its quiet positions after the opening, labelled by the five
 * that ended it (a game that ended otherwise is skipped). A record whose RU
 * names no rule is taken as the rule fitted, as loadsgf takes it as the
 * rule set. */
static void read_game(Data *d, const FitOptions *o, const char *path, SgfGame *g)
{
    size_t len;
    char *text = tune_read_text(path, &len);
    if (!text || !sgf_parse(text, len, g) || g->gm != 4 || g->size < GOMOKU_MIN_SIZE ||
        g->size > GOMOKU_MAX_SIZE || !rule_is(g->ru, o->rule) || g->nsetup) {
        free(text);
        d->skipped++;
        return;
    }
    free(text);
    GomokuPos *p = gomoku_new(g->size, o->rule);
    if (!p)
        die("gomoku-fit: out of memory");
    const bool held = d->games % HOLDOUT == HOLDOUT - 1;
    const size_t first = d->n;
    int ply = 0, kept = 0;
    bool ok = true;
    for (int i = 0; i < g->nnodes && ok && p->winner < 0; i++) {
        const SgfNode *nd = &g->nodes[i];
        if (nd->color < 0)
            continue;
        const int x = nd->move.x, y = nd->move.y;
        if (x < 0 || x >= g->size || y < 0 || y >= g->size || nd->color != p->side) {
            ok = false;
            break;
        }
        if (ply >= o->skip && quiet(p)) {
            d->seen[kept].side = p->side;
            d->seen[kept++].at = d->n;
            add_sample(d, p, 0.5f, held);
        }
        const int b = gomoku_box(p, y * g->size + x);
        if (p->box[b] != CELL_EMPTY) {
            ok = false;
            break;
        }
        gomoku_make(p, b);
        ply++;
    }
    if (!ok || p->winner < 0) { /* not replayed, or no five: drop its samples */
        if (!held)
            for (size_t s = first; s < d->n; s++)
                for (int k = 0; k < d->s[s].n; k++)
                    d->count[d->terms[d->s[s].first + k].f]--;
        if (d->n > first)
            d->nterms = d->s[first].first;
        d->n = first;
        d->skipped++;
    } else {
        for (int k = 0; k < kept; k++)
            d->s[d->seen[k].at].y = d->seen[k].side == p->winner ? 1.0f : 0.0f;
        d->games++;
    }
    gomoku_free(p);
}

static double sigmoid(double x) { return 1 / (1 + exp(-x)); }

static double eval_of(const Data *d, const Sample *s, const double *w)
{
    double e = 0;
    for (int k = 0; k < s->n; k++) {
        const Term *t = &d->terms[s->first + k];
        e += t->coef * w[t->f];
    }
    return e;
}

/* Mean cross-entropy of the held-out (or training) samples; -1 when there
 * are none (fewer than HOLDOUT games). */
static double loss(const Data *d, const double *w, double K, bool held)
{
    double sum = 0;
    long n = 0;
    for (size_t i = 0; i < d->n; i++) {
        const Sample *s = &d->s[i];
        if (s->held != held)
            continue;
        double p = sigmoid(eval_of(d, s, w) / K);
        p = p < 1e-9 ? 1e-9 : p > 1 - 1e-9 ? 1 - 1e-9 : p;
        sum -= s->y * log(p) + (1 - s->y) * log(1 - p);
        n++;
    }
    return n ? sum / (double)n : -1;
}

/* The scale that fits the present weights best (golden section on log K). */
static double fit_scale(const Data *d, const double *w)
{
    double a = log(10.0), b = log(100000.0);
    const double r = (sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 60; i++) {
        const double x1 = b - r * (b - a), x2 = a + r * (b - a);
        if (loss(d, w, exp(x1), false) < loss(d, w, exp(x2), false))
            b = x2;
        else
            a = x1;
    }
    return exp((a + b) / 2);
}

/* The errors, as the fit goes: training and held out. */
static void report(const char *when, const Data *d, const double *w, double K)
{
    const double held = loss(d, w, K, true);
    fprintf(stderr, "%s: training %.5f ", when, loss(d, w, K, false));
    if (held < 0)
        fprintf(stderr, "(no game held out: fewer than %d games)\n", HOLDOUT);
    else
        fprintf(stderr, "held out %.5f\n", held);
}

/* Full-batch Adam on the training samples; features seen in fewer than
 * min_count of them stay where they are. */
static void descend(const Data *d, const FitOptions *o, double *w, const double *w0, double K)
{
    double *g = xcalloc(FEATURES, sizeof *g), *m = xcalloc(FEATURES, sizeof *m), *v = xcalloc(FEATURES, sizeof *v);
    long ntrain = 0;
    for (size_t i = 0; i < d->n; i++)
        ntrain += !d->s[i].held;
    const double b1 = 0.9, b2 = 0.999;
    for (int it = 1; it <= o->iters; it++) {
        memset(g, 0, FEATURES * sizeof *g);
        for (size_t i = 0; i < d->n; i++) {
            const Sample *s = &d->s[i];
            if (s->held)
                continue;
            const double err = (sigmoid(eval_of(d, s, w) / K) - s->y) / K;
            for (int k = 0; k < s->n; k++) {
                const Term *t = &d->terms[s->first + k];
                g[t->f] += err * t->coef;
            }
        }
        for (int f = 0; f < FEATURES; f++) {
            if (d->count[f] < (uint32_t)o->min_count || (f >= THREAT_BASE && !o->threat))
                continue;
            /* the pull is measured in the units of the eval's scale */
            const double grad = g[f] / (double)ntrain + o->lambda * (w[f] - w0[f]) / (K * K * (double)ntrain);
            m[f] = b1 * m[f] + (1 - b1) * grad;
            v[f] = b2 * v[f] + (1 - b2) * grad * grad;
            const double mh = m[f] / (1 - pow(b1, it)), vh = v[f] / (1 - pow(b2, it));
            w[f] -= o->rate * mh / (sqrt(vh) + 1e-12);
            w[f] = w[f] < -GW_LIMIT ? -GW_LIMIT : w[f] > GW_LIMIT ? GW_LIMIT : w[f];
        }
        if (it % 100 == 0 || it == o->iters) {
            char when[32];
            snprintf(when, sizeof when, "iteration %d", it);
            report(when, d, w, K);
        }
    }
    free(g);
    free(m);
    free(v);
}

static const char *const TABLE_NAME[GW_TABLES] = {"freestyle", "exactly five", "Renju black", "Renju white"};

/* Every entry that is not the rule weight: the fitted tables' and the
 * learned entries the program had for the other rules. */
static int write_entries(const double *w, FILE *out)
{
    int written = 0;
    for (int t = 0; t < GW_TABLES; t++)
        for (int i = 0; i < GW_INDICES; i++) {
            const uint32_t f = (uint32_t)(t * GW_INDICES + i) * 2;
            const long v = lround(w[f]), pv = lround(w[f + 1]);
            if (v == gomoku_weight_rule_table[i].value && pv == gomoku_weight_rule_table[i].passive)
                continue;
            int cls;
            uint8_t pat[4];
            gomoku_weight_decode(i, &cls, pat);
            fprintf(out, "GW(%d, %d, %d, %d, %d, %d, %ld, %ld) /* %s */\n", t, cls, pat[0], pat[1], pat[2], pat[3], v, pv,
                    TABLE_NAME[t]);
            written++;
        }
    for (int t = 0; t < GW_TABLES; t++)
        for (int m = 0; m < GT_MASKS; m++) {
            const long v = lround(w[THREAT_BASE + t * GT_MASKS + m]);
            if (v != 0) {
                fprintf(out, "GT(%d, %d, %ld) /* %s */\n", t, m, v, TABLE_NAME[t]);
                written++;
            }
        }
    return written;
}

static void usage(void)
{
    fprintf(stderr, "usage: flipfive-tune gomoku-fit --rule freestyle|standard|renju [--skip N] [--iters N]\n"
                    "           [--lambda L] [--rate R] [--min-count N] [--threat on|off] [--out FILE] FILE.sgf...\n");
    exit(2);
}

static void parse_options(int argc, char **argv, FitOptions *o, int *first)
{
    *o = (FitOptions){.rule = -1, .skip = 4, .iters = 1000, .min_count = 20, .lambda = 10, .rate = 2.0,
                        .threat = true};
    int i = 0;
    while (i < argc && argv[i][0] == '-') {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            usage();
        if (!strcmp(a, "--rule"))
            o->rule = gomoku_rule_of_ru(v);
        else if (!strcmp(a, "--skip"))
            o->skip = atoi(v);
        else if (!strcmp(a, "--iters"))
            o->iters = atoi(v);
        else if (!strcmp(a, "--min-count"))
            o->min_count = atoi(v);
        else if (!strcmp(a, "--lambda"))
            o->lambda = atof(v);
        else if (!strcmp(a, "--rate"))
            o->rate = atof(v);
        else if (!strcmp(a, "--threat") && (!strcmp(v, "on") || !strcmp(v, "off")))
            o->threat = !strcmp(v, "on");
        else if (!strcmp(a, "--out"))
            o->out = v;
        else
            usage();
        i += 2;
    }
    if (o->rule < 0 || i >= argc || o->iters < 0 || o->skip < 0 || o->lambda < 0 || o->rate <= 0)
        usage();
    *first = i;
}

int tune_gomoku_fit_main(int argc, char **argv)
{
    FitOptions o;
    int first;
    parse_options(argc, argv, &o, &first);
    Data d = {.count = xcalloc(FEATURES, sizeof *d.count), .seen = xmalloc(SGF_MAX_NODES * sizeof *d.seen)};
    SgfGame *g = xmalloc(sizeof *g);
    double *w = xmalloc(FEATURES * sizeof *w), *w0 = xmalloc(FEATURES * sizeof *w0);
    for (int i = first; i < argc; i++)
        read_game(&d, &o, argv[i], g);
    free(g);
    fprintf(stderr, "%ld games, %zu positions (%ld files skipped)\n", d.games, d.n, d.skipped);
    if (d.games == 0)
        return 1;
    for (int t = 0; t < GW_TABLES; t++)
        for (int i = 0; i < GW_INDICES; i++) {
            const GomokuWeight e = gomoku_weight_eval_table[t][i];
            const size_t f = (size_t)(t * GW_INDICES + i) * 2;
            w[f] = w0[f] = e.value;
            w[f + 1] = w0[f + 1] = e.passive;
        }
    for (int t = 0; t < GW_TABLES; t++)
        for (int m = 0; m < GT_MASKS; m++)
            w[THREAT_BASE + t * GT_MASKS + m] = w0[THREAT_BASE + t * GT_MASKS + m] = gomoku_weight_threat_table[t][m];
    const double K = fit_scale(&d, w);
    char when[32];
    snprintf(when, sizeof when, "scale K %.1f", K);
    report(when, &d, w, K);
    descend(&d, &o, w, w0, K);
    FILE *out = o.out ? fopen(o.out, "w") : stdout;
    if (!out) {
        fprintf(stderr, "gomoku-fit: %s: %s\n", o.out, strerror(errno));
        return 1;
    }
    static const char *const RULE_NAME[] = {"freestyle", "standard", "renju"};
    const double held = loss(&d, w, K, true), before = loss(&d, w0, K, true);
    fprintf(out, "/* Learned entries of the five-in-a-row evaluation (gomoku_weight.h):\n"
                 " * GW(table, class, patterns, value, passive) and GT(table, threat mask,\n"
                 " * value). This file was written by\n"
                 " * flipfive-tune gomoku-fit --rule %s on %ld games, %zu positions:\n",
            RULE_NAME[o.rule], d.games, d.n);
    if (held < 0)
        fprintf(out, " * scale %.1f, no game held out; the\n", K);
    else
        fprintf(out, " * scale %.1f, held-out error %.5f (the weights before: %.5f); the\n", K, held, before);
    fprintf(out, " * entries of the other rules are the ones it had. */\n");
    const int n = write_entries(w, out);
    if (out != stdout)
        fclose(out);
    fprintf(stderr, "%d entries written\n", n);
    free(d.terms);
    free(d.s);
    free(d.count);
    free(d.seen);
    free(w);
    free(w0);
    return 0;
}
