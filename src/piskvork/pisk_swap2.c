/*
 * pisk_swap2.c - the swap2 opening (SWAP2BOARD, and Yixin-Board's
 * yxswap2step1..3), every choice made by the search:
 *   no stones:    the three stones (black, white, black) of the 26 canonical
 *                 openings whose value is nearest to even;
 *   three stones: take Black (SWAP) when Black stands better, play stone 4
 *                 as White when White does, and when it is even add stones
 *                 4 and 5 (the search's best for each) and let the opponent
 *                 choose;
 *   five stones:  take Black when Black stands better, else play stone 6.
 * Each choice shares the time of one move.
 */
#include "pisk_swap2.h"

#include <stdlib.h>

#include "gomocup.h"
#include "pisk_board.h"
#include "pisk_think.h"

/* Within this many search units of zero a position counts as even. */
enum { EVEN = 150 };

/* The 26 canonical openings: x,y offsets from the centre (y downwards) of
 * stones 1 to 3; direct (white beside the centre) then indirect. */
static const int8_t OPENINGS[][6] = {
    {0, 0, 0, -1, 0, -2}, {0, 0, 0, -1, 1, -2}, {0, 0, 0, -1, 2, -2}, {0, 0, 0, -1, 1, -1},
    {0, 0, 0, -1, 2, -1}, {0, 0, 0, -1, 1, 0},  {0, 0, 0, -1, 2, 0},  {0, 0, 0, -1, 0, 1},
    {0, 0, 0, -1, 1, 1},  {0, 0, 0, -1, 2, 1},  {0, 0, 0, -1, 0, 2},  {0, 0, 0, -1, 1, 2},
    {0, 0, 0, -1, 2, 2},  {0, 0, 1, -1, 2, -2}, {0, 0, 1, -1, 2, -1}, {0, 0, 1, -1, 2, 0},
    {0, 0, 1, -1, 2, 1},  {0, 0, 1, -1, 2, 2},  {0, 0, 1, -1, 1, 0},  {0, 0, 1, -1, 1, 1},
    {0, 0, 1, -1, 1, 2},  {0, 0, 1, -1, 0, 1},  {0, 0, 1, -1, 0, 2},  {0, 0, 1, -1, -1, 1},
    {0, 0, 1, -1, -1, 2}, {0, 0, 1, -1, -2, 2},
};

enum { NOPENINGS = sizeof OPENINGS / sizeof OPENINGS[0] };

typedef enum { PUT_THREE, SWAP, MOVE_ON, PUT_TWO } Swap2Kind;

typedef struct Swap2Answer {
    Swap2Kind kind;
    Move m[3];
} Swap2Answer;

/* The game on the board becomes these stones, alternately from Black. */
static bool set_stones(Pisk *p, const Move *cells, int n)
{
    EngineMove moves[5];
    for (int i = 0; i < n; i++)
        moves[i] = (EngineMove){i % 2 ? WHITE : BLACK, cells[i]};
    int bad;
    return engine_set_moves(p->engine, moves, n, &bad);
}

static void put_three(Pisk *p, double secs, Swap2Answer *a)
{
    const int n = p->engine->size, c = n / 2;
    long best = -1;
    for (int i = 0; i < NOPENINGS; i++) {
        Move cells[3];
        for (int k = 0; k < 3; k++)
            cells[k] = (c + OPENINGS[i][2 * k + 1]) * n + c + OPENINGS[i][2 * k];
        int score;
        if (!set_stones(p, cells, 3))
            continue;
        pisk_evaluate(p, secs / NOPENINGS, &score);
        if (best < 0 || labs(score) < best) {
            best = labs(score);
            *a = (Swap2Answer){PUT_THREE, {cells[0], cells[1], cells[2]}};
        }
    }
    set_stones(p, NULL, 0);
}

static void answer_three(Pisk *p, double secs, Swap2Answer *a)
{
    Engine *e = p->engine;
    int v;
    const Move w = pisk_evaluate(p, secs / 2, &v); /* White to move */
    if (v < -EVEN || w < 0) {
        a->kind = SWAP;
    } else if (v > EVEN) {
        *a = (Swap2Answer){MOVE_ON, {w}};
    } else {
        engine_play(e, WHITE, w);
        const Move b = pisk_evaluate(p, secs / 2, &v);
        engine_undo(e);
        *a = b < 0 ? (Swap2Answer){MOVE_ON, {w}} : (Swap2Answer){PUT_TWO, {w, b}};
    }
}

