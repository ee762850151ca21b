/*
 * nboard_ggf.h - the GGF game record NBoard sends with "set game", read
 * into a plain description (start board, moves with their times, clocks).
 * Nothing here knows the rules: whether the moves are legal is the
 * engine's business (nboard_commands.c).
 *
 * GGF values may hold spaces (DT, PB, PW), so the text is read as TAG[value]
 * pairs, never split on blanks; "\]" inside a value is a ']' of the value.
 */
#ifndef FLIPFIVE_NBOARD_GGF_H
#define FLIPFIVE_NBOARD_GGF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

typedef struct GgfMove {
    int color;
    Move move;
    double secs;        /* the time it took; 0 when not given */
} GgfMove;

typedef struct GgfGame {
    int size;           /* from BO; 8 without one */
    bool has_board;     /* a BO came (else: the standard start of size) */
    int8_t cells[MAX_CELLS];
    int side;           /* to move on the BO board */
    int nmoves;
    GgfMove moves[MAX_GAME_PLY];
    bool clocked;       /* TI, TB or TW came */
    double clock_s[2];  /* each colour's main time */
    double inc_s[2];    /* added after each of its moves */
} GgfGame;

enum { GGF_ERROR_LEN = 96 };

/* Reads text (the whole "(;GM[Othello]...;)") into g; false with the
 * reason in why (GGF_ERROR_LEN bytes) when it is no Othello game record
 * flipfive can read. */
bool ggf_parse(const char *text, GgfGame *g, char *why);

/* One move item "F5", "F5/1.00/3.2", "PA//0.5", "f5" on a board of size:
 * the move (MOVE_PASS for PA) and its time; false when it is no move item. */
bool ggf_move_item(const char *item, int size, Move *m, double *secs);

/* A GGF clock "[[h:]m:]s[/increment[/grace]]": main and increment seconds. */
bool ggf_clock(const char *text, double *main_s, double *inc_s);

#endif
