/*
 * tune_fit.c - flipfive-tune fit: least-squares weights of the pattern
 * evaluation, stage by stage, and the generated othello8_weights.inc.
 *
 * Each stage is a linear model: the label (final disc difference) is the
 * sum of the weights of the position's features, symmetric configurations
 * sharing one weight. Full-batch gradient descent with Adam steps minimises
 * the mean squared error plus an L2 penalty, on 95 % of the positions; the
 * other 5 % (chosen by a hash of the position, so the same ones every time)
 * measure the fit. Stages are fitted from the end of the game backwards,
 * each starting from the weights of the one after it (with --keep, from
 * the weights the tuner was started with: README "Tuning", round D).
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "othello8.h"
#include "othello8_indices.h"
#include "othello8_ops.h"
#include "othello8_pattern.h"
#include "search.h"
#include "tt.h"
#include "tune.h"
#include "util.h"

typedef struct FitOptions {
    int epochs;
    double rate;       /* Adam step in discs */
    double lambda;     /* L2 penalty per weight, as that many samples of value 0 */
    int first, last;   /* the stages to fit (the others stay zero) */
    int test_permille;
    int smooth;        /* also train on positions this many empties outside */
    bool jacobi;       /* diagonal steps (error over count + lambda), not Adam */
    bool prior;        /* the penalty pulls towards the next stage's weights, not 0 */
    double keep;       /* a second penalty towards the starting weights, per sample of each weight */
    int search;        /* depth of the searches that label inexact positions; 0: none */
    double mix;        /* share of the game's label in a searched one */
    long max_samples;  /* per stage, evenly spaced; 0: all */
    int threads;       /* labelling searches at a time */
    const char *out;
} FitOptions;

typedef struct Samples {
    TuneSample *s;
    size_t n, cap;
} Samples;

/* Features of every position: the pattern instances, the scalars, the bias. */
enum { FEATURES = O8I_INSTANCES + O8P_SCALARS + 1 };

/* What one thread's labelling searches need: each its own table, so a
 * label depends only on the positions that thread searched before it. */
typedef struct Relabel {
    void *pos;
    SearchCtx *ctx;
    Tt *tt;
} Relabel;

enum { MAX_THREADS = 64 };

static bool read_file(const char *path, Samples *all)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    TuneSample s;
    while (tune_read_sample(f, &s)) {
        if (all->n == all->cap) {
            all->cap = all->cap ? 2 * all->cap : 1 << 20;
            all->s = xrealloc(all->s, sizeof *all->s * all->cap);
        }
        all->s[all->n++] = s;
    }
    fclose(f);
    return true;
}

/* Raw table index to packed (trained) index. */
static int *packed_map(void)
{
    const int size = o8p_stage_size();
    int *map = xmalloc(sizeof *map * (size_t)size), n = 0;
    for (int i = 0; i < O8P_PATTERNS; i++) {
        const int off = o8p_offset(i), end = i + 1 < O8P_PATTERNS ? o8p_offset(i + 1) : o8p_scalar_offset(0);
        for (int idx = 0; idx < end - off; idx++) {
            const uint32_t c = o8p_canonical(i, (uint32_t)idx);
            map[off + idx] = c == (uint32_t)idx ? n++ : map[off + (int)c];
        }
    }
    for (int j = o8p_scalar_offset(0); j < size; j++)
        map[j] = n++;
    return map;
}

typedef struct Stage {
    int n;             /* samples */
    uint32_t *feat;    /* n * FEATURES packed indices */
    float *y;
    bool *test;
    const TuneSample **src;
} Stage;

