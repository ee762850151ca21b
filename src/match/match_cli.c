/*
 * match_cli.c - options of the match referee and shell-like word splitting
 * of engine commands.
 */
#include "match_cli.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "engine.h"
#include "gtp_commands.h"

void match_cli_usage(FILE *f)
{
    fputs("Usage: scripts/match [options] -- \"ENGINE_A\" \"ENGINE_B\"\n"
          "       scripts/match-merge [--json] SHARD.json...\n"
          "Plays games between two engines, judging every move with flipfive's own\n"
          "rules. Each opening is played twice, colours swapped; A is Black first.\n"
          "An engine is [PROTO[,dir=DIR|,copy=DIR]:]COMMAND: PROTO gtp (default),\n"
          "pisk (Piskvork/Gomocup, five in a row) or nboard (8x8 Othello); dir=DIR\n"
          "runs it in DIR, copy=DIR in a fresh copy of DIR (NTest writes its book).\n"
          "\n"
          "  --game NAME        othello (default), gomoku or renju\n"
          "  --size N           board size (default: the game's usual size)\n"
          "  --rule RULE        Gomoku rule: freestyle or standard; sent to engines\n"
          "                     that know flipfive-set as `flipfive-set rule RULE`\n"
          "  --games N          length of the game list (default: 2 per opening of\n"
          "                     --openings, else 2)\n"
          "  --openings FILE    one opening per line: f5d6c3, F5 D6 C3, or Gomocup\n"
          "                     offsets dx,dy, dx,dy, ... from the centre; an optional\n"
          "                     'label |' prefix and '#' comments are ignored\n"
          "  --plies N          length of generated random openings (default 4 for\n"
          "                     Othello, 3 for five-in-a-row; 0 = start position)\n"
          "  --seed S           seed of the generated openings (default 1)\n"
          "  --tc SPEC          clock per side: 60 (whole game), 0+1/1 (1 s a move),\n"
          "                     300+30/10 (Canadian), none (default)\n"
          "  --margin SECS      a move may overrun its clock by this much (default 0.5)\n"
          "  --timeout SECS     longest wait for a reply when no clock runs (default 60)\n"
          "  --max-moves N      stop a game as a draw after N moves (default: never)\n"
          "  -j, --jobs N       games played at the same time (default 1)\n"
          "  --shard I/N        play only every N-th game of the list, from the I-th\n"
          "  --sgf-dir DIR      save every game as DIR/game-NNNNN.sgf\n"
          "  --log-dir DIR      save every game's protocol traffic and engine stderr\n"
          "  --implicit-pass E  never send 'play c pass' to engine A, B or AB (GRhino,\n"
          "                     Quarry style: the engine infers the pass)\n"
          "  --coords STYLE     vertex convention: othello or go (default: the game's)\n"
          "  --json             print the result as one JSON object on stdout\n"
          "  --quiet            no progress line\n"
          "  --merge FILE...    combine --json results of shards (scripts/match-merge)\n"
          "  -h, --help         this text\n",
          f);
}

/* ------------------------------------------------------------ word split */

static bool split_quoted(const char **sp, Buf *w, char quote)
{
    const char *s = *sp + 1;
    while (*s && *s != quote) {
        if (quote == '"' && *s == '\\' && s[1] && strchr("\"\\$`\n", s[1]))
            s++;
        buf_append(w, s, 1);
        s++;
    }
    *sp = s;
    return *s == quote;
}

static bool add_word(char ***words, int *n, const Buf *w)
{
    char **nw = realloc(*words, sizeof *nw * (size_t)(*n + 2));
    if (!nw)
        return false;
    *words = nw;
    nw[*n] = strdup(buf_str(w));
    nw[++*n] = NULL;
    return nw[*n - 1] != NULL;
}

char **match_cli_split(const char *s)
{
    char **words = NULL;
    int n = 0;
    Buf w = {0};
    bool in_word = false, ok = true;
    for (; ok && *s; s++) {
        if (*s == ' ' || *s == '\t' || *s == '\n') {
            if (in_word)
                ok = add_word(&words, &n, &w);
            buf_clear(&w);
            in_word = false;
            continue;
        }
        in_word = true;
        if (*s == '\'' || *s == '"') {
            ok = split_quoted(&s, &w, *s);
            if (ok)
                buf_append(&w, "", 0); /* '' is an empty word, not none */
        } else if (*s == '\\' && s[1]) {
            s++;
            if (*s != '\n')
                buf_append(&w, s, 1);
        } else {
            buf_append(&w, s, 1);
        }
    }
    if (ok && in_word)
        ok = add_word(&words, &n, &w);
    buf_free(&w);
    if (!ok || n == 0) {
        match_cli_free_words(words);
        return NULL;
    }
    return words;
}

