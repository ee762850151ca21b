/*
 * gtp_commands.c - the one table of GTP commands, and the handlers of the
 * standard ones. list_commands and known_command read the table; the
 * flipfive-* and gogui-* extensions live in gtp_ext.c.
 *
 * Each handler gets its arguments already counted against the table, and
 * answers with exactly one gtp_ok or gtp_fail. A failing command leaves the
 * game exactly as it was.
 */
#include "gtp_commands.h"

#include <stdlib.h>
#include <string.h>

#include "games.h"
#include "record.h"
#include "version.h"

/* ------------------------------------------------- administrative commands */

static void cmd_protocol_version(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_ok(g, "2");
}

static void cmd_name(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_ok(g, "flipfive");
}

static void cmd_version(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_ok(g, "%s", FLIPFIVE_VERSION);
}

static void cmd_known_command(Gtp *g, int argc, char **argv)
{
    (void)argc;
    gtp_ok(g, "%s", gtp_find_command(g, argv[0]) ? "true" : "false");
}

static void cmd_list_commands(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    Buf b = {0};
    for (const GtpCommand *c = g->commands; c->name; c++)
        buf_printf(&b, "%s%s", c == g->commands ? "" : "\n", c->name);
    gtp_ok(g, "%s", buf_str(&b));
    buf_free(&b);
}

static void cmd_quit(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_ok(g, "%s", "");
    g->quit = true;
}

/* ------------------------------------------------------------ board setup */

static void cmd_boardsize(Gtp *g, int argc, char **argv)
{
    (void)argc;
    long n;
    if (!gtp_parse_int(argv[0], 0, 1000000, &n))
        gtp_fail(g, "syntax error");
    else if (!engine_boardsize(g->engine, (int)n))
        gtp_fail(g, "unacceptable size");
    else
        gtp_ok(g, "%s", "");
}

static void cmd_clear_board(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    engine_clear(g->engine);
    gtp_ok(g, "%s", "");
}

static void cmd_komi(Gtp *g, int argc, char **argv)
{
    (void)argc;
    double k;
    if (!gtp_parse_float(argv[0], &k)) {
        gtp_fail(g, "syntax error");
        return;
    }
    g->engine->komi = k; /* no game of ours uses komi; hosts send it anyway */
    gtp_ok(g, "%s", "");
}

static void cmd_list_games(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    Buf b = {0};
    for (int i = 0; i < game_count(); i++)
        buf_printf(&b, "%s%s", i ? "\n" : "", game_name(i));
    gtp_ok(g, "%s", buf_str(&b));
    buf_free(&b);
}

static void cmd_set_game(Gtp *g, int argc, char **argv)
{
    (void)argc;
    if (!engine_set_game(g->engine, argv[0]))
        gtp_fail(g, "unsupported game");
    else
        gtp_ok(g, "%s", "");
}

/* ------------------------------------------------------------------ moves */

static void cmd_play(Gtp *g, int argc, char **argv)
{
    (void)argc;
    int color;
    Move m;
    bool syntax_ok;
    if (!gtp_parse_color(argv[0], &color)) {
        gtp_fail(g, "syntax error");
        return;
    }
    if (!gtp_parse_vertex(g, argv[1], &m, &syntax_ok)) {
        gtp_fail(g, "%s", syntax_ok ? "illegal move" : "syntax error");
        return;
    }
    if (engine_play(g->engine, color, m) != PLAY_OK)
        gtp_fail(g, "illegal move");
    else
        gtp_ok(g, "%s", "");
}

static void generate(Gtp *g, char **argv, bool commit)
{
    int color;
    Move m;
    if (!gtp_parse_color(argv[0], &color)) {
        gtp_fail(g, "syntax error");
        return;
    }
    Engine *e = g->engine;
    g->interrupted = false;
    e->observe = gtp_gfx_observer(g);
    e->observe_arg = g;
    const PlayStatus st = engine_genmove(e, color, commit, &m);
    if (e->observe)
        gtp_gfx_clear(g);
    e->observe = NULL;
    if (st == PLAY_WRONG_COLOR) {
        gtp_fail(g, "wrong color");
        return;
    }
    g->interrupted = false;
    char v[8];
    engine_format_vertex(g->engine, m, v);
    gtp_ok(g, "%s", v);
}

