/*
 * engine.c - the game in progress and the rules of talking about it:
 * implied passes, undo, set-up positions, search limits from level and clock.
 */
#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games.h"
#include "perft.h"

/* Deepest iteration per level; 0 = no limit but time. */
static const int LEVEL_DEPTH[LEVEL_MAX + 1] = {0, 1, 2, 3, 4, 6, 8, 10, 12, 16, 0};
/* Exact attempts at the root from this many empty squares (games with a
 * solve_depth hook), and the share of the budget the midgame search gets
 * before them. */
static const int LEVEL_ROOT_SOLVE[LEVEL_MAX + 1] = {0, 0, 0, 0, 0, 12, 14, 16, 18, 20, 26};
enum { ROOT_SHARE = 30 };
/* ProbCut confidence in hundredths of the game's sigma. On 8x8 at 0.1 s a
 * move, 1.0 beat 1.5 by 56.5 % over 186 games (Elo +45); 0.7 was no better
 * than 1.5 (47.5 % of 100). */
enum { PROBCUT_T = 100 };
/* The empties a win/loss/draw solve of 8x8 Othello gets through in about a
 * second (FFO #41-#44, 22-23 empties, take 1-3 s on one core); each more
 * empty square costs about 1.8 times as much. */
enum { SOLVE_REACH_1S = 22 };

/* The most empties an exact attempt at the root may start from with a hard
 * limit of hard_ns: beyond, it would not finish and its share of the time is
 * better spent on the midgame search. No limit: the level decides. */
static int solve_reach(int64_t hard_ns, int level_reach)
{
    if (hard_ns <= 0)
        return level_reach;
    int reach = SOLVE_REACH_1S;
    double t = (double)hard_ns / 1e9;
    for (; t >= 1.8 && reach < level_reach; t /= 1.8)
        reach++;
    for (; t < 1 / 1.8 && reach > 0; t *= 1.8)
        reach--;
    return reach < level_reach ? reach : level_reach;
}

/* The largest hash we accept: half the physical memory (a bigger table would
 * only be paged out or killed), and never above 64 GB. */
static size_t hash_ceiling_mb(void)
{
    size_t mb = 65536;
#ifdef _SC_PHYS_PAGES
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0 && ((uint64_t)pages * (uint64_t)page >> 21) < mb)
        mb = (size_t)((uint64_t)pages * (uint64_t)page >> 21);
#endif
    return mb > 0 ? mb : 1;
}

void engine_default_settings(EngineSettings *set)
{
    *set = (EngineSettings){
        .level = LEVEL_DEFAULT,
        .depth = 0,
        .nodes = 0,
        .movetime = 1.0,
        .hash_mb = 64,
        .threads = engine_cores(),
        .coords = COORDS_AUTO,
        .rule = 0,
        .verbose = false,
        .book = true,
        .max_nodes = 0,
        .max_hash_mb = hash_ceiling_mb(),
    };
}

void engine_bounded_settings(EngineSettings *set, uint64_t max_nodes, size_t max_hash_mb)
{
    engine_default_settings(set);
    set->movetime = 0.002;
    set->hash_mb = 0;
    set->threads = 1;
    set->max_nodes = max_nodes;
    set->max_hash_mb = max_hash_mb;
}

bool engine_restore(Engine **e, const EngineSettings *set)
{
    if ((*e)->set.hash_mb != set->hash_mb) {
        engine_destroy(*e);
        *e = engine_create(set);
        if (!*e)
            return false;
    }
    (*e)->set = *set;
    search_set_threads((*e)->search, set->threads);
    return true;
}

/* Replaces the position by a new start position of game/size. The same
 * game, variant and size only resets it: hosts such as Yixin-Board start a
 * new board before every analysis, and a position's workspaces are large. */
static bool new_position(Engine *e, int game, int variant, int size)
{
    const GameOps *ops = game_find(game_name(game), size);
    if (!ops)
        return false;
    void *pos = e->pos;
    if (pos && ops == e->ops && variant == e->variant && size == e->size) {
        ops->reset(pos);
    } else {
        pos = ops->create(size, variant);
        if (!pos)
            return false;
        if (e->pos)
            e->ops->destroy(e->pos);
    }
    e->game = game;
    e->variant = variant;
    e->ops = ops;
    e->pos = pos;
    e->size = size;
    e->has_setup = false;
    e->nhist = 0;
    tc_new_game(&e->tc);
    tt_clear(e->tt);
    search_reset(e->search);
    return true;
}

