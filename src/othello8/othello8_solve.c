/*
 * othello8_solve.c - exact endgame solver on bitboards.
 *
 * Layers by the number n of empty squares:
 *   - n = 1 and 2: the last moves, the very last one counted, not made;
 *   - n <= SHALLOW_MAX: alpha-beta over the empty squares, odd quadrants
 *     first (parity), then corners, edges, centre, C and X squares, with a
 *     stability cutoff, no move generation and no hash table;
 *   - above: PVS with a hash table (bounds and best move), stability and
 *     enhanced transposition cutoffs, moves ordered by the hash move, then
 *     fewest opponent replies (fastest first), potential mobility and
 *     parity; from SORT_SEARCH_MIN empties a shallow search on the pattern
 *     evaluation ranks the moves as well.
 * The root closes in on the value by null-window searches (MTD(f)).
 * Positions are passed by value (copy-make): a child is two xors away.
 * Scores inside are final disc differences from the side to move's view.
 * Up to LOCAL_MAX empties the hash table is the solver's own small one
 * (it stays in the cache); above, the search's table, where scores are kept
 * in search units (x100) at a depth of TT_SOLVED + n, so that the midgame
 * search can use them as they are.
 */
#include "othello8_solve.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "othello8.h"
#include "othello8_indices.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"
#include "zobrist.h"

enum {
    UNITS = 100,          /* search units per disc */
    SCORE_MAX = 64,
    NO_SCORE = -SCORE_MAX - 1,
    SHALLOW_MAX = 5,      /* no hash table up to this many empties */
    SHALLOW_STABILITY = 4, /* stability cutoffs from this many empties */
    ETC_MIN = 12,         /* enhanced transposition cutoffs from here */
    SORT_SEARCH_MIN = 14, /* ordering searches from here, depth 1 */
    SORT_DEPTH_MAX = 8,   /* their depth never exceeds this */
    MTD_MIN = 12,         /* MTD(f) at the root from here */
    TT_SOLVED = 64,       /* TT depth of a solved node with n empties: 64 + n */
    MAX_LIST = 40,        /* legal moves never exceed 33 */
    LOCAL_MAX = 10,       /* the solver's own table up to this many empties */
    LOCAL_SIZE = 1 << 17, /* its entries (2 MB) */
    SPLIT_MIN = 12,       /* empties of a node that may split */
    SPLIT_ROOT_MIN = 14,  /* empties of a root solve that uses threads */
    SELECTIVE_SOLVE = 12, /* the most empties solved in a selective endgame (10, 14: no better) */
};

/* The cutoff reads the children's keys, which are computed with a table. */
_Static_assert(ETC_MIN > SHALLOW_MAX + 1, "ETC needs the children's keys");

/* Weights of the move ordering: replies of the opponent (corners count
 * twice), the opponent's potential mobility, parity, and the ordering
 * search's value of the child in hundredths of a disc. */
enum { W_REPLIES = 1024, W_POTENTIAL = 32, W_PARITY = 64, W_SEARCH = 16 };
/* Moves whose ordering search falls this far below the best so far are
 * only known to be worse: their exact value does not matter. */
enum { SORT_MARGIN = 200 };

typedef struct Solver {
    SplitThread t;          /* first: the split points hand it back */
    Othello8Table *local;   /* NULL: the shared table serves every node */
    uint64_t side_key;
} Solver;

typedef struct SolveMove {
    uint64_t flips;
    int x;
    int key;
} SolveMove;

/* The four quadrants, for parity: an odd region is better played into. */
static const uint64_t QUADRANT[4] = {0x000000000F0F0F0Full, 0x00000000F0F0F0F0ull,
                                     0x0F0F0F0F00000000ull, 0xF0F0F0F000000000ull};

/* Square classes in the order the shallow search tries them: corners,
 * edges, centre, C squares, X squares. */
static const uint64_t PRIORITY[5] = {0x8100000000000081ull, 0x3C0081818181003Cull,
                                     0x003C7E7E7E7E3C00ull, 0x4281000000008142ull,
                                     0x0042000000004200ull};

static int quadrant_of(int x) { return ((x >> 4) & 2) | ((x >> 2) & 1); }

static unsigned parity_of(uint64_t empty)
{
    unsigned parity = 0;
    for (int q = 0; q < 4; q++)
        parity |= (unsigned)(bitboard_count(empty & QUADRANT[q]) & 1) << q;
    return parity;
}

