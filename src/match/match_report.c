/*
 * match_report.c - game records, the summary of a match, and its two
 * outputs: the table people read and the JSON object scripts read.
 */
#include "match_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "match_cli.h"

static const char *const REASON_NAMES[NREASONS] = {
    "end",   "move-limit", "resign", "illegal",  "forbidden", "garbage", "error",
    "crash", "time",       "timeout", "rejected", "setup",     "aborted",
};

const char *match_report_reason_name(int reason)
{
    return reason >= 0 && reason < NREASONS ? REASON_NAMES[reason] : "?";
}

static int reason_of_name(const char *s)
{
    for (int i = 0; i < NREASONS; i++)
        if (strcmp(REASON_NAMES[i], s) == 0)
            return i;
    return -1;
}

static const char *engine_letter(int e) { return e == MATCH_A ? "A" : "B"; }

/* ---------------------------------------------------------------- summary */

static double elo_of(double p)
{
    if (p <= 0)
        return -INFINITY;
    if (p >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

static void elo_interval(MatchSummary *s)
{
    int n = s->wins + s->losses + s->draws;
    s->elo = s->elo_low = s->elo_high = s->score = NAN;
    if (n == 0)
        return;
    double p = (s->wins + 0.5 * s->draws) / n;
    double var = (s->wins * (1 - p) * (1 - p) + s->draws * (0.5 - p) * (0.5 - p) + s->losses * p * p) / n;
    double se = sqrt(var / n);
    s->score = p;
    s->elo = elo_of(p) + 0.0;
    s->elo_low = elo_of(p - 1.96 * se);
    s->elo_high = elo_of(p + 1.96 * se);
}

static void add_time(MatchTimeStat *to, const MatchTimeStat *t)
{
    to->moves += t->moves;
    to->total += t->total;
    if (t->max > to->max)
        to->max = t->max;
}

void match_report_summarize(const MatchResult *games, int n, bool othello, MatchSummary *s)
{
    *s = (MatchSummary){0};
    for (int i = 0; i < n; i++) {
        const MatchResult *r = &games[i];
        s->games++;
        if (r->winner == MATCH_A)
            s->wins++;
        else if (r->winner == MATCH_B)
            s->losses++;
        else if (r->winner == WINNER_DRAW)
            s->draws++;
        else
            s->voids++;
        if (r->reason >= 0 && r->reason < NREASONS) {
            s->reasons[r->reason]++;
            if (r->fault >= 0 && r->fault < 2)
                s->faults[r->fault][r->reason]++;
        }
        if (othello && r->reason == REASON_END) {
            s->disc_sum += r->black == MATCH_A ? r->score : -r->score;
            s->disc_games++;
        }
        for (int e = 0; e < 2; e++)
            add_time(&s->time[e], &r->time[e]);
    }
    elo_interval(s);
}

/* ------------------------------------------------------------ game JSON */

static void time_json(Buf *out, const MatchTimeStat *t)
{
    buf_printf(out, "{\"moves\":%d,\"total\":", t->moves);
    match_json_write_number(out, t->total, 3);
    buf_printf(out, ",\"max\":");
    match_json_write_number(out, t->max, 3);
    buf_printf(out, "}");
}

void match_report_game_json(const MatchResult *r, Buf *out)
{
    buf_printf(out, "{\"id\":%d,\"black\":\"%s\",\"white\":\"%s\",\"opening\":", r->id,
               engine_letter(r->black), engine_letter(!r->black));
    match_json_write_string(out, r->opening);
    buf_printf(out, ",\"result\":");
    match_json_write_string(out, r->result);
    buf_printf(out, ",\"winner\":%s", r->winner == MATCH_A   ? "\"A\""
                                      : r->winner == MATCH_B ? "\"B\""
                                      : r->winner == WINNER_DRAW ? "\"draw\""
                                                                 : "null");
    buf_printf(out, ",\"score\":%d,\"reason\":\"%s\",\"fault\":%s,\"plies\":%d,\"moves\":", r->score,
               match_report_reason_name(r->reason),
               r->fault < 0 ? "null" : r->fault == MATCH_A ? "\"A\"" : "\"B\"", r->plies);
    match_json_write_string(out, r->moves);
    buf_printf(out, ",\"detail\":");
    match_json_write_string(out, r->detail ? r->detail : "");
    if (r->implied_pass[MATCH_A] || r->implied_pass[MATCH_B])
        buf_printf(out, ",\"implied_pass\":\"%s%s\"", r->implied_pass[MATCH_A] ? "A" : "",
                   r->implied_pass[MATCH_B] ? "B" : "");
    buf_printf(out, ",\"time\":{\"A\":");
    time_json(out, &r->time[MATCH_A]);
    buf_printf(out, ",\"B\":");
    time_json(out, &r->time[MATCH_B]);
    buf_printf(out, "}}");
}

static int letter_engine(const char *s)
{
    if (!s)
        return -1;
    return strcmp(s, "A") == 0 ? MATCH_A : strcmp(s, "B") == 0 ? MATCH_B : -1;
}

static void time_parse(const Json *t, MatchTimeStat *out)
{
    out->moves = (int)match_json_num(t, "moves", 0);
    out->total = match_json_num(t, "total", 0);
    out->max = match_json_num(t, "max", 0);
}

static char *dup_or_empty(const char *s) { return strdup(s ? s : ""); }

bool match_report_game_parse(const Json *j, MatchResult *r)
{
    *r = (MatchResult){0};
    r->id = (int)match_json_num(j, "id", 0);
    r->black = letter_engine(match_json_str(j, "black", NULL));
    const char *winner = match_json_str(j, "winner", NULL);
    r->winner = !winner ? WINNER_NONE : strcmp(winner, "draw") == 0 ? WINNER_DRAW : letter_engine(winner);
    r->score = (int)match_json_num(j, "score", 0);
    r->reason = reason_of_name(match_json_str(j, "reason", ""));
    r->fault = letter_engine(match_json_str(j, "fault", NULL));
    r->plies = (int)match_json_num(j, "plies", 0);
    snprintf(r->result, sizeof r->result, "%s", match_json_str(j, "result", "Void"));
    r->opening = dup_or_empty(match_json_str(j, "opening", ""));
    r->moves = dup_or_empty(match_json_str(j, "moves", ""));
    r->detail = dup_or_empty(match_json_str(j, "detail", ""));
    const char *implied = match_json_str(j, "implied_pass", "");
    r->implied_pass[MATCH_A] = strchr(implied, 'A') != NULL;
    r->implied_pass[MATCH_B] = strchr(implied, 'B') != NULL;
    const Json *t = match_json_get(j, "time");
    time_parse(match_json_get(t, "A"), &r->time[MATCH_A]);
    time_parse(match_json_get(t, "B"), &r->time[MATCH_B]);
    return r->id > 0 && r->black >= 0 && r->reason >= 0 && r->winner >= WINNER_NONE &&
           r->opening && r->moves && r->detail;
}

void match_report_game_free(MatchResult *r)
{
    free(r->opening);
    free(r->moves);
    free(r->detail);
    r->opening = r->moves = r->detail = NULL;
}

/* ------------------------------------------------------------ match info */

void match_report_info_free(MatchInfo *info)
{
    for (int e = 0; e < 2; e++) {
        free(info->name[e]);
        free(info->command[e]);
        info->name[e] = info->command[e] = NULL;
    }
}

static void info_json(Buf *out, const MatchInfo *info)
{
    buf_printf(out, "\"match\":{\"game\":");
    match_json_write_string(out, info->game);
    buf_printf(out, ",\"size\":%d,\"rule\":", info->size);
    match_json_write_string(out, info->rule[0] ? info->rule : NULL);
    buf_printf(out, ",\"tc\":");
    match_json_write_string(out, info->tc);
    buf_printf(out, ",\"margin\":");
    match_json_write_number(out, info->margin, 3);
    buf_printf(out, ",\"seed\":%llu,\"games_planned\":%d,\"shard\":\"%d/%d\",\"engines\":{",
               (unsigned long long)info->seed, info->planned, info->shard, info->shards);
    for (int e = 0; e < 2; e++) {
        buf_printf(out, "%s\"%s\":{\"name\":", e ? "," : "", engine_letter(e));
        match_json_write_string(out, info->name[e]);
        buf_printf(out, ",\"command\":");
        match_json_write_string(out, info->command[e]);
        buf_printf(out, "}");
    }
    buf_printf(out, "},\"elapsed\":");
    match_json_write_number(out, info->elapsed, 1);
    buf_printf(out, "}");
}

bool match_report_info_parse(const Json *m, MatchInfo *info)
{
    *info = (MatchInfo){0};
    if (!m || m->type != JSON_OBJECT)
        return false;
    snprintf(info->game, sizeof info->game, "%s", match_json_str(m, "game", ""));
    info->size = (int)match_json_num(m, "size", 0);
    snprintf(info->rule, sizeof info->rule, "%s", match_json_str(m, "rule", ""));
    snprintf(info->tc, sizeof info->tc, "%s", match_json_str(m, "tc", "none"));
    info->margin = match_json_num(m, "margin", 0);
    info->seed = (uint64_t)match_json_num(m, "seed", 0);
    info->planned = (int)match_json_num(m, "games_planned", 0);
    info->shard = info->shards = 1;
    sscanf(match_json_str(m, "shard", "1/1"), "%d/%d", &info->shard, &info->shards);
    info->elapsed = match_json_num(m, "elapsed", 0);
    const Json *engines = match_json_get(m, "engines");
    for (int e = 0; e < 2; e++) {
        const Json *en = match_json_get(engines, engine_letter(e));
        info->name[e] = dup_or_empty(match_json_str(en, "name", "?"));
        info->command[e] = dup_or_empty(match_json_str(en, "command", "?"));
    }
    return info->game[0] && info->size > 0;
}

/* ---------------------------------------------------------------- outputs */

static void summary_json(Buf *out, const MatchSummary *s, bool othello)
{
    buf_printf(out, "\"summary\":{\"games\":%d,\"wins\":%d,\"losses\":%d,\"draws\":%d,\"void\":%d,\"score\":",
               s->games, s->wins, s->losses, s->draws, s->voids);
    match_json_write_number(out, s->score, 4);
    buf_printf(out, ",\"elo\":");
    match_json_write_number(out, s->elo, 1);
    buf_printf(out, ",\"elo_low\":");
    match_json_write_number(out, s->elo_low, 1);
    buf_printf(out, ",\"elo_high\":");
    match_json_write_number(out, s->elo_high, 1);
    if (othello) {
        buf_printf(out, ",\"disc_diff\":");
        match_json_write_number(out, s->disc_games ? s->disc_sum / s->disc_games : NAN, 2);
        buf_printf(out, ",\"disc_games\":%d", s->disc_games);
    }
    buf_printf(out, ",\"time\":{");
    for (int e = 0; e < 2; e++) {
        const MatchTimeStat *t = &s->time[e];
        buf_printf(out, "%s\"%s\":{\"moves\":%d,\"avg\":", e ? "," : "", engine_letter(e), t->moves);
        match_json_write_number(out, t->moves ? t->total / t->moves : NAN, 3);
        buf_printf(out, ",\"max\":");
        match_json_write_number(out, t->max, 3);
        buf_printf(out, "}");
    }
    buf_printf(out, "},\"reasons\":{");
    for (int r = 0, k = 0; r < NREASONS; r++)
        if (s->reasons[r])
            buf_printf(out, "%s\"%s\":%d", k++ ? "," : "", REASON_NAMES[r], s->reasons[r]);
    buf_printf(out, "},\"faults\":{");
    for (int e = 0; e < 2; e++) {
        buf_printf(out, "%s\"%s\":{", e ? "," : "", engine_letter(e));
        for (int r = REASON_FAULT, k = 0; r < REASON_ABORTED; r++)
            buf_printf(out, "%s\"%s\":%d", k++ ? "," : "", REASON_NAMES[r], s->faults[e][r]);
        buf_printf(out, "}");
    }
    buf_printf(out, "}}");
}

static bool is_othello(const MatchInfo *info) { return strcmp(info->game, "Othello") == 0; }

void match_report_json(Buf *out, const MatchInfo *info, const MatchResult *games, int n)
{
    MatchSummary s;
    match_report_summarize(games, n, is_othello(info), &s);
    buf_printf(out, "{");
    info_json(out, info);
    buf_printf(out, ",\n");
    summary_json(out, &s, is_othello(info));
    buf_printf(out, ",\n\"games\":[");
    for (int i = 0; i < n; i++) {
        buf_printf(out, "%s\n", i ? "," : "");
        match_report_game_json(&games[i], out);
    }
    buf_printf(out, "\n]}\n");
}

static void elo_text(char *out, size_t n, double x)
{
    if (isnan(x))
        snprintf(out, n, "n/a");
    else if (isinf(x))
        snprintf(out, n, "%sinf", x > 0 ? "+" : "-");
    else
        snprintf(out, n, "%+.0f", x);
}

static void print_elo(FILE *f, const MatchSummary *s)
{
    char e[16], lo[16], hi[16];
    elo_text(e, sizeof e, s->elo);
    elo_text(lo, sizeof lo, s->elo_low);
    elo_text(hi, sizeof hi, s->elo_high);
    fprintf(f, "Elo difference A - B: %s  (95 %%: %s .. %s)\n", e, lo, hi);
}

static void print_faults(FILE *f, const MatchSummary *s)
{
    fprintf(f, "Game ends:");
    for (int r = 0; r < NREASONS; r++)
        if (s->reasons[r])
            fprintf(f, " %s %d", REASON_NAMES[r], s->reasons[r]);
    fprintf(f, "\n");
    for (int e = 0; e < 2; e++) {
        fprintf(f, "%s %s:", e ? "       " : "Faults:", engine_letter(e));
        int any = 0;
        for (int r = REASON_FAULT; r < REASON_ABORTED; r++)
            if (s->faults[e][r])
                any += fprintf(f, " %s %d", REASON_NAMES[r], s->faults[e][r]);
        fprintf(f, "%s\n", any ? "" : " none");
    }
}

void match_report_table(FILE *f, const MatchInfo *info, const MatchResult *games, int n)
{
    MatchSummary s;
    match_report_summarize(games, n, is_othello(info), &s);
    int mins = (int)(info->elapsed / 60);
    fprintf(f, "%s %dx%d%s%s, tc %s (margin %.2g s), seed %llu, %d of %d games", info->game,
            info->size, info->size, info->rule[0] ? ", rule " : "", info->rule, info->tc,
            info->margin, (unsigned long long)info->seed, n, info->planned);
    if (info->shards > 1)
        fprintf(f, " (shard %d/%d)", info->shard, info->shards);
    fprintf(f, ", %dm%02ds\n", mins, (int)(info->elapsed - 60.0 * mins));
    for (int e = 0; e < 2; e++)
        fprintf(f, "  %s  %-20s  %s\n", engine_letter(e), info->name[e] ? info->name[e] : "?",
                info->command[e] ? info->command[e] : "?");
    fprintf(f, "\n       games   wins  losses  draws   score\n");
    double pct = isnan(s.score) ? 0 : 100 * s.score;
    fprintf(f, "  A  %7d %6d %7d %6d  %5.1f %%\n", s.games, s.wins, s.losses, s.draws, pct);
    fprintf(f, "  B  %7d %6d %7d %6d  %5.1f %%\n", s.games, s.losses, s.wins, s.draws,
            isnan(s.score) ? 0 : 100 - pct);
    if (s.voids)
        fprintf(f, "  (%d games without a result)\n", s.voids);
    fprintf(f, "\n");
    print_elo(f, &s);
    if (is_othello(info) && s.disc_games)
        fprintf(f, "Average disc difference A - B: %+.2f  (%d games played out)\n",
                s.disc_sum / s.disc_games, s.disc_games);
    for (int e = 0; e < 2; e++) {
        const MatchTimeStat *t = &s.time[e];
        fprintf(f, "%s %s  avg %.3f s  max %.3f s  (%d moves)\n", e ? "              " : "Time per move:",
                engine_letter(e), t->moves ? t->total / t->moves : 0.0, t->max, t->moves);
    }
    print_faults(f, &s);
}
