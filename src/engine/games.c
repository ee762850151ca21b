/*
 * games.c - the registry of games: names as hosts spell them, and which
 * rules backend serves a given board size.
 */
#include "games.h"

#include <stddef.h>
#include <strings.h>

#include "gomoku.h"
#include "gomoku_ops.h"
#include "othello8_ops.h"
#include "othello_ops.h"

typedef struct GameDef {
    const char *name;
    const GameOps *generic;             /* serves every legal size */
    const GameOps *(*special)(int size); /* faster backend for one size */
    int variant;
} GameDef;

static const GameDef GAMES[] = {
    {"Othello", &othello_ops, othello8_special, 0},
    {"Gomoku", &gomoku_ops, NULL, 0},
    {"Renju", &renju_ops, NULL, RULE_RENJU},
};

enum { NGAMES = sizeof GAMES / sizeof GAMES[0] };

int game_count(void) { return NGAMES; }

const char *game_name(int index)
{
    return index >= 0 && index < NGAMES ? GAMES[index].name : NULL;
}

int game_index(const char *name)
{
    for (int i = 0; i < NGAMES; i++)
        if (strcasecmp(name, GAMES[i].name) == 0)
            return i;
    return -1;
}

const GameOps *game_find(const char *name, int size)
{
    int i = game_index(name);
    if (i < 0 || !GAMES[i].generic->size_ok(size))
        return NULL;
    if (GAMES[i].special) {
        const GameOps *ops = GAMES[i].special(size);
        if (ops)
            return ops;
    }
    return GAMES[i].generic;
}

int game_default_size(int index)
{
    return index >= 0 && index < NGAMES ? GAMES[index].generic->default_size : 0;
}

int game_variant(const char *name)
{
    int i = game_index(name);
    return i < 0 ? 0 : GAMES[i].variant;
}

int game_play_variant(int index, int rule)
{
    int v = index >= 0 && index < NGAMES ? GAMES[index].variant : 0;
    return v ? v : rule;
}

/* The host's choice for Gomoku, indexed by GomokuRule. */
static const char *const RULES[] = {"freestyle", "standard"};

int game_rule(const char *name)
{
    for (int i = 0; i < 2; i++)
        if (strcasecmp(name, RULES[i]) == 0)
            return i;
    return -1;
}

const char *game_rule_name(int rule) { return RULES[rule & 1]; }

bool game_of_rule(int rule, int *game, int *variant)
{
    if (rule < 0)
        return false;
    *variant = rule;
    *game = game_index(rule == RULE_RENJU ? "Renju" : "Gomoku");
    return *game >= 0;
}
