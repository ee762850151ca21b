/*
 * nboard_commands.c - the one table of NBoard commands and the handlers of
 * the game state (set game, move), the settings and the small replies.
 * The searches are in nboard_think.c, the GGF reader in nboard_ggf.c.
 *
 * A line that cannot be done is ignored whole, as the protocol asks: a
 * message on stderr, the game and settings exactly as they were.
 */
#include "nboard_commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coord.h"
#include "games.h"
#include "nboard_ggf.h"
#include "nboard_think.h"
#include "settings.h"
#include "util.h"

enum { MAX_DEPTH = 60, MAX_HINT = 64, MAX_CONTEMPT = 6400 };

/* --------------------------------------------------------- the game */

/* Whether the moves of g follow the rules from its start, checked on a
 * copy of the position; the index of the first that does not in *bad. */
static bool moves_legal(const GameOps *ops, int variant, const GgfGame *g, int *bad)
{
    void *pos = ops->create(g->size, variant);
    if (!pos)
        abort();
    bool ok = !g->has_board || ops->setup(pos, g->cells, g->side);
    *bad = -1;
    for (int i = 0; ok && i < g->nmoves; i++) {
        const GgfMove *m = &g->moves[i];
        /* A colour that moves twice: the other passed without a PA. */
        if (ops->side_to_move(pos) != m->color && !ops->game_over(pos) && ops->is_legal(pos, MOVE_PASS))
            ops->make(pos, MOVE_PASS);
        ok = !ops->game_over(pos) && ops->side_to_move(pos) == m->color && ops->is_legal(pos, m->move);
        if (ok)
            ops->make(pos, m->move);
        else
            *bad = i;
    }
    ops->destroy(pos);
    return ok;
}

/* The clocks of g after its moves (each charged to its colour). */
static void set_clock(Nboard *nb, const GgfGame *g)
{
    nb->clocked = g->clocked;
    nb->inc_s = g->inc_s[BLACK];
    for (int c = BLACK; c <= WHITE; c++)
        nb->left_s[c] = g->clock_s[c];
    for (int i = 0; i < g->nmoves; i++)
        nb->left_s[g->moves[i].color] += g->inc_s[g->moves[i].color] - g->moves[i].secs;
}

/* Why g cannot be played: its board, or its first illegal move. */
static void refuse_game(Nboard *nb, const GgfGame *g, int bad)
{
    if (bad < 0) {
        nboard_error(nb, "the BO board is no Othello position");
        return;
    }
    char v[8];
    coord_format(g->moves[bad].move, g->size, COORDS_OTHELLO, v);
    nboard_error(nb, "move %d, %c[%s], is not legal there", bad + 1, g->moves[bad].color == BLACK ? 'B' : 'W',
                 g->moves[bad].move == MOVE_PASS ? "PA" : v);
}

static bool standard_start(const Engine *e, const GgfGame *g)
{
    if (!g->has_board)
        return true;
    if (g->side != BLACK)
        return false;
    void *start = e->ops->create(g->size, e->variant);
    bool same = start != NULL;
    for (int c = 0; same && c < g->size * g->size; c++)
        same = e->ops->cell(start, c) == g->cells[c];
    if (start)
        e->ops->destroy(start);
    return same;
}

/* set game GGF: the game, from now on. */
static void cmd_set_game(Nboard *nb, char *args)
{
    Engine *e = nb->engine;
    GgfGame *g = xmalloc(sizeof *g);
    char why[GGF_ERROR_LEN] = "";
    const int variant = game_variant("Othello");
    const GameOps *ops = ggf_parse(args, g, why) ? game_find("Othello", g->size) : NULL;
    int bad;
    if (!why[0] && !ops)
        snprintf(why, sizeof why, "flipfive plays Othello on even boards from 4 to %d, not %d", MAX_BOARD,
                 g->size);
    if (!ops)
        nboard_error(nb, "%s", why);
    else if (!moves_legal(ops, variant, g, &bad))
        refuse_game(nb, g, bad);
    else {
        bool ok = (e->size == g->size && e->ops == ops) ||
                  engine_new_game(e, game_index("Othello"), variant, g->size);
        if (ok && standard_start(e, g))
            engine_clear(e);
        else if (ok)
            ok = engine_setup(e, g->size, g->cells, g->side);
        for (int i = 0; ok && i < g->nmoves; i++)
            ok = engine_play(e, g->moves[i].color, g->moves[i].move) == PLAY_OK;
        if (!ok)
            abort(); /* checked above: the engine follows the same rules */
        set_clock(nb, g);
    }
    free(g);
}

