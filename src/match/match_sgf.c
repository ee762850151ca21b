/*
 * match_sgf.c - writing refereed games as SGF.
 */
#include "match_sgf.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "sgf.h"
#include "version.h"

/* SimpleText/Text value: ']' and '\' escaped. */
static void text_value(Buf *out, const char *s)
{
    for (; *s; s++) {
        if (*s == ']' || *s == '\\')
            buf_append(out, "\\", 1);
        buf_append(out, s, 1);
    }
}

static void prop(Buf *out, const char *id, const char *value)
{
    buf_printf(out, "%s[", id);
    text_value(out, value);
    buf_printf(out, "]");
}

static void player(Buf *out, const char *id, const MatchInfo *info, int e)
{
    char v[256];
    snprintf(v, sizeof v, "%s (%c)", info->name[e] ? info->name[e] : "?", 'A' + e);
    prop(out, id, v);
}

/* TM and OT when both sides have the same clock (SGF has one for both);
 * otherwise the root comment names each side's. */
static void clock_props(Buf *out, const MatchConfig *cfg)
{
    const MatchTc *a = &cfg->tc_engine[0], *b = &cfg->tc_engine[1];
    if (!a->enabled || !b->enabled || a->main_s != b->main_s || a->byo_s != b->byo_s ||
        a->stones != b->stones)
        return;
    buf_printf(out, "TM[%g]", a->main_s);
    if (a->byo_s > 0)
        buf_printf(out, "OT[%d/%g Canadian]", a->stones, a->byo_s);
}

static void root(Buf *out, const MatchConfig *cfg, const MatchInfo *info, const MatchResult *r)
{
    char date[16], gn[32];
    time_t now = time(NULL);
    struct tm tm;
    strftime(date, sizeof date, "%Y-%m-%d", localtime_r(&now, &tm));
    buf_printf(out, "(;FF[4]CA[UTF-8]AP[flipfive-match:%s]GM[%d]SZ[%d]", FLIPFIVE_VERSION, cfg->ops->sgf_gm,
               cfg->size);
    if (strcmp(cfg->game, "Renju") == 0)
        buf_printf(out, "RU[Renju]");
    else if (cfg->rule)
        prop(out, "RU", cfg->rule);
    player(out, "PB", info, r->black);
    player(out, "PW", info, !r->black);
    snprintf(gn, sizeof gn, "game %d", r->id);
    prop(out, "GN", gn);
    buf_printf(out, "DT[%s]", date);
    prop(out, "RE", r->result);
    clock_props(out, cfg);
    Buf c = {0};
    buf_printf(&c, "flipfive-match game %d of %d\nA: %s\nB: %s\nClock: %s\n", r->id, info->planned,
               info->command[0] ? info->command[0] : "?", info->command[1] ? info->command[1] : "?", info->tc);
    buf_printf(&c, "Opening: %s\nResult: %s (%s) %s", r->opening && r->opening[0] ? r->opening : "none",
               r->result, match_report_reason_name(r->reason), r->detail ? r->detail : "");
    prop(out, "C", buf_str(&c));
    buf_free(&c);
}

void match_sgf_text(Buf *out, const MatchConfig *cfg, const MatchInfo *info, const MatchGameRec *rec,
                    const MatchResult *r)
{
    const int n = cfg->size;
    root(out, cfg, info, r);
    int last = -1;
    for (int i = 0; i < rec->n; i++)
        if (rec->moves[i].move >= 0)
            last = i;
    for (int i = 0, k = 0; i < rec->n; i++) {
        const MatchMoveRec *m = &rec->moves[i];
        if (m->move < 0)
            continue; /* passes stay implicit */
        buf_printf(out, "%s;%c[%c%c]", k++ % 8 == 0 ? "\n" : "", m->color == BLACK ? 'B' : 'W',
                   sgf_letter(m->move % n), sgf_letter(m->move / n));
        if (m->generated && m->left >= 0)
            buf_printf(out, "%s[%.1f]", m->color == BLACK ? "BL" : "WL", m->left);
        if (m->has_eval)
            buf_printf(out, "V[%.2f]", m->eval);
        Buf c = {0};
        if (m->generated)
            buf_printf(&c, "%.3f s", m->secs);
        else if (i == rec->opening_plies - 1)
            buf_printf(&c, "%s", "end of the opening");
        if (i == last && r->reason != REASON_END)
            buf_printf(&c, "%s%s: %s", c.len ? "\n" : "", r->result, r->detail ? r->detail : "");
        if (c.len)
            prop(out, "C", buf_str(&c));
        buf_free(&c);
    }
    buf_printf(out, ")\n");
}

bool match_sgf_write(const char *path, const MatchConfig *cfg, const MatchInfo *info,
                     const MatchGameRec *rec, const MatchResult *r)
{
    Buf b = {0};
    match_sgf_text(&b, cfg, info, rec, r);
    FILE *f = fopen(path, "w");
    bool ok = f && fwrite(b.data, 1, b.len, f) == b.len;
    if (f && fclose(f) != 0)
        ok = false;
    buf_free(&b);
    return ok;
}
