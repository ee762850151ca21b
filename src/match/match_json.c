/*
 * match_json.c - a recursive-descent JSON reader (depth-limited, so hostile
 * input cannot exhaust the stack) and the writers for strings and numbers.
 */
#include "match_json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 64 };

typedef struct Reader {
    const char *s, *end;
    char *err;
    size_t errlen;
} Reader;

static bool fail(Reader *r, const char *what)
{
    if (r->err && r->err[0] == '\0')
        snprintf(r->err, r->errlen, "%s", what);
    return false;
}

static void skip_ws(Reader *r)
{
    while (r->s < r->end && (*r->s == ' ' || *r->s == '\t' || *r->s == '\n' || *r->s == '\r'))
        r->s++;
}

static bool literal(Reader *r, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(r->end - r->s) < n || memcmp(r->s, word, n) != 0)
        return fail(r, "bad literal");
    r->s += n;
    return true;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* \uXXXX as UTF-8 (surrogate pairs are not needed by our writers). */
static bool unicode_escape(Reader *r, Buf *out)
{
    if (r->end - r->s < 4)
        return fail(r, "bad \\u escape");
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int h = hex_value(r->s[i]);
        if (h < 0)
            return fail(r, "bad \\u escape");
        v = v * 16 + (unsigned)h;
    }
    r->s += 4;
    char u[3];
    if (v < 0x80) {
        u[0] = (char)v;
        buf_append(out, u, 1);
    } else if (v < 0x800) {
        u[0] = (char)(0xC0 | (v >> 6));
        u[1] = (char)(0x80 | (v & 0x3F));
        buf_append(out, u, 2);
    } else {
        u[0] = (char)(0xE0 | (v >> 12));
        u[1] = (char)(0x80 | ((v >> 6) & 0x3F));
        u[2] = (char)(0x80 | (v & 0x3F));
        buf_append(out, u, 3);
    }
    return true;
}

static bool parse_string(Reader *r, char **out)
{
    static const char ESC_IN[] = "\"\\/bfnrt", ESC_OUT[] = "\"\\/\b\f\n\r\t";
    Buf b = {0};
    r->s++; /* the opening quote */
    while (r->s < r->end && *r->s != '"') {
        char c = *r->s++;
        if ((unsigned char)c < 32)
            goto bad;
        if (c != '\\') {
            buf_append(&b, &c, 1);
            continue;
        }
        if (r->s >= r->end)
            goto bad;
        c = *r->s++;
        const char *k = strchr(ESC_IN, c);
        if (c == 'u') {
            if (!unicode_escape(r, &b))
                goto bad;
        } else if (k && c) {
            buf_append(&b, &ESC_OUT[k - ESC_IN], 1);
        } else {
            goto bad;
        }
    }
    if (r->s >= r->end)
        goto bad;
    r->s++;
    *out = strdup(buf_str(&b));
    buf_free(&b);
    return *out != NULL;
bad:
    buf_free(&b);
    return fail(r, "bad string");
}

static bool parse_value(Reader *r, Json *v, int depth);

static bool add_item(Json *v, Json *item, char *key)
{
    if ((v->count & (v->count - 1)) == 0) { /* grow at powers of two */
        int cap = v->count ? v->count * 2 : 1;
        Json *items = realloc(v->items, sizeof *items * (size_t)cap);
        if (!items)
            return false;
        v->items = items;
        if (v->type == JSON_OBJECT) {
            char **keys = realloc(v->keys, sizeof *keys * (size_t)cap);
            if (!keys)
                return false;
            v->keys = keys;
        }
    }
    v->items[v->count] = *item;
    if (v->type == JSON_OBJECT)
        v->keys[v->count] = key;
    v->count++;
    return true;
}

static void free_value(Json *j);

