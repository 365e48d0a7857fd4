/*
 * Sandboxes: creating a proposal's folder, the tool session confined to it,
 * and its logs.
 *
 * A sandbox is built complete in a temporary folder first (the ROM copies
 * take the time), then renamed to proposals/<id> inside the transaction that
 * registers it, so the registry never names a half-made folder and the write
 * lock is held only for the rename.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "agent/policy.h"
#include "agent/proposal_internal.h"

static const char *const sandbox_files[] = {"base.sfc", "rom.sfc", "commands.jsonl",
                                            "changes.jsonl", "proposal.json", NULL};

void z3_prop__rom_sha1(const z3_rom *rom, char out[41]) {
  z3_sha1_hex(rom->data.data, rom->data.len, out);
}

z3_status z3_prop__append_line(const char *path, const char *line, z3_error *err) {
  char *text = z3_strfmt("%s\n", line);
  if (!text) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  size_t len = strlen(text);
  z3_status st = Z3_OK;
  if (fd < 0 || write(fd, text, len) != (ssize_t)len) {
    st = z3_error_set(err, Z3_E_IO, "cannot append to '%s': %s", path, strerror(errno));
  }
  if (fd >= 0) close(fd);
  z3_free(text);
  return st;
}

z3_status z3_prop__write_json(const char *path, const json_t *value, z3_error *err) {
  char *text = json_dumps(value, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  char *line = text ? z3_strfmt("%s\n", text) : NULL;
  free(text);
  if (!line) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = z3_file_write_atomic(path, line, strlen(line), NULL, err);
  z3_free(line);
  return st;
}

/* Removes a sandbox under construction (only the files this code writes). */
static void remove_partial(const char *dir) {
  for (const char *const *f = sandbox_files; *f; f++) {
    char *path = z3_strfmt("%s/%s", dir, *f);
    if (path) unlink(path);
    z3_free(path);
  }
  z3_file_sweep_leftovers(dir, NULL); /* a copy killed halfway left its temporary */
  rmdir(dir);
}

static z3_status write_copy(const char *dir, const char *name, const z3_buf *data, z3_error *err) {
  char *path = z3_strfmt("%s/%s", dir, name);
  if (!path) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = z3_file_write_atomic(path, data->data, data->len, NULL, err);
  z3_free(path);
  return st;
}

/* The ROM file as it is (a copier header stays), and the SHA-1 of its image. */
static z3_status read_rom(const char *path, z3_buf *file, char sha1[41], z3_error *err) {
  z3_status st = z3_file_read(file, path, Z3_ROM_MAX_SIZE + Z3_COPIER_HEADER_SIZE, err);
  z3_rom *rom = NULL;
  if (st == Z3_OK) st = z3_rom_from_memory(&rom, file->data, file->len, path, err);
  if (st == Z3_OK) z3_prop__rom_sha1(rom, sha1);
  z3_rom_free(rom);
  return st;
}

/* A sandbox being built is proposals/.new-<pid>-XXXXXX. A process killed
 * before registering it leaves the folder (two ROM copies); the next create
 * removes those of dead processes, file by file, and only when nothing else
 * is inside. */
static void sweep_unregistered(const char *proposals) {
  DIR *dir = opendir(proposals);
  if (!dir) return;
  for (struct dirent *e; (e = readdir(dir));) {
    char *end = NULL;
    if (strncmp(e->d_name, ".new-", 5) != 0) continue;
    long pid = strtol(e->d_name + 5, &end, 10);
    if (end == e->d_name + 5 || *end != '-' || strlen(end + 1) != 6 || z3_file__owner_alive(pid)) continue;
    char *folder = z3_strfmt("%s/%s", proposals, e->d_name);
    if (folder) remove_partial(folder);
    z3_free(folder);
  }
  closedir(dir);
}

