/*
 * othello8_solve.c - exact endgame solver on bitboards.
 *
 * Three layers by the number of empty squares n:
 *   - n = 1: the last move, counted without making it;
 *   - n <= SHALLOW_MAX: plain alpha-beta over the empty squares, odd
 *     quadrants first (parity), then corners, edges, centre, C and X
 *     squares, with no move generation and no transposition table;
 *   - above: PVS with the transposition table (bound, depth, best move),
 *     stability cutoffs, and moves ordered by the hash move, then fewest
 *     opponent replies (fastest first), parity and square value; with many
 *     empties a shallow evaluation search ranks the moves first.
 * Positions are passed by value (copy-make): a child is two xors away.
 * Scores inside are final disc differences from the side to move's view;
 * the transposition table keeps them in search units (x100), at a depth of
 * TT_SOLVED + n, so the midgame search can use them too.
 */
#include "othello8_solve.h"

#include "bitboard.h"
#include "othello8.h"
#include "othello8_eval.h"
#include "search.h"
#include "tt.h"
#include "zobrist.h"

enum {
    UNITS = 100,          /* search units per disc */
    SCORE_MAX = 64,
    NO_SCORE = -SCORE_MAX - 1,
    SHALLOW_MAX = 7,      /* no hash table up to this many empties */
    TT_SOLVED = 64,       /* TT depth of a solved node with n empties: 64 + n */
    SORT_SEARCH_MIN = 16, /* from here, order by evaluation searches */
    MAX_LIST = 40,        /* legal moves never exceed 33 */
    KEY_HASH_MOVE = 1 << 30
};

typedef struct Solver {
    SearchCtx *ctx;
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
    uint64_t odd = 0;
    for (int q = 0; q < 4; q++)
        if (parity >> q & 1)
            odd |= QUADRANT[q];
    return odd;
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

static uint64_t hash_of(const Solver *s, uint64_t P, uint64_t O, int side)
{
    return side == BLACK ? bitboard_hash(P, O, 0, s->side_key) : bitboard_hash(O, P, 1, s->side_key);
}

/* ------------------------------------------------------- the last empties */

static int solve_last1(Solver *s, uint64_t P, uint64_t O, int x)
{
    s->ctx->nodes++;
    const int p = bitboard_count(P);
    int n = bitboard_count(bitboard_flips(P, O, x));
    if (n)
        return 2 * (p + n) - 62;
    n = bitboard_count(bitboard_flips(O, P, x));
    if (n)
        return 2 * (p - n) - 64;
    return p >= 32 ? 2 * p - 62 : 2 * p - 64; /* the empty goes to the winner */
}

static int solve_shallow(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, unsigned parity, int n)
{
    s->ctx->nodes++;
    const uint64_t empty = ~(P | O);
    const uint64_t odd = odd_squares(parity);
    int best = NO_SCORE;
    for (int group = 0; group < 10; group++) {
        uint64_t todo = empty & PRIORITY[group % 5] & (group < 5 ? odd : ~odd);
        for (; todo; todo &= todo - 1) {
            const int x = bitboard_first(todo);
            const uint64_t flips = bitboard_flips(P, O, x);
            if (!flips)
                continue;
            const uint64_t np = O ^ flips, no = P | flips | 1ull << x;
            const int score = n == 2 ? -solve_last1(s, np, no, bitboard_first(empty ^ 1ull << x))
                                     : -solve_shallow(s, np, no, -beta, -alpha,
                                                      parity ^ 1u << quadrant_of(x), n - 1);
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                    if (alpha >= beta)
                        return best;
                }
            }
        }
    }
    if (best != NO_SCORE)
        return best;
    if (bitboard_moves(O, P))
        return -solve_shallow(s, O, P, -beta, -alpha, parity, n);
    return othello8_final(bitboard_count(P), bitboard_count(O));
}

/* ------------------------------------------------------- ordering searches */

