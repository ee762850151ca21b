/*
 * othello8_pattern.c - features and weights of the 8x8 pattern evaluation
 * (see othello8_pattern.h).
 *
 * The fast feature code reads each pattern on the images of the board under
 * the symmetries it needs, with byte tables (a byte of discs to its base-3
 * value) and a multiplication that gathers a diagonal into one byte. The
 * slow reference reads the same digits cell by cell through o8_sym_cell;
 * the tuner checks that both agree.
 */
#include "othello8_pattern.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "util.h"

/* Symmetries: 0 identity, 1 mirror (columns), 2 flip (rows), 3 rotation by
 * 180, 4 transpose, 5 and 6 rotations by 90, 7 anti-transpose. */
enum { SYM_ID, SYM_MIRROR, SYM_FLIP, SYM_ROT180, SYM_TRANSPOSE, SYM_ROT90, SYM_ROT270, SYM_ANTI };

static const int ROTATIONS[4] = {SYM_ID, SYM_ROT180, SYM_ROT90, SYM_ROT270};

const O8Pattern o8_patterns[O8P_PATTERNS] = {
    {"edge+2x", 10, {0, 1, 2, 3, 4, 5, 6, 7, 9, 14}, 4, SYM_MIRROR},
    {"corner2x5", 10, {0, 1, 2, 3, 4, 8, 9, 10, 11, 12}, 8, -1},
    {"corner3x3", 9, {0, 1, 2, 8, 9, 10, 16, 17, 18}, 4, SYM_TRANSPOSE},
    {"line2", 8, {8, 9, 10, 11, 12, 13, 14, 15}, 4, SYM_MIRROR},
    {"line3", 8, {16, 17, 18, 19, 20, 21, 22, 23}, 4, SYM_MIRROR},
    {"line4", 8, {24, 25, 26, 27, 28, 29, 30, 31}, 4, SYM_MIRROR},
    {"diag8", 8, {0, 9, 18, 27, 36, 45, 54, 63}, 2, SYM_ANTI},
    {"diag7", 7, {1, 10, 19, 28, 37, 46, 55}, 4, SYM_ANTI},
    {"diag6", 6, {2, 11, 20, 29, 38, 47}, 4, SYM_ANTI},
    {"diag5", 5, {3, 12, 21, 30, 39}, 4, SYM_ANTI},
    {"diag4", 4, {4, 13, 22, 31}, 4, SYM_ANTI},
};

/* Base-3 value of a byte of discs: bit i counts 3^i. */
static const uint16_t TERN[256] = {
    0, 1, 3, 4, 9, 10, 12, 13, 27, 28, 30, 31, 36, 37, 39, 40,
    81, 82, 84, 85, 90, 91, 93, 94, 108, 109, 111, 112, 117, 118, 120, 121,
    243, 244, 246, 247, 252, 253, 255, 256, 270, 271, 273, 274, 279, 280, 282, 283,
    324, 325, 327, 328, 333, 334, 336, 337, 351, 352, 354, 355, 360, 361, 363, 364,
    729, 730, 732, 733, 738, 739, 741, 742, 756, 757, 759, 760, 765, 766, 768, 769,
    810, 811, 813, 814, 819, 820, 822, 823, 837, 838, 840, 841, 846, 847, 849, 850,
    972, 973, 975, 976, 981, 982, 984, 985, 999, 1000, 1002, 1003, 1008, 1009, 1011, 1012,
    1053, 1054, 1056, 1057, 1062, 1063, 1065, 1066, 1080, 1081, 1083, 1084, 1089, 1090, 1092, 1093,
    2187, 2188, 2190, 2191, 2196, 2197, 2199, 2200, 2214, 2215, 2217, 2218, 2223, 2224, 2226, 2227,
    2268, 2269, 2271, 2272, 2277, 2278, 2280, 2281, 2295, 2296, 2298, 2299, 2304, 2305, 2307, 2308,
    2430, 2431, 2433, 2434, 2439, 2440, 2442, 2443, 2457, 2458, 2460, 2461, 2466, 2467, 2469, 2470,
    2511, 2512, 2514, 2515, 2520, 2521, 2523, 2524, 2538, 2539, 2541, 2542, 2547, 2548, 2550, 2551,
    2916, 2917, 2919, 2920, 2925, 2926, 2928, 2929, 2943, 2944, 2946, 2947, 2952, 2953, 2955, 2956,
    2997, 2998, 3000, 3001, 3006, 3007, 3009, 3010, 3024, 3025, 3027, 3028, 3033, 3034, 3036, 3037,
    3159, 3160, 3162, 3163, 3168, 3169, 3171, 3172, 3186, 3187, 3189, 3190, 3195, 3196, 3198, 3199,
    3240, 3241, 3243, 3244, 3249, 3250, 3252, 3253, 3267, 3268, 3270, 3271, 3276, 3277, 3279, 3280,
};

