/*
 * sgf.h - a small, strict-enough SGF (FF[4]) reader: the main line of the
 * first game tree, with the properties our games use (GM, SZ, RU, B, W,
 * AB, AW, AE, PL, V). Points stay as SGF x/y pairs until the size is known.
 */
#ifndef FLIPFIVE_SGF_H
#define FLIPFIVE_SGF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    SGF_MAX_NODES = 4096,
    SGF_MAX_SETUP = 8192,
    SGF_MAX_SIZE = 52
};

typedef struct SgfPoint {
    int8_t x, y;            /* -1, -1 for a pass (B[] or, up to 19x19, B[tt]) */
} SgfPoint;

typedef struct SgfSetup {
    SgfPoint p;
    int8_t value;           /* CELL_EMPTY, CELL_BLACK or CELL_WHITE */
} SgfSetup;

typedef struct SgfNode {
    int color;              /* BLACK or WHITE of the move, -1 for none */
    SgfPoint move;
    int setup_first, setup_count;
    int pl;                 /* PL[] side to play, -1 for none */
    bool has_value;         /* V[]: a value of the node, positive good */
    double value;           /* for Black (the referee writes an engine's) */
} SgfNode;

typedef struct SgfGame {
    int gm;                 /* GM[], 0 when absent */
    int size;               /* SZ[], 0 when absent */
    char ru[32];            /* RU[] as written, "" when absent */
    SgfNode nodes[SGF_MAX_NODES];
    int nnodes;
    SgfSetup setup[SGF_MAX_SETUP];
    int nsetup;
} SgfGame;

/* Parses text (not necessarily NUL-terminated). False on malformed input. */
bool sgf_parse(const char *text, size_t len, SgfGame *out);
/* Letter of an SGF coordinate (0 -> 'a', 26 -> 'A'). */
char sgf_letter(int v);

#endif
