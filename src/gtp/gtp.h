/*
 * gtp.h - the GTP v2 front end: reading lines of any length, preprocessing
 * them as the spec says, framing replies, and dispatching through the one
 * command table (gtp_commands.c).
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
#include "linein.h"

typedef struct Gtp {
    Engine *engine;
    FILE *out;
    LineInput in;
    bool interrupted;       /* a "# interrupt" line arrived while thinking */
    /* Single command scope: reset before every command. */
    const char *id;         /* digits of the command's id, NULL without one */
    bool replied;
    Buf reply;
    bool quit;              /* quit answered: leave the loop */
    bool out_failed;        /* the host stopped reading our replies */
    bool sandbox;           /* fuzzing: loadsgf of plain names only, no printsgf FILE */
} Gtp;

typedef void (*GtpHandler)(Gtp *g, int argc, char **argv);

typedef struct GtpCommand {
    const char *name;
    GtpHandler run;
    int min_args, max_args; /* argument count checked before run */
} GtpCommand;

/* The command table and its length (gtp_commands.c). */
extern const GtpCommand gtp_commands[];
extern const int gtp_ncommands;
const GtpCommand *gtp_find_command(const char *name);

void gtp_init_fd(Gtp *g, Engine *e, int fd, FILE *out);
void gtp_init_mem(Gtp *g, Engine *e, const char *data, size_t len, FILE *out);
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
