/*
 * gomoku_ab.c - the alpha-beta of five-in-a-row below the root.
 *
 * A threat decides more than any evaluation, so every node first asks the
 * threat sets for an exact verdict (gomoku_quick_verdict), a four against
 * the side to move is answered by its one block at no cost in depth, and an
 * open three against it leaves only its answers to search. Quiet nodes are
 * pruned hard (razoring, futility, null move, move counts) and late moves
 * reduced; the horizon is a quiescence of fours, so a VCF within reach is
 * not missed at the leaves.
 */
#include "gomoku_ab.h"

#include <stdlib.h>
#include <string.h>

#include "gomoku_eval.h"
#include "gomoku_threat.h"
#include "renju.h"
#include "tt.h"

enum {
    Q_PLIES = 8,                /* own fours at the horizon, at most */
    Q_ALL_FOURS = 1,            /* plain fours in the first q-plies, combined ones after */
    Q_COMBO = 96,               /* cell weight of a four with a two beside it */
    RAZOR_DEPTH = 3,
    RAZOR_MARGIN = 250,         /* per ply of depth */
    FUTILITY_DEPTH = 4,
    FUTILITY_MARGIN = 180,      /* per ply of depth */
    NULL_DEPTH = 3,             /* null move from this depth */
    NULL_R = 2,
    LMR_DEPTH = 2,
    LMR_MOVES = 2,              /* moves searched in full before reductions */
    LMR_SCALE = 256,            /* reduction = ln(depth) ln(moves) * 256 / this */
    /* The root's defence against a VCF, in threat nodes (deterministic):
     * finding the opponent's VCF, then refuting it after each move. */
    ROOT_OPP_VCF = 20000,
    ROOT_REFUTE_VCF = 2000,     /* after each move, at least */
    ROOT_REFUTE_ALL = 60000,    /* in all; the moves after it are kept */
    ORDER_TT = 1 << 30,
    ORDER_KILLER = 1 << 26,
    HISTORY_MAX = 1 << 20
};

static int win_in(int ply) { return SCORE_WIN - ply; }

/* The heuristic value, noted as such (the root's score is then no proof). */
static int evaluate(GomokuPos *p, SearchCtx *s)
{
    s->saw_heuristic = true;
    return gomoku_evaluate(p);
}
static int loss_in(int ply) { return -(SCORE_WIN - ply); }

/* color may play a cell making two five points (an open four, a double
 * four), not forbidden to it. */
static bool has_open_four(GomokuPos *p, int color)
{
    const CellSet *s = &p->set[color][SET_FOUR];
    for (int i = 0; i < s->n; i++)
        if (gomoku_has(p, s->cell[i], color, FL_OPEN4) && renju_can_play(p, s->cell[i], color))
            return true;
    return false;
}

/* color may play a cell that makes a four and a three, or two threes. The
 * threes of Renju's black are left out: whether one is real depends on
 * points that may be forbidden. */
static bool has_double(GomokuPos *p, int color, int set, int need)
{
    if (p->rule == RULE_RENJU && color == BLACK)
        return false;
    const CellSet *s = &p->set[color][set];
    for (int i = 0; i < s->n; i++)
        if ((p->flags[s->cell[i]][color] & need) == need && renju_can_play(p, s->cell[i], color))
            return true;
    return false;
}

/* Exact: a five to play wins now; two five points against us (or one we
 * may not play) lose; an open four wins, since the reply cannot stop both
 * fives and any four of the reply comes too late. With no four anywhere for
 * the opponent, a four-three (the block makes no four of its own, the three
 * then opens) and a double three (one block cannot stop both) win too. */
int gomoku_quick_verdict(GomokuPos *p, int ply)
{
    const int me = p->side, opp = me ^ 1;
    if (p->set[me][SET_FIVE].n > 0)
        return win_in(ply + 1);
    const CellSet *of = &p->set[opp][SET_FIVE];
    if (of->n >= 2 || (of->n == 1 && !renju_can_play(p, of->cell[0], me)))
        return loss_in(ply + 2);
    if (of->n == 1)
        return 0;
    if (has_open_four(p, me))
        return win_in(ply + 3);
    if (p->set[opp][SET_FOUR].n == 0 &&
        (has_double(p, me, SET_FOUR, FL_FOUR | FL_THREE) || has_double(p, me, SET_THREE, FL_THREE3)))
        return win_in(ply + 5);
    return 0;
}

/* ------------------------------------------------------------ ordering */

