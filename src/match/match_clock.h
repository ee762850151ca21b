/*
 * match_clock.h - the referee's clocks. A time control is GTP's
 * time_settings triple (main time, then byo-yomi periods of B seconds for S
 * moves), written on the command line as a --tc SPEC:
 *   60          60 s for the whole game (sudden death)
 *   0+1/1       1 s per move
 *   300+30/10   Canadian: 300 s, then 30 s for every 10 moves
 *   300+30      the same as 300+30/1 (Japanese-style, one period)
 *   none        no clock (the referee still stops engines that hang)
 * Each colour's clock is charged the wall time from sending genmove to the
 * end of the reply; a move may overrun by the margin before the flag falls.
 */
#ifndef FLIPFIVE_MATCH_CLOCK_H
#define FLIPFIVE_MATCH_CLOCK_H

#include <stdbool.h>
#include <stddef.h>

typedef struct MatchTc {
    bool enabled;
    double main_s, byo_s;
    int stones;
} MatchTc;

typedef struct MatchClock {
    MatchTc tc;
    double main_left;   /* main time still to use */
    double period_left; /* seconds left in the current byo-yomi period */
    int stones_left;    /* moves still due in the period, 0 in main time */
} MatchClock;

/* Parses a --tc SPEC; false on a malformed one. */
bool match_clock_parse_tc(const char *spec, MatchTc *tc);
/* The SPEC back as text ("none" without a clock). */
void match_clock_format_tc(const MatchTc *tc, char *out, size_t n);

void match_clock_init(MatchClock *c, const MatchTc *tc);
/* Seconds the next move may take before the margin starts; < 0 when no
 * clock runs. */
double match_clock_allowance(const MatchClock *c);
/* Charges secs for one move. False when the flag fell: the move used more
 * than the allowance plus margin. */
bool match_clock_charge(MatchClock *c, double secs, double margin);
/* time_left arguments: seconds as text (integers when the control is in
 * whole seconds) and moves left in the period (0 in main time). */
void match_clock_time_left(const MatchClock *c, char *secs, size_t n, int *stones);
/* Seconds left on the clock, for SGF BL/WL: main time, or the period. */
double match_clock_left(const MatchClock *c);

#endif
