/*
 * search_refute.c - the check of the move a search is about to choose: a
 * search at any depth can miss a long forced win of the opponent (a threat
 * sequence, whose quiet defences its pruning cuts), which the game's own
 * solver reads directly (GameOps.refuted).
 */
#include "search.h"

#include <string.h>

#include "timeman.h"

enum {
    /* From this iteration on; each check on at most 1/SHARE_EACH of the
     * soft time and of the node budget, all of them on 1/SHARE_ALL: a check
     * that finds nothing costs up to its share. */
    MIN_DEPTH = 4,
    SHARE_EACH = 6,
    SHARE_ALL = 3
};

static bool is_among(Move m, const Move *list, int n)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

bool search_refute_dropped(const SearchResult *res, Move m) { return is_among(m, res->refuted, res->nrefuted); }

bool search_refute_drop(SearchCtx *s, const SearchLimits *lim, Move *moves, int *n, SearchResult *res,
                        SearchRefute *v, int depth)
{
    if (!s->ops->refuted || s->helper || (!s->soft_ns && !s->node_limit) || lim->multipv > 1 ||
        *n < 2 || depth < MIN_DEPTH || s->stop || res->exact || res->score >= SCORE_WIN_MIN ||
        res->score <= -SCORE_WIN_MIN || res->nrefuted >= SEARCH_MAX_REFUTED ||
        is_among(res->best, v->safe, v->nsafe) || !is_among(res->best, moves, *n))
        return false;
    const int64_t now = clock_ns();
    const uint64_t nodes0 = s->nodes;
    int64_t deadline = 0;
    uint64_t nodes = 0;
    if (s->soft_ns) {
        const int64_t span = s->soft_ns - s->start_ns, left = span / SHARE_ALL - v->spent_ns;
        if (left <= 0)
            return false;
        deadline = now + (span / SHARE_EACH < left ? span / SHARE_EACH : left);
        if (s->hard_ns && deadline > s->hard_ns)
            deadline = s->hard_ns;
    }
    if (s->node_limit) {
        const uint64_t all = s->node_limit / SHARE_ALL, each = s->node_limit / SHARE_EACH;
        if (v->spent_nodes >= all)
            return false;
        nodes = each < all - v->spent_nodes ? each : all - v->spent_nodes;
    }
    const bool lost = s->ops->refuted(s->pos, s, res->best, nodes, deadline);
    v->spent_ns += clock_ns() - now;
    v->spent_nodes += s->nodes - nodes0;
    if (s->stop)
        return false;
    if (!lost) {
        if (v->nsafe < REFUTE_KEEP)
            v->safe[v->nsafe++] = res->best;
        return false;
    }
    int i = 0;
    while (moves[i] != res->best)
        i++;
    memmove(&moves[i], &moves[i + 1], sizeof *moves * (size_t)(*n - i - 1));
    (*n)--;
    res->refuted[res->nrefuted++] = res->best;
    res->best = moves[0];
    res->pvlen = 1;
    res->pv[0] = moves[0];
    return true;
}
