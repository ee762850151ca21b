/*
 * pisk_commands.h - the Piskvork command table and the handlers that live
 * outside pisk_commands.c (thinking, swap2).
 */
#ifndef FLIPFIVE_PISK_COMMANDS_H
#define FLIPFIVE_PISK_COMMANDS_H

#include "pisk.h"
#include "pisk_board.h"

/* Whether a command answers: exactly one reply line, or none (INFO, END,
 * YXBOARD and the like; lines such a command prints are not a reply). */
typedef enum { REPLY_ONE, REPLY_NONE } PiskReplyKind;

typedef void (*PiskHandler)(Pisk *p, char *args);

typedef struct PiskCommand {
    const char *name;      /* matched without regard to case */
    PiskHandler run;
    PiskReplyKind reply;
    bool needs_board;      /* ERROR before any START */
} PiskCommand;

const PiskCommand *pisk_find_command(const char *name);

/* pisk_think.c */
/* Searches for our colour (p->own) with nbest lines and answers the move;
 * plays it on our board. */
void pisk_think(Pisk *p, int nbest);
/* A search that only looks (swap2): the move and its value for the side
 * to move, within secs (0: as the settings say, e.g. a fixed depth). */
Move pisk_evaluate(Pisk *p, double secs, int *score);
/* Seconds a move may take under the INFO limits; 0 without any limit. */
double pisk_move_seconds(const Pisk *p);
void pisk_cmd_yxshowforbid(Pisk *p, char *args);

/* pisk_swap2.c */
void pisk_cmd_swap2board(Pisk *p, char *args);
void pisk_cmd_yxswap2step1(Pisk *p, char *args);
void pisk_cmd_yxswap2step2(Pisk *p, char *args);
void pisk_cmd_yxswap2step3(Pisk *p, char *args);

#endif
