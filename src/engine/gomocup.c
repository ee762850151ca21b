/*
 * gomocup.c - Gomocup rule codes and x,y points.
 */
#include "gomocup.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "games.h"
#include "gomoku.h"

bool gomocup_rule_game(long code, int *game, int *variant)
{
    return game_of_rule(gomoku_rule_of_code(code), game, variant);
}

int gomocup_rule_code(int game, int variant)
{
    if (game == game_index("Renju"))
        return 4;
    if (game == game_index("Gomoku"))
        return variant == RULE_STANDARD ? 1 : 0;
    return -1;
}

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* A decimal number, optionally signed, at most 6 digits; NULL if none. */
static const char *number(const char *s, long *v)
{
    s = skip_blanks(s);
    const char *p = s + (*s == '-' || *s == '+');
    if (!isdigit((unsigned char)*p))
        return NULL;
    int digits = 0;
    long n = 0;
    for (; isdigit((unsigned char)*p); p++)
        if (++digits <= 6)
            n = n * 10 + (*p - '0');
    if (digits > 6)
        n = 1000000;
    *v = *s == '-' ? -n : n;
    return skip_blanks(p);
}

XyStatus gomocup_parse_xy(const char *s, int size, Move *cell, const char **end)
{
    long x, y;
    s = number(s, &x);
    if (!s || *s != ',')
        return XY_SYNTAX;
    s = number(s + 1, &y);
    if (!s)
        return XY_SYNTAX;
    *end = s;
    if (x < 0 || y < 0 || x >= size || y >= size)
        return XY_OFF_BOARD;
    *cell = (Move)(y * size + x);
    return XY_OK;
}

void gomocup_format_xy(Move cell, int size, char *out)
{
    /* Cells are below MAX_CELLS: two numbers of at most two digits. */
    const unsigned x = (unsigned)(cell % size) % 100, y = (unsigned)(cell / size) % 100;
    snprintf(out, 8, "%u,%u", x, y);
}