/* Alpha-beta on the evaluation, to rank moves near the root. */
static int eval_search(Solver *s, uint64_t P, uint64_t O, int depth, int alpha, int beta)
{
    s->ctx->nodes++;
    if (depth <= 0)
        return othello8_eval(P, O);
    uint64_t moves = bitboard_moves(P, O);
    if (!moves) {
        if (!bitboard_moves(O, P))
            return UNITS * othello8_final(bitboard_count(P), bitboard_count(O));
        return -eval_search(s, O, P, depth, -beta, -alpha);
    }
    int best = -SCORE_INF;
    for (; moves; moves &= moves - 1) {
        const int x = bitboard_first(moves);
        const uint64_t flips = bitboard_flips(P, O, x);
        const int score = -eval_search(s, O ^ flips, P | flips | 1ull << x, depth - 1, -beta, -alpha);
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

/* Depth of the evaluation search that ranks moves with n empties. */
static int sort_depth(int n) { return n < SORT_SEARCH_MIN ? -1 : (n - SORT_SEARCH_MIN) / 4; }

/* Ordering key of a move: fewest replies first, then parity and square. */
static int move_key(Solver *s, uint64_t P, uint64_t O, const SolveMove *m, uint64_t odd, int n)
{
    const uint64_t np = O ^ m->flips, no = P | m->flips | 1ull << m->x;
    const uint64_t replies = bitboard_moves(np, no);
    int key = -(bitboard_count(replies) + bitboard_count(replies & BITBOARD_CORNERS)) * 1024;
    key -= bitboard_count(bitboard_neighbours(no) & ~(np | no)) * 32; /* opponent's potential */
    if (odd >> m->x & 1)
        key += 64;
    if (BITBOARD_CORNERS >> m->x & 1)
        key += 128;
    const int d = sort_depth(n);
    if (d >= 0)
        key -= eval_search(s, np, no, d, -SCORE_INF, SCORE_INF) * 8;
    return key;
}

static int list_moves(Solver *s, uint64_t P, uint64_t O, uint64_t moves, int tt_move, unsigned parity, int n,
                      SolveMove *list)
{
    const uint64_t odd = odd_squares(parity);
    int count = 0;
    for (; moves; moves &= moves - 1) {
        SolveMove *m = &list[count++];
        m->x = bitboard_first(moves);
        m->flips = bitboard_flips(P, O, m->x);
        m->key = m->x == tt_move ? KEY_HASH_MOVE : move_key(s, P, O, m, odd, n);
    }
    return count;
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

/* ----------------------------------------------------------------- the PVS */

static int solve_pvs(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, int side, unsigned parity, int n,
                     Move *best_move);

/* Any position with n empties, by the layer that suits it. */
static int solve_any(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, int side, unsigned parity, int n)
{
    if (n == 0) {
        s->ctx->nodes++;
        return othello8_final(bitboard_count(P), bitboard_count(O));
    }
    if (n == 1)
        return solve_last1(s, P, O, bitboard_first(~(P | O)));
    if (n <= SHALLOW_MAX)
        return solve_shallow(s, P, O, alpha, beta, parity, n);
    return solve_pvs(s, P, O, alpha, beta, side, parity, n, NULL);
}

static int solve_pvs(Solver *s, uint64_t P, uint64_t O, int alpha, int beta, int side, unsigned parity, int n,
                     Move *best_move)
{
    SearchCtx *ctx = s->ctx;

    /* Step 1. Count the node; time and interrupts. */
    ctx->nodes++;
    if (ctx->nodes >= ctx->next_poll && search_should_stop(ctx))
        return 0;

    /* Step 2. Stability: O's stable discs cap what P can reach. */
    if (alpha >= stability_alpha(n) && !best_move) {
        const int max = SCORE_MAX - 2 * bitboard_count(bitboard_stable(O, P));
        if (max <= alpha)
            return max;
    }

    /* Step 3. Transposition table: a cutoff, or at least a first move. */
    const uint64_t key = hash_of(s, P, O, side);
    TtEntry e;
    int tt_move = MOVE_NONE;
    if (tt_probe(ctx->tt, key, &e)) {
        tt_move = e.move;
        if (e.depth >= TT_SOLVED && !best_move) {
            const int sc = e.score / UNITS, bound = tt_bound(&e);
            if (bound == TT_EXACT || (bound == TT_LOWER && sc >= beta) || (bound == TT_UPPER && sc <= alpha))
                return sc;
        }
    }

    /* Step 4. No move: pass, or the game is over. */
    const uint64_t moves = bitboard_moves(P, O);
    if (!moves) {
        if (best_move)
            *best_move = MOVE_NONE;
        if (!bitboard_moves(O, P))
            return othello8_final(bitboard_count(P), bitboard_count(O));
        if (best_move)
            *best_move = MOVE_PASS;
        return -solve_pvs(s, O, P, -beta, -alpha, side ^ 1, parity, n, NULL);
    }

    /* Step 5. Order the moves. */
    SolveMove list[MAX_LIST];
    const int count = list_moves(s, P, O, moves, tt_move, parity, n, list);

    /* Step 6. Principal variation search: the first move with the full
     * window, the others with a null window unless they beat alpha. */
    const int alpha0 = alpha;
    int best = NO_SCORE, best_x = MOVE_NONE;
    for (int i = 0; i < count; i++) {
        const SolveMove *m = pick(list, count, i);
        const uint64_t np = O ^ m->flips, no = P | m->flips | 1ull << m->x;
        const unsigned cp = parity ^ 1u << quadrant_of(m->x);
        int score;
        if (i == 0) {
            score = -solve_any(s, np, no, -beta, -alpha, side ^ 1, cp, n - 1);
        } else {
            score = -solve_any(s, np, no, -alpha - 1, -alpha, side ^ 1, cp, n - 1);
            if (score > alpha && score < beta)
                score = -solve_any(s, np, no, -beta, -alpha, side ^ 1, cp, n - 1);
        }
        if (ctx->stop)
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
    const int bound = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
    tt_store(ctx->tt, key, TT_SOLVED + n, bound, best * UNITS, best_x);
    if (best_move)
        *best_move = best_x;
    return best;
}

/* ---------------------------------------------------------------- the hook */

static int floor_units(int v) { return v >= 0 ? v / UNITS : -((-v + UNITS - 1) / UNITS); }
static int ceil_units(int v) { return -floor_units(-v); }

static int clamp_score(int v)
{
    return v < -SCORE_MAX - 1 ? -SCORE_MAX - 1 : v > SCORE_MAX + 1 ? SCORE_MAX + 1 : v;
}

bool othello8_solve(void *pos, SearchCtx *ctx, int depth, int alpha, int beta, int *score, Move *best)
{
    const Othello8Pos *p = pos;
    const uint64_t P = othello8_player(p), O = othello8_opponent(p), empty = ~(P | O);
    const int n = bitboard_count(empty);
    if (n > depth)
        return false;
    Solver s = {ctx, zobrist_side()};
    /* A window in discs that contains the one in search units. */
    const int lo = clamp_score(floor_units(alpha)), hi = clamp_score(ceil_units(beta));
    *best = MOVE_NONE;
    *score = UNITS * solve_pvs(&s, P, O, lo, hi, p->side, parity_of(empty), n, best);
    return true;
}
