/*
 * othello.h - Othello/Reversi rules on any even board from 4x4 to 24x24.
 *
 * A mailbox board with one shared border column (column 0 of each mailbox
 * row; rows 0 and size+1 are border too): the generic backend that
 * every size uses and that the evaluator reads. Flipped discs go on a stack
 * so that unmake is exact and cheap.
 */
#ifndef FLIPFIVE_OTHELLO_H
#define FLIPFIVE_OTHELLO_H

#include <stdint.h>

#include "game.h"

enum {
    OTHELLO_MIN_SIZE = 4,
    OTHELLO_MAX_SIZE = 24,
    OTHELLO_BORDER = 3, /* mailbox value outside the board */
    /* Border rows above and below, a border column shared by the ends of
     * neighbouring rows, and one square more so that the diagonal steps
     * of the first and last cells stay inside the array. */
    OTHELLO_MAILBOX = (OTHELLO_MAX_SIZE + 2) * (OTHELLO_MAX_SIZE + 1) + 1
};

typedef struct OthelloUndo {
    Move move;          /* cell index, or MOVE_PASS */
    int flip_base;      /* where this move's flips start on the flip stack */
    int nflips;
    uint64_t hash;      /* hash before the move */
} OthelloUndo;

typedef struct OthelloPos {
    int size;
    int width;                      /* mailbox row stride: size + 1 */
    int dir[8];                     /* mailbox offsets of the 8 directions */
    int8_t box[OTHELLO_MAILBOX];    /* CELL_* or OTHELLO_BORDER */
    int side;                       /* side to move */
    int discs[2];                   /* discs per colour */
    uint64_t hash;
    int nundo;
    OthelloUndo *undo;              /* capacity MAX_GAME_PLY + MAX_PLY */
    int16_t *flips;                 /* mailbox squares flipped, stacked */
    int flip_cap;
} OthelloPos;

enum { OTHELLO_UNITS = 100 }; /* search units per disc */

/* Mailbox square of a cell index and back. */
static inline int othello_box(const OthelloPos *p, int cell)
{
    return (cell / p->size + 1) * p->width + cell % p->size + 1;
}

static inline int othello_cell(const OthelloPos *p, int box)
{
    return (box / p->width - 1) * p->size + box % p->width - 1;
}

/* Discs the side to move would flip by playing on mailbox square b. */
int othello_count_flips(const OthelloPos *p, int b, int color);
/* Number of legal moves of color. */
int othello_mobility(const OthelloPos *p, int color);

/* The rules in the shapes of GameOps (game.h), on an OthelloPos;
 * othello_ops.c assembles them with the evaluation into othello_ops. */
bool othello_size_ok(int size);
void *othello_create(int size, int variant);
void othello_destroy(void *pos);
void *othello_clone(const void *pos);
void othello_reset(void *pos);
bool othello_setup(void *pos, const int8_t *cells, int side);
int othello_size(const void *pos);
int othello_cell_at(const void *pos, int cell);
int othello_side(const void *pos);
int othello_gen_moves(void *pos, Move *out);
bool othello_is_legal(void *pos, Move m);
void othello_make(void *pos, Move m);
void othello_unmake(void *pos);
bool othello_game_over(void *pos);
int othello_outcome(void *pos);
uint64_t othello_hash(const void *pos);
int othello_plies(const void *pos);
int othello_final_score(void *pos);
int othello_moves_left(void *pos);

#endif
