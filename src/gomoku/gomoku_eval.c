/*
 * gomoku_eval.c - cell weights, evaluation, move ordering and candidate
 * moves for five-in-a-row.
 *
 * A cell's weight for a colour is what a stone of that colour there would
 * make: the sum of its four line patterns, or a fixed high value for the
 * combinations that decide games (five, open four or double four, four-
 * three, double three). The board is worth the weights summed over the
 * empty cells, the side not to move's counted with lower (passive) weights
 * for the threats it will have to see answered; make/unmake keep those
 * sums, so evaluating is a subtraction.
 */
#include "gomoku_eval.h"

#include <string.h>

enum {
    V_FIVE = 6000,
    V_OPEN4 = 1600,
    V_FOUR_THREE = 800,
    V_THREE_THREE = 400,
    EVAL_LIMIT = 200000,
    MAX_CANDIDATES = 16,         /* moves searched in a quiet position */
    TEMPO_NUM = 6, TEMPO_DEN = 5,    /* the side to move's threats count more */
    PASSIVE_FIVE = 4,                /* a four of the side not to move: blocked next */
    PASSIVE_OPEN4 = 4                /* its open three: answered next */
};

/* Per pattern: its weight, and its counts packed in bit fields so that four
 * directions add up in one integer. */
enum {
    SH_FIVE = 0, SH_OVER = 3, SH_FOUR = 6, SH_OPEN = 10, SH_THREE = 13,
    M3 = 7, M4 = 15
};

#define PACK(five, over, four, open, three) \
    ((five) << SH_FIVE | (over) << SH_OVER | (four) << SH_FOUR | (open) << SH_OPEN | (three) << SH_THREE)

static const struct {
    int16_t weight;
    uint16_t pack;
} INFO[PAT_COUNT] = {
    [PAT_NONE] = {0, 0},
    [PAT_B1] = {1, 0},
    [PAT_F1] = {3, 0},
    [PAT_B2] = {6, 0},
    [PAT_F2] = {16, 0},
    [PAT_B3] = {20, 0},
    [PAT_F3] = {70, PACK(0, 0, 0, 0, 1)},
    [PAT_B4] = {80, PACK(0, 0, 1, 0, 0)},
    [PAT_F4] = {400, PACK(0, 0, 1, 1, 0)},
    [PAT_D4] = {400, PACK(0, 0, 2, 1, 0)},
    [PAT_F5] = {0, PACK(1, 0, 0, 0, 0)},
    [PAT_OL] = {0, PACK(0, 1, 0, 0, 0)},
};

void gomoku_eval_cell(PatternView view, const uint8_t pat[4], uint8_t *flags, int16_t *value,
                      int16_t *passive)
{
    const int pk = INFO[pat[0]].pack + INFO[pat[1]].pack + INFO[pat[2]].pack + INFO[pat[3]].pack;
    const int sum = INFO[pat[0]].weight + INFO[pat[1]].weight + INFO[pat[2]].weight + INFO[pat[3]].weight;
    if (pk == 0) {
        *flags = 0;
        *value = *passive = (int16_t)sum;
        return;
    }
    const int fives = pk >> SH_FIVE & M3, over = pk >> SH_OVER & M3, fours = pk >> SH_FOUR & M4;
    const int open = pk >> SH_OPEN & M3, threes = pk >> SH_THREE & M3;
    int f = (fives ? FL_FIVE : 0) | (fours ? FL_FOUR : 0) | (open || fours >= 2 ? FL_OPEN4 : 0) |
            (threes ? FL_THREE : 0);
    if (view == VIEW_RENJU_BLACK && !fives && (over || fours >= 2 || threes >= 2))
        f |= FL_FOUL;
    *flags = (uint8_t)f;
    int v = sum, pv = sum;
    if (fives)
        v = V_FIVE, pv = V_FIVE / PASSIVE_FIVE;
    else if (f & FL_FOUL)
        v = pv = sum / 4; /* most likely forbidden: little use */
    else if (f & FL_OPEN4)
        v = V_OPEN4 + sum, pv = V_OPEN4 / PASSIVE_OPEN4 + sum / 2;
    else if (fours && threes)
        v = V_FOUR_THREE + sum, pv = V_FOUR_THREE / 2 + sum;
    else if (threes >= 2)
        v = V_THREE_THREE + sum, pv = V_THREE_THREE / 2 + sum;
    *value = (int16_t)v;
    *passive = (int16_t)pv;
}

int gomoku_evaluate(GomokuPos *p)
{
    const int me = p->side, opp = me ^ 1;
    int v = p->sum[me] * TEMPO_NUM / TEMPO_DEN - p->psum[opp];
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

/* In a quiet position only the most promising candidates are searched:
 * those with the highest ordering keys (ties by cell index). */
static int best_moves(GomokuPos *p, Move *moves, int n)
{
    if (n <= MAX_CANDIDATES)
        return n;
    int keys[MAX_MOVES];
    gomoku_score_moves(p, moves, n, keys);
    for (int i = 1; i < n; i++) {
        Move m = moves[i];
        int k = keys[i], j = i;
        for (; j > 0 && keys[j - 1] < k; j--) {
            moves[j] = moves[j - 1];
            keys[j] = keys[j - 1];
        }
        moves[j] = m;
        keys[j] = k;
    }
    return MAX_CANDIDATES;
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
    return best_moves(p, out, near_moves(p, out));
}