/* Members of an array or object, after the opening bracket. */
static bool parse_members(Reader *r, Json *v, int depth, char close)
{
    r->s++;
    skip_ws(r);
    if (r->s < r->end && *r->s == close) {
        r->s++;
        return true;
    }
    for (;;) {
        char *key = NULL;
        skip_ws(r);
        if (v->type == JSON_OBJECT) {
            if (r->s >= r->end || *r->s != '"' || !parse_string(r, &key))
                return fail(r, "expected a key");
            skip_ws(r);
            if (r->s >= r->end || *r->s != ':') {
                free(key);
                return fail(r, "expected ':'");
            }
            r->s++;
        }
        Json item = {0};
        if (!parse_value(r, &item, depth + 1) || !add_item(v, &item, key)) {
            free(key);
            free_value(&item);
            return false;
        }
        skip_ws(r);
        if (r->s < r->end && *r->s == ',') {
            r->s++;
            continue;
        }
        if (r->s < r->end && *r->s == close) {
            r->s++;
            return true;
        }
        return fail(r, "expected ',' or a closing bracket");
    }
}

static bool parse_number(Reader *r, Json *v)
{
    char tmp[64];
    size_t n = 0;
    while (r->s + n < r->end && n < sizeof tmp - 1 && strchr("+-0123456789.eE", r->s[n]))
        n++;
    memcpy(tmp, r->s, n);
    tmp[n] = '\0';
    char *end;
    v->type = JSON_NUMBER;
    v->number = strtod(tmp, &end);
    if (n == 0 || *end != '\0')
        return fail(r, "bad number");
    r->s += n;
    return true;
}

static bool parse_value(Reader *r, Json *v, int depth)
{
    *v = (Json){0};
    if (depth > MAX_DEPTH)
        return fail(r, "nested too deeply");
    skip_ws(r);
    if (r->s >= r->end)
        return fail(r, "unexpected end");
    switch (*r->s) {
    case '{':
        v->type = JSON_OBJECT;
        return parse_members(r, v, depth, '}');
    case '[':
        v->type = JSON_ARRAY;
        return parse_members(r, v, depth, ']');
    case '"':
        v->type = JSON_STRING;
        return parse_string(r, &v->string);
    case 't':
        v->type = JSON_BOOL;
        v->boolean = true;
        return literal(r, "true");
    case 'f':
        v->type = JSON_BOOL;
        return literal(r, "false");
    case 'n':
        return literal(r, "null");
    default:
        return parse_number(r, v);
    }
}

static void free_value(Json *j)
{
    for (int i = 0; i < j->count; i++) {
        free_value(&j->items[i]);
        if (j->keys)
            free(j->keys[i]);
    }
    free(j->items);
    free(j->keys);
    free(j->string);
}

Json *match_json_parse(const char *text, size_t len, char *err, size_t errlen)
{
    if (err && errlen)
        err[0] = '\0';
    Reader r = {text, text + len, err, errlen};
    Json *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    bool ok = parse_value(&r, j, 0);
    skip_ws(&r);
    if (ok && r.s != r.end)
        ok = fail(&r, "trailing text");
    if (!ok) {
        free_value(j);
        free(j);
        return NULL;
    }
    return j;
}

void match_json_free(Json *j)
{
    if (!j)
        return;
    free_value(j);
    free(j);
}

const Json *match_json_get(const Json *obj, const char *key)
{
    if (!obj || obj->type != JSON_OBJECT)
        return NULL;
    for (int i = 0; i < obj->count; i++)
        if (strcmp(obj->keys[i], key) == 0)
            return &obj->items[i];
    return NULL;
}

const char *match_json_str(const Json *obj, const char *key, const char *dflt)
{
    const Json *v = match_json_get(obj, key);
    return v && v->type == JSON_STRING ? v->string : dflt;
}

double match_json_num(const Json *obj, const char *key, double dflt)
{
    const Json *v = match_json_get(obj, key);
    return v && v->type == JSON_NUMBER ? v->number : dflt;
}

void match_json_write_string(Buf *out, const char *s)
{
    if (!s) {
        buf_printf(out, "null");
        return;
    }
    buf_append(out, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            buf_printf(out, "\\%c", c);
        else if (c == '\n')
            buf_printf(out, "\\n");
        else if (c == '\t')
            buf_printf(out, "\\t");
        else if (c < 32 || c == 127)
            buf_printf(out, "\\u%04x", c);
        else
            buf_append(out, (const char *)&c, 1);
    }
    buf_append(out, "\"", 1);
}

void match_json_write_number(Buf *out, double x, int decimals)
{
    if (!isfinite(x))
        buf_printf(out, "null");
    else
        buf_printf(out, "%.*f", decimals, x);
}