static void score_moves(GomokuPos *p, SearchCtx *s, Move *moves, int *keys, int n, Move tt_move)
{
    const int side = p->side, ply = s->ply;
    gomoku_score_moves(p, moves, n, keys);
    for (int i = 0; i < n; i++) {
        const Move m = moves[i];
        if (m == tt_move)
            keys[i] = ORDER_TT;
        else if (m == s->killers[ply][0])
            keys[i] = keys[i] * 64 + ORDER_KILLER / 2;
        else
            keys[i] = keys[i] * 64 + s->history[side][m];
    }
}

/* Brings the best remaining move to position i; ties go to the lower cell,
 * so the order does not depend on how the list was built. */
static Move pick(Move *moves, int *keys, int n, int i)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (keys[j] > keys[best] || (keys[j] == keys[best] && moves[j] < moves[best]))
            best = j;
    const Move m = moves[best];
    const int k = keys[best];
    moves[best] = moves[i];
    keys[best] = keys[i];
    moves[i] = m;
    keys[i] = k;
    return m;
}

static void reward(GomokuPos *p, SearchCtx *s, Move m, int depth)
{
    const int ply = s->ply;
    if (s->killers[ply][0] != m) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = m;
    }
    int32_t *h = &s->history[p->side][m];
    *h += depth * depth;
    if (*h > HISTORY_MAX)
        for (int c = 0; c < 2; c++)
            for (int i = 0; i < MAX_CELLS; i++)
                s->history[c][i] /= 2;
}

/* ------------------------------------------------------------ quiescence */

/* b lies in a 5x5 square around a, or on one of its lines within four. */
static bool close_to(const GomokuPos *p, int a, int b)
{
    const int w = p->width, dr = b / w - a / w, dc = b % w - a % w;
    const int ar = abs(dr), ac = abs(dc);
    if (ar <= 2 && ac <= 2)
        return true;
    return ar <= 4 && ac <= 4 && (dr == 0 || dc == 0 || ar == ac);
}

/* A four worth trying at the horizon: near our last stone (a VCF grows
 * from where we play), and after the first q-ply only one that makes more
 * than the four. */
static bool q_four(const GomokuPos *p, int b, int me, int qply)
{
    const int last = p->nundo >= 2 ? p->undo[p->nundo - 2].box : -1;
    if (last >= 0 && !close_to(p, last, b))
        return false;
    return qply < Q_ALL_FOURS || (p->flags[b][me] & FL_THREE) || p->value[b][me] >= Q_COMBO;
}

static int qsearch(GomokuPos *p, SearchCtx *s, int alpha, int beta, int qply);

/* Plays box, searches the reply, takes it back. */
static int q_child(GomokuPos *p, SearchCtx *s, int box, int alpha, int beta, int qply)
{
    gomoku_make(p, box);
    s->ply++;
    const int v = -qsearch(p, s, -beta, -alpha, qply);
    s->ply--;
    gomoku_unmake(p);
    return v;
}

static int qsearch(GomokuPos *p, SearchCtx *s, int alpha, int beta, int qply)
{
    const int ply = s->ply, me = p->side;
    s->pvlen[ply] = 0;
    if (search_enter_node(s))
        return 0;
    if (p->winner >= 0)
        return loss_in(ply);
    int v = gomoku_quick_verdict(p, ply);
    if (v || ply >= MAX_PLY - 2)
        return v ? v : evaluate(p, s);

    /* A four against us: the block, at no cost. */
    const CellSet *of = &p->set[me ^ 1][SET_FIVE];
    if (of->n == 1) {
        const int b = of->cell[0];
        v = q_child(p, s, b, alpha, beta, qply);
        if (!s->stop && v > alpha)
            search_update_pv(s, gomoku_cell(p, b));
        return v;
    }

    int best = evaluate(p, s);
    if (best >= beta || qply >= Q_PLIES)
        return best;
    if (best > alpha)
        alpha = best;
    int16_t fours[GOMOKU_BOX];
    const int n = gomoku_set_sorted(p, me, SET_FOUR, fours);
    for (int i = 0; i < n; i++) {
        const int b = fours[i];
        if (!q_four(p, b, me, qply) || !renju_can_play(p, b, me))
            continue;
        v = q_child(p, s, b, alpha, beta, qply + 1);
        if (s->stop)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                search_update_pv(s, gomoku_cell(p, b));
                if (v >= beta)
                    break;
            }
        }
    }
    return best;
}

/* ----------------------------------------------------------- main search */

static int score_to_tt(int score, int ply)
{
    return score >= SCORE_WIN_MIN ? score + ply : score <= -SCORE_WIN_MIN ? score - ply : score;
}

static int score_from_tt(int score, int ply)
{
    return score >= SCORE_WIN_MIN ? score - ply : score <= -SCORE_WIN_MIN ? score + ply : score;
}

