/*
 * search.c - iterative deepening, aspiration windows and PVS over GameOps.
 *
 * Game knowledge enters only through the GameOps hooks: evaluate and
 * final_score at the leaves, score_moves for ordering, solve for exact
 * subtrees (endgame solver, threat search). Won and lost scores are stored
 * relative to the node so that shorter wins stay preferred.
 */
#include "search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timeman.h"

enum {
    POLL_NODES = 1024,          /* nodes between deadline checks */
    ORDER_TT = 1 << 30,
    ORDER_KILLER = 1 << 26,
    HISTORY_MAX = 1 << 24
};

SearchCtx *search_create(void)
{
    SearchCtx *s = calloc(1, sizeof *s);
    return s;
}

void search_destroy(SearchCtx *s) { free(s); }

void search_reset(SearchCtx *s)
{
    for (int i = 0; i < MAX_PLY; i++)
        s->killers[i][0] = s->killers[i][1] = MOVE_NONE;
    memset(s->history, 0, sizeof s->history);
}

bool search_should_stop(SearchCtx *s)
{
    s->next_poll = s->nodes + POLL_NODES;
    if (s->stop)
        return true;
    if (s->node_limit && s->nodes >= s->node_limit)
        s->stop = true;
    else if (s->hard_ns && clock_ns() >= s->hard_ns)
        s->stop = true;
    else if (s->poll && s->poll(s->poll_arg))
        s->stop = true;
    return s->stop;
}

/* Win/loss scores are stored as distance from the node, used from the root. */
static int score_to_tt(int score, int ply)
{
    if (score >= SCORE_WIN_MIN)
        return score + ply;
    if (score <= -SCORE_WIN_MIN)
        return score - ply;
    return score;
}

static int score_from_tt(int score, int ply)
{
    if (score >= SCORE_WIN_MIN)
        return score - ply;
    if (score <= -SCORE_WIN_MIN)
        return score + ply;
    return score;
}

static void order_moves(SearchCtx *s, Move *moves, int *keys, int n, Move tt_move)
{
    const int side = s->ops->side_to_move(s->pos), ply = s->ply;
    if (s->ops->score_moves)
        s->ops->score_moves(s->pos, moves, n, keys);
    else
        memset(keys, 0, sizeof *keys * (size_t)n);
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        if (m == tt_move)
            keys[i] = ORDER_TT;
        else if (m == s->killers[ply][0])
            keys[i] = ORDER_KILLER + 1;
        else if (m == s->killers[ply][1])
            keys[i] = ORDER_KILLER;
        else if (m >= 0)
            keys[i] = keys[i] * 64 + s->history[side][m];
    }
}

/* Brings the best remaining move to position i (selection sort, lazily). */
static Move pick_move(Move *moves, int *keys, int n, int i)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (keys[j] > keys[best])
            best = j;
    Move m = moves[best];
    int k = keys[best];
    moves[best] = moves[i];
    keys[best] = keys[i];
    moves[i] = m;
    keys[i] = k;
    return m;
}

static void reward_quiet_move(SearchCtx *s, Move m, int depth)
{
    if (m < 0)
        return;
    const int side = s->ops->side_to_move(s->pos), ply = s->ply;
    if (s->killers[ply][0] != m) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = m;
    }
    int32_t *h = &s->history[side][m];
    *h += depth * depth;
    if (*h > HISTORY_MAX)
        for (int c = 0; c < 2; c++)
            for (int i = 0; i < MAX_CELLS; i++)
                s->history[c][i] /= 2;
}

static void update_pv(SearchCtx *s, Move m)
{
    const int ply = s->ply;
    s->pv[ply][0] = m;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], sizeof(Move) * (size_t)s->pvlen[ply + 1]);
    s->pvlen[ply] = s->pvlen[ply + 1] + 1;
}

/* The moves to search: the game's own selection when it has one. */
static int search_moves(SearchCtx *s, Move *out)
{
    return s->ops->gen_search_moves ? s->ops->gen_search_moves(s->pos, out)
                                    : s->ops->gen_moves(s->pos, out);
}

/* Plays m, searches the child with a negated window, takes m back. */
static int search_child(SearchCtx *s, Move m, int depth, int alpha, int beta)
{
    s->ops->make(s->pos, m);
    s->ply++;
    /* A forced pass spends no depth: the opponent surely has a move. */
    int score = -search_alphabeta(s, m == MOVE_PASS ? depth : depth - 1, -beta, -alpha);
    s->ply--;
    s->ops->unmake(s->pos);
    return score;
}

