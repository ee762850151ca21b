/*
 * sgf.c - the SGF reader. Iterative (no recursion), bounded in nodes and
 * set-up points, so any byte sequence is safe to feed it.
 */
#include "sgf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

typedef struct Parser {
    const char *s;
    size_t len, i;
    SgfGame *g;
} Parser;

static int peek(Parser *p)
{
    while (p->i < p->len && isspace((unsigned char)p->s[p->i]))
        p->i++;
    return p->i < p->len ? (unsigned char)p->s[p->i] : -1;
}

/* One [value]; escapes are kept undecoded except that "\]" does not end it. */
static bool read_value(Parser *p, char *out, size_t cap)
{
    if (peek(p) != '[')
        return false;
    p->i++;
    size_t n = 0;
    while (p->i < p->len && p->s[p->i] != ']') {
        if (p->s[p->i] == '\\' && p->i + 1 < p->len)
            p->i++;
        if (n + 1 < cap)
            out[n++] = p->s[p->i];
        p->i++;
    }
    if (p->i >= p->len)
        return false;
    p->i++;
    out[n] = '\0';
    return true;
}

static int coord_value(char ch)
{
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a';
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A' + 26;
    return -1;
}

char sgf_letter(int v) { return (char)(v < 26 ? 'a' + v : 'A' + v - 26); }

static bool parse_point(const char *v, SgfPoint *pt)
{
    if (v[0] == '\0') {
        pt->x = pt->y = -1;
        return true;
    }
    int x = coord_value(v[0]), y = v[0] ? coord_value(v[1]) : -1;
    if (x < 0 || y < 0 || v[2] != '\0')
        return false;
    pt->x = (int8_t)x;
    pt->y = (int8_t)y;
    return true;
}

static bool add_setup(SgfGame *g, SgfNode *node, SgfPoint pt, int value)
{
    if (g->nsetup >= SGF_MAX_SETUP)
        return false;
    if (node->setup_count == 0)
        node->setup_first = g->nsetup;
    g->setup[g->nsetup++] = (SgfSetup){pt, (int8_t)value};
    node->setup_count++;
    return true;
}

/* AB/AW/AE value: a point or a compressed rectangle "aa:cc". */
static bool parse_setup_value(SgfGame *g, SgfNode *node, const char *v, int value)
{
    const char *colon = strchr(v, ':');
    if (!colon) {
        SgfPoint pt;
        return parse_point(v, &pt) && pt.x >= 0 && add_setup(g, node, pt, value);
    }
    char a[3] = {0}, b[3] = {0};
    if (colon - v != 2 || strlen(colon + 1) != 2)
        return false;
    memcpy(a, v, 2);
    memcpy(b, colon + 1, 2);
    SgfPoint p1, p2;
    if (!parse_point(a, &p1) || !parse_point(b, &p2) || p1.x > p2.x || p1.y > p2.y)
        return false;
    for (int y = p1.y; y <= p2.y; y++)
        for (int x = p1.x; x <= p2.x; x++)
            if (!add_setup(g, node, (SgfPoint){(int8_t)x, (int8_t)y}, value))
                return false;
    return true;
}

static bool parse_number(const char *v, int *out)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (end == v || *end || n < 0 || n > 1000)
        return false;
    *out = (int)n;
    return true;
}

static bool apply_property(Parser *p, SgfNode *node, const char *id, const char *v)
{
    SgfGame *g = p->g;
    if (strcmp(id, "B") == 0 || strcmp(id, "W") == 0) {
        if (node->color >= 0)
            return false; /* two moves in one node */
        node->color = id[0] == 'B' ? BLACK : WHITE;
        return parse_point(v, &node->move);
    }
    if (strcmp(id, "AB") == 0)
        return parse_setup_value(g, node, v, CELL_BLACK);
    if (strcmp(id, "AW") == 0)
        return parse_setup_value(g, node, v, CELL_WHITE);
    if (strcmp(id, "AE") == 0)
        return parse_setup_value(g, node, v, CELL_EMPTY);
    if (strcmp(id, "PL") == 0) {
        if (v[0] == 'B' || v[0] == 'b')
            node->pl = BLACK;
        else if (v[0] == 'W' || v[0] == 'w')
            node->pl = WHITE;
        else
            return false;
        return true;
    }
    if (strcmp(id, "V") == 0) {
        /* A value that is not a number is left out, not an error: nothing
         * but the tuner reads it. */
        char *end;
        const double x = strtod(v, &end);
        node->has_value = end != v && !*end && x > -1e6 && x < 1e6;
        node->value = node->has_value ? x : 0;
        return true;
    }
    if (strcmp(id, "GM") == 0)
        return parse_number(v, &g->gm);
    if (strcmp(id, "SZ") == 0)
        return parse_number(v, &g->size) && g->size <= SGF_MAX_SIZE;
    if (strcmp(id, "RU") == 0) {
        strncpy(g->ru, v, sizeof g->ru - 1);
        g->ru[sizeof g->ru - 1] = '\0';
    }
    return true; /* other properties do not matter to us */
}

/* ";" followed by properties. */
static bool parse_node(Parser *p)
{
    SgfGame *g = p->g;
    if (g->nnodes >= SGF_MAX_NODES)
        return false;
    SgfNode *node = &g->nodes[g->nnodes++];
    *node = (SgfNode){.color = -1, .pl = -1};
    p->i++; /* ';' */
    for (;;) {
        int ch = peek(p);
        if (ch < 0 || !(isupper(ch) || islower(ch)))
            return true;
        char id[8];
        size_t n = 0;
        bool too_long = false;
        while (p->i < p->len && isalpha((unsigned char)p->s[p->i])) {
            char c = p->s[p->i++];
            if (!isupper((unsigned char)c))
                continue; /* FF[3] long names: only capitals count */
            if (n + 1 < sizeof id)
                id[n++] = c;
            else
                too_long = true;
        }
        id[n] = '\0';
        if (peek(p) != '[')
            return false;
        char v[128];
        while (peek(p) == '[') {
            if (!read_value(p, v, sizeof v))
                return false;
            if (!too_long && n > 0 && !apply_property(p, node, id, v))
                return false;
        }
    }
}

bool sgf_parse(const char *text, size_t len, SgfGame *out)
{
    Parser p = {text, len, 0, out};
    out->gm = out->size = 0;
    out->ru[0] = '\0';
    out->nnodes = out->nsetup = 0;
    if (peek(&p) != '(')
        return false;
    /* The main line: nodes in order, entering the first variation at each
     * branch; the first ')' ends it. */
    for (;;) {
        int ch = peek(&p);
        if (ch == '(')
            p.i++;
        else if (ch == ';') {
            if (!parse_node(&p))
                return false;
        } else if (ch == ')')
            return out->nnodes > 0;
        else
            return false;
    }
}