static uint64_t odd_squares(unsigned parity)
{
    return (parity & 1 ? QUADRANT[0] : 0) | (parity & 2 ? QUADRANT[1] : 0) | (parity & 4 ? QUADRANT[2] : 0) |
           (parity & 8 ? QUADRANT[3] : 0);
}

/* Lowest alpha at which O's stable discs may already refute P. */
static int stability_alpha(int n)
{
    if (n < 4)
        return SCORE_MAX + 1;
    if (n < 10)
        return 2 * n - 2;
    return n < 24 ? 2 * n : 48 + (n - 24) / 2 * 2;
}

/* Upper bound of P's score from O's stable discs, when it refutes alpha. */
static bool stability_cutoff(uint64_t P, uint64_t O, int n, int alpha, int *score)
{
    /* Not even all of O's discs being stable would do. */
    if (alpha < stability_alpha(n) || SCORE_MAX - 2 * bitboard_count(O) > alpha)
        return false;
    *score = SCORE_MAX - 2 * bitboard_count(bitboard_stable(O, P));
    return *score <= alpha;
}

/* ----------------------------------------------------------- hash tables */

/*
 * Nodes near the leaves use the solver's own small table, which stays in
 * the cache: a direct-mapped array of both bounds, keyed by a cheap mix of
 * the two masks (a position's value does not depend on its colours). Nodes
 * with more empties go to the search's table, shared with the midgame
 * search, under the Zobrist key.
 */
typedef struct LocalEntry {
    uint64_t key;
    int8_t lower, upper, move, n;
} LocalEntry;

struct Othello8Table {
    LocalEntry entry[LOCAL_SIZE];
};

#ifndef O8S_SIMD /* defined once, in the portable copy */
void othello8_table_free(Othello8Table *t) { free(t); }

void othello8_table_clear(Othello8Table *t)
{
    if (t)
        memset(t, 0, sizeof *t);
}
#endif

/* What a table knows of a position: bounds of its value and a move. */
typedef struct Bounds {
    int lower, upper, move;
} Bounds;

static uint64_t node_key(const Solver *s, uint64_t P, uint64_t O, int side, int n)
{
    if (n <= LOCAL_MAX && s->local) {
        const uint64_t h = P * 0x9E3779B97F4A7C15ull ^ (O + (O >> 29)) * 0xC2B2AE3D27D4EB4Full;
        return h ^ h >> 31;
    }
    return side == BLACK ? bitboard_hash(P, O, 0, s->side_key) : bitboard_hash(O, P, 1, s->side_key);
}

static LocalEntry *local_entry(const Solver *s, uint64_t key) { return &s->local->entry[key & (LOCAL_SIZE - 1)]; }

static void prefetch(const Solver *s, uint64_t key, int n)
{
    if (n <= LOCAL_MAX && s->local)
        __builtin_prefetch(local_entry(s, key));
    else
        tt_prefetch(s->t.ctx->tt, key);
}

/* False when the tables know nothing of the position. */
static bool probe(const Solver *s, uint64_t key, int n, Bounds *b)
{
    if (n <= LOCAL_MAX && s->local) {
        const LocalEntry *e = local_entry(s, key);
        if (e->key != key)
            return false;
        *b = (Bounds){e->lower, e->upper, e->move};
        return true;
    }
    TtEntry e;
    if (!tt_probe(s->t.ctx->tt, key, &e))
        return false;
    *b = (Bounds){NO_SCORE, SCORE_MAX + 1, e.move};
    if (e.depth >= TT_SOLVED) { /* a solved entry, not a midgame one */
        const int sc = e.score / UNITS, bound = tt_bound(&e);
        if (bound != TT_UPPER)
            b->lower = sc;
        if (bound != TT_LOWER)
            b->upper = sc;
    }
    return true;
}

/* Records best, searched with the window (alpha, beta). */
static void store(const Solver *s, uint64_t key, int n, int alpha, int beta, int best, int move)
{
    if (n <= LOCAL_MAX && s->local) {
        LocalEntry *e = local_entry(s, key);
        if (e->key != key)
            *e = (LocalEntry){key, NO_SCORE, SCORE_MAX + 1, (int8_t)MOVE_NONE, (int8_t)n};
        if (best > alpha && best > e->lower)
            e->lower = (int8_t)best;
        if (best < beta && best < e->upper)
            e->upper = (int8_t)best;
        e->move = (int8_t)move;
        return;
    }
    const int bound = best >= beta ? TT_LOWER : best > alpha ? TT_EXACT : TT_UPPER;
    tt_store(s->t.ctx->tt, key, TT_SOLVED + n, bound, best * UNITS, move);
}

