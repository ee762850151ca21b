/*
 * gomoku_weight.c - cell weights for the five-in-a-row evaluation.
 *
 * A cell's weight for a colour is the sum of its four line patterns' own
 * weights, or a fixed high value for the combinations that decide games
 * (five, open four or double four, four-three, double three). The board is
 * worth the weights summed over the empty cells, the side not to move's
 * counted with lower (passive) weights for the threats it will have to see
 * answered.
 */
#include "gomoku_weight.h"

#include "gomoku_pattern.h"

enum {
    V_FIVE = 6000,
    V_OPEN4 = 1600,
    V_FOUR_THREE = 800,
    V_THREE_THREE = 400,
    PASSIVE_FIVE = 4,                /* a four of the side not to move: blocked next */
    PASSIVE_OPEN4 = 4                /* its open three: answered next */
};

static const int16_t WEIGHT[PAT_COUNT] = {
    [PAT_NONE] = 0, [PAT_B1] = 1, [PAT_F1] = 3, [PAT_B2] = 6, [PAT_F2] = 16, [PAT_B3] = 20,
    [PAT_F3] = 70,  [PAT_B4] = 80, [PAT_F4] = 400, [PAT_D4] = 400, [PAT_F5] = 0, [PAT_OL] = 0,
};

void gomoku_weight_cell(const uint8_t pat[4], int flags, int16_t *value, int16_t *passive)
{
    const int sum = WEIGHT[pat[0]] + WEIGHT[pat[1]] + WEIGHT[pat[2]] + WEIGHT[pat[3]];
    int v = sum, pv = sum;
    if (flags & FL_FIVE)
        v = V_FIVE, pv = V_FIVE / PASSIVE_FIVE;
    else if (flags & FL_FOUL)
        v = pv = sum / 4; /* most likely forbidden: little use */
    else if (flags & FL_OPEN4)
        v = V_OPEN4 + sum, pv = V_OPEN4 / PASSIVE_OPEN4 + sum / 2;
    else if ((flags & FL_FOUR) && (flags & FL_THREE))
        v = V_FOUR_THREE + sum, pv = V_FOUR_THREE / 2 + sum;
    else if (flags & FL_THREE3)
        v = V_THREE_THREE + sum, pv = V_THREE_THREE / 2 + sum;
    *value = (int16_t)v;
    *passive = (int16_t)pv;
}