/* move M[/eval[/time]]: one move more, by the side to move (or by the
 * other when the side to move must pass and NBoard left the PA out). */
static void cmd_move(Nboard *nb, char *args)
{
    Engine *e = nb->engine;
    Move m;
    double secs;
    if (!ggf_move_item(args, e->size, &m, &secs)) {
        nboard_error(nb, "expected a move such as F5, F5/1.50/2.3 or PA");
        return;
    }
    const int side = e->ops->side_to_move(e->pos);
    int color = side;
    PlayStatus st = engine_game_over(e) && m != MOVE_PASS ? PLAY_ILLEGAL : engine_play(e, color, m);
    if (st != PLAY_OK && m != MOVE_PASS && !engine_game_over(e)) {
        color = color_other(side);
        st = engine_play(e, color, m);
    }
    if (st != PLAY_OK) {
        nboard_error(nb, "illegal move %.8s", args);
        return;
    }
    if (nb->clocked)
        nb->left_s[color] += nb->inc_s - secs;
}

/* ------------------------------------------------------- settings */

static bool number(Nboard *nb, const char *args, long lo, long hi, long *out)
{
    if (parse_long(args, lo, hi, out))
        return true;
    nboard_error(nb, "expected an integer from %ld to %ld", lo, hi);
    return false;
}

/* set depth N: the midgame depth of every search from now on. */
static void cmd_set_depth(Nboard *nb, char *args)
{
    long d;
    if (!number(nb, args, 1, MAX_DEPTH, &d))
        return;
    char v[16];
    snprintf(v, sizeof v, "%ld", d);
    if (settings_set(nb->engine, "depth", v) != SETTING_OK) {
        nboard_error(nb, "depth %ld refused", d);
        return;
    }
    nb->depth_set = true;
    nboard_line(nb, "set myname flipfive");
}

/* set contempt N: what a draw is worth to Black (NBoard sends +-100). The
 * search has no contempt: the value is kept and does not change play. */
static void cmd_set_contempt(Nboard *nb, char *args)
{
    long c;
    if (number(nb, args, -MAX_CONTEMPT, MAX_CONTEMPT, &c))
        nb->contempt = (int)c;
}

/* ------------------------------------------------------ the rest */

static void cmd_nboard(Nboard *nb, char *args)
{
    long v;
    if (number(nb, args, 1, 1000000, &v) && v != 2)
        nboard_error(nb, "version %ld: flipfive speaks version 2 (going on with it)", v);
}

static void cmd_ping(Nboard *nb, char *args)
{
    long n;
    if (number(nb, args, -2147483647L - 1, 2147483647L, &n))
        nboard_reply(nb, "pong %ld", n);
}

static void cmd_go(Nboard *nb, char *args)
{
    if (*args)
        nboard_error(nb, "go takes no argument");
    else
        nboard_go(nb);
}

static void cmd_hint(Nboard *nb, char *args)
{
    long k;
    if (number(nb, args, 1, MAX_HINT, &k))
        nboard_hint(nb, (int)k);
}

/* learn: flipfive's book is compiled in and learns nothing; "learned"
 * tells NBoard that the request is done. */
static void cmd_learn(Nboard *nb, char *args)
{
    (void)args;
    nboard_reply(nb, "learned");
}

static void cmd_analyze(Nboard *nb, char *args)
{
    (void)args;
    nboard_line(nb, "status flipfive does not do retrograde analysis");
}

static void cmd_quit(Nboard *nb, char *args)
{
    (void)args;
    nb->quit = true;
}

/* ---------------------------------------------------------- table */

const NbCommand nboard_commands[] = {
    /* name            handler            one reply */
    {"nboard",         cmd_nboard,        false},
    {"set depth",      cmd_set_depth,     false},
    {"set game",       cmd_set_game,      false},
    {"set contempt",   cmd_set_contempt,  false},
    {"move",           cmd_move,          false},
    {"hint",           cmd_hint,          false},
    {"go",             cmd_go,            false},
    {"ping",           cmd_ping,          true},
    {"learn",          cmd_learn,         true},
    {"analyze",        cmd_analyze,       false},
    {"quit",           cmd_quit,          false},
    {NULL,             NULL,              false},
};
