/*
 * harness.h - what the protocol harnesses (fuzz_gtp, fuzz_pisk,
 * fuzz_nboard) share: libFuzzer's entry points, one engine under the
 * embedder limits that every input starts from, and the pieces of the
 * fingerprint a refused command must leave alone. Linked into every
 * harness by the Makefile (a file of src/fuzz/ not named fuzz_*.c).
 */
#ifndef FLIPFIVE_HARNESS_H
#define FLIPFIVE_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine.h"

/* libFuzzer's; each harness defines both. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Work per input is bounded by these rather than by filtering the input,
 * so that every command stays reachable: a node budget for every search
 * and perft (2 ms of movetime as well, flipfive-vcf's), a hash ceiling. */
enum { HARNESS_NODES = 16, HARNESS_HASH_MB = 4 };

/* The engine a harness drives, and the settings it goes back to before
 * every input. */
typedef struct Harness {
    Engine *engine;
    EngineSettings settings;
} Harness;

/* The lookup tables (as main() builds them), then h->engine under the
 * bounds above, at level when level > 0. Exits, naming who, if it cannot. */
void harness_init(Harness *h, const char *who, int level);

/* Back to h->settings (a new engine when the hash size moved); aborts if
 * that fails. The game and position are the caller's to reset. */
void harness_restore(Harness *h);

/* A stream into memory that a loop writes to and the checks read: *buf
 * and *len follow it (open_memstream); aborts if it cannot be opened. */
FILE *harness_memstream(char **buf, size_t *len);

/* One step of FNV-1a: the fingerprints hash history and set-up with it. */
static inline uint64_t harness_fnv(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211u; }

/* FNV-1a over e's history: moves, colours and plies. */
uint64_t harness_history_hash(const Engine *e);

/* line begins with word. */
bool harness_starts(const char *line, const char *word);

#endif
