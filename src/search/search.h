/*
 * search.h - game-agnostic iterative-deepening alpha-beta (negamax PVS).
 *
 * Everything a search touches lives in a SearchCtx passed explicitly: the
 * position and its rules, the transposition table, node counter, stop flag,
 * deadlines, killers, history and the principal variation. Nothing global,
 * so the same search from the same state always visits the same nodes.
 */
#ifndef FLIPFIVE_SEARCH_H
#define FLIPFIVE_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "tt.h"

enum { SEARCH_MAX_PV = 32 };   /* most lines a multi-PV search reports */
enum { SEARCH_MAX_THREADS = 64 };
enum { SEARCH_MAX_REFUTED = 16 };  /* root moves a search may drop as refuted */
enum { SEARCH_BUSY_SLOTS = 1 << 14 };

/* The moves being searched by the threads of one search, one key a slot. */
typedef struct SearchBusy {
    _Atomic uint64_t slot[SEARCH_BUSY_SLOTS];
} SearchBusy;

/* What the threads of a split search did (search_split.c): split points
 * made, moves searched by a thread other than the split point's owner,
 * time threads waited for work. */
typedef struct SplitStats {
    uint64_t points, moves;
    int64_t idle_ns;
} SplitStats;

/* One principal variation: its value for the root side to move, and its
 * moves from the root (pv[0] is the root move it is about). */
typedef struct SearchLine {
    int score;
    int depth;          /* the iteration it comes from */
    int pvlen;
    Move pv[MAX_PLY];
} SearchLine;

/* What a search tells an observer while it runs (SearchLimits.observe), so
 * that a front end can show progress as its hosts draw it. */
typedef enum {
    SEARCH_EV_MOVE,     /* a root move is being searched (first line only) */
    SEARCH_EV_MOVE_DONE,/* ... and was searched: score is a bound, or exact */
    SEARCH_EV_LINE      /* line index of count of a finished iteration, best first */
} SearchEventKind;

typedef struct SearchEvent {
    SearchEventKind kind;
    int depth;          /* iteration */
    int sure;           /* see SearchResult */
    int seldepth;       /* deepest ply reached so far */
    Move move;          /* the root move (MOVE, MOVE_DONE) */
    int score;          /* MOVE_DONE: at most this when the move failed low */
    int index, count;   /* LINE: which line, of how many */
    const SearchLine *line;
    uint64_t nodes;
    int64_t ns;         /* since the search began */
} SearchEvent;

typedef void (*SearchObserve)(void *arg, const SearchEvent *ev);

typedef struct SearchLimits {
    int depth;          /* deepest iteration; 0 = as deep as time allows */
    uint64_t nodes;     /* node budget; 0 = none */
    int64_t soft_ns;    /* aim to finish by this long after the start; 0 = none */
    int64_t hard_ns;    /* never search longer than this; 0 = none */
    bool verbose;       /* one line per iteration on stderr */
    int probcut;        /* ProbCut confidence t in hundredths of sigma; 0 = off */
    /* Exact answers at the root: with the game's solve_depth at most this,
     * a win/loss/draw solve, then an exact one, are tried with the time
     * left after a midgame search of root_share percent of the budget. */
    int root_solve;
    int root_share;
    /* Multi-PV: the best multipv root moves, each with its value and line
     * (0 or 1: the best move only, as fast as before). */
    int multipv;
    SearchObserve observe;  /* NULL: nobody watches */
    void *observe_arg;
    /* Threads of this search: 0, the context's setting; 1 for a search
     * that must be the same in every run (a node budget always is). */
    int threads;
} SearchLimits;

typedef struct SearchResult {
    Move best;
    int score;          /* from the root side to move's view */
    int depth;          /* last iteration completed */
    /* 0, or the iteration searched to the end of the game (depth) with
     * ProbCut (a selective endgame): its confidence in percent. */
    int sure;
    bool exact;         /* score is the game-theoretic value */
    uint64_t nodes;
    int64_t ns;
    int pvlen;
    Move pv[MAX_PLY];
    /* The lines, best first: as many as multipv asked for and the root has
     * moves (one, the best, without multi-PV). */
    int nlines;
    SearchLine lines[SEARCH_MAX_PV];
    /* Root moves dropped because the opponent wins after them (see
     * GameOps.refuted), in the order they were found: no helper's result
     * may bring one back. */
    int nrefuted;
    Move refuted[SEARCH_MAX_REFUTED];
} SearchResult;

/* Called every few thousand nodes; returning true stops the search. */
typedef bool (*SearchPoll)(void *arg);