void match_cli_free_words(char **words)
{
    if (!words)
        return;
    for (char **p = words; *p; p++)
        free(*p);
    free(words);
}

/* ----------------------------------------------------------------- values */

static bool parse_long(const char *s, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < min || v > max)
        return false;
    *out = v;
    return true;
}

static bool parse_secs(const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !isfinite(v) || v < 0 || v > 1e7)
        return false;
    *out = v;
    return true;
}

static bool parse_shard(const char *s, MatchConfig *cfg)
{
    long i, n;
    const char *slash = strchr(s, '/');
    char head[32];
    if (!slash || (size_t)(slash - s) >= sizeof head)
        return false;
    memcpy(head, s, (size_t)(slash - s));
    head[slash - s] = '\0';
    if (!parse_long(slash + 1, 1, 1000000, &n) || !parse_long(head, 1, n, &i))
        return false;
    cfg->shard = (int)i;
    cfg->shards = (int)n;
    return true;
}

static bool parse_implicit(const char *s, MatchConfig *cfg)
{
    if (strcasecmp(s, "both") == 0)
        s = "AB";
    if (!*s || strspn(s, "ABab") != strlen(s))
        return false;
    for (; *s; s++)
        cfg->implicit_pass[(*s == 'B' || *s == 'b') ? MATCH_B : MATCH_A] = true;
    return true;
}

/* The rules variant flipfive itself would play after `flipfive-set rule`
 * and `set_game`: asking the engine module keeps the referee and the
 * engine in agreement about what a rule name means. */
static bool resolve_variant(MatchConfig *cfg)
{
    cfg->variant = game_variant(cfg->game);
    if (!cfg->rule)
        return true;
    EngineSettings set;
    engine_default_settings(&set);
    set.hash_mb = 1;
    Engine *e = engine_create(&set);
    bool ok = e && gtp_apply_setting(e, "rule", cfg->rule) && engine_set_game(e, cfg->game);
    if (ok)
        cfg->variant = e->variant;
    engine_destroy(e);
    return ok;
}

static int bad(const char *fmt, const char *arg)
{
    fputs("flipfive-match: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (see --help)\n", stderr);
    return 2;
}

/* Options that take a value; false when name is not one of them. */
static bool value_option(const char *name, const char *v, MatchConfig *cfg, bool *ok,
                         const char **game, long *size)
{
    long n;
    *ok = true;
    if (strcmp(name, "--game") == 0)
        *game = v;
    else if (strcmp(name, "--size") == 0)
        *ok = parse_long(v, 1, MAX_BOARD, size);
    else if (strcmp(name, "--rule") == 0)
        cfg->rule = v;
    else if (strcmp(name, "--games") == 0)
        *ok = parse_long(v, 1, 10000000, &n) && (cfg->games = (int)n, true);
    else if (strcmp(name, "--openings") == 0)
        cfg->openings = v;
    else if (strcmp(name, "--plies") == 0)
        *ok = parse_long(v, 0, MAX_CELLS, &n) && (cfg->plies = (int)n, true);
    else if (strcmp(name, "--seed") == 0)
        *ok = (cfg->seed = strtoull(v, NULL, 10), v[0] >= '0' && v[0] <= '9');
    else if (strcmp(name, "--tc") == 0)
        *ok = match_clock_parse_tc(v, &cfg->tc);
    else if (strcmp(name, "--margin") == 0)
        *ok = parse_secs(v, &cfg->margin);
    else if (strcmp(name, "--timeout") == 0)
        *ok = parse_secs(v, &cfg->timeout) && cfg->timeout > 0;
    else if (strcmp(name, "--max-moves") == 0)
        *ok = parse_long(v, 1, MAX_GAME_PLY, &n) && (cfg->max_moves = (int)n, true);
    else if (strcmp(name, "-j") == 0 || strcmp(name, "--jobs") == 0)
        *ok = parse_long(v, 1, 256, &n) && (cfg->jobs = (int)n, true);
    else if (strcmp(name, "--shard") == 0)
        *ok = parse_shard(v, cfg);
    else if (strcmp(name, "--sgf-dir") == 0)
        cfg->sgf_dir = v;
    else if (strcmp(name, "--log-dir") == 0)
        cfg->log_dir = v;
    else if (strcmp(name, "--implicit-pass") == 0)
        *ok = parse_implicit(v, cfg);
    else if (strcmp(name, "--coords") == 0)
        *ok = (cfg->coords = strcasecmp(v, "othello") == 0 ? COORDS_OTHELLO
                             : strcasecmp(v, "go") == 0  ? COORDS_GO
                                                         : COORDS_AUTO) != COORDS_AUTO;
    else
        return false;
    return true;
}