static int child(GomokuPos *p, SearchCtx *s, Move m, int depth, int alpha, int beta)
{
    gomoku_make(p, m == MOVE_PASS ? -1 : gomoku_box(p, m));
    s->ply++;
    const int v = -gomoku_alphabeta(p, s, depth, -beta, -alpha);
    s->ply--;
    gomoku_unmake(p);
    return v;
}

/* A move that changes the threats on the board: it makes a four or a three,
 * or it takes a point where the opponent would make one. */
static bool tactical(const GomokuPos *p, Move m)
{
    const int b = gomoku_box(p, m), me = p->side;
    return (p->flags[b][me] & (FL_FOUR | FL_THREE)) || (p->flags[b][me ^ 1] & (FL_FOUR | FL_THREE));
}

/* 16 ln(i), and (3 + i^1.3) * 3/2 (moves searched at a node of depth i
 * before the rest are pruned, half as many when the evaluation is not
 * improving). Without the factor 3/2 the pruning was too hard: Renju
 * self-play, 600 games, -50 Elo (-78 .. -22); with a factor 3, -31. */
static const uint8_t LN16[65] = {
    0,  0,  11, 18, 22, 26, 29, 31, 33, 35, 37, 38, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49,
    49, 50, 51, 52, 52, 53, 53, 54, 54, 55, 55, 56, 56, 57, 57, 58, 58, 59, 59, 59, 60, 60,
    61, 61, 61, 62, 62, 62, 63, 63, 63, 64, 64, 64, 64, 65, 65, 65, 66, 66, 66, 66, 67};
static const uint8_t MOVE_COUNT[33] = {4,  6,  7,  10, 13, 16, 19,  24,  27,  30,  34,  39,  42,  46,  51,  55, 60,
                                       64, 69, 73, 78, 82, 88, 93, 97, 103, 108, 114, 118, 124, 129, 135, 141};

static int lmr(int depth, int count)
{
    return LN16[depth < 64 ? depth : 64] * LN16[count < 64 ? count : 64] / LMR_SCALE;
}

static int move_count_limit(int depth, bool improving)
{
    const int n = MOVE_COUNT[depth < 32 ? depth : 32];
    return improving ? n : n / 2;
}

/* Razoring, futility and null move at a quiet node outside the PV; true
 * with *score set when the node is decided without its moves. */
static bool prune_early(GomokuPos *p, SearchCtx *s, int depth, int alpha, int beta, int eval, int *score)
{
    if (depth <= RAZOR_DEPTH && eval + RAZOR_MARGIN * depth < alpha) {
        const int v = qsearch(p, s, alpha, alpha + 1, 0);
        if (v <= alpha) {
            *score = v;
            return true;
        }
    }
    if (depth <= FUTILITY_DEPTH && eval - FUTILITY_MARGIN * depth >= beta) {
        *score = eval;
        return true;
    }
    const int last = p->nundo > 0 ? p->undo[p->nundo - 1].box : 0;
    if (depth >= NULL_DEPTH && eval >= beta && last >= 0) {
        const int v = child(p, s, MOVE_PASS, depth - 1 - NULL_R, beta - 1, beta);
        if (!s->stop && v >= beta) {
            *score = v >= SCORE_WIN_MIN ? beta : v;
            return true;
        }
    }
    return false;
}

