/*
 * tool_gomoku.c - build/flipfive-gomoku: slow reference implementations
 * checking the fast five-in-a-row code on random positions, and the
 * search's tactical properties.
 *
 *   flipfive-gomoku check WHAT [N] [SEED]
 *
 * WHAT is patterns, incremental, forbidden, vcf, vct, props or all. Prints one
 * line per check ("ok ...") and exits 1 at the first disagreement, after
 * printing the position.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "gomoku.h"
#include "gomoku_ops.h"
#include "gomoku_threat.h"
#include "naive.h"
#include "renju.h"
#include "tables.h"
#include "zobrist.h"

static uint64_t rng;

static int rnd(int n) { return (int)(splitmix64(&rng) % (uint64_t)n); }

static const char *const RULE_GAME[3] = {"Gomoku", "Gomoku", "Renju"};

/* ------------------------------------------------------- random positions */

typedef struct Spot {
    int rule, size, side;
    int8_t cells[MAX_CELLS];
} Spot;

/* Stones clustered around a random centre, so that lines form. */
static void random_spot(Spot *s, int rule, int size, int stones)
{
    s->rule = rule;
    s->size = size;
    memset(s->cells, 0, sizeof s->cells);
    int cr = rnd(size), cc = rnd(size), spread = 2 + rnd(size / 2 + 1);
    for (int i = 0; i < stones; i++) {
        int r = cr + rnd(2 * spread + 1) - spread, c = cc + rnd(2 * spread + 1) - spread;
        if (r < 0 || c < 0 || r >= size || c >= size)
            continue;
        s->cells[r * size + c] = (int8_t)(1 + rnd(2));
    }
    s->side = rnd(2);
}

/* Adds a row of 3 or 4 stones of one colour with empty ends, so that fours
 * and open threes are common. */
static void plant_threat(Spot *s)
{
    static const int DR[4] = {0, 1, 1, 1}, DC[4] = {1, 0, 1, -1};
    const int n = s->size, d = rnd(4), len = 3 + rnd(2), color = 1 + rnd(2);
    const int r0 = rnd(n), c0 = rnd(n);
    for (int k = -1; k <= len; k++) {
        int r = r0 + k * DR[d], c = c0 + k * DC[d];
        if (r < 0 || c < 0 || r >= n || c >= n)
            return;
    }
    for (int k = -1; k <= len; k++) {
        int r = r0 + k * DR[d], c = c0 + k * DC[d];
        s->cells[r * n + c] = (int8_t)(k < 0 || k == len ? CELL_EMPTY : color);
    }
}

static void print_spot(const Spot *s)
{
    static const char CH[3] = {'-', 'X', 'O'};
    fprintf(stderr, "position (%s rule %d, %s to move): ", RULE_GAME[s->rule], s->rule, s->side ? "white" : "black");
    for (int i = 0; i < s->size * s->size; i++)
        fputc(CH[s->cells[i]], stderr);
    fputc('\n', stderr);
}

static const GameOps *ops_of(int rule) { return rule == RULE_RENJU ? &renju_ops : &gomoku_ops; }

/* A position for a spot; NULL when the rules refuse it (two fives). */
static GomokuPos *make_pos(const Spot *s)
{
    const GameOps *ops = ops_of(s->rule);
    GomokuPos *p = ops->create(s->size, s->rule);
    if (!ops->setup(p, s->cells, s->side)) {
        ops->destroy(p);
        return NULL;
    }
    return p;
}

static int fail(const Spot *s, const char *what)
{
    fprintf(stderr, "FAIL %s\n", what);
    if (s)
        print_spot(s);
    return 1;
}

/* --------------------------------------------------------------- patterns */

static int check_patterns(int n)
{
    for (int i = 0; i < n; i++) {
        int8_t line[2 * PAT_HALF + 1];
        uint32_t key = 0;
        for (int k = 0; k < 2 * PAT_HALF + 1; k++)
            line[k] = (int8_t)(rnd(8) < 4 ? CODE_EMPTY : 1 + rnd(3));
        line[PAT_HALF] = CODE_EMPTY;
        for (int k = 1; k <= PAT_HALF; k++) {
            key |= (uint32_t)line[PAT_HALF - k] << (2 * (k - 1));
            key |= (uint32_t)line[PAT_HALF + k] << (PAT_SIDE_BITS + 2 * (k - 1));
        }
        for (int color = 0; color < 2; color++)
            for (int v = 0; v < VIEW_COUNT; v++)
                if (pattern_of(key, color, (PatternView)v) != pattern_of_line(line, color, (PatternView)v)) {
                    fprintf(stderr, "line");
                    for (int k = 0; k < 2 * PAT_HALF + 1; k++)
                        fprintf(stderr, " %d", line[k]);
                    fprintf(stderr, " color %d view %d: table %d direct %d\n", color, v,
                            pattern_of(key, color, (PatternView)v), pattern_of_line(line, color, (PatternView)v));
                    return fail(NULL, "patterns");
                }
    }
    printf("ok patterns: %d random lines, both colours, every view\n", n);
    return 0;
}

