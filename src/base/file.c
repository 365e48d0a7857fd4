/* Whole-file read and the atomic write whose rules are listed in base.h. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base.h"

static int io_countdown; /* 0 = no fault armed */

void z3_fault_io_after(int n) { io_countdown = n; }

/* True when the armed fault fires on this operation; sets errno like the OS would. */
static bool io_fault(void) {
  if (io_countdown <= 0 || --io_countdown != 0) return false;
  errno = EIO;
  return true;
}

bool z3_file_exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}

z3_status z3_file_read(z3_buf *out, const char *path, size_t max_size, z3_error *err) {
  int fd = io_fault() ? -1 : open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    z3_error_set(err, Z3_E_IO, "cannot open '%s': %s", path, strerror(errno));
    if (errno == ENOENT) z3_error_hint(err, "check the path; it is relative to the current folder");
    return Z3_E_IO;
  }
  struct stat st;
  z3_status rc = Z3_OK;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    rc = z3_error_set(err, Z3_E_IO, "'%s' is not a regular file", path);
  } else if ((uint64_t)st.st_size > max_size) {
    rc = z3_error_set(err, Z3_E_INVALID, "'%s' is %lld bytes, over the limit of %zu bytes", path,
                      (long long)st.st_size, max_size);
  } else {
    rc = z3_buf_resize(out, (size_t)st.st_size, err);
  }
  size_t done = 0;
  while (rc == Z3_OK && done < out->len) {
    ssize_t n = read(fd, out->data + done, out->len - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      rc = z3_error_set(err, Z3_E_IO, "cannot read '%s' at offset %zu: %s", path, done,
                        n == 0 ? "file shrank while reading" : strerror(errno));
      break;
    }
    done += (size_t)n;
  }
  close(fd);
  return rc;
}

char *z3_file_backup_name(const char *path) { return z3_strfmt("%s.bak", path); }

static z3_status write_all(int fd, const uint8_t *p, size_t len, const char *tmp, z3_error *err) {
  while (len > 0) {
    ssize_t n = io_fault() ? -1 : write(fd, p, len);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return z3_error_set(err, Z3_E_IO, "cannot write '%s': %s", tmp, strerror(errno));
    p += n;
    len -= (size_t)n;
  }
  return Z3_OK;
}

/* Copies src to dst byte for byte; used when a hard link is not possible. */
static z3_status copy_file(const char *src, const char *dst, z3_error *err) {
  z3_buf data;
  z3_buf_init(&data);
  z3_status rc = z3_file_read(&data, src, SIZE_MAX, err);
  if (rc == Z3_OK) rc = z3_file_write_atomic(dst, data.data, data.len, NULL, err);
  z3_buf_release(&data);
  return rc;
}

/* Rule 3: the previous target survives under the backup name. The link goes
 * to a side name first and is renamed over the old backup, so a failure at any
 * step leaves the old backup in place. */
static z3_status make_backup(const char *path, const z3_write_opts *opts, z3_error *err) {
  char *bak = opts->backup_path ? z3_strdup(opts->backup_path) : z3_file_backup_name(path);
  char *side = bak ? z3_strfmt("%s.z3tmp.link", bak) : NULL;
  z3_status rc = Z3_OK;
  if (!bak || !side) {
    rc = z3_error_set(err, Z3_E_NOMEM, "out of memory naming a backup");
  } else if (unlink(side) != 0 && errno != ENOENT) {
    rc = z3_error_set(err, Z3_E_IO, "cannot prepare backup '%s': %s", bak, strerror(errno));
  } else if (io_fault() || link(path, side) != 0) {
    if (errno == EIO) {
      rc = z3_error_set(err, Z3_E_IO, "cannot create backup '%s': %s", bak, strerror(errno));
    } else {
      rc = copy_file(path, bak, err); /* no hard links here: an atomic copy instead */
    }
  } else if (io_fault() || rename(side, bak) != 0) {
    rc = z3_error_set(err, Z3_E_IO, "cannot create backup '%s': %s", bak, strerror(errno));
    unlink(side);
  }
  z3_free(side);
  z3_free(bak);
  return rc;
}

static void sync_folder(const char *dir) {
  int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return; /* best effort: some file systems refuse folders */
  fsync(fd);
  close(fd);
}

/* Rules 1 and 2: a complete, synced temporary file beside the target. */
static z3_status write_temp(char *tmp, const char *path, const void *data, size_t len,
                            mode_t mode, z3_error *err) {
  int fd = io_fault() ? -1 : mkstemp(tmp);
  if (fd < 0) {
    return z3_error_set(err, Z3_E_IO, "cannot create a temporary file beside '%s': %s", path,
                        strerror(errno));
  }
  z3_status rc = write_all(fd, data, len, tmp, err);
  if (rc == Z3_OK && fchmod(fd, mode) != 0) {
    rc = z3_error_set(err, Z3_E_IO, "cannot set permissions on '%s': %s", tmp, strerror(errno));
  }
  if (rc == Z3_OK && (io_fault() || fsync(fd) != 0)) {
    rc = z3_error_set(err, Z3_E_IO, "cannot flush '%s' to disk: %s", tmp, strerror(errno));
  }
  if (close(fd) != 0 && rc == Z3_OK) {
    rc = z3_error_set(err, Z3_E_IO, "cannot close '%s': %s", tmp, strerror(errno));
  }
  if (rc != Z3_OK) unlink(tmp);
  return rc;
}

z3_status z3_file_write_atomic(const char *path, const void *data, size_t len,
                               const z3_write_opts *opts, z3_error *err) {
  char *dircopy = z3_strdup(path);
  char *tmp = z3_strfmt("%s.z3tmp.XXXXXX", path);
  if (!dircopy || !tmp) {
    z3_free(dircopy);
    z3_free(tmp);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory writing '%s'", path);
  }
  struct stat st;
  bool existed = stat(path, &st) == 0;
  mode_t mode = existed ? (st.st_mode & 07777) : 0644;
  z3_status rc = write_temp(tmp, path, data, len, mode, err);
  if (rc == Z3_OK && existed && opts && opts->backup) rc = make_backup(path, opts, err);
  if (rc == Z3_OK && (io_fault() || rename(tmp, path) != 0)) {
    rc = z3_error_set(err, Z3_E_IO, "cannot replace '%s': %s", path, strerror(errno));
  }
  if (rc != Z3_OK) {
    unlink(tmp);
  } else {
    sync_folder(dirname(dircopy));
  }
  z3_free(dircopy);
  z3_free(tmp);
  return rc;
}
