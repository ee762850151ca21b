/*
 * coord.c - parsing and printing vertices in either convention.
 */
#include "coord.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

char coord_column_letter(int col, CoordStyle style)
{
    if (style == COORDS_GO && col >= 8)
        col++; /* Go skips the letter I */
    return (char)('A' + col);
}

int coord_row_number(int r, int size, CoordStyle style)
{
    return style == COORDS_GO ? size - r : r + 1;
}

static int column_of_letter(char ch, CoordStyle style)
{
    int col = toupper((unsigned char)ch) - 'A';
    if (col < 0 || col >= 26)
        return -1;
    if (style == COORDS_GO) {
        if (col == 8)
            return -1; /* I is not a Go column */
        if (col > 8)
            col--;
    }
    return col;
}

Move coord_parse(const char *s, int size, CoordStyle style)
{
    if (strcasecmp(s, "pass") == 0)
        return MOVE_PASS;
    int col = column_of_letter(s[0], style);
    if (col < 0 || col >= size || !isdigit((unsigned char)s[1]) || s[1] == '0')
        return MOVE_NONE;
    int num = 0;
    for (const char *q = s + 1; *q; q++) {
        if (!isdigit((unsigned char)*q) || num > size)
            return MOVE_NONE;
        num = num * 10 + (*q - '0');
    }
    if (num < 1 || num > size)
        return MOVE_NONE;
    int r = style == COORDS_GO ? size - num : num - 1;
    return r * size + col;
}

void coord_format(Move m, int size, CoordStyle style, char *out)
{
    if (m == MOVE_PASS) {
        strcpy(out, "pass");
        return;
    }
    if (m == MOVE_RESIGN) {
        strcpy(out, "resign");
        return;
    }
    if (m < 0 || m >= size * size) {
        strcpy(out, "none");
        return;
    }
    int r = m / size, c = m % size;
    out[0] = coord_column_letter(c, style);
    int num = coord_row_number(r, size, style);
    if (num >= 10) {
        out[1] = (char)('0' + num / 10);
        out[2] = (char)('0' + num % 10);
        out[3] = '\0';
    } else {
        out[1] = (char)('0' + num);
        out[2] = '\0';
    }
}