/* ------------------------------------------------------------ incremental */

static bool same_set(const CellSet *a, const CellSet *b)
{
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (b->where[a->cell[i]] < 0)
            return false;
    return true;
}

/* The counts of threat kinds, recounted from the flags of the empty cells. */
static bool kinds_recounted(const GomokuPos *p)
{
    int count[2][TK_KINDS] = {{0}};
    for (int c = 0; c < p->size * p->size; c++) {
        const int b = gomoku_box(p, c);
        if (p->box[b] != CELL_EMPTY)
            continue;
        for (int color = 0; color < 2; color++)
            for (int k = 0; k < TK_KINDS; k++)
                count[color][k] += gomoku_threat_kinds(p->flags[b][color]) >> k & 1;
    }
    for (int color = 0; color < 2; color++)
        for (int k = 0; k < TK_KINDS; k++)
            if (count[color][k] != p->kinds[color][k])
                return false;
    return true;
}

/* The incremental state of p equals a fresh set-up of the same stones
 * (not full: all but the evaluation's weights and sums, as lean updates
 * keep it). */
static bool same_state(GomokuPos *p, const Spot *s, bool full)
{
    Spot now = *s;
    for (int c = 0; c < p->size * p->size; c++)
        now.cells[c] = p->box[gomoku_box(p, c)];
    now.side = p->side;
    GomokuPos *q = make_pos(&now);
    if (!q)
        return false;
    bool ok = p->hash == q->hash && p->stones == q->stones &&
              (!full || (p->sum[0] == q->sum[0] && p->sum[1] == q->sum[1] && p->psum[0] == q->psum[0] &&
                         p->psum[1] == q->psum[1]));
    for (int c = 0; c < p->size * p->size && ok; c++) {
        int b = gomoku_box(p, c);
        if (p->box[b] != CELL_EMPTY)
            continue;
        ok = memcmp(p->key[b], q->key[b], sizeof p->key[b]) == 0 && memcmp(p->pat[b], q->pat[b], sizeof p->pat[b]) == 0 &&
             memcmp(p->flags[b], q->flags[b], 2) == 0 && memcmp(p->value[b], q->value[b], sizeof p->value[b]) == 0 &&
             (!full || memcmp(p->weight[b], q->weight[b], sizeof p->weight[b]) == 0) &&
             p->near[b] == q->near[b];
    }
    for (int c = 0; c < 2 && ok; c++)
        for (int k = 0; k < NSETS && ok; k++)
            ok = same_set(&p->set[c][k], &q->set[c][k]);
    ok = ok && memcmp(p->kinds, q->kinds, sizeof p->kinds) == 0 && kinds_recounted(p);
    ops_of(s->rule)->destroy(q);
    return ok;
}

/* Random moves in lean updates (as the threat searches make them), each
 * state checked, all taken back; then a short threat search. After either,
 * the position must be whole again, evaluation included. */
static bool lean_excursion(GomokuPos *p, const Spot *s, const GameOps *ops)
{
    const bool was = gomoku_lean(p, true);
    int made = 0;
    for (int k = 1 + rnd(6); made < k; made++) {
        Move moves[MAX_MOVES];
        const int n = ops->gen_moves(p, moves);
        if (n == 0)
            break;
        ops->make(p, moves[rnd(n)]);
        if (!same_state(p, s, false))
            return false;
    }
    while (made-- > 0)
        ops->unmake(p);
    gomoku_lean(p, was);
    if (!same_state(p, s, true))
        return false;
    ThreatLimits lim = {.nodes = 2000};
    ThreatResult r;
    if (p->winner < 0)
        gomoku_vct(p, &lim, 2, &r);
    return same_state(p, s, true);
}

