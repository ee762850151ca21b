/*
 * gomoku_pattern.h - line patterns of five-in-a-row, looked up in tables.
 *
 * Every empty cell keeps, per direction, a 20-bit key: the five cells on each
 * side of it, two bits each (empty, black, white, wall), nearest first. The
 * key says all there is to know about what a stone on that cell does along
 * that line, so the pattern it makes (five, straight four, three, ...) is one
 * table lookup. A side of the key is first reduced to a canonical form (the
 * cells beyond the first blocker do not matter: 63 forms), and the pattern of
 * a pair of forms is computed once, exactly, by a small recursion.
 */
#ifndef FLIPFIVE_GOMOKU_PATTERN_H
#define FLIPFIVE_GOMOKU_PATTERN_H

#include <stdint.h>

enum {
    PAT_HALF = 5,                /* cells looked at on each side */
    PAT_SIDE_BITS = 2 * PAT_HALF,
    PAT_SIDE_MASK = (1 << PAT_SIDE_BITS) - 1,
    PAT_FORMS = 63               /* canonical forms of one side */
};

/* What a stone of one colour on the cell makes along one line, counting only
 * fives through that cell. Ordered by strength; fours are >= PAT_B4. */
typedef enum {
    PAT_NONE,   /* no five possible through the cell on this line */
    PAT_B1, PAT_F1,
    PAT_B2, PAT_F2,
    PAT_B3,     /* can become a four (one completion) */
    PAT_F3,     /* can become a straight four: a three */
    PAT_B4,     /* a four: exactly one point completes five */
    PAT_F4,     /* a straight four: two completions, four stones in a row */
    PAT_D4,     /* two fours on one line (two completions, not straight) */
    PAT_F5,     /* a five (exactly five where the rule wants that) */
    PAT_OL,     /* an overline that does not win (exact-five rules) */
    PAT_COUNT
} Pattern;

/* How a colour counts fives: five or more, exactly five, or exactly five
 * with Renju's black restrictions (a double four is no threat). */
typedef enum { VIEW_FREE, VIEW_EXACT, VIEW_RENJU_BLACK, VIEW_COUNT } PatternView;

/* Two-bit cell codes inside keys. */
enum { CODE_EMPTY = 0, CODE_BLACK = 1, CODE_WHITE = 2, CODE_WALL = 3 };

/* What a stone of one colour on a cell makes over its four lines: the rule
 * flags the board keeps per empty cell and colour (gomoku.h). */
enum {
    FL_FIVE = 1,        /* completes a five */
    FL_FOUR = 2,        /* makes a four (some line B4, F4 or D4) */
    FL_OPEN4 = 4,       /* makes two five points: straight four, 4-4 */
    FL_THREE = 8,       /* makes a three (some line F3) */
    FL_FOUL = 16,       /* Renju black: overline, 4-4 or two threes here;
                         * the exact forbidden check is needed (renju.h) */
    FL_THREE3 = 32      /* makes two threes (some two lines F3) */
};

/* The FL_* flags of a cell whose four line patterns (for one colour,
 * counted as view says) are pat. */
int pattern_flags(PatternView view, const uint8_t pat[4]);

/* Builds the tables; once per program, before any other call (tables_init). */
void pattern_init(void);

/* The pattern a stone of color (BLACK/WHITE) makes on a cell with this key. */
Pattern pattern_of(uint32_t key, int color, PatternView view);

/* Slow reference: the same answer computed directly from a line of
 * 2 * PAT_HALF + 1 cell codes (centre = the cell), for tests. */
Pattern pattern_of_line(const int8_t *line, int color, PatternView view);

#endif
