/*
 * match_run.c - scheduling games. Games run in forked workers, which start
 * and reap the engines and send each game's record back as one JSON line
 * on a pipe; a worker that dies cannot take the match with it. With
 * --restart on (the default) each game has its own worker and engines; with
 * --restart off each of the -j workers plays its share of the list with one
 * pair of engine processes.
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
        match_engine_init(&m, cfg->engine[e].drv, cfg, e, cfg->timeout);
        if (!match_engine_start(&m, &cfg->engine[e], NULL, STDERR_FILENO, err, sizeof err)) {
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

/* A worker plays its games one after the other and sends each record as a
 * JSON line as soon as the game ends. With --restart on every game has a
 * worker of its own; with it off, worker k of -j N plays the games k,
 * k + N, ... of the list with the same two engine processes. */
typedef struct Worker {
    pid_t pid;
    int fd;
    Buf out;
    const MatchPlanGame **games; /* its games, in order */
    int ngames, reported;
} Worker;

static void worker_main(const MatchConfig *cfg, const MatchInfo *info, const MatchPlan *plan,
                        const Worker *w, int fd)
{
    MatchSeats seats;
    match_seats_init(&seats);
    for (int i = 0; i < w->ngames && !match_proc_aborted(); i++) {
        const MatchPlanGame *pg = w->games[i];
        MatchResult r;
        match_game_play(cfg, info, &plan->openings.list[pg->opening], pg->id, pg->black, &seats, &r);
        Buf b = {0};
        match_report_game_json(&r, &b);
        buf_printf(&b, "\n");
        bool ok = match_proc_write_all(fd, b.data, b.len);
        buf_free(&b);
        match_report_game_free(&r);
        if (!ok)
            break;
    }
    match_seats_stop(&seats);
    match_proc_no_children(cfg->restart ? "a game" : "a series of games");
    _exit(0);
}

static bool spawn(const MatchConfig *cfg, const MatchInfo *info, const MatchPlan *plan, Worker *w)
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
        worker_main(cfg, info, plan, w, fds[1]);
    }
    close(fds[1]);
    w->pid = pid;
    w->fd = fds[0];
    return true;
}

/* A record the worker could not send: the game has no result. */
static void void_result(const MatchPlanGame *pg, MatchResult *r)
{
    *r = (MatchResult){.id = pg->id, .black = pg->black, .winner = WINNER_NONE,
                       .reason = REASON_ABORTED, .fault = -1};
    snprintf(r->result, sizeof r->result, "Void");
    r->opening = strdup("");
    r->moves = strdup("");
    r->detail = strdup("the referee's worker process failed");
}

/* Decodes the complete lines the worker has sent; returns how many. */
static int take_lines(Worker *w, MatchResult *out)
{
    int n = 0;
    char *nl;
    while (w->out.len > 0 && (nl = memchr(w->out.data, '\n', w->out.len)) != NULL &&
           w->reported < w->ngames) {
        size_t len = (size_t)(nl - w->out.data);
        char err[128];
        MatchResult *r = &out[n];
        Json *j = match_json_parse(w->out.data, len, err, sizeof err);
        if (!j || !match_report_game_parse(j, r)) {
            match_report_game_free(r);
            void_result(w->games[w->reported], r);
        }
        match_json_free(j);
        w->reported++;
        n++;
        memmove(w->out.data, nl + 1, w->out.len - len - 1);
        w->out.len -= len + 1;
        w->out.data[w->out.len] = '\0';
    }
    return n;
}

/* The worker is done: reap it; its games without a record are void. */
static int collect(Worker *w, MatchResult *out)
{
    close(w->fd);
    int status;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
        ;
    int n = take_lines(w, out);
    while (w->reported < w->ngames)
        void_result(w->games[w->reported++], &out[n++]);
    buf_free(&w->out);
    free(w->games);
    return n;
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

/* Waits for output of the running workers and decodes the records that
 * arrived; finished workers are collected. Returns the new records. */
static int poll_workers(Worker *run, int *nrun, MatchResult *out, int *done)
{
    if (*nrun <= 0 || *nrun > 256)
        return 0;
    struct pollfd pfd[256];
    for (int i = 0; i < *nrun; i++)
        pfd[i] = (struct pollfd){.fd = run[i].fd, .events = POLLIN};
    if (poll(pfd, (nfds_t)*nrun, 1000) <= 0)
        return 0;
    int before = *done;
    for (int i = *nrun - 1; i >= 0; i--) {
        if (!pfd[i].revents)
            continue;
        char buf[4096];
        ssize_t n = read(run[i].fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n > 0) {
            buf_append(&run[i].out, buf, (size_t)n);
            *done += take_lines(&run[i], out + *done);
            continue;
        }
        *done += collect(&run[i], out + *done);
        run[i] = run[--*nrun];
    }
    return *done - before;
}

/* The games of worker k: one game with --restart on, else every jobs-th. */
static bool assign(const MatchConfig *cfg, const MatchPlan *plan, int k, Worker *w)
{
    *w = (Worker){.fd = -1};
    w->games = malloc(sizeof *w->games * (size_t)(cfg->restart ? 1 : plan->count / cfg->jobs + 1));
    if (!w->games)
        return false;
    if (cfg->restart)
        w->games[w->ngames++] = &plan->games[k];
    else
        for (int i = k; i < plan->count; i += cfg->jobs)
            w->games[w->ngames++] = &plan->games[i];
    return true;
}

/* Says once per match which engine the referee switched to implied passes. */
static void announce_implied(const MatchResult *r, bool *announced)
{
    for (int e = 0; e < 2; e++) {
        if (!r->implied_pass[e] || announced[e])
            continue;
        announced[e] = true;
        fprintf(stderr, "flipfive-match: %c answered '?' to 'play COLOR pass' (game %d): the referee implies "
                "its passes from then on, as --implicit-pass %c does\n", 'A' + e, r->id, 'A' + e);
    }
}

int match_run_games(const MatchConfig *cfg, const MatchInfo *info, const MatchPlan *plan,
                    MatchResult *out)
{
    make_dir(cfg->sgf_dir);
    make_dir(cfg->log_dir);
    Worker run[256];
    const int workers = cfg->restart ? plan->count : (cfg->jobs < plan->count ? cfg->jobs : plan->count);
    int nrun = 0, next = 0, done = 0;
    bool stopping = false, announced[2] = {false, false};
    int64_t t0 = clock_ns();
    while (next < workers || nrun > 0) {
        if (match_proc_aborted() && !stopping) {
            stopping = true;
            for (int i = 0; i < nrun; i++)
                kill(run[i].pid, SIGTERM);
        }
        while (!stopping && nrun < cfg->jobs && next < workers) {
            if (!assign(cfg, plan, next, &run[nrun]) || !spawn(cfg, info, plan, &run[nrun])) {
                fprintf(stderr, "flipfive-match: cannot start a worker: %s\n", strerror(errno));
                free(run[nrun].games);
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
            announce_implied(&out[k], announced);
            progress(cfg, &out[k], out, k + 1, plan->count, t0);
        }
    }
    match_proc_no_children("the match");
    qsort(out, (size_t)done, sizeof *out, by_id);
    return done;
}
