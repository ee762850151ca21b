/*
 * match_driver.h - the protocols the referee speaks to engines. A driver
 * turns the referee's few questions (who are you, new game, your opponent
 * played this, your move) into one protocol's lines: GTP (match_gtp.c),
 * Piskvork (match_pisk.c), NBoard (match_nboard.c). The game loop
 * (match_game.c) never sees a protocol line, so a fourth protocol is one
 * more driver in the table of match_spec.c, which reads engine strings.
 */
#ifndef FLIPFIVE_MATCH_DRIVER_H
#define FLIPFIVE_MATCH_DRIVER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "buf.h"
#include "game.h"
#include "match_clock.h"
#include "match_proc.h"

struct MatchConfig;

typedef enum {
    DRV_OK,
    DRV_REFUSED,    /* the engine said no (GTP "?", Piskvork ERROR/UNKNOWN) */
    DRV_GARBAGE,    /* an answer that is not a move */
    DRV_RESIGN,
    DRV_TIMEOUT,    /* no answer before the deadline */
    DRV_EOF,        /* the engine exited or closed its output */
    DRV_ABORTED     /* the referee was told to stop */
} DrvStatus;

typedef struct MatchDriver MatchDriver;

/* One engine process (for one game, one probe, or with --restart off a
 * series of games): the process and what its driver keeps of it. */
typedef struct MatchEngine {
    const MatchDriver *drv;
    const struct MatchConfig *cfg;
    int index;                  /* MATCH_A or MATCH_B */
    MatchProc proc;
    char workdir[4096];         /* copy=: the fresh copy, "" otherwise */
    Buf reply;                  /* the last answer, for the record */
    int64_t timeout_ns;         /* longest wait for an answer to a command */
    /* The game as this engine has heard it: moves and colours; the first
     * synced of them are on the engine's own board. */
    Move moves[MAX_GAME_PLY];
    int colors[MAX_GAME_PLY];
    int nmoves, synced;
    bool implicit;              /* GTP: never told about passes (set in its
                                 * first game, learnt from a '?' to a pass) */
    bool knows_time_left;       /* GTP: time_left is sent */
    int ping;                   /* NBoard: the last ping sent */
    /* The value the engine gave with its last move, from its own side's
     * view (NBoard's "=== M/E"); has_eval is cleared before each ask. */
    bool has_eval;
    double eval;
} MatchEngine;

struct MatchDriver {
    const char *name;           /* gtp, pisk, nboard */
    /* Games it can play: a five-in-a-row protocol, 8x8 Othello only... */
    bool (*plays)(const GameOps *ops, int size);
    const char *quit;           /* the line that ends the engine */
    /* The engine's name (and version) as it tells it. */
    DrvStatus (*probe)(MatchEngine *m, Buf *name);
    /* A new game with the configuration's rules, size and clock. first:
     * the process's first game; otherwise (--restart off) it is a process
     * kept from an earlier game, told only what the protocol wants told
     * again. */
    DrvStatus (*new_game)(MatchEngine *m, bool first);
    /* color played mv (the opening, or the opponent). */
    DrvStatus (*tell)(MatchEngine *m, int color, Move mv);
    /* color's move, by deadline_ns; the clock gives the time left. */
    DrvStatus (*ask)(MatchEngine *m, int color, const MatchClock *clock, int64_t deadline_ns, Move *out);
};

extern const MatchDriver match_gtp_driver;
extern const MatchDriver match_pisk_driver;
extern const MatchDriver match_nboard_driver;

/* An engine string split (match_spec.h): its driver, directory options
 * and words. */
typedef struct MatchEngineSpec {
    const MatchDriver *drv;
    char *dir, *copy;           /* NULL when not given */
    int depth;                  /* depth=N, 0 when not given */
    char **argv;                /* NULL-terminated */
} MatchEngineSpec;

/* A fresh engine index of cfg, not started: its driver, configuration
 * and --timeout set, all else empty. */
void match_engine_init(MatchEngine *m, const MatchDriver *drv, const struct MatchConfig *cfg, int index,
                       double timeout);
/* Starts m's process from spec (with its directory options): false with a
 * message in err. log/stderr_fd as match_proc_start. */
bool match_engine_start(MatchEngine *m, const MatchEngineSpec *spec, FILE *log, int stderr_fd, char *err,
                        size_t errlen);
/* Ends it (its quit line, then a kill) and removes its copy. */
void match_engine_stop(MatchEngine *m, int64_t grace_ns);

/* For drivers: a ProcStatus as a DrvStatus; the move list kept. */
DrvStatus match_driver_status(ProcStatus st);
void match_engine_record(MatchEngine *m, int color, Move mv, bool on_board);

#endif