/* Fail-soft bookkeeping of one move's score; true on a beta cutoff. */
static inline bool take_score(int score, int *best, int *alpha, int beta)
{
    if (score <= *best)
        return false;
    *best = score;
    if (score <= *alpha)
        return false;
    *alpha = score;
    return score >= beta;
}

/* ------------------------------------------------------- the last empties */

/* Discs P flips by playing on the empty square x; 0 when x is illegal. A
 * square with no opponent disc next to it is rejected without a flip test. */
static inline __attribute__((always_inline)) uint64_t square_flips(uint64_t P, uint64_t O, int x)
{
    return bitboard_around[x] & O ? bitboard_flips(P, O, x) : 0;
}

/* P to move, x the one empty square: the opponent owns all the rest. */
static int solve_last1(Solver *s, uint64_t P, int x)
{
    search_count_node(s->t.ctx);
    const int p = bitboard_count(P);
    int n = bitboard_last_flips(P, x);
    if (n)
        return 2 * (p + n) - 62;
    n = bitboard_last_flips(~P & ~(1ull << x), x);
    if (n)
        return 2 * (p - n) - 64;
    return p >= 32 ? 2 * p - 62 : 2 * p - 64; /* the empty goes to the winner */
}

/* Two empties: each tried in turn, then the pass. */
static int solve_last2(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, int x1, int x2, bool passed)
{
    search_count_node(s->t.ctx);
    const int sq[2] = {x1, x2};
    int best = NO_SCORE;
    for (int k = 0; k < 2; k++) {
        const uint64_t flips = square_flips(P, O, sq[k]);
        if (!flips)
            continue;
        const int score = -solve_last1(s, O ^ flips, sq[k ^ 1]);
        if (score > best) {
            best = score;
            if (score >= beta)
                return best;
        }
    }
    if (best != NO_SCORE)
        return best;
    if (passed)
        return othello8_final(bitboard_count(P), bitboard_count(O));
    return -solve_last2(s, O, P, -beta, -alpha, x1, x2, true);
}

/* The empty squares in the shallow search's static order: corners, edges,
 * centre, C squares, X squares. Built once where the layer starts; nodes
 * below skip the squares filled since. */
static int shallow_order(uint64_t empty, int8_t *sq)
{
    int count = 0;
    for (int group = 0; group < 5; group++)
        for (uint64_t todo = empty & PRIORITY[group]; todo; todo &= todo - 1)
            sq[count++] = (int8_t)bitboard_first(todo);
    return count;
}

/* The last few squares in the order to try them: those of odd quadrants
 * first, each half in the static order of in. With this few empties the
 * parity is read off the squares themselves. */
static inline void parity_order(const int *in, int n, int *out)
{
    unsigned bit[4], parity = 0;
    for (int i = 0; i < n; i++)
        parity ^= bit[i] = 1u << quadrant_of(in[i]);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (parity & bit[i])
            out[k++] = in[i];
    for (int i = 0; i < n; i++)
        if (!(parity & bit[i]))
            out[k++] = in[i];
}

static int solve_last3(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, const int *sq, bool passed);
static int solve_last4(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, const int *sq, bool passed);

/* Three or four empties (n), given in static order; inlined into
 * solve_last3 and solve_last4 (forced: clang would rather inline those two
 * into it), so that n is a constant in each. */
