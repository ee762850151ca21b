/*
 * coord.h - vertices as text. Two conventions exist among our hosts:
 * Othello notation (Quarry, Edax, GRhino: letters A.. including I, row 1 at
 * the top) and Go notation (GoGui, KataGomo: letters skip I, row 1 at the
 * bottom). Cells are row * size + col with row 0 at the top either way.
 */
#ifndef FLIPFIVE_COORD_H
#define FLIPFIVE_COORD_H

#include <stdbool.h>

#include "game.h"

/* Cell index, MOVE_PASS, or MOVE_NONE when s is not a vertex of the board.
 * Case-insensitive; "pass" in any case. */
Move coord_parse(const char *s, int size, CoordStyle style);
/* "D3", "pass" or "resign"; out holds at least 8 bytes. */
void coord_format(Move m, int size, CoordStyle style, char *out);
/* Letter of column col (0-based). */
char coord_column_letter(int col, CoordStyle style);
/* Row number shown for board row r (0 = top). */
int coord_row_number(int r, int size, CoordStyle style);

#endif