/* The fields are read by game hooks (ply, tt, stop, nodes); they are
 * written only by search.c, search_root.c and through the functions below. */
struct SearchCtx {
    const GameOps *ops;
    void *pos;
    Tt *tt;
    uint64_t nodes;
    int ply;
    int seldepth;                       /* deepest ply reached */
    int root_depth;
    int root_sure;                      /* the iteration's SearchResult.sure */
    bool stop;
    /* Threads: how many this search may use (the owner's setting), and the
     * stop flag shared by all the threads of one search (NULL alone): any
     * of them that has to stop raises it, and the others see it at their
     * next poll. */
    int threads;
    int run_threads;                    /* this search's: see search_threads */
    atomic_bool *halt;
    /* The deepest iteration any thread of this search has begun (NULL
     * alone): a helper begins its next one there (sharing a SearchBusy)
     * or above it (see lead_depth). */
    atomic_int *lead;
    /* Moves some thread of this search is searching now, by a key of the
     * node and the move: another thread defers them (NULL alone, and for a
     * game with its own alphabeta, which does not defer). */
    SearchBusy *busy;
    bool helper;                        /* a Lazy SMP helper thread */
    /* This thread's place in a search split among threads (NULL alone or
     * with Lazy SMP); aborted: stop was set only because a split point
     * above was cut, and is cleared when the thread leaves it. */
    struct SplitThread *split;
    bool aborted;
    /* Parallel work done since search_begin, for figures: the exact
     * solves' split and the midgame search's (YBWC), apart. */
    SplitStats solve_split, mid_split;
    uint64_t deferred;                  /* moves left for last as another thread's (SearchBusy) */
    uint64_t deferred_root;             /* of them, moves of the root */
    int64_t start_ns, soft_ns, hard_ns; /* absolute CLOCK_MONOTONIC deadlines */
    uint64_t node_limit;
    uint64_t node_cap;                  /* budget of every search, set by the owner; 0 = none */
    uint64_t next_poll;
    unsigned polls;                     /* deadline checks so far */
    SearchPoll poll;
    void *poll_arg;
    bool saw_heuristic;                 /* a non-final leaf was evaluated */
    int probcut;                        /* SearchLimits.probcut, or an endgame level's */
    /* A selective endgame iteration (see plan_iteration in search_root.c): the game's solver
     * takes only the nodes of few empties, ProbCut prunes above them, and
     * the table keeps what it finds tt_extra plies deeper than it is. */
    bool endsel;
    int tt_extra;
    SearchObserve observe;              /* SearchLimits.observe */
    void *observe_arg;
    Move killers[MAX_PLY][2];
    int32_t history[2][MAX_CELLS];
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
    int pvlen[MAX_PLY + 1];
    Move path[MAX_PLY];                 /* the moves from the root to ply */
    Move moves[MAX_PLY][MAX_MOVES];
    int order[MAX_PLY][MAX_MOVES];
};

SearchCtx *search_create(void);
void search_destroy(SearchCtx *s);
/* Forget killers and history (new game). */
void search_reset(SearchCtx *s);
/* Searches pos (left unchanged) and fills res. */
void search_run(SearchCtx *s, const GameOps *ops, void *pos, Tt *tt,
                const SearchLimits *lim, SearchResult *res);
/* Prepares s for work on pos outside search_run, such as a game's solve
 * hook called directly: counters cleared, deadlines set, TT aged. tt may be
 * NULL for work that uses no table (the threat searches). */
void search_begin(SearchCtx *s, const GameOps *ops, void *pos, Tt *tt, const SearchLimits *lim);
/* The owner's interrupt check, polled while searching (NULL: none). */
void search_set_poll(SearchCtx *s, SearchPoll poll, void *arg);
/* A node budget for every search from now on (0: none), for embedders. */
void search_set_node_cap(SearchCtx *s, uint64_t cap);
/* Threads every search from now on may use (1: today's single-threaded,
 * reproducible search). A search with a node budget, or SearchLimits.threads
 * 1, uses one. */
void search_set_threads(SearchCtx *s, int threads);
/* The threads this search may use (set by search_begin). */
int search_threads(const SearchCtx *s);
/* A context for a helper thread of s's search: the same position rules,
 * table, deadlines and shared stop flag, its own counters, no host poll.
 * NULL when memory runs out. */
SearchCtx *search_helper(const SearchCtx *s, atomic_bool *halt);
/* Starts fn(arg, i) on n - 1 new threads (i = 1 .. n - 1), in order, up to
 * the first that the system refuses; NULL when memory runs out.
 * search_started says how many started (indices 1 .. that count), so a
 * caller whose work is split by index can run the rest itself.
 * search_join waits for them. */
