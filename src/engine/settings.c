/*
 * settings.c - the engine's settings by name: one table serves
 * flipfive-set/-get and the command-line options of build/flipfive.
 */
#include "settings.h"

#include <string.h>
#include <strings.h>

#include "games.h"
#include "util.h"

typedef struct Setting {
    const char *name;
    bool (*set)(Engine *e, const char *value);
    void (*get)(const Engine *e, Buf *out);
    const char *type;   /* its values for settings_params */
    int games;          /* SETTING_FOR_* it matters in; 0: never offered
                         * (coords: GoGui's moves depend on it) */
} Setting;

enum { SETTING_FOR_OTHELLO = 1, SETTING_FOR_GOMOKU = 2, SETTING_FOR_RENJU = 4, SETTING_FOR_ALL = 7 };

static bool set_level(Engine *e, const char *v)
{
    long n;
    if (!parse_long(v, LEVEL_MIN, LEVEL_MAX, &n))
        return false;
    e->set.level = (int)n;
    return true;
}

static void get_level(const Engine *e, Buf *out) { buf_printf(out, "%d", e->set.level); }

static bool set_depth(Engine *e, const char *v)
{
    long n;
    if (!parse_long(v, 0, MAX_PLY - 2, &n))
        return false;
    e->set.depth = (int)n;
    return true;
}

static void get_depth(const Engine *e, Buf *out) { buf_printf(out, "%d", e->set.depth); }

static bool set_nodes(Engine *e, const char *v)
{
    long n;
    if (!parse_long(v, 0, 4000000000000000000L, &n))
        return false;
    e->set.nodes = (uint64_t)n;
    return true;
}

static void get_nodes(const Engine *e, Buf *out) { buf_printf(out, "%llu", (unsigned long long)e->set.nodes); }

static bool set_movetime(Engine *e, const char *v)
{
    double t;
    if (!parse_double(v, &t) || t < 0 || t > 1e6)
        return false;
    e->set.movetime = t;
    return true;
}

static void get_movetime(const Engine *e, Buf *out) { buf_printf(out, "%g", e->set.movetime); }

static bool set_hash(Engine *e, const char *v)
{
    long mb;
    return parse_long(v, 1, 65536, &mb) && engine_set_hash(e, (size_t)mb);
}

static void get_hash(const Engine *e, Buf *out) { buf_printf(out, "%zu", e->set.hash_mb); }

static bool set_threads(Engine *e, const char *v)
{
    long n;
    return parse_long(v, 1, ENGINE_MAX_THREADS, &n) && engine_set_threads(e, (int)n);
}

static void get_threads(const Engine *e, Buf *out) { buf_printf(out, "%d", e->set.threads); }

static bool set_coords(Engine *e, const char *v)
{
    if (strcasecmp(v, "auto") == 0)
        e->set.coords = COORDS_AUTO;
    else if (strcasecmp(v, "othello") == 0)
        e->set.coords = COORDS_OTHELLO;
    else if (strcasecmp(v, "go") == 0 || strcasecmp(v, "gtp") == 0)
        e->set.coords = COORDS_GO;
    else
        return false;
    return true;
}

static void get_coords(const Engine *e, Buf *out)
{
    static const char *const NAMES[] = {"auto", "othello", "go"};
    buf_printf(out, "%s", NAMES[e->set.coords + 1]);
}

static bool set_verbose(Engine *e, const char *v)
{
    if (strcmp(v, "1") == 0 || strcasecmp(v, "true") == 0 || strcasecmp(v, "on") == 0)
        e->set.verbose = true;
    else if (strcmp(v, "0") == 0 || strcasecmp(v, "false") == 0 || strcasecmp(v, "off") == 0)
        e->set.verbose = false;
    else
        return false;
    return true;
}

static void get_verbose(const Engine *e, Buf *out) { buf_printf(out, "%d", e->set.verbose); }

static bool set_gfx(Engine *e, const char *v)
{
    const bool verbose = e->set.verbose;
    if (!set_verbose(e, v))
        return false;
    e->set.gfx = e->set.verbose;
    e->set.verbose = verbose;
    return true;
}

