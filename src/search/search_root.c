/*
 * search_root.c - the search at the root: iterative deepening with
 * aspiration windows, the plan of the iterations (midgame, selective
 * endgame levels, the exact one), the helper threads (Lazy SMP or the
 * split) and the search's result. The nodes below the root are search.c's.
 */
#include "search.h"

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timeman.h"

enum {
    EXACT_APART_MIN = 20 /* the exact iteration a root solve's from here: see deepen_exact */
};
static const int64_t SPLIT_MIN_BUDGET = 500000000; /* ns: see split_pays */

/* Tells the observer about ev, stamped with the search's progress. */
static void notify(SearchCtx *s, SearchEvent *ev)
{
    ev->depth = s->root_depth;
    ev->sure = s->root_sure;
    ev->seldepth = s->seldepth;
    ev->nodes = s->nodes;
    ev->ns = clock_ns() - s->start_ns;
    s->observe(s->observe_arg, ev);
}

static void notify_move(SearchCtx *s, SearchEventKind kind, Move m, int score)
{
    SearchEvent ev = {.kind = kind, .move = m, .score = score};
    notify(s, &ev);
}

/* Moves m, one of the first n of moves, to the front. */
static void to_front(Move *moves, int n, Move m)
{
    int i = 0;
    while (i < n - 1 && moves[i] != m)
        i++;
    memmove(&moves[1], &moves[0], sizeof(Move) * (size_t)i);
    moves[0] = m;
}

/* One iteration's walk over the root moves. */
typedef struct RootWalk {
    Move *moves; /* reordered best first as moves beat alpha */
    int n, depth, alpha, beta;
    int best;
    int done; /* moves searched to the end */
    bool watch;
} RootWalk;

/* Searches the root move m (first: with the full window); false when the
 * iteration ends here, by a cutoff or the stop flag. */
static bool root_move(SearchCtx *s, RootWalk *w, Move m, bool first)
{
    if (w->watch)
        notify_move(s, SEARCH_EV_MOVE, m, 0);
    int score = search_child(s, m, w->depth, w->alpha, first ? w->beta : w->alpha + 1);
    if (!first && score > w->alpha && score < w->beta && !s->stop) {
        const int bound = score;
        score = search_child(s, m, w->depth, w->alpha, w->beta);
        /* Stopped in the search again, m is still proved better than the
         * best so far: it becomes the iteration's move, with its bound (in
         * an exact iteration, a proof that the clock would otherwise throw
         * away). */
        if (s->stop) {
            to_front(w->moves, w->n, m);
            s->pv[0][0] = m;
            s->pvlen[0] = 1;
            w->done++;
            w->best = bound;
            return false;
        }
    }
    if (s->stop)
        return false;
    if (w->watch)
        notify_move(s, SEARCH_EV_MOVE_DONE, m, score);
    w->done++;
    if (score > w->best) {
        w->best = score;
        if (score > w->alpha) {
            w->alpha = score;
            search_update_pv(s, m);
            to_front(w->moves, w->n, m);
            return score < w->beta;
        }
    }
    return true;
}

/* One iteration at the root; root moves are reordered best first. The
 * observer hears about each move of the first line (watch). With helpers a
 * thread leaves the root moves another one is searching for last, as
 * search_alphabeta does. */
static int search_root(SearchCtx *s, Move *moves, int n, int depth, int alpha, int beta, int *done,
                       bool watch)
{
    RootWalk w = {moves, n, depth, alpha, beta, -SCORE_INF, 0, watch && s->observe};
    s->pvlen[0] = 0;
    const bool defer = s->busy && depth >= SEARCH_BUSY_MIN_DEPTH;
    const uint64_t key = defer ? s->ops->hash(s->pos) : 0;
    Move order[MAX_MOVES], later[MAX_MOVES];
    memcpy(order, moves, sizeof(Move) * (size_t)n);
    int nlater = 0;
    bool go_on = true;
    for (int i = 0; i < n && go_on; i++) {
        uint64_t k = 0;
        if (defer && i > 0 && !(k = search_busy_take(s, key, order[i]))) {
            later[nlater++] = order[i];
            s->deferred_root++;
            continue;
        }
        go_on = root_move(s, &w, order[i], i == 0);
        if (k)
            search_busy_release(s, k);
    }
    for (int j = 0; j < nlater && go_on; j++)
        go_on = root_move(s, &w, later[j], false);
    *done = w.done;
    return w.best;
}

