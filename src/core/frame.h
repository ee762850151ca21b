/*
 * frame.h - what the three protocol front ends (GTP, Piskvork, NBoard)
 * share around their command tables: input through linein.h, output as
 * whole lines flushed one at a time, one reply per command, and noticing
 * that the host has gone.
 *
 * Each front end embeds one Frame; the protocol's own syntax (GTP's ids
 * and blank-line ends, Piskvork's command words, NBoard's two-word
 * commands) stays in the front end.
 */
#ifndef FLIPFIVE_FRAME_H
#define FLIPFIVE_FRAME_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "linein.h"

typedef struct Frame {
    LineInput in;
    FILE *out;
    bool replied;           /* the current command has had its reply */
    bool out_failed;        /* a write failed or the host stopped reading */
} Frame;

/* A frame reading a file descriptor, or memory (tests and fuzzing drive
 * the same loops in-process), and writing to out. */
Frame frame_fd(int fd, FILE *out);
Frame frame_mem(const char *data, size_t len, FILE *out);
void frame_free(Frame *f);

/* The next input line (as linein_next); NULL at EOF and once the host
 * stopped reading, so that a loop ends either way. */
char *frame_next(Frame *f, size_t max_line, bool *too_long);

/* A new command: it has not replied yet. */
void frame_begin(Frame *f);

/* Claims the command's one reply: false when it has had it (a bug, caught
 * by an assertion in debug builds; release builds drop the second one). */
bool frame_take_reply(Frame *f);

/* Writes text as it is and flushes it, so that a host waiting for it sees it
 * now; a failed write sets out_failed. */
void frame_write(Frame *f, const char *text);

/* Writes one line made from fmt; line ends inside it become spaces, since
 * a host would read them as the start of another line. */
void frame_vline(Frame *f, const char *fmt, va_list ap);

/* frame_take_reply, then frame_vline. */
void frame_vreply(Frame *f, const char *fmt, va_list ap);

/* Removes control characters (the CR of CR LF too) and turns tabs into
 * spaces, in place. */
void frame_clean(char *line);

/* While a search runs: reads what has arrived without blocking and shows
 * each complete line to scan (see linein_scan). */
void frame_scan_arrived(Frame *f, size_t max_backlog, LineScan scan, void *arg);

/* Whether the host has closed its end (out_failed is set then): nobody
 * reads our replies, so a search should stop. */
bool frame_host_gone(Frame *f);

#endif