static int check_incremental(int n)
{
    for (int i = 0; i < n; i++) {
        Spot s;
        int rule = rnd(3), size = rule == RULE_RENJU ? 15 : 5 + rnd(21);
        random_spot(&s, rule, size, rnd(size * 2));
        GomokuPos *p = make_pos(&s);
        if (!p)
            continue;
        const GameOps *ops = ops_of(rule);
        uint64_t h0 = p->hash;
        int made = 0;
        for (int step = 0; step < 40; step++) {
            Move moves[MAX_MOVES];
            int k = ops->gen_moves(p, moves);
            if (k == 0 || (made > 0 && rnd(4) == 0)) {
                if (made == 0)
                    break;
                ops->unmake(p);
                made--;
            } else {
                ops->make(p, rnd(10) == 0 ? MOVE_PASS : moves[rnd(k)]);
                made++;
            }
            if (!same_state(p, &s, true))
                return fail(&s, "incremental state differs from a fresh set-up");
            if (rnd(8) == 0 && !lean_excursion(p, &s, ops))
                return fail(&s, "lean updates (threat searches) leave the position changed");
        }
        while (made-- > 0)
            ops->unmake(p);
        if (p->hash != h0 || !same_state(p, &s, true))
            return fail(&s, "unmake does not restore the position");
        ops->destroy(p);
    }
    printf("ok incremental: %d random games with make/unmake (and lean excursions) match fresh set-ups\n", n);
    return 0;
}

/* -------------------------------------------------------------- forbidden */

static int check_forbidden(int n)
{
    long points = 0, forbidden = 0;
    for (int i = 0; i < n; i++) {
        Spot s;
        random_spot(&s, RULE_RENJU, 15, 20 + rnd(100));
        GomokuPos *p = make_pos(&s);
        if (!p)
            continue;
        for (int c = 0; c < 225; c++) {
            int b = gomoku_box(p, c);
            if (p->box[b] != CELL_EMPTY)
                continue;
            RenjuFoul fast = renju_foul(p, b), slow = renju_foul_slow(p, b);
            points++;
            forbidden += fast != FOUL_NONE;
            if (fast != slow)
                return fail(&s, "renju_foul differs from renju_foul_slow");
        }
        renju_ops.destroy(p);
    }
    printf("ok forbidden: %ld points of %d positions, %ld forbidden, fast = slow\n", points, n, forbidden);
    return 0;
}

/* -------------------------------------------------------- reference VCF */

/* Legality from the stones alone (five points: naive.h). */
static bool naive_legal(GomokuPos *p, int b, int color)
{
    return p->box[b] == CELL_EMPTY && !(color == BLACK && p->rule == RULE_RENJU && renju_foul_slow(p, b));
}

static bool naive_vcf(GomokuPos *p, int a, int depth)
{
    /* Only "none, one (which), two or more" matters: two points at most. */
    int f[2], g[3];
    const int d = a ^ 1;
    if (naive_fives(p, a, f, 2) > 0)
        return true;
    if (depth == 0)
        return false;
    int nd = naive_fives(p, d, g, 2);
    if (nd >= 2)
        return false;
    for (int c = 0; c < p->size * p->size; c++) {
        int m = gomoku_box(p, c);
        if ((nd == 1 && m != g[0]) || !naive_legal(p, m, a))
            continue;
        p->box[m] = (int8_t)(a + 1);
        int nf = naive_fives(p, a, f, 2);
        bool win = false;
        if (nf > 0 && naive_fives(p, d, g + 1, 2) == 0) {
            if (nf >= 2 || !naive_legal(p, f[0], d)) {
                win = true;
            } else {
                p->box[f[0]] = (int8_t)(d + 1);
                win = naive_vcf(p, a, depth - 1);
                p->box[f[0]] = CELL_EMPTY;
            }
        }
        p->box[m] = CELL_EMPTY;
        if (win)
            return true;
    }
    return false;
}

/* The line is a VCF: each attacker move legal and threatening five, each
 * defender reply the block (or no block where it is forbidden), a five. */
static bool line_ok(GomokuPos *p, const ThreatResult *r)
{
    const int a = p->side;
    int made = 0;
    bool ok = true;
    for (int i = 0; i < r->len && ok; i++) {
        int b = r->line[i], mover = i % 2 == 0 ? a : a ^ 1;
        if (b == VCF_NO_BLOCK) {
            int f = r->line[i + 1];
            ok = i % 2 == 1 && !renju_can_play(p, f, mover) && gomoku_has(p, f, a, FL_FIVE);
            gomoku_make(p, -1);
        } else {
            ok = renju_can_play(p, b, mover) && (mover == a || gomoku_has(p, b, a, FL_FIVE));
            gomoku_make(p, b);
            if (ok && mover == a && i + 1 < r->len)
                ok = p->set[a][SET_FIVE].n > 0 && p->set[a ^ 1][SET_FIVE].n == 0;
        }
        made++;
    }
    ok = ok && p->winner == a;
    while (made-- > 0)
        gomoku_unmake(p);
    return ok;
}