/* Aspiration: a window around the last iteration's score, widened on
 * failure until the score falls inside it. */
static int aspirate(SearchCtx *s, Move *moves, int n, int depth, int prev, int *done, bool watch)
{
    int delta = s->ops->score_units ? s->ops->score_units() : 100;
    int alpha = -SCORE_INF, beta = SCORE_INF, score;
    if (depth >= 4 && prev > -SCORE_WIN_MIN && prev < SCORE_WIN_MIN) {
        alpha = prev - delta;
        beta = prev + delta;
    }
    for (;;) {
        score = search_root(s, moves, n, depth, alpha, beta, done, watch);
        if (s->stop || (score > alpha && score < beta))
            break;
        delta *= 4;
        if (score <= alpha)
            alpha = delta > SCORE_WIN_MIN ? -SCORE_INF : score - delta;
        else
            beta = delta > SCORE_WIN_MIN ? SCORE_INF : score + delta;
    }
    return score;
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
    s->solve_split = (SplitStats){0};
    s->mid_split = (SplitStats){0};
    s->aborted = false;
    s->deferred = 0;
    s->deferred_root = 0;
    s->ply = 0;
    s->seldepth = 0;
    s->stop = false;
    s->observe = lim->observe;
    s->observe_arg = lim->observe_arg;
    s->start_ns = clock_ns();
    s->soft_ns = lim->soft_ns ? s->start_ns + lim->soft_ns : 0;
    s->hard_ns = lim->hard_ns ? s->start_ns + lim->hard_ns : 0;
    s->node_limit = lim->nodes;
    if (s->node_cap && (!s->node_limit || s->node_limit > s->node_cap))
        s->node_limit = s->node_cap;
    /* A node budget is a request for a reproducible search. */
    s->run_threads = s->node_limit ? 1 : lim->threads ? lim->threads : s->threads;
    search_schedule_poll(s);
    search_reset(s);
    if (tt)
        tt_new_search(tt);
}

void search_set_poll(SearchCtx *s, SearchPoll poll, void *arg)
{
    s->poll = poll;
    s->poll_arg = arg;
}

void search_set_node_cap(SearchCtx *s, uint64_t cap) { s->node_cap = cap; }

void search_set_threads(SearchCtx *s, int threads) { s->threads = threads > 1 ? threads : 1; }

int search_threads(const SearchCtx *s) { return s->run_threads > 1 ? s->run_threads : 1; }

/* A game that answers the root outright (a forced win or loss) ends the
 * search there, provided its move is legal. */
static bool root_solved(SearchCtx *s, int depth, SearchResult *res)
{
    int sc;
    Move bm = MOVE_NONE;
    if (!s->ops->solve(s->pos, s, depth, -SCORE_INF, SCORE_INF, &sc, &bm) || s->stop ||
        bm == MOVE_NONE || !s->ops->is_legal(s->pos, bm))
        return false;
    search_take_solved(res, bm, sc);
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
    search_order_moves(s, moves, keys, n, tt_move, MAX_PLY);
    for (int i = 0; i < n; i++)
        search_pick_move(moves, keys, n, i);
    return n;
}

/* The depth of the next iteration, depth or deeper: with helpers, the
 * main thread goes through every depth (its clock decisions read them) and
 * publishes each it begins. Where the threads defer each other's moves
 * (they share a SearchBusy: search_alphabeta's, not a game's own), a
 * helper that fell behind takes up the deepest begun, and the threads
 * share the work of one iteration; otherwise a helper begins one above the
 * deepest begun, so that the threads are not in step and the main thread's
 * next iteration finds part of its tree in the table. On 8x8 Othello, 50
 * positions at 0.5 s, the main thread reached its depths 1.56-1.78 times as
 * fast as one thread with the first, 1.15 times with deferring helpers one
 * above, 1.04 without deferring. */