int gomoku_alphabeta(GomokuPos *p, SearchCtx *s, int depth, int alpha, int beta)
{
    /* Step 1. Node, verdicts, horizon. */
    const int ply = s->ply;
    s->pvlen[ply] = 0;
    if (depth <= 0)
        return qsearch(p, s, alpha, beta, 0);
    if (search_enter_node(s))
        return 0;
    if (p->winner >= 0)
        return loss_in(ply);
    const int verdict = gomoku_quick_verdict(p, ply);
    if (verdict || ply >= MAX_PLY - 4)
        return verdict ? verdict : evaluate(p, s);
    if (alpha < loss_in(ply))
        alpha = loss_in(ply);
    if (beta > win_in(ply + 1))
        beta = win_in(ply + 1);
    if (alpha >= beta)
        return alpha;
    const bool pv = beta - alpha > 1;

    /* Step 2. Transposition table. */
    TtEntry e;
    Move tt_move = MOVE_NONE;
    if (tt_probe(s->tt, p->hash, &e)) {
        tt_move = e.move;
        const int sc = score_from_tt(e.score, ply), b = tt_bound(&e);
        if (!pv && e.depth >= depth &&
            (b == TT_EXACT || (b == TT_LOWER && sc >= beta) || (b == TT_UPPER && sc <= alpha)))
            return sc;
    }

    /* Step 3. Moves: the block of a four, the answers to an open three, or
     * every candidate. */
    Move *moves = s->moves[ply];
    int *keys = s->order[ply], kind;
    const int n = gomoku_gen_search_moves(p, moves, &kind);
    if (n == 0)
        return p->stones == p->size * p->size ? 0 : loss_in(ply);

    /* Step 4. Early pruning of quiet nodes. */
    const int eval = kind == GEN_FORCED && ply >= 2 ? -p->eval_stack[ply - 1] : evaluate(p, s);
    p->eval_stack[ply] = eval;
    const bool improving = ply <= 2 || eval > p->eval_stack[ply - 2];
    int sc;
    if (!pv && kind == GEN_QUIET && beta < SCORE_WIN_MIN && alpha > -SCORE_WIN_MIN &&
        prune_early(p, s, depth, alpha, beta, eval, &sc))
        return sc;
    if (s->stop)
        return 0;

    /* Step 5. The moves, late ones reduced or pruned. */
    score_moves(p, s, moves, keys, n, tt_move);
    const int alpha0 = alpha;
    int best = -SCORE_INF;
    Move best_move = MOVE_NONE;
    for (int i = 0, searched = 0; i < n; i++) {
        const Move m = pick(moves, keys, n, i);
        const bool quiet = kind == GEN_QUIET && m != tt_move && !tactical(p, m);
        if (searched >= move_count_limit(depth, improving) && best > -SCORE_WIN_MIN)
            continue;
        const int d = kind == GEN_FORCED ? depth : depth - 1;
        int v;
        if (searched == 0) {
            v = child(p, s, m, d, alpha, beta);
        } else {
            int r = depth >= LMR_DEPTH && searched >= LMR_MOVES ? lmr(depth, searched + 1) + (!pv && quiet) : 0;
            if (r > d - 1)
                r = d - 1 > 0 ? d - 1 : 0;
            v = child(p, s, m, d - r, alpha, alpha + 1);
            if (v > alpha && r > 0 && !s->stop)
                v = child(p, s, m, d, alpha, alpha + 1);
            if (v > alpha && v < beta && pv && !s->stop)
                v = child(p, s, m, d, alpha, beta);
        }
        if (s->stop)
            return 0;
        searched++;
        if (v > best) {
            best = v;
            best_move = m;
            if (v > alpha) {
                alpha = v;
                search_update_pv(s, m);
                if (v >= beta) {
                    if (quiet)
                        reward(p, s, m, depth);
                    break;
                }
            }
        }
    }

    /* Step 6. Remember. */
    const int bound = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
    tt_store(s->tt, p->hash, depth, bound, score_to_tt(best, ply), best_move);
    return best;
}

/* ------------------------------------------------------------ the root */

/* The side to move's VCF within nodes (the opponent's after our move);
 * *spent grows by the nodes it took. */
static bool has_vcf(GomokuPos *p, uint64_t nodes, uint64_t *spent)
{
    const ThreatLimits lim = {.nodes = nodes};
    ThreatResult r;
    gomoku_vcf(p, &lim, &r);
    *spent += r.nodes;
    return r.win;
}

int gomoku_root_moves(GomokuPos *p, Move *out)
{
    int kind;
    const int n = gomoku_gen_search_moves(p, out, &kind);
    if (kind != GEN_QUIET || n <= 1)
        return n;
    /* Would the opponent win by fours if we passed? Then only the moves
     * after which it no longer does (or we cannot tell) are worth a search:
     * the others lose to a line the search may not reach. */
    uint64_t spent = 0;
    gomoku_make(p, -1);
    const bool threat = has_vcf(p, ROOT_OPP_VCF, &spent);
    gomoku_unmake(p);
    if (!threat)
        return n;
    /* After a move that does not answer it, the same VCF takes about the
     * nodes it took after the pass: each move gets twice that, the moves
     * that look best first (the budget in all may not reach every move). */
    const uint64_t per_move = 2 * spent > ROOT_REFUTE_VCF ? 2 * spent : ROOT_REFUTE_VCF;
    Move order[MAX_MOVES];
    int keys[MAX_MOVES];
    bool lost[MAX_CELLS] = {false};
    memcpy(order, out, sizeof *out * (size_t)n);
    gomoku_score_moves(p, order, n, keys);
    spent = 0;
    for (int i = 0; i < n && spent < ROOT_REFUTE_ALL; i++) {
        const Move m = pick(order, keys, n, i);
        gomoku_make(p, gomoku_box(p, m));
        lost[m] = has_vcf(p, per_move, &spent);
        gomoku_unmake(p);
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!lost[out[i]])
            out[k++] = out[i];
    return k > 0 ? k : n;
}