static int check_vcf(int n)
{
    int wins = 0;
    for (int i = 0; i < n; i++) {
        Spot s;
        int rule = rnd(3), size = rule == RULE_RENJU ? 15 : 9 + rnd(7);
        random_spot(&s, rule, size, 10 + rnd(size * 2));
        GomokuPos *p = make_pos(&s);
        if (!p || p->winner >= 0) {
            if (p)
                ops_of(rule)->destroy(p);
            continue;
        }
        const int depth = 3;
        ThreatLimits lim = {.max_depth = depth};
        ThreatResult r;
        gomoku_vcf(p, &lim, &r);
        bool ref = naive_vcf(p, p->side, depth);
        if (r.win != ref)
            return fail(&s, r.win ? "VCF found where the reference finds none" : "VCF missed");
        if (r.win && !line_ok(p, &r))
            return fail(&s, "VCF line is not a legal winning line");
        wins += r.win;
        ops_of(rule)->destroy(p);
    }
    printf("ok vcf: %d positions (%d with a VCF of at most 3 fours) agree with the reference\n", n, wins);
    return 0;
}

/* -------------------------------------------------- VCT against minimax */

static bool ex_defend(GomokuPos *p, int a, int plies);

/* The attacker (to move) forces a five within plies plies: plain minimax
 * over every legal move, fours tried first, fives from the stones alone. */
static bool ex_attack(GomokuPos *p, int a, int plies)
{
    int f[1]; /* only whether there is one */
    if (naive_fives(p, a, f, 1) > 0)
        return true;
    if (plies < 3)
        return false;
    for (int pass = 0; pass < 2; pass++)
        for (int c = 0; c < p->size * p->size; c++) {
            int m = gomoku_box(p, c);
            if (!naive_legal(p, m, a))
                continue;
            gomoku_make(p, m);
            bool four = naive_fives(p, a, f, 1) > 0;
            bool win = four == (pass == 0) && ex_defend(p, a, plies - 1);
            gomoku_unmake(p);
            if (win)
                return true;
        }
    return false;
}

static bool ex_defend(GomokuPos *p, int a, int plies)
{
    int f[1]; /* only whether there is one */
    bool any = false;
    if (naive_fives(p, a ^ 1, f, 1) > 0)
        return false;
    for (int c = 0; c < p->size * p->size; c++) {
        int x = gomoku_box(p, c);
        if (!naive_legal(p, x, a ^ 1))
            continue;
        any = true;
        gomoku_make(p, x);
        bool win = ex_attack(p, a, plies - 1);
        gomoku_unmake(p);
        if (!win)
            return false;
    }
    return any;
}

/* Every short VCT win the solver claims holds against every defence. */
static int check_vct(int n)
{
    int wins = 0, checked = 0;
    for (int i = 0; i < n; i++) {
        Spot s;
        int rule = rnd(3), size = rule == RULE_RENJU ? 15 : 7 + rnd(4);
        random_spot(&s, rule, size, rule == RULE_RENJU ? 60 + rnd(120) : size * size / 2 + rnd(size * 2));
        GomokuPos *p = make_pos(&s);
        if (!p || p->winner >= 0 || p->set[p->side][SET_FIVE].n > 0) {
            if (p)
                ops_of(rule)->destroy(p);
            continue;
        }
        ThreatLimits lim = {.nodes = 200000};
        ThreatResult r;
        gomoku_vct(p, &lim, 2, &r);
        const int max_len = rule == RULE_RENJU ? 5 : 7;
        if (r.win && r.len <= max_len) {
            const int a = p->side;
            gomoku_make(p, r.line[0]);
            bool ok = ex_defend(p, a, r.len - 1);
            gomoku_unmake(p);
            if (!ok)
                return fail(&s, "VCT claims a win that a defence refutes");
            checked++;
        }
        wins += r.win;
        ops_of(rule)->destroy(p);
    }
    printf("ok vct: %d positions, %d VCT wins, %d short ones confirmed by full minimax\n", n, wins, checked);
    return 0;
}

/* ---------------------------------------------------- search properties */

