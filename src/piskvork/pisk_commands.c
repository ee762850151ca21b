/*
 * pisk_commands.c - the one table of Piskvork commands and the handlers of
 * the board commands. Thinking is in pisk_think.c, the swap2 opening in
 * pisk_swap2.c, INFO in pisk_info.c, the reading of BOARD blocks in
 * pisk_board.c.
 *
 * A command that fails answers "ERROR reason" and leaves the game exactly
 * as it was; a command that owes a move answers it with exactly one line.
 */
#include "pisk_commands.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games.h"
#include "gomocup.h"
#include "pisk_board.h"
#include "pisk_info.h"
#include "pisk_swap2.h"
#include "pisk_think.h"
#include "version.h"

/* ---------------------------------------------------------------- helpers */

/* An empty board of this size under the rule of INFO rule. */
static bool start_board(Pisk *p, long size)
{
    if (size < 1 || size > MAX_BOARD ||
        !engine_new_game(p->engine, p->info.game, p->info.variant, (int)size))
        return false;
    p->started = true;
    p->own = -1;
    return true;
}

/* One point as the whole argument: "x,y", spaces allowed. */
static bool parse_point(Pisk *p, const char *args, Move *cell)
{
    const char *end;
    if (gomocup_parse_xy(args, p->engine->size, cell, &end) != XY_OK || *end) {
        pisk_reply(p, "ERROR bad coordinates '%.40s'", args);
        return false;
    }
    return true;
}

static bool occupied(const Engine *e, Move cell)
{
    return e->ops->cell(e->pos, cell) != CELL_EMPTY;
}

/* Why color may not play cell, as an ERROR reply. */
static void refuse_move(Pisk *p, Move cell)
{
    Engine *e = p->engine;
    char xy[8];
    gomocup_format_xy(cell, e->size, xy);
    if (occupied(e, cell))
        pisk_reply(p, "ERROR occupied %s", xy);
    else if (engine_game_over(e))
        pisk_reply(p, "ERROR game over");
    else
        pisk_reply(p, "ERROR forbidden %s", xy);
}

/* ------------------------------------------------------------ game set-up */

/* START n; also "START w h" with w = h, as older Yixin-Board sends it. */
static void cmd_start(Pisk *p, char *args)
{
    long n, h;
    char *sp = strchr(args, ' ');
    if (sp) {
        *sp++ = '\0';
        if (!pisk_parse_long(sp + strspn(sp, " "), &h) || !pisk_parse_long(args, &n) || h != n) {
            pisk_reply(p, "ERROR rectangular boards not supported");
            return;
        }
    }
    if (pisk_parse_long(args, &n) && start_board(p, n)) {
        pisk_reply(p, "OK");
        return;
    }
    const int g = p->info.game;
    const GameOps *ops = game_find(game_name(g), game_default_size(g));
    pisk_reply(p, "ERROR unsupported size (%d to %d)", ops->min_size, ops->max_size);
}

/* RECTSTART w,h: a square board is START; others are not played here. */
static void cmd_rectstart(Pisk *p, char *args)
{
    char *comma = strchr(args, ',');
    long w, h;
    if (comma) {
        *comma = '\0';
        while (*args == ' ')
            args++;
        while (comma[1] == ' ')
            comma++;
    }
    if (!comma || !pisk_parse_long(args, &w) || !pisk_parse_long(comma + 1, &h))
        pisk_reply(p, "ERROR bad size");
    else if (w != h)
        pisk_reply(p, "ERROR rectangular boards not supported");
    else
        cmd_start(p, comma + 1);
}

static void cmd_restart(Pisk *p, char *args)
{
    (void)args;
    start_board(p, p->engine->size);
    pisk_reply(p, "OK");
}

static void cmd_begin(Pisk *p, char *args)
{
    (void)args;
    if (p->engine->nhist > 0) {
        pisk_reply(p, "ERROR board not empty");
        return;
    }
    p->own = BLACK;
    pisk_think(p, 1);
}

