/*
 * record.c - SGF in and out. Loading is transactional: the engine state is
 * saved first and restored when any part of the record does not fit our
 * rules (unknown game, bad size, an illegal move).
 */
#include "record.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "games.h"
#include "gomoku.h"
#include "sgf.h"
#include "version.h"

/* RU of a five-in-a-row record: a rule by name (scripts/match writes
 * RU[standard], printsgf RU[Renju]) or a Gomocup rule code as c-gomoku-cli
 * writes it (RU[0], RU[1], RU[4]); false for anything else. */
static bool rule_of_record(const SgfGame *g, int *game, int *variant)
{
    return game_of_rule(gomoku_rule_of_ru(g->ru), game, variant);
}

/* The game and variant a record is for; false when we do not play it. A
 * Gomoku record without a known RU gets the rule setting. */
static bool game_of_record(const Engine *e, const SgfGame *g, int *game, int *variant)
{
    const char *name = g->gm == 0 ? game_name(e->game) /* no GM: the current game */
                       : g->gm == 2 ? "Othello"
                       : g->gm == 4 ? "Gomoku"
                                    : NULL;
    if (g->gm == 4 && rule_of_record(g, game, variant))
        return true;
    *game = name ? game_index(name) : -1;
    *variant = game_variant(name ? name : "");
    if (*game == game_index("Gomoku"))
        *variant = e->set.rule;
    return *game >= 0;
}

static Move point_move(SgfPoint pt, int size)
{
    if (pt.x < 0)
        return MOVE_PASS;
    if (size <= 19 && pt.x == 19 && pt.y == 19)
        return MOVE_PASS; /* the old "tt" pass */
    if (pt.x >= size || pt.y >= size)
        return MOVE_NONE;
    return pt.y * size + pt.x;
}

/* Set-up properties of one node on top of the current position. */
static bool apply_setup(Engine *e, const SgfGame *g, const SgfNode *node, bool first)
{
    int8_t cells[MAX_CELLS];
    const int n = e->size;
    for (int c = 0; c < n * n; c++)
        cells[c] = (int8_t)e->ops->cell(e->pos, c);
    for (int i = 0; i < node->setup_count; i++) {
        const SgfSetup *s = &g->setup[node->setup_first + i];
        Move m = point_move(s->p, n);
        if (m < 0)
            return false;
        cells[m] = s->value;
    }
    int side = node->pl >= 0 ? node->pl : first ? BLACK : e->ops->side_to_move(e->pos);
    return engine_setup(e, n, cells, side);
}

/* The game and size of the record; false with the reason. */
static bool start_game(Engine *e, const SgfGame *g, char *why, size_t n)
{
    int game, variant;
    if (!game_of_record(e, g, &game, &variant)) {
        snprintf(why, n, "wrong game (GM[%d])", g->gm);
        return false;
    }
    const int size = g->size ? g->size : g->gm == 0 ? e->size : game_default_size(game);
    if (!engine_new_game(e, game, variant, size)) {
        snprintf(why, n, "size %d is not played in %s", size, game_name(game));
        return false;
    }
    return true;
}

static bool replay(Engine *e, const SgfGame *g, int upto, char *why, size_t n)
{
    if (!start_game(e, g, why, n))
        return false;
    int moveno = 0;
    bool first = true;
    for (int i = 0; i < g->nnodes; i++) {
        const SgfNode *node = &g->nodes[i];
        if ((node->setup_count > 0 || (node->pl >= 0 && node->color < 0)) &&
            !apply_setup(e, g, node, first)) {
            snprintf(why, n, "illegal set-up (AB/AW/AE/PL) before move %d", moveno + 1);
            return false;
        }
        if (node->color < 0)
            continue;
        first = false;
        if (++moveno == upto)
            break;
        Move m = point_move(node->move, e->size);
        if (m == MOVE_NONE || engine_play(e, node->color, m) != PLAY_OK) {
            char v[8];
            engine_format_vertex(e, m == MOVE_NONE ? MOVE_PASS : m, v);
            snprintf(why, n, "illegal move at move %d (%s %s)", moveno, node->color == BLACK ? "B" : "W",
                     m == MOVE_NONE ? "off the board" : v);
            return false;
        }
    }
    return true;
}

typedef struct Snapshot {
    int game, variant, size;
    bool has_setup;
    int8_t cells[MAX_CELLS];
    int side, nhist;
    HistEntry hist[MAX_GAME_PLY];
    TimeControl tc;
} Snapshot;

static void snapshot_take(const Engine *e, Snapshot *s)
{
    s->game = e->game;
    s->variant = e->variant;
    s->size = e->size;
    s->has_setup = e->has_setup;
    memcpy(s->cells, e->setup_cells, sizeof s->cells);
    s->side = e->setup_side;
    s->nhist = e->nhist;
    memcpy(s->hist, e->hist, sizeof(HistEntry) * (size_t)e->nhist);
    s->tc = e->tc;
}

