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
#include "settings.h"

/* ------------------------------------------------------------------ GoGui */

void gtp_cmd_gogui_interrupt(Gtp *g, int argc, char **argv)
{
    /* Listing it tells GoGui to send "# interrupt" while we think. */
    (void)argc, (void)argv;
    gtp_ok(g, "%s", "");
}

/* The entries come from the command table's analyze field, in its order,
 * for the game being played only: GoGui shows a failing command as an
 * error dialog (flipfive-vcf in Othello), and perft 4 on an open 15x15
 * board would count for an hour. */
void gtp_cmd_gogui_analyze_commands(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    const char *game = g->engine->ops->name;
    const int mask = strcmp(game, "Othello") == 0  ? GTP_FOR_OTHELLO
                     : strcmp(game, "Renju") == 0 ? GTP_FOR_RENJU
                                                  : GTP_FOR_GOMOKU;
    Buf b = {0};
    for (const GtpCommand *c = g->commands; c->name; c++) {
        if (c->analyze && (!c->analyze_games || (c->analyze_games & mask)))
            buf_printf(&b, "%s%s/%s%s%s", b.len ? "\n" : "", c->analyze, c->name,
                       c->analyze_args ? " " : "", c->analyze_args ? c->analyze_args : "");
    }
    gtp_ok(g, "%s", buf_str(&b));
    buf_free(&b);
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

void gtp_cmd_set(Gtp *g, int argc, char **argv)
{
    (void)argc;
    switch (settings_set(g->engine, argv[0], argv[1])) {
    case SETTING_UNKNOWN:
        gtp_fail(g, "unknown setting");
        break;
    case SETTING_BAD_VALUE:
        gtp_fail(g, "syntax error");
        break;
    default:
        gtp_ok(g, "%s", "");
    }
}

void gtp_cmd_get(Gtp *g, int argc, char **argv)
{
    Buf b = {0};
    if (argc == 0)
        settings_list(g->engine, &b);
    if (argc == 1 && !settings_get(g->engine, argv[0], &b))
        gtp_fail(g, "unknown setting");
    else
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
