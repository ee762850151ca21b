/*
 * search_lines.c - the lines a search reports (multi-PV): kept best first
 * from each iteration, merged with the last iteration's when the clock cut
 * one short.
 */
#include "search.h"

#include <string.h>

void search_take_line(const SearchCtx *s, SearchLine *line, int score, int depth)
{
    line->score = score;
    line->depth = depth;
    line->pvlen = s->pvlen[0];
    memcpy(line->pv, s->pv[0], sizeof(Move) * (size_t)line->pvlen);
}

/* Lines best first; equal scores keep their order (insertion sort). */
static void sort_lines(SearchLine *lines, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && lines[j].score > lines[j - 1].score; j--) {
            SearchLine t = lines[j];
            lines[j] = lines[j - 1];
            lines[j - 1] = t;
        }
}

static bool line_has_move(const SearchLine *lines, int n, Move m)
{
    for (int i = 0; i < n; i++)
        if (lines[i].pv[0] == m)
            return true;
    return false;
}

/* The lines of an iteration the clock stopped: the got lines it finished,
 * then the previous iteration's lines about other moves. */
static void merge_lines(SearchResult *res, SearchLine *found, int got, int want)
{
    sort_lines(found, got);
    for (int i = 0; i < res->nlines && got < want; i++)
        if (!line_has_move(found, got, res->lines[i].pv[0]))
            found[got++] = res->lines[i];
    memcpy(res->lines, found, sizeof *found * (size_t)got);
    res->nlines = got;
}

void search_take_solved(SearchResult *res, Move best, int score)
{
    res->best = best;
    res->score = score;
    res->exact = true;
    res->sure = 0;
    res->pvlen = 1;
    res->pv[0] = best;
}

int search_lines_wanted(const SearchLimits *lim, int n)
{
    int want = lim->multipv > 1 ? lim->multipv : 1;
    want = want < SEARCH_MAX_PV ? want : SEARCH_MAX_PV;
    return want < n ? want : n;
}

void search_keep_lines(SearchResult *res, SearchLine *found, int got, int want, Move *moves)
{
    if (got < want) {
        merge_lines(res, found, got, want);
        return;
    }
    sort_lines(found, want);
    for (int i = 0; i < want; i++)
        moves[i] = found[i].pv[0];
    memcpy(res->lines, found, sizeof *found * (size_t)want);
    res->nlines = want;
}

void search_single_line(SearchResult *res)
{
    SearchLine *l = &res->lines[0];
    res->nlines = res->best == MOVE_NONE ? 0 : 1;
    l->score = res->score;
    l->depth = res->depth;
    l->pvlen = res->pvlen;
    memcpy(l->pv, res->pv, sizeof(Move) * (size_t)res->pvlen);
    if (res->nlines && (l->pvlen == 0 || l->pv[0] != res->best)) {
        l->pv[0] = res->best;
        l->pvlen = 1;
    }
}
