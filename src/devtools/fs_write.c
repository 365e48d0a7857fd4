/* fs write: replaces or creates one file beneath the root, atomically. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "devtools/fs_internal.h"

/* Splits "a/b/c.txt" into folder "a/b" and name "c.txt" (folder "." when none). */
static z3_status split_path(const char *rel, char *dir, size_t dir_size, const char **name, z3_error *err) {
  const char *slash = strrchr(rel, '/');
  *name = slash ? slash + 1 : rel;
  size_t dlen = slash ? (size_t)(slash - rel) : 0;
  if (!**name || strcmp(*name, ".") == 0 || strcmp(*name, "..") == 0) {
    return z3_error_set(err, Z3_E_USAGE, "--path '%s' does not name a file", rel);
  }
  if (dlen + 2 > dir_size) return z3_error_set(err, Z3_E_USAGE, "--path '%s' is too long", rel);
  if (dlen == 0 && !slash) {
    strcpy(dir, ".");
  } else if (dlen == 0) {
    return z3_error_set(err, Z3_E_USAGE, "--path '%s' is absolute; paths are relative to the root", rel);
  } else {
    memcpy(dir, rel, dlen);
    dir[dlen] = '\0';
  }
  return Z3_OK;
}

/* What is at the target now must be a plain file of its own, or nothing. */
static z3_status check_target(int dirfd, const char *name, const char *rel, z3_error *err) {
  struct stat st;
  if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno == ENOENT) return Z3_OK;
    return z3_error_set(err, Z3_E_IO, "--path '%s': %s", rel, strerror(errno));
  }
  if (!S_ISREG(st.st_mode)) {
    return z3_error_set(err, Z3_E_USAGE, "--path '%s' is a %s; fs write replaces only plain files", rel,
                        z3_fs_type_name(st.st_mode));
  }
  if (st.st_nlink > 1) {
    z3_error_set(err, Z3_E_USAGE, "--path '%s' has %ju hard links; writing it would change a file elsewhere too",
                 rel, (uintmax_t)st.st_nlink);
    z3_error_hint(err, "copy it to a new name first, or remove the other links");
    return Z3_E_USAGE;
  }
  return Z3_OK;
}

static z3_status folder_path(int dirfd, char *out, size_t size, z3_error *err) {
  char proc[64];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", dirfd);
  ssize_t n = readlink(proc, out, size - 1);
  if (n < 0 || (size_t)n >= size - 1) return z3_error_set(err, Z3_E_IO, "cannot name the folder to write in");
  out[n] = '\0';
  return Z3_OK;
}

z3_status cmd_fs_write(z3_cmd_ctx *ctx, z3_error *err) {
  const char *rel = z3_arg_str(ctx, "path"), *content = z3_arg_str(ctx, "content");
  size_t len = strlen(content);
  if (len > (size_t)z3_arg_int(ctx, "max-bytes")) {
    return z3_error_set(err, Z3_E_USAGE, "--content has %zu bytes, over --max-bytes %jd", len,
                        (intmax_t)z3_arg_int(ctx, "max-bytes"));
  }
  char dir[PATH_MAX], full[PATH_MAX];
  const char *name;
  z3_status s = split_path(rel, dir, sizeof dir, &name, err);
  if (s != Z3_OK) return s;
  z3_fs_root root;
  s = z3_fs_root_open(&root, z3_arg_str(ctx, "root"), err);
  if (s != Z3_OK) return s;
  int dirfd = -1;
  struct stat st;
  s = z3_fs_resolve(&root, dir, &dirfd, err);
  if (s == Z3_OK && (fstat(dirfd, &st) != 0 || !S_ISDIR(st.st_mode))) {
    s = z3_error_set(err, Z3_E_USAGE, "--path '%s': '%s' is not a folder", rel, dir);
  }
  if (s == Z3_OK) s = check_target(dirfd, name, rel, err);
  if (s == Z3_OK) s = folder_path(dirfd, full, sizeof full - strlen(name) - 2, err);
  if (s == Z3_OK) {
    strcat(full, "/");
    strcat(full, name);
    json_object_set_new(ctx->result, "path", json_string(rel));
    json_object_set_new(ctx->result, "bytes", json_integer((json_int_t)len));
    s = z3_cmd_write_file(ctx, full, content, len, err);
  }
  if (dirfd >= 0) close(dirfd);
  z3_fs_root_close(&root);
  return s;
}
