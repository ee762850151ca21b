/*
 * othello8_indices.c - incremental pattern indices (see othello8_indices.h).
 *
 * The tables are derived from o8p_features itself: the features of the
 * empty board give each instance's offset in the weight table, and those
 * of a board with a single disc on x give 3^k for every instance whose
 * digit k reads x. Both code paths therefore agree by construction on
 * which instance reads which square.
 */
#include "othello8_indices.h"

#include <assert.h>
#include <stdbool.h>
#include <string.h>

#include "bitboard.h"
#include "othello8_pattern.h"

enum { MAX_PER_SQUARE = 16 }; /* instances reading one square (at most 10 here) */

typedef struct SquareDigit {
    uint8_t instance;
    uint16_t power; /* 3^k: the weight of the square's digit in that instance */
} SquareDigit;

static uint32_t offset[O8I_INSTANCES];
static SquareDigit digits[BITBOARD_CELLS][MAX_PER_SQUARE];
static uint8_t ndigits[BITBOARD_CELLS];
/* Each stage's weights: tables whose contents a tuner may replace, never
 * their address. */
static const int16_t *stage_weights[O8P_STAGES];

void o8i_init(void)
{
    uint32_t f[O8P_MAX_FEATURES];
    const int instances = o8p_pattern_features(0, 0, f);
    assert(instances == O8I_INSTANCES);
    (void)instances;
    for (int i = 0; i < O8I_INSTANCES; i++)
        offset[i] = f[i];
    for (int x = 0; x < BITBOARD_CELLS; x++) {
        o8p_pattern_features(1ull << x, 0, f);
        for (int i = 0; i < O8I_INSTANCES; i++)
            if (f[i] != offset[i]) {
                assert(ndigits[x] < MAX_PER_SQUARE);
                digits[x][ndigits[x]++] = (SquareDigit){(uint8_t)i, (uint16_t)(f[i] - offset[i])};
            }
    }
    for (int s = 0; s < O8P_STAGES; s++)
        stage_weights[s] = o8p_weights(s);
}

void o8i_compute(uint64_t P, uint64_t O, O8Indices *out)
{
    uint32_t f[O8P_MAX_FEATURES];
    o8p_pattern_features(P, O, f);
    for (int i = 0; i < O8I_INSTANCES; i++)
        out->mover[i] = (uint16_t)(f[i] - offset[i]);
    o8p_pattern_features(O, P, f);
    for (int i = 0; i < O8I_INSTANCES; i++)
        out->waiting[i] = (uint16_t)(f[i] - offset[i]);
}

/* The player's view gains its disc (digit 0 -> 1) and the flipped ones
 * (2 -> 1); the opponent's view sees them as its opponent's (0 -> 2, 1 -> 2). */
void o8i_play(const O8Indices *in, int x, uint64_t flips, O8Indices *out)
{
    uint16_t *player = out->waiting, *opponent = out->mover;
    memcpy(player, in->mover, sizeof in->mover);
    memcpy(opponent, in->waiting, sizeof in->waiting);
    for (int k = 0; k < ndigits[x]; k++) {
        const SquareDigit d = digits[x][k];
        player[d.instance] += d.power;
        opponent[d.instance] += 2 * d.power;
    }
    for (; flips; flips &= flips - 1) {
        const int y = bitboard_first(flips);
        for (int k = 0; k < ndigits[y]; k++) {
            const SquareDigit d = digits[y][k];
            player[d.instance] -= d.power;
            opponent[d.instance] += d.power;
        }
    }
}

int o8i_eval(const O8Indices *ix, uint64_t P, uint64_t O)
{
    const int16_t *w = stage_weights[o8p_stage(bitboard_count(~(P | O)))];
    uint32_t f[O8P_SCALARS + 1];
    const int n = o8p_scalar_features(P, O, f);
    int v = 0;
    for (int i = 0; i < n; i++)
        v += w[f[i]];
    for (int i = 0; i < O8I_INSTANCES; i++)
        v += w[offset[i] + ix->mover[i]];
    return v;
}

void o8i_pass(const O8Indices *in, O8Indices *out)
{
    memcpy(out->mover, in->waiting, sizeof in->waiting);
    memcpy(out->waiting, in->mover, sizeof in->mover);
}