static int finish_game(MatchConfig *cfg, const char *game, long size)
{
    int gi = game_index(game);
    if (gi < 0)
        return bad("unknown game '%s'", game);
    cfg->game = game_name(gi);
    cfg->size = size ? (int)size : game_default_size(gi);
    cfg->ops = game_find(cfg->game, cfg->size);
    if (!cfg->ops) {
        char s[16];
        snprintf(s, sizeof s, "%d", cfg->size);
        return bad("size %s is not playable in this game", s);
    }
    if (cfg->coords == COORDS_AUTO)
        cfg->coords = cfg->ops->coords;
    if (!resolve_variant(cfg))
        return bad("rule '%s' is not known for this game", cfg->rule);
    if (cfg->plies < 0)
        cfg->plies = cfg->ops->free_order ? 3 : 4;
    return -1;
}

static int engine_commands(MatchConfig *cfg, int n, char **cmds)
{
    if (n != 2)
        return bad("%s", "expected two engine commands after --");
    for (int i = 0; i < 2; i++) {
        char err[256];
        cfg->command[i] = cmds[i];
        if (!match_driver_parse(cmds[i], &cfg->engine[i], err, sizeof err))
            return bad("%s", err);
        if (!cfg->engine[i].drv->plays(cfg->ops, cfg->size)) {
            snprintf(err, sizeof err, "a %s engine cannot play %s %dx%d", cfg->engine[i].drv->name, cfg->game,
                     cfg->size, cfg->size);
            return bad("%s", err);
        }
    }
    return -1;
}

/* After --merge: result files, with --json and --quiet still allowed. */
static int merge_files(MatchConfig *cfg, int n, char **args)
{
    cfg->merge_files = calloc((size_t)n + 1, sizeof *cfg->merge_files);
    if (!cfg->merge_files)
        return bad("%s", "out of memory");
    for (int k = 0; k < n; k++) {
        if (strcmp(args[k], "--json") == 0)
            cfg->json = true;
        else if (strcmp(args[k], "--quiet") == 0)
            cfg->quiet = true;
        else
            cfg->merge_files[cfg->nmerge++] = args[k];
    }
    return cfg->nmerge > 0 ? -1 : bad("%s", "--merge needs result files");
}

int match_cli_parse(int argc, char **argv, MatchConfig *cfg)
{
    *cfg = (MatchConfig){.coords = COORDS_AUTO, .plies = -1, .seed = 1, .margin = 0.5,
                         .timeout = 60, .jobs = 1, .shard = 1, .shards = 1};
    const char *game = "Othello";
    long size = 0;
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        bool ok;
        if (strcmp(a, "--") == 0 || a[0] != '-') {
            i += strcmp(a, "--") == 0;
            break;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            match_cli_usage(stdout);
            return 0;
        }
        if (strcmp(a, "--json") == 0) {
            cfg->json = true;
        } else if (strcmp(a, "--quiet") == 0) {
            cfg->quiet = true;
        } else if (strcmp(a, "--merge") == 0) {
            return merge_files(cfg, argc - i - 1, argv + i + 1);
        } else if (i + 1 >= argc) {
            return bad("option %s needs a value", a);
        } else if (!value_option(a, argv[i + 1], cfg, &ok, &game, &size)) {
            return bad("unknown option '%s'", a);
        } else if (!ok) {
            return bad("bad value for %s", a);
        } else {
            i++;
        }
    }
    int rc = finish_game(cfg, game, size);
    return rc >= 0 ? rc : engine_commands(cfg, argc - i, argv + i);
}

void match_cli_free(MatchConfig *cfg)
{
    for (int i = 0; i < 2; i++)
        match_driver_free_spec(&cfg->engine[i]);
    free(cfg->merge_files);
    cfg->merge_files = NULL;
}
