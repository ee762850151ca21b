/*
 * nboard.h - the NBoard front end: the engine side of NBoard's protocol,
 * version 2 (protocol/NBOARD.md), over the same engine layer as GTP. NBoard
 * is an Othello GUI; flipfive plays 8x8 Othello under it (and, for scripts,
 * any even board its GGF names).
 *
 * One command per line through the command table its caller passes
 * (flipfive's: nboard_commands.c), per-command state reset for every line.
 * NBoard drops whatever an engine prints before the pong of its latest
 * ping, so the only command that acts during a search is the ping itself
 * (and quit): it stops the search, whose result is printed all the same,
 * and then answers in its turn. Bad lines are ignored whole, as the
 * protocol says, with a message on stderr.
 */
#ifndef FLIPFIVE_NBOARD_H
#define FLIPFIVE_NBOARD_H

#include <stdbool.h>
#include <stdio.h>

#include "buf.h"
#include "engine.h"
#include "frame.h"

typedef struct NbCommand NbCommand;

typedef struct Nboard {
    const NbCommand *commands; /* the table, ended by an entry without name */
    Engine *engine;
    Frame io;                  /* lines in, lines out (io.out_failed) */
    FILE *err;                 /* messages about bad input */
    bool quit;                 /* quit, or EOF: leave the loop */
    /* The game clock from the last GGF and the moves since: seconds left
     * per colour and the increment (clocked false: no clock). */
    bool clocked;
    double left_s[2];
    double inc_s;
    int contempt;              /* set contempt: kept, not used by the search */
    bool depth_set;            /* a "set depth" came */
    /* While thinking. */
    bool thinking;
    bool stop;                 /* a ping or quit is waiting */
    bool hinting;              /* hint (all lines shown), not go (the best) */
    int shown;                 /* search lines printed by this search */
    /* Single command scope: reset before every command. */
    const char *cmd;           /* the command as matched */
} Nboard;

typedef void (*NbHandler)(Nboard *nb, char *args);

/* The entries are whole first words ("ping") or a word and its first
 * argument ("set depth"); a handler gets what follows. */
struct NbCommand {
    const char *name;          /* NULL ends a table */
    NbHandler run;
    bool replies;              /* a good line answers with one line (pong, learned) */
};

void nboard_init_fd(Nboard *nb, const NbCommand *commands, Engine *e, int fd, FILE *out);
void nboard_init_mem(Nboard *nb, const NbCommand *commands, Engine *e, const char *data, size_t len,
                     FILE *out);
void nboard_free(Nboard *nb);
/* Reads and answers commands until quit or EOF. */
void nboard_loop(Nboard *nb);
/* Handles one command line. */
void nboard_handle_line(Nboard *nb, char *line);

/* Output. nboard_reply writes the command's one reply line; nboard_line
 * any other (status, search, nodestats, set myname). */
void nboard_reply(Nboard *nb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void nboard_line(Nboard *nb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A line refused: why, on stderr, naming the command. */
void nboard_error(Nboard *nb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Non-blocking look at input while thinking (SearchPoll): true to stop. */
bool nboard_poll(void *nb);

#endif
