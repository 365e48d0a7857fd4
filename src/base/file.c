/* Whole-file read and the atomic writes whose rules are listed in base.h. */
#define _GNU_SOURCE /* syncfs */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base.h"

static int io_countdown; /* 0 = no fault armed */
static int io_fault_errno = EIO;

void z3_fault_io_after(int n) { io_countdown = n; }
void z3_fault_io_errno(int e) { io_fault_errno = e; }

/* True when the armed fault fires on this operation; sets errno like the OS would. */
static bool io_fault(void) {
  if (io_countdown <= 0 || --io_countdown != 0) return false;
  errno = io_fault_errno;
  return true;
}

bool z3_file_exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}

/* Opens a regular file for reading and checks its size against max_size.
 * O_NONBLOCK because opening a FIFO for reading waits for a writer: `--rom`
 * naming a pipe would hang instead of being refused. A regular file's reads
 * ignore the flag. */
static z3_status open_for_read(const char *path, size_t max_size, int *fd_out, size_t *size, z3_error *err) {
  int fd = io_fault() ? -1 : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    z3_error_set(err, Z3_E_IO, "cannot open '%s': %s", path, strerror(errno));
    if (errno == ENOENT) z3_error_hint(err, "check the path; it is relative to the current folder");
    return Z3_E_IO;
  }
  struct stat st = {0};
  z3_status rc = Z3_OK;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    rc = z3_error_set(err, Z3_E_IO, "'%s' is not a regular file", path);
    z3_error_hint(err, S_ISDIR(st.st_mode) ? "name a file inside the folder"
                                            : "save the stream to a file first and name that file");
  } else if ((uint64_t)st.st_size > max_size) {
    rc = z3_error_set(err, Z3_E_INVALID, "'%s' is %lld bytes, over the limit of %zu bytes", path,
                      (long long)st.st_size, max_size);
  }
  if (rc != Z3_OK) {
    close(fd);
    return rc;
  }
  *fd_out = fd;
  *size = (size_t)st.st_size;
  return Z3_OK;
}

