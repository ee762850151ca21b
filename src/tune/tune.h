/*
 * tune.h - training samples of the 8x8 evaluation tuner (flipfive-tune)
 * and the tuner's two other commands.
 */
#ifndef FLIPFIVE_TUNE_H
#define FLIPFIVE_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "othello8.h"
#include "search.h"
#include "tt.h"

/* A position seen from the side to move (P) with its label: the final disc
 * difference for P, exact when the position was solved. */
typedef struct TuneSample {
    uint64_t P, O;
    int8_t score;
    uint8_t empties;
    uint8_t exact;
} TuneSample;

enum { TUNE_SAMPLE_BYTES = 20 };

/* Samples as 20 bytes each, little-endian, whatever the machine. */
void tune_write_sample(FILE *f, const TuneSample *s);
bool tune_read_sample(FILE *f, TuneSample *s);
/* Whether s is among the permille per thousand positions held out of a
 * fit to measure it: chosen by a hash of the position, so the same ones
 * every time, whatever the file. */
bool tune_held_out(const TuneSample *s, int permille);
/* Sets pos (an 8x8 position of othello8_ops) to P, to move as Black,
 * against O: the searches only see the player to move and the opponent. */
void tune_setup(void *pos, uint64_t P, uint64_t O);
/* The whole of a file up to 4 MiB, to free; NULL when it cannot be read. */
char *tune_read_text(const char *path, size_t *len);

/* One 8x8 game's positions and their labels, the rule `gen` and `label`
 * share: a position with EXACT empties or fewer is solved and labelled by
 * its exact value; each earlier one by the exact value of the game's first
 * solved position, from its own side's view (the value of the game as
 * played so far, under perfect play from there), or by the final result
 * when the game ended before EXACT empties. */
typedef struct TuneGame {
    TuneSample s[64];
    int side[64];
    int n;
    int anchor, anchor_side; /* anchor_side -1: nothing solved yet */
} TuneGame;

void tune_game_start(TuneGame *g);
/* Records pos (a side to move that has a move) and, with EXACT empties or
 * fewer, solves it: the solve's result in *solve when solve is not NULL.
 * False when the game already holds 64 positions. */
bool tune_game_take(TuneGame *g, Othello8Pos *pos, int exact, SearchCtx *ctx, Tt *tt, SearchResult *solve);
/* Labels the positions once the game is over at pos. */
void tune_game_label(TuneGame *g, Othello8Pos *pos);
/* Writes the positions from the first_kept-th on; returns how many, and
 * adds to *solved the number of exact ones among them. */
int tune_game_write(const TuneGame *g, int first_kept, FILE *out, long *solved);

int tune_fit_main(int argc, char **argv);
/* flipfive-tune gomoku-fit (tune_gomoku.c) */
int tune_gomoku_fit_main(int argc, char **argv);
int tune_check_main(int argc, char **argv);
int tune_book_main(int argc, char **argv);
/* flipfive-tune label (tune_label.c) */
int tune_label_main(int argc, char **argv);
/* flipfive-tune mlp (tune_mlp.c) */
int tune_mlp_main(int argc, char **argv);

#endif
