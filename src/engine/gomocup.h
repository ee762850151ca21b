/*
 * gomocup.h - what the Gomocup world calls things, in flipfive's terms:
 * the rule codes of INFO rule and c-gomoku-cli's -rule, and x,y points
 * (x the column, y the row, 0,0 the top-left corner). Shared by the
 * Piskvork front end and the referee's Piskvork driver.
 */
#ifndef FLIPFIVE_GOMOCUP_H
#define FLIPFIVE_GOMOCUP_H

#include <stdbool.h>

#include "game.h"

/* A rule code as a registry game and variant: 0 freestyle, 1 exactly
 * five, 3 exactly five with Piskvork's "continuous game" bit (which only
 * concerns the manager), 2 and 4 Renju (2 is Yixin-Board's Renju, as
 * Rapfi reads it). False for any other code (caro, swap rules...). */
bool gomocup_rule_game(long code, int *game, int *variant);
/* The code of a game and variant (0, 1 or 4), or -1 when it has none. */
int gomocup_rule_code(int game, int variant);

typedef enum { XY_OK, XY_SYNTAX, XY_OFF_BOARD } XyStatus;

/* Reads "x,y" (spaces around either number allowed) at s; *end gets the
 * character after y. The cell is y * size + x. */
XyStatus gomocup_parse_xy(const char *s, int size, Move *cell, const char **end);
/* "x,y" of a cell, NUL-terminated (at most 8 bytes). */
void gomocup_format_xy(Move cell, int size, char *out);

#endif