z3_status z3_file_read(z3_buf *out, const char *path, size_t max_size, z3_error *err) {
  int fd;
  size_t size;
  z3_status rc = open_for_read(path, max_size, &fd, &size, err);
  if (rc != Z3_OK) return rc;
  if ((rc = z3_buf_reserve(out, size, err)) == Z3_OK) {
    out->len = size; /* no zeroing first: read() fills all of it or we fail */
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

z3_status z3_file_map(const char *path, size_t max_size, z3_file_mapping *out, z3_error *err) {
  *out = (z3_file_mapping){0};
  int fd;
  size_t size;
  z3_status rc = open_for_read(path, max_size, &fd, &size, err);
  if (rc != Z3_OK) return rc;
  /* An empty file cannot be mapped, and some file systems refuse: the caller reads those. */
  void *p = size ? mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0) : MAP_FAILED;
  close(fd);
  if (p != MAP_FAILED) *out = (z3_file_mapping){.data = p, .len = size};
  return Z3_OK;
}

void z3_file_unmap(z3_file_mapping *m) {
  if (m->data) munmap(m->data, m->len);
  *m = (z3_file_mapping){0};
}

char *z3_file_backup_name(const char *path) { return z3_strfmt("%s.bak", path); }

void z3_file_stamp_take(const char *path, z3_file_stamp *out) {
  struct stat st;
  memset(out, 0, sizeof *out);
  if (stat(path, &st) != 0) return;
  *out = (z3_file_stamp){.exists = true, .dev = (uint64_t)st.st_dev, .ino = (uint64_t)st.st_ino,
                         .size = (uint64_t)st.st_size,
                         .mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec,
                         .ctime_ns = (int64_t)st.st_ctim.tv_sec * 1000000000 + st.st_ctim.tv_nsec};
}

bool z3_file_stamp_same(const z3_file_stamp *a, const z3_file_stamp *b) {
  return a->exists == b->exists && a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
         a->mtime_ns == b->mtime_ns && a->ctime_ns == b->ctime_ns;
}

/* The compare of the compare-and-swap (opts->unchanged_since). */
static z3_status check_unchanged(const char *path, const z3_write_opts *opts, z3_error *err) {
  if (!opts || !opts->unchanged_since) return Z3_OK;
  z3_file_stamp now;
  z3_file_stamp_take(path, &now);
  if (z3_file_stamp_same(&now, opts->unchanged_since)) return Z3_OK;
  z3_error_set(err, Z3_E_IO, "'%s' was %s by another process after it was read; nothing was written", path,
               now.exists ? "saved" : "removed");
  z3_error_hint(err, "run the command again: it starts from the file as it is now");
  return Z3_E_IO;
}

/* 0, or the errno of the write that failed. */
static int write_all(int fd, const uint8_t *p, size_t len) {
  while (len > 0) {
    ssize_t n = io_fault() ? -1 : write(fd, p, len);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    p += n;
    len -= (size_t)n;
  }
  return 0;
}

/* Named by the target, the file the user knows: the temporary is removed by
 * the time they read this. A full disk gets why the save needed more room
 * than the file's growth. */
static z3_status temp_failed(const char *path, const char *step, int e, size_t len, z3_error *err) {
  z3_error_set(err, Z3_E_IO, "cannot write '%s': %s (while %s its new copy beside it; nothing was replaced)",
               path, strerror(e), step);
  if (e == ENOSPC || e == EDQUOT) {
    z3_error_hint(err, "a save writes the whole new file (%zu bytes) beside the old one before replacing it, "
                  "so its folder needs room for both", len);
  }
  return Z3_E_IO;
}

static z3_status write_atomic(const char *path, const void *data, size_t len,
                              const z3_write_opts *opts, bool take_lock, z3_error *err);

/* Copies src to dst byte for byte; used when a hard link is not possible.
 * The caller holds the folder's lock, so the copy does not take it again. */
static z3_status copy_file(const char *src, const char *dst, z3_error *err) {
  z3_buf data;
  z3_buf_init(&data);
  z3_status rc = z3_file_read(&data, src, SIZE_MAX, err);
  if (rc == Z3_OK) rc = write_atomic(dst, data.data, data.len, NULL, false, err);
  z3_buf_release(&data);
  return rc;
}

/* Rule 3: the previous target survives under the backup name. The link goes
 * to a side name first and is renamed over the old backup, so a failure at any
 * step leaves the old backup in place. */
static z3_status make_backup(const char *path, const z3_write_opts *opts, z3_error *err) {
  char *bak = opts->backup_path ? z3_strdup(opts->backup_path) : z3_file_backup_name(path);
  char *side = bak ? z3_file__link_name(bak) : NULL;
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
  } else {
    /* When the old backup already was this very file (a save killed between
     * its backup and its rename leaves that), rename() succeeds doing nothing
     * and the side name stays: remove it. */
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

enum { FOLDER_LOCK_WAIT_MS = 15000 };

/* The folder's lock, held by every save from its compare to its rename: a
 * compare and its rename then see no other save's rename between them (the
 * stamp alone left that window open, and two accepts could both pass it).
 * It is the folder's own advisory flock, so a file that does not exist yet is
 * covered too and nothing is left beside the ROM. Returns the folder's
 * descriptor (close it to unlock), -1 with err set when another save holds it
 * for longer than any save takes, or -2 when the folder cannot be locked at
 * all (then the save goes on unlocked, as before the lock existed). */
static int lock_folder(const char *dir, const char *path, z3_error *err) {
  int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return -2;
  struct timespec nap = {0, 1000000};
  for (long waited_ms = 0;; waited_ms += nap.tv_nsec / 1000000) {
    if (flock(fd, LOCK_EX | LOCK_NB) == 0) return fd;
    if (errno != EWOULDBLOCK && errno != EINTR) break; /* no locks on this file system */
    if (waited_ms >= FOLDER_LOCK_WAIT_MS) {
      close(fd);
      z3_error_set(err, Z3_E_IO, "cannot save '%s': another z3ed has held its folder's lock for %d s",
                   path, FOLDER_LOCK_WAIT_MS / 1000);
      z3_error_hint(err, "a save takes milliseconds; look for a stopped z3ed process (`ps`)");
      return -1;
    }
    nanosleep(&nap, NULL);
    if (nap.tv_nsec < 16000000) nap.tv_nsec *= 2;
  }
  close(fd);
  return -2;
}

/* Unlocks, then makes the renames done under the lock durable. */
static void unlock_and_sync_folder(int fd, const char *dir) {
  if (fd < 0) {
    sync_folder(dir);
    return;
  }
  flock(fd, LOCK_UN);
  fsync(fd);
  close(fd);
}

/* A new file gets what open(2) would give it, 0666 less the umask, so a user who keeps
 * files private (umask 077) gets private ROMs, logs and proposals. The umask is read from
 * /proc: setting it to learn it would change it for other threads' files meanwhile. */
static mode_t new_file_mode(void) {
  FILE *f = fopen("/proc/self/status", "re");
  char line[256];
  long mask = 022;
  while (f && fgets(line, sizeof line, f)) {
    if (strncmp(line, "Umask:", 6) == 0) {
      mask = strtol(line + 6, NULL, 8);
      break;
    }
  }
  if (f) fclose(f);
  return (mode_t)(0666 & ~mask);
}

/* Why the new copy could not be made in the target's folder, in the terms of
 * what the user named: a missing folder, a file in the folder path, or a
 * folder they may not write in (the file's own permission is not enough). */
static z3_status temp_refused(const char *path, int e, z3_error *err) {
  char *copy = z3_strdup(path);
  const char *dir = copy ? dirname(copy) : ".";
  if (e == ENOENT) {
    z3_error_set(err, Z3_E_IO, "cannot write '%s': its folder '%s' does not exist", path, dir);
    z3_error_hint(err, "create the folder first (mkdir -p '%s')", dir);
  } else if (e == ENOTDIR) {
    z3_error_set(err, Z3_E_IO, "cannot write '%s': its folder path '%s' goes through a file, not a folder",
                 path, dir);
  } else {
    z3_error_set(err, Z3_E_IO, "cannot write '%s': cannot create its new copy in '%s': %s", path, dir,
                 strerror(e));
    if (e == EACCES || e == EPERM) {
      z3_error_hint(err, "a save writes a new copy beside the file and renames it over the file, so it "
                    "needs write permission on the folder '%s', not only on the file", dir);
    }
  }
  z3_free(copy);
  return Z3_E_IO;
}

/* Rules 1 and 2: a complete, synced temporary file beside the target. */
static z3_status write_temp(char *tmp, const char *path, const void *data, size_t len,
                            mode_t mode, bool sync, z3_error *err) {
  int fd = io_fault() ? -1 : mkstemp(tmp);
  if (fd < 0) return temp_refused(path, errno, err);
  const char *step = "writing";
  int e = write_all(fd, data, len);
  if (!e && fchmod(fd, mode) != 0) e = errno, step = "setting the permissions of";
  if (!e && sync && (io_fault() || fsync(fd) != 0)) e = errno, step = "flushing";
  if (close(fd) != 0 && !e) e = errno, step = "closing";
  if (!e) return Z3_OK;
  unlink(tmp);
  return temp_failed(path, step, e, len, err);
}

/* Compare, backup and rename: the part of a save done under the folder's lock.
 * The existence and mode seen before the temporary was written are looked at
 * again here, since another save may have created or replaced the file since. */
static z3_status replace_locked(const char *path, const char *tmp, const z3_write_opts *opts,
                                z3_error *err) {
  z3_status rc = check_unchanged(path, opts, err);
  struct stat st;
  if (rc == Z3_OK && stat(path, &st) == 0 && opts && opts->backup) rc = make_backup(path, opts, err);
  if (rc == Z3_OK && (io_fault() || rename(tmp, path) != 0)) {
    rc = z3_error_set(err, Z3_E_IO, "cannot replace '%s': %s", path, strerror(errno));
  }
  if (rc == Z3_OK && opts && opts->stamp_after) z3_file_stamp_take(path, opts->stamp_after);
  return rc;
}

/* A device, pipe or socket (`--output /dev/null`, `/dev/stdout`, a FIFO):
 * replacing it by renaming a file over it would turn /dev/null into a plain
 * file, so it is written to as it is, with no backup. */
static bool is_special(const struct stat *st) { return !S_ISREG(st->st_mode) && !S_ISDIR(st->st_mode); }

static z3_status write_special(const char *path, const void *data, size_t len, z3_error *err) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return z3_error_set(err, Z3_E_IO, "cannot write '%s': %s", path, strerror(errno));
  const uint8_t *p = data;
  while (len > 0) {
    ssize_t n = write(fd, p, len);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int e = n < 0 ? errno : EIO;
      close(fd);
      return z3_error_set(err, Z3_E_IO, "cannot write '%s': %s", path, strerror(e));
    }
    p += n, len -= (size_t)n;
  }
  return close(fd) == 0 ? Z3_OK : z3_error_set(err, Z3_E_IO, "cannot write '%s': %s", path, strerror(errno));
}

