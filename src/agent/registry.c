/*
 * The proposal registry: one SQLite database in the state folder.
 *
 * Several z3ed processes (an MCP server, a person at the CLI, a CI job) may
 * use it at once, so: WAL mode (readers never block the writer), a busy
 * timeout (a writer waits for another instead of failing), and every
 * read-check-write sequence inside BEGIN IMMEDIATE.
 */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "agent/proposal_internal.h"

enum { BUSY_TIMEOUT_MS = 15000, SCHEMA_VERSION = 1 };

static const char *const statuses[] = {"open", "accepted", "rejected", "reverted", "archived", NULL};

static const char schema_sql[] =
    "CREATE TABLE IF NOT EXISTS proposals ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " title TEXT NOT NULL,"
    " status TEXT NOT NULL CHECK (status IN ('open','accepted','rejected','reverted','archived')),"
    " rom_path TEXT NOT NULL,"
    " base_sha1 TEXT NOT NULL,"
    " sandbox TEXT NOT NULL,"
    " created_at TEXT NOT NULL,"
    " decided_at TEXT, reviewer TEXT, role TEXT, reason TEXT, note TEXT, previous_status TEXT);"
    "CREATE INDEX IF NOT EXISTS proposals_by_status ON proposals(status, rom_path);"
    "CREATE TABLE IF NOT EXISTS events ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " proposal_id INTEGER NOT NULL REFERENCES proposals(id),"
    " at TEXT NOT NULL, event TEXT NOT NULL, detail TEXT);"
    "CREATE INDEX IF NOT EXISTS events_by_proposal ON events(proposal_id);";

bool z3_prop__is_status(const char *s) {
  for (const char *const *p = statuses; *p; p++)
    if (strcmp(*p, s) == 0) return true;
  return false;
}

char *z3_state_dir(void) {
  const char *home = getenv("Z3ED_HOME");
  return z3_strdup(home && home[0] ? home : ".z3ed");
}

void z3_prop__now(char out[32]) {
  time_t t = time(NULL);
  struct tm tm;
  strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t, &tm));
}

z3_status z3_prop__mkdirs(const char *path, z3_error *err) {
  char *copy = z3_strdup(path);
  if (!copy) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  for (char *p = copy + 1; st == Z3_OK; p++) {
    bool end = *p == '\0';
    if (*p != '/' && !end) continue;
    *p = '\0';
    if (mkdir(copy, 0755) != 0 && errno != EEXIST) {
      st = z3_error_set(err, Z3_E_IO, "cannot create the folder '%s': %s", copy, strerror(errno));
    }
    if (end) break;
    *p = '/';
  }
  z3_free(copy);
  return st;
}

char *z3_prop__realpath(const char *path, z3_error *err) {
  char buf[PATH_MAX];
  if (!realpath(path, buf)) {
    z3_error_set(err, Z3_E_IO, "cannot open '%s': %s", path, strerror(errno));
    return NULL;
  }
  char *out = z3_strdup(buf);
  if (!out) z3_error_set(err, Z3_E_NOMEM, "out of memory");
  return out;
}

z3_status z3_reg__sql_error(z3_registry *r, const char *what, z3_error *err) {
  int code = sqlite3_extended_errcode(r->db);
  if ((code & 0xFF) == SQLITE_BUSY || (code & 0xFF) == SQLITE_LOCKED) {
    z3_error_set(err, Z3_E_IO, "the registry in '%s' stayed busy while %s", r->state_dir, what);
    z3_error_hint(err, "another z3ed is writing it; try again");
    return Z3_E_IO;
  }
  if ((code & 0xFF) == SQLITE_NOTADB || (code & 0xFF) == SQLITE_CORRUPT) {
    z3_error_set(err, Z3_E_INVALID, "the registry '%s/registry.db' is damaged (%s while %s)", r->state_dir,
                 sqlite3_errmsg(r->db), what);
    z3_error_hint(err, "move it aside to keep it for repair; the sandboxes under %s/proposals stay, "
                  "and the next 'agent proposal create' starts a new registry", r->state_dir);
    return Z3_E_INVALID;
  }
  return z3_error_set(err, Z3_E_IO, "registry in '%s': %s: %s", r->state_dir, what,
                      sqlite3_errmsg(r->db));
}

