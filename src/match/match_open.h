/*
 * match_open.h - openings for matches: read from a file (one move sequence
 * per line, in any of the notations engines and tournament managers use)
 * or generated as random legal moves from a seed. Every opening is checked
 * with the referee's rules when it is made.
 */
#ifndef FLIPFIVE_MATCH_OPEN_H
#define FLIPFIVE_MATCH_OPEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "match_cli.h"

typedef struct MatchOpening {
    Move *moves;   /* as played: a forced Othello pass is a MOVE_PASS */
    int n;
    char *text;    /* vertices separated by spaces, "" for the start */
} MatchOpening;

typedef struct MatchOpenings {
    MatchOpening *list;
    int count;
} MatchOpenings;

/* Reads cfg->openings. False with a message (file:line: why) in err. */
bool match_open_load(const MatchConfig *cfg, MatchOpenings *out, char *err, size_t errlen);
/* count random openings of cfg->plies moves, distinct where possible. */
bool match_open_generate(const MatchConfig *cfg, int count, MatchOpenings *out);
/* Parses one line; false (err set) when it is not a legal opening. An
 * empty or comment line gives an opening with n == -1. */
bool match_open_parse_line(const MatchConfig *cfg, const char *line, MatchOpening *o,
                           char *err, size_t errlen);
void match_open_free(MatchOpenings *o);

#endif