/* Removes what killed saves of path (or of its backup) left beside it first.
 * take_lock is false only for the backup copy made under the lock already. */
static z3_status write_atomic(const char *path, const void *data, size_t len,
                              const z3_write_opts *opts, bool take_lock, z3_error *err) {
  struct stat target;
  if (stat(path, &target) == 0 && is_special(&target)) return write_special(path, data, len, err);
  char *dircopy = z3_strdup(path);
  char *tmp = z3_file__temp_template(path);
  if (!dircopy || !tmp) {
    z3_free(dircopy);
    z3_free(tmp);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory writing '%s'", path);
  }
  z3_file_sweep_leftovers_beside(path);
  if (opts && opts->backup_path) z3_file_sweep_leftovers_beside(opts->backup_path);
  struct stat st;
  bool existed = stat(path, &st) == 0;
  mode_t mode = existed ? (st.st_mode & 07777) : new_file_mode();
  const char *dir = dirname(dircopy);
  z3_status rc = write_temp(tmp, path, data, len, mode, true, err);
  int lock = rc == Z3_OK && take_lock ? lock_folder(dir, path, err) : -2;
  if (lock == -1) rc = Z3_E_IO;
  if (rc == Z3_OK) rc = replace_locked(path, tmp, opts, err);
  if (rc != Z3_OK) {
    unlink(tmp);
    if (lock >= 0) close(lock);
  } else {
    unlock_and_sync_folder(lock, dir);
  }
  z3_free(dircopy);
  z3_free(tmp);
  return rc;
}

