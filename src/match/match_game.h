/*
 * match_game.h - one refereed game: start both engines, set them up, play
 * the opening into them, then ask genmove of the side to move and judge
 * every answer with flipfive's own rules for the game (GameOps), on the
 * referee's clock. The first fault ends the game and loses it.
 */
#ifndef FLIPFIVE_MATCH_GAME_H
#define FLIPFIVE_MATCH_GAME_H

#include <stdbool.h>

#include "game.h"
#include "match_cli.h"
#include "match_open.h"
#include "match_report.h"

/* Plays game id (1-based) with engine `black` as Black from opening o. The
 * result goes to r; the SGF goes to cfg->sgf_dir when set. */
void match_game_play(const MatchConfig *cfg, const MatchInfo *info, const MatchOpening *o, int id,
                     int black, MatchResult *r);

#endif
