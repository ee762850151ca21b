/*
 * match_spec.h - engine strings as the referee's command line gives them:
 * [PROTO[,KEY=VALUE...]:]COMMAND, PROTO one of gtp (the default), pisk (or
 * piskvork) and nboard; keys: dir=DIR runs the engine in DIR, copy=DIR in
 * a fresh copy of DIR (removed afterwards), for engines that read files
 * from and write files to their working directory; depth=N is the search
 * depth an NBoard engine is given (set depth). COMMAND is split into words
 * as a shell would, and run without one.
 */
#ifndef FLIPFIVE_MATCH_SPEC_H
#define FLIPFIVE_MATCH_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "match_driver.h"

/* Parses an engine string; false with a message in err. */
bool match_spec_parse(const char *spec, MatchEngineSpec *out, char *err, size_t errlen);
void match_spec_free(MatchEngineSpec *spec);

/* Splits s into words as sh does with quotes ('...', "...") and
 * backslashes, without expansions. NULL-terminated array, NULL on an
 * unterminated quote or an empty command. Free with match_spec_free_words. */
char **match_spec_split(const char *s);
void match_spec_free_words(char **words);

#endif
