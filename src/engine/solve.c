/*
 * solve.c - the exact value of the engine's position for the side to move,
 * with its best move and principal variation (flipfive-solve).
 *
 * A game with a solve hook (8x8 Othello's endgame solver) is asked for the
 * root and then, move by move, for the principal variation with a window
 * around the value it already knows, which the warm hash table makes cheap.
 * Other games and sizes search to the end with the generic search.
 */
#include "solve.h"

#include <string.h>

/* The solve hook on pos with window (alpha, beta); false if it declines. */
static bool hook(Engine *e, int alpha, int beta, int *score, Move *best)
{
    return e->ops->solve && e->ops->solve(e->pos, e->search, MAX_GAME_PLY, alpha, beta, score, best);
}

/* Follows the best moves from the root, each checked by a solve of the
 * child with a null window around its known value. */
static void hook_pv(Engine *e, Solution *sol)
{
    int score = sol->score, plies = 0;
    Move m = sol->best;
    while (m != MOVE_NONE && plies < MAX_GAME_PLY - 1 && !e->search->stop) {
        sol->pv[sol->pvlen++] = m;
        e->ops->make(e->pos, m);
        plies++;
        score = -score;
        int got;
        if (!hook(e, score - 1, score + 1, &got, &m) || got != score)
            break;
    }
    while (plies-- > 0)
        e->ops->unmake(e->pos);
}

/* Exact values by the generic search, to the end of the game. */
static bool search_to_end(Engine *e, Solution *sol)
{
    const SearchLimits lim = {.depth = MAX_PLY - 2, .verbose = e->set.verbose};
    engine_search(e, &lim);
    const SearchResult res = e->last;
    if (!res.exact)
        return false;
    sol->best = res.best;
    sol->score = res.score;
    sol->pvlen = res.pvlen;
    memcpy(sol->pv, res.pv, sizeof(Move) * (size_t)res.pvlen);
    return true;
}

bool solve_run(Engine *e, bool wld, Solution *sol)
{
    const SearchLimits none = {0};
    search_begin(e->search, e->ops, e->pos, e->tt, &none);
    search_set_poll(e->search, e->poll, e->poll_arg);
    sol->pvlen = 0;
    if (e->ops->game_over(e->pos)) {
        sol->best = MOVE_NONE;
        sol->score = e->ops->final_score(e->pos);
        return true;
    }
    /* A win/loss/draw answer needs only a window around zero. */
    const int alpha = wld ? -1 : -SCORE_INF, beta = wld ? 1 : SCORE_INF;
    if (!hook(e, alpha, beta, &sol->score, &sol->best))
        return search_to_end(e, sol);
    if (e->search->stop)
        return false;
    if (!wld)
        hook_pv(e, sol);
    return !e->search->stop;
}

