/*
 * match_open.c - opening files and random openings. Notations accepted on
 * a line (after an optional "label |" prefix; "#" starts a comment):
 *   f5d6c3 or F5 D6 C3      vertices in the game's convention, "pass" too
 *   15 L7 L8 M8             a leading board size (KataGomo files) is checked
 *   8,-3, 6,-4, 5,-4        Gomocup offsets dx,dy from the centre, y down
 */
#include "match_open.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "coord.h"
#include "zobrist.h"

typedef struct Builder {
    const MatchConfig *cfg;
    void *pos;
    Move moves[MAX_GAME_PLY];
    int n;
    char *err;
    size_t errlen;
} Builder;

static bool only_pass(void *pos, const GameOps *ops)
{
    Move m[MAX_MOVES];
    return ops->gen_moves(pos, m) == 1 && m[0] == MOVE_PASS;
}

/* Plays m, first passing for a side that has no move (implied passes). */
static bool builder_play(Builder *b, Move m, const char *text)
{
    const GameOps *ops = b->cfg->ops;
    if (b->n + 2 > MAX_GAME_PLY || ops->game_over(b->pos)) {
        snprintf(b->err, b->errlen, "%s: the game is already over", text);
        return false;
    }
    if (m != MOVE_PASS && !ops->free_order && only_pass(b->pos, ops)) {
        ops->make(b->pos, MOVE_PASS);
        b->moves[b->n++] = MOVE_PASS;
    }
    if (!ops->is_legal(b->pos, m)) {
        snprintf(b->err, b->errlen, "%s: illegal move", text);
        return false;
    }
    ops->make(b->pos, m);
    b->moves[b->n++] = m;
    return true;
}

static bool parse_offsets(Builder *b, const char *s)
{
    const int size = b->cfg->size;
    long v[2];
    int k = 0;
    while (*s) {
        if (*s == ',' || isspace((unsigned char)*s)) {
            s++;
            continue;
        }
        char *end;
        v[k] = strtol(s, &end, 10);
        if (end == s) {
            snprintf(b->err, b->errlen, "bad offset near '%.10s'", s);
            return false;
        }
        s = end;
        if (++k < 2)
            continue;
        k = 0;
        long x = v[0] + size / 2, y = v[1] + size / 2;
        char text[32];
        snprintf(text, sizeof text, "%ld,%ld", v[0], v[1]);
        if (x < 0 || y < 0 || x >= size || y >= size) {
            snprintf(b->err, b->errlen, "%s: off the board", text);
            return false;
        }
        if (!builder_play(b, (Move)(y * size + x), text))
            return false;
    }
    if (k != 0) {
        snprintf(b->err, b->errlen, "odd number of offsets");
        return false;
    }
    return true;
}

/* One token: "pass", or one or more vertices run together (f5d6c3). */
static bool parse_token(Builder *b, const char *tok)
{
    if (strcasecmp(tok, "pass") == 0)
        return builder_play(b, MOVE_PASS, tok);
    const char *s = tok;
    while (*s) {
        char v[8];
        size_t n = 1;
        while (isdigit((unsigned char)s[n]) && n < sizeof v - 1)
            n++;
        memcpy(v, s, n);
        v[n] = '\0';
        Move m = coord_parse(v, b->cfg->size, b->cfg->coords);
        if (m < 0 || isdigit((unsigned char)s[n])) {
            snprintf(b->err, b->errlen, "'%s' is not a vertex of this board", v);
            return false;
        }
        if (!builder_play(b, m, v))
            return false;
        s += n;
    }
    return true;
}

