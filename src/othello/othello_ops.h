/*
 * othello_ops.h - Othello on any even board as a game of the registry: the
 * rules (othello.c) with the evaluation (othello_eval.c).
 */
#ifndef FLIPFIVE_OTHELLO_OPS_H
#define FLIPFIVE_OTHELLO_OPS_H

#include "game.h"

extern const GameOps othello_ops;

#endif