static z3_status exec(z3_registry *r, const char *sql, const char *what, z3_error *err) {
  return sqlite3_exec(r->db, sql, NULL, NULL, NULL) == SQLITE_OK ? Z3_OK
                                                                  : z3_reg__sql_error(r, what, err);
}

z3_status z3_reg__begin(z3_registry *r, z3_error *err) {
  return exec(r, "BEGIN IMMEDIATE", "starting a transaction", err);
}

z3_status z3_reg__commit(z3_registry *r, z3_error *err) {
  return exec(r, "COMMIT", "committing", err);
}

void z3_reg__rollback(z3_registry *r) {
  if (!sqlite3_get_autocommit(r->db)) sqlite3_exec(r->db, "ROLLBACK", NULL, NULL, NULL);
}

/* Switching to WAL needs a moment alone with the file; the busy handler is
 * not consulted for it, so retry while another process is mid-switch. */
static z3_status enable_wal(z3_registry *r, z3_error *err) {
  for (int attempt = 0; attempt < 300; attempt++) {
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(r->db, "PRAGMA journal_mode=WAL", -1, &s, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_step(s);
    bool wal = rc == SQLITE_ROW && strcmp((const char *)sqlite3_column_text(s, 0), "wal") == 0;
    sqlite3_finalize(s);
    if (wal) return Z3_OK;
    if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED && rc != SQLITE_ROW) break;
    usleep(10000);
  }
  return z3_reg__sql_error(r, "switching to WAL mode", err);
}

static int schema_version(z3_registry *r) {
  sqlite3_stmt *s = NULL;
  int version = -1;
  if (sqlite3_prepare_v2(r->db, "PRAGMA user_version", -1, &s, NULL) == SQLITE_OK &&
      sqlite3_step(s) == SQLITE_ROW) {
    version = sqlite3_column_int(s, 0);
  }
  sqlite3_finalize(s);
  return version;
}

/* Readers of a current registry take no write lock; the first opener creates
 * the tables under one (and a racing opener finds them made). */
static z3_status ensure_schema(z3_registry *r, z3_error *err) {
  if (schema_version(r) == SCHEMA_VERSION) return Z3_OK;
  z3_status st = z3_reg__begin(r, err);
  int version = st == Z3_OK ? schema_version(r) : 0;
  if (st == Z3_OK && version < 0) st = z3_reg__sql_error(r, "reading the schema version", err);
  if (st == Z3_OK && version > SCHEMA_VERSION) {
    z3_error_set(err, Z3_E_INVALID, "the registry in '%s' was made by a newer z3ed (schema %d)",
                 r->state_dir, version);
    st = Z3_E_INVALID;
  } else if (st == Z3_OK && version < SCHEMA_VERSION) {
    st = exec(r, schema_sql, "creating the tables", err);
    if (st == Z3_OK) st = exec(r, "PRAGMA user_version=1", "stamping the schema", err);
  }
  if (st == Z3_OK) return z3_reg__commit(r, err);
  z3_reg__rollback(r);
  return st;
}

static z3_status open_registry(z3_registry **out, const char *state_dir, bool create, z3_error *err) {
  *out = NULL;
  if (create) {
    z3_status st = z3_prop__mkdirs(state_dir, err);
    if (st) return st;
  }
  char *path = z3_strfmt("%s/registry.db", state_dir);
  z3_registry *r = z3_calloc(1, sizeof *r);
  if (!path || !r || !(r->state_dir = z3_strdup(state_dir))) {
    z3_free(path);
    z3_free(r);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  }
  z3_status st = Z3_OK;
  if (!create && !z3_file_exists(path)) {
    z3_error_set(err, Z3_E_NOT_FOUND, "no proposal registry in '%s'", state_dir);
    z3_error_hint(err, "create a proposal first: z3ed agent proposal create --rom ROM --title TEXT");
    st = Z3_E_NOT_FOUND;
  }
  int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
  if (st == Z3_OK && sqlite3_open_v2(path, &r->db, flags, NULL) != SQLITE_OK) {
    st = r->db ? z3_reg__sql_error(r, "opening", err)
               : z3_error_set(err, Z3_E_NOMEM, "out of memory opening the registry");
  }
  if (st == Z3_OK) sqlite3_busy_timeout(r->db, BUSY_TIMEOUT_MS);
  if (st == Z3_OK) st = enable_wal(r, err);
  if (st == Z3_OK) st = exec(r, "PRAGMA foreign_keys=ON", "configuring", err);
  if (st == Z3_OK) st = ensure_schema(r, err);
  z3_free(path);
  if (st) {
    z3_registry_close(r);
    return st;
  }
  *out = r;
  return Z3_OK;
}

