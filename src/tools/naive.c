/*
 * naive.c - five points counted stone by stone (naive.h).
 */
#include "naive.h"

bool naive_five_at(const GomokuPos *p, int b, int color)
{
    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int x = b + p->dir[d]; p->box[x] == color + 1; x += p->dir[d])
            run++;
        for (int x = b - p->dir[d]; p->box[x] == color + 1; x -= p->dir[d])
            run++;
        if (p->view[color] == VIEW_FREE ? run >= 5 : run == 5)
            return true;
    }
    return false;
}

int naive_fives(const GomokuPos *p, int color, int *out, int max)
{
    int n = 0;
    for (int c = 0; c < p->size * p->size && n < max; c++) {
        const int b = gomoku_box(p, c);
        if (p->box[b] == CELL_EMPTY && naive_five_at(p, b, color))
            out[n++] = b;
    }
    return n;
}
