/*
 * match_proc.h - one engine process run by the match referee: a child on
 * two pipes, lines written one at a time, lines read with poll() against a
 * deadline, and a stop that always reaps (no zombies) and kills whatever
 * the engine left behind (it runs in its own process group). What the lines
 * mean is the protocol drivers' business (match_driver.h).
 */
#ifndef FLIPFIVE_MATCH_PROC_H
#define FLIPFIVE_MATCH_PROC_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "buf.h"

typedef enum {
    PROC_OK,        /* a line (GTP: an "=" reply) */
    PROC_FAILED,    /* GTP: a "?" reply */
    PROC_TIMEOUT,   /* no complete line or reply before the deadline */
    PROC_EOF,       /* the engine closed its output or died */
    PROC_ABORTED    /* the referee was told to stop (signal) */
} ProcStatus;

typedef struct MatchProc {
    pid_t pid;          /* 0 when not running or already reaped */
    int to_fd, from_fd; /* -1 when closed */
    char *rbuf;         /* bytes read but not yet consumed */
    size_t rlen, rcap;
    bool eof;
    int wait_status;    /* from waitpid, once reaped */
    FILE *log;          /* transcript of the traffic, or NULL */
    char tag;           /* 'A' or 'B' in the transcript */
} MatchProc;

/* Starts argv[0] (searched in PATH, or relative to dir) in directory dir
 * (NULL: the referee's), with pipes on stdin/stdout and stderr on stderr_fd
 * (-1: /dev/null). False with a message in err when it cannot be run. */
bool match_proc_start(MatchProc *p, char *const argv[], const char *dir, int stderr_fd, char *err,
                      size_t errlen);
/* Writes one line (the newline added); false when the engine is gone. */
bool match_proc_send(MatchProc *p, const char *line);
/* The next line the engine prints (control characters dropped, tabs made
 * spaces), waiting until deadline_ns (a clock_ns() value, 0 = forever):
 * PROC_OK with the line, else PROC_TIMEOUT, PROC_EOF (nothing more will
 * come; a last line without its newline still comes first) or
 * PROC_ABORTED. A line longer than 1 MiB is PROC_EOF: garbage. */
ProcStatus match_proc_read_line(MatchProc *p, int64_t deadline_ns, Buf *line);
/* Sends quit_line (NULL: none), gives the engine grace_ns to exit, then
 * kills its process group and reaps it. Safe to call twice. */
void match_proc_stop(MatchProc *p, const char *quit_line, int64_t grace_ns);
/* Kills the engine's process group at once and reaps it. */
void match_proc_kill(MatchProc *p);
/* "exit 3", "signal 9" or "running" for messages. */
void match_proc_describe_exit(const MatchProc *p, char *out, size_t n);

/* Called from a signal handler: every wait in this module returns
 * PROC_ABORTED from now on. */
void match_proc_request_abort(void);
bool match_proc_aborted(void);

/* Self-check: true when the calling process has no child left (running
 * or zombie); otherwise says so on stderr. */
bool match_proc_no_children(const char *who);

/* Marks fd close-on-exec, so engines never inherit the referee's pipes. */
void match_proc_cloexec(int fd);

/* Writes all n bytes to fd, across short writes and EINTR; false on an
 * error or a closed pipe (SIGPIPE is ignored by the referee). */
bool match_proc_write_all(int fd, const char *s, size_t n);

#endif
