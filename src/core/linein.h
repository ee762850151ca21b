/*
 * linein.h - protocol input: lines of any length from a file descriptor or
 * from memory, read into our own buffer so that a front end can look at
 * what has arrived while it thinks (without blocking) and still read the
 * same lines, in order, afterwards.
 *
 * A line ends at LF, CR LF or a lone CR (hosts use all three). The front
 * ends read through frame.h, which holds one of these; the fuzzers too.
 */
#ifndef FLIPFIVE_LINEIN_H
#define FLIPFIVE_LINEIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct LineInput {
    int fd;                 /* -1 when reading from memory */
    const char *mem;        /* memory source and its remaining length */
    size_t mem_len;
    char *buf;              /* unread bytes are buf[start..len) */
    size_t start, len, cap;
    bool eof;
} LineInput;

enum { LINEIN_HEAD = 64 };  /* bytes kept of a line that is too long */

void linein_init_fd(LineInput *in, int fd);
void linein_init_mem(LineInput *in, const char *data, size_t len);
void linein_free(LineInput *in);

/* The next line, without its end, NUL-terminated in a fresh allocation;
 * NULL at EOF. A line longer than max_line is skipped to its end and
 * *too_long set; what is returned then is its first LINEIN_HEAD - 1 bytes.
 * EOF in the middle of a line ends that line. */
char *linein_next(LineInput *in, size_t max_line, bool *too_long);

/* Reads what has arrived, without blocking; does nothing once more than
 * max_backlog bytes wait (a host flooding us must not grow the buffer). */
void linein_peek(LineInput *in, size_t max_backlog);

/* What a LineScan visitor answers for one complete buffered line: bit
 * LINE_DROP removes it from the input, LINE_STOP ends the scan. */
enum { LINE_KEEP = 0, LINE_DROP = 1, LINE_STOP = 2 };
typedef int (*LineScan)(void *arg, const char *line, size_t len);

/* Shows every complete buffered line (without its end) to scan, oldest
 * first, until one answers LINE_STOP. */
void linein_scan(LineInput *in, LineScan scan, void *arg);

/* The host closed the other end of out: nobody reads our replies (a
 * front end stops thinking then). */
bool linein_host_gone(FILE *out);

#endif
