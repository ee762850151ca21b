/*
 * gtp_ext.c - GTP extensions: GoGui's rules protocol (so GoGui can use
 * flipfive as the referee of any of its games), gogui-interrupt, and the
 * flipfive-* commands (set-up positions, perft, settings).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gtp_commands.h"

/* ------------------------------------------------------------------ GoGui */

void gtp_cmd_gogui_interrupt(Gtp *g, int argc, char **argv)
{
    /* Listing it tells GoGui to send "# interrupt" while we think. */
    (void)argc, (void)argv;
    gtp_ok(g, "%s", "");
}

void gtp_cmd_gogui_analyze_commands(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_ok(g, "plist/Legal Moves/gogui-rules_legal_moves\n"
              "string/Final Score/final_score\n"
              "string/Perft 4/flipfive-perft 4\n"
              "plist/Forbidden Points (Renju)/flipfive-forbidden\n"
              "string/VCF/flipfive-vcf\n"
              "string/VCT/flipfive-vct");
}

void gtp_cmd_gogui_rules_game_id(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_ok(g, "%s", g->engine->ops->name);
}

void gtp_cmd_gogui_rules_board(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    static const char STONE[3] = {'.', 'X', 'O'};
    const Engine *e = g->engine;
    Buf b = {0};
    for (int r = 0; r < e->size; r++) {
        for (int c = 0; c < e->size; c++)
            buf_printf(&b, "%s%c", c ? " " : "", STONE[e->ops->cell(e->pos, r * e->size + c)]);
        if (r + 1 < e->size)
            buf_printf(&b, "\n");
    }
    gtp_ok(g, "%s", buf_str(&b));
    buf_free(&b);
}

void gtp_cmd_gogui_rules_board_size(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_ok(g, "%d", g->engine->size);
}

void gtp_cmd_gogui_rules_legal_moves(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    Buf b = {0};
    engine_legal_moves(g->engine, &b);
    gtp_ok(g, "%s", buf_str(&b));
    buf_free(&b);
}

void gtp_cmd_gogui_rules_side_to_move(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    const Engine *e = g->engine;
    gtp_ok(g, "%s", e->ops->side_to_move(e->pos) == BLACK ? "black" : "white");
}

void gtp_cmd_gogui_rules_final_result(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    Buf b = {0};
    if (!engine_final_score(g->engine, &b))
        gtp_ok(g, "Game not over");
    else if (strcmp(buf_str(&b), "0") == 0)
        gtp_ok(g, "Draw");
    else
        gtp_ok(g, "%s wins (%s)", buf_str(&b)[0] == 'B' ? "Black" : "White", buf_str(&b));
    buf_free(&b);
}

/* ------------------------------------------------------- flipfive-setboard */

static int cell_of_char(char ch)
{
    switch (ch) {
    case 'X': case 'x': case '*': return CELL_BLACK;
    case 'O': case 'o': return CELL_WHITE;
    case '-': case '.': return CELL_EMPTY;
    default: return -1;
    }
}

/* CELLS: one character per cell, row-major from the top row (the OBF board
 * of the FFO files on 8x8); SIDE: X, O, b, w, black or white. */
void gtp_cmd_setboard(Gtp *g, int argc, char **argv)
{
    (void)argc;
    Engine *e = g->engine;
    size_t len = strlen(argv[0]);
    int size = 0, side;
    while ((size_t)(size + 1) * (size_t)(size + 1) <= len)
        size++;
    const char *s = argv[1];
    if (strcasecmp(s, "X") == 0)
        side = BLACK;
    else if (strcasecmp(s, "O") == 0)
        side = WHITE;
    else if (!gtp_parse_color(s, &side)) {
        gtp_fail(g, "syntax error");
        return;
    }
    if ((size_t)size * (size_t)size != len || size > MAX_BOARD) {
        gtp_fail(g, "syntax error");
        return;
    }
    int8_t cells[MAX_CELLS];
    for (int i = 0; i < size * size; i++) {
        int v = cell_of_char(argv[0][i]);
        if (v < 0) {
            gtp_fail(g, "syntax error");
            return;
        }
        cells[i] = (int8_t)v;
    }
    if (!engine_setup(e, size, cells, side))
        gtp_fail(g, "illegal position");
    else
        gtp_ok(g, "%s", "");
}

/* ---------------------------------------------------------- flipfive-perft */

enum { PERFT_MAX_DEPTH = 30 };

void gtp_cmd_perft(Gtp *g, int argc, char **argv)
{
    (void)argc;
    long depth;
    if (!gtp_parse_int(argv[0], 0, PERFT_MAX_DEPTH, &depth)) {
        gtp_fail(g, "syntax error");
        return;
    }
    if (!engine_perft_affordable(g->engine, (int)depth)) {
        gtp_fail(g, "too deep for the node budget");
        return;
    }
    gtp_ok(g, "%llu", (unsigned long long)engine_perft(g->engine, (int)depth));
}

/* --------------------------------------------------- flipfive-set and -get */

typedef struct Setting {
    const char *name;
    bool (*set)(Engine *e, const char *value);
    void (*get)(const Engine *e, Buf *out);
} Setting;

static bool set_level(Engine *e, const char *v)
{
    long n;
    if (!gtp_parse_int(v, LEVEL_MIN, LEVEL_MAX, &n))
        return false;
    e->set.level = (int)n;
    return true;
}

static void get_level(const Engine *e, Buf *out) { buf_printf(out, "%d", e->set.level); }

static bool set_depth(Engine *e, const char *v)
{
    long n;
    if (!gtp_parse_int(v, 0, MAX_PLY - 2, &n))
        return false;
    e->set.depth = (int)n;
    return true;
}