static void load_stage(const Samples *all, int stage, int smooth, const FitOptions *o, const int *map, Stage *st)
{
    const int lo = o8p_stage_min_empties(stage) - smooth;
    const int hi = (stage == 0 ? 60 : o8p_stage_min_empties(stage - 1) - 1) + smooth;
    st->n = 0;
    size_t cap = 1024, inside = 0, seen = 0;
    for (size_t i = 0; i < all->n; i++)
        inside += all->s[i].empties >= lo && all->s[i].empties <= hi;
    const size_t max = (size_t)o->max_samples;
    const size_t stride = max && inside > max ? (inside + max - 1) / max : 1;
    st->feat = malloc(sizeof *st->feat * FEATURES * cap);
    st->y = malloc(sizeof *st->y * cap);
    st->test = malloc(sizeof *st->test * cap);
    st->src = malloc(sizeof *st->src * cap);
    for (size_t i = 0; i < all->n; i++) {
        const TuneSample *s = &all->s[i];
        if (s->empties < lo || s->empties > hi || seen++ % stride != 0)
            continue;
        const bool own = o8p_stage(s->empties) == stage, test = tune_held_out(s, o->test_permille);
        if (!own && test)
            continue; /* neighbours only help training */
        if ((size_t)st->n == cap) {
            cap *= 2;
            st->feat = xrealloc(st->feat, sizeof *st->feat * FEATURES * cap);
            st->y = xrealloc(st->y, sizeof *st->y * cap);
            st->test = xrealloc(st->test, sizeof *st->test * cap);
            st->src = xrealloc(st->src, sizeof *st->src * cap);
        }
        uint32_t raw[O8P_MAX_FEATURES];
        /* A neighbour's features, read as if it were in this stage. */
        const int nf = o8p_features(s->P, s->O, raw);
        assert(nf == FEATURES);
        uint32_t *f = &st->feat[(size_t)st->n * FEATURES];
        for (int k = 0; k < nf; k++)
            f[k] = (uint32_t)map[raw[k]];
        if (!own) { /* its bias slot does not exist here: the nearest one */
            const int e = s->empties < o8p_stage_min_empties(stage) ? o8p_stage_min_empties(stage) : s->empties > hi - smooth ? hi - smooth : s->empties;
            f[nf - 1] = (uint32_t)map[o8p_bias_offset() + e - o8p_stage_min_empties(stage)];
        }
        st->y[st->n] = s->score;
        st->test[st->n] = test;
        st->src[st->n] = s;
        st->n++;
    }
}

/* Labels inexact positions by a search on the weights fitted so far (the
 * stages after this one: the search reaches them), mixed with the game's
 * label. Thread k of n takes positions k, k + n, ...: the labels depend on
 * the thread count (each thread's table remembers its earlier searches),
 * never on timing. */
typedef struct RelabelJob {
    Stage *st;
    const FitOptions *o;
    Relabel *r;
} RelabelJob;

static void relabel_part(void *arg, int k)
{
    const RelabelJob *job = arg;
    Relabel *r = &job->r[k];
    for (int i = k; i < job->st->n; i += job->o->threads) {
        const TuneSample *s = job->st->src[i];
        if (s->exact)
            continue;
        tune_setup(r->pos, s->P, s->O);
        SearchLimits lim = {.depth = job->o->search, .threads = 1};
        SearchResult res;
        search_run(r->ctx, &othello8_ops, r->pos, r->tt, &lim, &res);
        job->st->y[i] = (float)(job->o->mix * s->score + (1 - job->o->mix) * res.score / 100.0);
    }
}

static void relabel(Stage *st, const FitOptions *o, Relabel *r)
{
    RelabelJob job = {st, o, r};
    SearchThreads *t = search_spawn(o->threads, relabel_part, &job);
    if (!t)
        die("cannot start the labelling threads");
    relabel_part(&job, 0);
    /* parts whose thread the system refused: here, so that every position
     * gets its search label and the labels stay those of o->threads parts */
    for (int k = search_started(t) + 1; k < o->threads; k++)
        relabel_part(&job, k);
    search_join(t);
}