static z3_status build_temp(const char *proposals, const z3_buf *file, char **tmp, z3_error *err) {
  sweep_unregistered(proposals);
  *tmp = z3_strfmt("%s/.new-%ld-XXXXXX", proposals, (long)getpid());
  if (!*tmp) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (!mkdtemp(*tmp)) {
    z3_error_set(err, Z3_E_IO, "cannot create a folder in '%s': %s", proposals, strerror(errno));
    z3_free(*tmp);
    *tmp = NULL;
    return Z3_E_IO;
  }
  chmod(*tmp, 0755); /* mkdtemp makes it private; a sandbox is an ordinary project folder */
  z3_buf empty;
  z3_buf_init(&empty);
  z3_status st = write_copy(*tmp, "base.sfc", file, err);
  if (st == Z3_OK) st = write_copy(*tmp, "rom.sfc", file, err);
  if (st == Z3_OK) st = write_copy(*tmp, "commands.jsonl", &empty, err);
  if (st == Z3_OK) st = write_copy(*tmp, "changes.jsonl", &empty, err);
  return st;
}

static z3_status insert_row(z3_registry *r, const char *title, const char *rom, const char *sha1,
                            const char *when, int64_t *id, z3_error *err) {
  sqlite3_stmt *s = NULL;
  const char *sql = "INSERT INTO proposals (title, status, rom_path, base_sha1, sandbox, created_at) "
                    "VALUES (?, 'open', ?, ?, '', ?)";
  if (sqlite3_prepare_v2(r->db, sql, -1, &s, NULL) != SQLITE_OK) {
    return z3_reg__sql_error(r, "registering the proposal", err);
  }
  sqlite3_bind_text(s, 1, title, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 2, rom, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 3, sha1, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 4, when, -1, SQLITE_STATIC);
  int rc = sqlite3_step(s);
  sqlite3_finalize(s);
  if (rc != SQLITE_DONE) return z3_reg__sql_error(r, "registering the proposal", err);
  *id = sqlite3_last_insert_rowid(r->db);
  return Z3_OK;
}

static z3_status set_sandbox(z3_registry *r, int64_t id, const char *rel, z3_error *err) {
  sqlite3_stmt *s = NULL;
  if (sqlite3_prepare_v2(r->db, "UPDATE proposals SET sandbox = ? WHERE id = ?", -1, &s, NULL) != SQLITE_OK) {
    return z3_reg__sql_error(r, "registering the sandbox", err);
  }
  sqlite3_bind_text(s, 1, rel, -1, SQLITE_STATIC);
  sqlite3_bind_int64(s, 2, id);
  int rc = sqlite3_step(s);
  sqlite3_finalize(s);
  return rc == SQLITE_DONE ? Z3_OK : z3_reg__sql_error(r, "registering the sandbox", err);
}

/* A folder already named proposals/<id> while <id> is being handed out is
 * left from a process that died before committing: it is set aside, never
 * deleted, so nothing anyone might want is lost. */
static z3_status move_into_place(const char *tmp, const char *final, z3_error *err) {
  if (rename(tmp, final) == 0) return Z3_OK;
  if (errno == EEXIST || errno == ENOTEMPTY) {
    char *aside = z3_strfmt("%s.orphan-%ld", final, (long)getpid());
    bool moved = aside && rename(final, aside) == 0;
    z3_free(aside);
    if (moved && rename(tmp, final) == 0) return Z3_OK;
  }
  return z3_error_set(err, Z3_E_IO, "cannot move the sandbox into '%s': %s", final, strerror(errno));
}

static z3_status register_sandbox(z3_registry *r, const char *tmp, const char *title,
                                  const char *rom, const char *sha1, int64_t *id, z3_error *err) {
  char when[32];
  z3_prop__now(when);
  z3_status st = z3_reg__begin(r, err);
  if (st == Z3_OK) st = insert_row(r, title, rom, sha1, when, id, err);
  char *rel = st == Z3_OK ? z3_strfmt("proposals/%lld", (long long)*id) : NULL;
  char *final = rel ? z3_strfmt("%s/%s", r->state_dir, rel) : NULL;
  char *meta_path = z3_strfmt("%s/proposal.json", tmp);
  if (st == Z3_OK && (!final || !meta_path)) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) {
    json_t *meta = json_pack("{s:I,s:s,s:s,s:s,s:s}", "id", (json_int_t)*id, "title", title,
                             "rom_path", rom, "base_sha1", sha1, "created_at", when);
    st = z3_prop__write_json(meta_path, meta, err);
    json_decref(meta);
  }
  if (st == Z3_OK) st = set_sandbox(r, *id, rel, err);
  if (st == Z3_OK) st = z3_reg__event(r, *id, "created", title, err);
  if (st == Z3_OK) st = move_into_place(tmp, final, err);
  if (st == Z3_OK && (st = z3_reg__commit(r, err)) != Z3_OK) {
    rename(final, tmp); /* not registered after all: keep the folder out of the way */
  }
  if (st) z3_reg__rollback(r);
  z3_free(rel);
  z3_free(final);
  z3_free(meta_path);
  return st;
}

