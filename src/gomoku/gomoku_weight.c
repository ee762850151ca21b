/*
 * gomoku_weight.c - cell weights for the five-in-a-row evaluation.
 *
 * The rule weights: a cell's weight for a colour is the sum of its four
 * line patterns' own weights, or a fixed high value for the combinations
 * that decide games (five, open four or double four, four-three, double
 * three). The side not to move's weights (passive) are lower for the
 * threats it will have to see answered. Both depend on the cell's index
 * alone (class and pattern combination), so they are one table.
 *
 * The evaluation weights start as a copy per rule and colour; the learned
 * entries (gomoku_weights.inc, written by `flipfive-tune gomoku-fit`)
 * replace some of them.
 */
#include "gomoku_weight.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    V_FIVE = 6000,
    V_OPEN4 = 1600,
    V_FOUR_THREE = 800,
    V_THREE_THREE = 400,
    PASSIVE_FIVE = 4,                /* a four of the side not to move: blocked next */
    PASSIVE_OPEN4 = 4,               /* its open three: answered next */
    KEYS = PAT_COUNT * PAT_COUNT * PAT_COUNT * PAT_COUNT
};

enum { C_NONE, C_THREE3, C_FOUR_THREE, C_OPEN4, C_FOUL, C_FIVE };

static const int16_t WEIGHT[PAT_COUNT] = {
    [PAT_NONE] = 0, [PAT_B1] = 1, [PAT_F1] = 3, [PAT_B2] = 6, [PAT_F2] = 16, [PAT_B3] = 20,
    [PAT_F3] = 70,  [PAT_B4] = 80, [PAT_F4] = 400, [PAT_D4] = 400, [PAT_F5] = 0, [PAT_OL] = 0,
};

typedef struct Learned {
    int8_t table, cls;
    uint8_t pat[4];
    int16_t value, passive;
} Learned;

typedef struct LearnedThreat {
    int8_t table;
    int16_t mask, value;
} LearnedThreat;

/* The file's two kinds of line, one array each. */
#define GW(t, c, p0, p1, p2, p3, v, pv) {t, c, {p0, p1, p2, p3}, v, pv},
#define GT(t, m, v)
static const Learned LEARNED[] = {
#include "gomoku_weights.inc"
    {-1, 0, {0, 0, 0, 0}, 0, 0}
};
#undef GW
#undef GT
#define GW(t, c, p0, p1, p2, p3, v, pv)
#define GT(t, m, v) {t, m, v},
static const LearnedThreat LEARNED_THREAT[] = {
#include "gomoku_weights.inc"
    {-1, 0, 0}
};
#undef GW
#undef GT

GomokuWeight gomoku_weight_eval_table[GW_TABLES][GW_INDICES];
GomokuWeight gomoku_weight_rule_table[GW_INDICES];
int16_t gomoku_weight_threat_table[GW_TABLES][GT_MASKS];
uint16_t gomoku_weight_combo_rank[KEYS];
static uint8_t combo_pats[GW_COMBOS][4];

static GomokuWeight rule_weight(int cls, const uint8_t pat[4])
{
    const int sum = WEIGHT[pat[0]] + WEIGHT[pat[1]] + WEIGHT[pat[2]] + WEIGHT[pat[3]];
    int v = sum, pv = sum;
    switch (cls) {
    case C_FIVE: v = V_FIVE, pv = V_FIVE / PASSIVE_FIVE; break;
    case C_FOUL: v = pv = sum / 4; break; /* most likely forbidden: little use */
    case C_OPEN4: v = V_OPEN4 + sum, pv = V_OPEN4 / PASSIVE_OPEN4 + sum / 2; break;
    case C_FOUR_THREE: v = V_FOUR_THREE + sum, pv = V_FOUR_THREE / 2 + sum; break;
    case C_THREE3: v = V_THREE_THREE + sum, pv = V_THREE_THREE / 2 + sum; break;
    default: break;
    }
    return (GomokuWeight){(int16_t)v, (int16_t)pv};
}

static void sort4(uint8_t p[4])
{
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && p[j - 1] > p[j]; j--) {
            const uint8_t t = p[j];
            p[j] = p[j - 1];
            p[j - 1] = t;
        }
}

/* Ranks of the ascending combinations, then every order mapped to its
 * ascending one's. */
