/*
 * pisk_swap2.h - the swap2 opening: SWAP2BOARD, and Yixin-Board's
 * yxswap2step1..3, every choice made by the search.
 */
#ifndef FLIPFIVE_PISK_SWAP2_H
#define FLIPFIVE_PISK_SWAP2_H

#include "pisk.h"

void pisk_cmd_swap2board(Pisk *p, char *args);
void pisk_cmd_yxswap2step1(Pisk *p, char *args);
void pisk_cmd_yxswap2step2(Pisk *p, char *args);
void pisk_cmd_yxswap2step3(Pisk *p, char *args);

#endif
