/*
 * pisk.h - the Piskvork (Gomocup) front end, with the Yixin-Board
 * extensions: the brain side of the protocol protocol/PISKVORK.md
 * describes, over the same engine layer as GTP.
 *
 * One command per line, matched without regard to case through the
 * command table its caller passes (flipfive's: pisk_commands.c), as the
 * GTP front end does. Per-command state is reset for every command, and a
 * command that owes a reply writes exactly one. Input is looked at while a
 * search runs: END, YXSTOP and INFO take effect at once (INFO through its
 * entry of the table), any other command waits for the move.
 */
#ifndef FLIPFIVE_PISK_H
#define FLIPFIVE_PISK_H

#include <stdbool.h>
#include <stdio.h>

#include "buf.h"
#include "engine.h"
#include "frame.h"

/* The INFO values a host sent; they survive START and RESTART. */
typedef struct PiskInfo {
    long turn_ms;          /* timeout_turn; -1 = not sent (movetime) */
    long match_ms;         /* timeout_match; 0 = no game limit */
    long left_ms;          /* time_left; -1 = not sent */
    long inc_ms;           /* time_increment */
    long max_memory_mb;    /* max_memory; 0 = no limit */
    int game, variant;     /* from rule: Gomoku freestyle by default */
    int show_detail;       /* Yixin-Board: 1 realtime lines, 2 INFO lines */
} PiskInfo;

typedef struct PiskCommand PiskCommand;

typedef struct Pisk {
    const PiskCommand *commands; /* the table, ended by an entry without name */
    Engine *engine;
    Frame io;              /* lines in, replies out (io.replied, io.out_failed) */
    PiskInfo info;
    bool started;          /* START answered OK: there is a board */
    int own;               /* our colour in the game on the board */
    bool quit;             /* END, or EOF: leave the loop */
    /* While thinking. */
    bool thinking;
    bool stop;             /* answer now (yxstop, timeout_turn 0) */
    int64_t think_ns;      /* when the search began */
    int64_t shown_ns;      /* realtime lines start after a while */
    /* Single command scope: reset before every command. */
    const char *cmd;       /* the command word as sent */
    bool live;             /* run from the look at input while a search runs */
    bool deferred;         /* set by a live command that cannot run under a
                            * search: its line waits for the move */
} Pisk;

/* Whether a command answers: exactly one reply line, or none (INFO, END,
 * YXBOARD and the like; lines such a command prints are not a reply). */
typedef enum { REPLY_ONE, REPLY_NONE } PiskReplyKind;

typedef void (*PiskHandler)(Pisk *p, char *args);

struct PiskCommand {
    const char *name;      /* matched without regard to case; NULL ends a table */
    PiskHandler run;
    PiskReplyKind reply;
    bool needs_board;      /* ERROR before any START */
};

/* The entry of p's table for a command name; NULL when unknown. */
const PiskCommand *pisk_find_command(const Pisk *p, const char *name);

/* A front end on commands, answering for e: reading a file descriptor, or
 * memory (tests and fuzzing drive the same loop in-process). */
void pisk_init_fd(Pisk *p, const PiskCommand *commands, Engine *e, int fd, FILE *out);
void pisk_init_mem(Pisk *p, const PiskCommand *commands, Engine *e, const char *data, size_t len,
                   FILE *out);
void pisk_free(Pisk *p);
/* Reads and answers commands until END or EOF. */
void pisk_loop(Pisk *p);
/* Handles one command line (multi-line commands read their lines on). */
void pisk_handle_line(Pisk *p, char *line);

/* Output. pisk_reply writes the command's one reply line; pisk_line writes
 * any other line (MESSAGE, INFO, the lines before a reply). */
void pisk_reply(Pisk *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void pisk_line(Pisk *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The next line of a multi-line command (BOARD ... DONE); NULL at EOF. */
char *pisk_read_line(Pisk *p);
/* Non-blocking look at input while thinking (SearchPoll): true to stop. */
bool pisk_poll(void *pisk);

#endif
