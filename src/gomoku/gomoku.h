/*
 * gomoku.h - five-in-a-row on any board from 5x5 to 25x25: freestyle
 * (five or more wins), standard (exactly five) and Renju (15x15; black has
 * forbidden moves, white wins with an overline too).
 *
 * The board is a mailbox with a wall PAT_HALF cells thick, so the line of
 * any cell can be walked PAT_HALF steps in each direction without bounds
 * checks. Each empty cell keeps its line keys and patterns per direction
 * and colour (gomoku_pattern.h) up to date as stones come and go, plus a
 * summary per colour (can make a five, a four, a three...) and sets of the
 * cells with such threats, which the evaluation and threat search read.
 */
#ifndef FLIPFIVE_GOMOKU_H
#define FLIPFIVE_GOMOKU_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "gomoku_pattern.h"
#include "gomoku_weight.h"

enum {
    GOMOKU_MIN_SIZE = 5,
    GOMOKU_MAX_SIZE = 25,
    GOMOKU_DEFAULT_SIZE = 15,
    RENJU_SIZE = 15,            /* Renju's default size */
    GOMOKU_PAD = PAT_HALF,
    GOMOKU_MAX_WIDTH = GOMOKU_MAX_SIZE + 2 * GOMOKU_PAD,
    GOMOKU_BOX = GOMOKU_MAX_WIDTH * GOMOKU_MAX_WIDTH,
    GOMOKU_WALL = 3,            /* box value outside the board */
    GOMOKU_NEAR = 2,            /* candidate moves: this close to a stone */
    GOMOKU_UNDO_CAP = 2 * MAX_GAME_PLY + 4 * MAX_PLY
};

typedef enum { RULE_FREESTYLE = 0, RULE_STANDARD = 1, RULE_RENJU = 2 } GomokuRule;

/* Sets of cells by threat, per colour. */
enum { SET_FIVE, SET_FOUR, SET_THREE, NSETS };

/* Kinds of threat point, counted per colour over the empty cells for the
 * evaluation's threat term (gomoku_eval.c): whether a colour has any such
 * point at all matters beyond what the points add up to. A point flagged
 * foul (Renju's black) is of no kind: most likely it cannot be played. */
enum { TK_FOUR, TK_OPEN4, TK_FOUR_THREE, TK_THREE, TK_THREE3, TK_KINDS };

static inline int gomoku_threat_kinds(int flags)
{
    if (flags & FL_FOUL)
        return 0;
    return (flags & FL_FOUR ? 1 << TK_FOUR : 0) | (flags & FL_OPEN4 ? 1 << TK_OPEN4 : 0) |
           ((flags & FL_FOUR) && (flags & FL_THREE) ? 1 << TK_FOUR_THREE : 0) |
           (flags & FL_THREE ? 1 << TK_THREE : 0) | (flags & FL_THREE3 ? 1 << TK_THREE3 : 0);
}

typedef struct CellSet {
    int n;
    int16_t cell[GOMOKU_BOX];   /* box indices, in no particular order */
    int16_t where[GOMOKU_BOX];  /* position in cell[], -1 when absent */
} CellSet;

typedef struct GomokuUndo {
    int16_t box;        /* the stone placed, or -1 for a null move */
    int8_t winner;      /* winner before the move */
} GomokuUndo;

typedef struct GomokuThreat GomokuThreat;

