/*
 * timeman.c - per-move budgets. Every budget keeps a safety margin for
 * process and pipe latency, so a host's clock never runs out on us.
 */
#include "timeman.h"

#include <time.h>

int64_t clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void tc_init(TimeControl *tc)
{
    *tc = (TimeControl){.mode = TC_NONE};
}

void tc_settings(TimeControl *tc, double main_s, double byo_s, int stones)
{
    tc_init(tc);
    if ((byo_s > 0 && stones == 0) || (main_s <= 0 && byo_s <= 0))
        return; /* no limit */
    tc->mode = byo_s > 0 ? TC_CANADIAN : TC_ABSOLUTE;
    tc->main_s = main_s;
    tc->byo_s = byo_s;
    tc->byo_stones = stones;
    tc_new_game(tc);
}

void tc_new_game(TimeControl *tc)
{
    for (int c = 0; c < 2; c++) {
        tc->left_s[c] = tc->main_s > 0 ? tc->main_s : tc->byo_s;
        tc->stones_left[c] = tc->main_s > 0 ? 0 : tc->byo_stones;
        tc->told[c] = false;
    }
}

void tc_left(TimeControl *tc, int color, double secs, int stones)
{
    tc->left_s[color] = secs > 0 ? secs : 0;
    tc->stones_left[color] = stones > 0 ? stones : 0;
    tc->told[color] = true;
}

static int64_t secs_ns(double s) { return s <= 0 ? 0 : (int64_t)(s * 1e9); }

/* Latency reserve: 100 ms plus 3 %, but never more than four fifths of what
 * is left. A loaded machine can take 100 ms to schedule us and the host (the
 * soak lost games on time with 0.1 s byo-yomi and a 50 ms reserve). With
 * 0.1 s left we search about 20 ms, with 50 ms left about 10 ms. */
static double usable(double left)
{
    double margin = 0.1 + 0.03 * left;
    if (margin > left * 0.8)
        margin = left * 0.8;
    return left - margin;
}

static TimeBudget make_budget(double soft, double hard, double cap)
{
    if (hard > cap)
        hard = cap;
    if (soft > hard)
        soft = hard;
    if (hard < 0.001)
        hard = soft = 0.001;
    return (TimeBudget){secs_ns(soft), secs_ns(hard)};
}

TimeBudget tc_budget(const TimeControl *tc, int color, int moves_left, double movetime)
{
    if (moves_left < 1)
        moves_left = 1;
    if (tc->mode == TC_NONE && !tc->told[color]) {
        if (movetime <= 0)
            return (TimeBudget){0, 0};
        return make_budget(movetime, movetime, movetime);
    }
    double left = usable(tc->left_s[color]);
    if (tc->stones_left[color] > 0) {
        /* Inside a byo-yomi period: share it among its stones. */
        int stones = tc->stones_left[color];
        double per = left / stones;
        double cap = left - (stones - 1) * 0.02;
        return make_budget(per, per * 1.5, cap);
    }
    double per = left / (moves_left + 1);
    double reserve = 0;
    if (tc->mode == TC_CANADIAN && tc->byo_stones > 0) {
        double period = usable(tc->byo_s) / tc->byo_stones;
        if (per < period)
            per = period; /* byo-yomi will pay for the rest */
        reserve = period * 0.5;
    }
    return make_budget(per, per * 3, left * 0.3 + reserve);
}
