/*
 * match_game.h - one refereed game: start both engines (or reuse the
 * processes of the previous game, --restart off), set them up, play the
 * opening into them, then ask genmove of the side to move and judge every
 * answer with flipfive's own rules for the game (GameOps), on the
 * referee's clock. The first fault ends the game and loses it.
 */
#ifndef FLIPFIVE_MATCH_GAME_H
#define FLIPFIVE_MATCH_GAME_H

#include <stdbool.h>

#include "game.h"
#include "match_cli.h"
#include "match_proc.h"
#include "match_open.h"
#include "match_report.h"

/* An engine process and what the referee learnt about it; with --restart
 * off it serves game after game. */
typedef struct MatchSeat {
    MatchProc proc;
    bool ready;             /* set up for the match (rule, game, clock) */
    bool implicit;          /* never tell it about passes */
    bool knows_time_left;
} MatchSeat;

typedef struct MatchSeats {
    MatchSeat seat[2];      /* by engine, MATCH_A / MATCH_B */
} MatchSeats;

void match_seats_init(MatchSeats *s);
/* Sends quit to the engines still running and reaps them. */
void match_seats_stop(MatchSeats *s);

/* Plays game id (1-based) with engine `black` as Black from opening o. The
 * engines of seats are started when they are not running; after the game
 * they are stopped, unless cfg->restart is off. The result goes to r; the
 * SGF goes to cfg->sgf_dir when set. */
void match_game_play(const MatchConfig *cfg, const MatchInfo *info, const MatchOpening *o, int id,
                     int black, MatchSeats *seats, MatchResult *r);

#endif
