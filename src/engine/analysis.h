/*
 * analysis.h - what the engine thinks of the position, for the protocols
 * that show it (GTP flipfive-analyze and GoGui, NBoard's hint, --verbose):
 * the value of the N best or of every legal move of the side to move, each
 * with its depth, principal variation and how sure the value is, and one
 * formatter of a score in the game's unit so that every front end writes
 * the same value the same way.
 *
 * The values come from the search's multi-PV (SearchLimits.multipv, the
 * lines yxnbest prints): one search, no second one per move.
 *
 * Score forms written by analysis_format_score (value for the side to move):
 *   Othello, exact          "+4", "-2", "+0"    discs at the end of the game
 *   Othello, heuristic      "+3.52", "-0.40"    expected discs, two decimals
 *   Othello, WLD bound      "win", "draw", "loss"
 *   five-in-a-row, proved   "W7", "L4"          five made in 7 plies from now
 *                                               by the side to move (W) or
 *                                               by its opponent (L); W1 is
 *                                               a five on this move
 *   five-in-a-row, draw     "+0"                a full board (exact)
 *   five-in-a-row, other    "+152", "-37"       the evaluation, search units
 */
#ifndef FLIPFIVE_ANALYSIS_H
#define FLIPFIVE_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"

/* Most moves one analysis values: "all" means every legal move up to it. */
enum { ANALYSIS_MAX_LINES = SEARCH_MAX_PV, ANALYSIS_ALL = 0 };

/* How much a value is worth. */
typedef enum {
    ANALYSIS_HEURISTIC, /* the evaluation seen through a search to depth */
    ANALYSIS_EXACT,     /* the game's value: solved, or a proved win/loss */
    ANALYSIS_WLD        /* only its sign is proved: win, draw or loss */
} AnalysisKind;

typedef struct AnalysisLine {
    Move move;          /* the root move, pv[0] */
    int score;          /* search units, the side to move's view */
    AnalysisKind kind;
    int depth;          /* the iteration the line comes from */
    int pvlen;
    Move pv[MAX_PLY];
} AnalysisLine;

typedef struct Analysis {
    int side;           /* who is to move */
    int nlines;         /* 0: the game is over */
    AnalysisLine lines[ANALYSIS_MAX_LINES];  /* best first */
    int depth;          /* last iteration completed */
    int seldepth;
    uint64_t nodes;
    int64_t ns;
} Analysis;

/* Analyses the position for the side to move with the engine's settings
 * (level, depth, nodes, movetime or clock) or, when seconds > 0, that long;
 * no book. nbest lines, ANALYSIS_ALL for every legal move. Polls the
 * engine's interrupt check; the position is left as it was. The search's
 * own result is in e->last, as after genmove. */
void analysis_run(Engine *e, int nbest, double seconds, Analysis *out);

/* A score in the game's unit (the forms above); out gets at most n bytes,
 * 16 are always enough. */
enum { ANALYSIS_SCORE_LEN = 16 };
void analysis_format_score(const GameOps *ops, int score, AnalysisKind kind, char *out, size_t n);

/* The kind of a search's value: exact for a solved search or a win/loss
 * score, heuristic otherwise. */
AnalysisKind analysis_kind(int score, bool exact);

/* One line of the verbose setting, UCI's info form with the score in the
 * game's unit, for the last line ev (SEARCH_EV_LINE) of a search of e:
 *   info depth 12 seldepth 19 multipv 2 score +3.52 nodes 1234567
 *        nps 2345678 time 526 pv C4 E3 F6
 * (one line; multipv only when the search gives several lines). */
void analysis_info_line(Engine *e, const SearchEvent *ev, Buf *out);
/* Makes e's verbose setting print analysis_info_line lines on stderr for
 * every line of every search (Engine.info). */
void analysis_attach(Engine *e);

#endif