static void answer_five(Pisk *p, double secs, Swap2Answer *a)
{
    int v;
    const Move w = pisk_evaluate(p, secs, &v); /* White to move */
    *a = v < 0 || w < 0 ? (Swap2Answer){SWAP, {0}} : (Swap2Answer){MOVE_ON, {w}};
}

/* The choice for a position of 0, 3 or 5 stones; false for other counts. */
static bool decide(Pisk *p, int stones, Swap2Answer *a)
{
    p->stop = false;
    const double secs = pisk_move_seconds(p);
    *a = (Swap2Answer){SWAP, {0}};
    if (stones == 0)
        put_three(p, secs, a);
    else if (stones == 3)
        answer_three(p, secs, a);
    else if (stones == 5)
        answer_five(p, secs, a);
    else
        return false;
    p->stop = false;
    return true;
}

static void xy_text(const Pisk *p, Move m, char *out)
{
    gomocup_format_xy(m, p->engine->size, out);
}

/* SWAP2BOARD, stone lines (x,y or x,y,f) in move order, DONE. */
void pisk_cmd_swap2board(Pisk *p, char *args)
{
    (void)args;
    PiskBoard *b = malloc(sizeof *b);
    if (!b)
        abort();
    Move cells[5];
    bool ok = pisk_read_board(p, b, false);
    if (ok && b->error[0])
        pisk_reply(p, "%s", b->error);
    else if (ok && b->n != 0 && b->n != 3 && b->n != 5)
        pisk_reply(p, "ERROR SWAP2BOARD takes 0, 3 or 5 stones, not %d", b->n);
    else if (ok) {
        for (int i = 0; i < b->n; i++)
            cells[i] = b->stones[i].cell;
        Swap2Answer a;
        char x[3][8];
        if (!set_stones(p, cells, b->n))
            pisk_reply(p, "ERROR not a legal opening");
        else if (decide(p, b->n, &a) && !p->quit) {
            for (int i = 0; i < 3; i++)
                xy_text(p, a.m[i], x[i]);
            if (a.kind == PUT_THREE)
                pisk_reply(p, "%s %s %s", x[0], x[1], x[2]);
            else if (a.kind == PUT_TWO)
                pisk_reply(p, "%s %s", x[0], x[1]);
            else if (a.kind == MOVE_ON)
                pisk_reply(p, "%s", x[0]);
            else
                pisk_reply(p, "SWAP");
        }
    }
    free(b);
}

/* Yixin-Board's swap2, on the position of its last yxboard: the answers
 * are MESSAGE lines ("x y", a space between the numbers). */
static void swap2_message(Pisk *p, const char *what, Move m)
{
    pisk_line(p, "MESSAGE SWAP2 %s %d %d", what, m % p->engine->size, m / p->engine->size);
}

void pisk_cmd_yxswap2step1(Pisk *p, char *args)
{
    (void)args;
    Swap2Answer a;
    if (!decide(p, 0, &a) || p->quit)
        return;
    swap2_message(p, "MOVE1", a.m[0]);
    swap2_message(p, "MOVE2", a.m[1]);
    swap2_message(p, "MOVE3", a.m[2]);
}

void pisk_cmd_yxswap2step2(Pisk *p, char *args)
{
    (void)args;
    Swap2Answer a;
    if (!decide(p, 3, &a) || p->quit)
        return;
    if (a.kind == PUT_TWO) {
        swap2_message(p, "MOVE4", a.m[0]);
        swap2_message(p, "MOVE5", a.m[1]);
    } else {
        pisk_line(p, "MESSAGE SWAP2 SWAP1 %s", a.kind == SWAP ? "YES" : "NO");
    }
}

void pisk_cmd_yxswap2step3(Pisk *p, char *args)
{
    (void)args;
    Swap2Answer a;
    if (!decide(p, 5, &a) || p->quit)
        return;
    pisk_line(p, "MESSAGE SWAP2 SWAP2 %s", a.kind == SWAP ? "YES" : "NO");
}