static bool parse_vertices(Builder *b, char *s)
{
    bool first = true;
    for (char *tok = strtok(s, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
        if (first && isdigit((unsigned char)tok[0])) {
            if (atoi(tok) != b->cfg->size) {
                snprintf(b->err, b->errlen, "opening is for size %s", tok);
                return false;
            }
            first = false;
            continue;
        }
        first = false;
        if (!parse_token(b, tok))
            return false;
    }
    return true;
}

static void opening_text(const MatchConfig *cfg, const Move *moves, int n, Buf *out)
{
    for (int i = 0; i < n; i++) {
        char v[8];
        coord_format(moves[i], cfg->size, cfg->coords, v);
        buf_printf(out, "%s%s", i ? " " : "", v);
    }
}

static bool finish(Builder *b, MatchOpening *o)
{
    if (b->cfg->ops->game_over(b->pos)) {
        snprintf(b->err, b->errlen, "the opening ends the game");
        return false;
    }
    Buf t = {0};
    opening_text(b->cfg, b->moves, b->n, &t);
    o->n = b->n;
    o->moves = malloc(sizeof(Move) * (size_t)(b->n ? b->n : 1));
    o->text = strdup(buf_str(&t));
    buf_free(&t);
    if (!o->moves || !o->text)
        return false;
    memcpy(o->moves, b->moves, sizeof(Move) * (size_t)b->n);
    return true;
}

bool match_open_parse_line(const MatchConfig *cfg, const char *line, MatchOpening *o,
                           char *err, size_t errlen)
{
    *o = (MatchOpening){.n = -1};
    char *copy = strdup(line);
    if (!copy)
        return false;
    char *s = copy, *bar;
    s[strcspn(s, "#")] = '\0';
    while ((bar = strchr(s, '|')) != NULL)
        s = bar + 1;
    while (isspace((unsigned char)*s))
        s++;
    bool ok = true;
    if (*s) {
        Builder *b = calloc(1, sizeof *b);
        ok = b && (b->pos = cfg->ops->create(cfg->size, cfg->variant)) != NULL;
        if (ok) {
            b->cfg = cfg;
            b->err = err;
            b->errlen = errlen;
            ok = (strchr(s, ',') ? parse_offsets(b, s) : parse_vertices(b, s)) && finish(b, o);
            cfg->ops->destroy(b->pos);
        }
        free(b);
    }
    free(copy);
    return ok;
}

static bool add_opening(MatchOpenings *out, const MatchOpening *o)
{
    MatchOpening *l = realloc(out->list, sizeof *l * (size_t)(out->count + 1));
    if (!l)
        return false;
    out->list = l;
    l[out->count++] = *o;
    return true;
}

bool match_open_load(const MatchConfig *cfg, MatchOpenings *out, char *err, size_t errlen)
{
    *out = (MatchOpenings){0};
    FILE *f = fopen(cfg->openings, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open", cfg->openings);
        return false;
    }
    char line[8192], why[200];
    bool ok = true;
    for (int lineno = 1; ok && fgets(line, sizeof line, f); lineno++) {
        MatchOpening o;
        why[0] = '\0';
        ok = match_open_parse_line(cfg, line, &o, why, sizeof why);
        if (!ok)
            snprintf(err, errlen, "%s:%d: %s", cfg->openings, lineno, why);
        else if (o.n >= 0 && !add_opening(out, &o))
            ok = false;
    }
    fclose(f);
    if (ok && out->count == 0) {
        snprintf(err, errlen, "%s: no openings", cfg->openings);
        ok = false;
    }
    if (!ok)
        match_open_free(out);
    return ok;
}

/* ------------------------------------------------------------ generation */

/* Legal moves worth opening with: for five-in-a-row, near the centre. */
static int candidates(const MatchConfig *cfg, void *pos, Move *out)
{
    Move all[MAX_MOVES];
    int n = cfg->ops->gen_moves(pos, all);
    if (!cfg->ops->free_order)
        return (memcpy(out, all, sizeof(Move) * (size_t)n), n);
    const int size = cfg->size, mid = size / 2, radius = size >= 9 ? 2 : 1;
    int k = 0;
    for (int i = 0; i < n; i++) {
        int r = all[i] / size - mid, c = all[i] % size - mid;
        if (all[i] >= 0 && abs(r) <= radius && abs(c) <= radius)
            out[k++] = all[i];
    }
    return k ? k : (memcpy(out, all, sizeof(Move) * (size_t)n), n);
}

static bool random_line(const MatchConfig *cfg, uint64_t *rng, Builder *b)
{
    const GameOps *ops = cfg->ops;
    ops->reset(b->pos);
    b->n = 0;
    for (int ply = 0; ply < cfg->plies;) {
        if (ops->game_over(b->pos))
            return false;
        Move c[MAX_MOVES];
        int n = candidates(cfg, b->pos, c);
        if (n == 0)
            return false;
        Move m = c[splitmix64(rng) % (uint64_t)n];
        ops->make(b->pos, m);
        b->moves[b->n++] = m;
        ply += m != MOVE_PASS;
    }
    return !ops->game_over(b->pos);
}

static bool seen(const MatchOpenings *out, const Builder *b)
{
    for (int i = 0; i < out->count; i++)
        if (out->list[i].n == b->n && memcmp(out->list[i].moves, b->moves, sizeof(Move) * (size_t)b->n) == 0)
            return true;
    return false;
}

bool match_open_generate(const MatchConfig *cfg, int count, MatchOpenings *out)
{
    *out = (MatchOpenings){0};
    uint64_t rng = cfg->seed;
    Builder *b = calloc(1, sizeof *b);
    if (!b || !(b->pos = cfg->ops->create(cfg->size, cfg->variant))) {
        free(b);
        return false;
    }
    char why[200];
    b->cfg = cfg;
    b->err = why;
    b->errlen = sizeof why;
    bool ok = true;
    for (int k = 0; ok && k < count; k++) {
        int tries = 0;
        while ((!random_line(cfg, &rng, b) || seen(out, b)) && ++tries < 100)
            ;
        MatchOpening o;
        ok = tries < 100 || !cfg->ops->game_over(b->pos);
        ok = ok && finish(b, &o) && add_opening(out, &o);
    }
    cfg->ops->destroy(b->pos);
    free(b);
    if (!ok)
        match_open_free(out);
    return ok;
}

void match_open_free(MatchOpenings *o)
{
    for (int i = 0; i < o->count; i++) {
        free(o->list[i].moves);
        free(o->list[i].text);
    }
    free(o->list);
    *o = (MatchOpenings){0};
}
