/*
 * search.c - the nodes below the root: PVS with the transposition table,
 * ProbCut, ordering searches, and the threads' sharing of a node's moves
 * (deferred moves, the split). The root and its iterations are
 * search_root.c's.
 *
 * Game knowledge enters only through the GameOps hooks: evaluate and
 * final_score at the leaves, score_moves for ordering, solve for exact
 * subtrees (endgame solver, threat search). Won and lost scores are stored
 * relative to the node so that shorter wins stay preferred.
 */
#include "search.h"

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timeman.h"

enum {
    POLL_NODES = 64,            /* nodes between deadline checks (a clock read is cheap) */
    HOST_POLL_EVERY = 16,       /* deadline checks between looks at the host (a syscall) */
    SORT_WINDOW = 800,          /* ordering searches look this far past the window */
    SORT_CLAMP = (1 << 23) - 1, /* ordering values kept below SEARCH_ORDER_TT / 64 */
    KEEP_DEEPER = 2,            /* a store this much shallower leaves the entry */
    SPLIT_MIN_DEPTH = 4         /* nodes of this depth and more may split (YBWC) */
};

SearchCtx *search_create(void)
{
    SearchCtx *s = calloc(1, sizeof *s);
    if (s)
        s->threads = 1;
    return s;
}

void search_destroy(SearchCtx *s) { free(s); }

void search_reset(SearchCtx *s)
{
    for (int i = 0; i < MAX_PLY; i++)
        s->killers[i][0] = s->killers[i][1] = MOVE_NONE;
    memset(s->history, 0, sizeof s->history);
}

/* The next node count to look at the clock: a node budget is honoured to the
 * node, even when it is smaller than the polling interval. */
void search_schedule_poll(SearchCtx *s)
{
    s->next_poll = s->nodes + POLL_NODES;
    if (s->node_limit && s->next_poll > s->node_limit)
        s->next_poll = s->node_limit;
}

bool search_should_stop(SearchCtx *s)
{
    search_schedule_poll(s);
    if (s->stop)
        return true;
    if (s->halt && atomic_load_explicit(s->halt, memory_order_relaxed))
        s->stop = true;
    else if (s->split && split_aborted(s->split))
        return s->stop = s->aborted = true; /* not the search's stop: no halt */
    else if (s->node_limit && s->nodes >= s->node_limit)
        s->stop = true;
    else if (s->hard_ns && clock_ns() >= s->hard_ns)
        s->stop = true;
    else if (s->poll && ++s->polls % HOST_POLL_EVERY == 0 && s->poll(s->poll_arg))
        s->stop = true;
    if (s->stop && s->halt)
        atomic_store_explicit(s->halt, true, memory_order_relaxed);
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

/* Deep nodes: the value of a shallow search of each move ranks it (the TT
 * move stays first); the static keys only break ties. */
static void sort_by_search(SearchCtx *s, Move *moves, int *keys, int n, int d, int alpha, int beta)
{
    const int lo = alpha > -SCORE_WIN_MIN ? alpha - SORT_WINDOW : -SCORE_INF;
    const int hi = beta < SCORE_WIN_MIN ? beta + SORT_WINDOW : SCORE_INF;
    int rank[MAX_MOVES];
    for (int i = 0; i < n; i++)
        rank[i] = i;
    /* Static order first, so that equal values keep it. */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && keys[rank[j]] > keys[rank[j - 1]]; j--) {
            const int r = rank[j];
            rank[j] = rank[j - 1];
            rank[j - 1] = r;
        }
    int value[MAX_MOVES];
    for (int i = 0; i < n; i++) {
        const int k = rank[i];
        value[k] = keys[k] == SEARCH_ORDER_TT ? SCORE_INF : search_child(s, moves[k], d + 1, lo, hi);
        if (s->stop)
            return;
    }
    for (int i = 0; i < n; i++) {
        const int k = rank[i];
        keys[k] = keys[k] == SEARCH_ORDER_TT ? SEARCH_ORDER_TT : (value[k] < -SORT_CLAMP ? -SORT_CLAMP : value[k] > SORT_CLAMP ? SORT_CLAMP : value[k]) * 64 + (n - i);
    }
}

