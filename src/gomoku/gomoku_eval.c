/*
 * gomoku_eval.c - evaluation, move ordering and candidate moves for
 * five-in-a-row.
 *
 * The board is worth the cell weights (gomoku_weight.c) summed over the
 * empty cells, the side not to move's counted with its passive weights,
 * plus the threat term: a value for which kinds of threat point each side
 * has, which a sum cannot say (a four-three point is worth less when the
 * opponent has fours to answer it with). make/unmake keep the sums and the
 * counts of the kinds, so evaluating is a few loads.
 */
#include "gomoku_eval.h"

#include <assert.h>
#include <string.h>

#include "renju.h"

enum {
    EVAL_LIMIT = 200000,
    TEMPO_NUM = 6, TEMPO_DEN = 5     /* the side to move's threats count more */
};

int gomoku_threat_mask(const GomokuPos *p)
{
    const int me = p->side, opp = me ^ 1;
    int mask = p->set[opp][SET_FIVE].n > 0 ? GT_OPP_FIVE : 0;
    for (int k = 0; k < TK_KINDS; k++) {
        if (p->kinds[me][k] > 0)
            mask |= 1 << k;
        if (p->kinds[opp][k] > 0)
            mask |= 1 << (GT_OPP_SHIFT + k);
    }
    return mask;
}

int gomoku_evaluate(GomokuPos *p)
{
    assert(!p->lean); /* its sums are not kept then */
    const int me = p->side, opp = me ^ 1;
    int v = p->sum[me] * TEMPO_NUM / TEMPO_DEN - p->psum[opp] +
            gomoku_weight_threat_table[p->wtable[me]][gomoku_threat_mask(p)];
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
        if (!seen[b] && renju_can_play(p, b, me)) {
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
        if (gomoku_has(p, s->cell[i], color, FL_OPEN4) && renju_can_play(p, s->cell[i], color))
            return true;
    return false;
}

static int near_moves(GomokuPos *p, Move *out)
{
    const int me = p->side, cells = p->size * p->size;
    int n = 0;
    for (int c = 0; c < cells; c++) {
        int b = gomoku_box(p, c);
        if (p->near[b] > 0 && renju_can_play(p, b, me))
            out[n++] = c;
    }
    if (n == 0) {
        int centre = p->size / 2 * p->size + p->size / 2;
        if (renju_can_play(p, gomoku_box(p, centre), me))
            out[n++] = centre;
        for (int c = 0; c < cells && n == 0; c++)
            if (renju_can_play(p, gomoku_box(p, c), me))
                out[n++] = c;
    }
    return n;
}

int gomoku_gen_search_moves(GomokuPos *p, Move *out, int *kind)
{
    *kind = GEN_FORCED;
    if (p->winner >= 0)
        return 0;
    const int me = p->side, opp = me ^ 1;
    uint8_t seen[GOMOKU_BOX];
    memset(seen, 0, sizeof seen);
    int n = add_set(p, me, SET_FIVE, me, out, 0, seen);
    if (n > 0) {
        out[0] = gomoku_cell(p, renju_host_safe_five(p, me, gomoku_box(p, out[0])));
        return 1;
    }
    /* A four against us: block it (nothing else can help). */
    n = add_set(p, opp, SET_FIVE, me, out, 0, seen);
    if (n > 0 || p->set[opp][SET_FIVE].n > 0)
        return n > 0 ? n : near_moves(p, out);
    /* An open three (or a double-four point) against us: our own fours, or
     * a stone on one of the points that would make its fours. */
    *kind = GEN_DEFEND;
    if (threatens_open_four(p, opp)) {
        n = add_set(p, me, SET_FOUR, me, out, 0, seen);
        n = add_set(p, opp, SET_FOUR, me, out, n, seen);
        if (n > 0)
            return n;
    }
    *kind = GEN_QUIET;
    return near_moves(p, out);
}
