/*
 * pisk_board.h - reading the stone lines of BOARD, YXBOARD and SWAP2BOARD
 * up to DONE, and the small parsers the command modules share.
 */
#ifndef FLIPFIVE_PISK_BOARD_H
#define FLIPFIVE_PISK_BOARD_H

#include <stdbool.h>

#include "pisk.h"

typedef struct PiskStone {
    Move cell;
    int field;             /* 1 own, 2 opponent, 3 marker; 0 when absent */
} PiskStone;

typedef struct PiskBoard {
    PiskStone stones[MAX_CELLS];
    int n;
    char error[96];        /* the first bad line's ERROR text, "" if none */
} PiskBoard;

/* The lines of a BOARD-like command, read up to DONE; false at EOF or END
 * (the loop ends). Stone lines are "x,y,f", or "x,y" too unless
 * fields_required; the first bad one is kept in b->error. */
bool pisk_read_board(Pisk *p, PiskBoard *b, bool fields_required);

/* A whole decimal integer. */
bool pisk_parse_long(const char *s, long *out);
/* Whether line is DONE, or END, blanks around it allowed. */
bool pisk_is_done(const char *line);
bool pisk_is_end(const char *line);

#endif
