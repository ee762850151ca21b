/*
 * pisk_think.h - the move of a Piskvork game: the clock from the INFO
 * limits, the search and the lines Yixin-Board draws while it runs.
 */
#ifndef FLIPFIVE_PISK_THINK_H
#define FLIPFIVE_PISK_THINK_H

#include "pisk.h"

/* Searches for our colour (p->own) with nbest lines and answers the move;
 * plays it on our board. */
void pisk_think(Pisk *p, int nbest);
/* A search that only looks (swap2): the move and its value for the side
 * to move, within secs (0: as the settings say, e.g. a fixed depth). */
Move pisk_evaluate(Pisk *p, double secs, int *score);
/* Seconds a move may take under the INFO limits; 0 without any limit. */
double pisk_move_seconds(const Pisk *p);
void pisk_cmd_yxshowforbid(Pisk *p, char *args);

#endif
