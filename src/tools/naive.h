/*
 * naive.h - five points from the stones alone, for the slow references
 * that check the fast five-in-a-row code (flipfive-gomoku's VCF check,
 * flipfive-vcfref). Only the box array is read: no line patterns, no
 * threat sets, nothing the fast code keeps up to date.
 */
#ifndef FLIPFIVE_NAIVE_H
#define FLIPFIVE_NAIVE_H

#include <stdbool.h>

#include "gomoku.h"

/* Playing the empty box b would make color a five under its view of
 * fives (exactly five, or five or more). */
bool naive_five_at(const GomokuPos *p, int b, int color);

/* The five points of color in box order, at most max of them into out;
 * returns how many. */
int naive_fives(const GomokuPos *p, int color, int *out, int max);

#endif