Engine *engine_create(const EngineSettings *set)
{
    Engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->set = *set;
    e->tt = tt_create(set->hash_mb);
    e->search = search_create();
    if (e->search) {
        search_set_node_cap(e->search, set->max_nodes);
        search_set_threads(e->search, set->threads);
    }
    tc_init(&e->tc);
    /* Games from the same opening should vary: the book's choices among
     * equal moves differ from process to process. */
    e->book_rng = (uint64_t)clock_ns() ^ (uint64_t)getpid() << 32;
    int g = game_index("Othello");
    if (!e->tt || !e->search || !new_position(e, g, game_variant("Othello"), 8)) {
        engine_destroy(e);
        return NULL;
    }
    return e;
}

void engine_destroy(Engine *e)
{
    if (!e)
        return;
    if (e->pos)
        e->ops->destroy(e->pos);
    tt_destroy(e->tt);
    search_destroy(e->search);
    free(e);
}

static int variant_for(const Engine *e, int game) { return game_play_variant(game, e->set.rule); }

bool engine_set_game(Engine *e, const char *name)
{
    int g = game_index(name);
    return g >= 0 && new_position(e, g, variant_for(e, g), game_default_size(g));
}

bool engine_new_game(Engine *e, int game, int variant, int size)
{
    return game_name(game) && new_position(e, game, variant, size);
}

bool engine_boardsize(Engine *e, int size)
{
    return new_position(e, e->game, e->variant, size);
}

void engine_clear(Engine *e)
{
    e->ops->reset(e->pos);
    e->has_setup = false;
    e->nhist = 0;
    tc_new_game(&e->tc); /* GTP: clear_board keeps the time settings */
    tt_clear(e->tt);
    search_reset(e->search);
}

bool engine_set_variant(Engine *e, int variant)
{
    return new_position(e, e->game, variant, e->size);
}

/* The side to move cannot move but the game goes on. */
static bool must_pass(Engine *e)
{
    return !e->ops->free_order && e->ops->is_legal(e->pos, MOVE_PASS);
}

/* Makes it color's turn with an implied pass where the rules allow one.
 * Returns the plies made (0 or 1), or -1 when color may not move now. */
static int bring_turn(Engine *e, int color)
{
    if (e->ops->side_to_move(e->pos) == color)
        return 0;
    if (!e->ops->free_order && !must_pass(e))
        return -1;
    e->ops->make(e->pos, MOVE_PASS);
    return 1;
}

static void record(Engine *e, int color, Move m, int plies)
{
    if (e->nhist < MAX_GAME_PLY)
        e->hist[e->nhist++] = (HistEntry){color, m, plies};
}

/* After the end of a game, Go-oriented hosts (gogui-twogtp, GoGui) relay
 * one engine's closing pass to the other and stop at two passes: such a
 * pass is recorded (undo takes it back, printsgf writes it) but makes no
 * ply, so the position and the result stay as they are. */
static bool record_final_pass(Engine *e, int color)
{
    if (e->nhist >= MAX_GAME_PLY)
        return false;
    record(e, color, MOVE_PASS, 0);
    return true;
}

PlayStatus engine_play(Engine *e, int color, Move m)
{
    if (e->nhist >= MAX_GAME_PLY)
        return PLAY_ILLEGAL;
    if (e->ops->game_over(e->pos))
        return m == MOVE_PASS && record_final_pass(e, color) ? PLAY_OK : PLAY_ILLEGAL;
    int plies = bring_turn(e, color);
    if (plies < 0)
        return PLAY_ILLEGAL;
    if (!e->ops->is_legal(e->pos, m)) {
        if (plies)
            e->ops->unmake(e->pos);
        return PLAY_ILLEGAL;
    }
    e->ops->make(e->pos, m);
    record(e, color, m, plies + 1);
    return PLAY_OK;
}

