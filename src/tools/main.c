/*
 * main.c - command line: options, then the GTP, Piskvork or NBoard loop on
 * stdin/stdout, or the bench signature (`flipfive bench [depth]`).
 *
 * Compiled twice: build/flipfive speaks GTP unless told otherwise, and
 * build/pbrain-flipfive (FLIPFIVE_PISKVORK_MAIN) speaks Piskvork, as
 * Gomocup managers expect of a program named pbrain-*.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "bench.h"
#include "games.h"
#include "gtp.h"
#include "gtp_commands.h"
#include "settings.h"
#include "tables.h"
#include "nboard_commands.h"
#include "pisk_commands.h"
#include "version.h"

typedef enum { PROTOCOL_GTP, PROTOCOL_PISKVORK, PROTOCOL_NBOARD } Protocol;

#ifdef FLIPFIVE_PISKVORK_MAIN
static const Protocol DEFAULT_PROTOCOL = PROTOCOL_PISKVORK;
static const char PROGRAM[] = "pbrain-flipfive";
#else
static const Protocol DEFAULT_PROTOCOL = PROTOCOL_GTP;
static const char PROGRAM[] = "flipfive";
#endif

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: %s [options]         play %s on stdin/stdout\n"
            "       %s bench [DEPTH]     print the bench signature\n"
            "\n"
            "  --protocol P     gtp, piskvork (Gomocup, with Yixin-Board's extensions) or\n"
            "                   nboard (the NBoard Othello GUI; -nboard is the same)\n"
            "Options (each is also a flipfive-set setting):\n"
            "  --game NAME      Othello (default); see list_games\n"
            "  --size N         board size to start with (default: the game's)\n"
            "  --level N        1 (instant) .. 10 (uses all the time given; default)\n"
            "  --time SECS      seconds per move without a clock (default 1)\n"
            "  --depth N        fixed search depth (0 = by level and time)\n"
            "  --nodes N        node limit per move (0 = none)\n"
            "  --hash MB        transposition table size (default 64), shared by the threads\n"
            "  --threads N      search threads (default: the machine's cores; 1 is reproducible)\n"
            "  --coords STYLE   auto | othello (A1 top-left, I used) | go (A1 bottom-left, no I)\n"
            "  --rule RULE      Gomoku: freestyle (five or more wins; default) | standard\n"
            "  --book on|off    8x8 Othello opening book for genmove (default on)\n"
            "  --verbose        search progress on stderr, one UCI-style info line an iteration\n"
            "  --gfx on|off     GTP: GoGui live graphics (gogui-gfx: on stderr) while genmove thinks\n"
            "  --help           this text\n"
            "  --version        print the version\n",
            PROGRAM, DEFAULT_PROTOCOL == PROTOCOL_GTP ? "GTP (or --protocol)" : "Piskvork", PROGRAM);
}

/* Option name -> flipfive-set setting name, and what it accepts. */
static const struct {
    const char *option, *setting, *allowed;
} OPTIONS[] = {
    {"--level", "level", "an integer from 1 to 10"},
    {"--time", "movetime", "seconds from 0 to 1000000 (0: no limit)"},
    {"--depth", "depth", "an integer from 0 to 126 (0: by level and time)"},
    {"--nodes", "nodes", "an integer from 0 (no limit) to 4000000000000000000"},
    {"--hash", "hash", "megabytes from 1 to 65536, at most half the physical memory"},
    {"--threads", "threads", "an integer from 1 to 64"},
    {"--coords", "coords", "auto, othello or go"},
    {"--rule", "rule", "freestyle or standard"},
    {"--book", "book", "on or off"},
    {"--gfx", "gfx", "on or off"},
};

/* A refused option value: what was given and what is allowed. */
static int bad_value(const char *option, const char *value, const char *allowed)
{
    if (value)
        fprintf(stderr, "flipfive: %s '%s': expected %s\n", option, value, allowed);
    else
        fprintf(stderr, "flipfive: %s needs a value: %s\n", option, allowed);
    return 2;
}

/* "Othello, Gomoku or Renju (any case)", from the registry. */
static void games_text(Buf *b)
{
    for (int i = 0; i < game_count(); i++)
        buf_printf(b, "%s%s", i == 0 ? "" : i + 1 < game_count() ? ", " : " or ", game_name(i));
    buf_printf(b, " (any case)");
}

/* The board size is set once every option is read, so that --size and
 * --game may come in any order (GoGui takes the board size from its ruler,
 * which starts with the program's command line). */
static int apply_size(Engine *e, const char *value)
{
    char *end;
    long n = strtol(value, &end, 10);
    if (!*end && n >= 1 && n <= MAX_BOARD && engine_boardsize(e, (int)n))
        return -1;
    const char *game = game_name(e->game);
    int lo = 0, hi = 0, count = 0;
    for (int s = 1; s <= MAX_BOARD; s++)
        if (game_find(game, s)) {
            lo = lo ? lo : s;
            hi = s;
            count++;
        }
    if (lo == hi)
        fprintf(stderr, "flipfive: bad value for --size (%s: %d)\n", game, lo);
    else
        fprintf(stderr, "flipfive: bad value for --size (%s: %s%d to %d)\n", game,
                count == (hi - lo) / 2 + 1 ? "even, " : "", lo, hi);
    return 2;
}

