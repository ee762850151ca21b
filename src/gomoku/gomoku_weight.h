/*
 * gomoku_weight.h - what a stone of one colour on an empty cell would be
 * worth, from its four line patterns and rule flags. Two sets of weights:
 *
 * - the rule weights, made by hand (a sum of the four lines' weights, or a
 *   fixed high value for the combinations that decide games), which order
 *   the moves and pick the threat searches' candidates; and
 * - the evaluation weights, one table per rule and colour, indexed by the
 *   cell's class (its decisive flags) and the combination of its four
 *   patterns (as Rapfi scores four directions' pattern codes together).
 *   They start as the rule weights; `flipfive-tune gomoku-fit` fits them
 *   to game results and writes the entries it changed
 *   (gomoku_weights.inc, or FLIPFIVE_GOMOKU_WEIGHTS=FILE at run time).
 *
 * The board keeps both current move by move (that is why this sits below
 * gomoku.c); the evaluation (gomoku_eval.c) reads the sums.
 */
#ifndef FLIPFIVE_GOMOKU_WEIGHT_H
#define FLIPFIVE_GOMOKU_WEIGHT_H

#include <stdbool.h>
#include <stdint.h>

#include "gomoku_pattern.h"

enum {
    GW_TABLES = 4,      /* freestyle, exactly five, Renju black, Renju white
                         * (gomoku.h's rules: table rule, Renju's 2 + colour) */
    GW_CLASSES = 6,     /* none, double three, four-three, open four, foul, five */
    GW_COMBOS = 1365,   /* multisets of 4 patterns out of PAT_COUNT (12) */
    GW_INDICES = GW_CLASSES * GW_COMBOS,
    GW_LIMIT = 30000,   /* |weight| at most */
    /* The threat term: one value per table and threat mask, which says
     * which kinds of threat point (gomoku.h's TK_*) each side has at all:
     * bits 0-4 the side to move's, bit 5 a five point of the other side,
     * bits 6-10 the other side's kinds. */
    GT_SIDE_BITS = 5,
    GT_OPP_FIVE = 1 << GT_SIDE_BITS,
    GT_OPP_SHIFT = GT_SIDE_BITS + 1,
    GT_MASKS = 1 << (2 * GT_SIDE_BITS + 1)
};

/* value: the weight when that colour is to move; passive: when it is not
 * (its threats there will be answered first). */
typedef struct GomokuWeight {
    int16_t value, passive;
} GomokuWeight;

extern GomokuWeight gomoku_weight_eval_table[GW_TABLES][GW_INDICES];
extern GomokuWeight gomoku_weight_rule_table[GW_INDICES];
/* The threat term, 0 where no value was learned. */
extern int16_t gomoku_weight_threat_table[GW_TABLES][GT_MASKS];
extern uint16_t gomoku_weight_combo_rank[PAT_COUNT * PAT_COUNT * PAT_COUNT * PAT_COUNT];

/* Four patterns in this order as one number (gomoku_weight_combo_rank's
 * index). */
static inline int gomoku_weight_key(const uint8_t pat[4])
{
    return ((pat[0] * PAT_COUNT + pat[1]) * PAT_COUNT + pat[2]) * PAT_COUNT + pat[3];
}

/* A cell's index from its four patterns and its flags (pattern_flags()). */
static inline int gomoku_weight_index(const uint8_t pat[4], int flags)
{
    const int cls = flags & FL_FIVE ? 5 : flags & FL_FOUL ? 4 : flags & FL_OPEN4 ? 3
                  : (flags & FL_FOUR) && (flags & FL_THREE) ? 2 : flags & FL_THREE3 ? 1 : 0;
    return cls * GW_COMBOS + gomoku_weight_combo_rank[gomoku_weight_key(pat)];
}

/* The class and the four patterns (ascending) of an index. */
void gomoku_weight_decode(int index, int *cls, uint8_t pat[4]);

/* The entry of the evaluation table with this class and patterns (any
 * order) is w; false (nothing changed) when out of range. */
bool gomoku_weight_set(int table, int cls, const uint8_t pat[4], GomokuWeight w);

/* Builds the tables: the rule weights, the evaluation weights from them
 * and the learned entries (compiled in, or FLIPFIVE_GOMOKU_WEIGHTS=FILE);
 * once per program, after pattern_init. A FILE that cannot be read or
 * holds a bad line ends the program (exit 2) with the reason on stderr. */
void gomoku_weight_init(void);

/* Reads learned entries ("GW(table, class, p0, p1, p2, p3, value,
 * passive)" and "GT(table, mask, value)" lines, as gomoku-fit writes
 * them) from path into the evaluation and threat tables; the number read,
 * or -1 (errno, or a bad line: *line says which) when it cannot. */
int gomoku_weight_load(const char *path, int *line);

#endif