int search_alphabeta(SearchCtx *s, int depth, int alpha, int beta)
{
    const GameOps *ops = s->ops;
    void *pos = s->pos;
    const bool pv_node = beta - alpha > 1;
    const int ply = s->ply;
    s->pvlen[ply] = 0;
    s->nodes++;

    /* Step 1. Time, node budget and interrupts. */
    if (s->nodes >= s->next_poll && search_should_stop(s))
        return 0;
    if (ply >= MAX_PLY - 1) {
        s->saw_heuristic = true;
        return ops->evaluate(pos);
    }

    /* Step 2. Transposition table. */
    const uint64_t key = ops->hash(pos);
    TtEntry e;
    Move tt_move = MOVE_NONE;
    if (tt_probe(s->tt, key, &e)) {
        tt_move = e.move;
        int sc = score_from_tt(e.score, ply);
        if (!pv_node && e.depth >= depth) {
            int b = tt_bound(&e);
            if (b == TT_EXACT || (b == TT_LOWER && sc >= beta) || (b == TT_UPPER && sc <= alpha))
                return sc;
        }
    }

    /* Step 3. Exact answers the game can give by itself. */
    if (ops->solve) {
        int sc;
        Move bm = MOVE_NONE;
        if (ops->solve(pos, s, depth, alpha, beta, &sc, &bm)) {
            if (s->stop)
                return 0;
            if (bm != MOVE_NONE) {
                s->pv[ply][0] = bm;
                s->pvlen[ply] = 1;
            }
            return sc;
        }
    }

    /* Step 4. Finished game, or the horizon. */
    Move *moves = s->moves[ply];
    int *keys = s->order[ply];
    const int n = search_moves(s, moves);
    if (n == 0) {
        int sc = ops->final_score(pos);
        return score_from_tt(sc, ply);
    }
    if (depth <= 0) {
        s->saw_heuristic = true;
        return ops->evaluate(pos);
    }

    /* Step 5. Move ordering. */
    order_moves(s, moves, keys, n, tt_move);

    /* Step 6. Principal variation search over the moves. */
    const int alpha0 = alpha;
    int best = -SCORE_INF;
    Move best_move = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        Move m = pick_move(moves, keys, n, i);
        int score;
        if (i == 0) {
            score = search_child(s, m, depth, alpha, beta);
        } else {
            score = search_child(s, m, depth, alpha, alpha + 1);
            if (score > alpha && score < beta)
                score = search_child(s, m, depth, alpha, beta);
        }
        if (s->stop)
            return 0;
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                update_pv(s, m);
                if (alpha >= beta) {
                    reward_quiet_move(s, m, depth);
                    break;
                }
            }
        }
    }

    /* Step 7. Remember the result. */
    int bound = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
    tt_store(s->tt, key, depth, bound, score_to_tt(best, ply), best_move);
    return best;
}