void search_update_pv(SearchCtx *s, Move m)
{
    const int ply = s->ply;
    s->pv[ply][0] = m;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], sizeof(Move) * (size_t)s->pvlen[ply + 1]);
    s->pvlen[ply] = s->pvlen[ply + 1] + 1;
}

/* Principal variation search of one move: the first with the full window,
 * the others with a null window, searched again only when they beat alpha. */
static int pvs_child(SearchCtx *s, Move m, int depth, int alpha, int beta, bool first)
{
    if (first)
        return search_child(s, m, depth, alpha, beta);
    const int score = search_child(s, m, depth, alpha, alpha + 1);
    if (score > alpha && score < beta && !s->stop)
        return search_child(s, m, depth, alpha, beta);
    return score;
}

/* The best move of a node so far, and its window's lower end. */
typedef struct NodeBest {
    int best;
    Move move;
    int alpha;
} NodeBest;

/* Takes a child's score; true on a cutoff. */
static bool take_child(SearchCtx *s, NodeBest *nb, Move m, int score, int depth, int beta)
{
    if (score <= nb->best)
        return false;
    nb->best = score;
    nb->move = m;
    if (score <= nb->alpha)
        return false;
    nb->alpha = score;
    search_update_pv(s, m);
    if (score < beta)
        return false;
    search_reward_quiet(s, m, depth);
    return true;
}

/* A node whose moves after the first are shared among threads (YBWC,
 * search.h): its moves best first, where it lies, and what the threads
 * hand back through it. */
typedef struct SplitLine {
    atomic_bool heuristic; /* some thread saw a non-final leaf under it */
    int pvlen;
    Move pv[MAX_PLY + 1];  /* the line below the best move so far */
} SplitLine;

typedef struct MidNode {
    const Move *moves;
    const Move *path;      /* the moves from the root to the node */
    int ply, depth, beta;
    SplitLine *line;
    int probcut, tt_extra; /* the owner's iteration's (a selective endgame's) */
    bool endsel;
} MidNode;

static int split_move(SplitThread *t, const void *node, int i, int alpha)
{
    const MidNode *nd = node;
    SearchCtx *s = t->ctx;
    const bool saw = s->saw_heuristic;
    s->saw_heuristic = false;
    const int score = pvs_child(s, nd->moves[i], nd->depth, alpha, nd->beta, false);
    if (s->saw_heuristic)
        atomic_store_explicit(&nd->line->heuristic, true, memory_order_relaxed);
    s->saw_heuristic |= saw;
    return score;
}

/* A thread's position is at a node on the way to the one it helps (the
 * root, or its own split node above it): it plays the rest of the way. */
static int split_enter(SplitThread *t, const void *node)
{
    const MidNode *nd = node;
    SearchCtx *s = t->ctx;
    const int from = s->ply;
    assert(from <= nd->ply && memcmp(s->path, nd->path, sizeof(Move) * (size_t)from) == 0);
    for (int p = from; p < nd->ply; p++) {
        s->ops->make(s->pos, nd->path[p]);
        s->path[p] = nd->path[p];
    }
    s->ply = nd->ply;
    s->probcut = nd->probcut;
    s->tt_extra = nd->tt_extra;
    s->endsel = nd->endsel;
    return from;
}

static void split_leave(SplitThread *t, const void *node, int from)
{
    (void)node;
    SearchCtx *s = t->ctx;
    for (; s->ply > from; s->ply--)
        s->ops->unmake(s->pos);
}

static void split_took(SplitThread *t, const void *node, int i)
{
    (void)i;
    const MidNode *nd = node;
    const SearchCtx *s = t->ctx;
    nd->line->pvlen = s->pvlen[nd->ply + 1];
    memcpy(nd->line->pv, s->pv[nd->ply + 1], sizeof(Move) * (size_t)nd->line->pvlen);
}

/* Shares moves from, the moves not yet searched (the first has been,
 * without a cutoff), with the idle threads; true on a cutoff. The order
 * is the one the node would search them in alone. */