/* The root moves the search dropped: the opponent wins after each. */
static void log_refuted(const Engine *e, const SearchResult *r)
{
    fprintf(stderr, "refuted:");
    for (int i = 0; i < r->nrefuted; i++) {
        char v[8];
        engine_format_vertex(e, r->refuted[i], v);
        fprintf(stderr, " %s", v);
    }
    fprintf(stderr, "\n");
}

/* The verbose lines first, then the front end's observer. */
static void engine_observe(void *arg, const SearchEvent *ev)
{
    Engine *e = arg;
    if (ev->kind == SEARCH_EV_LINE) {
        e->info(e, ev);
        e->info_nodes = ev->nodes;
    }
    if (e->observe)
        e->observe(e->observe_arg, ev);
}

void engine_search(Engine *e, const SearchLimits *limits)
{
    SearchLimits lim = *limits;
    const bool info = e->set.verbose && e->info;
    if (info) { /* the info lines, and the front end's observer after them */
        lim.verbose = false;
        lim.observe = engine_observe;
        lim.observe_arg = e;
    }
    e->info_nodes = UINT64_MAX; /* no line shown yet */
    search_set_poll(e->search, e->poll, e->poll_arg);
    search_run(e->search, e->ops, e->pos, e->tt, &lim, &e->last);
    const SearchResult *r = &e->last;
    if (e->set.verbose && r->nrefuted)
        log_refuted(e, r);
    if (e->set.verbose && search_threads(e->search) > 1)
        fprintf(stderr,
                "search: threads %d moves deferred %llu, at the root %llu; split points %llu; "
                "midgame split points %llu, moves by helpers %llu, idle %.3f s\n",
                search_threads(e->search), (unsigned long long)e->search->deferred,
                (unsigned long long)e->search->deferred_root, (unsigned long long)e->search->solve_split.points,
                (unsigned long long)e->search->mid_split.points, (unsigned long long)e->search->mid_split.moves,
                (double)e->search->mid_split.idle_ns / 1e9);
    if (!info || r->nlines == 0 || r->nodes == e->info_nodes)
        return;
    const SearchEvent ev = {.kind = SEARCH_EV_LINE, .depth = r->depth, .sure = r->sure,
                            .seldepth = e->search->seldepth, .count = 1, .line = &r->lines[0], .nodes = r->nodes, .ns = r->ns};
    e->info_final = true;
    e->info(e, &ev);
    e->info_final = false;
}

void engine_search_limits(Engine *e, int color, SearchLimits *lim)
{
    *lim = (SearchLimits){0};
    lim->depth = e->set.depth ? e->set.depth : LEVEL_DEPTH[e->set.level];
    lim->nodes = e->set.nodes;
    lim->verbose = e->set.verbose;
    lim->multipv = e->multipv;
    lim->observe = e->observe;
    lim->observe_arg = e->observe_arg;
    lim->probcut = PROBCUT_T;
    lim->root_solve = e->set.depth ? 0 : LEVEL_ROOT_SOLVE[e->set.level];
    lim->root_share = ROOT_SHARE;
    /* A fixed depth asks for the same move in every run (the transcripts,
     * scripted analysis): one thread, as under a node limit. */
    lim->threads = e->set.depth ? 1 : 0;
    /* A fixed depth means no time limit, unless a clock runs. */
    double movetime = e->set.depth ? 0 : e->set.movetime;
    int left = e->ops->moves_left ? e->ops->moves_left(e->pos) : 30;
    TimeBudget tb = tc_budget(&e->tc, color, left, movetime);
    lim->soft_ns = tb.soft_ns;
    lim->hard_ns = tb.hard_ns;
    lim->root_solve = solve_reach(tb.hard_ns, lim->root_solve);
}

TimeBudget engine_time_budget(Engine *e, int color)
{
    SearchLimits lim;
    engine_search_limits(e, color, &lim);
    return (TimeBudget){lim.soft_ns, lim.hard_ns};
}

/* Hosts that set a clock but never send time_left (gogui-twogtp -time)
 * leave the counting to us: each move generated is charged to color's clock
 * as the host's own clock would charge it. A time_left before the next
 * genmove replaces the count with the host's figure. */