static int lead_depth(SearchCtx *s, int depth)
{
    if (!s->lead)
        return depth;
    /* Relaxed: a stale value only makes a helper's choice less apt. */
    const int top = atomic_load_explicit(s->lead, memory_order_relaxed);
    if (s->helper && s->busy && depth < top)
        depth = top;
    else if (s->helper && !s->busy && depth <= top)
        depth = top + 1;
    if (depth > top)
        atomic_store_explicit(s->lead, depth, memory_order_relaxed);
    return depth;
}

/* Selective endgame. A game with a solver for the end (solve_depth), in a
 * search without a depth limit: once the midgame iterations come within
 * ENDSEL_GAP plies of the end, the next ones search to the end of the game
 * with ProbCut at the confidences of ENDSEL_T (in hundredths of sigma;
 * ENDSEL_SURE, the share of the normal curve inside them), each less
 * selective than the one before, and the last one exactly. The solver
 * takes the nodes of few empties (the game's choice), ProbCut's shallow
 * searches predict the value of the larger ones. On 300 positions of 22
 * empties from self-play, every move's exact value known (tests/data/
 * selfplay-22.obf), the move played with two threads lost 0.36-0.38 discs
 * on average at 0.1 s a move without it, 0.26-0.27 with it; 0.39 and 0.15
 * at 0.2 s. Starting 1 or 6 plies from the end did no better (0.34, 0.30
 * at 0.1 s, against 0.22 in the same hour). */
enum { ENDSEL_GAP = 3, ENDSEL_LEVELS = 4 };
/* Plies searched beyond the end, so that nodes below a pass still reach
 * the solver; the exact iteration's table entries lie above all the
 * selective ones (see tt_extra). */
enum { ENDSEL_MARGIN = 2, ENDSEL_EXACT_EXTRA = ENDSEL_MARGIN + ENDSEL_LEVELS + 1 };
static const int ENDSEL_T[ENDSEL_LEVELS] = {110, 150, 200, 260};
static const int ENDSEL_SURE[ENDSEL_LEVELS] = {73, 87, 95, 98};

typedef struct Iteration {
    int depth;      /* the search's */
    int shown;      /* the depth reported: the end for a selective endgame */
    int probcut;
    int sure;       /* SearchResult.sure */
    int tt_extra;   /* see tt_extra */
    bool endsel;
    bool exact;     /* to the end without ProbCut */
} Iteration;

/* Iteration it of a search whose root has end empties (0: a game without
 * solve_depth). An exact iteration never takes a selective one's bounds,
 * not even one a search before left in the table. */
static Iteration plan_iteration(const SearchLimits *lim, int it, int end)
{
    const int first = end - ENDSEL_GAP;
    const bool selective = end && !lim->depth && lim->probcut;
    if (end && it >= end && !selective)
        return (Iteration){it, it, lim->probcut, 0, ENDSEL_EXACT_EXTRA, false, true};
    if (!selective || it < first)
        return (Iteration){it, it, lim->probcut, 0, 0, false, false};
    const int level = it - first;
    if (level < ENDSEL_LEVELS)
        return (Iteration){end + ENDSEL_MARGIN, end, ENDSEL_T[level], ENDSEL_SURE[level], level + 1, true, false};
    return (Iteration){end, end, 0, 0, ENDSEL_EXACT_EXTRA, false, true};
}

static void set_iteration(SearchCtx *s, const Iteration *it)
{
    s->probcut = it->probcut;
    s->tt_extra = it->tt_extra;
    s->endsel = it->endsel;
    s->root_depth = it->shown;
    s->root_sure = it->sure;
}

static bool deepen_plan(SearchCtx *s, const SearchLimits *lim, Move *moves, int n, SearchResult *res, bool apart);

/* deepen_plan, after which the context searches as the limits say (the
 * root's exact attempts come next). */
static bool deepen_from(SearchCtx *s, const SearchLimits *lim, Move *moves, int n, SearchResult *res, bool apart)
{
    const bool r = deepen_plan(s, lim, moves, n, res, apart);
    s->probcut = lim->probcut;
    s->tt_extra = 0;
    s->endsel = false;
    return r;
}

