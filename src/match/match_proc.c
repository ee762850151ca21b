/*
 * match_proc.c - engine processes for the referee. The referee must survive
 * anything an engine does: garbage, silence, dying mid-reply, children of
 * its own. So reads go through poll() with deadlines, every pipe is
 * close-on-exec, and each engine leads its own process group, which is
 * killed as a whole when the engine is stopped.
 */
#include "match_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "timeman.h"

enum { MAX_LINE = 1 << 20 }; /* a longer line is garbage */

static volatile sig_atomic_t abort_requested;

void match_proc_request_abort(void) { abort_requested = 1; }
bool match_proc_aborted(void) { return abort_requested != 0; }

void match_proc_cloexec(int fd)
{
    int flags = fcntl(fd, F_GETFD);
    if (flags >= 0)
        fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

static bool make_pipe(int fds[2])
{
    if (pipe(fds) != 0)
        return false;
    match_proc_cloexec(fds[0]);
    match_proc_cloexec(fds[1]);
    return true;
}

/* In the child: wire the pipes, enter dir and exec; report errno on the
 * status pipe. */
static void child_exec(char *const argv[], const char *dir, int in_fd, int out_fd, int err_fd, int status_fd)
{
    setpgid(0, 0);
    signal(SIGPIPE, SIG_DFL); /* an ignored signal would survive exec */
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (err_fd < 0)
        err_fd = open("/dev/null", O_WRONLY);
    if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || (err_fd >= 0 && dup2(err_fd, 2) < 0) ||
        (dir && chdir(dir) != 0)) {
        int e = errno;
        (void)!write(status_fd, &e, sizeof e);
        _exit(127);
    }
    execvp(argv[0], argv);
    int e = errno;
    (void)!write(status_fd, &e, sizeof e);
    _exit(127);
}

bool match_proc_start(MatchProc *p, char *const argv[], const char *dir, int stderr_fd, char *err,
                      size_t errlen)
{
    FILE *log = p->log;
    char tag = p->tag;
    *p = (MatchProc){.to_fd = -1, .from_fd = -1, .log = log, .tag = tag};
    int in[2], out[2], st[2];
    if (!make_pipe(in))
        goto fail_none;
    if (!make_pipe(out))
        goto fail_in;
    if (!make_pipe(st))
        goto fail_out;
    pid_t pid = fork();
    if (pid < 0)
        goto fail_all;
    if (pid == 0)
        child_exec(argv, dir, in[0], out[1], stderr_fd, st[1]);
    setpgid(pid, pid); /* also done by the child: whichever runs first */
    close(in[0]);
    close(out[1]);
    close(st[1]);
    int child_errno = 0;
    ssize_t n;
    do
        n = read(st[0], &child_errno, sizeof child_errno);
    while (n < 0 && errno == EINTR);
    close(st[0]);
    p->pid = pid;
    p->to_fd = in[1];
    p->from_fd = out[0];
    if (n > 0) {
        snprintf(err, errlen, "cannot run '%s': %s", argv[0], strerror(child_errno));
        match_proc_kill(p);
        return false;
    }
    return true;
fail_all:
    close(st[0]);
    close(st[1]);
fail_out:
    close(out[0]);
    close(out[1]);
fail_in:
    close(in[0]);
    close(in[1]);
fail_none:
    snprintf(err, errlen, "cannot start '%s': %s", argv[0], strerror(errno));
    return false;
}

bool match_proc_write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        s += w;
        n -= (size_t)w;
    }
    return true;
}

/* Milliseconds until deadline for poll(): -1 forever, 0 when passed. */
static int poll_timeout(int64_t deadline_ns)
{
    if (deadline_ns == 0)
        return -1;
    int64_t left = deadline_ns - clock_ns();
    if (left <= 0)
        return 0;
    int64_t ms = (left + 999999) / 1000000;
    return ms > 1000000 ? 1000000 : (int)ms;
}

/* Reads what is available, waiting until the deadline. */
static ProcStatus fill(MatchProc *p, int64_t deadline_ns)
{
    for (;;) {
        if (abort_requested)
            return PROC_ABORTED;
        struct pollfd pfd = {.fd = p->from_fd, .events = POLLIN};
        int timeout = poll_timeout(deadline_ns);
        int r = poll(&pfd, 1, timeout);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return PROC_EOF;
        if (r == 0)
            return PROC_TIMEOUT;
        if (p->rcap - p->rlen < 4096) {
            size_t cap = p->rcap ? p->rcap * 2 : 8192;
            char *nb = realloc(p->rbuf, cap);
            if (!nb)
                return PROC_EOF;
            p->rbuf = nb;
            p->rcap = cap;
        }
        ssize_t n = read(p->from_fd, p->rbuf + p->rlen, p->rcap - p->rlen);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            p->eof = true;
            return PROC_EOF;
        }
        p->rlen += (size_t)n;
        return PROC_OK;
    }
}

