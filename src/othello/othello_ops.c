/*
 * othello_ops.c - the GameOps of generic Othello: the top of its chain
 * (rules, then evaluation, then this table), so no module below it needs
 * to know the table.
 */
#include "othello_ops.h"

#include <stddef.h>

#include "othello.h"
#include "othello_eval.h"

static int othello_evaluate(void *vp) { return othello_eval(vp); }

static void othello_score_moves(void *vp, const Move *moves, int n, int *scores)
{
    othello_eval_order(vp, moves, n, scores);
}

static int othello_units(void) { return OTHELLO_UNITS; }

const GameOps othello_ops = {
    .name = "Othello",
    .sgf_gm = 2,
    .min_size = OTHELLO_MIN_SIZE,
    .max_size = OTHELLO_MAX_SIZE,
    .default_size = 8,
    .coords = COORDS_OTHELLO,
    .free_order = false,
    .size_ok = othello_size_ok,
    .create = othello_create,
    .destroy = othello_destroy,
    .clone = othello_clone,
    .reset = othello_reset,
    .setup = othello_setup,
    .size = othello_size,
    .cell = othello_cell_at,
    .side_to_move = othello_side,
    .gen_moves = othello_gen_moves,
    .is_legal = othello_is_legal,
    .make = othello_make,
    .unmake = othello_unmake,
    .game_over = othello_game_over,
    .outcome = othello_outcome,
    .hash = othello_hash,
    .plies = othello_plies,
    .evaluate = othello_evaluate,
    .final_score = othello_final_score,
    .score_moves = othello_score_moves,
    .solve = NULL,
    .perft = NULL,
    .moves_left = othello_moves_left,
    .score_units = othello_units,
};
