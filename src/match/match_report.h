/*
 * match_report.h - what a match produces: one record per game, the match
 * header, the summary (score, Elo with its 95 % interval, disc difference,
 * time per move, faults), printed as a table or as one JSON object. Game
 * records also travel as JSON lines from worker processes and between
 * shards, so the table of a merged run is computed by the same code.
 */
#ifndef FLIPFIVE_MATCH_REPORT_H
#define FLIPFIVE_MATCH_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "buf.h"
#include "game.h"
#include "match_json.h"

/* Why a game ended. The ones from REASON_FAULT on are faults of the
 * engine that lost. */
enum {
    REASON_END,        /* over by the rules (disc count, five, full board) */
    REASON_MOVE_LIMIT, /* --max-moves reached: draw */
    REASON_RESIGN,
    REASON_ILLEGAL,    /* genmove answered a move the rules forbid */
    REASON_FORBIDDEN,  /* ... a forbidden point (Renju, Black) */
    REASON_GARBAGE,    /* ... something that is not a vertex */
    REASON_ERROR,      /* ... "?" to genmove */
    REASON_CRASH,      /* the engine exited or closed its output */
    REASON_TIME,       /* the flag fell */
    REASON_TIMEOUT,    /* no reply within --timeout (no clock) */
    REASON_REJECTED,   /* "?" to a legal play the referee relayed */
    REASON_SETUP,      /* "?" to set_game, boardsize or clear_board */
    REASON_ABORTED,    /* the referee was interrupted: no result */
    NREASONS,
    REASON_FAULT = REASON_ILLEGAL
};

enum { WINNER_DRAW = -1, WINNER_NONE = -2 };

/* The moves of one game as played (match_game.c), for SGF and logs. */
typedef struct MatchMoveRec {
    int color;
    Move move;            /* a cell, or MOVE_PASS */
    bool generated;       /* answered by an engine (not the opening or a
                           * pass the referee made for an implicit-pass one) */
    double secs;          /* time the engine took */
    double left;          /* its clock afterwards, < 0 without a clock */
    bool has_eval;        /* the engine gave its value of the move: */
    double eval;          /* that value for Black (the SGF's V[]) */
} MatchMoveRec;

typedef struct MatchGameRec {
    MatchMoveRec moves[MAX_GAME_PLY];
    int n;
    int opening_plies;
    char last_answer[64]; /* the losing answer, for the record */
} MatchGameRec;

typedef struct MatchTimeStat {
    int moves;
    double total, max;  /* seconds */
} MatchTimeStat;

typedef struct MatchResult {
    int id;              /* 1-based place in the game list */
    int black;           /* MATCH_A or MATCH_B */
    char *opening;       /* vertices of the opening */
    char *moves;         /* the whole game, opening included */
    int plies;
    char result[16];     /* as SGF RE: B+12, W+R, B+T, W+F, Draw, Void */
    int winner;          /* MATCH_A, MATCH_B, WINNER_DRAW or WINNER_NONE */
    int score;           /* outcome from Black's view (REASON_END only) */
    int reason;
    int fault;           /* engine at fault, -1 for none */
    char *detail;        /* what happened, for people */
    bool implied_pass[2];/* the engine refused "play c pass" in this game and
                          * was switched to implied passes */
    MatchTimeStat time[2];
} MatchResult;

typedef struct MatchInfo {
    char game[16];
    int size;
    char rule[32];       /* "" without --rule */
    char tc[96];         /* "300+30/10", or "A 0+2/5, B none" */
    double margin;
    uint64_t seed;
    int planned;         /* games in the whole list */
    int shard, shards;
    char *name[2], *command[2];
    double elapsed;      /* seconds of wall time */
} MatchInfo;

typedef struct MatchSummary {
    int games, wins, losses, draws, voids; /* A's view */
    double score;                          /* A's points / decided games */
    double elo, elo_low, elo_high;         /* NaN when undefined */
    double disc_sum;
    int disc_games;                        /* Othello games played out */
    MatchTimeStat time[2];
    int reasons[NREASONS];
    int faults[2][NREASONS];
} MatchSummary;

const char *match_report_reason_name(int reason);

void match_report_summarize(const MatchResult *games, int n, bool othello, MatchSummary *s);

/* One game as a JSON object on one line (no newline). */
void match_report_game_json(const MatchResult *r, Buf *out);
/* The reverse; false when fields are missing. */
bool match_report_game_parse(const Json *j, MatchResult *r);
void match_report_game_free(MatchResult *r);

void match_report_info_free(MatchInfo *info);
bool match_report_info_parse(const Json *match, MatchInfo *info);

/* The final table, and the same as one JSON object (games sorted by id). */
void match_report_table(FILE *f, const MatchInfo *info, const MatchResult *games, int n);
void match_report_json(Buf *out, const MatchInfo *info, const MatchResult *games, int n);

#endif
