/*
 * Leftover temporaries of atomic writes (see base.h, "Leftovers").
 *
 * Every temporary name carries the writing process's id:
 *   TARGET.z3tmp.<pid>.<6 random>   the new contents before the rename
 *   BACKUP.z3tmp.<pid>.link         the backup's hard link before its rename
 * A process killed between creating one and renaming it leaves it behind. A
 * later save sweeps the folder and removes those whose process no longer
 * exists; a live process's temporaries, names of any other shape and anything
 * that is not a regular file are never touched.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <libgen.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base.h"

static const char MARK[] = ".z3tmp.";

char *z3_file__temp_template(const char *path) { return z3_strfmt("%s%s%ld.XXXXXX", path, MARK, (long)getpid()); }

char *z3_file__link_name(const char *backup) { return z3_strfmt("%s%s%ld.link", backup, MARK, (long)getpid()); }

static bool all_digits(const char *s, size_t n) {
  if (n == 0 || n > 10) return false;
  for (size_t i = 0; i < n; i++)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

/* Splits NAME into its target's name and the owner's pid; false for names
 * that are not a z3ed temporary. Names of the first scheme (no pid) give pid 0. */
static bool parse_name(const char *name, size_t *target_len, long *pid) {
  const char *mark = strstr(name, MARK);
  if (!mark || mark == name) return false;
  for (const char *later; (later = strstr(mark + 1, MARK));) mark = later;
  const char *rest = mark + sizeof MARK - 1;
  *target_len = (size_t)(mark - name);
  if (strcmp(rest, "link") == 0 || (strlen(rest) == 6 && !strchr(rest, '.'))) {
    *pid = 0; /* written before names carried the pid */
    return true;
  }
  const char *dot = strchr(rest, '.');
  if (!dot || !all_digits(rest, (size_t)(dot - rest))) return false;
  const char *tail = dot + 1;
  if (strcmp(tail, "link") != 0 && (strlen(tail) != 6 || strchr(tail, '.'))) return false;
  *pid = strtol(rest, NULL, 10);
  return *pid > 0;
}

bool z3_file__owner_alive(long pid) {
  if (pid <= 0) return true; /* unknown owner: treated as alive, so never removed */
  return kill((pid_t)pid, 0) == 0 || errno == EPERM;
}

/* Whether target (a name in the folder) is `base` itself or its default backup. */
static bool belongs_to(const char *name, size_t target_len, const char *base) {
  size_t n = strlen(base);
  if (target_len == n) return strncmp(name, base, n) == 0;
  return target_len == n + 4 && strncmp(name, base, n) == 0 && strncmp(name + n, ".bak", 4) == 0;
}

z3_status z3_file_leftovers(const char *folder, const char *base, z3_leftover_fn fn, void *data, z3_error *err) {
  DIR *dir = opendir(folder && *folder ? folder : ".");
  if (!dir) return z3_error_set(err, Z3_E_IO, "cannot list '%s': %s", folder, strerror(errno));
  z3_status st = Z3_OK;
  for (struct dirent *e; st == Z3_OK && (e = readdir(dir));) {
    size_t target_len;
    long pid;
    if (!parse_name(e->d_name, &target_len, &pid)) continue;
    if (base && !belongs_to(e->d_name, target_len, base)) continue;
    struct stat sb;
    if (fstatat(dirfd(dir), e->d_name, &sb, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(sb.st_mode)) continue;
    z3_leftover l = {.name = e->d_name, .pid = pid, .owner_alive = z3_file__owner_alive(pid), .size = (uint64_t)sb.st_size};
    st = fn(&l, data);
  }
  closedir(dir);
  return st;
}

typedef struct sweep {
  const char *folder;
  size_t removed;
} sweep;

static z3_status remove_dead(const z3_leftover *l, void *data) {
  sweep *s = data;
  if (l->owner_alive) return Z3_OK;
  char *path = z3_strfmt("%s/%s", s->folder, l->name);
  if (path && unlink(path) == 0) s->removed++;
  z3_free(path);
  return Z3_OK;
}

size_t z3_file_sweep_leftovers(const char *folder, const char *base) {
  sweep s = {.folder = folder && *folder ? folder : "."};
  z3_error ignored;
  z3_error_init(&ignored);
  z3_file_leftovers(s.folder, base, remove_dead, &s, &ignored); /* best effort: a save never fails for this */
  return s.removed;
}

/* The folder/name split both callers of a path need; dirname and basename may
 * modify their argument, hence a copy each. */
z3_status z3_file_leftovers_beside(const char *path, z3_leftover_fn fn, void *data, z3_error *err) {
  char *dir = z3_strdup(path), *name = z3_strdup(path);
  z3_status rc = dir && name ? z3_file_leftovers(dirname(dir), basename(name), fn, data, err)
                             : z3_error_set(err, Z3_E_NOMEM, "out of memory listing leftovers of '%s'", path);
  z3_free(dir);
  z3_free(name);
  return rc;
}

size_t z3_file_sweep_leftovers_beside(const char *path) {
  char *dir = z3_strdup(path), *name = z3_strdup(path);
  size_t n = dir && name ? z3_file_sweep_leftovers(dirname(dir), basename(name)) : 0;
  z3_free(dir);
  z3_free(name);
  return n;
}
