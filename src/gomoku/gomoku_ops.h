/*
 * gomoku_ops.h - five in a row as games of the registry: Gomoku (the
 * variant picks freestyle or standard) and Renju (15x15, RIF rules).
 */
#ifndef FLIPFIVE_GOMOKU_OPS_H
#define FLIPFIVE_GOMOKU_OPS_H

#include "game.h"

extern const GameOps gomoku_ops;
extern const GameOps renju_ops;

#endif
