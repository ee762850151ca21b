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

/* Builds the tables; once per program, before any other call (tables_init). */
void pattern_init(void);

/* The tables behind the two functions below, which the board's update
 * calls for every cell a move reaches (inline: most of a threat search's
 * time). A side of a key as its canonical form, per colour; the pattern of
 * two forms, per view. */
extern uint8_t pattern_canon[2][1 << PAT_SIDE_BITS];
extern int8_t pattern_table[VIEW_COUNT][PAT_FORMS][PAT_FORMS];

/* The pattern a stone of color (BLACK/WHITE) makes on a cell with this key. */
static inline Pattern pattern_of(uint32_t key, int color, PatternView view)
{
    return (Pattern)pattern_table[view][pattern_canon[color][key & PAT_SIDE_MASK]]
                                 [pattern_canon[color][key >> PAT_SIDE_BITS & PAT_SIDE_MASK]];
}

/* Per pattern, its counts in bit fields, so that the four lines of a cell
 * add up in one integer. */
enum {
    PAT_SH_FIVE = 0, PAT_SH_OVER = 3, PAT_SH_FOUR = 6, PAT_SH_OPEN = 10, PAT_SH_THREE = 13,
    PAT_M3 = 7, PAT_M4 = 15
};
extern const uint16_t pattern_counts[PAT_COUNT];

/* The FL_* flags of a cell whose four line patterns (for one colour,
 * counted as view says) are pat. */
static inline int pattern_flags(PatternView view, const uint8_t pat[4])
{
    const int pk = pattern_counts[pat[0]] + pattern_counts[pat[1]] + pattern_counts[pat[2]] +
                   pattern_counts[pat[3]];
    if (pk == 0)
        return 0;
    const int fives = pk >> PAT_SH_FIVE & PAT_M3, over = pk >> PAT_SH_OVER & PAT_M3;
    const int fours = pk >> PAT_SH_FOUR & PAT_M4, open = pk >> PAT_SH_OPEN & PAT_M3;
    const int threes = pk >> PAT_SH_THREE & PAT_M3;
    int f = (fives ? FL_FIVE : 0) | (fours ? FL_FOUR : 0) | (open || fours >= 2 ? FL_OPEN4 : 0) |
            (threes ? FL_THREE : 0) | (threes >= 2 ? FL_THREE3 : 0);
    if (view == VIEW_RENJU_BLACK && !fives && (over || fours >= 2 || threes >= 2))
        f |= FL_FOUL;
    return f;
}

/* Slow reference: the same answer computed directly from a line of
 * 2 * PAT_HALF + 1 cell codes (centre = the cell), for tests. */
Pattern pattern_of_line(const int8_t *line, int color, PatternView view);

#endif