static double rmse(const Stage *st, const double *w, bool test, double *baseline)
{
    double sum = 0;
    long n = 0;
    for (int i = 0; i < st->n; i++) {
        if (st->test[i] != test)
            continue;
        const uint32_t *f = &st->feat[(size_t)i * FEATURES];
        double p = 0;
        for (int k = 0; k < FEATURES; k++)
            p += w[f[k]];
        sum += (st->y[i] - p) * (st->y[i] - p);
        if (baseline)
            *baseline += (double)st->y[i] * st->y[i];
        n++;
    }
    if (baseline && n)
        *baseline = sqrt(*baseline / (double)n);
    return n ? sqrt(sum / (double)n) : 0;
}

/* g = the gradient of half the squared error over the training positions
 * (each weight collects the errors of the positions that use it). */
static void gradient(const Stage *st, const double *w, double *g, int nw)
{
    memset(g, 0, sizeof *g * (size_t)nw);
    for (int i = 0; i < st->n; i++) {
        if (st->test[i])
            continue;
        const uint32_t *f = &st->feat[(size_t)i * FEATURES];
        double p = 0;
        for (int k = 0; k < FEATURES; k++)
            p += w[f[k]];
        const double err = p - st->y[i];
        for (int k = 0; k < FEATURES; k++)
            g[f[k]] += err;
    }
}

/* Samples per weight among the training positions. */
static double *weight_counts(const Stage *st, int nw)
{
    double *count = xcalloc((size_t)nw, sizeof *count);
    for (int i = 0; i < st->n; i++)
        if (!st->test[i])
            for (int k = 0; k < FEATURES; k++)
                count[st->feat[(size_t)i * FEATURES + k]] += 1;
    return count;
}

/* Full-batch steps along the gradient scaled per weight by its number of
 * samples plus lambda: a rare configuration moves as little as its few
 * samples justify (Adam moves every weight at the same rate, which fits
 * the noise of rare ones). */
static void fit_stage_jacobi(const Stage *st, double *w, int nw, const FitOptions *o)
{
    double *g = xcalloc((size_t)nw, sizeof *g), *count = weight_counts(st, nw);
    long ntrain = 0;
    for (int i = 0; i < st->n; i++)
        ntrain += !st->test[i];
    for (int epoch = 0; ntrain > 0 && epoch < o->epochs; epoch++) {
        gradient(st, w, g, nw);
        for (int j = 0; j < nw; j++)
            if (count[j] > 0 || w[j] != 0)
                w[j] -= o->rate * (g[j] + o->lambda * w[j]) / (count[j] + o->lambda);
    }
    free(g);
    free(count);
}

/* Full-batch Adam on the mean squared error plus the L2 penalty. With
 * --keep K and base (the weights the tuner started with), a second penalty
 * of K times each weight's samples pulls it towards its base value: the
 * data those weights were fitted on, K times as much as this data, seen
 * only through the diagonal of its squared error (which this data's
 * counts estimate), so new positions refine old weights instead of
 * replacing them. */
static void fit_stage(const Stage *st, double *w, int nw, const FitOptions *o, const double *base)
{
    /* A stage without positions (the game's first plies are random
     * openings, never kept) keeps the weights of the stage after it, or
     * with --keep its own starting ones. */
    if (o->jacobi) {
        fit_stage_jacobi(st, w, nw, o);
        return;
    }
    long ntrain = 0;
    for (int i = 0; i < st->n; i++)
        ntrain += !st->test[i];
    if (ntrain == 0) {
        if (o->keep > 0)
            memcpy(w, base, sizeof *w * (size_t)nw);
        return;
    }
    double *g = xcalloc((size_t)nw, sizeof *g), *m = xcalloc((size_t)nw, sizeof *m);
    double *v = xcalloc((size_t)nw, sizeof *v), *prior = xcalloc((size_t)nw, sizeof *prior);
    if (o->prior) /* w holds the weights of the stage after this one */
        memcpy(prior, w, sizeof *w * (size_t)nw);
    double *count = o->keep > 0 ? weight_counts(st, nw) : NULL;
    if (count)
        memcpy(w, base, sizeof *w * (size_t)nw);
    const double b1 = 0.9, b2 = 0.999;
    double p1 = 1, p2 = 1;
    for (int epoch = 0; epoch < o->epochs; epoch++) {
        gradient(st, w, g, nw);
        p1 *= b1;
        p2 *= b2;
        const double rate = o->rate * (epoch < o->epochs / 2 ? 1.0 : 0.3);
        for (int j = 0; j < nw; j++) {
            double pull = o->lambda * (w[j] - prior[j]);
            if (count)
                pull += o->keep * count[j] * (w[j] - base[j]);
            const double grad = 2 * (g[j] + pull) / (double)ntrain;
            if (grad == 0 && w[j] == prior[j])
                continue;
            m[j] = b1 * m[j] + (1 - b1) * grad;
            v[j] = b2 * v[j] + (1 - b2) * grad * grad;
            w[j] -= rate * (m[j] / (1 - p1)) / (sqrt(v[j] / (1 - p2)) + 1e-8);
        }
    }
    free(g);
    free(m);
    free(v);
    free(prior);
    free(count);
}