static void charge_clock(TimeControl *tc, int color, double used)
{
    if (tc->mode == TC_NONE)
        return;
    double left = tc->left_s[color] - used;
    int stones = tc->stones_left[color];
    if (tc->mode == TC_CANADIAN) {
        if (stones == 0 && left < 0) { /* main time ran out during this move */
            left += tc->byo_s;
            stones = tc->byo_stones;
        }
        if (stones > 0 && --stones == 0) { /* period done: the next one starts */
            left = tc->byo_s;
            stones = tc->byo_stones;
        }
    }
    tc_left(tc, color, left, stones);
}

PlayStatus engine_genmove(Engine *e, int color, bool commit, Move *out)
{
    *out = MOVE_PASS;
    if (e->ops->game_over(e->pos)) {
        if (commit)
            record_final_pass(e, color);
        return PLAY_OK;
    }
    int plies = bring_turn(e, color);
    if (plies < 0)
        return PLAY_WRONG_COLOR;
    const int64_t start = clock_ns();
    Move m = MOVE_NONE;
    /* A fixed depth asks for a search: the book is for play. */
    if (e->set.book && !e->set.depth && e->ops->book_move)
        m = e->ops->book_move(e->pos, &e->book_rng);
    if (m == MOVE_NONE) {
        SearchLimits lim;
        engine_search_limits(e, color, &lim);
        engine_search(e, &lim);
        m = e->last.best == MOVE_NONE ? MOVE_PASS : e->last.best;
    } else if (e->set.verbose) {
        fprintf(stderr, "book move\n");
    }
    *out = m;
    if (!commit || e->nhist >= MAX_GAME_PLY || !e->ops->is_legal(e->pos, m)) {
        if (plies)
            e->ops->unmake(e->pos);
        return PLAY_OK;
    }
    e->ops->make(e->pos, m);
    record(e, color, m, plies + 1);
    charge_clock(&e->tc, color, (double)(clock_ns() - start) / 1e9);
    return PLAY_OK;
}

bool engine_undo(Engine *e)
{
    if (e->nhist == 0)
        return false;
    const HistEntry *h = &e->hist[--e->nhist];
    for (int i = 0; i < h->plies; i++)
        e->ops->unmake(e->pos);
    return true;
}

bool engine_setup(Engine *e, int size, const int8_t *cells, int side)
{
    if (size != e->size) {
        const GameOps *ops = game_find(game_name(e->game), size);
        void *pos = ops ? ops->create(size, e->variant) : NULL;
        if (!pos)
            return false;
        if (!ops->setup(pos, cells, side)) {
            ops->destroy(pos);
            return false;
        }
        e->ops->destroy(e->pos);
        e->ops = ops;
        e->pos = pos;
        e->size = size;
    } else if (!e->ops->setup(e->pos, cells, side)) {
        return false;
    }
    e->has_setup = true;
    memcpy(e->setup_cells, cells, (size_t)size * (size_t)size);
    e->setup_side = side;
    e->nhist = 0;
    tt_clear(e->tt);
    return true;
}

/* Plays moves from the current position, recording them; false at the
 * first illegal one (its index in *bad), the moves before it made. */
static bool play_all(Engine *e, const EngineMove *moves, int n, int *bad)
{
    for (int i = 0; i < n; i++)
        if (engine_play(e, moves[i].color, moves[i].move) != PLAY_OK) {
            *bad = i;
            return false;
        }
    return true;
}

/* Back to the start of the game (the set-up position, if any). */
static void rewind_game(Engine *e)
{
    if (e->has_setup)
        e->ops->setup(e->pos, e->setup_cells, e->setup_side);
    else
        e->ops->reset(e->pos);
    e->nhist = 0;
}

bool engine_set_moves(Engine *e, const EngineMove *moves, int n, int *bad)
{
    /* The history replays the game as it was should a move be refused. */
    HistEntry *old = malloc(sizeof *old * (size_t)(e->nhist ? e->nhist : 1));
    if (!old) {
        *bad = 0;
        return false;
    }
    const int nold = e->nhist;
    memcpy(old, e->hist, sizeof *old * (size_t)nold);
    const bool had_setup = e->has_setup;
    e->has_setup = false;
    rewind_game(e);
    bool ok = n <= MAX_GAME_PLY && play_all(e, moves, n, bad);
    if (!ok) {
        if (n > MAX_GAME_PLY)
            *bad = MAX_GAME_PLY;
        e->has_setup = had_setup;
        rewind_game(e);
        for (int i = 0; i < nold; i++)
            engine_play(e, old[i].color, old[i].move);
    }
    free(old);
    return ok;
}

