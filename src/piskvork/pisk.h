/*
 * pisk.h - the Piskvork (Gomocup) front end, with the Yixin-Board
 * extensions: the brain side of the protocol protocol/PISKVORK.md
 * describes, over the same engine layer as GTP.
 *
 * One command per line, matched without regard to case through the one
 * command table (pisk_commands.c). Per-command state is reset for every
 * command, and a command that owes a reply writes exactly one. Input is
 * looked at while a search runs: END, YXSTOP and INFO take effect at
 * once, any other command waits for the move.
 */
#ifndef FLIPFIVE_PISK_H
#define FLIPFIVE_PISK_H

#include <stdbool.h>
#include <stdio.h>

#include "buf.h"
#include "engine.h"
#include "linein.h"

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

typedef struct Pisk {
    Engine *engine;
    FILE *out;
    LineInput in;
    PiskInfo info;
    bool started;          /* START answered OK: there is a board */
    int own;               /* our colour in the game on the board */
    bool quit;             /* END, or EOF: leave the loop */
    bool out_failed;       /* the host stopped reading */
    /* While thinking. */
    bool thinking;
    bool stop;             /* answer now (yxstop, timeout_turn 0) */
    int64_t think_ns;      /* when the search began */
    int64_t shown_ns;      /* realtime lines start after a while */
    /* Single command scope: reset before every command. */
    const char *cmd;       /* the command word as sent */
    bool replied;
} Pisk;

void pisk_init_fd(Pisk *p, Engine *e, int fd, FILE *out);
void pisk_init_mem(Pisk *p, Engine *e, const char *data, size_t len, FILE *out);
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

/* Applies "INFO key value" (args is "key value"). Unknown keys and values
 * that are not numbers are ignored; a value flipfive cannot honour is said
 * in a MESSAGE. With live (a search runs) only keys that may change under
 * a running search are applied: false means the line must wait. */
bool pisk_info(Pisk *p, char *args, bool live);

#endif