z3_status z3_registry_open(z3_registry **out, const char *state_dir, z3_error *err) {
  return open_registry(out, state_dir, true, err);
}

z3_status z3_registry_open_existing(z3_registry **out, const char *state_dir, z3_error *err) {
  return open_registry(out, state_dir, false, err);
}

void z3_registry_close(z3_registry *r) {
  if (!r) return;
  sqlite3_close(r->db);
  z3_free(r->state_dir);
  z3_free(r);
}

const char *z3_registry_state_dir(const z3_registry *r) { return r->state_dir; }

/* ---- rows ------------------------------------------------------------------ */

#define SELECT_PROPOSAL                                                                  \
  "SELECT id, title, status, rom_path, base_sha1, sandbox, created_at, decided_at, "     \
  "reviewer, role, reason, note, previous_status FROM proposals "

void z3_proposal_release(z3_proposal *p) {
  if (!p) return;
  char **fields[] = {&p->title,      &p->status,     &p->rom_path, &p->base_sha1, &p->sandbox_dir,
                     &p->sandbox_rom, &p->created_at, &p->decided_at, &p->reviewer, &p->role,
                     &p->reason,     &p->note,       &p->previous_status};
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
    z3_free(*fields[i]);
    *fields[i] = NULL;
  }
}

static char *column(sqlite3_stmt *s, int i, bool *oom) {
  const unsigned char *t = sqlite3_column_text(s, i);
  if (!t) return NULL;
  char *copy = z3_strdup((const char *)t);
  if (!copy) *oom = true;
  return copy;
}

static z3_status read_row(z3_registry *r, sqlite3_stmt *s, z3_proposal *p, z3_error *err) {
  memset(p, 0, sizeof *p);
  bool oom = false;
  p->id = sqlite3_column_int64(s, 0);
  p->title = column(s, 1, &oom);
  p->status = column(s, 2, &oom);
  p->rom_path = column(s, 3, &oom);
  p->base_sha1 = column(s, 4, &oom);
  p->sandbox_dir = z3_strfmt("%s/%s", r->state_dir, (const char *)sqlite3_column_text(s, 5));
  p->sandbox_rom = p->sandbox_dir ? z3_strfmt("%s/rom.sfc", p->sandbox_dir) : NULL;
  p->created_at = column(s, 6, &oom);
  p->decided_at = column(s, 7, &oom);
  p->reviewer = column(s, 8, &oom);
  p->role = column(s, 9, &oom);
  p->reason = column(s, 10, &oom);
  p->note = column(s, 11, &oom);
  p->previous_status = column(s, 12, &oom);
  if (oom || !p->title || !p->status || !p->rom_path || !p->sandbox_rom) {
    z3_proposal_release(p);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory reading the registry");
  }
  return Z3_OK;
}

z3_status z3_proposal_get(z3_registry *r, int64_t id, z3_proposal *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  sqlite3_stmt *s = NULL;
  if (sqlite3_prepare_v2(r->db, SELECT_PROPOSAL "WHERE id = ?", -1, &s, NULL) != SQLITE_OK) {
    return z3_reg__sql_error(r, "reading a proposal", err);
  }
  sqlite3_bind_int64(s, 1, id);
  int rc = sqlite3_step(s);
  z3_status st;
  if (rc == SQLITE_ROW) {
    st = read_row(r, s, out, err);
  } else if (rc == SQLITE_DONE) {
    z3_error_set(err, Z3_E_NOT_FOUND, "no proposal %lld in '%s'", (long long)id, r->state_dir);
    z3_error_hint(err, "see the proposals with 'z3ed agent proposal list'");
    st = Z3_E_NOT_FOUND;
  } else {
    st = z3_reg__sql_error(r, "reading a proposal", err);
  }
  sqlite3_finalize(s);
  return st;
}

void z3_proposal_list_release(z3_proposal *list, size_t count) {
  for (size_t i = 0; list && i < count; i++) z3_proposal_release(&list[i]);
  z3_free(list);
}

