/*
 * gtp.h - the GTP v2 front end: reading lines of any length, preprocessing
 * them as the spec says, framing replies, and dispatching through the
 * command table its caller passes (flipfive's: gtp_commands.c), as GNU Go's
 * gtp_main_loop(commands, ...) does.
 *
 * Per-command state (id, reply written) lives in the Gtp context and is reset
 * for every line, so every command gets exactly one reply with its own id.
 */
#ifndef FLIPFIVE_GTP_H
#define FLIPFIVE_GTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "buf.h"
#include "engine.h"
#include "frame.h"

typedef struct GtpCommand GtpCommand;

typedef struct Gtp {
    const GtpCommand *commands; /* the table, ended by an entry without name */
    Engine *engine;
    Frame io;               /* lines in, replies out (io.replied, io.out_failed) */
    bool interrupted;       /* a "# interrupt" line arrived while thinking */
    /* Single command scope: reset before every command. */
    const char *id;         /* digits of the command's id, NULL without one */
    Buf reply;
    bool quit;              /* quit answered: leave the loop */
    bool sandbox;           /* fuzzing: loadsgf of plain names only, no printsgf FILE */
    /* GoGui live graphics of the running genmove: the root moves of the
     * current iteration whose values are known, and the best of them. */
    int gfx_n, gfx_best;
    Move gfx_moves[MAX_MOVES];
    int gfx_scores[MAX_MOVES];
} Gtp;

typedef void (*GtpHandler)(Gtp *g, int argc, char **argv);

struct GtpCommand {
    const char *name;       /* NULL ends a table */
    GtpHandler run;
    int min_args, max_args; /* argument count checked before run */
    /* GoGui analyze command (gogui-analyze_commands) or NULL: its type and
     * label, "plist/Legal Moves", and the arguments it is sent with. */
    const char *analyze, *analyze_args;
    int analyze_games;      /* GTP_FOR_* it is offered in; 0: every game */
};

enum { GTP_FOR_OTHELLO = 1, GTP_FOR_GOMOKU = 2, GTP_FOR_RENJU = 4 };

/* The entry of g's table for a command name; NULL when unknown. */
const GtpCommand *gtp_find_command(const Gtp *g, const char *name);

/* A front end on commands, answering for e: reading a file descriptor, or
 * memory (tests and fuzzing drive the same loop in-process). */
void gtp_init_fd(Gtp *g, const GtpCommand *commands, Engine *e, int fd, FILE *out);
void gtp_init_mem(Gtp *g, const GtpCommand *commands, Engine *e, const char *data, size_t len,
                  FILE *out);
void gtp_free(Gtp *g);
/* Reads and answers commands until EOF or quit. */
void gtp_loop(Gtp *g);
/* Handles one raw input line (without its newline). */
void gtp_handle_line(Gtp *g, char *line);

/* Replies: each command calls exactly one of these, once. */
void gtp_ok(Gtp *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void gtp_fail(Gtp *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Non-blocking look at input while thinking: true when the current command
 * should stop (a "# interrupt" line, or the host closed our input). */
bool gtp_poll_interrupt(void *gtp);

/* Argument decoders: true on success. */
bool gtp_parse_color(const char *s, int *color);
bool gtp_parse_int(const char *s, long min, long max, long *out);
bool gtp_parse_float(const char *s, double *out);
/* A vertex of the current board; *syntax_ok tells a malformed token from
 * one that is well formed but not on this board. */
bool gtp_parse_vertex(Gtp *g, const char *s, Move *m, bool *syntax_ok);

#endif
