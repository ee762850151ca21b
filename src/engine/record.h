/*
 * record.h - game records: loading an SGF file into the engine (loadsgf)
 * and writing the current game as SGF (printsgf), for every game we play.
 */
#ifndef FLIPFIVE_RECORD_H
#define FLIPFIVE_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "engine.h"

enum { RECORD_MAX_FILE = 4 << 20 }; /* larger files are refused */

/* Loads path; with upto > 0 stops before move number upto. On failure the
 * engine is left exactly as it was and why (n bytes) says what was wrong:
 * "no such file", "not SGF", "wrong game (GM[1])", "illegal move at move
 * 12 (B[aa])"... */
bool record_load_file(Engine *e, const char *path, int upto, char *why, size_t n);
/* The same from SGF text in memory. */
bool record_load_text(Engine *e, const char *text, size_t len, int upto, char *why, size_t n);
/* The current game as SGF FF[4], ending with a newline. */
void record_write(Engine *e, Buf *out);

#endif
