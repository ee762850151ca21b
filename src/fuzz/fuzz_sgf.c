/*
 * fuzz_sgf.c - libFuzzer harness for the SGF reader and the record loader:
 * sgf_parse on the raw bytes, then record_load_text into an engine. A
 * record that loads must survive a round trip: what printsgf writes loads
 * again and is written back byte for byte the same. A record that does not
 * load must leave the engine exactly as it was.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "sgf.h"
#include "tables.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static Engine *engine;
static SgfGame *game;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    tables_init();
    EngineSettings set;
    engine_default_settings(&set);
    set.hash_mb = 0; /* the smallest table */
    set.threads = 1;
    engine = engine_create(&set);
    game = malloc(sizeof *game);
    if (!engine || !game) {
        fputs("fuzz_sgf: setup failed\n", stderr);
        exit(1);
    }
    return 0;
}

/* The game (as printsgf writes it) and the cells and side to move. */
static void state_of(Buf *out)
{
    buf_clear(out);
    record_write(engine, out);
    for (int c = 0; c < engine->size * engine->size; c++)
        buf_append(out, &".XO"[engine->ops->cell(engine->pos, c)], 1);
    buf_append(out, engine->ops->side_to_move(engine->pos) == BLACK ? "b" : "w", 1);
}

/* Loads text; a failure must leave the engine exactly as it was. */
static bool load_or_keep(const char *text, size_t size)
{
    Buf before = {0}, after = {0};
    state_of(&before);
    char why[128];
    bool ok = record_load_text(engine, text, size, 0, why, sizeof why);
    if (!ok) {
        state_of(&after);
        if (strcmp(buf_str(&before), buf_str(&after)) != 0)
            abort(); /* a failed load changed the engine */
    }
    buf_free(&before);
    buf_free(&after);
    return ok;
}

/* What printsgf writes loads again and is written back the same. */
static void check_round_trip(void)
{
    Buf first = {0}, second = {0};
    record_write(engine, &first);
    char why[128];
    if (!record_load_text(engine, first.data, first.len, 0, why, sizeof why))
        abort(); /* our own output does not load */
    record_write(engine, &second);
    if (strcmp(buf_str(&first), buf_str(&second)) != 0)
        abort(); /* the round trip changed the game */
    buf_free(&first);
    buf_free(&second);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    sgf_parse(text, size, game);
    if (!engine_set_game(engine, "Othello"))
        abort();
    if (load_or_keep(text, size))
        check_round_trip();
    /* Again from whatever state that left, cut short (usually a failure). */
    load_or_keep(text, size / 2);
    return 0;
}
