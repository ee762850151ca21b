/*
 * tune_label.c - flipfive-tune label: training positions from 8x8 games
 * played elsewhere (the referee's SGF records, a peer's games), labelled
 * the way `gen` labels its own: every position from EXACT empties on by
 * its exact value, each earlier one by the exact value of the game's first
 * position with EXACT empties, from its own side's view.
 *
 * Self-play games only show the evaluation positions its own play leads
 * to; games against NTest and between NTest's depths show it others (README
 * "Tuning the 8x8 evaluation", round J). A record that is not a finished
 * 8x8 Othello game from the start position, or whose moves are not legal,
 * is skipped whole: half a game has no value to label it with.
 */
#include <stdlib.h>
#include <string.h>

#include "othello8.h"
#include "othello8_ops.h"
#include "search.h"
#include "sgf.h"
#include "tt.h"
#include "tune.h"
#include "util.h"

typedef struct LabelOptions {
    int skip;  /* plies of the opening whose positions are not written */
    int exact; /* solve from this many empties on */
    const char *out;
} LabelOptions;

typedef struct Labeler {
    const LabelOptions *opt;
    const GameOps *ops;
    Othello8Pos *pos;
    SearchCtx *ctx;
    Tt *tt;
    SgfGame *sgf;
    FILE *out;
    long games, skipped, written, solved;
} Labeler;

/* One game's positions, before they are written. */
typedef struct GameSamples {
    TuneSample s[64];
    int side[64], n, solved;
    int anchor, anchor_side; /* anchor_side -1: no exact position yet */
} GameSamples;

static int empties_of(const Othello8Pos *p) { return 64 - __builtin_popcountll(p->discs[0] | p->discs[1]); }

/* The move of an SGF node as a Move of the position: MOVE_PASS for a pass,
 * -1 for a point off the board. */
static Move node_move(const SgfNode *nd)
{
    if (nd->move.x < 0)
        return MOVE_PASS;
    if (nd->move.x >= 8 || nd->move.y >= 8 || nd->move.y < 0)
        return -1;
    return nd->move.y * 8 + nd->move.x;
}

/* Records the position to move (before move number ply) and, once it has
 * EXACT empties or fewer, solves it. */
static void take_position(Labeler *l, GameSamples *g, int ply)
{
    const int e = empties_of(l->pos);
    if (ply < l->opt->skip && e > l->opt->exact)
        return;
    TuneSample *s = &g->s[g->n];
    s->P = othello8_player(l->pos);
    s->O = othello8_opponent(l->pos);
    s->empties = (uint8_t)e;
    s->exact = 0;
    s->score = 0;
    g->side[g->n] = l->pos->side;
    if (e <= l->opt->exact) {
        SearchLimits lim = {.depth = 64};
        SearchResult r;
        search_run(l->ctx, l->ops, l->pos, l->tt, &lim, &r);
        s->score = (int8_t)(r.score / OTHELLO8_UNITS);
        s->exact = 1;
        if (g->anchor_side < 0) {
            g->anchor = s->score;
            g->anchor_side = l->pos->side;
        }
    }
    if (ply >= l->opt->skip) {
        g->solved += s->exact;
        g->n++;
    }
}

/* Replays the record's moves from the start position; false when the
 * record is not one whole legal game. A side that cannot move passes
 * whether or not the record writes the pass. */
static bool replay(Labeler *l, GameSamples *g)
{
    const SgfGame *sg = l->sgf;
    if (sg->gm != 2 || sg->size != 8 || sg->nsetup)
        return false;
    l->ops->reset(l->pos);
    tt_clear(l->tt);
    search_reset(l->ctx);
    int ply = 0;
    for (int i = 0; i < sg->nnodes; i++) {
        const SgfNode *nd = &sg->nodes[i];
        if (nd->color < 0)
            continue;
        Move forced[MAX_MOVES];
        const bool must_pass = l->ops->gen_moves(l->pos, forced) == 1 && forced[0] == MOVE_PASS;
        if (must_pass && !l->ops->game_over(l->pos) && nd->color != l->pos->side)
            l->ops->make(l->pos, MOVE_PASS);
        const Move m = node_move(nd);
        if (l->ops->game_over(l->pos) || nd->color != l->pos->side || m < 0 || !l->ops->is_legal(l->pos, m))
            return false;
        if (m != MOVE_PASS) {
            if (g->n >= 64)
                return false;
            take_position(l, g, ply);
        }
        l->ops->make(l->pos, m);
        ply++;
    }
    return l->ops->game_over(l->pos);
}

static void label_game(Labeler *l, const char *path)
{
    size_t len;
    char *text = tune_read_text(path, &len);
    GameSamples g = {.anchor_side = -1};
    const bool ok = text && sgf_parse(text, len, l->sgf) && replay(l, &g);
    free(text);
    if (!ok) {
        fprintf(stderr, "flipfive-tune label: %s: not a whole legal 8x8 game, skipped\n", path);
        l->skipped++;
        return;
    }
    if (g.anchor_side < 0) { /* over before EXACT empties: the result is exact */
        g.anchor = l->ops->outcome(l->pos);
        g.anchor_side = BLACK;
    }
    for (int i = 0; i < g.n; i++) {
        if (!g.s[i].exact)
            g.s[i].score = (int8_t)(g.side[i] == g.anchor_side ? g.anchor : -g.anchor);
        tune_write_sample(l->out, &g.s[i]);
    }
    l->written += g.n;
    l->solved += g.solved;
    l->games++;
}

static int usage(void)
{
    fprintf(stderr, "usage: flipfive-tune label [--skip PLIES] [--exact E] --out DATA GAME.sgf...\n"
                    "  (defaults: --skip 0 --exact 18; DATA is written anew)\n");
    return 2;
}

int tune_label_main(int argc, char **argv)
{
    LabelOptions o = {.skip = 0, .exact = 18};
    int first_game = argc;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const bool has = i + 1 < argc;
        if (!strcmp(a, "--skip") && has)
            o.skip = atoi(argv[++i]);
        else if (!strcmp(a, "--exact") && has)
            o.exact = atoi(argv[++i]);
        else if (!strcmp(a, "--out") && has)
            o.out = argv[++i];
        else if (a[0] != '-') {
            first_game = i;
            break;
        } else
            return usage();
    }
    if (!o.out || first_game == argc || o.skip < 0 || o.exact < 0 || o.exact > 60)
        return usage();
    Labeler l = {.opt = &o, .ops = &othello8_ops};
    l.pos = l.ops->create(8, 0);
    l.ctx = search_create();
    l.tt = tt_create(16);
    l.sgf = malloc(sizeof *l.sgf);
    l.out = fopen(o.out, "wb");
    if (!l.pos || !l.ctx || !l.tt || !l.sgf || !l.out) {
        fprintf(stderr, "flipfive-tune label: cannot start (%s)\n", o.out);
        return 1;
    }
    for (int i = first_game; i < argc; i++)
        label_game(&l, argv[i]);
    const bool written = fclose(l.out) == 0;
    printf("%ld games, %ld skipped, %ld positions, %ld solved\n", l.games, l.skipped, l.written, l.solved);
    free(l.sgf);
    tt_destroy(l.tt);
    search_destroy(l.ctx);
    l.ops->destroy(l.pos);
    return written && l.skipped == 0 ? 0 : 1;
}