static void get_depth(const Engine *e, Buf *out) { buf_printf(out, "%d", e->set.depth); }

static bool set_nodes(Engine *e, const char *v)
{
    long n;
    if (!gtp_parse_int(v, 0, 4000000000000000000L, &n))
        return false;
    e->set.nodes = (uint64_t)n;
    return true;
}

static void get_nodes(const Engine *e, Buf *out) { buf_printf(out, "%llu", (unsigned long long)e->set.nodes); }

static bool set_movetime(Engine *e, const char *v)
{
    double t;
    if (!gtp_parse_float(v, &t) || t < 0 || t > 1e6)
        return false;
    e->set.movetime = t;
    return true;
}

static void get_movetime(const Engine *e, Buf *out) { buf_printf(out, "%g", e->set.movetime); }

static bool set_hash(Engine *e, const char *v)
{
    long mb;
    return gtp_parse_int(v, 1, 65536, &mb) && engine_set_hash(e, (size_t)mb);
}

static void get_hash(const Engine *e, Buf *out) { buf_printf(out, "%zu", e->set.hash_mb); }

static bool set_coords(Engine *e, const char *v)
{
    if (strcasecmp(v, "auto") == 0)
        e->set.coords = COORDS_AUTO;
    else if (strcasecmp(v, "othello") == 0)
        e->set.coords = COORDS_OTHELLO;
    else if (strcasecmp(v, "go") == 0 || strcasecmp(v, "gtp") == 0)
        e->set.coords = COORDS_GO;
    else
        return false;
    return true;
}

static void get_coords(const Engine *e, Buf *out)
{
    static const char *const NAMES[] = {"auto", "othello", "go"};
    buf_printf(out, "%s", NAMES[e->set.coords + 1]);
}

static bool set_verbose(Engine *e, const char *v)
{
    if (strcmp(v, "1") == 0 || strcasecmp(v, "true") == 0 || strcasecmp(v, "on") == 0)
        e->set.verbose = true;
    else if (strcmp(v, "0") == 0 || strcasecmp(v, "false") == 0 || strcasecmp(v, "off") == 0)
        e->set.verbose = false;
    else
        return false;
    return true;
}

static void get_verbose(const Engine *e, Buf *out) { buf_printf(out, "%d", e->set.verbose); }

/* Gomoku's rule: freestyle (five or more wins) or standard (exactly five).
 * Changing it restarts a Gomoku game in progress; other games keep theirs. */
static const char *const RULES[] = {"freestyle", "standard"};

static bool set_rule(Engine *e, const char *v)
{
    int rule = -1;
    for (int i = 0; i < 2; i++)
        if (strcasecmp(v, RULES[i]) == 0)
            rule = i;
    if (rule < 0)
        return false;
    if (strcasecmp(game_name(e->game), "Gomoku") == 0 && e->variant != rule &&
        !engine_set_variant(e, rule))
        return false;
    e->set.rule = rule;
    return true;
}

static void get_rule(const Engine *e, Buf *out) { buf_printf(out, "%s", RULES[e->set.rule & 1]); }

static const Setting SETTINGS[] = {
    {"level", set_level, get_level},
    {"depth", set_depth, get_depth},
    {"nodes", set_nodes, get_nodes},
    {"movetime", set_movetime, get_movetime},
    {"hash", set_hash, get_hash},
    {"coords", set_coords, get_coords},
    {"verbose", set_verbose, get_verbose},
    {"rule", set_rule, get_rule},
};

enum { NSETTINGS = sizeof SETTINGS / sizeof SETTINGS[0] };

static const Setting *find_setting(const char *name)
{
    for (int i = 0; i < NSETTINGS; i++)
        if (strcasecmp(SETTINGS[i].name, name) == 0)
            return &SETTINGS[i];
    return NULL;
}

/* Used by main.c for the matching command-line options, too. */
bool gtp_apply_setting(Engine *e, const char *name, const char *value)
{
    const Setting *s = find_setting(name);
    return s && s->set(e, value);
}

void gtp_cmd_set(Gtp *g, int argc, char **argv)
{
    (void)argc;
    const Setting *s = find_setting(argv[0]);
    if (!s)
        gtp_fail(g, "unknown setting");
    else if (!s->set(g->engine, argv[1]))
        gtp_fail(g, "syntax error");
    else
        gtp_ok(g, "%s", "");
}

void gtp_cmd_get(Gtp *g, int argc, char **argv)
{
    Buf b = {0};
    if (argc == 1) {
        const Setting *s = find_setting(argv[0]);
        if (!s) {
            gtp_fail(g, "unknown setting");
            return;
        }
        s->get(g->engine, &b);
    } else {
        for (int i = 0; i < NSETTINGS; i++) {
            buf_printf(&b, "%s%s ", i ? "\n" : "", SETTINGS[i].name);
            SETTINGS[i].get(g->engine, &b);
        }
    }
    gtp_ok(g, "%s", buf_str(&b));
    buf_free(&b);
}

/* flipfive-budget COLOR: the next genmove's time budget, aim and hard
 * limit in seconds (0 0: no limit). */
void gtp_cmd_budget(Gtp *g, int argc, char **argv)
{
    (void)argc;
    int color;
    if (!gtp_parse_color(argv[0], &color)) {
        gtp_fail(g, "syntax error");
        return;
    }
    const TimeBudget b = engine_time_budget(g->engine, color);
    gtp_ok(g, "%.3f %.3f", (double)b.soft_ns / 1e9, (double)b.hard_ns / 1e9);
}