static void cmd_genmove(Gtp *g, int argc, char **argv)
{
    (void)argc;
    generate(g, argv, true);
}

static void cmd_reg_genmove(Gtp *g, int argc, char **argv)
{
    (void)argc;
    generate(g, argv, false);
}

static void cmd_undo(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    if (!engine_undo(g->engine))
        gtp_fail(g, "cannot undo");
    else
        gtp_ok(g, "%s", "");
}

/* -------------------------------------------------------- game and clocks */

static void cmd_showboard(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    Buf b = {0};
    engine_showboard(g->engine, &b);
    gtp_ok(g, "\n%s", buf_str(&b));
    buf_free(&b);
}

static void cmd_final_score(Gtp *g, int argc, char **argv)
{
    (void)argc, (void)argv;
    Buf b = {0};
    if (engine_final_score(g->engine, &b))
        gtp_ok(g, "%s", buf_str(&b));
    else
        gtp_fail(g, "cannot score");
    buf_free(&b);
}

/* Seconds as GTP gives them (integers, but fractions are harmless). */
static bool parse_seconds(const char *s, double *out)
{
    return gtp_parse_float(s, out) && *out < 1e9;
}

static void cmd_time_settings(Gtp *g, int argc, char **argv)
{
    (void)argc;
    double main_s, byo_s;
    long stones;
    if (!parse_seconds(argv[0], &main_s) || !parse_seconds(argv[1], &byo_s) ||
        !gtp_parse_int(argv[2], 0, 1000000, &stones) || main_s < 0 || byo_s < 0) {
        gtp_fail(g, "syntax error");
        return;
    }
    tc_settings(&g->engine->tc, main_s, byo_s, (int)stones);
    gtp_ok(g, "%s", "");
}

static void cmd_time_left(Gtp *g, int argc, char **argv)
{
    (void)argc;
    int color;
    double secs;
    long stones;
    if (!gtp_parse_color(argv[0], &color) || !parse_seconds(argv[1], &secs) ||
        !gtp_parse_int(argv[2], 0, 1000000, &stones)) {
        gtp_fail(g, "syntax error");
        return;
    }
    /* A negative time means the host thinks we are out of time: hurry. */
    tc_left(&g->engine->tc, color, secs, (int)stones);
    gtp_ok(g, "%s", "");
}

/* ------------------------------------------------------------ game records */

static void cmd_loadsgf(Gtp *g, int argc, char **argv)
{
    long upto = 0;
    if (argc > 1 && !gtp_parse_int(argv[1], 1, 1000000, &upto)) {
        gtp_fail(g, "syntax error");
        return;
    }
    char why[128];
    if (g->sandbox && strchr(argv[0], '/'))
        gtp_fail(g, "cannot load file: outside the sandbox");
    else if (!record_load_file(g->engine, argv[0], (int)upto, why, sizeof why))
        gtp_fail(g, "cannot load file: %s", why);
    else
        gtp_ok(g, "%s", "");
}

static void cmd_printsgf(Gtp *g, int argc, char **argv)
{
    Buf b = {0};
    record_write(g->engine, &b);
    if (argc == 0) {
        gtp_ok(g, "%s", buf_str(&b));
    } else {
        FILE *f = g->sandbox ? NULL : fopen(argv[0], "w");
        bool ok = f && fwrite(b.data, 1, b.len, f) == b.len;
        if (f && fclose(f) != 0)
            ok = false;
        if (ok)
            gtp_ok(g, "%s", "");
        else
            gtp_fail(g, "cannot save file");
    }
    buf_free(&b);
}

/* ------------------------------------------------------------------ table */

