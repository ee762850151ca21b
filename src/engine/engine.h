/*
 * engine.h - one game in progress: which game and size, the position, the
 * move history, clocks, settings, and the search that plays it.
 *
 * Front ends talk to the engine layer only: this module, its settings
 * (settings.h), exact solving (solve.h) and the registry of games
 * (games.h). Every operation that can fail leaves the state exactly as it
 * was.
 */
#ifndef FLIPFIVE_ENGINE_H
#define FLIPFIVE_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "coord.h"
#include "game.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"

enum { LEVEL_MIN = 1, LEVEL_MAX = 10, LEVEL_DEFAULT = 10 };
enum { ENGINE_MAX_THREADS = 64 };

typedef struct EngineSettings {
    int level;          /* 1 answers at once, 10 uses all the time given */
    int depth;          /* fixed depth, 0 = from level and clock */
    uint64_t nodes;     /* node limit of every move, 0 = none */
    double movetime;    /* seconds per move when no clock runs */
    size_t hash_mb;
    int threads;        /* threads of a search (1: single-threaded, reproducible) */
    int coords;         /* COORDS_AUTO, COORDS_OTHELLO or COORDS_GO */
    int rule;           /* five-in-a-row rule variant for Gomoku */
    bool verbose;       /* search progress on stderr */
    bool gfx;           /* GoGui live graphics on stderr while thinking (GTP) */
    bool book;          /* opening book moves (games that have a book) */
    /* Limits for embedders (the fuzzers), not GTP settings: a node budget for
     * every search and perft (0 = none), and the largest hash accepted. */
    uint64_t max_nodes;
    size_t max_hash_mb;
} EngineSettings;

typedef struct HistEntry {
    int color;
    Move move;
    int plies;          /* 1, or 2 when an implied pass came first */
} HistEntry;

/* A move of a stone list (engine_set_moves). */
typedef struct EngineMove {
    int color;
    Move move;
} EngineMove;

typedef enum {
    PLAY_OK,
    PLAY_ILLEGAL,       /* not legal here */
    PLAY_WRONG_COLOR    /* Othello: the other side is to move and can */
} PlayStatus;

typedef struct Engine {
    EngineSettings set;
    int game;                    /* index in the game registry */
    int variant;
    const GameOps *ops;
    void *pos;
    int size;
    bool has_setup;              /* the game began from a set-up position */
    int8_t setup_cells[MAX_CELLS];
    int setup_side;
    HistEntry hist[MAX_GAME_PLY];
    int nhist;
    double komi;
    TimeControl tc;
    Tt *tt;
    SearchCtx *search;
    SearchPoll poll;             /* interrupt check while thinking */
    void *poll_arg;
    /* What a front end wants of the next searches besides the move:
     * lines (multi-PV, 0 or 1 = the best move only) and progress. */
    int multipv;
    SearchObserve observe;
    void *observe_arg;
    /* How the verbose setting shows each iteration, called before observe
     * (analysis_attach installs analysis.c's info lines); NULL: the
     * search's own plain log. info_nodes: the nodes of the last one;
     * info_final: the line is the search's result, shown after it. */
    SearchObserve info;
    uint64_t info_nodes;
    bool info_final;
    SearchResult last;           /* the last search, for diagnostics */
    uint64_t book_rng;           /* the book's choices among near-equal moves */
} Engine;

void engine_default_settings(EngineSettings *set);
/* Settings for an embedder that must bound every call (the fuzzers): the
 * defaults with one thread (the same run from the same input), the
 * smallest hash, 2 ms a move, at most max_nodes a search and max_hash_mb
 * of hash. */
void engine_bounded_settings(EngineSettings *set, uint64_t max_nodes, size_t max_hash_mb);
/* Back to set, as engine_create(set) would make it but for the position:
 * a new engine when the hash size differs. False when out of memory. */
bool engine_restore(Engine **e, const EngineSettings *set);
Engine *engine_create(const EngineSettings *set);
void engine_destroy(Engine *e);

/* Switches game (by name, case-insensitive) at its default size. */
bool engine_set_game(Engine *e, const char *name);
/* A new empty game: registry index, variant and size; false (nothing
 * changed) when the game cannot be played at that size. */
bool engine_new_game(Engine *e, int game, int variant, int size);
bool engine_boardsize(Engine *e, int size);
void engine_clear(Engine *e);
/* The variant (rule) changed: restart the current game with it. */
bool engine_set_variant(Engine *e, int variant);

PlayStatus engine_play(Engine *e, int color, Move m);
/* Chooses a move for color; plays it when commit is true. Answers
 * MOVE_PASS when color has no move or the game is over. */
PlayStatus engine_genmove(Engine *e, int color, bool commit, Move *out);
bool engine_undo(Engine *e);
/* What the next genmove for color may spend: aim and hard limit (0: none). */
TimeBudget engine_time_budget(Engine *e, int color);
/* The limits genmove for color would search with (settings, clock, the
 * front end's multipv and observer), for callers that search themselves. */
void engine_search_limits(Engine *e, int color, SearchLimits *lim);
/* Runs the search with lim into e->last, polling the engine's interrupt
 * check. With the verbose setting and an info hook, the hook shows every
 * line before the front end's observer (Engine.observe) hears of it, and
 * a result found after the last line shown (a solve at the root) too. */
void engine_search(Engine *e, const SearchLimits *lim);
/* Arbitrary position: size*size cells of CELL_*, side to move. */
bool engine_setup(Engine *e, int size, const int8_t *cells, int side);
/* The game from its start position with these n moves, in order, each
 * checked by the rules (a colour may move twice where the rules let the
 * other pass, as in five-in-a-row). False when one is illegal: its index
 * goes to *bad and the game is left exactly as it was. */
bool engine_set_moves(Engine *e, const EngineMove *moves, int n, int *bad);

CoordStyle engine_coords(const Engine *e);
Move engine_parse_vertex(const Engine *e, const char *s);
void engine_format_vertex(const Engine *e, Move m, char *out);

bool engine_game_over(Engine *e);
/* "B+12", "W+3" or "0" once the game is over; false before. */
bool engine_final_score(Engine *e, Buf *out);
void engine_showboard(Engine *e, Buf *out);
void engine_legal_moves(Engine *e, Buf *out);

/* Hash table size in MB; false (unchanged) when it cannot be allocated. */
bool engine_set_hash(Engine *e, size_t mb);
/* The threads of every search from now on, 1 .. ENGINE_MAX_THREADS. */
bool engine_set_threads(Engine *e, int threads);
/* The machine's cores, the default number of threads. */
int engine_cores(void);
/* Perft from the current position (a pass is a ply). */
uint64_t engine_perft(Engine *e, int depth);
/* False when perft to depth would exceed the max_nodes budget. */
bool engine_perft_affordable(Engine *e, int depth);

#endif
