/*
 * settings.h - the engine's settings by name (level, depth, movetime, hash,
 * coords, verbose, book, rule, gfx): what flipfive-set and flipfive-get change and
 * read, and what the command-line options of build/flipfive set. A value is
 * checked before anything changes; a refused one leaves the engine as it
 * was.
 */
#ifndef FLIPFIVE_SETTINGS_H
#define FLIPFIVE_SETTINGS_H

#include <stdbool.h>

#include "buf.h"
#include "engine.h"

typedef enum { SETTING_OK, SETTING_UNKNOWN, SETTING_BAD_VALUE } SettingStatus;

/* Sets a setting by name (case-insensitive) from its text value. */
SettingStatus settings_set(Engine *e, const char *name, const char *value);
/* Appends a setting's value to out; false for an unknown name. */
bool settings_get(const Engine *e, const char *name, Buf *out);
/* Appends every setting, one "name value" line each, in a fixed order. */
void settings_list(const Engine *e, Buf *out);
/* The settings that matter in the current game, one "[type] name value"
 * line each (GoGui's param form: [bool] 0/1, [list/a/b], [string]); each
 * is changed by settings_set(name, value). */
void settings_params(const Engine *e, Buf *out);

#endif
