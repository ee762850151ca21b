/*
 * match_driver.c - engine processes in their own or a copied directory,
 * and what the drivers share.
 */
#include "match_driver.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "timeman.h"

/* -------------------------------------------------------- copied folders */

static bool copy_file(const char *from, const char *to, mode_t mode)
{
    int in = open(from, O_RDONLY), out = in < 0 ? -1 : open(to, O_WRONLY | O_CREAT | O_EXCL, mode & 0777);
    bool ok = in >= 0 && out >= 0;
    char buf[65536];
    ssize_t n;
    while (ok && (n = read(in, buf, sizeof buf)) != 0) {
        ok = n > 0;
        for (ssize_t done = 0; ok && done < n;) {
            ssize_t w = write(out, buf + done, (size_t)(n - done));
            ok = w > 0;
            done += w;
        }
    }
    if (in >= 0)
        close(in);
    if (out >= 0 && close(out) != 0)
        ok = false;
    return ok;
}

/* from's files and folders into the existing folder to (symbolic links
 * copied as links). */
static bool copy_tree(const char *from, const char *to)
{
    DIR *d = opendir(from);
    if (!d)
        return false;
    bool ok = true;
    struct dirent *ent;
    while (ok && (ent = readdir(d)) != NULL) {
        if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0)
            continue;
        char src[4096], dst[4096], link[4096];
        struct stat st;
        snprintf(src, sizeof src, "%s/%s", from, ent->d_name);
        snprintf(dst, sizeof dst, "%s/%s", to, ent->d_name);
        if (lstat(src, &st) != 0)
            ok = false;
        else if (S_ISDIR(st.st_mode))
            ok = mkdir(dst, 0700) == 0 && copy_tree(src, dst) && chmod(dst, st.st_mode & 0777) == 0;
        else if (S_ISLNK(st.st_mode)) {
            ssize_t n = readlink(src, link, sizeof link - 1);
            ok = n >= 0 && (link[n] = '\0', symlink(link, dst) == 0);
        } else if (S_ISREG(st.st_mode))
            ok = copy_file(src, dst, st.st_mode);
    }
    closedir(d);
    return ok;
}

static void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *ent;
    while (d && (ent = readdir(d)) != NULL) {
        if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0)
            continue;
        char sub[4096];
        struct stat st;
        snprintf(sub, sizeof sub, "%s/%s", path, ent->d_name);
        if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode))
            remove_tree(sub);
        else
            unlink(sub);
    }
    if (d)
        closedir(d);
    rmdir(path);
}

/* ------------------------------------------------------------- engines */

void match_engine_init(MatchEngine *m, const MatchDriver *drv, const struct MatchConfig *cfg, int index,
                       double timeout)
{
    *m = (MatchEngine){.drv = drv, .cfg = cfg, .index = index,
                       .proc = {.to_fd = -1, .from_fd = -1, .tag = (char)('A' + index)},
                       .timeout_ns = (int64_t)(timeout * 1e9)};
}

bool match_engine_start(MatchEngine *m, const MatchEngineSpec *spec, FILE *log, int stderr_fd, char *err,
                        size_t errlen)
{
    m->proc.log = log;
    m->workdir[0] = '\0';
    const char *dir = spec->dir;
    if (spec->copy) {
        const char *tmp = getenv("TMPDIR");
        snprintf(m->workdir, sizeof m->workdir, "%s/flipfive-match-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(m->workdir) || !copy_tree(spec->copy, m->workdir)) {
            snprintf(err, errlen, "cannot copy %s to %s: %s", spec->copy, m->workdir, strerror(errno));
            if (m->workdir[0])
                remove_tree(m->workdir);
            m->workdir[0] = '\0';
            return false;
        }
        dir = m->workdir;
    }
    return match_proc_start(&m->proc, spec->argv, dir, stderr_fd, err, errlen);
}

void match_engine_stop(MatchEngine *m, int64_t grace_ns)
{
    match_proc_stop(&m->proc, m->drv ? m->drv->quit : NULL, grace_ns);
    if (m->workdir[0])
        remove_tree(m->workdir);
    m->workdir[0] = '\0';
    buf_free(&m->reply);
}

/* ------------------------------------------------------------- helpers */

DrvStatus match_driver_status(ProcStatus st)
{
    switch (st) {
    case PROC_OK: return DRV_OK;
    case PROC_FAILED: return DRV_REFUSED;
    case PROC_TIMEOUT: return DRV_TIMEOUT;
    case PROC_ABORTED: return DRV_ABORTED;
    default: return DRV_EOF;
    }
}

void match_engine_record(MatchEngine *m, int color, Move mv, bool on_board)
{
    if (m->nmoves >= MAX_GAME_PLY)
        return;
    m->moves[m->nmoves] = mv;
    m->colors[m->nmoves++] = color;
    if (on_board && m->synced == m->nmoves - 1)
        m->synced = m->nmoves;
}