static bool split_rest(SearchCtx *s, Move *moves, int *keys, int n, int from, int depth, int beta, NodeBest *nb)
{
    for (int k = from; k < n; k++)
        search_pick_move(moves, keys, n, k);
    SplitLine line;
    atomic_init(&line.heuristic, false);
    line.pvlen = 0;
    const MidNode nd = {moves + from, s->path, s->ply, depth, beta, &line, s->probcut, s->tt_extra, s->endsel};
    const SplitJob job = {&nd, n - from, beta, split_move, split_enter, split_leave, split_took};
    const int alpha0 = nb->alpha;
    int best_i;
    split_search(s->split, &job, &nb->alpha, &nb->best, &best_i);
    if (atomic_load_explicit(&line.heuristic, memory_order_relaxed))
        s->saw_heuristic = true;
    if (s->stop || best_i < 0)
        return false;
    const Move m = nd.moves[best_i];
    nb->move = m;
    if (nb->best <= alpha0)
        return false;
    const int ply = s->ply;
    s->pv[ply][0] = m;
    memcpy(&s->pv[ply][1], line.pv, sizeof(Move) * (size_t)line.pvlen);
    s->pvlen[ply] = line.pvlen + 1;
    if (nb->best < beta)
        return false;
    search_reward_quiet(s, m, depth);
    return true;
}

/* Simplified ABDADA. A thread marks the move it searches with a key of the
 * node and the move; search_busy_take returns the key, or 0 when another thread
 * holds it now (the move is left for later). */
uint64_t search_busy_take(SearchCtx *s, uint64_t node, Move m)
{
    const uint64_t k = (node ^ (uint64_t)(m + 2) * 0x9E3779B97F4A7C15ull) | 1; /* never 0, a free slot */
    _Atomic uint64_t *slot = &s->busy->slot[(k >> 32) & (SEARCH_BUSY_SLOTS - 1)];
    if (atomic_load_explicit(slot, memory_order_relaxed) == k) {
        s->deferred++;
        return 0;
    }
    atomic_store_explicit(slot, k, memory_order_relaxed);
    return k;
}

void search_busy_release(SearchCtx *s, uint64_t k)
{
    uint64_t mine = k;
    atomic_compare_exchange_strong_explicit(&s->busy->slot[(k >> 32) & (SEARCH_BUSY_SLOTS - 1)], &mine, 0,
                                            memory_order_relaxed, memory_order_relaxed);
}

/* Searches m, not a node's first move, unless another thread is searching
 * it now; false then. */
static bool pvs_unless_busy(SearchCtx *s, uint64_t node, Move m, int depth, int alpha, int beta, int *score)
{
    const uint64_t k = search_busy_take(s, node, m);
    if (!k)
        return false;
    *score = pvs_child(s, m, depth, alpha, beta, false);
    search_busy_release(s, k);
    return true;
}

/* A node searched to the end of the game in a selective endgame iteration
 * goes into the table deeper than it is, by the iteration's level: a later,
 * less selective level must not take its bounds, and a midgame search is
 * glad to. Not its ProbCut and ordering searches, which stop short of the
 * end. */
static int tt_extra(const SearchCtx *s, int depth)
{
    return s->tt_extra && depth >= s->ops->solve_depth(s->pos) ? s->tt_extra : 0;
}

