/*
 * base: what every other module stands on.
 *
 * Invariants a caller may rely on:
 *  - Every fallible function returns a z3_status and, on failure, fills the
 *    caller's z3_error. There is no global "last error".
 *  - The innermost failure names the thing (file, offset, address, argument):
 *    z3_error_set only writes into an error that is still empty, so outer
 *    layers can call it again without overwriting the specific message.
 *    Outer layers add context with z3_error_hint, which also keeps the first.
 *  - Messages are lowercase, name what failed first, quote the subject and end
 *    without a full stop.
 *  - Library code never prints. app/ renders results and errors.
 *
 * Ownership: z3_buf is caller-owned (z3_buf_init / z3_buf_release). Anything
 * a function returns through an `out` pointer belongs to the caller.
 */
#ifndef Z3_BASE_H
#define Z3_BASE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Status codes. Never renumbered or reused; app/exit.c maps them to exit codes. */
typedef enum z3_status {
  Z3_OK = 0,
  Z3_E_USAGE = 1,     /* bad command line: unknown flag, missing argument (exit 2) */
  Z3_E_INVALID = 2,   /* input data is malformed or does not fit (exit 2) */
  Z3_E_NOT_FOUND = 3, /* a named thing does not exist (exit 2) */
  Z3_E_IO = 4,        /* the OS refused: open, read, write, rename (exit 3) */
  Z3_E_NOMEM = 5,     /* allocation failed (exit 3) */
  Z3_E_CHECK = 6,     /* a check ran and found problems (exit 1) */
  Z3_E_INTERNAL = 7,  /* a bug in z3ed (exit 4) */
} z3_status;

enum { Z3_ERROR_MESSAGE_MAX = 1024, Z3_ERROR_HINT_MAX = 256 };

typedef struct z3_error {
  z3_status code;
  char message[Z3_ERROR_MESSAGE_MAX];
  char hint[Z3_ERROR_HINT_MAX];
  int64_t offset; /* byte offset the error refers to, or -1 */
} z3_error;

#define Z3_PRINTF(a, b) __attribute__((format(printf, a, b)))

void z3_error_init(z3_error *err);
/* Fills err when it is still empty; returns `code` either way so callers can
 * write `return z3_error_set(err, Z3_E_IO, "...")`. err may be NULL. */
z3_status z3_error_set(z3_error *err, z3_status code, const char *fmt, ...) Z3_PRINTF(3, 4);
/* As z3_error_set, also recording the byte offset the problem is at. */
z3_status z3_error_set_at(z3_error *err, z3_status code, int64_t offset, const char *fmt, ...)
    Z3_PRINTF(4, 5);
/* Sets the hint when none is set yet. */
void z3_error_hint(z3_error *err, const char *fmt, ...) Z3_PRINTF(2, 3);
/* The process exit code for a status: 0 ok, 1 a check found problems, 2 usage or
 * invalid input, 3 I/O or environment, 4 internal. The only place this is decided. */
int z3_status_exit_code(z3_status code);
/* Stable lowercase name for a code, used in JSON ("io", "invalid_input"...). */
const char *z3_status_name(z3_status code);

/* ---- byte buffers ------------------------------------------------------ */

typedef struct z3_buf {
  uint8_t *data;
  size_t len;
  size_t cap;
} z3_buf;

void z3_buf_init(z3_buf *b);
void z3_buf_release(z3_buf *b); /* frees and re-inits */
z3_status z3_buf_reserve(z3_buf *b, size_t cap, z3_error *err);
/* Grows or shrinks len; new bytes are zero. */
z3_status z3_buf_resize(z3_buf *b, size_t len, z3_error *err);
z3_status z3_buf_append(z3_buf *b, const void *data, size_t n, z3_error *err);
z3_status z3_buf_push(z3_buf *b, uint8_t byte, z3_error *err);
/* Appends formatted text; the buffer stays NUL-terminated just past len. */
z3_status z3_buf_printf(z3_buf *b, const char *fmt, ...) Z3_PRINTF(2, 3);
/* Appends a word quoted so that a POSIX shell (and `z3ed batch`) reads it back as
 * that one word: plain words as they are, others in '...' with ' as '\''. */
z3_status z3_buf_shell_word(z3_buf *b, const char *word);
/* Hands the text over as a C string (NUL-terminated) and re-inits b; NULL on OOM. */
char *z3_buf_take_string(z3_buf *b);
/* Copies src into a fresh buffer. */
z3_status z3_buf_copy(z3_buf *out, const void *src, size_t n, z3_error *err);

