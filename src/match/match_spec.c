/*
 * match_spec.c - engine strings: [PROTO[,KEY=VALUE...]:]COMMAND, the
 * protocol's driver looked up by name and the command split into words as
 * a shell would.
 */
#include "match_spec.h"

#include <stdlib.h>
#include <string.h>

static const MatchDriver *const DRIVERS[] = {&match_gtp_driver, &match_pisk_driver, &match_nboard_driver};
enum { NDRIVERS = sizeof DRIVERS / sizeof DRIVERS[0] };

static const MatchDriver *driver_named(const char *name, size_t n)
{
    if (n == 8 && strncmp(name, "piskvork", 8) == 0)
        return &match_pisk_driver;
    for (int i = 0; i < NDRIVERS; i++)
        if (strlen(DRIVERS[i]->name) == n && strncmp(DRIVERS[i]->name, name, n) == 0)
            return DRIVERS[i];
    return NULL;
}

/* One KEY=VALUE of the prefix (value up to the next ',' or the end). */
static bool prefix_option(const char *s, size_t n, MatchEngineSpec *out, char *err, size_t errlen)
{
    const char *eq = memchr(s, '=', n);
    char **slot = NULL;
    if (eq && eq - s == 3 && strncmp(s, "dir", 3) == 0)
        slot = &out->dir;
    else if (eq && eq - s == 4 && strncmp(s, "copy", 4) == 0)
        slot = &out->copy;
    if (eq && eq - s == 5 && strncmp(s, "depth", 5) == 0) {
        char *end;
        long d = strtol(eq + 1, &end, 10);
        if (end == s + n && d >= 1 && d <= 60) {
            out->depth = (int)d;
            return true;
        }
    }
    if (!slot || eq + 1 == s + n) {
        snprintf(err, errlen, "bad engine option '%.*s' (dir=DIR, copy=DIR, depth=1..60)", (int)n, s);
        return false;
    }
    free(*slot);
    *slot = strndup(eq + 1, (size_t)(s + n - eq - 1));
    return *slot != NULL;
}

bool match_spec_parse(const char *spec, MatchEngineSpec *out, char *err, size_t errlen)
{
    *out = (MatchEngineSpec){.drv = &match_gtp_driver};
    const char *colon = strchr(spec, ':');
    const size_t word = strcspn(spec, ",:");
    const MatchDriver *drv = colon ? driver_named(spec, word) : NULL;
    if (drv) {
        out->drv = drv;
        for (const char *s = spec + word; *s == ',';) {
            const char *next = s + 1 + strcspn(s + 1, ",:");
            if (!prefix_option(s + 1, (size_t)(next - s - 1), out, err, errlen)) {
                match_spec_free(out);
                return false;
            }
            s = next;
        }
        spec = colon + 1;
    }
    out->argv = match_spec_split(spec);
    if (!out->argv) {
        snprintf(err, errlen, "cannot split engine command '%s'", spec);
        match_spec_free(out);
        return false;
    }
    return true;
}

void match_spec_free(MatchEngineSpec *spec)
{
    free(spec->dir);
    free(spec->copy);
    match_spec_free_words(spec->argv);
    *spec = (MatchEngineSpec){0};
}

/* ------------------------------------------------------------ word split */

static bool split_quoted(const char **sp, Buf *w, char quote)
{
    const char *s = *sp + 1;
    while (*s && *s != quote) {
        if (quote == '"' && *s == '\\' && s[1] && strchr("\"\\$`\n", s[1]))
            s++;
        buf_append(w, s, 1);
        s++;
    }
    *sp = s;
    return *s == quote;
}

static bool add_word(char ***words, int *n, const Buf *w)
{
    char **nw = realloc(*words, sizeof *nw * (size_t)(*n + 2));
    if (!nw)
        return false;
    *words = nw;
    nw[*n] = strdup(buf_str(w));
    nw[++*n] = NULL;
    return nw[*n - 1] != NULL;
}

char **match_spec_split(const char *s)
{
    char **words = NULL;
    int n = 0;
    Buf w = {0};
    bool in_word = false, ok = true;
    for (; ok && *s; s++) {
        if (*s == ' ' || *s == '\t' || *s == '\n') {
            if (in_word)
                ok = add_word(&words, &n, &w);
            buf_clear(&w);
            in_word = false;
            continue;
        }
        in_word = true;
        if (*s == '\'' || *s == '"') {
            ok = split_quoted(&s, &w, *s);
            if (ok)
                buf_append(&w, "", 0); /* '' is an empty word, not none */
        } else if (*s == '\\' && s[1]) {
            s++;
            if (*s != '\n')
                buf_append(&w, s, 1);
        } else {
            buf_append(&w, s, 1);
        }
    }
    if (ok && in_word)
        ok = add_word(&words, &n, &w);
    buf_free(&w);
    if (!ok || n == 0) {
        match_spec_free_words(words);
        return NULL;
    }
    return words;
}

void match_spec_free_words(char **words)
{
    if (!words)
        return;
    for (char **p = words; *p; p++)
        free(*p);
    free(words);
}
