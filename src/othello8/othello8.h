/*
 * othello8.h - Othello on the 8x8 board as two bitboards: the fast backend
 * the registry picks for size 8 (every other size keeps the generic
 * mailbox board of othello.c, which doubles as this one's cross-check).
 *
 * Same semantics as othello.c: cells are row * 8 + col (= bit index), the
 * outcome is the disc difference with empties to the winner, search units
 * are hundredths of a disc from the side to move's view.
 */
#ifndef FLIPFIVE_OTHELLO8_H
#define FLIPFIVE_OTHELLO8_H

#include <stdint.h>

#include "game.h"

typedef struct Othello8Undo {
    uint64_t flips;     /* discs the move turned; 0 for a pass */
    uint64_t hash;      /* hash before the move */
    Move move;
} Othello8Undo;

/* The endgame solver's own small hash table (othello8_solve.c). */
typedef struct Othello8Table Othello8Table;

typedef struct Othello8Pos {
    uint64_t discs[2];  /* by colour: BLACK, WHITE */
    int side;           /* side to move */
    uint64_t hash;      /* Zobrist, the keys of zobrist.h */
    int nundo;
    Othello8Undo undo[MAX_GAME_PLY + MAX_PLY];
    Othello8Table *solve_table; /* allocated by the first solve */
} Othello8Pos;

enum { OTHELLO8_UNITS = 100 }; /* search units per disc */

/* Discs of the side to move and of its opponent. */
static inline uint64_t othello8_player(const Othello8Pos *p) { return p->discs[p->side]; }
static inline uint64_t othello8_opponent(const Othello8Pos *p) { return p->discs[p->side ^ 1]; }

/* Final disc difference for P (empties to the winner) once nobody can move. */
static inline int othello8_final(int p_discs, int o_discs)
{
    const int diff = p_discs - o_discs, empties = 64 - p_discs - o_discs;
    return diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
}

/* Leaf count from p (bulk counting at the last ply; a pass is a ply). */
uint64_t othello8_perft(void *pos, int depth);
/* The hash recomputed from the discs (checks the incremental one). */
uint64_t othello8_full_hash(const Othello8Pos *p);

/* The start position; an arbitrary one (cells[64] of CELL_*, side to move),
 * false and p unchanged when it is not one. Both forget the history. */
void othello8_start(Othello8Pos *p);
bool othello8_load(Othello8Pos *p, const int8_t *cells, int side);

/* The rules in the shapes of GameOps (game.h), on an Othello8Pos;
 * othello8_ops.c assembles them with the evaluation and the solver. */
int othello8_size(const void *pos);
int othello8_cell(const void *pos, int cell);
int othello8_side(const void *pos);
int othello8_gen_moves(void *pos, Move *out);
bool othello8_is_legal(void *pos, Move m);
void othello8_make(void *pos, Move m);
void othello8_unmake(void *pos);
bool othello8_game_over(void *pos);
int othello8_outcome(void *pos);
uint64_t othello8_hash(const void *pos);
int othello8_plies(const void *pos);
int othello8_final_score(void *pos);
int othello8_moves_left(void *pos);

#endif
