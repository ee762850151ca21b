/*
 * tune_mlp.c - flipfive-tune mlp: what a small nonlinear model on the 8x8
 * evaluation's features would gain over the linear sum the engine uses.
 * A measurement, not weights for the engine (README "Tuning the 8x8
 * evaluation": the linear sum underfits, its training error being nearly
 * its held-out error on exactly labelled positions).
 *
 * The model is the linear sum (one weight per feature, symmetric
 * configurations sharing one, as in fit) plus a hidden layer: each feature
 * also has a vector of WIDTH numbers, the vectors are summed per kind of
 * pattern (one sum more for the scalar features; --flat: a single sum),
 * HIDDEN units (leaky ReLU) read those sums, and their weighted sum joins
 * the linear one. WIDTH 0 is the linear sum alone, trained the same way:
 * the yardstick. Stochastic gradient descent on the squared error with
 * AdaGrad's step per parameter, the positions in a seeded random order,
 * the same 5 % held out as fit's; every run with the same options prints
 * the same figures.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "othello8_pattern.h"
#include "tune.h"
#include "util.h"
#include "zobrist.h"

enum { MLP_MAX_WIDTH = 16, MLP_MAX_HIDDEN = 64, MLP_GROUPS = O8P_PATTERNS + 1, HELD_PERMILLE = 50 };

typedef struct MlpOptions {
    int first, last;  /* empties */
    int width, hidden, epochs;
    double rate;
    bool all;         /* also the positions not solved exactly */
    bool flat;        /* one sum of the vectors, not one per kind of pattern */
} MlpOptions;

typedef struct Example {
    uint32_t f[O8P_MAX_FEATURES];
    uint8_t group[O8P_MAX_FEATURES];
    uint8_t n;
    bool held;
    float label;
} Example;

/* A parameter block and its AdaGrad sums of squared gradients. */
typedef struct Param {
    float *v, *g2;
} Param;

typedef struct Model {
    int width, sums, hidden;  /* sums: width times the groups summed */
    bool flat;
    Param lin, vec, w1, b1, w2, b2;
    float rate;
    /* One position's forward pass, kept for its backward one. */
    float sum[MLP_GROUPS * MLP_MAX_WIDTH], act[MLP_MAX_HIDDEN], pre[MLP_MAX_HIDDEN];
} Model;

static void param_init(Param *p, size_t n, float scale, uint64_t *rng)
{
    p->v = xcalloc(n ? n : 1, sizeof *p->v);
    p->g2 = xcalloc(n ? n : 1, sizeof *p->g2);
    for (size_t i = 0; scale > 0 && i < n; i++)
        p->v[i] = scale * ((float)(splitmix64(rng) % 2001) / 1000.0f - 1.0f);
}

static void param_free(Param *p)
{
    free(p->v);
    free(p->g2);
}

static void step(const Model *m, Param *p, size_t i, float grad)
{
    p->g2[i] += grad * grad;
    p->v[i] -= m->rate * grad / (sqrtf(p->g2[i]) + 1e-8f);
}

/* The folded feature (symmetric configurations share one index) and the
 * group its vector is summed in. */
static uint32_t fold(uint32_t f, uint8_t *group)
{
    *group = O8P_PATTERNS;
    for (int p = O8P_PATTERNS - 1; p >= 0; p--)
        if (f >= (uint32_t)o8p_offset(p) && f < (uint32_t)o8p_scalar_offset(0)) {
            *group = (uint8_t)p;
            return (uint32_t)o8p_offset(p) + o8p_canonical(p, f - (uint32_t)o8p_offset(p));
        }
    return f;
}

static bool wanted(const TuneSample *s, const MlpOptions *o)
{
    return s->empties >= o->first && s->empties <= o->last && (s->exact || o->all);
}

static Example *read_examples(char **files, int nfiles, const MlpOptions *o, size_t *count)
{
    Example *ex = NULL;
    size_t n = 0, cap = 0;
    for (int i = 0; i < nfiles; i++) {
        FILE *f = fopen(files[i], "rb");
        if (!f)
            die("mlp: cannot read %s", files[i]);
        TuneSample s;
        while (tune_read_sample(f, &s)) {
            if (!wanted(&s, o))
                continue;
            if (n == cap)
                ex = xrealloc(ex, sizeof *ex * (cap = cap ? 2 * cap : 4096));
            Example *e = &ex[n++];
            e->n = (uint8_t)o8p_features(s.P, s.O, e->f);
            for (int k = 0; k < e->n; k++)
                e->f[k] = fold(e->f[k], &e->group[k]);
            e->label = (float)s.score;
            e->held = tune_held_out(&s, HELD_PERMILLE);
        }
        fclose(f);
    }
    *count = n;
    return ex;
}

static void model_init(Model *m, const MlpOptions *o)
{
    uint64_t rng = 0x5EEDull;
    const size_t size = (size_t)o8p_stage_size();
    m->width = o->width;
    m->flat = o->flat;
    m->sums = o->width * (o->flat ? 1 : MLP_GROUPS);
    m->hidden = o->width ? o->hidden : 0;
    m->rate = (float)o->rate;
    param_init(&m->lin, size, 0, &rng);
    param_init(&m->vec, size * (size_t)m->width, 0.05f, &rng);
    param_init(&m->w1, (size_t)(m->hidden * m->sums), 0.5f, &rng);
    param_init(&m->b1, (size_t)m->hidden, 0, &rng);
    param_init(&m->w2, (size_t)m->hidden, 0.5f, &rng);
    param_init(&m->b2, 1, 0, &rng);
}

