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
#include "game.h"
#include "games.h"

void match_cli_usage(FILE *f)
{
    fputs("Usage: scripts/match [options] -- \"ENGINE_A CMD\" \"ENGINE_B CMD\"\n"
          "       scripts/match-merge [--json] SHARD.json...\n"
          "Plays games between two GTP engines, judging every move with flipfive's\n"
          "own rules. Each opening is played twice, colours swapped; A is Black first.\n"
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
          "  --tc-a SPEC, --tc-b SPEC\n"
          "                     engine A's or B's own clock instead of --tc's (e.g.\n"
          "                     --tc 0+2/5 --tc-b none: only A is timed)\n"
          "  --margin SECS      a move may overrun its clock by this much (default 0.5)\n"
          "  --timeout SECS     longest wait for a reply when no clock runs (default 60)\n"
          "  --max-moves N      stop a game as a draw after N moves (default: never)\n"
          "  -j, --jobs N       games played at the same time (default 1)\n"
          "  --shard I/N        play only every N-th game of the list, from the I-th\n"
          "  --sgf-dir DIR      save every game as DIR/game-NNNNN.sgf\n"
          "  --log-dir DIR      save every game's GTP traffic and engine stderr as\n"
          "                     DIR/game-NNNNN.log (with --restart off an engine's\n"
          "                     stderr goes to DIR/engine-E-game-NNNNN.stderr, NNNNN\n"
          "                     the game it was started for)\n"
          "  --implicit-pass E  never send 'play c pass' to engine A, B or AB (GRhino,\n"
          "                     Quarry style: the engine infers the pass); an engine\n"
          "                     that answers '?' to 'play c pass' is switched to\n"
          "                     implied passes by itself (said on stderr)\n"
          "  --restart on|off   on (default): a fresh engine process for every game;\n"
          "                     off: each engine keeps its process across games (one\n"
          "                     per job), gets time_settings once before its first\n"
          "                     clear_board, then boardsize and clear_board per game,\n"
          "                     as gogui-twogtp and GoGui do; a crashed or killed\n"
          "                     engine is started again for the next game\n"
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
 * and `set_game`: the registry answers both, so the referee and the engine
 * agree about what a rule name means. */
static bool resolve_variant(MatchConfig *cfg)
{
    cfg->variant = game_variant(cfg->game);
    if (!cfg->rule)
        return true;
    const int rule = game_rule(cfg->rule), game = game_index(cfg->game);
    if (rule < 0 || game < 0)
        return false;
    cfg->variant = game_play_variant(game, rule);
    return true;
}

static int bad(const char *fmt, const char *arg)
{
    fputs("flipfive-match: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (see --help)\n", stderr);
    return 2;
}

/* What each option with a value accepts, for the error message. */
static const struct {
    const char *option, *allowed;
} ALLOWED[] = {
    {"--game", "othello, gomoku or renju"},
    {"--size", "a board size of the game"},
    {"--rule", "freestyle or standard"},
    {"--games", "an integer from 1 to 10000000"},
    {"--plies", "an integer from 0 up"},
    {"--seed", "an integer from 0 up"},
    {"--tc", "60, 0+1/1, 300+30/10, 300+30 or none"},
    {"--tc-a", "60, 0+1/1, 300+30/10, 300+30 or none"},
    {"--tc-b", "60, 0+1/1, 300+30/10, 300+30 or none"},
    {"--margin", "seconds from 0 to 10000000"},
    {"--timeout", "seconds above 0, to 10000000"},
    {"--max-moves", "a number of moves from 1 up"},
    {"-j", "an integer from 1 to 256"},
    {"--jobs", "an integer from 1 to 256"},
    {"--shard", "I/N with 1 <= I <= N"},
    {"--implicit-pass", "A, B or AB"},
    {"--restart", "on or off"},
    {"--coords", "othello or go"},
};

static int bad_value(const char *option, const char *value)
{
    const char *allowed = "see --help";
    for (size_t k = 0; k < sizeof ALLOWED / sizeof ALLOWED[0]; k++)
        if (strcmp(ALLOWED[k].option, option) == 0)
            allowed = ALLOWED[k].allowed;
    fprintf(stderr, "flipfive-match: %s '%s': expected %s\n", option, value, allowed);
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
    else if (strcmp(name, "--tc-a") == 0 || strcmp(name, "--tc-b") == 0)
        *ok = match_clock_parse_tc(v, &cfg->tc_engine[name[5] - 'a']) && (cfg->tc_own[name[5] - 'a'] = true);
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
    else if (strcmp(name, "--restart") == 0)
        *ok = (strcmp(v, "on") == 0 || strcmp(v, "off") == 0) && (cfg->restart = strcmp(v, "on") == 0, true);
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
        return bad_value("--game", game);
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
    for (int e = 0; e < 2; e++)
        if (!cfg->tc_own[e])
            cfg->tc_engine[e] = cfg->tc;
    return -1;
}

static int engine_commands(MatchConfig *cfg, int n, char **cmds)
{
    if (n != 2)
        return bad("%s", "expected two engine commands after --");
    for (int i = 0; i < 2; i++) {
        cfg->command[i] = cmds[i];
        cfg->argv[i] = match_cli_split(cmds[i]);
        if (!cfg->argv[i])
            return bad("cannot split engine command '%s'", cmds[i]);
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
                         .timeout = 60, .jobs = 1, .shard = 1, .shards = 1, .restart = true};
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
            return bad_value(a, argv[i + 1]);
        } else {
            i++;
        }
    }
    int rc = finish_game(cfg, game, size);
    return rc >= 0 ? rc : engine_commands(cfg, argc - i, argv + i);
}

void match_cli_free(MatchConfig *cfg)
{
    for (int i = 0; i < 2; i++) {
        match_cli_free_words(cfg->argv[i]);
        cfg->argv[i] = NULL;
    }
    free(cfg->merge_files);
    cfg->merge_files = NULL;
}
