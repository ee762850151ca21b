/*
 * match_run.h - the game list of a match and playing it: which opening and
 * colours each game has (a pure function of the options and the seed, so
 * every shard computes the same list), probing the engines, and running the
 * games of this shard in worker processes, -j at a time.
 */
#ifndef FLIPFIVE_MATCH_RUN_H
#define FLIPFIVE_MATCH_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "match_cli.h"
#include "match_open.h"
#include "match_report.h"

typedef struct MatchPlanGame {
    int id;        /* 1-based in the whole list */
    int opening;   /* index into the openings */
    int black;     /* MATCH_A or MATCH_B */
} MatchPlanGame;

typedef struct MatchPlan {
    MatchOpenings openings;
    MatchPlanGame *games;  /* this shard's games, in list order */
    int count;
    int planned;           /* games in the whole list */
} MatchPlan;

bool match_run_plan(const MatchConfig *cfg, MatchPlan *plan, char *err, size_t errlen);
void match_run_free_plan(MatchPlan *plan);

/* Starts each engine once for its name and version (stderr passes
 * through, so a bad command line shows). False when one cannot run. */
bool match_run_probe(const MatchConfig *cfg, MatchInfo *info);

/* Plays the plan; results (sorted by id) go to out, which holds
 * plan->count entries. Returns how many games have a result: fewer when
 * the run was interrupted (SIGINT/SIGTERM). */
int match_run_games(const MatchConfig *cfg, const MatchInfo *info, const MatchPlan *plan,
                    MatchResult *out);

#endif
