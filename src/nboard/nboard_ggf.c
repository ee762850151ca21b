/*
 * nboard_ggf.c - reading NBoard's GGF: TAG[value] pairs between "(;" and
 * ";)", of which flipfive needs GM, BO, B, W and the clocks TI, TB, TW.
 * Other tags (PC, DT, PB, PW, RE, TY, RB, RW, KB, KW, KM, CO, ...) are
 * skipped, as the protocol asks of an engine.
 */
#include "nboard_ggf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "coord.h"
#include "util.h"

enum { MAX_TAG = 8, MAX_VALUE = 4096 };

/* ------------------------------------------------------------ values */

/* A number of seconds, a plain decimal or in Java's form (1.0E-4). */
static bool seconds(const char *s, double *out)
{
    if (!*s) {
        *out = 0;
        return true;
    }
    return parse_double(s, out) && *out >= 0 && *out < 1e9;
}

/* "[[h:]m:]s": seconds. */
static bool clock_time(const char *s, double *out)
{
    double parts[3];
    int n = 0;
    char buf[64];
    if (strlen(s) >= sizeof buf)
        return false;
    strcpy(buf, s);
    for (char *p = buf, *colon; n < 3; p = colon + 1) {
        colon = strchr(p, ':');
        if (colon)
            *colon = '\0';
        if (!seconds(p, &parts[n++]) || !*p)
            return false;
        if (!colon)
            break;
        if (n == 3)
            return false;
    }
    *out = 0;
    for (int i = 0; i < n; i++)
        *out = *out * 60 + parts[i];
    return true;
}

bool ggf_clock(const char *text, double *main_s, double *inc_s)
{
    char buf[128];
    if (strlen(text) >= sizeof buf)
        return false;
    strcpy(buf, text);
    char *inc = strchr(buf, '/');
    if (inc)
        *inc++ = '\0';
    char *grace = inc ? strchr(inc, '/') : NULL;
    if (grace)
        *grace = '\0'; /* the grace period is not time to plan with */
    *inc_s = 0;
    return clock_time(buf, main_s) && (!inc || !*inc || clock_time(inc, inc_s));
}

bool ggf_move_item(const char *item, int size, Move *m, double *secs)
{
    char mv[8];
    const size_t n = strcspn(item, "/");
    if (n == 0 || n >= sizeof mv)
        return false;
    memcpy(mv, item, n);
    mv[n] = '\0';
    *secs = 0;
    if (strcasecmp(mv, "PA") == 0 || strcasecmp(mv, "PASS") == 0 || strcasecmp(mv, "PAS") == 0 ||
        strcasecmp(mv, "P") == 0 || strcmp(mv, "--") == 0)
        *m = MOVE_PASS;
    else if ((*m = coord_parse(mv, size, COORDS_OTHELLO)) < 0)
        return false;
    if (!item[n])
        return true;
    /* The eval is the mover's business; only the time counts here. */
    const char *time = strchr(item + n + 1, '/');
    if (!time)
        return true;
    return !strchr(time + 1, '/') && seconds(time + 1, secs);
}

/* BO[8 <size*size squares> <mover>]: '*' black, 'O' white, '-' empty;
 * blanks between squares are skipped. */
static bool board(const char *v, GgfGame *g, char *why)
{
    char *end;
    long size = strtol(v, &end, 10);
    if (end == v || size < 1 || size > MAX_BOARD) {
        snprintf(why, GGF_ERROR_LEN, "BO: bad board size");
        return false;
    }
    const char *s = end;
    int n = 0;
    for (; *s && n < size * size; s++) {
        const char ch = *s;
        if (ch == ' ')
            continue;
        if (ch == '*' || ch == 'x' || ch == 'X' || ch == '#')
            g->cells[n++] = CELL_BLACK;
        else if (ch == 'O' || ch == 'o')
            g->cells[n++] = CELL_WHITE;
        else if (ch == '-' || ch == '.')
            g->cells[n++] = CELL_EMPTY;
        else
            break;
    }
    s += strspn(s, " ");
    const char mover = *s;
    if (n != size * size || !(mover == '*' || mover == 'O' || mover == 'x' || mover == 'o') ||
        s[1 + strspn(s + 1, " ")]) {
        snprintf(why, GGF_ERROR_LEN, "BO: expected %ld squares of * O - and the side to move", size * size);
        return false;
    }
    g->size = (int)size;
    g->side = mover == '*' || mover == 'x' ? BLACK : WHITE;
    g->has_board = true;
    return true;
}

