/*
 * gomoku_pattern.c - the pattern tables. A line is 2 * PAT_HALF + 1 cells
 * with the stone under study in the middle; its pattern follows from the
 * definitions alone: a five (or overline), else the number of points that
 * complete a five through the centre (fours), else the best pattern one more
 * stone on the line can reach (threes, twos, ones).
 */
#include "gomoku_pattern.h"

#include <assert.h>
#include <stdbool.h>
#include <string.h>

#include "game.h"

enum {
    LINE = 2 * PAT_HALF + 1,
    CENTRE = PAT_HALF,
    L_EMPTY = 0, L_OWN = 1, L_BLOCK = 2,
    UNKNOWN = -1
};

uint8_t pattern_canon[2][1 << PAT_SIDE_BITS];
int8_t pattern_table[VIEW_COUNT][PAT_FORMS][PAT_FORMS];

/* ------------------------------------------------------------ line logic */

static int run_through_centre(const int8_t *l)
{
    int a = CENTRE, b = CENTRE;
    while (a > 0 && l[a - 1] == L_OWN)
        a--;
    while (b < LINE - 1 && l[b + 1] == L_OWN)
        b++;
    return b - a + 1;
}

static bool is_five(int run, PatternView view)
{
    return view == VIEW_FREE ? run >= 5 : run == 5;
}

/* Points that complete a five through the centre. */
static int completions(int8_t *l, PatternView view, int *z)
{
    int n = 0;
    for (int j = 0; j < LINE; j++) {
        if (l[j] != L_EMPTY)
            continue;
        l[j] = L_OWN;
        if (is_five(run_through_centre(l), view))
            z[n++] = j;
        l[j] = L_EMPTY;
    }
    return n;
}

/* The pattern one level below what a child line reaches. */
static Pattern demote(Pattern child, PatternView view)
{
    switch (child) {
    case PAT_F4: return PAT_F3;
    case PAT_D4: return view == VIEW_RENJU_BLACK ? PAT_NONE : PAT_F3;
    case PAT_B4: return PAT_B3;
    case PAT_F3: return PAT_F2;
    case PAT_B3: return PAT_B2;
    case PAT_F2: return PAT_F1;
    case PAT_B2: return PAT_B1;
    default: return PAT_NONE;
    }
}

typedef Pattern (*ChildFn)(int8_t *l, PatternView view);

/* The pattern of line l (centre = own stone); children via child(). */
static Pattern classify(int8_t *l, PatternView view, ChildFn child)
{
    int run = run_through_centre(l);
    if (is_five(run, view))
        return PAT_F5;
    if (run >= 6)
        return PAT_OL;
    int z[LINE];
    int n = completions(l, view, z);
    if (n == 2 && z[1] - z[0] == 5)
        return PAT_F4;
    if (n >= 2)
        return PAT_D4;
    if (n == 1)
        return PAT_B4;
    Pattern best = PAT_NONE;
    for (int j = 0; j < LINE; j++) {
        if (l[j] != L_EMPTY)
            continue;
        l[j] = L_OWN;
        Pattern p = demote(child(l, view), view);
        l[j] = L_EMPTY;
        if (p > best)
            best = p;
    }
    return best;
}

/* ----------------------------------------------------- canonical forms */

/* A side as (k, mask): blocked at distance k + 1 (k = PAT_HALF: open to the
 * window's end), mask = own stones among the k nearest cells. */
static int form_id(int k, int mask)
{
    return k < PAT_HALF ? (1 << k) - 1 + mask : (1 << PAT_HALF) - 1 + mask;
}

static void form_decode(int id, int *k, int *mask)
{
    if (id >= (1 << PAT_HALF) - 1) {
        *k = PAT_HALF;
        *mask = id - ((1 << PAT_HALF) - 1);
        return;
    }
    int kk = 0;
    while ((1 << (kk + 1)) - 1 <= id)
        kk++;
    *k = kk;
    *mask = id - ((1 << kk) - 1);
}