static inline __attribute__((always_inline)) int solve_few(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, const int *sq, int n,
                            bool passed)
{
    search_count_node(s->t.ctx);
    int best;
    if (n >= SHALLOW_STABILITY && stability_cutoff(P, O, n, alpha, &best))
        return best;
    best = NO_SCORE;
    int order[4];
    parity_order(sq, n, order);
    for (int k = 0; k < n; k++) {
        const int x = order[k];
        const uint64_t flips = square_flips(P, O, x);
        if (!flips)
            continue;
        int rest[3], r = 0; /* the others, still in static order */
        for (int i = 0; i < n; i++)
            if (sq[i] != x)
                rest[r++] = sq[i];
        const uint64_t np = O ^ flips, no = P | flips | 1ull << x;
        const int score = n == 4 ? -solve_last3(s, np, no, -beta, -alpha, rest, false)
                                 : -solve_last2(s, np, no, -beta, -alpha, rest[0] < rest[1] ? rest[0] : rest[1],
                                                rest[0] < rest[1] ? rest[1] : rest[0], false);
        if (take_score(score, &best, &alpha, beta))
            return best;
    }
    if (best != NO_SCORE)
        return best;
    if (passed)
        return othello8_final(bitboard_count(P), bitboard_count(O));
    return n == 4 ? -solve_last4(s, O, P, -beta, -alpha, sq, true) : -solve_last3(s, O, P, -beta, -alpha, sq, true);
}

static int solve_last3(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, const int *sq, bool passed)
{
    return solve_few(s, P, O, alpha, beta, sq, 3, passed);
}

static int solve_last4(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, const int *sq, bool passed)
{
    return solve_few(s, P, O, alpha, beta, sq, 4, passed);
}

/* The squares of sq (static order) still empty in rest, at most four. */
static void remaining(const int8_t *sq, int count, uint64_t rest, int *out)
{
    for (int i = 0, k = 0; i < count; i++)
        if (rest >> sq[i] & 1)
            out[k++] = sq[i];
}

/* From five empties to SHALLOW_MAX: odd quadrants first, then in the order
 * of sq. */
static int solve_shallow(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, int n, unsigned parity,
                         bool passed, const int8_t *sq, int count)
{
    search_count_node(s->t.ctx);
    int best;
    if (n >= SHALLOW_STABILITY && stability_cutoff(P, O, n, alpha, &best))
        return best;
    best = NO_SCORE;
    const uint64_t empty = ~(P | O), odd = odd_squares(parity);
    for (int half = 0; half < 2; half++) {
        const uint64_t part = empty & (half ? ~odd : odd);
        for (int i = 0; part && i < count; i++) {
            const int x = sq[i];
            if (!(part >> x & 1))
                continue;
            const uint64_t flips = square_flips(P, O, x);
            if (!flips)
                continue;
            const uint64_t np = O ^ flips, no = P | flips | 1ull << x, rest = empty ^ 1ull << x;
            int score;
            if (n == 5) {
                int four[4];
                remaining(sq, count, rest, four);
                score = -solve_last4(s, np, no, -beta, -alpha, four, false);
            } else {
                score = -solve_shallow(s, np, no, -beta, -alpha, n - 1, parity ^ 1u << quadrant_of(x), false, sq,
                                       count);
            }
            if (take_score(score, &best, &alpha, beta))
                return best;
        }
    }
    if (best != NO_SCORE)
        return best;
    if (passed)
        return othello8_final(bitboard_count(P), bitboard_count(O));
    return -solve_shallow(s, O, P, -beta, -alpha, n, parity, true, sq, count);
}

/* ------------------------------------------------------- ordering searches */

/* Alpha-beta on the tuned pattern evaluation, to rank moves; corners
 * first. Ranking by the pattern evaluation rather than by mobility alone
 * saves about 30 % of the nodes on FFO #40-#47. */
static int sort_search(Solver *s, uint64_t P, uint64_t O, const O8Indices *ix, int depth, int alpha, int beta)
{
    SearchCtx *ctx = s->t.ctx;
    search_count_node(ctx);
    if (ctx->nodes >= ctx->next_poll && search_should_stop(ctx))
        return 0; /* callers look at ctx->stop */
    if (depth <= 0)
        return o8i_eval(ix, P, O);
    uint64_t moves = bitboard_moves(P, O);
    if (!moves) {
        if (!bitboard_moves(O, P))
            return UNITS * othello8_final(bitboard_count(P), bitboard_count(O));
        O8Indices passed;
        o8i_pass(ix, &passed);
        return -sort_search(s, O, P, &passed, depth, -beta, -alpha);
    }
    int best = -SCORE_INF;
    for (int group = 0; group < 5; group++) {
        for (uint64_t todo = moves & PRIORITY[group]; todo; todo &= todo - 1) {
            const int x = bitboard_first(todo);
            const uint64_t flips = bitboard_flips(P, O, x);
            O8Indices child;
            o8i_play(ix, x, flips, &child);
            const int score = -sort_search(s, O ^ flips, P | flips | 1ull << x, &child, depth - 1, -beta, -alpha);
            /* Stopped, the walk would go on through the rest of its tree,
             * seeing the flag only at every poll. */
            if (ctx->stop)
                return 0;
            if (take_score(score, &best, &alpha, beta))
                return best;
        }
    }
    return best;
}

