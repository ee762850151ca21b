/*
 * gomoku_eval.c - cell weights, evaluation, move ordering and candidate
 * moves for five-in-a-row.
 *
 * A cell's weight for a colour is what a stone of that colour there would
 * make: the sum of its four line patterns, or a fixed high value for the
 * combinations that decide games (five, open four or double four, four-
 * three, double three). The board is worth the weights summed over the
 * empty cells; make/unmake keep those sums, so evaluating is a subtraction.
 */
#include "gomoku_eval.h"

#include <string.h>

#include "renju.h"

enum {
    V_FIVE = 6000,
    V_OPEN4 = 1600,
    V_FOUR_THREE = 800,
    V_THREE_THREE = 400,
    EVAL_LIMIT = 200000,
    TEMPO_NUM = 6, TEMPO_DEN = 5     /* the side to move's threats count more */
};

static const int16_t WEIGHT[PAT_COUNT] = {
    [PAT_NONE] = 0, [PAT_B1] = 1, [PAT_F1] = 3, [PAT_B2] = 6, [PAT_F2] = 16,
    [PAT_B3] = 20, [PAT_F3] = 70, [PAT_B4] = 80, [PAT_F4] = 400, [PAT_D4] = 400,
    [PAT_F5] = 0, [PAT_OL] = 0,
};

void gomoku_eval_cell(PatternView view, const uint8_t pat[4], uint8_t *flags, int16_t *value)
{
    int fives = 0, fours = 0, open = 0, threes = 0, over = 0, sum = 0;
    for (int d = 0; d < 4; d++) {
        const int p = pat[d];
        fives += p == PAT_F5;
        over += p == PAT_OL;
        fours += (p == PAT_B4 || p == PAT_F4) + 2 * (p == PAT_D4);
        open += p == PAT_F4 || p == PAT_D4;
        threes += p == PAT_F3;
        sum += WEIGHT[p];
    }
    int f = 0;
    if (fives)
        f |= FL_FIVE;
    if (fours)
        f |= FL_FOUR;
    if (open || fours >= 2)
        f |= FL_OPEN4;
    if (threes)
        f |= FL_THREE;
    if (view == VIEW_RENJU_BLACK && !fives && (over || fours >= 2 || threes >= 2))
        f |= FL_FOUL;
    *flags = (uint8_t)f;
    if (fives)
        *value = V_FIVE;
    else if (f & FL_FOUL)
        *value = (int16_t)(sum / 4); /* most likely forbidden: little use */
    else if (f & FL_OPEN4)
        *value = (int16_t)(V_OPEN4 + sum);
    else if (fours && threes)
        *value = (int16_t)(V_FOUR_THREE + sum);
    else if (threes >= 2)
        *value = (int16_t)(V_THREE_THREE + sum);
    else
        *value = (int16_t)sum;
}

int gomoku_evaluate(GomokuPos *p)
{
    const int me = p->side, opp = me ^ 1;
    int v = p->sum[me] * TEMPO_NUM / TEMPO_DEN - p->sum[opp];
    return v > EVAL_LIMIT ? EVAL_LIMIT : v < -EVAL_LIMIT ? -EVAL_LIMIT : v;
}

void gomoku_score_moves(GomokuPos *p, const Move *moves, int n, int *keys)
{
    const int me = p->side, opp = me ^ 1;
    for (int i = 0; i < n; i++) {
        if (moves[i] < 0) {
            keys[i] = 0;
            continue;
        }
        int b = gomoku_box(p, moves[i]);
        keys[i] = p->value[b][me] * 3 / 2 + p->value[b][opp];
    }
}

/* Appends the cells of a set that me may play and that are not listed yet. */
static int add_set(GomokuPos *p, int color, int set, int me, Move *out, int n, uint8_t *seen)
{
    int16_t cells[GOMOKU_BOX];
    int k = gomoku_set_sorted(p, color, set, cells);
    for (int i = 0; i < k; i++) {
        int b = cells[i];
        if (!seen[b] && gomoku_can_play(p, b, me)) {
            seen[b] = 1;
            out[n++] = gomoku_cell(p, b);
        }
    }
    return n;
}

/* color threatens an unstoppable four next move (an open three, or a point
 * making two fours) on a point it may play. */
static bool threatens_open_four(GomokuPos *p, int color)
{
    const CellSet *s = &p->set[color][SET_FOUR];
    for (int i = 0; i < s->n; i++)
        if (gomoku_has(p, s->cell[i], color, FL_OPEN4) && gomoku_can_play(p, s->cell[i], color))
            return true;
    return false;
}

static int near_moves(GomokuPos *p, Move *out)
{
    const int me = p->side, cells = p->size * p->size;
    int n = 0;
    for (int c = 0; c < cells; c++) {
        int b = gomoku_box(p, c);
        if (p->near[b] > 0 && gomoku_can_play(p, b, me))
            out[n++] = c;
    }
    if (n == 0) {
        int centre = p->size / 2 * p->size + p->size / 2;
        if (gomoku_can_play(p, gomoku_box(p, centre), me))
            out[n++] = centre;
        for (int c = 0; c < cells && n == 0; c++)
            if (gomoku_can_play(p, gomoku_box(p, c), me))
                out[n++] = c;
    }
    return n;
}

int gomoku_search_moves(GomokuPos *p, Move *out)
{
    if (p->winner >= 0)
        return 0;
    const int me = p->side, opp = me ^ 1;
    uint8_t seen[GOMOKU_BOX];
    memset(seen, 0, sizeof seen);
    int n = add_set(p, me, SET_FIVE, me, out, 0, seen);
    if (n > 0)
        return 1;
    /* A four against us: block it (nothing else can help). */
    n = add_set(p, opp, SET_FIVE, me, out, 0, seen);
    if (n > 0 || p->set[opp][SET_FIVE].n > 0)
        return n > 0 ? n : near_moves(p, out);
    /* An open three (or a double-four point) against us: our own fours, or
     * a stone on one of the points that would make its fours. */
    if (threatens_open_four(p, opp)) {
        n = add_set(p, me, SET_FOUR, me, out, 0, seen);
        n = add_set(p, opp, SET_FOUR, me, out, n, seen);
        if (n > 0)
            return n;
    }
    return near_moves(p, out);
}