/* Iterative deepening over the root moves until the depth limit, the
 * clock or an exact score stops it; res keeps the last useful iteration.
 * With multi-PV each iteration searches the lines one after another, each
 * without the moves of the lines before it. True when it stopped before
 * the exact iteration, left to a root solve (apart), the clock allowing it. */
static bool deepen_plan(SearchCtx *s, const SearchLimits *lim, Move *moves, int n, SearchResult *res, bool apart)
{
    const int end = s->ops->solve && s->ops->solve_depth ? s->ops->solve_depth(s->pos) : 0;
    const int max_depth = lim->depth > 0 && lim->depth < MAX_PLY - 1 ? lim->depth : MAX_PLY - 2;
    const int want = search_lines_wanted(lim, n);
    int prev[SEARCH_MAX_PV] = {0};
    SearchLine found[SEARCH_MAX_PV];
    int64_t last_ns = 0, before_ns = 0;
    SearchRefute refute = {.nsafe = 0};
    for (int depth = 1; depth <= max_depth; depth++) {
        depth = lead_depth(s, depth);
        if (depth > max_depth)
            break;
        /* Step 1. Start no iteration whose first move cannot be searched in
         * time: the first move takes about half of an iteration (the last
         * one grown by the rate the iterations grow at), and an iteration
         * stopped after it still counts (Step 3). A budget whose soft and
         * hard limits are one (a move's own time: byo-yomi of one stone, a
         * time per move) saves nothing by stopping early: iterations go on
         * to the deadline. */
        const int64_t now = clock_ns();
        if (depth > 1 && s->soft_ns && s->soft_ns != s->hard_ns) {
            const int64_t grow = before_ns > 0 && last_ns / before_ns < 8 ? last_ns / before_ns : 8;
            const int64_t next = last_ns * (grow < 2 ? 2 : grow);
            if (now + next / 2 > s->soft_ns)
                break;
        }
        const Iteration plan = plan_iteration(lim, depth, end);
        if (apart && plan.exact)
            return true;
        set_iteration(s, &plan);
        s->saw_heuristic = false;

        /* Step 2. Each line with an aspiration window around its last score. */
        int got = 0, done = 0, score = 0;
        for (; got < want; got++) {
            score = aspirate(s, moves + got, n - got, plan.depth, prev[got], &done, got == 0);
            if (s->stop)
                break;
            search_take_line(s, &found[got], score, plan.shown);
        }

        /* Step 3. Keep the result; a stopped iteration counts only when its
         * first move (the previous best) was searched to the end. */
        if (got == 0) {
            if (s->stop && (done == 0 || s->pvlen[0] == 0))
                break;
            search_take_line(s, &found[0], score, plan.shown);
            got = 1;
        }
        const bool complete = got == want;
        search_keep_lines(res, found, got, want, moves);
        /* The lines of a finished iteration, best first: a line searched
         * without the moves before it can come out above them when the
         * pruning differs, and hosts show the lines in the order given. */
        for (int i = 0; complete && s->observe && i < res->nlines; i++) {
            SearchEvent ev = {.kind = SEARCH_EV_LINE, .index = i, .count = want, .line = &res->lines[i]};
            notify(s, &ev);
        }
        const SearchLine *best = &res->lines[0];
        res->best = best->pv[0];
        res->score = best->score;
        res->depth = plan.shown;
        res->exact = !s->saw_heuristic && !s->stop;
        res->sure = res->exact ? 0 : plan.sure;
        res->pvlen = best->pvlen;
        memcpy(res->pv, best->pv, sizeof(Move) * (size_t)res->pvlen);
        res->nodes = s->nodes;
        res->ns = clock_ns() - s->start_ns;
        before_ns = last_ns;
        last_ns = clock_ns() - now;
        if (lim->verbose)
            log_iteration(s, res);
        for (int i = 0; i < res->nlines; i++)
            prev[i] = res->lines[i].score;
        /* Step 4. The move chosen, checked against the opponent's wins
         * that the search cannot see; refuted, the iteration again. */
        if (search_refute_drop(s, lim, moves, &n, res, &refute, depth)) {
            depth--;
            continue;
        }
        if (s->stop || res->exact || res->score >= SCORE_WIN_MIN || res->score <= -SCORE_WIN_MIN)
            break;
    }
    return false;
}