/* Depth of the ordering search with n empties; -1 for none. With 12 or 13
 * empties, evaluating each child alone (depth 0) orders no better than
 * mobility does: on FFO #40-#49 the nodes are the same and the time 5 %
 * shorter without it. */
static int sort_depth(int n)
{
    const int d = (n - SORT_SEARCH_MIN) / 2 + 1;
    /* Capped: a solve asked far from the end would spend its budget here. */
    return n < SORT_SEARCH_MIN ? -1 : d < SORT_DEPTH_MAX ? d : SORT_DEPTH_MAX;
}

/* Ordering key of a move, higher first; best_sort is the best ordering
 * search value of its siblings so far. */
static int move_key(Solver *s, uint64_t P, uint64_t O, const O8Indices *ix, const SolveMove *m, uint64_t odd, int d,
                    int *best_sort)
{
    const uint64_t np = O ^ m->flips, no = P | m->flips | 1ull << m->x;
    const uint64_t replies = bitboard_moves(np, no);
    int key = -W_REPLIES * (bitboard_count(replies) + bitboard_count(replies & BITBOARD_CORNERS));
    key -= W_POTENTIAL * bitboard_count(bitboard_neighbours(no) & ~(np | no));
    if (odd >> m->x & 1)
        key += W_PARITY;
    if (d >= 0) {
        O8Indices child;
        o8i_play(ix, m->x, m->flips, &child);
        const int v = -sort_search(s, np, no, &child, d, -SCORE_INF, -(*best_sort - SORT_MARGIN));
        if (v > *best_sort)
            *best_sort = v;
        key += W_SEARCH * v;
    }
    return key;
}

static int list_moves(uint64_t P, uint64_t O, uint64_t moves, SolveMove *list)
{
    int count = 0;
    for (; moves; moves &= moves - 1) {
        SolveMove *m = &list[count++];
        m->x = bitboard_first(moves);
        m->flips = bitboard_flips(P, O, m->x);
    }
    return count;
}

static void rank_moves(Solver *s, uint64_t P, uint64_t O, SolveMove *list, int count, unsigned parity, int n)
{
    const uint64_t odd = odd_squares(parity);
    int best_sort = -SCORE_INF + SORT_MARGIN;
    const int d = sort_depth(n);
    O8Indices ix;
    if (d >= 0)
        o8i_compute(P, O, &ix);
    for (int i = 0; i < count; i++)
        list[i].key = move_key(s, P, O, &ix, &list[i], odd, d, &best_sort);
}

/* Brings the best remaining move to position i. */
static const SolveMove *pick(SolveMove *list, int count, int i)
{
    int best = i;
    for (int j = i + 1; j < count; j++)
        if (list[j].key > list[best].key)
            best = j;
    const SolveMove tmp = list[best];
    list[best] = list[i];
    list[i] = tmp;
    return &list[i];
}

/* Enhanced transposition cutoff: a child the table already knows to be bad
 * enough for the opponent refutes this node without a search. */
static bool etc_cutoff(const Solver *s, const uint64_t *child_key, int count, int n, int beta, int *score)
{
    for (int i = 0; i < count; i++) {
        Bounds b;
        if (probe(s, child_key[i], n - 1, &b) && -b.upper >= beta) {
            *score = -b.upper;
            return true;
        }
    }
    return false;
}

/* The children's keys, their table entries asked of the memory at once:
 * the enhanced transposition cutoff and the children's own probes then find
 * them in the cache instead of each waiting for its own miss. */
static void prefetch_children(const Solver *s, uint64_t P, uint64_t O, const SolveMove *list, int count, int side,
                              int n, uint64_t *child_key)
{
    for (int i = 0; i < count; i++) {
        child_key[i] = node_key(s, O ^ list[i].flips, P | list[i].flips | 1ull << list[i].x, side ^ 1, n - 1);
        prefetch(s, child_key[i], n - 1);
    }
}

/* ----------------------------------------------------------------- the PVS */

