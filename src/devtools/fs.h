/*
 * fs: files confined to a project root. The root is opened once; every path
 * is then resolved with the root as a boundary (openat2 RESOLVE_BENEATH, or a
 * component-by-component O_NOFOLLOW walk on kernels without openat2), so no
 * spelling of a path (.., absolute, a symlink leading out) reaches outside it.
 */
#ifndef Z3_DEVTOOLS_FS_H
#define Z3_DEVTOOLS_FS_H

#include <stdbool.h>
#include <sys/stat.h>

#include "base/base.h"

typedef struct z3_fs_root {
  int fd;     /* O_PATH|O_DIRECTORY descriptor of the root */
  char *real; /* its canonical path, for messages and the atomic writer */
} z3_fs_root;

z3_status z3_fs_root_open(z3_fs_root *root, const char *dir, z3_error *err);
void z3_fs_root_close(z3_fs_root *root);

/* Resolves rel beneath the root into an O_PATH descriptor of what it names
 * (a final symlink is followed, beneath the root too). Refusals name the path
 * and the reason: absolute, escapes the root, symlink loop. */
z3_status z3_fs_resolve(const z3_fs_root *root, const char *rel, int *fd, z3_error *err);
/* The same, naming the argument `--arg` in messages instead of `--path`. */
z3_status z3_fs_resolve_arg(const z3_fs_root *root, const char *rel, const char *arg, int *fd, z3_error *err);
/* The canonical path of what an O_PATH descriptor names (caller frees). */
z3_status z3_fs_real_path(int path_fd, char **out, z3_error *err);
/* The same, then checks the type (regular file or folder only: devices, FIFOs
 * and sockets are refused) and reopens it for reading (O_RDONLY). */
z3_status z3_fs_open_read(const z3_fs_root *root, const char *rel, int *fd, struct stat *st,
                          z3_error *err);
/* Reopens an O_PATH descriptor with flags through /proc/self/fd. */
int z3_fs_reopen(int path_fd, int flags);
/* "file", "dir", "symlink", "fifo", "socket", "char-device", "block-device". */
const char *z3_fs_type_name(mode_t mode);
/* A NUL byte or invalid UTF-8 in the first bytes: the file is not text. */
bool z3_fs_looks_binary(const void *data, size_t len);

#endif