CoordStyle engine_coords(const Engine *e)
{
    return e->set.coords == COORDS_AUTO ? e->ops->coords : (CoordStyle)e->set.coords;
}

Move engine_parse_vertex(const Engine *e, const char *s)
{
    return coord_parse(s, e->size, engine_coords(e));
}

void engine_format_vertex(const Engine *e, Move m, char *out)
{
    coord_format(m, e->size, engine_coords(e), out);
}

bool engine_game_over(Engine *e) { return e->ops->game_over(e->pos); }

bool engine_final_score(Engine *e, Buf *out)
{
    if (!e->ops->game_over(e->pos))
        return false;
    int r = e->ops->outcome(e->pos);
    if (r > 0)
        buf_printf(out, "B+%d", r);
    else if (r < 0)
        buf_printf(out, "W+%d", -r);
    else
        buf_printf(out, "0");
    return true;
}

static void column_letters(const Engine *e, Buf *out)
{
    buf_printf(out, "   ");
    for (int c = 0; c < e->size; c++)
        buf_printf(out, " %c", coord_column_letter(c, engine_coords(e)));
}

void engine_showboard(Engine *e, Buf *out)
{
    static const char STONE[3] = {'.', 'X', 'O'};
    const int n = e->size;
    int count[3] = {0, 0, 0};
    column_letters(e, out);
    for (int r = 0; r < n; r++) {
        int num = coord_row_number(r, n, engine_coords(e));
        buf_printf(out, "\n%3d", num);
        for (int c = 0; c < n; c++) {
            int v = e->ops->cell(e->pos, r * n + c);
            count[v]++;
            buf_printf(out, " %c", STONE[v]);
        }
        buf_printf(out, " %d", num);
    }
    buf_printf(out, "\n");
    column_letters(e, out);
    buf_printf(out, "\n%s %dx%d, move %d\n", e->ops->name, n, n, e->nhist + 1);
    buf_printf(out, "Black (X): %d  White (O): %d\n", count[CELL_BLACK], count[CELL_WHITE]);
    Buf res = {0};
    if (engine_final_score(e, &res))
        buf_printf(out, "Game over: %s", buf_str(&res));
    else
        buf_printf(out, "%s to move", e->ops->side_to_move(e->pos) == BLACK ? "Black" : "White");
    buf_free(&res);
}

void engine_legal_moves(Engine *e, Buf *out)
{
    Move moves[MAX_MOVES];
    int n = e->ops->gen_moves(e->pos, moves);
    for (int i = 0; i < n; i++) {
        char v[8];
        engine_format_vertex(e, moves[i], v);
        buf_printf(out, "%s%s", i ? " " : "", v);
    }
}

int engine_cores(void)
{
    const long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > ENGINE_MAX_THREADS ? ENGINE_MAX_THREADS : (int)n;
}

bool engine_set_threads(Engine *e, int threads)
{
    if (threads < 1 || threads > ENGINE_MAX_THREADS)
        return false;
    e->set.threads = threads;
    search_set_threads(e->search, threads);
    return true;
}

bool engine_set_hash(Engine *e, size_t mb)
{
    if (mb == 0 || mb > e->set.max_hash_mb)
        return false;
    Tt *tt = tt_create_lazy(mb);
    if (!tt)
        return false;
    tt_destroy(e->tt);
    e->tt = tt;
    e->set.hash_mb = mb;
    return true;
}

uint64_t engine_perft(Engine *e, int depth)
{
    return perft(e->ops, e->pos, depth);
}

bool engine_perft_affordable(Engine *e, int depth)
{
    /* Perft(d) costs about perft(d-1) visits: climb until that passes the
     * budget. Each step is itself affordable, so the check stays cheap. */
    if (!e->set.max_nodes)
        return true;
    for (int d = 1; d < depth; d++)
        if (engine_perft(e, d) > e->set.max_nodes)
            return false;
    return true;
}