int search_alphabeta(SearchCtx *s, int depth, int alpha, int beta)
{
    const GameOps *ops = s->ops;
    void *pos = s->pos;
    const bool pv_node = beta - alpha > 1;
    const int ply = s->ply;
    s->pvlen[ply] = 0;
    s->nodes++;
    if (ply > s->seldepth)
        s->seldepth = ply;

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
    const bool probe = depth > 0 || !(ops->tuning && ops->tuning->no_leaf_tt);
    const bool hit = probe && tt_probe(s->tt, key, &e);
    const int tt_depth = depth + tt_extra(s, depth);
    if (hit) {
        tt_move = e.move;
        int sc = score_from_tt(e.score, ply);
        if (!pv_node && e.depth >= tt_depth) {
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

    /* Step 4. ProbCut: a shallow search far outside the window predicts
     * that the full one would fail the same way. */
    const SearchTuning *tune = ops->tuning;
    if (!pv_node && s->probcut && tune && tune->probcut && alpha > -SCORE_WIN_MIN && beta < SCORE_WIN_MIN) {
        int shallow, sigma;
        if (tune->probcut(pos, depth, &shallow, &sigma)) {
            const int margin = (int)((int64_t)sigma * s->probcut / 100);
            const int hi = beta + margin, lo = alpha - margin;
            if (hi < SCORE_WIN_MIN) {
                const int v = search_alphabeta(s, shallow, hi - 1, hi);
                if (s->stop)
                    return 0;
                if (v >= hi) {
                    s->saw_heuristic = true;
                    return beta;
                }
            }
            if (lo > -SCORE_WIN_MIN) {
                const int v = search_alphabeta(s, shallow, lo, lo + 1);
                if (s->stop)
                    return 0;
                if (v <= lo) {
                    s->saw_heuristic = true;
                    return alpha;
                }
            }
        }
    }

    /* Step 5. Finished game, or the horizon. */
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

    /* Step 6. Move ordering. With a table move and no ordering search,
     * the table move goes first and the others are ranked only if it does
     * not cut (most cut nodes cut on it, and ranking costs a move each). */
    const int sort_depth = tune && tune->sort_depth && n > 1 ? tune->sort_depth(depth) : -1;
    bool staged = sort_depth < 0 && search_tt_first(moves, keys, n, tt_move);
    if (!staged)
        search_order_moves(s, moves, keys, n, tt_move, depth);
    if (sort_depth >= 0) {
        sort_by_search(s, moves, keys, n, sort_depth, alpha, beta);
        if (s->stop)
            return 0;
    }

    /* Step 7. Principal variation search over the moves. */
    const int alpha0 = alpha;
    NodeBest nb = {-SCORE_INF, MOVE_NONE, alpha};
    const bool defer = s->busy && depth >= SEARCH_BUSY_MIN_DEPTH;
    Move later[MAX_MOVES];
    int nlater = 0;
    bool cut = false;
    for (int i = 0; i < n && !cut; i++) {
        if (staged && i == 1) {
            search_order_moves(s, moves + 1, keys + 1, n - 1, MOVE_NONE, depth);
            staged = false;
        }
        if (i > 0 && s->split && depth >= SPLIT_MIN_DEPTH && split_wanted(s->split, n - i + 1)) {
            cut = split_rest(s, moves, keys, n, i, depth, beta, &nb);
            if (s->stop)
                return 0;
            break;
        }
        Move m = i == 0 && staged ? moves[0] : search_pick_move(moves, keys, n, i);
        int score;
        if (!(defer && i > 0))
            score = pvs_child(s, m, depth, nb.alpha, beta, i == 0);
        else if (!pvs_unless_busy(s, key, m, depth, nb.alpha, beta, &score)) {
            later[nlater++] = m;
            continue;
        }
        if (s->stop)
            return 0;
        cut = take_child(s, &nb, m, score, depth, beta);
    }
    /* The moves another thread was searching, now that it may be done. */
    for (int j = 0; j < nlater && !cut; j++) {
        const int score = pvs_child(s, later[j], depth, nb.alpha, beta, false);
        if (s->stop)
            return 0;
        cut = take_child(s, &nb, later[j], score, depth, beta);
    }
    const int best = nb.best;
    const Move best_move = nb.move;

    /* Step 8. Remember the result, unless this was a shallow search of a
     * node the table knows deeper (ProbCut's, the ordering's): a later
     * visit needs the deeper bound. A node that failed low names no move:
     * the highest of its moves' upper bounds is a poor guess, and as the
     * table's move it went first next time (the move stored before stays;
     * 8x8 Othello: 12 % fewer nodes to depth 15 over games' positions). */
    int bound = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
    if (!hit || bound == TT_EXACT || tt_depth >= e.depth - KEEP_DEEPER)
        tt_store(s->tt, key, tt_depth, bound, score_to_tt(best, ply), bound == TT_UPPER ? MOVE_NONE : best_move);
    return best;
}