/* ------------------------------------------------------------- tags */

/* One TAG[value] of the record; *s moved past it. */
static bool tag(const char **s, char *name, char *value, char *why)
{
    const char *p = *s;
    size_t n = 0;
    while (isupper((unsigned char)*p) && n < MAX_TAG - 1)
        name[n++] = *p++;
    name[n] = '\0';
    if (n == 0 || *p != '[') {
        snprintf(why, GGF_ERROR_LEN, "expected TAG[value] at '%.12s'", *s);
        return false;
    }
    size_t k = 0;
    for (p++; *p && *p != ']'; p++) {
        if (*p == '\\' && p[1])
            p++;
        if (k >= MAX_VALUE - 1) {
            snprintf(why, GGF_ERROR_LEN, "%s value too long", name);
            return false;
        }
        value[k++] = *p;
    }
    value[k] = '\0';
    if (*p != ']') {
        snprintf(why, GGF_ERROR_LEN, "%s[ without ]", name);
        return false;
    }
    *s = p + 1;
    return true;
}

static bool move_tag(GgfGame *g, int color, const char *v, char *why)
{
    if (g->nmoves >= MAX_GAME_PLY) {
        snprintf(why, GGF_ERROR_LEN, "too many moves");
        return false;
    }
    GgfMove *m = &g->moves[g->nmoves];
    /* The board size is known by now: NBoard writes BO before the moves. */
    if (!ggf_move_item(v, g->size, &m->move, &m->secs)) {
        snprintf(why, GGF_ERROR_LEN, "bad move %c[%.20s]", color == BLACK ? 'B' : 'W', v);
        return false;
    }
    m->color = color;
    g->nmoves++;
    return true;
}

static bool clock_tag(GgfGame *g, const char *name, const char *v, char *why)
{
    double main_s, inc_s;
    if (!ggf_clock(v, &main_s, &inc_s)) {
        snprintf(why, GGF_ERROR_LEN, "bad clock %s[%.20s]", name, v);
        return false;
    }
    for (int c = BLACK; c <= WHITE; c++)
        if (name[1] == 'I' || (name[1] == 'B') == (c == BLACK)) {
            g->clock_s[c] = main_s;
            g->inc_s[c] = inc_s;
        }
    g->clocked = true;
    return true;
}

static bool apply_tag(GgfGame *g, const char *name, const char *v, char *why)
{
    if (strcmp(name, "GM") == 0 && strcasecmp(v, "Othello") != 0) {
        snprintf(why, GGF_ERROR_LEN, "GM[%.20s] is not Othello", v);
        return false;
    }
    if (strcmp(name, "BO") == 0)
        return !g->nmoves ? board(v, g, why) : (snprintf(why, GGF_ERROR_LEN, "BO after the moves"), false);
    if (strcmp(name, "B") == 0 || strcmp(name, "W") == 0)
        return move_tag(g, name[0] == 'B' ? BLACK : WHITE, v, why);
    if (strcmp(name, "TI") == 0 || strcmp(name, "TB") == 0 || strcmp(name, "TW") == 0)
        return clock_tag(g, name, v, why);
    return true;
}

bool ggf_parse(const char *text, GgfGame *g, char *why)
{
    g->size = 8;
    g->has_board = false;
    g->side = BLACK;
    g->nmoves = 0;
    g->clocked = false;
    for (int c = BLACK; c <= WHITE; c++)
        g->clock_s[c] = g->inc_s[c] = 0;
    const char *s = text + strspn(text, " ");
    if (strncmp(s, "(;", 2) != 0) {
        snprintf(why, GGF_ERROR_LEN, "a GGF game begins with (;");
        return false;
    }
    s += 2;
    char name[MAX_TAG];
    char *value = xmalloc(MAX_VALUE);
    bool ok = true;
    for (;;) {
        s += strspn(s, " ");
        if (*s == ';' || *s == ')' || !*s)
            break;
        if (!(ok = tag(&s, name, value, why) && apply_tag(g, name, value, why)))
            break;
    }
    free(value);
    if (ok && strncmp(s, ";)", 2) != 0 && *s != ')') {
        snprintf(why, GGF_ERROR_LEN, "a GGF game ends with ;)");
        ok = false;
    }
    return ok;
}
