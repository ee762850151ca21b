/*
 * search_order.c - the order in which search.c tries a node's moves: the
 * table's move, the killers, then the game's static keys with the history
 * of quiet moves that caused cutoffs.
 */
#include "search.h"

#include <string.h>

enum {
    ORDER_KILLER = 1 << 26,
    HISTORY_MAX = 1 << 24
};

void search_order_moves(SearchCtx *s, Move *moves, int *keys, int n, Move tt_move, int depth)
{
    const int side = s->ops->side_to_move(s->pos), ply = s->ply;
    const SearchTuning *tune = s->ops->tuning;
    const bool killers = !(tune && tune->no_killers);
    if (s->ops->score_moves && (!tune || depth >= tune->score_min_depth))
        s->ops->score_moves(s->pos, moves, n, keys);
    else
        memset(keys, 0, sizeof *keys * (size_t)n);
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        if (m == tt_move)
            keys[i] = SEARCH_ORDER_TT;
        else if (killers && m == s->killers[ply][0])
            keys[i] = ORDER_KILLER + 1;
        else if (killers && m == s->killers[ply][1])
            keys[i] = ORDER_KILLER;
        else if (m >= 0)
            keys[i] = keys[i] * 64 + s->history[side][m];
    }
}

bool search_tt_first(Move *moves, int *keys, int n, Move tt_move)
{
    if (tt_move == MOVE_NONE)
        return false;
    for (int i = 0; i < n; i++)
        if (moves[i] == tt_move) {
            moves[i] = moves[0];
            moves[0] = tt_move;
            keys[0] = SEARCH_ORDER_TT;
            return true;
        }
    return false;
}

Move search_pick_move(Move *moves, int *keys, int n, int i)
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

void search_reward_quiet(SearchCtx *s, Move m, int depth)
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
