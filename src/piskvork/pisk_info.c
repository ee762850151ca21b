/*
 * pisk_info.c - INFO keys: the clock, the rule, memory and the Yixin-Board
 * knobs. INFO never answers (managers do not read replies to it); a value
 * flipfive cannot honour is said in a MESSAGE line, which every host reads
 * as a message (an ERROR would be taken for the answer to the next move).
 */
#include "pisk_info.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gomocup.h"

/* Memory besides the hash table: positions and their threat workspace,
 * search stacks, the program (about 10 MB resident with a 64 MB table). */
enum { OVERHEAD_MB = 16 };

typedef struct InfoKey {
    const char *name;
    void (*apply)(Pisk *p, long value);
    bool live;      /* may change while a search runs */
} InfoKey;

static void set_turn(Pisk *p, long v)
{
    if (v < 0)
        return;
    p->info.turn_ms = v;
    if (v == 0 && p->thinking)
        p->stop = true; /* Piskvork's "stop thinking" */
}

static void set_match(Pisk *p, long v) { p->info.match_ms = v < 0 ? 0 : v; }
static void set_left(Pisk *p, long v) { p->info.left_ms = v < 0 ? 0 : v; }
static void set_increment(Pisk *p, long v) { p->info.inc_ms = v < 0 ? 0 : v; }
static void set_detail(Pisk *p, long v) { p->info.show_detail = (int)(v & 3); }

static void set_nodes(Pisk *p, long v) { p->engine->set.nodes = v > 0 ? (uint64_t)v : 0; }

/* Yixin-Board sends the board's cell count for "no limit". */
static void set_depth(Pisk *p, long v) { p->engine->set.depth = v > 0 && v < MAX_PLY - 2 ? (int)v : 0; }

static void resize_hash(Pisk *p, long mb)
{
    if (mb < 1)
        mb = 1;
    if ((size_t)mb != p->engine->set.hash_mb && !engine_set_hash(p->engine, (size_t)mb))
        pisk_line(p, "MESSAGE cannot allocate a %ld MB hash table; it stays %zu MB", mb,
                  p->engine->set.hash_mb);
}

/* max_memory: the hash shrinks to fit (0 = no limit: it stays). */
static void set_memory(Pisk *p, long v)
{
    p->info.max_memory_mb = v > 0 ? v >> 20 : 0;
    if (p->info.max_memory_mb && (long)p->engine->set.hash_mb > p->info.max_memory_mb - OVERHEAD_MB)
        resize_hash(p, p->info.max_memory_mb - OVERHEAD_MB);
}

/* hash_size in KiB, as Yixin-Board sends it, within max_memory. */
static void set_hash(Pisk *p, long v)
{
    long mb = v >> 10;
    if (p->info.max_memory_mb && mb > p->info.max_memory_mb - OVERHEAD_MB)
        mb = p->info.max_memory_mb - OVERHEAD_MB;
    resize_hash(p, mb);
}

/* The rule changes the game on the board at once; its stones are kept
 * when the new rule allows them (a host sends the position again anyway). */
static void set_rule(Pisk *p, long v)
{
    int game, variant;
    if (!gomocup_rule_game(v, &game, &variant)) {
        pisk_line(p, "MESSAGE rule %ld is not supported (0 freestyle, 1 exactly five, 2 or 4 renju)", v);
        return;
    }
    p->info.game = game;
    p->info.variant = variant;
    Engine *e = p->engine;
    if (!p->started || (e->game == game && e->variant == variant))
        return;
    EngineMove *moves = malloc(sizeof *moves * (size_t)(e->nhist + 1));
    if (!moves)
        abort();
    const int n = e->nhist;
    for (int i = 0; i < n; i++)
        moves[i] = (EngineMove){e->hist[i].color, e->hist[i].move};
    int bad;
    if (engine_new_game(e, game, variant, e->size) && !engine_set_moves(e, moves, n, &bad))
        p->own = -1;
    free(moves);
}

/* thread_num: the search's threads, at most ENGINE_MAX_THREADS (Yixin-Board
 * offers up to the machine's cores); below 1, the machine's cores. */
static void set_threads(Pisk *p, long v)
{
    if (v > ENGINE_MAX_THREADS) {
        pisk_line(p, "MESSAGE thread_num %ld: at most %d threads; using %d", v, ENGINE_MAX_THREADS,
                  ENGINE_MAX_THREADS);
        v = ENGINE_MAX_THREADS;
    }
    engine_set_threads(p->engine, v < 1 ? engine_cores() : (int)v);
}

static void ignore(Pisk *p, long v) { (void)p, (void)v; }

/* Every key the reference lists. Accepted without effect: game_type,
 * evaluate, folder (nothing is stored),
 * caution_factor, pondering (no pondering), usedatabase and the rest of
 * Yixin-Board's database and VCT-thread knobs. */
static const InfoKey KEYS[] = {
    {"timeout_turn",      set_turn,      true},
    {"timeout_match",     set_match,     true},
    {"time_left",         set_left,      true},
    {"time_increment",    set_increment, true},
    {"max_memory",        set_memory,    false},
    {"rule",              set_rule,      false},
    {"max_node",          set_nodes,     true},
    {"max_depth",         set_depth,     true},
    {"hash_size",         set_hash,      false},
    {"show_detail",       set_detail,    true},
    {"game_type",         ignore,        true},
    {"thread_num",        set_threads,   false},
    {"caution_factor",    ignore,        true},
    {"pondering",         ignore,        true},
    {"usedatabase",       ignore,        true},
    {"database_readonly", ignore,        true},
    {"vcthread",          ignore,        true},
    {"start_depth",       ignore,        true},
    {"nbestsym",          ignore,        true},
};

enum { NKEYS = sizeof KEYS / sizeof KEYS[0] };

/* The value as a number: an integer, clamped to a long; false otherwise. */
static bool parse_value(const char *s, long *out)
{
    errno = 0;
    char *end;
    long v = strtol(s, &end, 10);
    while (*end == ' ')
        end++;
    if (end == s || *end)
        return false;
    *out = v; /* ERANGE gives LONG_MIN/LONG_MAX, which every key clamps */
    return true;
}

void pisk_cmd_info(Pisk *p, char *args)
{
    char *value = strchr(args, ' ');
    if (value)
        *value++ = '\0';
    const InfoKey *k = NULL;
    for (int i = 0; i < NKEYS && !k; i++)
        if (strcasecmp(KEYS[i].name, args) == 0)
            k = &KEYS[i];
    if (value)
        value[-1] = ' ';
    if (!k)
        return; /* unknown keys (evaluate, folder...) are ignored */
    if (p->live && !k->live) {
        p->deferred = true;
        return;
    }
    long v;
    if (value && parse_value(value + strspn(value, " "), &v))
        k->apply(p, v);
}