/* Stage s's weights as the tuner found them (compiled in or
 * FLIPFIVE_WEIGHTS), in discs, packed like the fitted ones. */
static double *starting_weights(int s, int packed_size)
{
    int16_t *p = xmalloc(sizeof *p * (size_t)packed_size);
    o8p_pack(o8p_weights(s), p);
    double *w = xmalloc(sizeof *w * (size_t)packed_size);
    for (int j = 0; j < packed_size; j++)
        w[j] = p[j] / 100.0;
    free(p);
    return w;
}

static void write_weights(FILE *f, int16_t *const *packed, int packed_size, const char *summary)
{
    O8Text t = {0};
    for (int s = 0; s < O8P_STAGES; s++)
        o8p_encode(packed[s], packed_size, &t);
    fprintf(f, "/* othello8_weights.inc - generated by flipfive-tune fit (README, Tuning):\n"
               " * the pattern weights of othello8_pattern.c, every stage's packed table\n"
               " * encoded as text (o8p_encode). %s */\n"
               "static const char *const O8_WEIGHT_TEXT[] = {\n",
            summary);
    const size_t piece = 76;
    for (size_t at = 0; at < t.len; at += piece)
        fprintf(f, "    \"%.*s\",\n", (int)(t.len - at < piece ? t.len - at : piece), t.s + at);
    fprintf(f, "};\n");
    free(t.s);
}

