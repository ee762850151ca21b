/*
 * match_run.c - scheduling games. Each game runs in its own forked worker,
 * which starts and reaps the two engines and sends its record back as one
 * JSON line on a pipe; a worker that dies cannot take the match with it.
 */
#include "match_run.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "match_game.h"
#include "match_proc.h"
#include "timeman.h"

/* ------------------------------------------------------------------ plan */

bool match_run_plan(const MatchConfig *cfg, MatchPlan *plan, char *err, size_t errlen)
{
    *plan = (MatchPlan){0};
    if (cfg->openings && !match_open_load(cfg, &plan->openings, err, errlen))
        return false;
    int games = cfg->games ? cfg->games : cfg->openings ? 2 * plan->openings.count : 2;
    if (!cfg->openings && !match_open_generate(cfg, (games + 1) / 2, &plan->openings)) {
        snprintf(err, errlen, "cannot generate openings");
        return false;
    }
    plan->planned = games;
    plan->games = calloc((size_t)games, sizeof *plan->games);
    if (!plan->games) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    for (int i = 0; i < games; i++) {
        /* Shards take whole pairs, so each plays both colours of its openings. */
        if ((i / 2) % cfg->shards != cfg->shard - 1)
            continue;
        plan->games[plan->count++] = (MatchPlanGame){
            .id = i + 1, .opening = (i / 2) % plan->openings.count, .black = i % 2 ? MATCH_B : MATCH_A};
    }
    return true;
}

void match_run_free_plan(MatchPlan *plan)
{
    match_open_free(&plan->openings);
    free(plan->games);
    *plan = (MatchPlan){0};
}

/* ----------------------------------------------------------------- probe */

bool match_run_probe(const MatchConfig *cfg, MatchInfo *info)
{
    for (int e = 0; e < 2; e++) {
        MatchEngine m;
        char err[256];
        if (!match_engine_start(&m, cfg, e, NULL, STDERR_FILENO, err, sizeof err)) {
            fprintf(stderr, "flipfive-match: engine %c: %s\n", 'A' + e, err);
            return false;
        }
        Buf name = {0};
        DrvStatus st = m.drv->probe(&m, &name);
        if (st == DRV_OK)
            info->name[e] = strdup(buf_str(&name));
        match_engine_stop(&m, 2000000000);
        buf_free(&name);
        if (st != DRV_OK) {
            fprintf(stderr, "flipfive-match: engine %c (%s) does not answer %s\n", 'A' + e, cfg->command[e],
                    m.drv->name);
            return false;
        }
    }
    return true;
}

/* --------------------------------------------------------------- workers */

typedef struct Worker {
    pid_t pid;
    int fd;
    Buf out;
    const MatchPlanGame *game;
} Worker;

static void worker_main(const MatchConfig *cfg, const MatchInfo *info, const MatchPlan *plan,
                        const MatchPlanGame *pg, int fd)
{
    MatchResult r;
    match_game_play(cfg, info, &plan->openings.list[pg->opening], pg->id, pg->black, &r);
    Buf b = {0};
    match_proc_no_children("a game");
    match_report_game_json(&r, &b);
    buf_printf(&b, "\n");
    const char *s = b.data;
    size_t n = b.len;
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        s += w;
        n -= (size_t)w;
    }
    _exit(0);
}

static bool spawn(const MatchConfig *cfg, const MatchInfo *info, const MatchPlan *plan,
                  const MatchPlanGame *pg, Worker *w)
{
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    match_proc_cloexec(fds[0]);
    match_proc_cloexec(fds[1]);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return false;
    }
    if (pid == 0) {
        close(fds[0]);
        worker_main(cfg, info, plan, pg, fds[1]);
    }
    close(fds[1]);
    *w = (Worker){.pid = pid, .fd = fds[0], .game = pg};
    return true;
}

/* The worker is done: reap it and decode its record. */
static void collect(Worker *w, MatchResult *r)
{
    close(w->fd);
    int status;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
        ;
    char err[128];
    Json *j = match_json_parse(w->out.data ? w->out.data : "", w->out.len, err, sizeof err);
    if (!j || !match_report_game_parse(j, r)) {
        match_report_game_free(r);
        *r = (MatchResult){.id = w->game->id, .black = w->game->black, .winner = WINNER_NONE,
                           .reason = REASON_ABORTED, .fault = -1};
        snprintf(r->result, sizeof r->result, "Void");
        r->opening = strdup("");
        r->moves = strdup("");
        r->detail = strdup("the referee's worker process failed");
    }
    match_json_free(j);
    buf_free(&w->out);
}