z3_status z3_proposal_create(z3_registry *r, const char *rom_path, const char *title,
                             z3_proposal *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  if (!title || !title[0]) {
    z3_error_set(err, Z3_E_USAGE, "a proposal needs a title");
    z3_error_hint(err, "say what the change is for: --title \"brighter overworld grass\"");
    return Z3_E_USAGE;
  }
  char sha1[41];
  z3_buf file;
  z3_buf_init(&file);
  char *real = z3_prop__realpath(rom_path, err);
  char *proposals = z3_strfmt("%s/proposals", r->state_dir);
  char *tmp = NULL;
  int64_t id = 0;
  z3_status st = real && proposals ? Z3_OK : z3_error_set(err, Z3_E_IO, "cannot open '%s'", rom_path);
  if (st == Z3_OK) st = read_rom(real, &file, sha1, err);
  if (st == Z3_OK) st = z3_prop__mkdirs(proposals, err);
  if (st == Z3_OK) st = build_temp(proposals, &file, &tmp, err);
  if (st == Z3_OK) st = register_sandbox(r, tmp, title, real, sha1, &id, err);
  if (st && tmp) remove_partial(tmp);
  if (st == Z3_OK) st = z3_proposal_get(r, id, out, err);
  z3_buf_release(&file);
  z3_free(real);
  z3_free(proposals);
  z3_free(tmp);
  return st;
}

/* ---- working inside a sandbox ------------------------------------------------ */

void z3_proposal_session(const z3_proposal *p, const char *audit_path, z3_tool_session *out) {
  memset(out, 0, sizeof *out);
  out->agent = true;
  out->sandbox_dir = p->sandbox_dir;
  out->default_rom = p->sandbox_rom;
  out->audit_path = audit_path;
  char *state = z3_state_dir();
  out->allow_processes = state && z3_policy_allows_processes(state);
  z3_free(state);
}

/* True when the call saved the sandbox's own ROM (not an --output elsewhere). */
static bool wrote_sandbox_rom(const z3_proposal *p, const json_t *result) {
  const char *written = json_string_value(json_object_get(result, "written"));
  if (!written || json_is_true(json_object_get(result, "dry_run"))) return false;
  char *a = z3_prop__realpath(written, NULL), *b = z3_prop__realpath(p->sandbox_rom, NULL);
  bool same = a && b && strcmp(a, b) == 0;
  z3_free(a);
  z3_free(b);
  return same;
}

