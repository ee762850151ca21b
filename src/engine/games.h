/*
 * games.h - the registry: every game flipfive plays, the names hosts use
 * for them, which GameOps serves a board size (8x8 Othello its bitboard
 * backend), and the rule names of the games that take one. Front ends and
 * the referee find games here; nothing below the engine layer does.
 */
#ifndef FLIPFIVE_GAMES_H
#define FLIPFIVE_GAMES_H

#include <stdbool.h>

#include "game.h"

/* Games in list_games order. */
int game_count(void);
const char *game_name(int index);
/* Ops for a game name (case-insensitive) and board size; NULL if unknown. */
const GameOps *game_find(const char *name, int size);
int game_index(const char *name);
int game_default_size(int index);
/* The variant a game name implies (Renju is five-in-a-row with rules). */
int game_variant(const char *name);
/* The variant game `index` is played with when the host chose `rule`: the
 * one its name implies, else the rule. */
int game_play_variant(int index, int rule);
/* The rules a host may choose (flipfive-set rule, the referee's --rule):
 * freestyle (five or more wins) 0, standard (exactly five) 1; -1 unknown. */
int game_rule(const char *name);
const char *game_rule_name(int rule);
/* The registry game and variant that play a five-in-a-row rule (GomokuRule:
 * Renju, else Gomoku with it); false for rule < 0 or a game not built in. */
bool game_of_rule(int rule, int *game, int *variant);

#endif