int tune_fit_main(int argc, char **argv)
{
    FitOptions o = {.epochs = 300, .rate = 0.5, .lambda = 100, .test_permille = 50, .smooth = 1,
                    .first = 0, .last = O8P_STAGES - 1, .threads = 1, .out = NULL};
    Samples all = {0};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const bool has = i + 1 < argc;
        if (!strcmp(a, "--epochs") && has)
            o.epochs = atoi(argv[++i]);
        else if (!strcmp(a, "--rate") && has)
            o.rate = atof(argv[++i]);
        else if (!strcmp(a, "--lambda") && has)
            o.lambda = atof(argv[++i]);
        else if (!strcmp(a, "--stages") && has && sscanf(argv[++i], "%d-%d", &o.first, &o.last) == 2)
            ;
        else if (!strcmp(a, "--search") && has)
            o.search = atoi(argv[++i]);
        else if (!strcmp(a, "--mix") && has)
            o.mix = atof(argv[++i]);
        else if (!strcmp(a, "--threads") && has)
            o.threads = atoi(argv[++i]);
        else if (!strcmp(a, "--max") && has)
            o.max_samples = atol(argv[++i]);
        else if (!strcmp(a, "--jacobi"))
            o.jacobi = true;
        else if (!strcmp(a, "--prior"))
            o.prior = true;
        else if (!strcmp(a, "--keep") && has)
            o.keep = atof(argv[++i]);
        else if (!strcmp(a, "--smooth") && has)
            o.smooth = atoi(argv[++i]);
        else if (!strcmp(a, "--out") && has)
            o.out = argv[++i];
        else if (a[0] != '-' && read_file(a, &all))
            ;
        else {
            fprintf(stderr, "flipfive-tune fit: bad argument or unreadable file: %s\n", a);
            free(all.s);
            return 2;
        }
    }
    if (!all.n || !o.out || o.threads < 1 || o.threads > MAX_THREADS || (o.keep > 0 && o.jacobi)) {
        fprintf(stderr, "usage: flipfive-tune fit [--epochs N] [--rate R] [--lambda L] [--smooth E]\n       [--stages A-B] [--jacobi] [--prior] [--keep K] [--search D] [--mix A] [--threads N] [--max N] --out FILE.inc DATA...\n");
        free(all.s);
        return 2;
    }
    Relabel r[MAX_THREADS];
    for (int k = 0; k < o.threads; k++) {
        r[k] = (Relabel){othello8_ops.create(8, 0), search_create(), tt_create(16)};
        if (!r[k].pos || !r[k].ctx || !r[k].tt)
            die("out of memory");
    }
    int *map = packed_map();
    const int packed_size = o8p_packed_size();
    double *base[O8P_STAGES]; /* what --keep pulls towards; read before they are cleared */
    for (int s = 0; s < O8P_STAGES; s++)
        base[s] = o.keep > 0 ? starting_weights(s, packed_size) : NULL;
    for (int s = 0; s < O8P_STAGES; s++) /* no weights until fitted */
        o8p_set_weights(s, NULL);
    double *w = xcalloc((size_t)packed_size, sizeof *w);
    int16_t *packed[O8P_STAGES];
    fprintf(stderr, "%zu positions, %d weights per stage\n", all.n, packed_size);
    fprintf(stderr, "stage empties   train    test  rmse-train rmse-test  label-rms\n");
    double total_sq = 0;
    long total_n = 0;
    for (int s = O8P_STAGES - 1; s >= 0; s--) {
        packed[s] = xcalloc((size_t)packed_size, sizeof **packed);
        if (s < o.first || s > o.last)
            continue;
        Stage st;
        load_stage(&all, s, o.search ? 0 : o.smooth, &o, map, &st);
        if (o.search)
            relabel(&st, &o, r);
        fit_stage(&st, w, packed_size, &o, base[s]);
        long ntest = 0;
        for (int i = 0; i < st.n; i++)
            ntest += st.test[i];
        double spread = 0;
        const double tr = rmse(&st, w, false, NULL), te = rmse(&st, w, true, &spread);
        fprintf(stderr, "%5d %2d-%2d %9ld %7ld %9.2f %9.2f %9.2f\n", s, o8p_stage_min_empties(s),
                s ? o8p_stage_min_empties(s - 1) - 1 : 60, (long)st.n - ntest, ntest, tr, te, spread);
        total_sq += te * te * (double)ntest;
        total_n += ntest;
        for (int j = 0; j < packed_size; j++) {
            const long q = lround(w[j] * 100);
            packed[s][j] = (int16_t)(q > 32000 ? 32000 : q < -32000 ? -32000 : q);
        }
        o8p_set_weights(s, packed[s]); /* the next searches use them */
        free(st.feat);
        free(st.y);
        free(st.test);
        free(st.src);
    }
    char summary[200];
    snprintf(summary, sizeof summary, "%zu positions; test rmse %.2f discs", all.n,
             total_n ? sqrt(total_sq / (double)total_n) : 0.0);
    fprintf(stderr, "all stages: %s\n", summary);
    FILE *f = fopen(o.out, "w");
    if (!f) {
        fprintf(stderr, "flipfive-tune fit: cannot write %s\n", o.out);
        return 1;
    }
    write_weights(f, packed, packed_size, summary);
    fclose(f);
    for (int s = 0; s < O8P_STAGES; s++) {
        free(packed[s]);
        free(base[s]);
    }
    free(w);
    free(map);
    free(all.s);
    for (int k = 0; k < o.threads; k++) {
        othello8_ops.destroy(r[k].pos);
        search_destroy(r[k].ctx);
        tt_destroy(r[k].tt);
    }
    return 0;
}
