/*
 * match_game.h - one refereed game: start both engines (or reuse the
 * processes of the previous game, --restart off), set them up, play the
 * opening into them, then ask the side to move for its move (through its
 * protocol's driver) and judge every answer with flipfive's own rules for
 * the game (GameOps), on the referee's clock. The first fault ends the
 * game and loses it.
 */
#ifndef FLIPFIVE_MATCH_GAME_H
#define FLIPFIVE_MATCH_GAME_H

#include <stdbool.h>

#include "game.h"
#include "match_cli.h"
#include "match_driver.h"
#include "match_open.h"
#include "match_report.h"

/* An engine process with its driver's state (what the referee learnt
 * about it included); with --restart off it serves game after game. */
typedef struct MatchSeat {
    MatchEngine eng;
    bool ready;             /* set up for the match: its next game is not
                             * its first (the driver's new_game) */
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
