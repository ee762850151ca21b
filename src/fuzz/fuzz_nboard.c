/*
 * fuzz_nboard.c - libFuzzer harness for the NBoard front end: every input
 * is a byte stream a GUI might send, run through nboard_init_mem +
 * nboard_loop (what flipfive --protocol nboard runs) on one engine reset
 * before each input. Every line printed must be one NBoard reads, and a
 * line refused (its message on the error stream) must leave the game,
 * the clock and the settings as they were.
 *
 * Work per input is bounded by the engine's embedder limits (harness.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games.h"
#include "harness.h"
#include "nboard_commands.h"

static Harness fz;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    harness_init(&fz, "fuzz_nboard", 0);
    return 0;
}

/* Back to the start state, so that an input behaves the same alone. */
static void reset_engine(void)
{
    harness_restore(&fz);
    if (!engine_new_game(fz.engine, game_index("Othello"), game_variant("Othello"), 8))
        abort();
}

/* Every line is one NBoard reads. */
static void check_lines(char *out)
{
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        if (strcmp(line, "learned") == 0 || strcmp(line, "set myname flipfive") == 0 ||
            strcmp(line, "status") == 0)
            continue;
        if (harness_starts(line, "pong ") || harness_starts(line, "=== ") || harness_starts(line, "search ") ||
            harness_starts(line, "nodestats ") || harness_starts(line, "status "))
            continue;
        abort();
    }
}

/* What a refused line must leave alone: the game, the clock, the settings. */
static void state_of(const Nboard *nb, Buf *out)
{
    const Engine *e = fz.engine;
    const uint64_t h = harness_history_hash(e);
    buf_clear(out);
    buf_printf(out, "%d %d %d %llx %llx %d|%d %.17g %.17g %.17g|%d %d %d", e->game, e->size, e->nhist,
               (unsigned long long)h, (unsigned long long)e->ops->hash(e->pos), e->ops->side_to_move(e->pos),
               nb->clocked, nb->left_s[0], nb->left_s[1], nb->inc_s, nb->contempt, e->set.depth, nb->depth_set);
}

/* The loop of nboard_loop, checking around every line refused that the
 * state did not move. */
static void run_checked(const uint8_t *data, size_t size, FILE *f)
{
    char *err;
    size_t err_len;
    FILE *ef = harness_memstream(&err, &err_len);
    Nboard nb;
    nboard_init_mem(&nb, nboard_commands, fz.engine, (const char *)data, size, f);
    nb.err = ef;
    Buf before = {0}, after = {0};
    char *line;
    bool too_long;
    while (!nb.quit && !nb.io.out_failed && (line = linein_next(&nb.io.in, 1 << 20, &too_long)) != NULL) {
        state_of(&nb, &before);
        fflush(ef);
        const size_t mark = err_len;
        if (!too_long)
            nboard_handle_line(&nb, line);
        free(line);
        fflush(ef);
        if (err_len != mark) {
            state_of(&nb, &after);
            if (strcmp(buf_str(&before), buf_str(&after)) != 0)
                abort(); /* a refused line changed the state */
        }
    }
    nboard_free(&nb);
    buf_free(&before);
    buf_free(&after);
    if (fclose(ef) != 0)
        abort();
    free(err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* First the loop main() runs, then the same input checked line by line. */
    for (int pass = 0; pass < 2; pass++) {
        reset_engine();
        char *out;
        size_t out_len;
        FILE *f = harness_memstream(&out, &out_len);
        if (pass == 0) {
            Nboard nb;
            nboard_init_mem(&nb, nboard_commands, fz.engine, (const char *)data, size, f);
            nb.err = NULL;
            nboard_loop(&nb);
            nboard_free(&nb);
        } else {
            run_checked(data, size, f);
        }
        if (fclose(f) != 0)
            abort();
        check_lines(out);
        free(out);
    }
    return 0;
}