/* One line out of the read buffer, cleaned as GTP says: control
 * characters other than tab dropped, tabs made spaces. */
static bool take_line(MatchProc *p, Buf *line, bool at_eof)
{
    if (p->rlen == 0)
        return false;
    char *nl = memchr(p->rbuf, '\n', p->rlen);
    size_t len = nl ? (size_t)(nl - p->rbuf) : p->rlen;
    if (!nl && (!at_eof || len == 0))
        return false;
    buf_clear(line);
    for (size_t i = 0; i < len; i++) {
        char c = p->rbuf[i];
        if (c == '\t')
            c = ' ';
        if ((unsigned char)c >= 32 && c != 127)
            buf_append(line, &c, 1);
    }
    size_t used = nl ? len + 1 : len;
    memmove(p->rbuf, p->rbuf + used, p->rlen - used);
    p->rlen -= used;
    if (p->log)
        fprintf(p->log, "%c< %s\n", p->tag, buf_str(line));
    return true;
}

bool match_proc_send(MatchProc *p, const char *line)
{
    if (p->pid == 0 || p->to_fd < 0)
        return false;
    if (p->log) {
        fprintf(p->log, "%c> %s\n", p->tag, line);
        fflush(p->log);
    }
    return match_proc_write_all(p->to_fd, line, strlen(line)) && match_proc_write_all(p->to_fd, "\n", 1);
}

ProcStatus match_proc_read_line(MatchProc *p, int64_t deadline_ns, Buf *line)
{
    for (;;) {
        if (take_line(p, line, p->eof))
            return PROC_OK;
        if (p->eof || p->rlen > MAX_LINE)
            return PROC_EOF;
        ProcStatus st = fill(p, deadline_ns);
        if (st != PROC_OK && st != PROC_EOF)
            return st;
    }
}

static bool exited(const MatchProc *p)
{
    siginfo_t info;
    memset(&info, 0, sizeof info);
    /* WNOWAIT leaves the zombie, so its pid still names the group. */
    if (waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) < 0)
        return errno == ECHILD;
    return info.si_pid == p->pid;
}

static void reap_kill(MatchProc *p)
{
    if (p->pid != 0) {
        /* Until the leader is reaped its pid names the group: safe to kill. */
        kill(-p->pid, SIGKILL);
        kill(p->pid, SIGKILL);
        while (waitpid(p->pid, &p->wait_status, 0) < 0 && errno == EINTR)
            ;
        p->pid = 0;
    }
    close_fd(&p->to_fd);
    close_fd(&p->from_fd);
    free(p->rbuf);
    p->rbuf = NULL;
    p->rlen = p->rcap = 0;
}

void match_proc_kill(MatchProc *p) { reap_kill(p); }

void match_proc_stop(MatchProc *p, const char *quit_line, int64_t grace_ns)
{
    if (quit_line && p->pid != 0 && p->to_fd >= 0 && !p->eof && !abort_requested)
        match_proc_send(p, quit_line);
    close_fd(&p->to_fd); /* EOF on stdin ends engines that ignore quit */
    int64_t deadline = clock_ns() + grace_ns;
    while (p->pid != 0 && !exited(p) && clock_ns() < deadline && !abort_requested) {
        struct timespec ts = {0, 5 * 1000000};
        nanosleep(&ts, NULL);
    }
    reap_kill(p); /* also ends anything the engine left behind */
}

void match_proc_describe_exit(const MatchProc *p, char *out, size_t n)
{
    if (p->pid != 0)
        snprintf(out, n, "running");
    else if (WIFEXITED(p->wait_status))
        snprintf(out, n, "exit %d", WEXITSTATUS(p->wait_status));
    else if (WIFSIGNALED(p->wait_status))
        snprintf(out, n, "signal %d", WTERMSIG(p->wait_status));
    else
        snprintf(out, n, "gone");
}

bool match_proc_no_children(const char *who)
{
    int status;
    pid_t r = waitpid(-1, &status, WNOHANG);
    if (r < 0 && errno == ECHILD)
        return true;
    fprintf(stderr, "flipfive-match: %s left %s child process\n", who, r > 0 ? "an unreaped" : "a running");
    return false;
}