static void deepen(SearchCtx *s, const SearchLimits *lim, Move *moves, int n, SearchResult *res)
{
    deepen_from(s, lim, moves, n, res, false);
}

/*
 * Lazy SMP: helper threads run the same iterative deepening on copies of
 * the position, all sharing the transposition table, which is where their
 * work reaches the main thread: its searches find the helpers' bounds and
 * best moves and cut sooner. In search_alphabeta and search_root the
 * threads also tell each other which moves they are searching (SearchBusy,
 * a simplified ABDADA): a thread that comes to a move another one is
 * searching, other than a node's first, leaves it for last, by when the
 * other's result is in the table or a cutoff has made it needless; so the
 * threads can search one iteration together (lead_depth). The main thread
 * alone reports and decides; when it is done it raises the shared stop
 * flag, joins the helpers, and takes the move of one that finished a deeper
 * iteration (take_deepest). A helper has no soft deadline of its own (it
 * stops with the main thread), only the hard one.
 */
typedef struct Helpers {
    const GameOps *ops;
    SearchLimits lim;                       /* the helpers' own: one line each */
    bool multi;                             /* the main thread searches several lines */
    int n;
    Move moves[MAX_MOVES];
    atomic_bool halt;
    atomic_int lead;                        /* see SearchCtx.lead */
    SearchBusy busy;                        /* see SearchCtx.busy */
    SearchThreads *threads;
    SplitPool *pool;                        /* YBWC instead of Lazy SMP: see split_start */
    SplitThread st[SEARCH_MAX_THREADS];
    int count;                              /* helpers made ready */
    SearchCtx *ctx[SEARCH_MAX_THREADS];     /* each with its copy of the position */
    SearchResult *res[SEARCH_MAX_THREADS];  /* each one's last iteration */
} Helpers;

static void helper_main(void *arg, int index)
{
    Helpers *hp = arg;
    SearchCtx *h = hp->ctx[index];
    Move moves[MAX_MOVES];
    memcpy(moves, hp->moves, sizeof *moves * (size_t)hp->n);
    deepen_from(h, &hp->lim, moves, hp->n, hp->res[index], false);
}

static void helpers_free(Helpers *hp)
{
    for (int i = 1; i <= hp->count; i++) {
        hp->ops->destroy(hp->ctx[i]->pos);
        search_destroy(hp->ctx[i]);
        free(hp->res[i]);
    }
    free(hp);
}

/* A context for a helper thread of s's search: its own counters and
 * stacks, s's game, table, deadlines and stop flag. */
SearchCtx *search_helper(const SearchCtx *s, atomic_bool *halt)
{
    SearchCtx *h = search_create();
    if (!h)
        return NULL;
    h->ops = s->ops;
    h->pos = s->pos;
    h->tt = s->tt;
    h->root_depth = s->root_depth;
    h->ply = s->ply;
    h->threads = 1;
    h->halt = halt;
    h->start_ns = s->start_ns;
    h->soft_ns = s->soft_ns;
    h->hard_ns = s->hard_ns;
    h->probcut = s->probcut;
    h->endsel = s->endsel;
    h->tt_extra = s->tt_extra;
    h->next_poll = 64;
    search_reset(h);
    return h;
}

/* Which way the threads share a search. Lazy SMP (each thread its own
 * iterations, leaving the moves another is searching for last) reaches
 * the first depths sooner, its threads never waiting; Young Brothers Wait
 * (split_start) the deep ones. On 8x8 Othello, 2 threads, 50 midgame
 * positions at 2 s, time to each depth against Lazy SMP (geometric means,
 * runs interleaved per position): 0.92-0.99 at depths 9-12, 1.03-1.09 at
 * 13-16, 1.13-1.22 at 17-19, 1.28-1.33 at 20-22; the two are even at
 * about 0.15-0.3 s a move. So YBWC for a budget of SPLIT_MIN_BUDGET or
 * none (analysis), one line wanted, and a game that searches with
 * search_alphabeta (five-in-a-row has its own alphabeta). */
