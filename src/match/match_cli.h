/*
 * match_cli.h - the match referee's settings and its command line
 * (`flipfive-match --help`), and splitting an engine command string into
 * words the way a shell would, without running a shell.
 */
#ifndef FLIPFIVE_MATCH_CLI_H
#define FLIPFIVE_MATCH_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "match_clock.h"

enum { MATCH_A = 0, MATCH_B = 1 };

typedef struct MatchConfig {
    const char *game;        /* registry name: "Othello", "Gomoku", "Renju" */
    const GameOps *ops;
    int size, variant;
    const char *rule;        /* as given to --rule, NULL for none */
    CoordStyle coords;       /* vertex text sent to and read from engines */
    int games;               /* length of the game list, 0 = from openings */
    const char *openings;    /* file, or NULL to generate */
    int plies;               /* generated opening length, -1 = default */
    uint64_t seed;
    MatchTc tc;              /* --tc, both engines */
    MatchTc tc_engine[2];    /* each engine's clock: --tc, or --tc-a/--tc-b */
    bool tc_own[2];          /* --tc-a/--tc-b given */
    double margin;           /* seconds a move may overrun its clock */
    double timeout;          /* seconds any reply may take without a clock */
    int max_moves;           /* adjudicate a draw after this many plies */
    int jobs;
    int shard, shards;       /* play games with (index % shards) == shard - 1 */
    const char *sgf_dir, *log_dir;
    bool json, quiet;
    bool implicit_pass[2];   /* never send "play c pass" to this engine */
    bool restart;            /* a fresh engine process for every game
                              * (--restart on, default); off: one process
                              * per engine and job for the whole match */
    char *command[2];        /* engine command lines as given */
    char **argv[2];          /* ... split into words */
    char **merge_files;      /* --merge: JSON results to combine */
    int nmerge;
} MatchConfig;

/* Fills cfg from the command line. Returns -1 to go on, or an exit status
 * (0 after --help, 2 after an error, reported on stderr). */
int match_cli_parse(int argc, char **argv, MatchConfig *cfg);
void match_cli_usage(FILE *f);
void match_cli_free(MatchConfig *cfg);

/* Splits s into words as sh does with quotes ('...', "...") and
 * backslashes, without expansions. NULL-terminated array, NULL on an
 * unterminated quote or an empty command. Free with match_cli_free_words. */
char **match_cli_split(const char *s);
void match_cli_free_words(char **words);

#endif
