/*
 * harness.c - the engine and fingerprint pieces the protocol harnesses
 * share (harness.h).
 */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tables.h"

void harness_init(Harness *h, const char *who, int level)
{
    tables_init();
    engine_bounded_settings(&h->settings, HARNESS_NODES, HARNESS_HASH_MB);
    if (level > 0)
        h->settings.level = level;
    h->engine = engine_create(&h->settings);
    if (!h->engine) {
        fprintf(stderr, "%s: setup failed\n", who);
        exit(1);
    }
}

void harness_restore(Harness *h)
{
    if (!engine_restore(&h->engine, &h->settings))
        abort();
}

FILE *harness_memstream(char **buf, size_t *len)
{
    *buf = NULL;
    *len = 0;
    FILE *f = open_memstream(buf, len);
    if (!f)
        abort();
    return f;
}

uint64_t harness_history_hash(const Engine *e)
{
    uint64_t h = 1469598103934665603u; /* FNV-1a's offset basis */
    for (int i = 0; i < e->nhist; i++)
        h = harness_fnv(h, (uint64_t)(e->hist[i].move * 4 + e->hist[i].color + 8 * e->hist[i].plies));
    return h;
}

bool harness_starts(const char *line, const char *word) { return strncmp(line, word, strlen(word)) == 0; }