z3_status z3_registry_list(z3_registry *r, const char *status, z3_proposal **out, size_t *count,
                           z3_error *err) {
  *out = NULL;
  *count = 0;
  sqlite3_stmt *s = NULL;
  bool all = status && strcmp(status, "all") == 0;
  const char *sql = all      ? SELECT_PROPOSAL "ORDER BY id DESC"
                    : status ? SELECT_PROPOSAL "WHERE status = ? ORDER BY id DESC"
                             : SELECT_PROPOSAL "WHERE status <> 'archived' ORDER BY id DESC";
  if (sqlite3_prepare_v2(r->db, sql, -1, &s, NULL) != SQLITE_OK) {
    return z3_reg__sql_error(r, "listing proposals", err);
  }
  if (status && !all) sqlite3_bind_text(s, 1, status, -1, SQLITE_STATIC);
  z3_buf list;
  z3_buf_init(&list);
  z3_status st = Z3_OK;
  int rc;
  while (st == Z3_OK && (rc = sqlite3_step(s)) == SQLITE_ROW) {
    z3_proposal p;
    st = read_row(r, s, &p, err);
    if (st == Z3_OK && (st = z3_buf_append(&list, &p, sizeof p, err)) != Z3_OK) z3_proposal_release(&p);
  }
  if (st == Z3_OK && rc != SQLITE_DONE) st = z3_reg__sql_error(r, "listing proposals", err);
  sqlite3_finalize(s);
  size_t n = list.len / sizeof(z3_proposal);
  if (st) {
    z3_proposal_list_release((z3_proposal *)list.data, n);
    return st;
  }
  *out = (z3_proposal *)list.data; /* z3_buf storage is z3_malloc'd: z3_free releases it */
  *count = n;
  return Z3_OK;
}

z3_status z3_registry_latest(z3_registry *r, const char *status, const char *rom_path, int64_t *id,
                             z3_error *err) {
  char *real = NULL; /* the registry holds canonical paths */
  if (rom_path && !(real = z3_prop__realpath(rom_path, err))) return Z3_E_IO;
  sqlite3_stmt *s = NULL;
  const char *sql = "SELECT id FROM proposals WHERE status = ?1 AND (?2 IS NULL OR rom_path = ?2) "
                    "ORDER BY id DESC LIMIT 1";
  if (sqlite3_prepare_v2(r->db, sql, -1, &s, NULL) != SQLITE_OK) {
    z3_free(real);
    return z3_reg__sql_error(r, "finding the latest proposal", err);
  }
  sqlite3_bind_text(s, 1, status, -1, SQLITE_STATIC);
  if (real) sqlite3_bind_text(s, 2, real, -1, SQLITE_STATIC);
  int rc = sqlite3_step(s);
  z3_status st = Z3_OK;
  if (rc == SQLITE_ROW) {
    *id = sqlite3_column_int64(s, 0);
  } else if (rc == SQLITE_DONE) {
    z3_error_set(err, Z3_E_NOT_FOUND, "no %s proposal%s%s", status, rom_path ? " for " : "",
                 rom_path ? rom_path : "");
    z3_error_hint(err, "name one with --proposal-id; see 'z3ed agent proposal list --status all'");
    st = Z3_E_NOT_FOUND;
  } else {
    st = z3_reg__sql_error(r, "finding the latest proposal", err);
  }
  sqlite3_finalize(s);
  z3_free(real);
  return st;
}

z3_status z3_registry_history(z3_registry *r, int64_t id, json_t **out, z3_error *err) {
  *out = NULL;
  sqlite3_stmt *s = NULL;
  const char *sql = "SELECT at, event, detail FROM events WHERE proposal_id = ? ORDER BY id";
  if (sqlite3_prepare_v2(r->db, sql, -1, &s, NULL) != SQLITE_OK) {
    return z3_reg__sql_error(r, "reading the history", err);
  }
  sqlite3_bind_int64(s, 1, id);
  json_t *list = json_array();
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    const char *detail = (const char *)sqlite3_column_text(s, 2);
    json_array_append_new(list, json_pack("{s:s,s:s,s:o}", "at", (const char *)sqlite3_column_text(s, 0),
                                          "event", (const char *)sqlite3_column_text(s, 1), "detail",
                                          detail ? json_string(detail) : json_null()));
  }
  sqlite3_finalize(s);
  if (rc != SQLITE_DONE) {
    json_decref(list);
    return z3_reg__sql_error(r, "reading the history", err);
  }
  *out = list;
  return Z3_OK;
}

