/*
 * match_json.h - the little JSON the match tools need: writing strings
 * and numbers, and reading back what they wrote (game records from worker
 * processes, whole results of shards for match-merge) into a small tree.
 */
#ifndef FLIPFIVE_MATCH_JSON_H
#define FLIPFIVE_MATCH_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } JsonType;

typedef struct Json {
    JsonType type;
    bool boolean;
    double number;
    char *string;          /* JSON_STRING */
    struct Json *items;    /* JSON_ARRAY and JSON_OBJECT members */
    char **keys;           /* JSON_OBJECT: keys[i] names items[i] */
    int count;
} Json;

/* Parses one JSON value filling the whole text (whitespace around it is
 * fine). NULL on malformed input, with a message in err. */
Json *match_json_parse(const char *text, size_t len, char *err, size_t errlen);
void match_json_free(Json *j);

/* Member of an object, or NULL. */
const Json *match_json_get(const Json *obj, const char *key);
/* Typed look-ups with a default when absent or of another type. */
const char *match_json_str(const Json *obj, const char *key, const char *dflt);
double match_json_num(const Json *obj, const char *key, double dflt);

/* Writes s as a quoted JSON string (NULL as null). */
void match_json_write_string(Buf *out, const char *s);
/* Writes a number; NaN and infinities become null. */
void match_json_write_number(Buf *out, double x, int decimals);

#endif