static void model_free(Model *m)
{
    Param *all[] = {&m->lin, &m->vec, &m->w1, &m->b1, &m->w2, &m->b2};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        param_free(all[i]);
}

static int sum_at(const Model *m, const Example *e, int k) { return m->flat ? 0 : e->group[k] * m->width; }

static float forward(Model *m, const Example *e)
{
    float out = m->b2.v[0];
    memset(m->sum, 0, sizeof(float) * (size_t)m->sums);
    for (int k = 0; k < e->n; k++) {
        out += m->lin.v[e->f[k]];
        const float *v = m->vec.v + (size_t)e->f[k] * (size_t)m->width;
        for (int d = 0; d < m->width; d++)
            m->sum[sum_at(m, e, k) + d] += v[d];
    }
    for (int h = 0; h < m->hidden; h++) {
        float z = m->b1.v[h];
        for (int d = 0; d < m->sums; d++)
            z += m->w1.v[h * m->sums + d] * m->sum[d];
        m->pre[h] = z;
        m->act[h] = z > 0 ? z : 0.01f * z;
        out += m->w2.v[h] * m->act[h];
    }
    return out;
}

/* grad: the derivative of the squared error with respect to the output. */
static void backward(Model *m, const Example *e, float grad)
{
    float dsum[MLP_GROUPS * MLP_MAX_WIDTH] = {0};
    step(m, &m->b2, 0, grad);
    for (int k = 0; k < e->n; k++)
        step(m, &m->lin, e->f[k], grad);
    for (int h = 0; h < m->hidden; h++) {
        const float dz = grad * m->w2.v[h] * (m->pre[h] > 0 ? 1.0f : 0.01f);
        step(m, &m->w2, (size_t)h, grad * m->act[h]);
        step(m, &m->b1, (size_t)h, dz);
        for (int d = 0; d < m->sums; d++) {
            const size_t i = (size_t)(h * m->sums + d);
            dsum[d] += dz * m->w1.v[i];
            step(m, &m->w1, i, dz * m->sum[d]);
        }
    }
    for (int k = 0; k < e->n && m->width; k++)
        for (int d = 0; d < m->width; d++)
            step(m, &m->vec, (size_t)e->f[k] * (size_t)m->width + (size_t)d, dsum[sum_at(m, e, k) + d]);
}

/* One pass over the positions in a new random order; trains on the ones
 * not held out and measures both kinds. */
static void pass(Model *m, const Example *ex, size_t n, size_t *order, uint64_t *rng, int number)
{
    for (size_t i = n; i > 1; i--) {
        const size_t j = splitmix64(rng) % i, t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
    double se[2] = {0, 0};
    size_t count[2] = {0, 0};
    for (size_t i = 0; i < n; i++) {
        const Example *e = &ex[order[i]];
        const float err = forward(m, e) - e->label;
        se[e->held] += (double)err * err;
        count[e->held]++;
        if (!e->held)
            backward(m, e, 2 * err);
    }
    printf("pass %d: training error %.3f discs, held out %.3f (%zu and %zu positions)\n", number,
           count[0] ? sqrt(se[0] / (double)count[0]) : 0.0, count[1] ? sqrt(se[1] / (double)count[1]) : 0.0,
           count[0], count[1]);
    fflush(stdout);
}

static bool parse_options(int argc, char **argv, MlpOptions *o, int *first_file)
{
    int i = 0;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i];
        const bool has = i + 1 < argc;
        if (!strcmp(a, "--empties") && has && sscanf(argv[++i], "%d-%d", &o->first, &o->last) == 2)
            continue;
        if (!strcmp(a, "--width") && has)
            o->width = atoi(argv[++i]);
        else if (!strcmp(a, "--hidden") && has)
            o->hidden = atoi(argv[++i]);
        else if (!strcmp(a, "--epochs") && has)
            o->epochs = atoi(argv[++i]);
        else if (!strcmp(a, "--rate") && has)
            o->rate = atof(argv[++i]);
        else if (!strcmp(a, "--all"))
            o->all = true;
        else if (!strcmp(a, "--flat"))
            o->flat = true;
        else
            return false;
    }
    *first_file = i;
    return i < argc && o->first >= 0 && o->first <= o->last && o->last <= 60 && o->width >= 0 &&
           o->width <= MLP_MAX_WIDTH && o->hidden >= 1 && o->hidden <= MLP_MAX_HIDDEN && o->epochs >= 1 &&
           o->rate > 0;
}

int tune_mlp_main(int argc, char **argv)
{
    MlpOptions o = {.first = 15, .last = 20, .width = 2, .hidden = 16, .epochs = 8, .rate = 0.1};
    int first_file;
    if (!parse_options(argc, argv, &o, &first_file)) {
        fprintf(stderr, "usage: flipfive-tune mlp [--empties A-B] [--width K] [--hidden H] [--epochs N]\n"
                        "       [--rate R] [--all] [--flat] DATA...\n");
        return 2;
    }
    size_t n;
    Example *ex = read_examples(argv + first_file, argc - first_file, &o, &n);
    if (n == 0)
        die("mlp: no positions of %d-%d empties%s", o.first, o.last, o.all ? "" : " solved exactly");
    Model m;
    model_init(&m, &o);
    size_t *order = xmalloc(sizeof *order * n);
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    uint64_t rng = 0x0DDBA11ull;
    for (int k = 1; k <= o.epochs; k++)
        pass(&m, ex, n, order, &rng, k);
    free(order);
    model_free(&m);
    free(ex);
    return 0;
}