/* Side cells of line l in nearest-first order: step -1 (left) or +1. */
static int side_form(const int8_t *l, int step)
{
    int mask = 0;
    for (int i = 0; i < PAT_HALF; i++) {
        int v = l[CENTRE + step * (i + 1)];
        if (v == L_BLOCK)
            return form_id(i, mask);
        if (v == L_OWN)
            mask |= 1 << i;
    }
    return form_id(PAT_HALF, mask);
}

static void side_fill(int8_t *l, int step, int id)
{
    int k, mask;
    form_decode(id, &k, &mask);
    for (int i = 0; i < PAT_HALF; i++)
        l[CENTRE + step * (i + 1)] = i >= k ? L_BLOCK : (mask >> i & 1) ? L_OWN : L_EMPTY;
}

static Pattern memo_child(int8_t *l, PatternView view)
{
    int a = side_form(l, -1), b = side_form(l, +1);
    if (pattern_table[view][a][b] == UNKNOWN)
        pattern_table[view][a][b] = (int8_t)classify(l, view, memo_child);
    return (Pattern)pattern_table[view][a][b];
}

static Pattern direct_child(int8_t *l, PatternView view)
{
    return classify(l, view, direct_child);
}

static void canon_init(void)
{
    for (int color = 0; color < 2; color++) {
        const int own = color == BLACK ? CODE_BLACK : CODE_WHITE;
        for (int key = 0; key < 1 << PAT_SIDE_BITS; key++) {
            int k = PAT_HALF, mask = 0;
            for (int i = 0; i < PAT_HALF; i++) {
                int code = key >> (2 * i) & 3;
                if (code == own)
                    mask |= 1 << i;
                else if (code != CODE_EMPTY) {
                    k = i;
                    mask &= (1 << i) - 1;
                    break;
                }
            }
            pattern_canon[color][key] = (uint8_t)form_id(k, mask);
        }
    }
}

void pattern_init(void)
{
    canon_init();
    memset(pattern_table, UNKNOWN, sizeof pattern_table);
    int8_t l[LINE];
    for (int v = 0; v < VIEW_COUNT; v++)
        for (int a = 0; a < PAT_FORMS; a++)
            for (int b = 0; b < PAT_FORMS; b++) {
                side_fill(l, -1, a);
                side_fill(l, +1, b);
                l[CENTRE] = L_OWN;
                memo_child(l, (PatternView)v);
            }
}

#define PACK(five, over, four, open, three) \
    ((five) << PAT_SH_FIVE | (over) << PAT_SH_OVER | (four) << PAT_SH_FOUR | (open) << PAT_SH_OPEN | \
     (three) << PAT_SH_THREE)

const uint16_t pattern_counts[PAT_COUNT] = {
    [PAT_F3] = PACK(0, 0, 0, 0, 1),
    [PAT_B4] = PACK(0, 0, 1, 0, 0),
    [PAT_F4] = PACK(0, 0, 1, 1, 0),
    [PAT_D4] = PACK(0, 0, 2, 1, 0),
    [PAT_F5] = PACK(1, 0, 0, 0, 0),
    [PAT_OL] = PACK(0, 1, 0, 0, 0),
};

Pattern pattern_of_line(const int8_t *line, int color, PatternView view)
{
    const int own = color == BLACK ? CODE_BLACK : CODE_WHITE;
    int8_t l[LINE];
    for (int i = 0; i < LINE; i++)
        l[i] = line[i] == own ? L_OWN : line[i] == CODE_EMPTY ? L_EMPTY : L_BLOCK;
    /* Past a blocker nothing counts, as in the tables. */
    for (int i = CENTRE - 1; i >= 0; i--)
        if (l[i] == L_BLOCK)
            while (--i >= 0)
                l[i] = L_BLOCK;
    for (int i = CENTRE + 1; i < LINE; i++)
        if (l[i] == L_BLOCK)
            while (++i < LINE)
                l[i] = L_BLOCK;
    l[CENTRE] = L_OWN;
    return direct_child(l, view);
}