/* --------------------------------------------------------------- progress */

static void progress(const MatchConfig *cfg, const MatchResult *r, const MatchResult *all, int done,
                     int total, int64_t t0)
{
    if (cfg->quiet)
        return;
    MatchSummary s;
    match_report_summarize(all, done, false, &s);
    int secs = (int)((clock_ns() - t0) / 1000000000);
    char line[256];
    snprintf(line, sizeof line, "[%d/%d] A %.1f - %.1f B  (+%d =%d -%d)  %d:%02d:%02d", done, total,
             s.wins + 0.5 * s.draws, s.losses + 0.5 * s.draws, s.wins, s.draws, s.losses, secs / 3600,
             secs / 60 % 60, secs % 60);
    if (isatty(STDERR_FILENO))
        fprintf(stderr, "\r\033[K%s%s", line, done == total ? "\n" : "");
    else
        fprintf(stderr, "game %d: %c black, %s (%s%s%s)  %s\n", r->id, 'A' + r->black, r->result,
                match_report_reason_name(r->reason), r->fault >= 0 ? " by " : "",
                r->fault >= 0 ? (r->fault ? "B" : "A") : "", line);
}

static int by_id(const void *a, const void *b)
{
    return ((const MatchResult *)a)->id - ((const MatchResult *)b)->id;
}

static void make_dir(const char *dir)
{
    if (dir && mkdir(dir, 0777) != 0 && errno != EEXIST)
        fprintf(stderr, "flipfive-match: cannot create %s: %s\n", dir, strerror(errno));
}

/* Waits for output of the running workers; finished ones are collected. */
static int poll_workers(Worker *run, int *nrun, MatchResult *out, int *done)
{
    if (*nrun <= 0 || *nrun > 256)
        return 0;
    struct pollfd pfd[256];
    for (int i = 0; i < *nrun; i++)
        pfd[i] = (struct pollfd){.fd = run[i].fd, .events = POLLIN};
    if (poll(pfd, (nfds_t)*nrun, 1000) <= 0)
        return 0;
    int finished = 0;
    for (int i = *nrun - 1; i >= 0; i--) {
        if (!pfd[i].revents)
            continue;
        char buf[4096];
        ssize_t n = read(run[i].fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n > 0) {
            buf_append(&run[i].out, buf, (size_t)n);
            continue;
        }
        collect(&run[i], &out[(*done)++]);
        run[i] = run[--*nrun];
        finished++;
    }
    return finished;
}

int match_run_games(const MatchConfig *cfg, const MatchInfo *info, const MatchPlan *plan,
                    MatchResult *out)
{
    make_dir(cfg->sgf_dir);
    make_dir(cfg->log_dir);
    Worker run[256];
    int nrun = 0, next = 0, done = 0;
    bool stopping = false;
    int64_t t0 = clock_ns();
    while (next < plan->count || nrun > 0) {
        if (match_proc_aborted() && !stopping) {
            stopping = true;
            for (int i = 0; i < nrun; i++)
                kill(run[i].pid, SIGTERM);
        }
        while (!stopping && nrun < cfg->jobs && next < plan->count) {
            if (!spawn(cfg, info, plan, &plan->games[next], &run[nrun])) {
                fprintf(stderr, "flipfive-match: cannot fork: %s\n", strerror(errno));
                stopping = true;
                break;
            }
            next++;
            nrun++;
        }
        if (nrun == 0)
            break;
        int before = done;
        poll_workers(run, &nrun, out, &done);
        for (int k = before; k < done; k++) {
            if (stopping && out[k].reason == REASON_ABORTED) {
                match_report_game_free(&out[k]); /* interrupted: no result */
                out[k--] = out[--done];
                continue;
            }
            progress(cfg, &out[k], out, k + 1, plan->count, t0);
        }
    }
    match_proc_no_children("the match");
    qsort(out, (size_t)done, sizeof *out, by_id);
    return done;
}