z3_status z3_reg__event(z3_registry *r, int64_t id, const char *event, const char *detail,
                        z3_error *err) {
  sqlite3_stmt *s = NULL;
  char now[32];
  z3_prop__now(now);
  const char *sql = "INSERT INTO events (proposal_id, at, event, detail) VALUES (?, ?, ?, ?)";
  if (sqlite3_prepare_v2(r->db, sql, -1, &s, NULL) != SQLITE_OK) {
    return z3_reg__sql_error(r, "recording an event", err);
  }
  sqlite3_bind_int64(s, 1, id);
  sqlite3_bind_text(s, 2, now, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(s, 3, event, -1, SQLITE_STATIC);
  if (detail) sqlite3_bind_text(s, 4, detail, -1, SQLITE_STATIC);
  int rc = sqlite3_step(s);
  sqlite3_finalize(s);
  return rc == SQLITE_DONE ? Z3_OK : z3_reg__sql_error(r, "recording an event", err);
}

static bool status_in(const char *status, const char *const *list) {
  for (; *list; list++)
    if (strcmp(*list, status) == 0) return true;
  return false;
}

static z3_status wrong_status(const z3_proposal *p, const char *current, const char *const *from,
                              const char *to, z3_error *err) {
  char allowed[96] = "";
  for (const char *const *f = from; *f; f++) {
    if (allowed[0]) strncat(allowed, f[1] ? ", " : " or ", sizeof allowed - strlen(allowed) - 1);
    strncat(allowed, *f, sizeof allowed - strlen(allowed) - 1);
  }
  z3_error_set(err, Z3_E_INVALID, "proposal %lld is %s; only %s proposals can become %s",
               (long long)p->id, current, allowed, to);
  z3_error_hint(err, "see its history with 'z3ed agent proposal show --proposal-id %lld'",
                (long long)p->id);
  return Z3_E_INVALID;
}

/* Inside the caller's transaction: re-reads the status (another process may
 * have decided meanwhile), then updates. */
z3_status z3_reg__decide(z3_registry *r, const z3_proposal *p, const char *const *from,
                         const z3_reg_decision *d, z3_error *err) {
  z3_proposal now;
  z3_status st = z3_proposal_get(r, p->id, &now, err);
  if (st) return st;
  if (!status_in(now.status, from)) st = wrong_status(p, now.status, from, d->to, err);
  sqlite3_stmt *s = NULL;
  const char *sql = "UPDATE proposals SET status = ?2, decided_at = ?3, reviewer = ?4, role = ?5, "
                    "reason = ?6, note = ?7, previous_status = ?8 WHERE id = ?1";
  if (st == Z3_OK && sqlite3_prepare_v2(r->db, sql, -1, &s, NULL) != SQLITE_OK) {
    st = z3_reg__sql_error(r, "recording the decision", err);
  }
  if (st == Z3_OK) {
    char when[32];
    z3_prop__now(when);
    bool archiving = strcmp(d->to, "archived") == 0;
    sqlite3_bind_int64(s, 1, p->id);
    sqlite3_bind_text(s, 2, d->to, -1, SQLITE_STATIC);
    /* Archiving hides a proposal; it keeps the decision that came before. */
    sqlite3_bind_text(s, 3, archiving ? now.decided_at : when, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 4, archiving ? now.reviewer : d->reviewer, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 5, archiving ? now.role : d->role, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 6, archiving ? now.reason : d->reason, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 7, archiving ? now.note : d->note, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 8, archiving ? now.status : NULL, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(s) != SQLITE_DONE) st = z3_reg__sql_error(r, "recording the decision", err);
  }
  sqlite3_finalize(s);
  if (st == Z3_OK) {
    char *detail = z3_strfmt("%s -> %s%s%s%s%s%s%s", now.status, d->to, d->reviewer ? " by " : "",
                             d->reviewer ? d->reviewer : "", d->role ? " as " : "", d->role ? d->role : "",
                             d->reason ? ": " : "", d->reason ? d->reason : "");
    st = z3_reg__event(r, p->id, d->to, detail, err);
    z3_free(detail);
  }
  z3_proposal_release(&now);
  return st;
}