static void snapshot_restore(Engine *e, const Snapshot *s)
{
    engine_set_game(e, game_name(s->game));
    if (e->variant != s->variant)
        engine_set_variant(e, s->variant);
    engine_boardsize(e, s->size);
    if (s->has_setup)
        engine_setup(e, s->size, s->cells, s->side);
    for (int i = 0; i < s->nhist; i++)
        engine_play(e, s->hist[i].color, s->hist[i].move);
    e->tc = s->tc; /* set_game and boardsize restarted the clocks */
}

bool record_load_text(Engine *e, const char *text, size_t len, int upto, char *why, size_t n)
{
    SgfGame *g = malloc(sizeof *g);
    Snapshot *snap = malloc(sizeof *snap);
    bool ok = g && snap;
    if (!ok)
        snprintf(why, n, "out of memory");
    else if (!(ok = sgf_parse(text, len, g)))
        snprintf(why, n, "not SGF");
    if (ok) {
        snapshot_take(e, snap);
        ok = replay(e, g, upto, why, n);
        if (!ok)
            snapshot_restore(e, snap);
        else if (e->game == game_index("Gomoku"))
            e->set.rule = e->variant; /* the record's rule is the one played now */
    }
    free(g);
    free(snap);
    return ok;
}

/* Opens path for reading when it is a regular file: a FIFO, a terminal or
 * /dev/stdin (our own GTP input) would block or eat commands. */
static FILE *open_regular(const char *path, char *why, size_t n)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        snprintf(why, n, "%s", errno == ENOENT ? "no such file" : strerror(errno));
        return NULL;
    }
    struct stat st;
    FILE *f = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "rb") : NULL;
    if (!f) {
        snprintf(why, n, "not a regular file");
        close(fd);
    }
    return f;
}

bool record_load_file(Engine *e, const char *path, int upto, char *why, size_t n)
{
    struct stat st;
    FILE *f = open_regular(path, why, n);
    if (!f)
        return false;
    /* Room for the file as it is now, and one byte to notice growth. */
    size_t cap = fstat(fileno(f), &st) == 0 && st.st_size < RECORD_MAX_FILE ? (size_t)st.st_size + 1
                                                                             : RECORD_MAX_FILE + 1;
    char *text = malloc(cap);
    size_t len = text ? fread(text, 1, cap, f) : 0;
    bool ok = text && !ferror(f) && len > 0 && len < cap;
    if (!ok)
        snprintf(why, n, "%s", !text || ferror(f) ? "cannot read it"
                               : len == 0         ? "empty"
                                                  : "larger than 4 MiB");
    fclose(f);
    if (ok)
        ok = record_load_text(e, text, len, upto, why, n);
    free(text);
    return ok;
}

static void write_point(Buf *out, Move m, int size)
{
    if (m < 0)
        return; /* a pass: empty value */
    buf_printf(out, "%c%c", sgf_letter(m % size), sgf_letter(m / size));
}

/* AB/AW for the set-up stones, and AE for the cells of the start position
 * that the set-up empties: a reader (ours too) adds set-up properties to the
 * start position, whose discs would otherwise come back. */
static void write_setup(Engine *e, Buf *out)
{
    static const char *const PROP[3] = {"AE", "AB", "AW"};
    const int n = e->size;
    int8_t start[MAX_CELLS] = {0};
    void *pos = e->ops->create(n, e->variant);
    for (int c = 0; pos && c < n * n; c++)
        start[c] = (int8_t)e->ops->cell(pos, c);
    if (pos)
        e->ops->destroy(pos);
    for (int v = CELL_BLACK; v <= CELL_WHITE + 1; v++) {
        bool any = false;
        for (int c = 0; c < n * n; c++) {
            bool empties = v > CELL_WHITE && e->setup_cells[c] == CELL_EMPTY && start[c] != CELL_EMPTY;
            if (e->setup_cells[c] != v && !empties)
                continue;
            buf_printf(out, "%s[", any ? "" : PROP[v % 3]);
            write_point(out, c, n);
            buf_printf(out, "]");
            any = true;
        }
    }
    buf_printf(out, "PL[%c]", e->setup_side == BLACK ? 'B' : 'W');
}

void record_write(Engine *e, Buf *out)
{
    const int n = e->size;
    buf_printf(out, "(;FF[4]CA[UTF-8]AP[flipfive:%s]GM[%d]SZ[%d]", FLIPFIVE_VERSION, e->ops->sgf_gm, n);
    if (strcmp(e->ops->name, "Renju") == 0)
        buf_printf(out, "RU[Renju]");
    else if (strcmp(e->ops->name, "Gomoku") == 0)
        buf_printf(out, "RU[%s]", game_rule_name(e->variant)); /* as scripts/match names it */
    Buf res = {0};
    if (engine_final_score(e, &res))
        buf_printf(out, "RE[%s]", strcmp(buf_str(&res), "0") == 0 ? "Draw" : buf_str(&res));
    buf_free(&res);
    if (e->has_setup)
        write_setup(e, out);
    for (int i = 0; i < e->nhist; i++) {
        buf_printf(out, "%s;%c[", i % 10 == 0 ? "\n" : "", e->hist[i].color == BLACK ? 'B' : 'W');
        write_point(out, e->hist[i].move, n);
        buf_printf(out, "]");
    }
    buf_printf(out, ")\n");
}