typedef struct GomokuPos {
    int size, width, rule;
    int dir[4];                          /* box offsets: E, S, SE, SW */
    PatternView view[2];                 /* how each colour counts fives */
    int8_t box[GOMOKU_BOX];              /* CELL_* or GOMOKU_WALL */
    uint32_t key[GOMOKU_BOX][4];         /* line keys per direction */
    uint8_t pat[GOMOKU_BOX][2][4];       /* patterns per colour, direction */
    uint8_t flags[GOMOKU_BOX][2];        /* FL_* per colour */
    int16_t value[GOMOKU_BOX][2];        /* rule weight per colour, to move:
                                          * orders moves, picks threats */
    GomokuWeight weight[GOMOKU_BOX][2];  /* evaluation weights per colour */
    int8_t wtable[2];                    /* their table per colour */
    int16_t near[GOMOKU_BOX];            /* stones within GOMOKU_NEAR */
    int32_t sum[2];                      /* weight.value summed over empty cells */
    int32_t psum[2];                     /* weight.passive summed over them */
    CellSet set[2][NSETS];
    int16_t kinds[2][TK_KINDS];          /* empty cells of each threat kind */
    int side;                            /* to move */
    /* Lean: the threat searches' make/unmake, which read no evaluation,
     * leave weight[], sum[] and psum[] as they were (the evaluation table's
     * loads were the update's costliest step). Only set around moves that
     * are all taken back before it is cleared (gomoku_lean). */
    bool lean;
    int stones;
    int winner;                          /* BLACK, WHITE or -1 */
    uint64_t hash;
    int nundo;
    GomokuUndo *undo;                    /* GOMOKU_UNDO_CAP entries */
    GomokuThreat *threat;                /* threat search workspace, on first use */
    int eval_stack[MAX_PLY + 1];         /* the search's static values by ply */
    struct GomokuPos *empty;             /* this position with an empty board */
} GomokuPos;

static inline int gomoku_box(const GomokuPos *p, int cell)
{
    return (cell / p->size + GOMOKU_PAD) * p->width + cell % p->size + GOMOKU_PAD;
}

static inline int gomoku_cell(const GomokuPos *p, int box)
{
    return (box / p->width - GOMOKU_PAD) * p->size + box % p->width - GOMOKU_PAD;
}

static inline bool gomoku_has(const GomokuPos *p, int box, int color, int flag)
{
    return (p->flags[box][color] & flag) != 0;
}

/* The smallest box index of a non-empty set (a choice that does not depend
 * on the order of insertions). */
static inline int gomoku_set_first(const CellSet *s)
{
    int m = s->cell[0];
    for (int i = 1; i < s->n; i++)
        if (s->cell[i] < m)
            m = s->cell[i];
    return m;
}

/* Places a stone of color on an empty box, or removes the last one placed
 * (strictly last in, first out), keeping every line key,
 * pattern, summary, set and sum current. No undo record, no side change. */
void gomoku_put(GomokuPos *p, int box, int color);
void gomoku_remove(GomokuPos *p, int box);

/* The rule a rule code stands for: 0 freestyle, 1 exactly five, 3 exactly
 * five with Piskvork's continuous-game bit, 4 Renju, 2 Yixin-Board's Renju
 * (as Rapfi reads it); -1 for any other code. */
int gomoku_rule_of_code(long code);
/* The rule an SGF record's RU names: a rule code as c-gomoku-cli writes it
 * (RU[1]), a name (freestyle, standard, exact, any mention of Renju), in
 * any case; -1 when it names none. */
int gomoku_rule_of_ru(const char *ru);

/* A position with an empty board under rule (GomokuRule); NULL when out
 * of memory. gomoku_free frees it (not its threat workspace: the owner's). */
GomokuPos *gomoku_new(int size, int rule);
void gomoku_free(GomokuPos *p);
/* A copy of p with its own undo stack and no threat workspace (NULL when
 * memory runs out), for another thread. */
GomokuPos *gomoku_copy(const GomokuPos *p);
/* Back to the empty board, history forgotten. */
void gomoku_clear(GomokuPos *p);
/* An arbitrary position: cells[size*size] of CELL_*, side to move; false
 * (p unchanged) when it is not one (both colours have a five). */
bool gomoku_load(GomokuPos *p, const int8_t *cells, int side);
/* Five points of color, sorted by box index; returns the count. */
int gomoku_five_points(const GomokuPos *p, int color, int16_t *out);
/* Copy of a set, sorted by box index (search order must not depend on the
 * history of insertions). */
int gomoku_set_sorted(const GomokuPos *p, int color, int set, int16_t *out);

/* Enters (on true) or leaves lean updates; returns the previous setting,
 * which the caller restores once every move it made is taken back. */
static inline bool gomoku_lean(GomokuPos *p, bool on)
{
    const bool was = p->lean;
    p->lean = on;
    return was;
}

/* Null-move-aware make/unmake on a GomokuPos (the GameOps ones, typed). */
void gomoku_make(GomokuPos *p, int box);
void gomoku_unmake(GomokuPos *p);

#endif