/* color threatens a straight four (or double four) it may play. */
static bool open_four_threat(GomokuPos *p, int color)
{
    for (int c = 0; c < p->size * p->size; c++) {
        int b = gomoku_box(p, c);
        if (gomoku_has(p, b, color, FL_OPEN4) && renju_can_play(p, b, color))
            return true;
    }
    return false;
}

/* Some legal move of the side to move leaves no open-four threat. */
static bool threat_stoppable(GomokuPos *p)
{
    const int me = p->side;
    for (int c = 0; c < p->size * p->size; c++) {
        int b = gomoku_box(p, c);
        if (!renju_can_play(p, b, me))
            continue;
        gomoku_make(p, b);
        bool stops = !open_four_threat(p, me ^ 1);
        gomoku_unmake(p);
        if (stops)
            return true;
    }
    return false;
}

static int check_props(int n)
{
    int counts[3] = {0, 0, 0};
    EngineSettings set;
    engine_default_settings(&set);
    set.hash_mb = 4;
    set.threads = 1; /* reproducible verdicts */
    /* A fixed depth, not a clock: the verdicts must not depend on the
     * machine's load or a sanitizer's slowdown. */
    set.movetime = 0;
    set.depth = 4;
    Engine *e = engine_create(&set);
    for (int i = 0; i < n; i++) {
        Spot s;
        int rule = rnd(3), size = rule == RULE_RENJU ? 15 : 7 + rnd(19);
        random_spot(&s, rule, size, 6 + rnd(size * 2));
        if (rnd(3) > 0)
            plant_threat(&s);
        e->set.rule = rule == RULE_RENJU ? 0 : rule;
        e->set.level = 1 + rnd(3);
        if (!engine_set_game(e, RULE_GAME[rule]) || !engine_setup(e, size, s.cells, s.side))
            continue;
        GomokuPos *p = e->pos;
        if (p->winner >= 0 || e->ops->game_over(p))
            continue;
        const int me = p->side, opp = me ^ 1;
        bool five = p->set[me][SET_FIVE].n > 0, against = p->set[opp][SET_FIVE].n > 0;
        bool three = !five && !against && p->set[me][SET_FOUR].n == 0 && open_four_threat(p, opp) && threat_stoppable(p);
        Move m;
        engine_genmove(e, me, false, &m);
        if (m < 0 || !e->ops->is_legal(p, m))
            return fail(&s, "genmove answered an illegal move");
        int b = gomoku_box(p, m);
        if (five && !gomoku_has(p, b, me, FL_FIVE))
            return fail(&s, "missed a win in one");
        if (!five && against && !gomoku_has(p, b, opp, FL_FIVE)) {
            bool can_block = false;
            for (int k = 0; k < p->set[opp][SET_FIVE].n; k++)
                can_block |= renju_can_play(p, p->set[opp][SET_FIVE].cell[k], me);
            if (can_block)
                return fail(&s, "did not block a four");
        }
        if (three) {
            gomoku_make(p, b);
            bool ok = !open_four_threat(p, opp) || p->set[me][SET_FIVE].n > 0;
            gomoku_unmake(p);
            if (!ok)
                return fail(&s, "left an open three unanswered");
        }
        counts[0] += five;
        counts[1] += !five && against;
        counts[2] += three;
    }
    engine_destroy(e);
    printf("ok props: %d positions: %d wins in one taken, %d fours blocked, %d open threes answered\n", n,
           counts[0], counts[1], counts[2]);
    return 0;
}

int main(int argc, char **argv)
{
    tables_init();
    if (argc < 3 || strcmp(argv[1], "check") != 0) {
        fprintf(stderr, "usage: flipfive-gomoku check patterns|incremental|forbidden|vcf|vct|props|all [N] [SEED]\n");
        return 2;
    }
    const char *what = argv[2];
    int n = argc > 3 ? atoi(argv[3]) : 200;
    rng = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
    bool all = strcmp(what, "all") == 0;
    int rc = 0;
    if (all || strcmp(what, "patterns") == 0)
        rc |= check_patterns(n * 50);
    if (!rc && (all || strcmp(what, "incremental") == 0))
        rc |= check_incremental(n);
    if (!rc && (all || strcmp(what, "forbidden") == 0))
        rc |= check_forbidden(n);
    if (!rc && (all || strcmp(what, "vcf") == 0))
        rc |= check_vcf(n);
    if (!rc && (all || strcmp(what, "vct") == 0))
        rc |= check_vct(n);
    if (!rc && (all || strcmp(what, "props") == 0))
        rc |= check_props(n);
    return rc;
}
