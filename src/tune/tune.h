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
