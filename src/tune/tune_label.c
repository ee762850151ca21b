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
 *
 * --eval-mix P: an engine's own value of a position, which the referee
 * writes as V[] on the move it chose there (an NBoard engine's "=== M/E"),
 * makes P percent of the label of each position not solved, the game's
 * value the rest: a deep search's value is less noisy than the result of
 * the game that followed (README "Tuning", round K).
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
    int mix;   /* percent of an unsolved label from the engine's V[] */
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

/* The values the record gives the positions of a game (V[] of the move
 * played from each), from the side to move's view. */
typedef struct GameValues {
    double v[64];
    bool has[64];
} GameValues;

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

/* Replays the record's moves from the start position; false when the
 * record is not one whole legal game. A side that cannot move passes
 * whether or not the record writes the pass. */
static bool replay(Labeler *l, TuneGame *g, GameValues *values, int *first_kept)
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
            if (!tune_game_take(g, l->pos, l->opt->exact, l->ctx, l->tt, NULL))
                return false;
            values->has[g->n - 1] = nd->has_value;
            values->v[g->n - 1] = nd->color == BLACK ? nd->value : -nd->value;
            if (ply < l->opt->skip)
                *first_kept = g->n;
        }
        l->ops->make(l->pos, m);
        ply++;
    }
    return l->ops->game_over(l->pos);
}

/* Each unsolved label with a value of its own: mix percent of that value,
 * the rest the game's. */
static void mix_values(TuneGame *g, const GameValues *values, int mix)
{
    for (int i = 0; i < g->n; i++) {
        if (g->s[i].exact || !values->has[i])
            continue;
        double x = (mix * values->v[i] + (100 - mix) * g->s[i].score) / 100;
        x = x < -64 ? -64 : x > 64 ? 64 : x;
        g->s[i].score = (int8_t)(x < 0 ? x - 0.5 : x + 0.5);
    }
}

static void label_game(Labeler *l, const char *path)
{
    size_t len;
    char *text = tune_read_text(path, &len);
    TuneGame g;
    GameValues values;
    int first_kept = 0;
    tune_game_start(&g);
    const bool ok = text && sgf_parse(text, len, l->sgf) && replay(l, &g, &values, &first_kept);
    free(text);
    if (!ok) {
        fprintf(stderr, "flipfive-tune label: %s: not a whole legal 8x8 game, skipped\n", path);
        l->skipped++;
        return;
    }
    tune_game_label(&g, l->pos);
    if (l->opt->mix)
        mix_values(&g, &values, l->opt->mix);
    l->written += tune_game_write(&g, first_kept, l->out, &l->solved);
    l->games++;
}

static int usage(void)
{
    fprintf(stderr, "usage: flipfive-tune label [--skip PLIES] [--exact E] [--eval-mix PERCENT]\n"
                    "       --out DATA GAME.sgf...\n"
                    "  (defaults: --skip 0 --exact 18 --eval-mix 0; DATA is written anew)\n");
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
        else if (!strcmp(a, "--eval-mix") && has)
            o.mix = atoi(argv[++i]);
        else if (!strcmp(a, "--out") && has)
            o.out = argv[++i];
        else if (a[0] != '-') {
            first_game = i;
            break;
        } else
            return usage();
    }
    if (!o.out || first_game == argc || o.skip < 0 || o.exact < 0 || o.exact > 60 || o.mix < 0 || o.mix > 100)
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
