/*
 * renju.c - the forbidden-move check. It works on the bare stones (the box
 * array), placing and lifting hypothetical black stones as the definitions
 * ask, so it can recurse into the points a three would extend to.
 */
#include "renju.h"

#include <assert.h>

/* Nesting of "is that extension point forbidden itself?" beyond any real
 * position; deeper, threes are taken at face value. */
enum { MAX_NEST = 12 };

typedef struct Board {
    int8_t *box;
    const int *dir;
} Board;

/* Black stones in a row through b along d, b counted as black. */
static int run_len(const Board *bd, int b, int d)
{
    int n = 1;
    for (int x = b + d; bd->box[x] == CELL_BLACK; x += d)
        n++;
    for (int x = b - d; bd->box[x] == CELL_BLACK; x -= d)
        n++;
    return n;
}

/* Fours through the black stone on b along d: 0, 1 (one completion or a
 * straight four) or 2 (two fours on one line). */
static int fours_in_dir(const Board *bd, int b, int d)
{
    int first = 0, n = 0;
    for (int k = -4; k <= 4; k++) {
        int z = b + k * d;
        if (k == 0 || bd->box[z] != CELL_EMPTY)
            continue;
        bd->box[z] = CELL_BLACK;
        if (run_len(bd, b, d) == 5) {
            if (n++ == 0)
                first = k;
            else if (k - first != 5)
                n = 3; /* the two completions do not share four stones */
        }
        bd->box[z] = CELL_EMPTY;
    }
    return n == 0 ? 0 : n <= 2 ? 1 : 2;
}

/* Exactly four black in a row through b along d, both ends completing an
 * exact five. */
static bool straight_four(const Board *bd, int b, int d)
{
    int a = b, e = b;
    while (bd->box[a - d] == CELL_BLACK)
        a -= d;
    while (bd->box[e + d] == CELL_BLACK)
        e += d;
    if ((e - a) / d != 3)
        return false;
    a -= d;
    e += d;
    return bd->box[a] == CELL_EMPTY && bd->box[e] == CELL_EMPTY &&
           bd->box[a - d] != CELL_BLACK && bd->box[e + d] != CELL_BLACK;
}

static RenjuFoul foul_at(const Board *bd, int b, int nest);

/* Black on b (empty) would make an exact five. */
static bool makes_five(const Board *bd, int b)
{
    for (int i = 0; i < 4; i++)
        if (run_len(bd, b, bd->dir[i]) == 5)
            return true;
    return false;
}

/* A three through the black stone on b along d: some point z turns it into
 * a straight four without making a five at the same time (RIF 3.6), and
 * black may play z. */
static bool three_in_dir(const Board *bd, int b, int d, int nest)
{
    for (int k = -4; k <= 4; k++) {
        int z = b + k * d;
        if (k == 0 || bd->box[z] != CELL_EMPTY)
            continue;
        bd->box[z] = CELL_BLACK;
        bool sf = straight_four(bd, b, d);
        bd->box[z] = CELL_EMPTY;
        if (sf && !makes_five(bd, z) &&
            (nest >= MAX_NEST || foul_at(bd, z, nest + 1) == FOUL_NONE))
            return true;
    }
    return false;
}

static RenjuFoul judge(const Board *bd, int b, int nest)
{
    bool over = false;
    for (int i = 0; i < 4; i++) {
        int r = run_len(bd, b, bd->dir[i]);
        if (r == 5)
            return FOUL_NONE;
        over |= r > 5;
    }
    if (over)
        return FOUL_OVERLINE;
    int fours = 0, four_dirs = 0;
    for (int i = 0; i < 4; i++) {
        int f = fours_in_dir(bd, b, bd->dir[i]);
        fours += f;
        four_dirs |= (f > 0) << i;
    }
    if (fours >= 2)
        return FOUL_DOUBLE_FOUR;
    int threes = 0;
    for (int i = 0; i < 4 && threes < 2; i++)
        if (!(four_dirs >> i & 1) && three_in_dir(bd, b, bd->dir[i], nest))
            threes++;
    return threes >= 2 ? FOUL_DOUBLE_THREE : FOUL_NONE;
}

static RenjuFoul foul_at(const Board *bd, int b, int nest)
{
    assert(bd->box[b] == CELL_EMPTY);
    bd->box[b] = CELL_BLACK;
    RenjuFoul f = judge(bd, b, nest);
    bd->box[b] = CELL_EMPTY;
    return f;
}

RenjuFoul renju_foul_slow(GomokuPos *p, int box)
{
    if (p->box[box] != CELL_EMPTY)
        return FOUL_NONE;
    Board bd = {p->box, p->dir};
    return foul_at(&bd, box, 0);
}

RenjuFoul renju_foul(GomokuPos *p, int box)
{
    if (p->rule != RULE_RENJU || p->box[box] != CELL_EMPTY || !gomoku_has(p, box, BLACK, FL_FOUL))
        return FOUL_NONE;
    return renju_foul_slow(p, box);
}

bool renju_can_play(GomokuPos *p, int b, int color)
{
    if (p->box[b] != CELL_EMPTY)
        return false;
    return !(color == BLACK && p->rule == RULE_RENJU && renju_forbidden(p, b));
}

bool renju_five_with_overline(GomokuPos *p, int box)
{
    if (p->rule != RULE_RENJU || p->box[box] != CELL_EMPTY)
        return false;
    const Board bd = {p->box, p->dir};
    bool five = false, over = false;
    for (int i = 0; i < 4; i++) {
        const int r = run_len(&bd, box, bd.dir[i]);
        five |= r == 5;
        over |= r > 5;
    }
    return five && over;
}

int renju_host_safe_five(GomokuPos *p, int color, int five)
{
    if (color != BLACK || !renju_five_with_overline(p, five))
        return five;
    const CellSet *s = &p->set[color][SET_FIVE];
    for (int i = 0; i < s->n; i++)
        if (!renju_five_with_overline(p, s->cell[i]))
            return s->cell[i];
    return five;
}

int renju_forbidden_points(GomokuPos *p, int16_t *out)
{
    int n = 0;
    for (int r = 0; r < p->size; r++)
        for (int c = 0; c < p->size; c++) {
            int b = gomoku_box(p, r * p->size + c);
            if (renju_forbidden(p, b))
                out[n++] = (int16_t)b;
        }
    return n;
}