/* Allocation goes through these so tests can fail the Nth call. */
void *z3_malloc(size_t n);
void *z3_calloc(size_t count, size_t n);
void *z3_realloc(void *p, size_t n);
void z3_free(void *p);

/* ---- files ------------------------------------------------------------- */

/* Reads a whole file into out (which must be initialised). Files larger than
 * max_size are refused with Z3_E_INVALID before they are read. */
z3_status z3_file_read(z3_buf *out, const char *path, size_t max_size, z3_error *err);

/* A whole file as a private copy-on-write mapping: reading costs no copy (a read()
 * into fresh memory is most of what `z3ed rom info` spends), and writes to it stay in
 * this process. Same checks and errors as z3_file_read; out->data is NULL, with
 * Z3_OK, when the file cannot be mapped (empty, or its file system refuses): read it.
 * Should another program truncate the file meanwhile, touching the lost pages raises
 * SIGBUS, so only a process that handles it maps (the one-shot command line). */
typedef struct z3_file_mapping {
  uint8_t *data;
  size_t len;
} z3_file_mapping;
z3_status z3_file_map(const char *path, size_t max_size, z3_file_mapping *out, z3_error *err);
void z3_file_unmap(z3_file_mapping *m);

/* What a file was when it was read: a save can then refuse to replace a file
 * that another process has saved since (compare and swap on the file). */
typedef struct z3_file_stamp {
  bool exists;
  uint64_t dev, ino, size;
  int64_t mtime_ns, ctime_ns;
} z3_file_stamp;
void z3_file_stamp_take(const char *path, z3_file_stamp *out);
bool z3_file_stamp_same(const z3_file_stamp *a, const z3_file_stamp *b);

typedef struct z3_write_opts {
  bool backup;             /* keep the previous file as backup_path (or path + ".bak") */
  const char *backup_path; /* NULL for the default */
  /* When set, the target must still match this stamp just before the rename;
   * otherwise nothing is replaced and the write fails with Z3_E_IO. */
  const z3_file_stamp *unchanged_since;
  /* When set, receives the new file's stamp, taken under the same lock as the
   * rename: an editor that keeps the file open compares its next save with it
   * (a stamp taken after returning could already be another save's). */
  z3_file_stamp *stamp_after;
} z3_write_opts;

/*
 * Atomic write. Rules, in the order the code follows them:
 *  1. The data goes to a temporary file in the target's own folder (so the
 *     final rename never crosses a file system).
 *  2. The temporary file is written in full, fsync'd and closed; any failure
 *     here removes it and leaves the target untouched.
 *  3. With a backup requested and a previous target present, the previous file
 *     is hard-linked (or copied) to the backup name before the rename, so at
 *     every instant either the old or the new target exists under its name.
 *  4. rename() replaces the target; the folder is fsync'd so the rename itself
 *     survives a crash. With opts->unchanged_since, the target is compared
 *     with that stamp right before. Every save (batches too) holds its
 *     folder's advisory lock (flock on the folder) from that compare through
 *     the rename, so no other z3ed save can land between the two; a lock held
 *     for over 15 s fails the save, and a file system without locks saves
 *     unlocked.
 * The new file keeps the previous target's permission bits when there was one.
 * opts may be NULL (no backup).
 */
z3_status z3_file_write_atomic(const char *path, const void *data, size_t len,
                               const z3_write_opts *opts, z3_error *err);
bool z3_file_exists(const char *path);

/*
 * A batch of atomic writes for commands that produce many files: each add
 * writes a complete temporary file beside its target (nothing is replaced
 * yet); commit flushes every temporary file with one syncfs per file system
 * (instead of an fsync each), then makes backups and renames, then syncs each
 * folder once. A failure before the renames leaves every target as it was;
 * freeing an uncommitted batch removes its temporary files.
 */
typedef struct z3_write_batch z3_write_batch;
z3_write_batch *z3_write_batch_new(void);
z3_status z3_write_batch_add(z3_write_batch *b, const char *path, const void *data, size_t len,
                             const z3_write_opts *opts, z3_error *err);
z3_status z3_write_batch_commit(z3_write_batch *b, z3_error *err);
size_t z3_write_batch_count(const z3_write_batch *b);
void z3_write_batch_free(z3_write_batch *b);
/* The backup name used when opts->backup_path is NULL; caller frees. */
char *z3_file_backup_name(const char *path);

