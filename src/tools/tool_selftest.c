/*
 * tool_selftest.c - build/flipfive-selftest: the 8x8 bitboard backend
 * checked against the generic mailbox backend, its slow reference.
 *
 * Random games are played in lockstep on both; at every position the legal
 * moves, each move's resulting position and hash, game over and outcome
 * must agree. Stable discs must include those the generic
 * evaluation finds and must never flip in a random continuation. Along the
 * way perft is compared with the generic perft, and positions with few
 * empties are solved by the endgame solver, with random windows, and by
 * plain minimax on the generic backend; with up to 18 empties the solver
 * must agree with itself whatever windows it is given and whatever its
 * tables hold. Prints a summary; exits 1 at the first disagreement.
 *
 * usage: flipfive-selftest [GAMES [SEED [SOLVE_EMPTIES]]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "othello.h"
#include "othello8.h"
#include "othello8_ops.h"
#include "othello8_solve.h"
#include "othello_eval.h"
#include "othello_ops.h"
#include "perft.h"
#include "search.h"
#include "tables.h"
#include "tt.h"
#include "util.h"
#include "zobrist.h"

typedef struct Check {
    const GameOps *fast, *slow;
    void *f, *s;
    SearchCtx *ctx;
    uint64_t rng;
    int solve_empties;
    long positions, moves, perfts, solves;
} Check;

static _Noreturn void fail(const Check *c, const char *what)
{
    fprintf(stderr, "selftest: %s differs after %ld positions\n", what, c->positions);
    char board[65];
    for (int i = 0; i < 64; i++)
        board[i] = ".XO"[c->slow->cell(c->s, i)];
    board[64] = 0;
    fprintf(stderr, "position %s %c\n", board, c->slow->side_to_move(c->s) == BLACK ? 'X' : 'O');
    exit(1);
}

static int random_below(Check *c, int n) { return (int)(splitmix64(&c->rng) % (uint64_t)n); }

static void same_position(const Check *c)
{
    for (int i = 0; i < 64; i++)
        if (c->fast->cell(c->f, i) != c->slow->cell(c->s, i))
            fail(c, "cell");
    if (c->fast->side_to_move(c->f) != c->slow->side_to_move(c->s))
        fail(c, "side to move");
    if (c->fast->hash(c->f) != c->slow->hash(c->s))
        fail(c, "hash");
    if (c->fast->hash(c->f) != othello8_full_hash(c->f))
        fail(c, "incremental hash");
}

/* Stable discs: at least those the generic fixpoint finds, and none of
 * them ever flips in a random continuation of the game. */
static void check_stability(Check *c)
{
    Othello8Pos *p = c->f;
    uint64_t stable[2];
    for (int color = 0; color < 2; color++) {
        stable[color] = bitboard_stable(p->discs[color], p->discs[color ^ 1]);
        if ((stable[color] & ~p->discs[color]) ||
            bitboard_count(stable[color]) < othello_stable_discs(c->s, color))
            fail(c, "stable discs");
    }
    Move moves[MAX_MOVES];
    int n, plies = 0;
    for (; (n = c->fast->gen_moves(c->f, moves)) > 0; plies++) {
        c->fast->make(c->f, moves[random_below(c, n)]);
        for (int color = 0; color < 2; color++)
            if ((p->discs[color] & stable[color]) != stable[color])
                fail(c, "a stable disc flipped");
    }
    while (plies-- > 0)
        c->fast->unmake(c->f);
}

/* Everything the rules say about the current position. */
static int same_rules(Check *c, Move *moves)
{
    Move other[MAX_MOVES];
    const int n = c->fast->gen_moves(c->f, moves);
    if (n != c->slow->gen_moves(c->s, other) || memcmp(moves, other, sizeof *moves * (size_t)n) != 0)
        fail(c, "legal moves");
    for (Move m = MOVE_PASS; m < 64; m++)
        if (m != MOVE_NONE && c->fast->is_legal(c->f, m) != c->slow->is_legal(c->s, m))
            fail(c, "is_legal");
    if (c->fast->game_over(c->f) != c->slow->game_over(c->s) || c->fast->game_over(c->f) != (n == 0))
        fail(c, "game over");
    if (c->fast->outcome(c->f) != c->slow->outcome(c->s) || c->fast->final_score(c->f) != c->slow->final_score(c->s))
        fail(c, "outcome");
    if (c->fast->moves_left(c->f) != c->slow->moves_left(c->s))
        fail(c, "moves left");
    return n;
}

/* Plain minimax on the generic backend: the reference for the solver. */
static int minimax(Check *c)
{
    Move moves[MAX_MOVES];
    const int n = c->slow->gen_moves(c->s, moves);
    if (n == 0)
        return c->slow->final_score(c->s);
    int best = -SCORE_INF;
    for (int i = 0; i < n; i++) {
        c->slow->make(c->s, moves[i]);
        int v = -minimax(c);
        c->slow->unmake(c->s);
        if (v > best)
            best = v;
    }
    return best;
}

