/*
 * pisk_board.c - the stone lines of BOARD-like commands, read up to DONE
 * (END ends the loop; a bad line is kept as the ERROR to answer, after
 * the block is read), and the number parser of the command modules.
 */
#include "pisk_board.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gomocup.h"

/* A whole decimal integer. */
bool pisk_parse_long(const char *s, long *out)
{
    if (!*s)
        return false;
    errno = 0;
    char *end;
    long v = strtol(s, &end, 10);
    if (*end || errno == ERANGE)
        return false;
    *out = v;
    return true;
}

bool pisk_is_done(const char *line)
{
    while (*line == ' ')
        line++;
    size_t n = strlen(line);
    while (n > 0 && line[n - 1] == ' ')
        n--;
    return n == 4 && strncasecmp(line, "DONE", 4) == 0;
}

bool pisk_is_end(const char *line)
{
    while (*line == ' ')
        line++;
    return strncasecmp(line, "END", 3) == 0 && (line[3] == '\0' || line[3] == ' ');
}

static void bad_line(PiskBoard *b, const char *fmt, const char *text)
{
    if (!b->error[0])
        snprintf(b->error, sizeof b->error, fmt, text);
}

/* One stone line: "x,y,f", or "x,y" where the field may be absent. */
static void board_line(Pisk *p, PiskBoard *b, const char *line, bool fields_required)
{
    const char *end;
    Move cell = MOVE_NONE;
    XyStatus st = gomocup_parse_xy(line, p->engine->size, &cell, &end);
    long field = 0;
    if (st == XY_SYNTAX || (*end && *end != ',') || (!*end && fields_required) ||
        (*end == ',' && (!pisk_parse_long(end + 1 + strspn(end + 1, " "), &field) || field < 1 || field > 3))) {
        bad_line(b, "ERROR bad line '%.40s'", line);
        return;
    }
    if (st == XY_OFF_BOARD) {
        bad_line(b, "ERROR bad coordinates '%.40s'", line);
        return;
    }
    if (field == 3)
        return; /* a winning-line or forbidden marker, not a stone */
    for (int i = 0; i < b->n; i++)
        if (b->stones[i].cell == cell) {
            bad_line(b, "ERROR occupied '%.40s'", line);
            return;
        }
    if (b->n < MAX_CELLS)
        b->stones[b->n++] = (PiskStone){cell, (int)field};
}

bool pisk_read_board(Pisk *p, PiskBoard *b, bool fields_required)
{
    b->n = 0;
    b->error[0] = '\0';
    for (;;) {
        char *line = pisk_read_line(p);
        if (!line || pisk_is_end(line)) {
            free(line);
            p->quit = true;
            return false;
        }
        bool done = pisk_is_done(line);
        if (!done && line[strspn(line, " ")])
            board_line(p, b, line, fields_required);
        free(line);
        if (done)
            return true;
    }
}
