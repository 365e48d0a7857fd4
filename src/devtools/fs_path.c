/* fs: resolving paths with the project root as a hard boundary. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "devtools/fs.h"
#include "devtools/fs_internal.h"

enum { MAX_DEPTH = 256 };

static bool force_walk; /* tests exercise the fallback on kernels that have openat2 */

void z3_fs__force_walk(bool on) { force_walk = on; }

z3_status z3_fs_root_open(z3_fs_root *root, const char *dir, z3_error *err) {
  root->fd = -1;
  root->real = NULL;
  if (!dir || !*dir) dir = ".";
  char real[PATH_MAX];
  if (!realpath(dir, real)) {
    return z3_error_set(err, errno == ENOENT ? Z3_E_NOT_FOUND : Z3_E_IO, "--root '%s': %s", dir,
                        strerror(errno));
  }
  root->fd = open(real, O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (root->fd < 0) return z3_error_set(err, Z3_E_IO, "--root '%s' is not a folder we can open: %s", dir,
                                        strerror(errno));
  root->real = z3_strdup(real);
  return root->real ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
}

void z3_fs_root_close(z3_fs_root *root) {
  if (root->fd >= 0) close(root->fd);
  z3_free(root->real);
  root->fd = -1;
  root->real = NULL;
}

static int openat2_beneath(int dirfd, const char *rel) {
  struct open_how how = {.flags = O_PATH | O_CLOEXEC, .resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS};
  return (int)syscall(SYS_openat2, dirfd, rel, &how, sizeof how);
}

/* One component at a time, never following a symlink: without openat2 we
 * cannot tell where a link leads without racing, so links are refused. */
static int walk_beneath(int rootfd, const char *rel) {
  int stack[MAX_DEPTH];
  int depth = 0;
  int cur = rootfd;
  char *copy = z3_strdup(rel);
  if (!copy) return errno = ENOMEM, -1;
  int result = -1;
  char *save = NULL;
  for (char *part = strtok_r(copy, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
    if (strcmp(part, ".") == 0) continue;
    if (strcmp(part, "..") == 0) {
      if (depth == 0) { errno = EXDEV; goto done; }
      close(stack[--depth]);
      cur = depth ? stack[depth - 1] : rootfd;
      continue;
    }
    if (depth == MAX_DEPTH) { errno = ENAMETOOLONG; goto done; }
    int fd = openat(cur, part, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) goto done;
    struct stat st;
    if (fstat(fd, &st) != 0 || S_ISLNK(st.st_mode)) {
      close(fd);
      errno = ELOOP;
      goto done;
    }
    stack[depth++] = cur = fd;
  }
  result = depth ? dup(stack[depth - 1]) : openat(rootfd, ".", O_PATH | O_CLOEXEC);
done:;
  int saved = errno;
  while (depth > 0) close(stack[--depth]);
  z3_free(copy);
  errno = saved;
  return result;
}

z3_status z3_fs_resolve(const z3_fs_root *root, const char *rel, int *fd, z3_error *err) {
  return z3_fs_resolve_arg(root, rel, "path", fd, err);
}

z3_status z3_fs_resolve_arg(const z3_fs_root *root, const char *rel, const char *arg, int *fd, z3_error *err) {
  *fd = -1;
  if (!rel || !*rel) rel = ".";
  if (rel[0] == '/') {
    return z3_error_set(err, Z3_E_USAGE, "--%s '%s' is absolute; paths are relative to the root '%s'", arg, rel,
                        root->real);
  }
  int got = force_walk ? -1 : openat2_beneath(root->fd, rel);
  if (got < 0 && (force_walk || errno == ENOSYS)) got = walk_beneath(root->fd, rel);
  if (got >= 0) return *fd = got, Z3_OK;
  switch (errno) {
  case EXDEV:
    return z3_error_set(err, Z3_E_USAGE, "--%s '%s' leads outside the root '%s'", arg, rel, root->real);
  case ELOOP:
    return z3_error_set(err, Z3_E_USAGE,
                        "--%s '%s' goes through a symlink that loops or cannot be followed safely", arg, rel);
  case ENOENT:
    return z3_error_set(err, Z3_E_NOT_FOUND, "--%s '%s' does not exist under the root '%s'", arg, rel, root->real);
  case ENOTDIR:
    return z3_error_set(err, Z3_E_NOT_FOUND, "--%s '%s': a part of it is not a folder", arg, rel);
  default:
    return z3_error_set(err, Z3_E_IO, "--%s '%s': %s", arg, rel, strerror(errno));
  }
}

z3_status z3_fs_real_path(int path_fd, char **out, z3_error *err) {
  char proc[64], real[PATH_MAX];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", path_fd);
  ssize_t n = readlink(proc, real, sizeof real - 1);
  if (n < 0) return z3_error_set(err, Z3_E_IO, "cannot tell where descriptor %d leads: %s", path_fd, strerror(errno));
  real[n] = '\0';
  *out = z3_strdup(real);
  return *out ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
}

int z3_fs_reopen(int path_fd, int flags) {
  char proc[64];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", path_fd);
  return open(proc, flags | O_CLOEXEC | O_NOCTTY);
}

z3_status z3_fs_open_read(const z3_fs_root *root, const char *rel, int *fd, struct stat *st, z3_error *err) {
  int pfd;
  z3_status s = z3_fs_resolve(root, rel, &pfd, err);
  if (s != Z3_OK) return s;
  if (fstat(pfd, st) != 0) {
    close(pfd);
    return z3_error_set(err, Z3_E_IO, "--path '%s': %s", rel, strerror(errno));
  }
  if (!S_ISREG(st->st_mode) && !S_ISDIR(st->st_mode)) {
    close(pfd);
    return z3_error_set(err, Z3_E_USAGE, "--path '%s' is a %s; only files and folders are opened", rel,
                        z3_fs_type_name(st->st_mode));
  }
  *fd = z3_fs_reopen(pfd, O_RDONLY | (S_ISDIR(st->st_mode) ? O_DIRECTORY : 0));
  int saved = errno;
  close(pfd);
  if (*fd < 0) return z3_error_set(err, Z3_E_IO, "--path '%s': %s", rel, strerror(saved));
  return Z3_OK;
}

const char *z3_fs_type_name(mode_t mode) {
  if (S_ISREG(mode)) return "file";
  if (S_ISDIR(mode)) return "dir";
  if (S_ISLNK(mode)) return "symlink";
  if (S_ISFIFO(mode)) return "fifo";
  if (S_ISSOCK(mode)) return "socket";
  if (S_ISCHR(mode)) return "char-device";
  if (S_ISBLK(mode)) return "block-device";
  return "other";
}

/* Strict UTF-8 over the sample; a sequence cut at the sample's end is fine. */
bool z3_fs_looks_binary(const void *data, size_t len) {
  const unsigned char *p = data;
  for (size_t i = 0; i < len;) {
    unsigned char c = p[i];
    if (c == 0) return true;
    size_t n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 0 || (n == 2 && c < 0xC2)) return true;
    for (size_t k = 1; k < n && i + k < len; k++) {
      if ((p[i + k] & 0xC0) != 0x80) return true;
    }
    i += n;
  }
  return false;
}