/* One iteration at the root; root moves are reordered best first. */
static int search_root(SearchCtx *s, Move *moves, int n, int depth, int alpha, int beta, int *done)
{
    int best = -SCORE_INF;
    *done = 0;
    s->pvlen[0] = 0;
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        int score;
        if (i == 0) {
            score = search_child(s, m, depth, alpha, beta);
        } else {
            score = search_child(s, m, depth, alpha, alpha + 1);
            if (score > alpha && score < beta)
                score = search_child(s, m, depth, alpha, beta);
        }
        if (s->stop)
            break;
        *done = i + 1;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                update_pv(s, m);
                memmove(&moves[1], &moves[0], sizeof(Move) * (size_t)i);
                moves[0] = m;
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

static void log_iteration(const SearchCtx *s, const SearchResult *r)
{
    double secs = (double)r->ns / 1e9;
    fprintf(stderr, "depth %d score %d nodes %llu time %.3f nps %.0f%s\n", r->depth, r->score,
            (unsigned long long)r->nodes, secs, secs > 0 ? (double)r->nodes / secs : 0.0,
            r->exact ? " exact" : "");
    (void)s;
}

void search_begin(SearchCtx *s, const GameOps *ops, void *pos, Tt *tt, const SearchLimits *lim)
{
    s->ops = ops;
    s->pos = pos;
    s->tt = tt;
    s->nodes = 0;
    s->ply = 0;
    s->stop = false;
    s->start_ns = clock_ns();
    s->soft_ns = lim->soft_ns ? s->start_ns + lim->soft_ns : 0;
    s->hard_ns = lim->hard_ns ? s->start_ns + lim->hard_ns : 0;
    s->node_limit = lim->nodes;
    s->next_poll = POLL_NODES;
    search_reset(s);
    tt_new_search(tt);
}

/* A game that answers the root outright (a forced win or loss) ends the
 * search there, provided its move is legal. */
static bool root_solved(SearchCtx *s, int depth, SearchResult *res)
{
    int sc;
    Move bm = MOVE_NONE;
    if (!s->ops->solve(s->pos, s, depth, -SCORE_INF, SCORE_INF, &sc, &bm) || s->stop ||
        bm == MOVE_NONE || !s->ops->is_legal(s->pos, bm))
        return false;
    res->best = bm;
    res->score = sc;
    res->exact = true;
    res->pvlen = 1;
    res->pv[0] = bm;
    res->nodes = s->nodes;
    res->ns = clock_ns() - s->start_ns;
    return true;
}

/* Root moves in a first order: TT move, then the game's static order. */
static int root_moves(SearchCtx *s, Move *moves)
{
    int n = search_moves(s, moves);
    TtEntry e;
    Move tt_move = tt_probe(s->tt, s->ops->hash(s->pos), &e) ? e.move : MOVE_NONE;
    int keys[MAX_MOVES];
    order_moves(s, moves, keys, n, tt_move);
    for (int i = 0; i < n; i++)
        pick_move(moves, keys, n, i);
    return n;
}

void search_run(SearchCtx *s, const GameOps *ops, void *pos, Tt *tt, const SearchLimits *lim,
                SearchResult *res)
{
    search_begin(s, ops, pos, tt, lim);
    memset(res, 0, sizeof *res);
    res->best = MOVE_NONE;
    Move moves[MAX_MOVES];
    const int n = root_moves(s, moves);
    if (n == 0) {
        res->score = ops->final_score(pos);
        res->exact = true;
        return;
    }
    res->best = moves[0];
    if (n == 1 && (lim->soft_ns || lim->hard_ns))
        return; /* nothing to think about on a clock */
    if (ops->solve && root_solved(s, lim->depth, res))
        return;

    const int max_depth = lim->depth > 0 && lim->depth < MAX_PLY - 1 ? lim->depth : MAX_PLY - 2;
    const int window = ops->score_units ? ops->score_units() : 100;
    int prev = 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        /* Step 1. Start no iteration that cannot finish in time. */
        if (depth > 1 && s->soft_ns && clock_ns() > s->start_ns + (s->soft_ns - s->start_ns) / 2)
            break;
        s->root_depth = depth;
        s->saw_heuristic = false;

        /* Step 2. Aspiration window around the last score, widened on failure. */
        int delta = window, alpha = -SCORE_INF, beta = SCORE_INF, score, done;
        if (depth >= 4 && prev > -SCORE_WIN_MIN && prev < SCORE_WIN_MIN) {
            alpha = prev - delta;
            beta = prev + delta;
        }
        for (;;) {
            score = search_root(s, moves, n, depth, alpha, beta, &done);
            if (s->stop || (score > alpha && score < beta))
                break;
            delta *= 4;
            if (score <= alpha)
                alpha = delta > SCORE_WIN_MIN ? -SCORE_INF : score - delta;
            else
                beta = delta > SCORE_WIN_MIN ? SCORE_INF : score + delta;
        }

        /* Step 3. Keep the result; a stopped iteration counts only when its
         * first move (the previous best) was searched to the end. */
        if (s->stop && (done == 0 || s->pvlen[0] == 0))
            break;
        res->best = moves[0];
        res->score = score;
        res->depth = depth;
        res->exact = !s->saw_heuristic && !s->stop;
        res->pvlen = s->pvlen[0];
        memcpy(res->pv, s->pv[0], sizeof(Move) * (size_t)res->pvlen);
        res->nodes = s->nodes;
        res->ns = clock_ns() - s->start_ns;
        if (lim->verbose)
            log_iteration(s, res);
        prev = score;
        if (s->stop || res->exact || score >= SCORE_WIN_MIN || score <= -SCORE_WIN_MIN)
            break;
    }
    res->nodes = s->nodes;
    res->ns = clock_ns() - s->start_ns;
}
