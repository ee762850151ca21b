/*
 * fuzz_gtp.c - libFuzzer harness for the GTP front end: every input is a
 * byte stream a host might send, run through gtp_init_mem + gtp_loop (the
 * loop main() uses) on one engine that is reset before each input.
 *
 * Work per input is bounded by the engine's embedder limits (harness.h).
 * Files: the loop runs in a
 * private directory holding a few SGF records; the sandbox flag limits
 * loadsgf to plain names there and refuses printsgf FILE.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games.h"
#include "gtp_commands.h"
#include "harness.h"
#include "record.h"

static Harness fz;

static const struct {
    const char *name, *text;
} FILES[] = {
    {"o.sgf", "(;GM[2]SZ[8];B[fe];W[fd];B[cc])"},
    {"g.sgf", "(;GM[4]SZ[15];B[hh];W[hi];B[ih])"},
    {"r.sgf", "(;GM[4]SZ[15]RU[Renju];B[hh];W[ii])"},
    {"s.sgf", "(;GM[2]SZ[6]AB[cc][dd]AW[cd][dc]PL[W];W[bc])"},
    {"x.sgf", "(;GM[1]SZ[19];B[dd])"},
    {"e.sgf", ""},
};

static void write_files(void)
{
    char dir[] = "/tmp/flipfive-fuzz-XXXXXX";
    if (!mkdtemp(dir) || chdir(dir) != 0) {
        perror("fuzz_gtp: private directory");
        exit(1);
    }
    for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; i++) {
        FILE *f = fopen(FILES[i].name, "w");
        if (!f || fputs(FILES[i].text, f) < 0 || fclose(f) != 0) {
            perror("fuzz_gtp: seed file");
            exit(1);
        }
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    write_files();
    harness_init(&fz, "fuzz_gtp", 1);
    return 0;
}

/* Back to the start state, so that an input behaves the same alone. */
static void reset_engine(void)
{
    harness_restore(&fz);
    Engine *engine = fz.engine;
    engine->komi = 0;
    /* A new position only when needed: it allocates (and ASan maps) its
     * stacks, the largest cost of an input otherwise. */
    if (engine->game != game_index("Othello") || engine->size != 8 ||
        engine->variant != game_variant("Othello")) {
        if (!engine_set_game(engine, "Othello"))
            abort();
    }
    engine_clear(engine);
}

/* Every reply is "=" or "?", a body without an empty line, then "\n\n". */
static void check_framing(const char *out, size_t len)
{
    size_t i = 0;
    while (i < len) {
        if (out[i] != '=' && out[i] != '?')
            abort();
        const char *end = strstr(out + i, "\n\n");
        if (!end)
            abort();
        i = (size_t)(end - out) + 2;
    }
}

/* What a failing command must leave alone, as a fingerprint: game, size,
 * position (its hash), history, set-up, settings, komi and clocks. */
static void state_of(Buf *out)
{
    const Engine *e = fz.engine;
    const TimeControl *tc = &e->tc;
    uint64_t h = harness_history_hash(e); /* and the set-up */
    for (int c = 0; e->has_setup && c < e->size * e->size; c++)
        h = harness_fnv(h, (uint64_t)e->setup_cells[c]);
    buf_clear(out);
    buf_printf(out, "%d %d %d %d %d %llx %llx %d|%d %d %a %zu %d %d %d|%a", e->game, e->variant,
               e->size, e->nhist, e->has_setup, (unsigned long long)h,
               (unsigned long long)e->ops->hash(e->pos), e->ops->side_to_move(e->pos), e->set.level,
               e->set.depth, e->set.movetime, e->set.hash_mb, e->set.coords, e->set.rule,
               e->set.verbose, e->komi);
    buf_printf(out, "|%d %a %a %d %a %a %d %d %d %d", (int)tc->mode, tc->main_s, tc->byo_s,
               tc->byo_stones, tc->left_s[0], tc->left_s[1], tc->stones_left[0],
               tc->stones_left[1], tc->told[0], tc->told[1]);
}

/* Second pass: the same lines one by one, checking after every `?` that the
 * state is what it was before the command. */
static void check_failures_keep_state(const uint8_t *data, size_t size)
{
    reset_engine();
    char *out, *line = malloc(size + 1);
    size_t out_len;
    FILE *f = harness_memstream(&out, &out_len);
    if (!line)
        abort();
    Gtp g;
    gtp_init_mem(&g, gtp_commands, fz.engine, "", 0, f);
    g.sandbox = true;
    Buf before = {0}, after = {0};
    for (size_t i = 0; i < size && !g.quit && !g.io.out_failed;) {
        size_t n = 0;
        while (i < size && data[i] != '\n')
            line[n++] = (char)data[i++];
        line[n] = '\0';
        i++;
        state_of(&before);
        fflush(f);
        size_t mark = out_len;
        gtp_handle_line(&g, line);
        fflush(f);
        if (out_len > mark && out[mark] == '?') {
            state_of(&after);
            if (strcmp(buf_str(&before), buf_str(&after)) != 0)
                abort(); /* a failing command changed the state */
        }
    }
    gtp_free(&g);
    fclose(f);
    free(out);
    free(line);
    buf_free(&before);
    buf_free(&after);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check_failures_keep_state(data, size);
    reset_engine();
    char *out;
    size_t out_len;
    FILE *f = harness_memstream(&out, &out_len);
    Gtp g;
    gtp_init_mem(&g, gtp_commands, fz.engine, (const char *)data, size, f);
    g.sandbox = true;
    gtp_loop(&g);
    gtp_free(&g);
    if (fclose(f) != 0)
        abort();
    check_framing(out, out_len);
    free(out);
    return 0;
}