static z3_status record_changes(const z3_proposal *p, const char *tool, const char *when,
                                const json_t *changes, z3_error *err) {
  char *path = z3_strfmt("%s/changes.jsonl", p->sandbox_dir);
  if (!path) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  size_t i;
  json_t *c;
  json_array_foreach(changes, i, c) {
    if (st) break;
    json_t *entry = json_pack("{s:O?,s:O?,s:O?,s:s,s:s}", "offset", json_object_get(c, "offset"),
                              "length", json_object_get(c, "length"), "reason",
                              json_object_get(c, "reason"), "tool", tool, "time", when);
    char *line = entry ? json_dumps(entry, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    st = line ? z3_prop__append_line(path, line, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
    free(line);
    json_decref(entry);
  }
  z3_free(path);
  return st;
}

z3_status z3_proposal_log_call(const z3_proposal *p, const char *tool, const json_t *args,
                               const z3_tool_result *result, z3_error *err) {
  char when[32];
  z3_prop__now(when);
  json_t *line = json_pack("{s:s,s:s,s:o,s:s}", "time", when, "tool", tool, "arguments",
                           args ? json_deep_copy(args) : json_object(), "status",
                           z3_status_name(result->status));
  if (!line) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (result->status != Z3_OK) json_object_set_new(line, "message", json_string(result->error.message));
  json_t *changed = json_object_get(result->result, "bytes_changed");
  if (changed) json_object_set(line, "bytes_changed", changed);
  json_t *written = json_object_get(result->result, "written");
  if (written) json_object_set(line, "written", written);
  char *text = json_dumps(line, JSON_COMPACT | JSON_PRESERVE_ORDER);
  json_decref(line);
  char *path = z3_strfmt("%s/commands.jsonl", p->sandbox_dir);
  z3_status st = text && path ? z3_prop__append_line(path, text, err)
                              : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  free(text);
  z3_free(path);
  json_t *changes = json_object_get(result->result, "changes");
  if (st == Z3_OK && result->status == Z3_OK && json_is_array(changes) &&
      wrote_sandbox_rom(p, result->result)) {
    st = record_changes(p, tool, when, changes, err);
  }
  return st;
}

static bool registered(const char *folder, const z3_proposal *all, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (all[i].sandbox_dir && strcmp(all[i].sandbox_dir, folder) == 0) return true;
  return false;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Sandbox folders being built (.new-*) are not finished ones, and a missing
 * proposals/ folder has none. */
z3_status z3_registry_unregistered(const char *state_dir, z3_registry *r, char ***out, size_t *count,
                                   z3_error *err) {
  *out = NULL, *count = 0;
  z3_proposal *all = NULL;
  size_t n = 0;
  z3_status st = r ? z3_registry_list(r, "all", &all, &n, err) : Z3_OK;
  char *dir = z3_strfmt("%s/proposals", state_dir);
  DIR *d = st == Z3_OK && dir ? opendir(dir) : NULL;
  for (struct dirent *e; st == Z3_OK && d && (e = readdir(d));) {
    char *folder = e->d_name[0] == '.' ? NULL : z3_strfmt("%s/%s", dir, e->d_name);
    struct stat sb;
    if (folder && stat(folder, &sb) == 0 && S_ISDIR(sb.st_mode) && !registered(folder, all, n)) {
      char **grown = z3_realloc(*out, (*count + 1) * sizeof **out);
      if (grown) *out = grown, (*out)[(*count)++] = folder, folder = NULL;
      else st = z3_error_set(err, Z3_E_NOMEM, "out of memory listing '%s'", dir);
    }
    z3_free(folder);
  }
  if (d) closedir(d);
  if (*out) qsort(*out, *count, sizeof **out, by_name);
  if (st) z3_folder_list_release(*out, *count), *out = NULL, *count = 0;
  z3_free(dir);
  z3_proposal_list_release(all, n);
  return st;
}

char *z3_registry_unregistered_text(const char *state_dir, z3_registry *r) {
  char **folders = NULL;
  size_t n = 0;
  if (z3_registry_unregistered(state_dir, r, &folders, &n, &(z3_error){0}) != Z3_OK || !n) return NULL;
  z3_buf b;
  z3_buf_init(&b);
  z3_buf_printf(&b, "%zu folder%s under %s/proposals that the registry does not name (set aside, or a lost "
                "registry's sandboxes; 'z3ed agent proposal list' lists them):", n, n == 1 ? "" : "s", state_dir);
  for (size_t i = 0; i < n; i++) z3_buf_printf(&b, "%s %s", i ? "," : "", folders[i] + strlen(state_dir) + strlen("/proposals/"));
  z3_folder_list_release(folders, n);
  char *text = b.len ? z3_strdup((const char *)b.data) : NULL;
  z3_buf_release(&b);
  return text;
}

void z3_folder_list_release(char **list, size_t count) {
  for (size_t i = 0; list && i < count; i++) z3_free(list[i]);
  z3_free(list);
}