static bool split_pays(const SearchCtx *s, const SearchLimits *lim, int n)
{
    if (s->ops->alphabeta || search_lines_wanted(lim, n) != 1)
        return false;
    return !s->soft_ns || s->soft_ns - s->start_ns >= SPLIT_MIN_BUDGET;
}

/* The helpers as a YBWC pool (search.h): they wait for the split points of
 * the main thread's search, each on a copy of the root position. */
static Helpers *split_start(SearchCtx *s, Helpers *hp, int threads)
{
    hp->ops = s->ops;
    hp->pool = split_pool_open(s, search_should_stop);
    if (!hp->pool) {
        free(hp);
        return NULL;
    }
    SplitThread *team[SEARCH_MAX_THREADS];
    hp->st[0] = (SplitThread){s, NULL, NULL};
    team[0] = &hp->st[0];
    for (int i = 1; i < threads; i++) {
        SearchCtx *h = search_helper(s, split_pool_halt(hp->pool));
        void *pos = h ? s->ops->clone(s->pos) : NULL;
        if (!pos) {
            search_destroy(h);
            break;
        }
        h->pos = pos;
        hp->st[i] = (SplitThread){h, NULL, NULL};
        h->split = &hp->st[i];
        team[i] = &hp->st[i];
        hp->ctx[i] = h;
        hp->count = i;
    }
    s->split = &hp->st[0];
    split_pool_start(hp->pool, team, hp->count + 1);
    return hp;
}

/* Starts the helpers of s's search; NULL when it runs alone. Their
 * contexts and positions are made here, before the main thread moves on. */
static Helpers *helpers_start(SearchCtx *s, const SearchLimits *lim, const Move *moves, int n)
{
    int threads = search_threads(s);
    threads = threads < SEARCH_MAX_THREADS ? threads : SEARCH_MAX_THREADS;
    if (threads < 2 || !s->ops->clone || s->halt)
        return NULL;
    Helpers *hp = calloc(1, sizeof *hp);
    if (!hp)
        return NULL;
    if (split_pays(s, lim, n))
        return split_start(s, hp, threads);
    hp->ops = s->ops;
    hp->lim = *lim;
    hp->multi = search_lines_wanted(lim, n) > 1;
    hp->lim.multipv = 1;
    hp->lim.verbose = false;
    hp->lim.observe = NULL;
    hp->n = n;
    memcpy(hp->moves, moves, sizeof *moves * (size_t)n);
    atomic_init(&hp->halt, false);
    atomic_init(&hp->lead, 0);
    SearchBusy *busy = s->ops->alphabeta ? NULL : &hp->busy; /* only search_alphabeta defers */
    for (int i = 1; i < threads; i++) {
        SearchCtx *h = search_helper(s, &hp->halt);
        void *pos = h ? s->ops->clone(s->pos) : NULL;
        SearchResult *res = pos ? calloc(1, sizeof *res) : NULL;
        if (!res) {
            if (pos)
                s->ops->destroy(pos);
            search_destroy(h);
            break;
        }
        h->pos = pos;
        h->soft_ns = 0;
        h->helper = true;
        h->lead = &hp->lead;
        h->busy = busy;
        hp->ctx[i] = h;
        hp->res[i] = res;
        hp->count = i;
    }
    if (hp->count == 0) {
        helpers_free(hp);
        return NULL;
    }
    s->halt = &hp->halt;
    s->lead = &hp->lead;
    s->busy = busy;
    hp->threads = search_spawn(hp->count + 1, helper_main, hp);
    return hp;
}

/* How far an iteration went: a selective endgame's (to the end, depth)
 * beyond every midgame iteration, short of the exact one. */
static int reach(const SearchResult *r) { return r->sure ? (r->depth - 1) * 128 + r->sure : r->depth * 128; }

