/*
 * othello8_pattern.h - the pattern evaluation of 8x8 Othello: features of a
 * position (pattern configurations, mobility, potential mobility) and their
 * tuned weights, per game stage.
 *
 * A feature is an index into the weight table of the position's stage; the
 * value of a position is the sum of the weights of its features. The engine
 * and the tuner (flipfive-tune) share this module, so both see exactly the
 * same features. Every pattern is read on the symmetric images of the board
 * and its weights are folded over the pattern's own symmetries, so the value
 * is the same for the 8 images of a position.
 */
#ifndef FLIPFIVE_OTHELLO8_PATTERN_H
#define FLIPFIVE_OTHELLO8_PATTERN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    O8P_PATTERNS = 11,      /* kinds of pattern */
    O8P_MAX_SQUARES = 10,
    O8P_STAGE_WIDTH = 2,    /* empties per stage: 60-59 is stage 0, 58-57 stage 1, ... */
    O8P_STAGES = 60 / O8P_STAGE_WIDTH, /* the last one also takes the empties below */
    O8P_SCALAR = 64,        /* entries of each scalar table (counts, capped) */
    O8P_BIAS = O8P_STAGE_WIDTH + 1, /* one bias per empties count inside a stage */
    O8P_MAX_FEATURES = 64   /* features of one position, an upper bound */
};

typedef struct O8Pattern {
    const char *name;
    int squares;                     /* digits of the base-3 index */
    int8_t square[O8P_MAX_SQUARES];  /* digit k reads this cell (upright board) */
    int images;                      /* instances: 8, 4 (rotations) or 2 */
    int8_t mirror;                   /* its self-symmetry: SYM_* below, or -1 */
} O8Pattern;

/* The 8 symmetries of the board, as maps of cells. */
enum { O8_SYM_COUNT = 8 };
int o8_sym_cell(int sym, int cell);
/* The image of a bitboard under a symmetry (fast; tested against o8_sym_cell). */
uint64_t o8_sym_board(int sym, uint64_t b);

extern const O8Pattern o8_patterns[O8P_PATTERNS];
/* Where each pattern's weights start in a stage's table, and the table's
 * scalar parts after them: mobility of P and O, potential mobility of P
 * and O, and the bias. */
int o8p_offset(int pattern);
enum { O8P_SCALARS = 4 };
int o8p_scalar_offset(int which);
int o8p_bias_offset(void);
int o8p_stage_size(void);

int o8p_stage(int empties);
/* The stage's lowest empties count (its bias is indexed from there). */
int o8p_stage_min_empties(int stage);

/* Features of the position P (to move) against O: indices into the table
 * of its stage. Returns their number. */
int o8p_features(uint64_t P, uint64_t O, uint32_t *out);
/* The same computed square by square (the slow reference). */
int o8p_features_slow(uint64_t P, uint64_t O, uint32_t *out);
/* The two parts of o8p_features, patterns first, then the scalar features
 * (mobility, potential mobility, bias). Each returns its number. */
int o8p_pattern_features(uint64_t P, uint64_t O, uint32_t *out);
int o8p_scalar_features(uint64_t P, uint64_t O, uint32_t *out);

/* Stages the compiled-in text holds, -1 when it is malformed (a check). */
int o8p_compiled_stages(void);
/* Builds the index tables and decodes the compiled-in weights (or those of
 * FLIPFIVE_WEIGHTS=FILE.inc); once per program, before any other call
 * (tables_init). */
void o8p_init(void);
/* Value for P in hundredths of a disc. */
int o8p_eval(uint64_t P, uint64_t O);

/* The weights: a stage's table (o8p_stage_size() entries), read-only. */
const int16_t *o8p_weights(int stage);
/* The tuner's alone: replaces a stage's weights by a packed table
 * (o8p_packed_size() entries), or by zeros when packed is NULL. Every
 * evaluation sees the new ones at once (o8i reads them in place). */
void o8p_set_weights(int stage, const int16_t *packed);

/* Symmetric configurations share one weight: the configuration's
 * representative (the smaller index of it and its mirror image). */
uint32_t o8p_canonical(int pattern, uint32_t idx);
/* A stage's table with the representatives only, and back. */
int o8p_packed_size(void);
void o8p_pack(const int16_t *table, int16_t *packed);
void o8p_unpack(const int16_t *packed, int16_t *table);

/* Encoding of weight tables as printable text (the generated
 * othello8_weights.inc uses it): a string of the base-64 alphabet. */
typedef struct O8Text {
    char *s;
    size_t len, cap;
} O8Text;
void o8p_encode(const int16_t *w, int n, O8Text *out);
/* Decodes n weights; returns the characters read, or -1 when malformed. */
long o8p_decode(const char *s, int16_t *w, int n);

#endif