/*
 * Leftovers. A process killed in the middle of a save leaves its temporary
 * file (TARGET.z3tmp.<pid>.XXXXXX, or BACKUP.z3tmp.<pid>.link) beside the
 * target; the target itself is always the old or the new file. Every save
 * first sweeps its folder: temporaries of that target (and of its .bak) whose
 * process is gone are removed; a batch sweeps each folder it writes to of
 * every dead process's temporaries, whatever their target. A live process's, names of another shape and
 * anything not a regular file are left alone; so are names without a pid
 * (written by older versions), which are only reported.
 */
typedef struct z3_leftover {
  const char *name;    /* inside the folder */
  long pid;            /* the process that made it; 0 when the name does not say */
  bool owner_alive;    /* that process still runs (or the owner is unknown) */
  uint64_t size;
} z3_leftover;
typedef z3_status (*z3_leftover_fn)(const z3_leftover *l, void *data);
/* Calls fn for each leftover in folder belonging to the file named base
 * (or its .bak), or to any file when base is NULL. */
z3_status z3_file_leftovers(const char *folder, const char *base, z3_leftover_fn fn, void *data, z3_error *err);
/* Removes the leftovers whose process is gone; returns how many. */
size_t z3_file_sweep_leftovers(const char *folder, const char *base);
/* The same two for the file at path (its folder, its name). */
z3_status z3_file_leftovers_beside(const char *path, z3_leftover_fn fn, void *data, z3_error *err);
size_t z3_file_sweep_leftovers_beside(const char *path);
/* Internal to file.c and its tests: the names this process gives its temporaries. */
char *z3_file__temp_template(const char *path);
char *z3_file__link_name(const char *backup);
bool z3_file__owner_alive(long pid);

/* Test hook (SQLite's faultsim idea): the Nth file operation from now
 * (open/write/fsync/rename/link, counting from 1) fails with EIO; 0 disables. */
void z3_fault_io_after(int n);
/* The errno the armed fault sets (EIO unless told; ENOSPC tests a full disk). */
void z3_fault_io_errno(int e);
/* Same for allocations through z3_malloc/z3_calloc/z3_realloc. */
void z3_fault_alloc_after(int n);

/* ---- hashing ----------------------------------------------------------- */

uint32_t z3_crc32(const void *data, size_t len);
uint32_t z3_crc32_update(uint32_t crc, const void *data, size_t len);
/* The carry-less-multiply path of the two above: false (crc untouched) when the CPU
 * lacks it or len is too short to gain; exposed for the test that checks it against zlib. */
bool z3_crc32__clmul(uint32_t *crc, const void *data, size_t len);
void z3_sha1(const void *data, size_t len, uint8_t out[20]);
/* Lowercase hex of a 20-byte SHA-1 into out[41]. */
void z3_sha1_hex(const void *data, size_t len, char out[41]);

/* ---- small string helpers ---------------------------------------------- */

char *z3_strdup(const char *s);
char *z3_strfmt(const char *fmt, ...) Z3_PRINTF(1, 2); /* caller frees; NULL on OOM */
/* Levenshtein distance, for "did you mean" suggestions. */
size_t z3_edit_distance(const char *a, const char *b);
/* Parses a non-negative integer in decimal, 0x-hex or $-hex. */
bool z3_parse_u64(const char *s, uint64_t *out);
/* The length of the UTF-8 character at s (1-4) among the `left` bytes there, or 0
 * when it is not one (bad lead, missing continuation, overlong, surrogate, past U+10FFFF). */
size_t z3_utf8_char_len(const unsigned char *s, size_t left);
/* Makes s valid UTF-8 in place: each byte of no character becomes '?'. JSON needs it
 * (jansson makes no string of invalid UTF-8: the text would vanish from the output). */
void z3_utf8_fix(char *s);
/* True when the n bytes at s are all valid UTF-8. */
bool z3_utf8_valid(const char *s, size_t n);
/* Appends the n bytes at s for a terminal: control characters (C0 but tab and newline, DEL, C1) as
 * \xNN or \uNNNN, so text an agent or a file put in a title or message cannot move the
 * cursor, recolour or retitle the reader's terminal. Everything else as it is. */
z3_status z3_buf_put_visible(z3_buf *b, const char *s, size_t n, z3_error *err);
/* vsnprintf into out (cap bytes), made valid UTF-8 afterwards: a cut inside a long
 * name's character would otherwise keep the text from becoming a JSON string. */
void z3_vformat(char *out, size_t cap, const char *fmt, va_list ap) Z3_PRINTF(3, 0);

#endif