static void cmd_turn(Pisk *p, char *args)
{
    Engine *e = p->engine;
    Move cell;
    if (!parse_point(p, args, &cell))
        return;
    /* Without a colour yet, the opponent is the side to move. */
    const int opp = p->own >= 0 ? color_other(p->own) : e->ops->side_to_move(e->pos);
    if (engine_play(e, opp, cell) != PLAY_OK) {
        refuse_move(p, cell);
        return;
    }
    p->own = color_other(opp);
    pisk_think(p, 1);
}

/* PLAY x,y: the manager's answer to a SUGGEST (which flipfive never sends):
 * our move, on that point. */
static void cmd_play(Pisk *p, char *args)
{
    Engine *e = p->engine;
    Move cell;
    if (!parse_point(p, args, &cell))
        return;
    const int own = p->own >= 0 ? p->own : e->ops->side_to_move(e->pos);
    if (engine_play(e, own, cell) != PLAY_OK) {
        refuse_move(p, cell);
        return;
    }
    p->own = own;
    char xy[8];
    gomocup_format_xy(cell, e->size, xy);
    pisk_reply(p, "%s", xy);
}

static void cmd_takeback(Pisk *p, char *args)
{
    Engine *e = p->engine;
    Move cell;
    if (!parse_point(p, args, &cell))
        return;
    if (e->nhist == 0)
        pisk_reply(p, "ERROR board is empty");
    else if (e->hist[e->nhist - 1].move != cell)
        pisk_reply(p, "ERROR not the last move");
    else {
        engine_undo(e);
        pisk_reply(p, "OK");
    }
}

/* ------------------------------------------------------------------ BOARD */

/* Why moves[bad] cannot follow the moves before it (which can), found by
 * setting them up; the game is then put back as it was. */
static void refuse_stone(Pisk *p, const EngineMove *moves, int bad)
{
    Engine *e = p->engine;
    EngineMove *old = malloc(sizeof *old * (size_t)(e->nhist + 1));
    if (!old)
        abort();
    const int nold = e->nhist;
    for (int i = 0; i < nold; i++)
        old[i] = (EngineMove){e->hist[i].color, e->hist[i].move};
    int unused;
    char xy[8];
    gomocup_format_xy(moves[bad].move, e->size, xy);
    if (bad >= MAX_GAME_PLY) {
        pisk_reply(p, "ERROR too many stones");
    } else {
        engine_set_moves(e, moves, bad, &unused);
        pisk_reply(p, "ERROR %s %s", engine_game_over(e) ? "stone after the end of the game at" : "forbidden", xy);
        engine_set_moves(e, old, nold, &unused);
    }
    free(old);
}

/* The stones as a game: our stones (field 1) and the opponent's (2) in the
 * order sent. Equal counts make us Black; one stone more for the opponent,
 * White; any other count gives the move to whoever has fewer stones. */
static bool set_board(Pisk *p, const PiskBoard *b)
{
    Engine *e = p->engine;
    int count[3] = {0, 0, 0};
    for (int i = 0; i < b->n; i++)
        count[b->stones[i].field]++;
    const int own = count[1] <= count[2] - 1 ? WHITE : BLACK;
    EngineMove moves[MAX_CELLS];
    for (int i = 0; i < b->n; i++)
        moves[i] = (EngineMove){b->stones[i].field == 1 ? own : color_other(own), b->stones[i].cell};
    int bad;
    if (engine_set_moves(e, moves, b->n, &bad)) {
        p->own = own;
        return true;
    }
    refuse_stone(p, moves, bad);
    return false;
}

/* The stone lines up to DONE as the game; with a move owed, a full board
 * is refused before it is set. */
static bool read_and_set_board(Pisk *p, bool move_owed)
{
    PiskBoard *b = malloc(sizeof *b);
    if (!b)
        abort();
    bool ok = pisk_read_board(p, b, true);
    if (ok && b->error[0])
        pisk_reply(p, "%s", b->error);
    else if (ok && move_owed && b->n >= p->engine->size * p->engine->size)
        pisk_reply(p, "ERROR no empty point");
    ok = ok && !p->io.replied && set_board(p, b);
    free(b);
    return ok;
}