static int solve_pvs(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, int side, unsigned parity, int n,
                     Move *best_move);

/* Any position with n empties, by the layer that suits it. */
static int solve_any(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, int side, unsigned parity, int n)
{
    const uint64_t empty = ~(P | O);
    if (n == 0) {
        search_count_node(s->t.ctx);
        return othello8_final(bitboard_count(P), bitboard_count(O));
    }
    if (n == 1)
        return solve_last1(s, P, bitboard_first(empty));
    if (n == 2)
        return solve_last2(s, P, O, alpha, beta, bitboard_first(empty), bitboard_first(empty & (empty - 1)), false);
    if (n <= SHALLOW_MAX) {
        int8_t sq[SHALLOW_MAX];
        const int count = shallow_order(empty, sq);
        if (n > 4)
            return solve_shallow(s, P, O, alpha, beta, n, parity, false, sq, count);
        int few[4];
        remaining(sq, count, empty, few);
        return n == 4 ? solve_last4(s, P, O, alpha, beta, few, false) : solve_last3(s, P, O, alpha, beta, few, false);
    }
    return solve_pvs(s, P, O, alpha, beta, side, parity, n, NULL);
}

/* What a split point's participants need of a node (search.h). */
typedef struct Node {
    uint64_t P, O;
    int side;
    unsigned parity;
    int n, beta;
    SolveMove *list;        /* the moves handed out */
} Node;

/* Move i of a split node for t, a Solver's first member: a null window at
 * alpha, again with the full window when it lands inside. */
static int split_move(SplitThread *t, const void *node, int i, int alpha)
{
    Solver *s = (Solver *)t;
    const Node *nd = node;
    const SolveMove *m = &nd->list[i];
    const uint64_t np = nd->O ^ m->flips, no = nd->P | m->flips | 1ull << m->x;
    const unsigned cp = nd->parity ^ 1u << quadrant_of(m->x);
    int score = -solve_any(s, np, no, -alpha - 1, -alpha, nd->side ^ 1, cp, nd->n - 1);
    if (score > alpha && score < nd->beta && !s->t.ctx->stop && !split_aborted(&s->t))
        score = -solve_any(s, np, no, -nd->beta, -alpha, nd->side ^ 1, cp, nd->n - 1);
    return score;
}

/* The moves nd->list[0 .. count) of a node, its first move searched: the
 * pool's idle threads and this one search them, best first; alpha, best
 * and best_x are the node's and are updated. */
static void split_node(Solver *s, const Node *nd, int count, int *alpha, int *best, int *best_x)
{
    for (int i = 0; i < count; i++)
        pick(nd->list, count, i);
    const SplitJob job = {nd, count, nd->beta, split_move, NULL, NULL, NULL};
    int best_i;
    split_search(&s->t, &job, alpha, best, &best_i);
    if (best_i >= 0)
        *best_x = nd->list[best_i].x;
}

