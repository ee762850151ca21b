/*
 * tool_match.c - flipfive-match, the engine-vs-engine referee (scripts/match)
 * and the merger of sharded results (scripts/match-merge).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match_cli.h"
#include "match_json.h"
#include "match_proc.h"
#include "match_report.h"
#include "match_run.h"
#include "tables.h"
#include "timeman.h"

static void on_signal(int sig)
{
    (void)sig;
    match_proc_request_abort();
}

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

static void output(const MatchConfig *cfg, const MatchInfo *info, const MatchResult *games, int n)
{
    if (cfg->json) {
        Buf b = {0};
        match_report_json(&b, info, games, n);
        fputs(buf_str(&b), stdout);
        buf_free(&b);
        if (!cfg->quiet)
            match_report_table(stderr, info, games, n);
    } else {
        match_report_table(stdout, info, games, n);
    }
}

static void fill_info(const MatchConfig *cfg, const MatchPlan *plan, MatchInfo *info)
{
    snprintf(info->game, sizeof info->game, "%s", cfg->game);
    info->size = cfg->size;
    snprintf(info->rule, sizeof info->rule, "%s", cfg->rule ? cfg->rule : "");
    char a[40], b[40];
    match_clock_format_tc(&cfg->tc_engine[0], a, sizeof a);
    match_clock_format_tc(&cfg->tc_engine[1], b, sizeof b);
    if (strcmp(a, b) == 0)
        snprintf(info->tc, sizeof info->tc, "%s", a);
    else
        snprintf(info->tc, sizeof info->tc, "A %s, B %s", a, b);
    info->margin = cfg->margin;
    info->seed = cfg->seed;
    info->planned = plan->planned;
    info->shard = cfg->shard;
    info->shards = cfg->shards;
    for (int e = 0; e < 2; e++)
        info->command[e] = strdup(cfg->command[e]);
}

static int play(const MatchConfig *cfg)
{
    MatchPlan plan;
    char err[512];
    if (!match_run_plan(cfg, &plan, err, sizeof err)) {
        fprintf(stderr, "flipfive-match: %s\n", err);
        return 2;
    }
    MatchInfo info = {0};
    fill_info(cfg, &plan, &info);
    if (!match_run_probe(cfg, &info)) {
        match_report_info_free(&info);
        match_run_free_plan(&plan);
        return 2;
    }
    MatchResult *games = calloc((size_t)plan.count + 1, sizeof *games);
    int64_t t0 = clock_ns();
    int n = games ? match_run_games(cfg, &info, &plan, games) : 0;
    info.elapsed = (double)(clock_ns() - t0) / 1e9;
    output(cfg, &info, games, n);
    int rc = match_proc_aborted() ? 1 : 0;
    for (int i = 0; i < n; i++)
        match_report_game_free(&games[i]);
    free(games);
    match_report_info_free(&info);
    match_run_free_plan(&plan);
    return rc;
}

/* ------------------------------------------------------------------ merge */

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    Buf b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        buf_append(&b, chunk, n);
    fclose(f);
    *len = b.len;
    return b.data ? b.data : strdup("");
}

static bool same_match(const MatchInfo *a, const MatchInfo *b)
{
    return strcmp(a->game, b->game) == 0 && a->size == b->size && strcmp(a->rule, b->rule) == 0 &&
           strcmp(a->tc, b->tc) == 0 && a->seed == b->seed && a->planned == b->planned &&
           strcmp(a->command[0], b->command[0]) == 0 && strcmp(a->command[1], b->command[1]) == 0;
}

/* Adds the games of one result file. */
static bool merge_one(const char *path, MatchInfo *info, bool first, MatchResult **games, int *n)
{
    size_t len = 0;
    char *text = read_file(path, &len), err[128] = "cannot read";
    Json *j = text ? match_json_parse(text, len, err, sizeof err) : NULL;
    free(text);
    MatchInfo mine;
    bool ok = j && match_report_info_parse(match_json_get(j, "match"), &mine);
    if (!ok)
        fprintf(stderr, "flipfive-match: %s: not a match result (%s)\n", path, j ? "no match header" : err);
    else if (!first && !same_match(info, &mine))
        ok = false, fprintf(stderr, "flipfive-match: %s: from another match than the first file\n", path);
    const Json *list = match_json_get(j, "games");
    for (int i = 0; ok && list && list->type == JSON_ARRAY && i < list->count; i++) {
        MatchResult *g = realloc(*games, sizeof **games * (size_t)(*n + 1));
        if (!g)
            return false;
        *games = g;
        ok = match_report_game_parse(&list->items[i], &g[*n]);
        if (!ok)
            fprintf(stderr, "flipfive-match: %s: bad game record %d\n", path, i + 1);
        (*n)++;
    }
    if (ok && first)
        *info = mine;
    else if (j && match_json_get(j, "match"))
        match_report_info_free(&mine);
    if (ok && mine.elapsed > info->elapsed)
        info->elapsed = mine.elapsed;
    match_json_free(j);
    return ok;
}

static int by_id(const void *a, const void *b)
{
    return ((const MatchResult *)a)->id - ((const MatchResult *)b)->id;
}

static int merge(const MatchConfig *cfg)
{
    MatchInfo info = {0};
    MatchResult *games = NULL;
    int n = 0;
    bool ok = true;
    for (int i = 0; ok && i < cfg->nmerge; i++)
        ok = merge_one(cfg->merge_files[i], &info, i == 0, &games, &n);
    if (ok) {
        qsort(games, (size_t)n, sizeof *games, by_id);
        for (int i = 1; ok && i < n; i++)
            if (games[i].id == games[i - 1].id)
                ok = false, fprintf(stderr, "flipfive-match: game %d appears twice\n", games[i].id);
    }
    if (ok) {
        info.shard = info.shards = 1;
        output(cfg, &info, games, n);
    }
    for (int i = 0; i < n; i++)
        match_report_game_free(&games[i]);
    free(games);
    match_report_info_free(&info);
    return ok ? 0 : 2;
}

int main(int argc, char **argv)
{
    MatchConfig cfg;
    int rc = match_cli_parse(argc, argv, &cfg);
    if (rc < 0) {
        install_signals();
        if (!cfg.nmerge)
            tables_init(); /* the games' rules judge every move */
        rc = cfg.nmerge ? merge(&cfg) : play(&cfg);
    }
    match_cli_free(&cfg);
    return rc;
}