static void cmd_board(Pisk *p, char *args)
{
    (void)args;
    if (read_and_set_board(p, true))
        pisk_think(p, 1);
}

/* YXBOARD: BOARD without the move (Yixin-Board sets up analysis with it). */
static void cmd_yxboard(Pisk *p, char *args)
{
    (void)args;
    read_and_set_board(p, false);
}

static void cmd_done(Pisk *p, char *args)
{
    (void)args;
    pisk_reply(p, "ERROR DONE without BOARD");
}

/* ------------------------------------------------------------- the rest */

static void cmd_end(Pisk *p, char *args)
{
    (void)args;
    p->quit = true;
}

static void cmd_about(Pisk *p, char *args)
{
    (void)args;
    pisk_reply(p, "name=\"flipfive\", version=\"%s\", author=\"the flipfive developers\", country=\"-\"",
               FLIPFIVE_VERSION);
}

/* YXSTOP with no search running: nothing to stop (c-gomoku-cli sends it
 * when a move comes late, and the move may already be on its way). */
static void cmd_stop(Pisk *p, char *args)
{
    (void)p, (void)args;
}

static void cmd_yxnbest(Pisk *p, char *args)
{
    long n;
    if (!pisk_parse_long(args, &n) || n < 1)
        pisk_reply(p, "ERROR bad number of lines");
    else
        pisk_think(p, n > SEARCH_MAX_PV ? SEARCH_MAX_PV : (int)n);
}

static void cmd_yxhashclear(Pisk *p, char *args)
{
    (void)args;
    tt_clear(p->engine->tt);
}

/* What Yixin-Board sizes its menus by: threads and the hash (2^(n-10) MB). */
static void cmd_yxshowinfo(Pisk *p, char *args)
{
    (void)args;
    int n = 10;
    while (n < 40 && ((size_t)1 << (n + 1 - 10)) <= p->engine->set.max_hash_mb)
        n++;
    pisk_line(p, "MESSAGE flipfive %s", FLIPFIVE_VERSION);
    pisk_line(p, "MESSAGE INFO MAX_THREAD_NUM 1");
    pisk_line(p, "MESSAGE INFO MAX_HASH_SIZE %d", n);
}

/* A line of points: x,y or x,y,f. */
static bool point_line(Pisk *p, const char *line)
{
    const char *end;
    Move cell;
    long f;
    XyStatus st = gomocup_parse_xy(line, p->engine->size, &cell, &end);
    return st != XY_SYNTAX && (!*end || (*end == ',' && pisk_parse_long(end + 1 + strspn(end + 1, " "), &f)));
}

/* Yixin-Board's database and block commands (a line of points per stone,
 * then DONE): flipfive has neither, and says nothing, as Rapfi says
 * nothing in GUI mode. A line that is no point and no DONE ends the block
 * and runs as the command it is (should one of them come without a block). */
static void cmd_yx_block(Pisk *p, char *args)
{
    (void)args;
    char *line;
    while ((line = pisk_read_line(p)) != NULL && !pisk_is_done(line) && point_line(p, line))
        free(line);
    if (!line) {
        p->quit = true;
        return;
    }
    if (!pisk_is_done(line)) {
        if (pisk_is_end(line))
            p->quit = true;
        else
            pisk_handle_line(p, line);
    }
    free(line);
}

/* SHOWBOARD (a flipfive extension, for people and tests): the board as
 * MESSAGE lines, x across and y down, then the game and who moves. */
static void cmd_showboard(Pisk *p, char *args)
{
    (void)args;
    static const char STONE[3] = {'.', 'X', 'O'};
    static const char *const VARIANT[3] = {"freestyle", "exactly five", "renju"};
    const Engine *e = p->engine;
    const int n = e->size;
    Buf b = {0};
    for (int x = 0; x < n; x++)
        buf_printf(&b, "%3d", x);
    pisk_line(p, "MESSAGE   %s", buf_str(&b));
    for (int y = 0; y < n; y++) {
        buf_clear(&b);
        for (int x = 0; x < n; x++)
            buf_printf(&b, "  %c", STONE[e->ops->cell(e->pos, y * n + x)]);
        pisk_line(p, "MESSAGE %2d%s", y, buf_str(&b));
    }
    const int side = e->ops->side_to_move(e->pos);
    pisk_line(p, "MESSAGE %s %dx%d (%s), %d stones, %s to move, flipfive plays %s", e->ops->name, n, n,
              VARIANT[e->variant % 3], e->nhist, side == BLACK ? "Black" : "White",
              p->own < 0 ? "either" : p->own == BLACK ? "Black" : "White");
    buf_free(&b);
}

