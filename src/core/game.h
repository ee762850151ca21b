/*
 * game.h - the small interface every game brings to flipfive.
 *
 * Search, protocol and the match referee only see a position through a
 * GameOps table: a game module owns its state (an opaque pointer), keeps its
 * own make/unmake stack, and supplies its evaluator. Moves are plain cell
 * indices (row * size + col, row 0 at the top) or one of the MOVE_ codes, so
 * everything above the rules is independent of how a game stores its board.
 */
#ifndef FLIPFIVE_GAME_H
#define FLIPFIVE_GAME_H

#include <stdbool.h>
#include <stdint.h>

enum {
    MAX_BOARD = 25,                       /* Go-style coordinates end at Z */
    MAX_CELLS = MAX_BOARD * MAX_BOARD,
    MAX_MOVES = MAX_CELLS + 1,            /* every cell, or a pass */
    MAX_GAME_PLY = 2 * MAX_CELLS + 16,    /* moves and passes of one game */
    MAX_PLY = 128                         /* deepest search below the root */
};

typedef int Move;
enum { MOVE_NONE = -1, MOVE_PASS = -2, MOVE_RESIGN = -3 };

/* Side indices; a cell holds CELL_EMPTY or color + 1. */
enum { BLACK = 0, WHITE = 1 };
enum { CELL_EMPTY = 0, CELL_BLACK = 1, CELL_WHITE = 2 };

/* Scores are integers from the side to move's point of view. Won games
 * score SCORE_WIN minus the distance to the win, so shorter wins rank
 * higher; heuristic values stay well inside +-SCORE_WIN_MIN. */
enum {
    SCORE_INF = 1000000,
    SCORE_WIN = 900000,
    SCORE_WIN_MIN = SCORE_WIN - 4 * MAX_GAME_PLY
};

static inline int color_other(int c) { return c ^ 1; }

typedef struct SearchCtx SearchCtx;

/* Vertex conventions (coord.h); COORDS_AUTO means the game's own. */
typedef enum { COORDS_AUTO = -1, COORDS_OTHELLO, COORDS_GO } CoordStyle;

/* Optional knobs of the game-agnostic search (GameOps.tuning); a game
 * without them (NULL) gets the plain search: killers and history, no
 * ordering searches, no forward pruning. */
typedef struct SearchTuning {
    bool no_killers;        /* killer moves do not help this game's ordering */
    bool no_leaf_tt;        /* leaves (depth <= 0) evaluate without a TT probe */
    /* GameOps.score_moves ranks the moves of nodes of this depth and more;
     * below, history alone orders them (near the leaves, ranking a move can
     * cost about what searching it does). */
    int score_min_depth;
    /* Depth of the shallow searches that order the moves of a node of this
     * depth (0: the evaluation of each child), or -1 for none. NULL: none. */
    int (*sort_depth)(int depth);
    /* ProbCut: at a node of this depth, a search of depth *shallow whose
     * value clears a bound by t * *sigma (t from SearchLimits.probcut)
     * predicts that the full search would too. False: not here. */
    bool (*probcut)(void *pos, int depth, int *shallow, int *sigma);
} SearchTuning;

typedef struct GameOps {
    const char *name;       /* as list_games and set_game spell it */
    int sgf_gm;             /* SGF GM[] property: 2 Othello, 4 Gomoku */
    int min_size, max_size, default_size;
    CoordStyle coords;      /* the convention its hosts use */
    bool free_order;        /* a colour may move twice (five-in-a-row) */
    bool (*size_ok)(int size);

    void *(*create)(int size, int variant);   /* start position */
    void (*destroy)(void *pos);
    void (*reset)(void *pos);                 /* back to the start position */
    /* Optional: a copy of pos with workspaces of its own, for another
     * thread of a search (destroy frees it); NULL: the game's searches run
     * on one thread. */
    void *(*clone)(const void *pos);
    /* Arbitrary position: cells[size*size] of CELL_*, side to move.
     * Returns false (position unchanged) when the game cannot hold it. */
    bool (*setup)(void *pos, const int8_t *cells, int side);

    int (*size)(const void *pos);
    int (*cell)(const void *pos, int cell);
    int (*side_to_move)(const void *pos);

    /* Legal moves of the side to move: [MOVE_PASS] when it must pass,
     * none when the game is over. */
    int (*gen_moves)(void *pos, Move *out);
    bool (*is_legal)(void *pos, Move m);      /* m may be MOVE_PASS */
    void (*make)(void *pos, Move m);          /* m legal, or MOVE_PASS */
    void (*unmake)(void *pos);
    bool (*game_over)(void *pos);
    /* Result once over, from Black's view: Othello disc difference with
     * empties to the winner, five-in-a-row +1/-1/0. */
    int (*outcome)(void *pos);
    uint64_t (*hash)(const void *pos);
    int (*plies)(const void *pos);            /* moves made since setup */

    /* Search hooks. evaluate: heuristic value for the side to move.
     * final_score: exact value of a finished game in search units. */
    int (*evaluate)(void *pos);
    int (*final_score)(void *pos);
    /* Optional (NULL when absent): order moves, higher first. */
    void (*score_moves)(void *pos, const Move *moves, int n, int *scores);
    /* Optional: exact value when the game can solve this node outright
     * (endgame solver, threat search); returns false to search normally.
     * Win and loss scores are relative to the root, like the search's own:
     * a win n plies below this node is SCORE_WIN - (ctx->ply + n). Called at
     * the root too (ctx->ply == 0), where a solved answer ends the search. */
    bool (*solve)(void *pos, SearchCtx *ctx, int depth, int alpha, int beta,
                  int *score, Move *best);
    /* Optional: fast perft from pos (bulk counting); NULL uses the generic. */
    uint64_t (*perft)(void *pos, int depth);
    int (*moves_left)(void *pos);  /* own moves still to play, for clocks */
    int (*score_units)(void);      /* search units per point of outcome */
    /* Optional: the moves worth searching, a subset of gen_moves that is
     * never empty while the game goes on; NULL searches every legal move. */
    int (*gen_search_moves)(void *pos, Move *out);
    const SearchTuning *tuning;    /* optional, see above */
    /* Optional: the game's own alpha-beta below the root, in place of the
     * generic search_alphabeta (five-in-a-row: threat-aware moves, a VCF
     * quiescence, reductions). Same contract: the value for the side to
     * move, wins relative to the root, ctx's PV, TT, nodes and stop kept. */
    int (*alphabeta)(void *pos, SearchCtx *ctx, int depth, int alpha, int beta);
    /* Optional: the depth at which solve answers the root exactly (Othello:
     * the empty squares), for the root's exact attempts; NULL: none. */
    int (*solve_depth)(void *pos);
    /* An opening book move (rng: a splitmix64 state for its choice among
     * near-equal moves), MOVE_NONE out of the book; NULL: no book. */
    Move (*book_move)(void *pos, uint64_t *rng);
    /* Optional: true when, after the root move m, the opponent has a forced
     * win that the game's own solver finds within nodes (0: any) by
     * deadline_ns (0: none) (five-in-a-row: a VCT). The search checks the
     * move it is about to choose and, when it is refuted, searches on
     * without it. */
    bool (*refuted)(void *pos, SearchCtx *ctx, Move m, uint64_t nodes, int64_t deadline_ns);
} GameOps;

#endif
