/*
 * othello_eval.c - evaluation for the generic Othello board.
 *
 * Terms, all from the side to move's view and interpolated by game stage:
 * stable discs (cannot be flipped along any of the four lines), corners,
 * X/C squares next to an empty corner, mobility, potential mobility
 * (frontier), parity and, late in the game, the disc count. Integer only.
 */
#include "othello_eval.h"

#include <string.h>

/* Weights at the opening (index 0) and at the end (index 1) of the game. */
static const int W_STABLE[2] = {90, 110};
static const int W_CORNER[2] = {350, 120};
static const int W_XSQUARE[2] = {-220, -40};
static const int W_CSQUARE[2] = {-70, -20};
static const int W_MOBILITY[2] = {70, 40};
static const int W_POTENTIAL[2] = {25, 5};
static const int W_DISCS[2] = {-4, 60};
static const int W_PARITY = 80;

static int lerp(const int w[2], int done, int total)
{
    return (w[0] * (total - done) + w[1] * done) / total;
}

/* The four line axes, as pairs of opposite directions in p->dir. */
static const int AXIS[4][2] = {{0, 1}, {2, 3}, {4, 7}, {5, 6}};

static bool line_full(const OthelloPos *p, int b, int d)
{
    for (int x = b + d; p->box[x] != OTHELLO_BORDER; x += d)
        if (p->box[x] == CELL_EMPTY)
            return false;
    for (int x = b - d; p->box[x] != OTHELLO_BORDER; x -= d)
        if (p->box[x] == CELL_EMPTY)
            return false;
    return true;
}

/*
 * Classic fixpoint: a disc is stable when along every axis its line is full,
 * or one neighbour on that axis is the border or a stable disc of its colour.
 * Every disc found is truly stable; some stable discs may be missed.
 */
int othello_stable_discs(const OthelloPos *p, int color)
{
    static const int8_t none = 0;
    int8_t stable[OTHELLO_MAILBOX];
    memset(stable, none, sizeof stable);
    const int own = color + 1, first = p->width, last = (p->size + 1) * p->width;
    int count = 0;
    bool changed = true;
    while (changed) {
        changed = false;
        for (int b = first; b < last; b++) {
            if (p->box[b] != own || stable[b])
                continue;
            bool ok = true;
            for (int a = 0; a < 4 && ok; a++) {
                int d1 = p->dir[AXIS[a][0]], d2 = p->dir[AXIS[a][1]];
                bool anchored = p->box[b + d1] == OTHELLO_BORDER || p->box[b + d2] == OTHELLO_BORDER ||
                                stable[b + d1] || stable[b + d2];
                ok = anchored || line_full(p, b, d1);
            }
            if (ok) {
                stable[b] = 1;
                count++;
                changed = true;
            }
        }
    }
    return count;
}

static int potential_mobility(const OthelloPos *p, int color)
{
    /* Empty squares next to a disc of the opponent of color. */
    const int opp = 2 - color, first = p->width, last = (p->size + 1) * p->width;
    int n = 0;
    for (int b = first; b < last; b++) {
        if (p->box[b] != CELL_EMPTY)
            continue;
        for (int i = 0; i < 8; i++)
            if (p->box[b + p->dir[i]] == opp) {
                n++;
                break;
            }
    }
    return n;
}

/* Corner, X-square and C-square terms for one colour. */
/* Adds color's corners, and its X and C squares next to an empty corner,
 * to f with the given sign. */
static void corner_terms(const OthelloPos *p, int color, int sign, OthelloFeatures *f)
{
    const int n = p->size, own = color + 1;
    const int corners[4][2] = {{0, 0}, {0, n - 1}, {n - 1, 0}, {n - 1, n - 1}};
    for (int k = 0; k < 4; k++) {
        int r = corners[k][0], c = corners[k][1];
        int dr = r == 0 ? 1 : -1, dc = c == 0 ? 1 : -1;
        int corner = p->box[othello_box(p, r * n + c)];
        if (corner == own) {
            f->corners += sign;
            continue;
        }
        if (corner != CELL_EMPTY)
            continue;
        if (p->box[othello_box(p, (r + dr) * n + c + dc)] == own)
            f->xsquares += sign;
        if (p->box[othello_box(p, (r + dr) * n + c)] == own)
            f->csquares += sign;
        if (p->box[othello_box(p, r * n + c + dc)] == own)
            f->csquares += sign;
    }
}

int othello_eval_weigh(const OthelloFeatures *f, int done, int total)
{
    int v = lerp(W_STABLE, done, total) * f->stable;
    v += f->corners * lerp(W_CORNER, done, total) + f->xsquares * lerp(W_XSQUARE, done, total) +
         f->csquares * lerp(W_CSQUARE, done, total);
    const int m1 = f->mobility[0], m2 = f->mobility[1];
    v += lerp(W_MOBILITY, done, total) * (m1 - m2) * 8 / (m1 + m2 + 4);
    v += lerp(W_POTENTIAL, done, total) * f->potential / 4;
    v += lerp(W_DISCS, done, total) * f->discs / 4;
    if (f->empties % 2 == 1)
        v += W_PARITY * done / total;
    return v;
}

int othello_eval(const OthelloPos *p)
{
    const int me = p->side, opp = 1 - me;
    const int total = p->size * p->size - 4;
    OthelloFeatures f = {
        .stable = othello_stable_discs(p, me) - othello_stable_discs(p, opp),
        .mobility = {othello_mobility(p, me), othello_mobility(p, opp)},
        .potential = potential_mobility(p, me) - potential_mobility(p, opp),
        .discs = p->discs[me] - p->discs[opp],
        .empties = p->size * p->size - p->discs[0] - p->discs[1],
    };
    corner_terms(p, me, 1, &f);
    corner_terms(p, opp, -1, &f);
    return othello_eval_weigh(&f, total - f.empties, total);
}

void othello_eval_order(const OthelloPos *p, const Move *moves, int n, int *scores)
{
    const int size = p->size;
    for (int i = 0; i < n; i++) {
        if (moves[i] < 0) {
            scores[i] = 0;
            continue;
        }
        int r = moves[i] / size, c = moves[i] % size;
        bool edge_r = r == 0 || r == size - 1, edge_c = c == 0 || c == size - 1;
        bool near_r = r == 1 || r == size - 2, near_c = c == 1 || c == size - 2;
        int s = 0;
        if (edge_r && edge_c)
            s = 800;
        else if (near_r && near_c)
            s = -400; /* X-square */
        else if ((edge_r && near_c) || (near_r && edge_c))
            s = -150; /* C-square */
        else if (edge_r || edge_c)
            s = 100;
        scores[i] = s;
    }
}