z3_status z3_file_write_atomic(const char *path, const void *data, size_t len,
                               const z3_write_opts *opts, z3_error *err) {
  return write_atomic(path, data, len, opts, true, err);
}

/* ---- batches ------------------------------------------------------------- */

typedef struct batch_entry {
  char *path, *tmp, *folder;
  z3_write_opts opts;
  char *backup_path;
  bool existed;
  bool renamed;
} batch_entry;

struct z3_write_batch {
  batch_entry *entries;
  size_t count, cap;
  char *swept; /* the last folder swept for leftovers: a batch writes many files to few folders */
};

z3_write_batch *z3_write_batch_new(void) { return z3_calloc(1, sizeof(z3_write_batch)); }

size_t z3_write_batch_count(const z3_write_batch *b) { return b ? b->count : 0; }

static void entry_release(batch_entry *e) {
  if (e->tmp && !e->renamed) unlink(e->tmp);
  z3_free(e->path);
  z3_free(e->tmp);
  z3_free(e->folder);
  z3_free(e->backup_path);
}

void z3_write_batch_free(z3_write_batch *b) {
  if (!b) return;
  for (size_t i = 0; i < b->count; i++) entry_release(&b->entries[i]);
  z3_free(b->entries);
  z3_free(b->swept);
  z3_free(b);
}

static z3_status batch_grow(z3_write_batch *b, z3_error *err) {
  if (b->count < b->cap) return Z3_OK;
  size_t cap = b->cap ? b->cap * 2 : 16;
  batch_entry *grown = z3_realloc(b->entries, cap * sizeof *grown);
  if (!grown) return z3_error_set(err, Z3_E_NOMEM, "out of memory queueing a write");
  b->entries = grown;
  b->cap = cap;
  return Z3_OK;
}

/* Every dead process's leftovers in the folder, whatever their target: one
 * listing per folder instead of one per file. */
static void sweep_folder_once(z3_write_batch *b, const char *folder) {
  if (b->swept && strcmp(b->swept, folder) == 0) return;
  z3_file_sweep_leftovers(folder, NULL);
  z3_free(b->swept);
  b->swept = z3_strdup(folder);
}