typedef struct SearchThreads SearchThreads;
SearchThreads *search_spawn(int n, void (*fn)(void *arg, int index), void *arg);
int search_started(const SearchThreads *t);
void search_join(SearchThreads *t);
/* A node visited by a game's own search (an endgame solver, a threat
 * search): counted in the figures and the node budget. */
static inline void search_count_node(SearchCtx *s) { s->nodes++; }
/* True when the search must stop now (deadline, node budget, interrupt). */
bool search_should_stop(SearchCtx *s);
/* A node of a game's own alpha-beta: counted, and true when the search
 * must stop (the clock is looked at every few nodes). */
static inline bool search_enter_node(SearchCtx *s)
{
    return ++s->nodes >= s->next_poll && search_should_stop(s);
}
/* m is the best move at s->ply: the PV there is m and the child's PV. */
void search_update_pv(SearchCtx *s, Move m);
/* The alpha-beta itself, for game hooks that want to recurse. */
int search_alphabeta(SearchCtx *s, int depth, int alpha, int beta);

/* For search_root.c, in search.c: the node search's pieces the root uses.
 * Threads defer each other's moves (simplified ABDADA) from this depth. */
enum { SEARCH_BUSY_MIN_DEPTH = 3 };
/* The next node count at which to look at the clock. */
void search_schedule_poll(SearchCtx *s);
/* The moves to search: the game's own selection when it has one. */
static inline int search_moves(SearchCtx *s, Move *out)
{
    return s->ops->gen_search_moves ? s->ops->gen_search_moves(s->pos, out)
                                    : s->ops->gen_moves(s->pos, out);
}
/* Plays m, searches the child with a negated window, takes m back (inline:
 * every node of the search goes through it). */
static inline int search_child(SearchCtx *s, Move m, int depth, int alpha, int beta)
{
    s->ops->make(s->pos, m);
    s->path[s->ply++] = m;
    /* A forced pass spends no depth: the opponent surely has a move. */
    const int d = m == MOVE_PASS ? depth : depth - 1;
    int score = s->ops->alphabeta ? -s->ops->alphabeta(s->pos, s, d, -beta, -alpha)
                                  : -search_alphabeta(s, d, -beta, -alpha);
    s->ply--;
    s->ops->unmake(s->pos);
    return score;
}
/* Marks the move m of the node with the key node as being searched by this
 * thread; returns the mark, 0 when another thread searches it now. */
uint64_t search_busy_take(SearchCtx *s, uint64_t node, Move m);
void search_busy_release(SearchCtx *s, uint64_t mark);

/* For search.c, in search_order.c: the order of a node's moves. keys[]
 * ranks moves[] (higher first): the table's move SEARCH_ORDER_TT, the
 * killers next, then the game's static key with the history of quiet
 * moves. */
enum { SEARCH_ORDER_TT = 1 << 30 };
void search_order_moves(SearchCtx *s, Move *moves, int *keys, int n, Move tt_move, int depth);
/* Brings tt_move, when it is one of moves, to the front with the table's
 * key; false otherwise. */
bool search_tt_first(Move *moves, int *keys, int n, Move tt_move);
/* Brings the best remaining move to position i (selection sort, lazily). */
Move search_pick_move(Move *moves, int *keys, int n, int i);
/* m, a quiet move, caused a cutoff at depth: a killer of s->ply, and its
 * history grows. */
void search_reward_quiet(SearchCtx *s, Move m, int depth);

/* For search_root.c, in search_lines.c: the lines of a result. The first, the
 * root's principal variation as a line. */
void search_take_line(const SearchCtx *s, SearchLine *line, int score, int depth);
/* An exact result at the root: best, proved worth score. */
void search_take_solved(SearchResult *res, Move best, int score);
/* How many lines the search reports: multipv, as far as the root has moves. */
int search_lines_wanted(const SearchLimits *lim, int n);
/* Keeps the lines of an iteration: got of want finished (fewer when the
 * clock stopped it). A finished iteration reorders the root moves by them. */
void search_keep_lines(SearchResult *res, SearchLine *found, int got, int want, Move *moves);
/* Without multi-PV the one line is the result's, however it was found. */
void search_single_line(SearchResult *res);

/* For search_root.c, in search_refute.c: the check of the move an iteration
 * chose (GameOps.refuted). Only the main thread of a single-line search
 * checks, on a clock or on a node budget (a node budget keeps the search the
 * same in every run); a search to a fixed depth (the bench) stays what it
 * was. */
enum { REFUTE_KEEP = 8 };   /* moves found safe, not checked again */

