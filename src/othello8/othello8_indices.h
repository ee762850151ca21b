/*
 * othello8_indices.h - the pattern evaluation of othello8_pattern.h kept up
 * to date move by move.
 *
 * The endgame solver's ordering searches evaluate many positions one move
 * apart; reading every pattern from scratch cost them more than half of
 * their time. Here the base-3 index of every pattern instance is kept for
 * both sides' view of the position (a colour swap is not an additive
 * change, so each view is updated on its own), and a move adds the placed
 * disc and subtracts or adds the flipped ones. The value equals o8p_eval's
 * exactly (flipfive-tune check compares them).
 */
#ifndef FLIPFIVE_OTHELLO8_INDICES_H
#define FLIPFIVE_OTHELLO8_INDICES_H

#include <stdint.h>

/* Pattern instances of one view: 8 corner 2x5 blocks, 4 each of nine
 * other patterns, 2 main diagonals. */
enum { O8I_INSTANCES = 46 };

typedef struct O8Indices {
    uint16_t mover[O8I_INSTANCES];    /* digits: 1 the side to move, 2 the other */
    uint16_t waiting[O8I_INSTANCES];  /* the same position seen by the other side */
} O8Indices;

/* Call once, after bitboard_init. */
void o8i_init(void);
/* The indices of P (to move) against O, from scratch. */
void o8i_compute(uint64_t P, uint64_t O, O8Indices *out);
/* The indices after the side to move of in plays x flipping flips; out is
 * seen from the new side to move (the opponent). */
void o8i_play(const O8Indices *in, int x, uint64_t flips, O8Indices *out);
/* The same position with the other side to move (a pass). */
void o8i_pass(const O8Indices *in, O8Indices *out);
/* The position's value for P in hundredths of a disc: o8p_eval(P, O). */
int o8i_eval(const O8Indices *ix, uint64_t P, uint64_t O);

#endif