static void combos_init(void)
{
    int rank = 0;
    for (int a = 0; a < PAT_COUNT; a++)
        for (int b = a; b < PAT_COUNT; b++)
            for (int c = b; c < PAT_COUNT; c++)
                for (int d = c; d < PAT_COUNT; d++) {
                    const uint8_t pat[4] = {(uint8_t)a, (uint8_t)b, (uint8_t)c, (uint8_t)d};
                    memcpy(combo_pats[rank], pat, 4);
                    gomoku_weight_combo_rank[gomoku_weight_key(pat)] = (uint16_t)rank++;
                }
    for (int k = 0; k < KEYS; k++) {
        uint8_t pat[4] = {(uint8_t)(k / (PAT_COUNT * PAT_COUNT * PAT_COUNT)),
                          (uint8_t)(k / (PAT_COUNT * PAT_COUNT) % PAT_COUNT),
                          (uint8_t)(k / PAT_COUNT % PAT_COUNT), (uint8_t)(k % PAT_COUNT)};
        sort4(pat);
        gomoku_weight_combo_rank[k] = gomoku_weight_combo_rank[gomoku_weight_key(pat)];
    }
}

void gomoku_weight_decode(int index, int *cls, uint8_t pat[4])
{
    *cls = index / GW_COMBOS;
    memcpy(pat, combo_pats[index % GW_COMBOS], 4);
}

bool gomoku_weight_set(int table, int cls, const uint8_t pat[4], GomokuWeight w)
{
    if (table < 0 || table >= GW_TABLES || cls < 0 || cls >= GW_CLASSES)
        return false;
    for (int i = 0; i < 4; i++)
        if (pat[i] >= PAT_COUNT)
            return false;
    gomoku_weight_eval_table[table][cls * GW_COMBOS + gomoku_weight_combo_rank[gomoku_weight_key(pat)]] = w;
    return true;
}

static bool in_range(int v) { return v >= -GW_LIMIT && v <= GW_LIMIT; }

static bool set_threat(int table, int mask, int value)
{
    if (table < 0 || table >= GW_TABLES || mask < 0 || mask >= GT_MASKS || !in_range(value))
        return false;
    gomoku_weight_threat_table[table][mask] = (int16_t)value;
    return true;
}

/* One line of a weights file into the tables: 1 a weight, 0 no weight
 * (comments, blank lines), -1 a bad one. */
static int load_line(const char *s)
{
    s += strspn(s, " \t");
    int t, c, p[4], v, pv;
    if (strncmp(s, "GT(", 3) == 0)
        return sscanf(s, "GT(%d, %d, %d)", &t, &c, &v) == 3 && set_threat(t, c, v) ? 1 : -1;
    if (strncmp(s, "GW(", 3) != 0)
        return 0;
    if (sscanf(s, "GW(%d, %d, %d, %d, %d, %d, %d, %d)", &t, &c, &p[0], &p[1], &p[2], &p[3], &v, &pv) != 8 ||
        !in_range(v) || !in_range(pv) || p[0] < 0 || p[1] < 0 || p[2] < 0 || p[3] < 0)
        return -1;
    const uint8_t pat[4] = {(uint8_t)p[0], (uint8_t)p[1], (uint8_t)p[2], (uint8_t)p[3]};
    return gomoku_weight_set(t, c, pat, (GomokuWeight){(int16_t)v, (int16_t)pv}) ? 1 : -1;
}

int gomoku_weight_load(const char *path, int *line)
{
    *line = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char buf[256];
    int n = 0;
    while (fgets(buf, sizeof buf, f)) {
        ++*line;
        const int got = load_line(buf);
        if (got < 0) {
            fclose(f);
            errno = EINVAL;
            return -1;
        }
        n += got;
    }
    fclose(f);
    *line = 0;
    return n;
}

void gomoku_weight_init(void)
{
    combos_init();
    for (int i = 0; i < GW_INDICES; i++) {
        int cls;
        uint8_t pat[4];
        gomoku_weight_decode(i, &cls, pat);
        gomoku_weight_rule_table[i] = rule_weight(cls, pat);
    }
    for (int t = 0; t < GW_TABLES; t++)
        memcpy(gomoku_weight_eval_table[t], gomoku_weight_rule_table, sizeof gomoku_weight_rule_table);
    memset(gomoku_weight_threat_table, 0, sizeof gomoku_weight_threat_table);
    const char *path = getenv("FLIPFIVE_GOMOKU_WEIGHTS");
    if (!path || !*path) {
        for (const Learned *l = LEARNED; l->table >= 0; l++)
            gomoku_weight_set(l->table, l->cls, l->pat, (GomokuWeight){l->value, l->passive});
        for (const LearnedThreat *l = LEARNED_THREAT; l->table >= 0; l++)
            set_threat(l->table, l->mask, l->value);
        return;
    }
    int line;
    if (gomoku_weight_load(path, &line) < 0) {
        if (line)
            fprintf(stderr, "FLIPFIVE_GOMOKU_WEIGHTS=%s: line %d is not a weight of gomoku-fit\n", path, line);
        else
            fprintf(stderr, "FLIPFIVE_GOMOKU_WEIGHTS=%s: cannot read it: %s\n", path, strerror(errno));
        exit(2);
    }
}