/* A helper's last iteration replaces the main thread's when it went
 * deeper: the helpers run ahead, and their deeper look is worth more than
 * the main thread's shallower one. Not over an exact result, a win or loss
 * the main thread proved (a threat search's, say), or several lines (the
 * main thread's lines are the answer then, even when the clock stopped it
 * after its first). */
static void take_deepest(const Helpers *hp, SearchResult *res)
{
    if (hp->multi || res->exact || res->score >= SCORE_WIN_MIN || res->score <= -SCORE_WIN_MIN)
        return;
    for (int i = 1; i <= hp->count; i++) {
        const SearchResult *r = hp->res[i];
        if (reach(r) <= reach(res) || r->best == MOVE_NONE || r->pvlen == 0 ||
            search_refute_dropped(res, r->best))
            continue;
        res->best = r->best;
        res->score = r->score;
        res->depth = r->depth;
        res->sure = r->sure;
        res->pvlen = r->pvlen;
        memcpy(res->pv, r->pv, sizeof(Move) * (size_t)r->pvlen);
    }
}

/* Stops and joins the helpers; their nodes count in s's, and res takes
 * the deepest helper's move where take_deepest allows it. */
static void helpers_stop(SearchCtx *s, Helpers *hp, SearchResult *res)
{
    if (!hp)
        return;
    if (hp->pool) {
        split_pool_close(hp->pool, &s->mid_split);
        s->split = NULL;
    } else {
        atomic_store_explicit(&hp->halt, true, memory_order_relaxed);
        search_join(hp->threads);
        for (int i = 1; i <= hp->count; i++) {
            s->deferred += hp->ctx[i]->deferred;
            s->deferred_root += hp->ctx[i]->deferred_root;
        }
        s->halt = NULL;
        s->lead = NULL;
        s->busy = NULL;
        take_deepest(hp, res);
    }
    for (int i = 1; i <= hp->count; i++)
        s->nodes += hp->ctx[i]->nodes;
    helpers_free(hp);
}

static bool root_attempt(SearchCtx *s, const SearchResult *res, int alpha, int beta, int *score, Move *best);

/* The iteration to the end of the game as a root solve, whose split
 * shares out the work below the root among all the threads, where the
 * helpers would search it side by side (the table the midgame iterations
 * filled orders the solver's moves). On 8x8 Othello, two threads, 50
 * positions, time from the start of the search to the exact score
 * (geometric means): 20 empties 95 ms against 105, 22 empties 485 against
 * 557, 23 914 against 1128, 24 1810 against 2254; with 18 empties no gain
 * (24.5 against 23.0 ms), hence EXACT_APART_MIN. Stopped, the last
 * iteration stands. */
static void deepen_exact(SearchCtx *s, const SearchLimits *lim, SearchResult *res)
{
    int score;
    Move best;
    s->saw_heuristic = false;
    if (!root_attempt(s, res, -SCORE_INF, SCORE_INF, &score, &best))
        return;
    search_take_solved(res, best, score);
    res->depth = s->ops->solve_depth(s->pos);
    res->sure = 0;
    res->nodes = s->nodes;
    res->ns = clock_ns() - s->start_ns;
    search_single_line(res);
    const SearchLine *l = &res->lines[0];
    s->root_depth = res->depth;
    s->root_sure = 0;
    if (s->observe) {
        SearchEvent ev = {.kind = SEARCH_EV_LINE, .index = 0, .count = 1, .line = l};
        notify(s, &ev);
    }
    if (lim->verbose)
        log_iteration(s, res);
}

/* deepen with the helpers running alongside. With one line wanted, a
 * game with a root solver (8x8 Othello) has the last iteration solved
 * apart, on all the threads. */
static void deepen_threads(SearchCtx *s, const SearchLimits *lim, Move *moves, int n, SearchResult *res)
{
    Helpers *hp = helpers_start(s, lim, moves, n);
    const int end = hp && !hp->multi && s->ops->solve && s->ops->solve_depth ? s->ops->solve_depth(s->pos) : 0;
    const bool exact = deepen_from(s, lim, moves, n, res, end >= EXACT_APART_MIN);
    helpers_stop(s, hp, res);
    if (exact && !res->exact && !s->stop)
        deepen_exact(s, lim, res);
}

