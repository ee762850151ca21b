/*
 * timeman.h - clocks as GTP hosts describe them (time_settings, time_left)
 * and the per-move budget derived from them.
 *
 * GTP's time_settings M B S covers the cases hosts send: B > 0 with S = 0 is
 * no limit (GoGui and Quarry send 0 1 0), B = 0 is absolute time M for the
 * whole game, otherwise Canadian byo-yomi (S stones in B seconds after M);
 * Japanese byo-yomi arrives as S = 1.
 *
 * The settings belong to the match, not to one game: a new game (clear_board,
 * boardsize, set_game) restarts both clocks from them, as GNU Go does, since
 * hosts send time_settings once and then only clear_board for each game. A
 * time_left is honoured even without time_settings: it is then the time for
 * the rest of the game (stones 0) or for the next `stones` moves.
 */
#ifndef FLIPFIVE_TIMEMAN_H
#define FLIPFIVE_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { TC_NONE, TC_ABSOLUTE, TC_CANADIAN } TcMode;

typedef struct TimeControl {
    TcMode mode;
    double main_s, byo_s;
    int byo_stones;
    double left_s[2];   /* last time_left per colour (or the start values) */
    int stones_left[2]; /* 0 while in main time */
    bool told[2];       /* a time_left for this colour in this game */
} TimeControl;

typedef struct TimeBudget {
    int64_t soft_ns; /* aim: do not start work that cannot end by then */
    int64_t hard_ns; /* never later; 0 = no limit */
} TimeBudget;

int64_t clock_ns(void);
void tc_init(TimeControl *tc);
void tc_settings(TimeControl *tc, double main_s, double byo_s, int stones);
/* A new game: both clocks back to the settings' start values. */
void tc_new_game(TimeControl *tc);
void tc_left(TimeControl *tc, int color, double secs, int stones);
/* The budget for color's next move. moves_left estimates how many moves
 * color still has to make; movetime (seconds) applies without a clock. */
TimeBudget tc_budget(const TimeControl *tc, int color, int moves_left, double movetime);

#endif