/* The checks of one search so far. */
typedef struct SearchRefute {
    Move safe[REFUTE_KEEP];
    int nsafe;
    int64_t spent_ns;
    uint64_t spent_nodes;
} SearchRefute;

/* After an iteration: does the opponent win after res->best, by a line the
 * game's solver finds in a share of the time? Then the move leaves moves[]
 * (n shrinks) and the result (the next move in the root order stands in
 * until an iteration is done without it), res->refuted records it, and the
 * answer is true: search the iteration again. */
bool search_refute_drop(SearchCtx *s, const SearchLimits *lim, Move *moves, int *n, SearchResult *res,
                        SearchRefute *v, int depth);

/* m was dropped by search_refute_drop in this search. */
bool search_refute_dropped(const SearchResult *res, Move m);

/*
 * Young Brothers Wait split points and the pool of threads that shares
 * them out (search_split.c says how), for any search written as
 * sequential code: it asks at each node whether to split, hands the node's
 * other moves over with a function that searches one of them, and runs
 * inside a pool when threads are allowed. The 8x8 endgame solver
 * (othello8_solve.c) and the midgame search (search.c) use it.
 */
enum {
    SPLIT_MAX_THREADS = 64 /* threads of a pool, the owner included */
};

typedef struct SplitPool SplitPool;
typedef struct SplitPoint SplitPoint;

/* A thread's place in a parallel search (the solver's: the first member of
 * its own state, which a SplitMoveFn casts back). All NULL but ctx alone. */
typedef struct SplitThread {
    SearchCtx *ctx;          /* this thread's: node count, stop flag */
    SplitPool *pool;         /* the threads of a split solve or search; NULL alone */
    const SplitPoint *split; /* the innermost split point it works under */
} SplitThread;

/* Searches move i of a split node for t, at the node's alpha of the
 * moment (a null window, the full one when it lands inside); returns the
 * score from the node's side. */
typedef int (*SplitMoveFn)(SplitThread *t, const void *node, int i, int alpha);

/* Puts t, about to work for a split point it does not own, at node (its
 * own position walked there, its ply); returns what SplitLeaveFn needs to
 * walk back when the work is done. */
typedef int (*SplitEnterFn)(SplitThread *t, const void *node);
typedef void (*SplitLeaveFn)(SplitThread *t, const void *node, int mark);

/* Move i of node has just raised the node's best: the thread that searched
 * it may keep what else it found (its line). Called under the pool's lock. */
typedef void (*SplitTookFn)(SplitThread *t, const void *node, int i);

/* What a split point hands out: moves 0 .. count of node (the search's),
 * best first, searched by search; beta is the node's. enter, leave and
 * took are optional (NULL: a node that carries all its state, as the
 * solver's). */
typedef struct SplitJob {
    const void *node;
    int count, beta;
    SplitMoveFn search;
    SplitEnterFn enter;
    SplitLeaveFn leave;
    SplitTookFn took;
} SplitJob;

/* A split point t works under has been cut: t leaves its subtree. Inline
 * so that a solve without threads (no split point) pays no call for it at
 * every move. */
bool split_cut_above(const SplitPoint *sp);
static inline bool split_aborted(const SplitThread *t) { return t->split && split_cut_above(t->split); }

/* A node with count moves left, its first searched, should be shared: t
 * is in a pool with an idle thread and no offer pending. (The caller
 * decides which nodes are big enough.) */
bool split_wanted(const SplitThread *t, int count);

/* The job's moves, searched by t and the pool's idle threads; alpha and
 * best are the node's and are updated, best_i is the move that raised
 * best (-1 when none did). */
void split_search(SplitThread *t, const SplitJob *job, int *alpha, int *best, int *best_i);

/* A pool for a search of ctx (its owner): ctx->halt is the pool's shared
 * stop flag until the pool closes; a thread waiting for its helpers looks
 * at the clock and the host through poll (search_should_stop). NULL when
 * out of memory. */
SplitPool *split_pool_open(SearchCtx *ctx, bool (*poll)(SearchCtx *ctx));

/* The pool's stop flag, for its threads' contexts (search_helper). */
atomic_bool *split_pool_halt(SplitPool *pool);

/* Puts threads[0 .. n) in the pool, threads[0] being the owner's, and
 * starts a thread for each of the others: they wait for split points. */
void split_pool_start(SplitPool *pool, SplitThread *const *threads, int n);

/* The search is over: joins the threads, adds the pool's statistics to
 * into, clears the owner's halt and frees the pool. The helpers' contexts
 * are the caller's. */
void split_pool_close(SplitPool *pool, SplitStats *into);

#endif