static void get_gfx(const Engine *e, Buf *out) { buf_printf(out, "%d", e->set.gfx); }

static bool set_book(Engine *e, const char *v)
{
    if (strcasecmp(v, "on") == 0 || strcmp(v, "1") == 0)
        e->set.book = true;
    else if (strcasecmp(v, "off") == 0 || strcmp(v, "0") == 0)
        e->set.book = false;
    else
        return false;
    return true;
}

static void get_book(const Engine *e, Buf *out) { buf_printf(out, "%s", e->set.book ? "on" : "off"); }

/* Gomoku's rule: freestyle (five or more wins) or standard (exactly five).
 * Changing it restarts a Gomoku game in progress; other games keep theirs. */
static bool set_rule(Engine *e, const char *v)
{
    const int rule = game_rule(v);
    if (rule < 0)
        return false;
    if (strcasecmp(game_name(e->game), "Gomoku") == 0 && e->variant != rule &&
        !engine_set_variant(e, rule))
        return false;
    e->set.rule = rule;
    return true;
}

static void get_rule(const Engine *e, Buf *out) { buf_printf(out, "%s", game_rule_name(e->set.rule)); }

static const Setting SETTINGS[] = {
    {"level", set_level, get_level, "[list/1/2/3/4/5/6/7/8/9/10]", SETTING_FOR_ALL},
    {"depth", set_depth, get_depth, "[string]", SETTING_FOR_ALL},
    {"nodes", set_nodes, get_nodes, "[string]", SETTING_FOR_ALL},
    {"movetime", set_movetime, get_movetime, "[string]", SETTING_FOR_ALL},
    {"hash", set_hash, get_hash, "[string]", SETTING_FOR_ALL},
    {"threads", set_threads, get_threads, "[string]", SETTING_FOR_ALL},
    {"coords", set_coords, get_coords, NULL, 0},
    {"verbose", set_verbose, get_verbose, "[bool]", SETTING_FOR_ALL},
    {"book", set_book, get_book, "[list/on/off]", SETTING_FOR_OTHELLO},
    {"rule", set_rule, get_rule, "[list/freestyle/standard]", SETTING_FOR_GOMOKU},
    {"gfx", set_gfx, get_gfx, "[bool]", SETTING_FOR_ALL},
};

enum { NSETTINGS = sizeof SETTINGS / sizeof SETTINGS[0] };

static const Setting *find_setting(const char *name)
{
    for (int i = 0; i < NSETTINGS; i++)
        if (strcasecmp(SETTINGS[i].name, name) == 0)
            return &SETTINGS[i];
    return NULL;
}

SettingStatus settings_set(Engine *e, const char *name, const char *value)
{
    const Setting *s = find_setting(name);
    if (!s)
        return SETTING_UNKNOWN;
    return s->set(e, value) ? SETTING_OK : SETTING_BAD_VALUE;
}

bool settings_get(const Engine *e, const char *name, Buf *out)
{
    const Setting *s = find_setting(name);
    if (s)
        s->get(e, out);
    return s != NULL;
}

void settings_list(const Engine *e, Buf *out)
{
    for (int i = 0; i < NSETTINGS; i++) {
        buf_printf(out, "%s%s ", i ? "\n" : "", SETTINGS[i].name);
        SETTINGS[i].get(e, out);
    }
}

void settings_params(const Engine *e, Buf *out)
{
    const char *name = game_name(e->game);
    const int game = strcasecmp(name, "Othello") == 0  ? SETTING_FOR_OTHELLO
                     : strcasecmp(name, "Renju") == 0 ? SETTING_FOR_RENJU
                                                      : SETTING_FOR_GOMOKU;
    for (int i = 0; i < NSETTINGS; i++) {
        if (!(SETTINGS[i].games & game))
            continue;
        buf_printf(out, "%s%s %s ", out->len ? "\n" : "", SETTINGS[i].type, SETTINGS[i].name);
        SETTINGS[i].get(e, out);
    }
}