static void check_solver(Check *c)
{
    const int exact = minimax(c);
    int score;
    Move best;
    tt_clear(c->ctx->tt);
    if (!c->fast->solve(c->f, c->ctx, 64, -SCORE_INF, SCORE_INF, &score, &best) || score != exact)
        fail(c, "exact solve");
    if (best != MOVE_NONE) {
        c->slow->make(c->s, best);
        const int after = -minimax(c);
        c->slow->unmake(c->s);
        if (after != exact)
            fail(c, "solver's best move");
    }
    for (int k = 0; k < 4; k++) {
        /* Fail-soft bounds for random windows, with the table warm. */
        int a = random_below(c, 13001) - 6500, b = a + 1 + random_below(c, k & 1 ? 2 : 3000);
        if (!c->fast->solve(c->f, c->ctx, 64, a, b, &score, &best))
            fail(c, "windowed solve");
        if ((score <= a && exact > score) || (score >= b && exact < score) || (score > a && score < b && score != exact))
            fail(c, "windowed solve");
    }
    c->solves++;
}

/* Too many empties for minimax: the solver must at least agree with
 * itself, whatever windows it is asked and whatever its tables hold. */
static void check_solver_consistency(Check *c)
{
    int exact, score;
    Move best;
    tt_clear(c->ctx->tt);
    othello8_table_clear(((Othello8Pos *)c->f)->solve_table);
    if (!c->fast->solve(c->f, c->ctx, 64, -SCORE_INF, SCORE_INF, &exact, &best))
        fail(c, "exact solve");
    for (int k = 0; k < 6; k++) {
        int a = random_below(c, 13001) - 6500, b = a + 1 + random_below(c, k & 1 ? 2 : 3000);
        if (k == 0)
            a = -1, b = 1; /* win, loss or draw */
        c->fast->solve(c->f, c->ctx, 64, a, b, &score, &best);
        if ((score <= a && exact > score) || (score >= b && exact < score) || (score > a && score < b && score != exact))
            fail(c, "solve with a window (tables warm)");
    }
    c->fast->solve(c->f, c->ctx, 64, -SCORE_INF, SCORE_INF, &score, &best);
    if (score != exact || best == MOVE_NONE)
        fail(c, "solve again");
    c->fast->make(c->f, best);
    c->fast->solve(c->f, c->ctx, 64, -SCORE_INF, SCORE_INF, &score, &best);
    c->fast->unmake(c->f);
    if (-score != exact)
        fail(c, "solver's best move (tables warm)");
    c->solves++;
}

static void check_position(Check *c, Move *moves, int *n)
{
    same_position(c);
    *n = same_rules(c, moves);
    c->positions++;
    if (c->positions % 5 == 0)
        check_stability(c);
    if (c->positions % 97 == 0) {
        const int d = 2 + random_below(c, 3);
        if (perft(c->fast, c->f, d) != perft_generic(c->slow, c->s, d))
            fail(c, "perft");
        c->perfts++;
    }
    int empties = 0;
    for (int i = 0; i < 64; i++)
        empties += c->slow->cell(c->s, i) == CELL_EMPTY;
    if (empties <= c->solve_empties && random_below(c, 3) == 0)
        check_solver(c);
    else if (empties > c->solve_empties && empties <= 18 && *n > 0 && random_below(c, 16) == 0)
        check_solver_consistency(c);
}

/* One random game from the start, with some moves taken back and replayed. */
static void random_game(Check *c)
{
    Move moves[MAX_MOVES];
    int n;
    c->fast->reset(c->f);
    c->slow->reset(c->s);
    for (check_position(c, moves, &n); n > 0; check_position(c, moves, &n)) {
        const Move m = moves[random_below(c, n)];
        c->fast->make(c->f, m);
        c->slow->make(c->s, m);
        c->moves++;
        if (random_below(c, 8) == 0) {
            c->fast->unmake(c->f);
            c->slow->unmake(c->s);
            same_position(c);
            c->fast->make(c->f, m);
            c->slow->make(c->s, m);
        }
    }
}

/* A random, usually unreachable, position: rules must still agree. */
static void random_setup(Check *c)
{
    int8_t cells[64];
    const int fill = random_below(c, 100);
    for (int i = 0; i < 64; i++)
        cells[i] = (int8_t)(random_below(c, 100) < fill ? 1 + random_below(c, 2) : CELL_EMPTY);
    const int side = random_below(c, 2);
    if (!c->fast->setup(c->f, cells, side) || !c->slow->setup(c->s, cells, side))
        fail(c, "setup");
    Move moves[MAX_MOVES];
    int n;
    check_position(c, moves, &n);
    for (int i = 0; i < n; i++) {
        c->fast->make(c->f, moves[i]);
        c->slow->make(c->s, moves[i]);
        same_position(c);
        c->fast->unmake(c->f);
        c->slow->unmake(c->s);
        same_position(c);
    }
}

int main(int argc, char **argv)
{
    tables_init();
    const long games = argc > 1 ? atol(argv[1]) : 300;
    Check c = {.fast = &othello8_ops, .slow = &othello_ops};
    c.rng = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    c.solve_empties = argc > 3 ? atoi(argv[3]) : 9;
    c.f = c.fast->create(8, 0);
    c.s = c.slow->create(8, 0);
    c.ctx = search_create();
    Tt *tt = tt_create(1);
    if (!c.f || !c.s || !c.ctx || !tt)
        die("out of memory");
    search_begin(c.ctx, c.fast, c.f, tt, &(SearchLimits){0});
    for (long g = 0; g < games; g++) {
        random_game(&c);
        random_setup(&c);
    }
    printf("selftest: %ld positions, %ld moves, %ld perfts, %ld solves: the backends agree\n", c.positions,
           c.moves, c.perfts, c.solves);
    tt_destroy(tt);
    search_destroy(c.ctx);
    c.fast->destroy(c.f);
    c.slow->destroy(c.s);
    return 0;
}
