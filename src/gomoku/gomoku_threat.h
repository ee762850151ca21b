/*
 * gomoku_threat.h - threat-space search for five-in-a-row: VCF (victory by
 * continuous fours) and VCT (fours and threes), with Renju's forbidden
 * points for both sides (black may neither attack nor defend on one; white
 * wins when black's only defence is forbidden). gomoku_search.c uses them
 * in the alpha-beta search.
 */
#ifndef FLIPFIVE_GOMOKU_THREAT_H
#define FLIPFIVE_GOMOKU_THREAT_H

#include <stdbool.h>
#include <stdint.h>

#include "gomoku.h"
#include "search.h"

enum {
    VCF_MAX_DEPTH = 120,                    /* attacker moves (fail_depth is an int8_t) */
    VCF_MAX_LINE = 2 * VCF_MAX_DEPTH + 2,
    VCF_NO_BLOCK = -1,                      /* defender cannot block here */
    VCT_SEARCH_DEPTH = 8                    /* threats in a VCT, at most */
};

typedef struct ThreatLimits {
    uint64_t nodes;         /* 0 = no node budget */
    int64_t deadline_ns;    /* absolute CLOCK_MONOTONIC time; 0 = none */
    SearchCtx *ctx;         /* search to count nodes in and poll; may be NULL */
    int max_depth;          /* attacker moves; 0 = the solver's own limit */
    bool main_line;         /* VCT: report the main line (slower) */
} ThreatLimits;

typedef struct ThreatResult {
    bool win;
    bool stopped;           /* out of nodes or time before an answer */
    int len;                /* plies of the line, the five included */
    int16_t line[VCF_MAX_LINE]; /* box indices; VCF_NO_BLOCK for a defender
                                 * whose only block is forbidden */
    uint64_t nodes;
} ThreatResult;

GomokuThreat *gomoku_threat_create(void);
void gomoku_threat_destroy(GomokuThreat *t);
/* Forget cached results (new game or set-up position). */
void gomoku_threat_clear(GomokuThreat *t);

/* A forced win by fours for the side to move (position left unchanged):
 * iterative deepening, so the line found is among the shortest. */
void gomoku_vcf(GomokuPos *p, const ThreatLimits *lim, ThreatResult *res);
/* A forced win by threats (fours, threes, moves that threaten a VCF) within
 * depth such moves. The line is its first move only, unless lim->main_line:
 * then the main line, each defender move the one that resists longest
 * (VCF_NO_BLOCK: the defender has nothing better than to play elsewhere). */
void gomoku_vct(GomokuPos *p, const ThreatLimits *lim, int depth, ThreatResult *res);

#endif