z3_status z3_write_batch_add(z3_write_batch *b, const char *path, const void *data, size_t len,
                             const z3_write_opts *opts, z3_error *err) {
  z3_status rc = batch_grow(b, err);
  if (rc) return rc;
  char *copy = z3_strdup(path);
  batch_entry e = {.path = z3_strdup(path), .tmp = z3_file__temp_template(path),
                   .folder = copy ? z3_strdup(dirname(copy)) : NULL};
  z3_free(copy);
  if (opts) e.opts = *opts;
  if (opts && opts->backup_path) e.backup_path = z3_strdup(opts->backup_path);
  e.opts.backup_path = e.backup_path;
  if (!e.path || !e.tmp || !e.folder || (opts && opts->backup_path && !e.backup_path)) {
    entry_release(&e);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory queueing '%s'", path);
  }
  sweep_folder_once(b, e.folder);
  struct stat st;
  e.existed = stat(path, &st) == 0;
  if (e.existed && !S_ISREG(st.st_mode)) { /* found now, not halfway through the renames */
    z3_free(e.tmp);
    e.tmp = NULL;
    entry_release(&e);
    return z3_error_set(err, Z3_E_IO, "cannot write '%s' with a set of files: it is %s", path,
                        S_ISDIR(st.st_mode) ? "a folder" : "a device or pipe, which cannot be replaced atomically");
  }
  rc = write_temp(e.tmp, path, data, len, e.existed ? (st.st_mode & 07777) : new_file_mode(), false, err);
  if (rc) {
    z3_free(e.tmp); /* write_temp removed the file itself */
    e.tmp = NULL;
    entry_release(&e);
    return rc;
  }
  b->entries[b->count++] = e;
  return Z3_OK;
}

/* One syncfs per file system holding temporary files (rule 2 for all of them). */
static z3_status batch_flush(z3_write_batch *b, z3_error *err) {
  dev_t synced[8];
  size_t nsynced = 0;
  for (size_t i = 0; i < b->count; i++) {
    struct stat st;
    if (stat(b->entries[i].tmp, &st) != 0) continue;
    bool done = false;
    for (size_t k = 0; k < nsynced; k++) done |= synced[k] == st.st_dev;
    if (done) continue;
    int fd = open(b->entries[i].tmp, O_RDONLY | O_CLOEXEC);
    bool ok = fd >= 0 && !io_fault() && syncfs(fd) == 0;
    if (fd >= 0) close(fd);
    if (!ok) return z3_error_set(err, Z3_E_IO, "cannot flush '%s' to disk: %s", b->entries[i].tmp, strerror(errno));
    if (nsynced < sizeof synced / sizeof synced[0]) synced[nsynced++] = st.st_dev;
  }
  return Z3_OK;
}

/* Rule 4 for every entry, each rename under its folder's lock (see
 * lock_folder); one lock is held at a time, so batches never deadlock. */
static z3_status batch_rename_all(z3_write_batch *b, z3_error *err) {
  z3_status rc = Z3_OK;
  int lock = -2;
  const char *locked = NULL;
  for (size_t i = 0; rc == Z3_OK && i < b->count; i++) {
    batch_entry *e = &b->entries[i];
    if (!locked || strcmp(locked, e->folder) != 0) {
      if (locked) unlock_and_sync_folder(lock, locked);
      locked = e->folder;
      lock = lock_folder(e->folder, e->path, err);
      if (lock == -1) {
        locked = NULL;
        rc = Z3_E_IO;
        break;
      }
    }
    if (io_fault() || rename(e->tmp, e->path) != 0) {
      rc = z3_error_set(err, Z3_E_IO, "cannot replace '%s': %s (%zu of %zu files were written)",
                        e->path, strerror(errno), i, b->count);
    } else {
      e->renamed = true;
      if (e->opts.stamp_after) z3_file_stamp_take(e->path, e->opts.stamp_after);
    }
  }
  if (locked) unlock_and_sync_folder(lock, locked);
  return rc;
}

z3_status z3_write_batch_commit(z3_write_batch *b, z3_error *err) {
  z3_status rc = batch_flush(b, err);
  for (size_t i = 0; rc == Z3_OK && i < b->count; i++) { /* rule 3, before any target changes */
    batch_entry *e = &b->entries[i];
    if (e->existed && e->opts.backup) rc = make_backup(e->path, &e->opts, err);
  }
  return rc == Z3_OK ? batch_rename_all(b, err) : rc;
}
