/*
 * match_clock.c - Canadian byo-yomi clocks, which cover every GTP control:
 * sudden death is a clock without periods, per-move time is no main time
 * and periods of one move.
 */
#include "match_clock.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool parse_num(const char *s, char **end, double *out)
{
    if (!(*s >= '0' && *s <= '9') && *s != '.')
        return false;
    *out = strtod(s, end);
    return *end != s && isfinite(*out) && *out >= 0 && *out < 1e7;
}

bool match_clock_parse_tc(const char *spec, MatchTc *tc)
{
    *tc = (MatchTc){0};
    if (strcasecmp(spec, "none") == 0 || strcasecmp(spec, "inf") == 0)
        return true;
    char *end;
    if (!parse_num(spec, &end, &tc->main_s))
        return false;
    if (*end == '+') {
        if (!parse_num(end + 1, &end, &tc->byo_s))
            return false;
        tc->stones = 1;
        if (*end == '/') {
            double s;
            if (!parse_num(end + 1, &end, &s) || s < 1 || s > 1e6 || s != floor(s))
                return false;
            tc->stones = (int)s;
        }
    }
    if (*end != '\0' || (tc->main_s <= 0 && tc->byo_s <= 0))
        return false;
    if (tc->byo_s <= 0)
        tc->stones = 0; /* "M+0": sudden death */
    tc->enabled = true;
    return true;
}

void match_clock_format_tc(const MatchTc *tc, char *out, size_t n)
{
    if (!tc->enabled)
        snprintf(out, n, "none");
    else if (tc->byo_s <= 0)
        snprintf(out, n, "%g", tc->main_s);
    else
        snprintf(out, n, "%g+%g/%d", tc->main_s, tc->byo_s, tc->stones);
}

static void new_period(MatchClock *c)
{
    c->period_left = c->tc.byo_s;
    c->stones_left = c->tc.stones;
}

void match_clock_init(MatchClock *c, const MatchTc *tc)
{
    *c = (MatchClock){.tc = *tc, .main_left = tc->main_s};
    if (tc->enabled && tc->main_s <= 0 && tc->byo_s > 0)
        new_period(c);
}

double match_clock_allowance(const MatchClock *c)
{
    if (!c->tc.enabled)
        return -1;
    if (c->stones_left > 0)
        return c->period_left;
    return c->main_left + c->tc.byo_s;
}

bool match_clock_charge(MatchClock *c, double secs, double margin)
{
    if (!c->tc.enabled)
        return true;
    if (c->stones_left == 0) {
        if (c->tc.byo_s <= 0 || secs <= c->main_left) {
            c->main_left -= secs;
            return c->main_left >= -margin;
        }
        secs -= c->main_left; /* the rest runs into the first period */
        c->main_left = 0;
        new_period(c);
    }
    c->period_left -= secs;
    if (c->period_left < -margin)
        return false;
    if (--c->stones_left == 0)
        new_period(c);
    return true;
}

double match_clock_left(const MatchClock *c)
{
    return c->stones_left > 0 ? c->period_left : c->main_left;
}

static bool whole(double x) { return x == floor(x); }

void match_clock_time_left(const MatchClock *c, char *secs, size_t n, int *stones)
{
    double left = match_clock_left(c);
    if (left < 0)
        left = 0;
    *stones = c->stones_left;
    if (whole(c->tc.main_s) && whole(c->tc.byo_s))
        snprintf(secs, n, "%ld", (long)floor(left));
    else
        snprintf(secs, n, "%.2f", floor(left * 100) / 100);
}