static const uint64_t DIAG_MASK[5] = {0x8040201008040201ull, 0x80402010080402ull, 0x804020100804ull,
                                      0x8040201008ull, 0x80402010ull};

int o8_sym_cell(int sym, int cell)
{
    int r = cell >> 3, c = cell & 7;
    if (sym & 4) { /* transpose first */
        const int t = r;
        r = c;
        c = t;
    }
    if (sym & 1)
        c = 7 - c;
    if (sym & 2)
        r = 7 - r;
    return r * 8 + c;
}

static uint64_t mirror(uint64_t b)
{
    b = ((b >> 1) & 0x5555555555555555ull) | ((b & 0x5555555555555555ull) << 1);
    b = ((b >> 2) & 0x3333333333333333ull) | ((b & 0x3333333333333333ull) << 2);
    return ((b >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((b & 0x0F0F0F0F0F0F0F0Full) << 4);
}

static uint64_t flip(uint64_t b) { return __builtin_bswap64(b); }

static uint64_t transpose(uint64_t b)
{
    uint64_t t = (b ^ (b >> 7)) & 0x00AA00AA00AA00AAull;
    b ^= t ^ (t << 7);
    t = (b ^ (b >> 14)) & 0x0000CCCC0000CCCCull;
    b ^= t ^ (t << 14);
    t = (b ^ (b >> 28)) & 0x00000000F0F0F0F0ull;
    return b ^ t ^ (t << 28);
}

uint64_t o8_sym_board(int sym, uint64_t b)
{
    if (sym & 4)
        b = transpose(b);
    if (sym & 1)
        b = mirror(b);
    if (sym & 2)
        b = flip(b);
    return b;
}

/* ---------------------------------------------------------------- layout */

static int pow3(int n)
{
    int v = 1;
    while (n-- > 0)
        v *= 3;
    return v;
}

int o8p_offset(int pattern)
{
    int off = 0;
    for (int i = 0; i < pattern; i++)
        off += pow3(o8_patterns[i].squares);
    return off;
}

int o8p_scalar_offset(int which) { return o8p_offset(O8P_PATTERNS) + which * O8P_SCALAR; }
int o8p_bias_offset(void) { return o8p_scalar_offset(O8P_SCALARS); }
int o8p_stage_size(void) { return o8p_bias_offset() + O8P_BIAS; }

int o8p_stage(int empties)
{
    const int s = (60 - empties) / 5;
    return s < 0 ? 0 : s >= O8P_STAGES ? O8P_STAGES - 1 : s;
}

int o8p_stage_min_empties(int stage) { return stage >= O8P_STAGES - 1 ? 0 : 56 - 5 * stage; }

/* Offsets as constants for the hot path (checked against o8p_offset). */
enum {
    OFF_EDGE = 0,
    OFF_C2X5 = OFF_EDGE + 59049,
    OFF_C3X3 = OFF_C2X5 + 59049,
    OFF_LINE2 = OFF_C3X3 + 19683,
    OFF_LINE3 = OFF_LINE2 + 6561,
    OFF_LINE4 = OFF_LINE3 + 6561,
    OFF_DIAG8 = OFF_LINE4 + 6561,
    OFF_DIAG7 = OFF_DIAG8 + 6561,
    OFF_DIAG6 = OFF_DIAG7 + 2187,
    OFF_DIAG5 = OFF_DIAG6 + 729,
    OFF_DIAG4 = OFF_DIAG5 + 243,
    OFF_SCALAR = OFF_DIAG4 + 81
};

/* --------------------------------------------------------------- features */

static inline uint32_t tern(uint64_t p, uint64_t o, int shift, unsigned mask)
{
    return TERN[(p >> shift) & mask] + 2u * TERN[(o >> shift) & mask];
}

static inline uint32_t diag(uint64_t p, uint64_t o, int k)
{
    const uint64_t spread = 0x0101010101010101ull;
    const unsigned bp = (unsigned)(((p & DIAG_MASK[k]) * spread) >> 56) >> k;
    const unsigned bo = (unsigned)(((o & DIAG_MASK[k]) * spread) >> 56) >> k;
    return TERN[bp] + 2u * TERN[bo];
}

static inline uint32_t cell_state(uint64_t p, uint64_t o, int x)
{
    return (uint32_t)((p >> x) & 1) + 2u * (uint32_t)((o >> x) & 1);
}

static inline uint32_t cap(int v) { return v < O8P_SCALAR ? (uint32_t)v : O8P_SCALAR - 1; }

/* The patterns read once per rotation. */
static int rotation_features(uint64_t p, uint64_t o, bool diag8, uint32_t *out)
{
    int n = 0;
    out[n++] = OFF_EDGE + tern(p, o, 0, 0xFF) + 6561 * (cell_state(p, o, 9) + 3 * cell_state(p, o, 14));
    out[n++] = OFF_C3X3 + tern(p, o, 0, 7) + 27 * tern(p, o, 8, 7) + 729 * tern(p, o, 16, 7);
    out[n++] = OFF_LINE2 + tern(p, o, 8, 0xFF);
    out[n++] = OFF_LINE3 + tern(p, o, 16, 0xFF);
    out[n++] = OFF_LINE4 + tern(p, o, 24, 0xFF);
    if (diag8)
        out[n++] = OFF_DIAG8 + diag(p, o, 0);
    out[n++] = OFF_DIAG7 + diag(p, o, 1);
    out[n++] = OFF_DIAG6 + diag(p, o, 2);
    out[n++] = OFF_DIAG5 + diag(p, o, 3);
    out[n++] = OFF_DIAG4 + diag(p, o, 4);
    return n;
}

int o8p_scalar_features(uint64_t P, uint64_t O, uint32_t *out)
{
    const uint64_t empty = ~(P | O);
    const int e = bitboard_count(empty), stage = o8p_stage(e);
    out[0] = OFF_SCALAR + cap(bitboard_count(bitboard_moves(P, O)));
    out[1] = OFF_SCALAR + O8P_SCALAR + cap(bitboard_count(bitboard_moves(O, P)));
    out[2] = OFF_SCALAR + 2 * O8P_SCALAR + cap(bitboard_count(empty & bitboard_neighbours(O)));
    out[3] = OFF_SCALAR + 3 * O8P_SCALAR + cap(bitboard_count(empty & bitboard_neighbours(P)));
    out[4] = OFF_SCALAR + 4 * O8P_SCALAR + (uint32_t)(e - o8p_stage_min_empties(stage));
    return 5;
}

/* The 8 images of b, indexed by symmetry, from one transpose, two mirrors
 * and four byte swaps (o8_sym_board would take four of each). */
static void sym_images(uint64_t b, uint64_t *img)
{
    const uint64_t t = transpose(b);
    img[SYM_ID] = b;
    img[SYM_MIRROR] = mirror(b);
    img[SYM_FLIP] = flip(b);
    img[SYM_ROT180] = flip(img[SYM_MIRROR]);
    img[SYM_TRANSPOSE] = t;
    img[SYM_ROT90] = mirror(t);
    img[SYM_ROT270] = flip(t);
    img[SYM_ANTI] = flip(img[SYM_ROT90]);
}

int o8p_pattern_features(uint64_t P, uint64_t O, uint32_t *out)
{
    uint64_t ip[O8_SYM_COUNT], io[O8_SYM_COUNT];
    sym_images(P, ip);
    sym_images(O, io);
    int n = 0;
    for (int sym = 0; sym < O8_SYM_COUNT; sym++) {
        const uint64_t p = ip[sym], o = io[sym];
        out[n++] = OFF_C2X5 + tern(p, o, 0, 31) + 243 * tern(p, o, 8, 31);
        if (sym == SYM_ID || sym == SYM_ROT180 || sym == SYM_ROT90 || sym == SYM_ROT270)
            n += rotation_features(p, o, sym == SYM_ID || sym == SYM_ROT90, out + n);
    }
    return n;
}

int o8p_features(uint64_t P, uint64_t O, uint32_t *out)
{
    const int n = o8p_pattern_features(P, O, out);
    return n + o8p_scalar_features(P, O, out + n);
}

/* One instance of a pattern, cell by cell on the image under sym. */
static uint32_t slow_index(const O8Pattern *pat, int sym, uint64_t P, uint64_t O)
{
    int8_t image[64];
    for (int x = 0; x < 64; x++)
        image[o8_sym_cell(sym, x)] = (int8_t)((P >> x & 1) + 2 * (O >> x & 1));
    uint32_t idx = 0;
    for (int k = pat->squares - 1; k >= 0; k--)
        idx = idx * 3 + (uint32_t)image[pat->square[k]];
    return idx;
}

int o8p_features_slow(uint64_t P, uint64_t O, uint32_t *out)
{
    int n = 0;
    for (int sym = 0; sym < O8_SYM_COUNT; sym++) {
        bool rotation = false;
        for (int r = 0; r < 4; r++)
            rotation |= ROTATIONS[r] == sym;
        for (int i = 0; i < O8P_PATTERNS; i++) {
            const O8Pattern *pat = &o8_patterns[i];
            if (pat->images == 8 || (pat->images == 4 && rotation) ||
                (pat->images == 2 && (sym == SYM_ID || sym == SYM_ROT90)))
                out[n++] = (uint32_t)o8p_offset(i) + slow_index(pat, sym, P, O);
        }
    }
    const uint64_t empty = ~(P | O);
    int mp = 0, mo = 0, pp = 0, po = 0, e = 0;
    for (int x = 0; x < 64; x++) {
        if (!(empty >> x & 1))
            continue;
        e++;
        mp += bitboard_flips(P, O, x) != 0;
        mo += bitboard_flips(O, P, x) != 0;
        pp += (bitboard_around[x] & O) != 0;
        po += (bitboard_around[x] & P) != 0;
    }
    const int counts[O8P_SCALARS] = {mp, mo, pp, po};
    for (int k = 0; k < O8P_SCALARS; k++)
        out[n++] = (uint32_t)o8p_scalar_offset(k) + cap(counts[k]);
    out[n++] = (uint32_t)(o8p_bias_offset() + e - o8p_stage_min_empties(o8p_stage(e)));
    return n;
}

/* ---------------------------------------------------------------- weights */

/* The configuration a pattern's self-symmetry turns idx into. */
static uint32_t mirrored_index(const O8Pattern *pat, uint32_t idx)
{
    int digit[O8P_MAX_SQUARES];
    for (int k = 0; k < pat->squares; k++, idx /= 3)
        digit[k] = (int)(idx % 3);
    uint32_t out = 0;
    for (int k = pat->squares - 1; k >= 0; k--) {
        const int cell = o8_sym_cell(pat->mirror, pat->square[k]);
        int j = 0;
        while (pat->square[j] != cell)
            j++;
        out = out * 3 + (uint32_t)digit[j];
    }
    return out;
}

/* The canonical configuration of every pattern index, filled by o8p_init:
 * the stored weights of each of the stages unpack through it, and working
 * out a mirror image digit by digit is what made the engine slow to start. */
static uint16_t canonical[OFF_SCALAR];

static void canonical_init(void)
{
    for (int i = 0; i < O8P_PATTERNS; i++) {
        const O8Pattern *pat = &o8_patterns[i];
        const int off = o8p_offset(i);
        for (uint32_t idx = 0, count = (uint32_t)pow3(pat->squares); idx < count; idx++) {
            const uint32_t m = pat->mirror < 0 ? idx : mirrored_index(pat, idx);
            canonical[off + (int)idx] = (uint16_t)(m < idx ? m : idx);
        }
    }
}

uint32_t o8p_canonical(int pattern, uint32_t idx) { return canonical[o8p_offset(pattern) + (int)idx]; }

static const char ALPHABET[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void put_char(O8Text *t, char ch)
{
    if (t->len + 2 > t->cap) {
        t->cap = t->cap ? 2 * t->cap : 1 << 16;
        t->s = xrealloc(t->s, t->cap);
    }
    t->s[t->len++] = ch;
    t->s[t->len] = 0;
}

/* Groups of 5 bits, low first; the sixth bit says that more follow. */
static void put_varint(O8Text *t, uint32_t v)
{
    while (v >= 32) {
        put_char(t, ALPHABET[32 | (v & 31)]);
        v >>= 5;
    }
    put_char(t, ALPHABET[v]);
}

void o8p_encode(const int16_t *w, int n, O8Text *out)
{
    for (int i = 0; i < n;) {
        if (w[i] == 0) {
            int run = 1;
            while (i + run < n && w[i + run] == 0)
                run++;
            put_varint(out, 0);
            put_varint(out, (uint32_t)(run - 1));
            i += run;
        } else {
            const int v = w[i++];
            put_varint(out, v > 0 ? 2u * (uint32_t)v : 2u * (uint32_t)-v - 1);
        }
    }
}

/* The inverse of ALPHABET (ASCII order), without a search per character:
 * the weights of every stage are decoded at each start. */
static int char_value(char ch)
{
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A';
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9')
        return ch - '0' + 52;
    return ch == '+' ? 62 : ch == '/' ? 63 : -1;
}

static long get_varint(const char *s, long at, uint32_t *v)
{
    *v = 0;
    for (int shift = 0; shift < 30; shift += 5) {
        const int c = char_value(s[at++]);
        if (c < 0)
            return -1;
        *v |= (uint32_t)(c & 31) << shift;
        if (!(c & 32))
            return at;
    }
    return -1;
}

long o8p_decode(const char *s, int16_t *w, int n)
{
    long at = 0;
    for (int i = 0; i < n;) {
        uint32_t v;
        if ((at = get_varint(s, at, &v)) < 0)
            return -1;
        if (v == 0) {
            uint32_t run;
            if ((at = get_varint(s, at, &run)) < 0 || run >= (uint32_t)(n - i))
                return -1;
            memset(w + i, 0, sizeof *w * (run + 1));
            i += (int)run + 1;
        } else {
            w[i++] = (int16_t)(v & 1 ? -(int)((v + 1) / 2) : (int)(v / 2));
        }
    }
    return at;
}

/* The stored form of a stage: canonical configurations only. */
int o8p_packed_size(void)
{
    const uint16_t *canon = canonical;
    int n = 0;
    for (int i = 0; i < O8P_PATTERNS; i++) {
        const int off = o8p_offset(i);
        for (int idx = 0, count = pow3(o8_patterns[i].squares); idx < count; idx++)
            n += canon[off + idx] == idx;
    }
    return n + O8P_SCALARS * O8P_SCALAR + O8P_BIAS;
}

void o8p_pack(const int16_t *table, int16_t *packed)
{
    const uint16_t *canon = canonical;
    int n = 0;
    for (int i = 0; i < O8P_PATTERNS; i++) {
        const int off = o8p_offset(i);
        for (int idx = 0, count = pow3(o8_patterns[i].squares); idx < count; idx++)
            if (canon[off + idx] == idx)
                packed[n++] = table[off + idx];
    }
    memcpy(packed + n, table + o8p_scalar_offset(0), sizeof *table * (O8P_SCALARS * O8P_SCALAR + O8P_BIAS));
}

void o8p_unpack(const int16_t *packed, int16_t *table)
{
    const uint16_t *canon = canonical;
    int n = 0;
    for (int i = 0; i < O8P_PATTERNS; i++) {
        const int off = o8p_offset(i);
        for (int idx = 0, count = pow3(o8_patterns[i].squares); idx < count; idx++) {
            const int c = canon[off + idx];
            table[off + idx] = c == idx ? packed[n++] : table[off + c];
        }
    }
    memcpy(table + o8p_scalar_offset(0), packed + n, sizeof *table * (O8P_SCALARS * O8P_SCALAR + O8P_BIAS));
}

/* The compiled-in weights: O8_WEIGHT_TEXT, a list of string pieces holding
 * every stage's packed table, encoded. */
#include "othello8_weights.inc"

typedef int16_t StageTable[OFF_SCALAR + O8P_SCALARS * O8P_SCALAR + O8P_BIAS];

/* Written by o8p_init and o8p_set_weights (the tuner) only. */
static StageTable weights[O8P_STAGES];

static char *compiled_text(void);

/* Decodes stage after stage from text into tables; stages it lacks are
 * zero. Returns the stages decoded when they use the whole text, else -1. */
static int decode_text(const char *text, StageTable *tables)
{
    int stages = 0;
    const int packed_size = o8p_packed_size();
    int16_t *packed = xmalloc(sizeof *packed * (size_t)packed_size);
    long at = 0;
    for (int s = 0; s < O8P_STAGES; s++) {
        const long used = text[at] ? o8p_decode(text + at, packed, packed_size) : -1;
        if (used < 0) {
            memset(tables[s], 0, sizeof tables[s]);
            continue;
        }
        at += used;
        o8p_unpack(packed, tables[s]);
        stages++;
    }
    free(packed);
    return text[at] ? -1 : stages;
}

int o8p_compiled_stages(void)
{
    char *text = compiled_text();
    StageTable *scratch = xmalloc(sizeof weights);
    const int stages = decode_text(text, scratch);
    free(scratch);
    free(text);
    return stages;
}

/* The text of a generated .inc file: its string pieces joined; NULL with
 * errno when it cannot be read. */
static char *read_inc(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    size_t len = 0, cap = 1 << 20;
    char *text = malloc(cap);
    bool inside = false;
    for (int ch; text && (ch = getc(f)) != EOF;) {
        if (ch == '"') {
            inside = !inside;
            continue;
        }
        if (!inside)
            continue;
        if (len + 2 > cap)
            text = realloc(text, cap *= 2);
        if (text)
            text[len++] = (char)ch;
    }
    fclose(f);
    if (text)
        text[len] = 0;
    return text;
}

static char *compiled_text(void)
{
    size_t len = 0;
    const size_t pieces = sizeof O8_WEIGHT_TEXT / sizeof O8_WEIGHT_TEXT[0];
    for (size_t i = 0; i < pieces; i++)
        len += strlen(O8_WEIGHT_TEXT[i]);
    char *text = xmalloc(len + 1);
    text[0] = 0;
    for (size_t i = 0, at = 0; i < pieces; i++) {
        const size_t n = strlen(O8_WEIGHT_TEXT[i]);
        memcpy(text + at, O8_WEIGHT_TEXT[i], n + 1);
        at += n;
    }
    return text;
}

/* The compiled-in weights; FLIPFIVE_WEIGHTS=FILE.inc replaces them with a
 * generated file's (README "Tuning the 8x8 evaluation": candidate weights
 * are tried this way before they are built in). A file that cannot be read
 * or does not hold every stage ends the program: playing on with the
 * compiled-in or all-zero weights would measure something else. */
static void decode_weights(void)
{
    const char *path = getenv("FLIPFIVE_WEIGHTS");
    if (!path || !*path) {
        char *text = compiled_text();
        decode_text(text, weights);
        free(text);
        return;
    }
    char *text = read_inc(path);
    if (!text) {
        fprintf(stderr, "FLIPFIVE_WEIGHTS=%s: cannot read it: %s\n", path, strerror(errno));
        exit(2);
    }
    const int stages = decode_text(text, weights);
    free(text);
    if (stages != O8P_STAGES) {
        fprintf(stderr, "FLIPFIVE_WEIGHTS=%s: not a weights file of flipfive-tune fit (%d stages)\n",
                path, O8P_STAGES);
        exit(2);
    }
}

void o8p_init(void)
{
    canonical_init();
    decode_weights();
}

const int16_t *o8p_weights(int stage) { return weights[stage]; }

void o8p_set_weights(int stage, const int16_t *packed)
{
    if (packed)
        o8p_unpack(packed, weights[stage]);
    else
        memset(weights[stage], 0, sizeof weights[stage]);
}

int o8p_eval(uint64_t P, uint64_t O)
{
    uint32_t f[O8P_MAX_FEATURES];
    const int n = o8p_features(P, O, f);
    const int16_t *w = weights[o8p_stage(bitboard_count(~(P | O)))];
    int v = 0;
    for (int i = 0; i < n; i++)
        v += w[f[i]];
    return v;
}
