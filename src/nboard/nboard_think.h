/*
 * nboard_think.h - the searches NBoard asks for: go (the move, on the GGF
 * clock) and hint (the values of the best moves, streamed as the search
 * deepens), and the numbers NBoard reads (evals in discs).
 */
#ifndef FLIPFIVE_NBOARD_THINK_H
#define FLIPFIVE_NBOARD_THINK_H

#include "nboard.h"

void nboard_go(Nboard *nb);
void nboard_hint(Nboard *nb, int lines);

#endif