/* best_move is NULL inside the tree; at the root it receives the move. */
static int solve_pvs(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, int side, unsigned parity, int n,
                     Move *best_move)
{
    SearchCtx *ctx = s->t.ctx;
    const bool root = best_move != NULL;

    /* Step 1. Count the node; time and interrupts. */
    search_count_node(ctx);
    if (ctx->nodes >= ctx->next_poll && search_should_stop(ctx))
        return 0;
    const uint64_t key = node_key(s, P, O, side, n);
    prefetch(s, key, n);

    /* Step 2. Stability: O's stable discs cap what P can reach. */
    int score;
    if (!root && stability_cutoff(P, O, n, alpha, &score))
        return score;

    /* Step 3. Transposition table: a cutoff, or at least a first move. */
    Bounds b;
    int tt_move = MOVE_NONE;
    if (probe(s, key, n, &b)) {
        tt_move = b.move;
        if (!root && (b.lower >= beta || b.lower == b.upper))
            return b.lower;
        if (!root && b.upper <= alpha)
            return b.upper;
    }

    /* Step 4. No move: pass, or the game is over. */
    const uint64_t moves = bitboard_moves(P, O);
    if (!moves) {
        const bool over = !bitboard_moves(O, P);
        if (root)
            *best_move = over ? MOVE_NONE : MOVE_PASS;
        if (over)
            return othello8_final(bitboard_count(P), bitboard_count(O));
        return -solve_pvs(s, O, P, -beta, -alpha, side ^ 1, parity, n, NULL);
    }

    /* Step 5. Enhanced transposition cutoff, then order the moves. */
    SolveMove list[MAX_LIST];
    const int count = list_moves(P, O, moves, list);
    uint64_t child_key[MAX_LIST];
    if (n - 1 > SHALLOW_MAX) /* children with a table of their own */
        prefetch_children(s, P, O, list, count, side, n, child_key);
    if (n >= ETC_MIN && !root && etc_cutoff(s, child_key, count, n, beta, &score))
        return score;
    /* The hash move goes first: it often refutes the node before the others
     * need ranking. */
    bool hash_first = false;
    for (int i = 0; i < count && !hash_first; i++)
        if (list[i].x == tt_move) {
            const SolveMove tmp = list[0];
            list[0] = list[i];
            list[i] = tmp;
            hash_first = true;
        }
    if (!hash_first)
        rank_moves(s, P, O, list, count, parity, n);

    /* Step 6. Principal variation search: the first move with the full
     * window, the others with a null window unless they beat alpha. */
    const int alpha0 = alpha;
    int best = NO_SCORE, best_x = MOVE_NONE;
    for (int i = 0; i < count; i++) {
        if (i == 1 && hash_first)
            rank_moves(s, P, O, list + 1, count - 1, parity, n);
        if (i == 1 && n >= SPLIT_MIN && split_wanted(&s->t, count)) {
            const Node node = {P, O, side, parity, n, beta, list + 1};
            split_node(s, &node, count - 1, &alpha, &best, &best_x);
            if (ctx->stop || split_aborted(&s->t))
                return 0;
            break;
        }
        const SolveMove *m = i == 0 && hash_first ? &list[0] : pick(list, count, i);
        const uint64_t np = O ^ m->flips, no = P | m->flips | 1ull << m->x;
        const unsigned cp = parity ^ 1u << quadrant_of(m->x);
        if (i == 0) {
            score = -solve_any(s, np, no, -beta, -alpha, side ^ 1, cp, n - 1);
        } else {
            score = -solve_any(s, np, no, -alpha - 1, -alpha, side ^ 1, cp, n - 1);
            if (score > alpha && score < beta)
                score = -solve_any(s, np, no, -beta, -alpha, side ^ 1, cp, n - 1);
        }
        if (ctx->stop || split_aborted(&s->t))
            return 0;
        if (score > best) {
            best = score;
            best_x = m->x;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta)
                    break;
            }
        }
    }

    /* Step 7. Remember the result. */
    store(s, key, n, alpha0, beta, best, best_x);
    if (root)
        *best_move = best_x;
    return best;
}

/*
 * The root: MTD(f). Null-window searches around a quick estimate close in
 * on the value; each one is cheaper than a search with a wider window, and
 * the table keeps what the earlier ones proved. Final scores are even, so a
 * good estimate needs two or three passes. On FFO #40-#49 this takes 21 %
 * fewer nodes than an aspiration window of +-4 discs around the same
 * estimate (860 M against 1087 M).
 */
static int solve_root(Solver *s, uint64_t P, uint64_t O, int lo, int hi, int side, int n, Move *best)
{
    const unsigned parity = parity_of(~(P | O));
    if (n < MTD_MIN || hi - lo <= 2)
        return solve_pvs(s, P, O, lo, hi, side, parity, n, best);
    O8Indices ix;
    o8i_compute(P, O, &ix);
    int guess = sort_search(s, P, O, &ix, sort_depth(n) + 2, -SCORE_INF, SCORE_INF) / UNITS;
    if (s->t.ctx->stop)
        return 0;
    int lower = lo, upper = hi;
    bool proved_high = false; /* a fail high has given the best move */
    while (lower < upper) {
        const int beta = guess > lower ? (guess < upper ? guess : upper) : lower + 1;
        Move move;
        const int v = solve_pvs(s, P, O, beta - 1, beta, side, parity, n, &move);
        if (s->t.ctx->stop)
            return 0;
        if (v >= beta) {
            lower = v;
            *best = move;
            proved_high = true;
        } else {
            upper = v;
            if (!proved_high)
                *best = move;
        }
        guess = v;
    }
    return guess;
}

/* A root solve on every thread the search may use: the helpers start
 * here, wait for split points, and are joined before it returns. */