static int parse_options(int argc, char **argv, Engine *e, Protocol *protocol)
{
    const char *size = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            printf("flipfive %s\n", FLIPFIVE_VERSION);
            return 0;
        }
        if (strcmp(a, "--protocol") == 0 && i + 1 < argc) {
            const char *v = argv[++i];
            if (strcmp(v, "gtp") == 0)
                *protocol = PROTOCOL_GTP;
            else if (strcmp(v, "piskvork") == 0 || strcmp(v, "gomocup") == 0)
                *protocol = PROTOCOL_PISKVORK;
            else if (strcmp(v, "nboard") == 0)
                *protocol = PROTOCOL_NBOARD;
            else {
                fprintf(stderr, "%s: unknown protocol '%s' (gtp, piskvork or nboard)\n", PROGRAM, v);
                return 2;
            }
            continue;
        }
        /* Edax's switch, which NBoard users type for an engine. */
        if (strcmp(a, "-nboard") == 0 || strcmp(a, "--nboard") == 0) {
            *protocol = PROTOCOL_NBOARD;
            continue;
        }
        if (strcmp(a, "--verbose") == 0) {
            settings_set(e, "verbose", "1");
            continue;
        }
        if (strcmp(a, "--game") == 0) {
            const char *v = i + 1 < argc ? argv[++i] : NULL;
            if (!v || !engine_set_game(e, v)) {
                Buf games = {0};
                games_text(&games);
                bad_value(a, v, buf_str(&games));
                buf_free(&games);
                return 2;
            }
            continue;
        }
        if (strcmp(a, "--size") == 0 && i + 1 < argc) {
            size = argv[++i];
            continue;
        }
        bool known = false;
        for (size_t k = 0; k < sizeof OPTIONS / sizeof OPTIONS[0]; k++) {
            if (strcmp(a, OPTIONS[k].option) != 0)
                continue;
            known = true;
            const char *v = i + 1 < argc ? argv[i + 1] : NULL;
            if (!v || settings_set(e, OPTIONS[k].setting, v) != SETTING_OK)
                return bad_value(a, v, OPTIONS[k].allowed);
            i++;
        }
        if (!known) {
            fprintf(stderr, "flipfive: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    return size ? apply_size(e, size) : -1;
}

static int run_gtp(Engine *e)
{
    if (isatty(STDIN_FILENO))
        fprintf(stderr, "flipfive %s: GTP on stdin (try 'showboard', 'genmove black', "
                "'list_commands', 'quit')\n", FLIPFIVE_VERSION);
    Gtp g;
    gtp_init_fd(&g, gtp_commands, e, STDIN_FILENO, stdout);
    gtp_loop(&g);
    gtp_free(&g);
    return 0;
}

/* Nothing on stdout before the host asks: c-gomoku-cli takes the first
 * line for the answer to ABOUT. */
static int run_piskvork(Engine *e)
{
    if (isatty(STDIN_FILENO))
        fprintf(stderr, "%s %s: Piskvork on stdin (try 'START 15', 'BEGIN', 'TURN 7,8', "
                "'END')\n", PROGRAM, FLIPFIVE_VERSION);
    Pisk p;
    pisk_init_fd(&p, pisk_commands, e, STDIN_FILENO, stdout);
    pisk_loop(&p);
    pisk_free(&p);
    return 0;
}

/* NBoard sends "nboard 2" first and expects nothing before it asks. */
static int run_nboard(Engine *e)
{
    if (isatty(STDIN_FILENO))
        fprintf(stderr, "%s %s: NBoard on stdin (try 'nboard 2', 'set depth 8', 'ping 1', 'go', "
                "'hint 4', 'quit')\n", PROGRAM, FLIPFIVE_VERSION);
    Nboard nb;
    nboard_init_fd(&nb, nboard_commands, e, STDIN_FILENO, stdout);
    nboard_loop(&nb);
    nboard_free(&nb);
    return 0;
}

int main(int argc, char **argv)
{
    const bool bench = argc >= 2 && strcmp(argv[1], "bench") == 0;
    if (bench) {
        /* the signature is of the compiled-in weights */
        unsetenv("FLIPFIVE_WEIGHTS");
        unsetenv("FLIPFIVE_GOMOKU_WEIGHTS");
    }
    tables_init();
    if (bench) {
        int depth = argc >= 3 ? atoi(argv[2]) : 0;
        bench_run(depth > 0 ? depth : 0, stdout);
        return 0;
    }
    /* A host that goes away must not kill us mid-reply: writes fail instead. */
    signal(SIGPIPE, SIG_IGN);
    EngineSettings set;
    engine_default_settings(&set);
    Engine *e = engine_create(&set);
    if (!e) {
        fputs("flipfive: cannot allocate the engine\n", stderr);
        return 1;
    }
    analysis_attach(e);
    Protocol protocol = DEFAULT_PROTOCOL;
    int rc = parse_options(argc, argv, e, &protocol);
    if (rc < 0 && protocol == PROTOCOL_PISKVORK)
        rc = run_piskvork(e);
    else if (rc < 0 && protocol == PROTOCOL_NBOARD)
        rc = run_nboard(e);
    else if (rc < 0)
        rc = run_gtp(e);
    engine_destroy(e);
    return rc;
}