/* One exact attempt at the root with the window (alpha, beta); false when
 * the clock stopped it or the game declined. The midgame's move so far
 * (res's) goes into the table first, unless a deeper entry (a solve's) is
 * there: the root is no node of the midgame search's, so the solver would
 * otherwise order its moves without it. */
static bool root_attempt(SearchCtx *s, const SearchResult *res, int alpha, int beta, int *score, Move *best)
{
    const uint64_t key = s->ops->hash(s->pos);
    TtEntry e;
    /* At the root (ply 0) the table keeps a score as it is. */
    if (res->best != MOVE_NONE && res->depth > 0 && (!tt_probe(s->tt, key, &e) || e.depth < res->depth))
        tt_store(s->tt, key, res->depth, TT_EXACT, res->score, res->best);
    *best = MOVE_NONE;
    const int depth = s->ops->solve_depth(s->pos);
    return s->ops->solve(s->pos, s, depth, alpha, beta, score, best) && !s->stop && *best != MOVE_NONE &&
           s->ops->is_legal(s->pos, *best);
}

/* Near the end: a midgame search with a share of the budget, then a
 * win/loss/draw solve and an exact one with the rest, each kept only when
 * it finishes in time. A proven loss keeps the midgame move, which makes
 * the opponent's task hardest as far as the search can tell. */
static void root_endgame(SearchCtx *s, const SearchLimits *lim, Move *moves, int n, SearchResult *res)
{
    /* Step 1. The midgame search, on part of the budget. */
    const int64_t soft = s->soft_ns;
    if (soft)
        s->soft_ns = s->start_ns + (soft - s->start_ns) * lim->root_share / 100;
    deepen_threads(s, lim, moves, n, res);
    s->soft_ns = soft;
    if (res->exact || s->stop)
        return;

    /* Step 2. Win, loss or draw. */
    int score;
    Move best;
    if (!root_attempt(s, res, -1, 1, &score, &best))
        return;
    if (score >= 0) {
        res->best = best;
        res->score = score;
        res->pvlen = 1;
        res->pv[0] = best;
    }

    /* Step 3. The exact score, when there is time for it. */
    if (soft && clock_ns() > s->start_ns + (soft - s->start_ns) / 2)
        return;
    if (!root_attempt(s, res, -SCORE_INF, SCORE_INF, &score, &best))
        return;
    search_take_solved(res, best, score);
}

void search_run(SearchCtx *s, const GameOps *ops, void *pos, Tt *tt, const SearchLimits *lim,
                SearchResult *res)
{
    search_begin(s, ops, pos, tt, lim);
    s->probcut = lim->probcut;
    memset(res, 0, offsetof(SearchResult, lines));
    res->nlines = 0;
    res->nrefuted = 0;
    res->best = MOVE_NONE;
    Move moves[MAX_MOVES];
    const int n = root_moves(s, moves);
    const bool multi = search_lines_wanted(lim, n) > 1;
    if (n == 0) {
        res->score = ops->final_score(pos);
        res->exact = true;
        return;
    }
    res->best = moves[0];
    if (n == 1 && (lim->soft_ns || lim->hard_ns)) {
        search_single_line(res);
        return; /* nothing to think about on a clock */
    }
    /* A game without exact root attempts (five-in-a-row) has its helpers
     * search while the root's threat searches run on the main thread. */
    Helpers *hp = !multi && ops->solve && !ops->solve_depth ? helpers_start(s, lim, moves, n) : NULL;
    if (multi)
        deepen_threads(s, lim, moves, n, res);
    else if (ops->solve && root_solved(s, lim->depth, res))
        ;
    else if (ops->solve && ops->solve_depth && lim->root_solve && ops->solve_depth(pos) <= lim->root_solve)
        root_endgame(s, lim, moves, n, res);
    else if (hp)
        deepen(s, lim, moves, n, res);
    else
        deepen_threads(s, lim, moves, n, res);
    helpers_stop(s, hp, res);
    if (!multi)
        search_single_line(res);
    res->nodes = s->nodes;
    res->ns = clock_ns() - s->start_ns;
}