static int solve_parallel(Solver *s, int nthreads, uint64_t P, uint64_t O, int lo, int hi, int side, int n, Move *best)
{
    SearchCtx *ctx = s->t.ctx;
    SplitPool *pool = split_pool_open(ctx, search_should_stop);
    if (!pool)
        return solve_root(s, P, O, lo, hi, side, n, best);
    Solver team[SPLIT_MAX_THREADS];
    SplitThread *threads[SPLIT_MAX_THREADS];
    team[0] = *s;
    threads[0] = &team[0].t;
    int nt = 1;
    for (; nt < nthreads && nt < SPLIT_MAX_THREADS; nt++) {
        SearchCtx *h = search_helper(ctx, split_pool_halt(pool));
        Othello8Table *t = h ? calloc(1, sizeof *t) : NULL;
        if (!t) {
            search_destroy(h);
            break;
        }
        team[nt] = (Solver){{h, NULL, NULL}, t, s->side_key};
        threads[nt] = &team[nt].t;
    }
    split_pool_start(pool, threads, nt);
    const int score = solve_root(&team[0], P, O, lo, hi, side, n, best);
    split_pool_close(pool, &ctx->solve_split);
    for (int i = 1; i < nt; i++) {
        ctx->nodes += team[i].t.ctx->nodes;
        search_destroy(team[i].t.ctx);
        free(team[i].local);
    }
    return score;
}

/* ---------------------------------------------------------------- the hook */

static int floor_units(int v) { return v >= 0 ? v / UNITS : -((-v + UNITS - 1) / UNITS); }
static int ceil_units(int v) { return -floor_units(-v); }

static int clamp_score(int v)
{
    return v < -SCORE_MAX - 1 ? -SCORE_MAX - 1 : v > SCORE_MAX + 1 ? SCORE_MAX + 1 : v;
}

/*
 * On x86-64 this file is compiled twice (see the Makefile): as it is, for
 * any x86-64 CPU, and with AVX2, BMI1/2 and POPCNT allowed and O8S_SIMD
 * defined, which renames the entry point othello8_solve_simd. The compiler
 * turns the loops over the four line axes (move generation, flips) into
 * vector code there, and the solver runs 5-14 % faster. The portable
 * entry hands a solve over when the CPU has those instructions; the code,
 * and so every score and node count, is the same. FLIPFIVE_NO_SIMD=1 in
 * the environment keeps the portable copy (the tests compare the two).
 */
#if defined(O8S_DISPATCH) && !defined(O8S_SIMD) && !defined(__AVX2__)
#define O8S_HANDS_OVER 1
static bool simd_copy(void)
{
    static int use = -1; /* the CPU's answer never changes: asked once */
    if (use < 0) {
        const char *off = getenv("FLIPFIVE_NO_SIMD");
        use = !(off && *off && strcmp(off, "0")) && __builtin_cpu_supports("avx2") &&
              __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
    }
    return use;
}
#endif

#ifdef O8S_SIMD
bool othello8_solve_simd(void *pos, SearchCtx *ctx, int depth, int alpha, int beta, int *score, Move *best)
#else
bool othello8_solve(void *pos, SearchCtx *ctx, int depth, int alpha, int beta, int *score, Move *best)
#endif
{
    Othello8Pos *p = pos;
    const uint64_t P = othello8_player(p), O = othello8_opponent(p);
    const int n = bitboard_count(~(P | O));
    if (n > depth || (ctx->endsel && n > SELECTIVE_SOLVE))
        return false;
#ifdef O8S_HANDS_OVER
    if (simd_copy())
        return othello8_solve_simd(pos, ctx, depth, alpha, beta, score, best);
#endif
    if (!p->solve_table)
        p->solve_table = calloc(1, sizeof *p->solve_table);
    Solver s = {{ctx, NULL, NULL}, p->solve_table, zobrist_side()};
    /* A window in discs that contains the one in search units. */
    const int lo = clamp_score(floor_units(alpha)), hi = clamp_score(ceil_units(beta));
    *best = MOVE_NONE;
    const int threads = search_threads(ctx);
    if (threads > 1 && ctx->ply == 0 && n >= SPLIT_ROOT_MIN && !ctx->halt)
        *score = UNITS * solve_parallel(&s, threads, P, O, lo, hi, p->side, n, best);
    else
        *score = UNITS * solve_root(&s, P, O, lo, hi, p->side, n, best);
    return true;
}
