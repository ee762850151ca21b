/*
 * fuzz_pisk.c - libFuzzer harness for the Piskvork front end: every input
 * is a byte stream a manager or GUI might send, run through pisk_init_mem +
 * pisk_loop (what pbrain-flipfive runs) on one engine reset before each
 * input. Every line printed must be a protocol line, and a command that
 * answers ERROR must leave the game as it was.
 *
 * Work per input is bounded by the engine's embedder limits (harness.h).
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pisk_commands.h"

static Harness fz;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    harness_init(&fz, "fuzz_pisk", 0);
    return 0;
}

/* Back to the start state, so that an input behaves the same alone. */
static void reset_engine(void)
{
    harness_restore(&fz);
    engine_clear(fz.engine);
}

/* A number, a comma, a number; *p moves past them. */
static bool xy(const char **p)
{
    const char *s = *p;
    if (!isdigit((unsigned char)*s))
        return false;
    while (isdigit((unsigned char)*s))
        s++;
    if (*s++ != ',' || !isdigit((unsigned char)*s))
        return false;
    while (isdigit((unsigned char)*s))
        s++;
    *p = s;
    return true;
}

/* One to three points separated by single spaces: a move or a swap2 answer. */
static bool points(const char *s)
{
    for (int n = 0; n < 3; n++) {
        if (!xy(&s))
            return false;
        if (*s == '\0')
            return true;
        if (*s++ != ' ')
            return false;
    }
    return false;
}

/* Every line is one a Piskvork host can read. */
static void check_lines(char *out)
{
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        if (strcmp(line, "OK") == 0 || strcmp(line, "SWAP") == 0 || points(line))
            continue;
        if (harness_starts(line, "ERROR ") || harness_starts(line, "UNKNOWN ") || harness_starts(line, "MESSAGE ") ||
            harness_starts(line, "FORBID ") || harness_starts(line, "INFO ") || harness_starts(line, "name=\"flipfive\""))
            continue;
        abort();
    }
}

/* What a refused command must leave alone: the game on the board, the
 * colour flipfive plays, the settings. */
static void state_of(const Pisk *p, Buf *out)
{
    const Engine *e = fz.engine;
    const uint64_t h = harness_history_hash(e);
    buf_clear(out);
    buf_printf(out, "%d %d %d %d %llx %llx %d|%d %d|%d %llu %zu", e->game, e->variant, e->size, e->nhist,
               (unsigned long long)h, (unsigned long long)e->ops->hash(e->pos), e->ops->side_to_move(e->pos),
               p->started, p->own, e->set.depth, (unsigned long long)e->set.nodes, e->set.hash_mb);
}

/* An ERROR line among out[from..to). */
static bool error_line(const char *out, size_t from, size_t to)
{
    for (size_t i = from; i + 6 <= to; i++)
        if ((i == from || out[i - 1] == '\n') && memcmp(out + i, "ERROR ", 6) == 0)
            return true;
    return false;
}

/* The loop of pisk_loop, checking around every command that answered an
 * ERROR that the state did not move. */
static void run_checked(const uint8_t *data, size_t size, FILE *f, char **out, size_t *out_len)
{
    Pisk p;
    pisk_init_mem(&p, pisk_commands, fz.engine, (const char *)data, size, f);
    Buf before = {0}, after = {0};
    char *line;
    while (!p.quit && !p.io.out_failed && (line = pisk_read_line(&p)) != NULL) {
        state_of(&p, &before);
        fflush(f);
        const size_t mark = *out_len;
        pisk_handle_line(&p, line);
        free(line);
        fflush(f);
        if (error_line(*out, mark, *out_len)) {
            state_of(&p, &after);
            if (strcmp(buf_str(&before), buf_str(&after)) != 0)
                abort(); /* a refused command changed the game */
        }
    }
    pisk_free(&p);
    buf_free(&before);
    buf_free(&after);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* First the loop main() runs, then the same input checked command by
     * command. */
    for (int pass = 0; pass < 2; pass++) {
        reset_engine();
        char *out;
        size_t out_len;
        FILE *f = harness_memstream(&out, &out_len);
        if (pass == 0) {
            Pisk p;
            pisk_init_mem(&p, pisk_commands, fz.engine, (const char *)data, size, f);
            pisk_loop(&p);
            pisk_free(&p);
        } else {
            run_checked(data, size, f, &out, &out_len);
        }
        if (fclose(f) != 0)
            abort();
        check_lines(out);
        free(out);
    }
    return 0;
}