const GtpCommand gtp_commands[] = {
    /* name                     handler                          args   GoGui analyze entry, games */
    {"protocol_version",        cmd_protocol_version,            0, 0, NULL, NULL, 0},
    {"name",                    cmd_name,                        0, 0, NULL, NULL, 0},
    {"version",                 cmd_version,                     0, 0, NULL, NULL, 0},
    {"known_command",           cmd_known_command,               1, 1, NULL, NULL, 0},
    {"list_commands",           cmd_list_commands,               0, 0, NULL, NULL, 0},
    {"quit",                    cmd_quit,                        0, 0, NULL, NULL, 0},
    {"boardsize",               cmd_boardsize,                   1, 1, NULL, NULL, 0},
    {"clear_board",             cmd_clear_board,                 0, 0, NULL, NULL, 0},
    {"komi",                    cmd_komi,                        1, 1, NULL, NULL, 0},
    {"play",                    cmd_play,                        2, 2, NULL, NULL, 0},
    {"genmove",                 cmd_genmove,                     1, 1, NULL, NULL, 0},
    {"reg_genmove",             cmd_reg_genmove,                 1, 1, NULL, NULL, 0},
    {"undo",                    cmd_undo,                        0, 0, NULL, NULL, 0},
    {"showboard",               cmd_showboard,                   0, 0, NULL, NULL, 0},
    {"final_score",             cmd_final_score,                 0, 0, NULL, NULL, 0},
    {"time_settings",           cmd_time_settings,               3, 3, NULL, NULL, 0},
    {"time_left",               cmd_time_left,                   3, 3, NULL, NULL, 0},
    {"loadsgf",                 cmd_loadsgf,                     1, 2, NULL, NULL, 0},
    {"printsgf",                cmd_printsgf,                    0, 1, NULL, NULL, 0},
    {"list_games",              cmd_list_games,                  0, 0, NULL, NULL, 0},
    {"set_game",                cmd_set_game,                    1, 1, NULL, NULL, 0},
    {"gogui-interrupt",         gtp_cmd_gogui_interrupt,         0, 0, NULL, NULL, 0},
    {"gogui-analyze_commands",  gtp_cmd_gogui_analyze_commands,  0, 0, NULL, NULL, 0},
    {"gogui-rules_game_id",     gtp_cmd_gogui_rules_game_id,     0, 0, NULL, NULL, 0},
    {"gogui-rules_board",       gtp_cmd_gogui_rules_board,       0, 0, NULL, NULL, 0},
    {"gogui-rules_board_size",  gtp_cmd_gogui_rules_board_size,  0, 0, NULL, NULL, 0},
    {"gogui-rules_legal_moves", gtp_cmd_gogui_rules_legal_moves, 0, 0, "plist/Legal Moves", NULL, 0},
    {"gogui-rules_side_to_move", gtp_cmd_gogui_rules_side_to_move, 0, 0, NULL, NULL, 0},
    {"gogui-rules_final_result", gtp_cmd_gogui_rules_final_result, 0, 0, "string/Result", NULL, 0},
    {"flipfive-setboard",       gtp_cmd_setboard,                2, 2, NULL, NULL, 0},
    {"flipfive-perft",          gtp_cmd_perft,                   1, 1, "string/Perft 4", "4", GTP_FOR_OTHELLO},
    {"flipfive-set",            gtp_cmd_set,                     2, 2, NULL, NULL, 0},
    {"flipfive-get",            gtp_cmd_get,                     0, 1, NULL, NULL, 0},
    {"flipfive-forbidden",      gtp_cmd_forbidden,               0, 0, "plist/Forbidden Points", NULL, GTP_FOR_RENJU},
    {"flipfive-vcf",            gtp_cmd_vcf,                     0, 1, "string/VCF", NULL, GTP_FOR_GOMOKU | GTP_FOR_RENJU},
    {"flipfive-vct",            gtp_cmd_vct,                     0, 1, "string/VCT", NULL, GTP_FOR_GOMOKU | GTP_FOR_RENJU},
    {"flipfive-solve",          gtp_cmd_solve,                   0, 1, NULL, NULL, 0},
    {"flipfive-analyze",        gtp_cmd_analyze,                 0, 2, "string/Verdict", "1", 0},
    {"flipfive-move_values",    gtp_cmd_move_values,             0, 0, "pspairs/Move Values", NULL, 0},
    {"flipfive-pv",             gtp_cmd_pv,                      0, 0, "var/Principal Variation", NULL, 0},
    {"flipfive-params",         gtp_cmd_params,                  0, 2, "param/Settings", NULL, 0},
    {"flipfive-budget",         gtp_cmd_budget,                  1, 1, NULL, NULL, 0},
    {NULL, NULL, 0, 0, NULL, NULL, 0},
};