/* ------------------------------------------------------------------ table */

const PiskCommand pisk_commands[] = {
    /* name           handler                   reply       board */
    {"START",         cmd_start,                REPLY_ONE,  false},
    {"RECTSTART",     cmd_rectstart,            REPLY_ONE,  false},
    {"RESTART",       cmd_restart,              REPLY_ONE,  true},
    {"BEGIN",         cmd_begin,                REPLY_ONE,  true},
    {"TURN",          cmd_turn,                 REPLY_ONE,  true},
    {"BOARD",         cmd_board,                REPLY_ONE,  true},
    {"DONE",          cmd_done,                 REPLY_ONE,  false},
    {"INFO",          pisk_cmd_info,            REPLY_NONE, false},
    {"END",           cmd_end,                  REPLY_NONE, false},
    {"ABOUT",         cmd_about,                REPLY_ONE,  false},
    {"TAKEBACK",      cmd_takeback,             REPLY_ONE,  true},
    {"PLAY",          cmd_play,                 REPLY_ONE,  true},
    {"SWAP2BOARD",    pisk_cmd_swap2board,      REPLY_ONE,  true},
    {"YXBOARD",       cmd_yxboard,              REPLY_NONE, true},
    {"YXSTOP",        cmd_stop,                 REPLY_NONE, false},
    {"STOP",          cmd_stop,                 REPLY_NONE, false},
    {"YXSHOWFORBID",  pisk_cmd_yxshowforbid,    REPLY_ONE,  true},
    {"YXNBEST",       cmd_yxnbest,              REPLY_ONE,  true},
    {"YXHASHCLEAR",   cmd_yxhashclear,          REPLY_NONE, false},
    {"YXSHOWINFO",    cmd_yxshowinfo,           REPLY_NONE, false},
    {"YXSWAP2STEP1",  pisk_cmd_yxswap2step1,    REPLY_NONE, true},
    {"YXSWAP2STEP2",  pisk_cmd_yxswap2step2,    REPLY_NONE, true},
    {"YXSWAP2STEP3",  pisk_cmd_yxswap2step3,    REPLY_NONE, true},
    {"SHOWBOARD",     cmd_showboard,            REPLY_NONE, true},
    /* Yixin-Board's database and block commands: read, then ignored */
    {"YXBLOCK",                 cmd_yx_block,   REPLY_NONE, false},
    {"YXBLOCKUNDO",             cmd_yx_block,   REPLY_NONE, false},
    {"YXQUERYDATABASEALL",      cmd_yx_block,   REPLY_NONE, false},
    {"YXQUERYDATABASEALLT",     cmd_yx_block,   REPLY_NONE, false},
    {"YXQUERYDATABASEONE",      cmd_yx_block,   REPLY_NONE, false},
    {"YXQUERYDATABASETEXT",     cmd_yx_block,   REPLY_NONE, false},
    {"YXEDITTEXTDATABASE",      cmd_yx_block,   REPLY_NONE, false},
    {"YXEDITLABELDATABASE",     cmd_yx_block,   REPLY_NONE, false},
    {"YXEDITTVDDATABASE",       cmd_yx_block,   REPLY_NONE, false},
    {"YXDELETEDATABASEONE",     cmd_yx_block,   REPLY_NONE, false},
    {"YXDELETEDATABASEALL",     cmd_yx_block,   REPLY_NONE, false},
    {"YXSETBESTMOVEDATABASE",   cmd_yx_block,   REPLY_NONE, false},
    {"YXCLEARBESTMOVEDATABASE", cmd_yx_block,   REPLY_NONE, false},
    {NULL,            NULL,                     REPLY_NONE, false},
};
