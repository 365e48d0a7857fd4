/* agent/proposal: registry, sandboxes, diffs, accept (whole, selected, rebase), revert, concurrency. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agent/policy.h"
#include "agent/proposal.h"
#include "test.h"
#include "zelda3/palettes.h"

/* ---- fixtures ------------------------------------------------------------------ */

typedef struct fixture {
  char *dir, *state, *rom;
  z3_registry *r;
  z3_error err;
} fixture;

static void copy_file(const char *from, const char *to) {
  z3_buf b;
  z3_buf_init(&b);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&b, from, 64u << 20, &err), &err);
  assert_ok(z3_file_write_atomic(to, b.data, b.len, NULL, &err), &err);
  z3_buf_release(&b);
}

static int setup(void **state) {
  fixture *f = calloc(1, sizeof *f);
  f->dir = z3_test_tmpdir();
  f->state = z3_strfmt("%s/state", f->dir);
  f->rom = z3_strfmt("%s/zelda3.sfc", f->dir);
  copy_file(Z3_SAMPLE, f->rom);
  z3_error_init(&f->err);
  if (z3_registry_open(&f->r, f->state, &f->err) != Z3_OK) return -1;
  *state = f;
  return 0;
}

static int teardown(void **state) {
  fixture *f = *state;
  z3_registry_close(f->r);
  char *cmd = z3_strfmt("rm -rf '%s'", f->dir);
  if (system(cmd) != 0) return -1;
  free(cmd);
  free(f->dir);
  free(f->state);
  free(f->rom);
  free(f);
  return 0;
}

static z3_rom *load(const char *path) {
  z3_rom *rom = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  return rom;
}

static void save(z3_rom *rom, const char *path) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_save(rom, path, NULL, &err), &err);
  z3_rom_free(rom);
}

static void poke(const char *path, size_t offset, const char *bytes) {
  z3_rom *rom = load(path);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_write(rom, offset, bytes, strlen(bytes), "test", &err), &err);
  save(rom, path);
}

static uint8_t peek(const char *path, size_t offset) {
  z3_rom *rom = load(path);
  uint8_t b = rom->data.data[offset];
  z3_rom_free(rom);
  return b;
}

static void make(fixture *f, const char *title, z3_proposal *p) {
  assert_ok(z3_proposal_create(f->r, f->rom, title, p, &f->err), &f->err);
}

/* A palette colour, the title, and three unnamed edits in bank $02 and across $02/$03. */
static void edit_sandbox(const z3_proposal *p) {
  z3_rom *rom = load(p->sandbox_rom);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_palette_write_color(rom, z3_palette_group_find("ow_main"), 0, 3, 0x001F, &err), &err);
  assert_ok(z3_rom_set_header_field(rom, "title", "NEW TITLE", &err), &err);
  assert_ok(z3_rom_write(rom, 0x10000, "\xAA", 1, "t", &err), &err);
  assert_ok(z3_rom_write(rom, 0x10005, "\xBB", 1, "t", &err), &err); /* joins: 4 equal bytes between */
  assert_ok(z3_rom_write(rom, 0x10040, "\xCC", 1, "t", &err), &err); /* separate: far */
  assert_ok(z3_rom_write(rom, 0x17FFF, "\xDD\xEE", 2, "t", &err), &err); /* splits at the bank end */
  assert_ok(z3_rom_fix_checksum(rom, &err), &err);
  save(rom, p->sandbox_rom);
}

static const z3_prop_change *find_change(const z3_change_set *s, size_t offset) {
  for (size_t i = 0; i < s->count; i++)
    if (!s->changes[i].resize && s->changes[i].offset == offset) return &s->changes[i];
  return NULL;
}

/* ---- registry --------------------------------------------------------------------- */

Z3_TEST(test_registry__create_get_list_latest) {
  fixture *f = *state;
  z3_proposal a, b, got;
  make(f, "first", &a);
  make(f, "second", &b);
  assert_true(b.id > a.id);
  assert_string_equal(a.status, "open");
  assert_ok(z3_proposal_get(f->r, a.id, &got, &f->err), &f->err);
  assert_string_equal(got.title, "first");
  assert_string_equal(got.base_sha1, a.base_sha1);
  assert_non_null(strstr(got.sandbox_rom, "/proposals/"));
  z3_proposal_release(&got);
  z3_proposal *list;
  size_t n;
  assert_ok(z3_registry_list(f->r, NULL, &list, &n, &f->err), &f->err);
  assert_int_equal(n, 2);
  assert_int_equal(list[0].id, b.id); /* newest first */
  z3_proposal_list_release(list, n);
  int64_t latest;
  assert_ok(z3_registry_latest(f->r, "open", f->rom, &latest, &f->err), &f->err);
  assert_int_equal(latest, b.id);
  assert_int_equal(z3_registry_latest(f->r, "accepted", NULL, &latest, &f->err), Z3_E_NOT_FOUND);
  z3_error_init(&f->err);
  assert_int_equal(z3_proposal_get(f->r, 999, &got, &f->err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(f->err.hint, "agent proposal list"));
  z3_error_init(&f->err);
  assert_int_equal(z3_proposal_create(f->r, f->rom, "", &got, &f->err), Z3_E_USAGE);
  z3_proposal_release(&a);
  z3_proposal_release(&b);
}

Z3_TEST(test_registry__status_transitions) {
  fixture *f = *state;
  z3_proposal p, q;
  make(f, "to reject", &p);
  assert_int_equal(z3_proposal_reject(f->r, p.id, "nonsense", NULL, false, &f->err), Z3_E_USAGE);
  z3_error_init(&f->err);
  assert_int_equal(z3_proposal_reject(f->r, p.id, "other", NULL, false, &f->err), Z3_E_USAGE);
  z3_error_init(&f->err);
  assert_ok(z3_proposal_reject(f->r, p.id, "incorrect-palette", NULL, true, &f->err), &f->err); /* dry run */
  assert_ok(z3_proposal_get(f->r, p.id, &q, &f->err), &f->err);
  assert_string_equal(q.status, "open");
  z3_proposal_release(&q);
  assert_ok(z3_proposal_reject(f->r, p.id, "incorrect-palette", "too dark", false, &f->err), &f->err);
  assert_ok(z3_proposal_get(f->r, p.id, &q, &f->err), &f->err);
  assert_string_equal(q.status, "rejected");
  assert_string_equal(q.reason, "incorrect-palette");
  assert_string_equal(q.note, "too dark");
  z3_proposal_release(&q);
  assert_int_equal(z3_proposal_reject(f->r, p.id, "incorrect-palette", NULL, false, &f->err), Z3_E_INVALID);
  z3_error_init(&f->err);
  edit_sandbox(&p);
  z3_decide_opts o = {.rom_path = f->rom};
  json_t *report = NULL;
  assert_int_equal(z3_proposal_accept(f->r, p.id, &o, &report, &f->err), Z3_E_INVALID);
  assert_non_null(strstr(f->err.message, "is rejected"));
  assert_null(report);
  z3_error_init(&f->err);
  assert_ok(z3_proposal_archive(f->r, p.id, false, &f->err), &f->err);
  assert_ok(z3_proposal_get(f->r, p.id, &q, &f->err), &f->err);
  assert_string_equal(q.status, "archived");
  assert_string_equal(q.previous_status, "rejected");
  assert_string_equal(q.reason, "incorrect-palette"); /* archiving keeps the decision */
  z3_proposal_release(&q);
  assert_int_equal(z3_proposal_archive(f->r, p.id, false, &f->err), Z3_E_INVALID);
  z3_proposal *list;
  size_t n;
  assert_ok(z3_registry_list(f->r, NULL, &list, &n, &f->err), &f->err);
  assert_int_equal(n, 0);
  z3_proposal_list_release(list, n);
  assert_ok(z3_registry_list(f->r, "all", &list, &n, &f->err), &f->err);
  assert_int_equal(n, 1);
  z3_proposal_list_release(list, n);
  json_t *history;
  assert_ok(z3_registry_history(f->r, p.id, &history, &f->err), &f->err);
  assert_int_equal(json_array_size(history), 3); /* created, rejected, archived */
  json_decref(history);
  z3_proposal_release(&p);
}

Z3_TEST(test_registry__open_existing_creates_nothing) {
  fixture *f = *state;
  char *none = z3_strfmt("%s/none", f->dir);
  z3_registry *r = NULL;
  assert_int_equal(z3_registry_open_existing(&r, none, &f->err), Z3_E_NOT_FOUND);
  assert_null(r);
  assert_false(z3_file_exists(none));
  free(none);
}

/* Several processes create proposals at once into a registry none of them made. */
Z3_TEST(test_registry__concurrent_processes) {
  fixture *f = *state;
  enum { CHILDREN = 6, EACH = 5 };
  char *fresh = z3_strfmt("%s/shared", f->dir);
  pid_t pids[CHILDREN];
  for (int c = 0; c < CHILDREN; c++) {
    fflush(NULL);
    pids[c] = fork();
    assert_true(pids[c] >= 0);
    if (pids[c] == 0) {
      z3_error err;
      z3_error_init(&err);
      z3_registry *r = NULL;
      int bad = z3_registry_open(&r, fresh, &err) != Z3_OK;
      for (int i = 0; !bad && i < EACH; i++) {
        z3_proposal p;
        char title[32];
        snprintf(title, sizeof title, "child %d #%d", c, i);
        bad = z3_proposal_create(r, f->rom, title, &p, &err) != Z3_OK;
        if (!bad) z3_proposal_release(&p);
      }
      if (bad) fprintf(stderr, "child %d: %s\n", c, err.message);
      z3_registry_close(r);
      _exit(bad);
    }
  }
  for (int c = 0; c < CHILDREN; c++) {
    int status = 0;
    assert_int_equal(waitpid(pids[c], &status, 0), pids[c]);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  z3_registry *r;
  assert_ok(z3_registry_open(&r, fresh, &f->err), &f->err);
  z3_proposal *list;
  size_t n;
  assert_ok(z3_registry_list(r, "all", &list, &n, &f->err), &f->err);
  assert_int_equal(n, CHILDREN * EACH);
  for (size_t i = 0; i < n; i++) {
    for (size_t j = i + 1; j < n; j++) assert_true(list[i].id != list[j].id);
    assert_true(z3_file_exists(list[i].sandbox_rom));
  }
  z3_proposal_list_release(list, n);
  z3_registry_close(r);
  sqlite3 *db;
  char *path = z3_strfmt("%s/registry.db", fresh);
  assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
  sqlite3_stmt *s;
  assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &s, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(s), SQLITE_ROW);
  assert_string_equal((const char *)sqlite3_column_text(s, 0), "ok");
  sqlite3_finalize(s);
  assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &s, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(s), SQLITE_ROW);
  assert_string_equal((const char *)sqlite3_column_text(s, 0), "wal");
  sqlite3_finalize(s);
  sqlite3_close(db);
  free(path);
  free(fresh);
}

/* ---- sandboxes and logs ---------------------------------------------------------------- */

Z3_TEST(test_sandbox__layout_and_copies) {
  fixture *f = *state;
  z3_proposal p;
  make(f, "layout", &p);
  const char *files[] = {"base.sfc", "rom.sfc", "commands.jsonl", "changes.jsonl", "proposal.json"};
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    char *path = z3_strfmt("%s/%s", p.sandbox_dir, files[i]);
    assert_true(z3_file_exists(path));
    free(path);
  }
  z3_rom *real = load(f->rom), *copy = load(p.sandbox_rom);
  char sha[41];
  z3_sha1_hex(real->data.data, real->data.len, sha);
  assert_string_equal(sha, p.base_sha1);
  assert_int_equal(copy->data.len, real->data.len);
  assert_memory_equal(copy->data.data, real->data.data, real->data.len);
  z3_rom_free(real);
  z3_rom_free(copy);
  z3_tool_session s;
  z3_proposal_session(&p, NULL, &s);
  assert_true(s.agent);
  assert_string_equal(s.sandbox_dir, p.sandbox_dir);
  assert_string_equal(s.default_rom, p.sandbox_rom);
  char *missing = z3_strfmt("%s/missing.sfc", f->dir);
  z3_proposal q;
  assert_int_equal(z3_proposal_create(f->r, missing, "x", &q, &f->err), Z3_E_IO);
  free(missing);
  z3_proposal_release(&p);
}

/* A real tool call in the proposal's session: logged, and its change reasons kept. */
Z3_TEST(test_sandbox__log_call_records_changes) {
  fixture *f = *state;
  z3_proposal p;
  make(f, "logged", &p);
  z3_tool_session s;
  z3_proposal_session(&p, NULL, &s);
  json_t *args = json_pack("{s:s,s:b}", "title", "LOGGED", "no_backup", 1);
  z3_tool_result r;
  assert_ok(z3_tool_call(&s, "rom_header_set", args, &r), &r.error);
  assert_ok(z3_proposal_log_call(&p, "rom_header_set", args, &r, &f->err), &f->err);
  z3_tool_result_release(&r);
  json_t *outside = json_pack("{s:s}", "rom", f->rom);
  assert_int_equal(z3_tool_call(&s, "rom_fix_checksum", outside, &r), Z3_E_USAGE); /* confined */
  assert_ok(z3_proposal_log_call(&p, "rom_fix_checksum", outside, &r, &f->err), &f->err);
  z3_tool_result_release(&r);
  json_t *own = json_pack("{s:I,s:s}", "proposal_id", (json_int_t)p.id, "rom", f->rom);
  assert_int_equal(z3_tool_call(&s, "agent_proposal_accept", own, &r), Z3_E_USAGE); /* never its own accept */
  z3_tool_result_release(&r);
  json_object_set_new(own, "rom", json_string(p.sandbox_rom));
  assert_int_equal(z3_tool_call(&s, "agent_commit", own, &r), Z3_E_USAGE);
  z3_tool_result_release(&r);
  assert_int_equal(peek(f->rom, 0x7FC0), peek(Z3_SAMPLE, 0x7FC0));
  json_decref(own);
  json_decref(args);
  json_decref(outside);
  z3_change_set set;
  assert_ok(z3_proposal_changes(&p, &set, &f->err), &f->err);
  assert_int_equal(set.count, 1);
  assert_string_equal(set.changes[0].resource, "header title");
  assert_string_equal(set.changes[0].source, "recorded");
  z3_change_set_release(&set);
  char *log = z3_strfmt("%s/commands.jsonl", p.sandbox_dir);
  z3_buf text;
  z3_buf_init(&text);
  assert_ok(z3_file_read(&text, log, 1 << 20, &f->err), &f->err);
  z3_buf_printf(&text, "%s", "");
  assert_non_null(strstr((char *)text.data, "\"tool\":\"rom_header_set\""));
  assert_non_null(strstr((char *)text.data, "\"status\":\"usage\""));
  z3_buf_release(&text);
  free(log);
  z3_proposal_release(&p);
}

/* ---- diffs ---------------------------------------------------------------------- */

Z3_TEST(test_changes__named_grouped_by_bank) {
  fixture *f = *state;
  z3_proposal p;
  make(f, "diff", &p);
  edit_sandbox(&p);
  /* A tool recorded a reason for one unnamed range: it names that range. */
  json_t *result = json_pack("{s:s,s:[{s:i,s:i,s:s}]}", "written", p.sandbox_rom, "changes", "offset", 0x10040,
                             "length", 1, "reason", "my patch");
  z3_tool_result r = {.status = Z3_OK, .result = result};
  assert_ok(z3_proposal_log_call(&p, "patch_apply", NULL, &r, &f->err), &f->err);
  json_decref(result);
  z3_change_set set;
  assert_ok(z3_proposal_changes(&p, &set, &f->err), &f->err);
  const z3_prop_change *title = find_change(&set, 0x7FC0);
  assert_non_null(title);
  assert_string_equal(title->resource, "header title");
  assert_string_equal(title->source, "layout");
  size_t at[Z3_PALETTE_MAX_COPIES];
  z3_palette_color_offsets(z3_palette_group_find("ow_main"), 0, 3, at);
  const z3_prop_change *colour = find_change(&set, at[0]);
  assert_non_null(colour);
  assert_string_equal(colour->resource, "palette ow_main:0 colour 3");
  const z3_prop_change *joined = find_change(&set, 0x10000);
  assert_non_null(joined);
  assert_null(joined->resource);
  assert_int_equal(joined->length, 6);
  assert_int_equal(joined->bytes_changed, 2);
  const z3_prop_change *named = find_change(&set, 0x10040);
  assert_string_equal(named->resource, "my patch");
  assert_string_equal(named->source, "recorded");
  assert_non_null(find_change(&set, 0x17FFF)); /* one byte in bank $02 ... */
  assert_non_null(find_change(&set, 0x18000)); /* ... one in bank $03 */
  for (size_t i = 0; i < set.count; i++) { /* the checksum pair is never a change */
    const z3_prop_change *c = &set.changes[i];
    assert_true(c->offset + c->length <= set.checksum_offset || c->offset >= set.checksum_offset + 4);
    assert_int_equal(c->index, i + 1);
  }
  json_t *j = z3_change_set_json(&set, 2);
  assert_int_equal(json_array_size(json_object_get(j, "changes")), 2);
  assert_true(json_is_true(json_object_get(j, "changes_truncated")));
  assert_true(json_array_size(json_object_get(j, "banks")) >= 4); /* $00, $02, $03, $1B */
  json_decref(j);
  size_t *sel, n;
  assert_ok(z3_change_set_select(&set, "3,1-2,3", &sel, &n, &f->err), &f->err);
  assert_int_equal(n, 3);
  assert_int_equal(sel[0], 1);
  assert_int_equal(sel[2], 3);
  free(sel);
  assert_int_equal(z3_change_set_select(&set, "1,x", &sel, &n, &f->err), Z3_E_USAGE);
  z3_error_init(&f->err);
  assert_int_equal(z3_change_set_select(&set, "99", &sel, &n, &f->err), Z3_E_USAGE);
  assert_non_null(strstr(f->err.message, "no change 99"));
  z3_error_init(&f->err);
  assert_int_equal(z3_change_set_select(&set, "3-1", &sel, &n, &f->err), Z3_E_USAGE);
  z3_change_set_release(&set);
  z3_proposal_release(&p);
}

/* ---- accept, rebase, revert ------------------------------------------------------------ */

static z3_status accept(fixture *f, int64_t id, z3_decide_opts o, json_t **report) {
  o.rom_path = f->rom;
  z3_error_init(&f->err);
  return z3_proposal_accept(f->r, id, &o, report, &f->err);
}

Z3_TEST(test_accept__whole_proposal) {
  fixture *f = *state;
  z3_proposal p;
  make(f, "whole", &p);
  edit_sandbox(&p);
  json_t *report = NULL;
  assert_ok(accept(f, p.id, (z3_decide_opts){.dry_run = true}, &report), &f->err);
  assert_int_equal(peek(f->rom, 0x10000), peek(Z3_SAMPLE, 0x10000)); /* dry run */
  json_decref(report);
  z3_decide_opts other = {.rom_path = Z3_SAMPLE};
  assert_int_equal(z3_proposal_accept(f->r, p.id, &other, &report, &f->err), Z3_E_USAGE); /* not its ROM */
  assert_ok(accept(f, p.id, (z3_decide_opts){.reviewer = "ana", .role = "maintainer"}, &report), &f->err);
  assert_string_equal(json_string_value(json_object_get(report, "status")), "accepted");
  json_decref(report);
  z3_rom *real = load(f->rom), *sand = load(p.sandbox_rom);
  assert_memory_equal(real->data.data, sand->data.data, real->data.len);
  assert_true(z3_rom_checksum_ok(real));
  z3_rom_free(real);
  z3_rom_free(sand);
  char *bak = z3_strfmt("%s.bak", f->rom), *rec = z3_strfmt("%s/accepted.json", p.sandbox_dir);
  assert_true(z3_file_exists(bak));
  assert_true(z3_file_exists(rec));
  free(bak);
  free(rec);
  z3_proposal q;
  assert_ok(z3_proposal_get(f->r, p.id, &q, &f->err), &f->err);
  assert_string_equal(q.status, "accepted");
  assert_string_equal(q.reviewer, "ana");
  z3_proposal_release(&q);
  assert_int_equal(accept(f, p.id, (z3_decide_opts){0}, &report), Z3_E_INVALID); /* twice */
  z3_proposal_release(&p);
}

Z3_TEST(test_accept__selected_changes) {
  fixture *f = *state;
  z3_proposal p;
  make(f, "some", &p);
  edit_sandbox(&p);
  z3_change_set set;
  assert_ok(z3_proposal_changes(&p, &set, &f->err), &f->err);
  size_t pick = find_change(&set, 0x10040)->index;
  z3_change_set_release(&set);
  char list[16];
  snprintf(list, sizeof list, "%zu", pick);
  json_t *report = NULL;
  assert_ok(accept(f, p.id, (z3_decide_opts){.changes = list}, &report), &f->err);
  json_decref(report);
  assert_int_equal(peek(f->rom, 0x10040), 0xCC);
  assert_int_equal(peek(f->rom, 0x10000), peek(Z3_SAMPLE, 0x10000));
  assert_int_equal(peek(f->rom, 0x7FC0), peek(Z3_SAMPLE, 0x7FC0)); /* the title stayed */
  z3_rom *real = load(f->rom);
  assert_true(z3_rom_checksum_ok(real)); /* recomputed for the part taken */
  z3_rom_free(real);
  z3_proposal_release(&p);
}

Z3_TEST(test_accept__stale_base_refused_then_rebased) {
  fixture *f = *state;
  z3_proposal p;
  make(f, "stale", &p);
  edit_sandbox(&p);
  poke(f->rom, 0x20000, "\x42"); /* someone else edits the real ROM elsewhere */
  json_t *report = NULL;
  assert_int_equal(accept(f, p.id, (z3_decide_opts){0}, &report), Z3_E_INVALID);
  assert_non_null(strstr(f->err.message, "changed since proposal"));
  assert_non_null(strstr(f->err.hint, "--rebase"));
  assert_int_equal(peek(f->rom, 0x10000), peek(Z3_SAMPLE, 0x10000));
  assert_ok(accept(f, p.id, (z3_decide_opts){.rebase = true}, &report), &f->err);
  assert_true(json_is_true(json_object_get(report, "rebased")));
  json_decref(report);
  assert_int_equal(peek(f->rom, 0x20000), 0x42); /* both edits */
  assert_int_equal(peek(f->rom, 0x10000), 0xAA);
  z3_rom *real = load(f->rom);
  assert_true(z3_rom_checksum_ok(real));
  z3_rom_free(real);
  z3_proposal_release(&p);
}

Z3_TEST(test_accept__conflicting_rebase_refused) {
  fixture *f = *state;
  z3_proposal p;
  make(f, "conflict", &p);
  edit_sandbox(&p);
  poke(f->rom, 0x10002, "\x42"); /* inside the proposal's range 0x10000-0x10005 */
  z3_rom *before = load(f->rom);
  json_t *report = NULL;
  assert_int_equal(accept(f, p.id, (z3_decide_opts){.rebase = true}, &report), Z3_E_CHECK);
  assert_non_null(strstr(f->err.message, "$02:8002"));
  json_t *conflicts = json_object_get(report, "conflicts");
  assert_int_equal(json_array_size(conflicts), 1);
  assert_int_equal(json_integer_value(json_object_get(json_array_get(conflicts, 0), "offset")), 0x10002);
  json_decref(report);
  z3_rom *after = load(f->rom);
  assert_memory_equal(before->data.data, after->data.data, before->data.len);
  z3_rom_free(before);
  z3_rom_free(after);
  z3_change_set set; /* the other changes still go in */
  assert_ok(z3_proposal_changes(&p, &set, &f->err), &f->err);
  char list[16];
  snprintf(list, sizeof list, "%zu", find_change(&set, 0x10040)->index);
  z3_change_set_release(&set);
  assert_ok(accept(f, p.id, (z3_decide_opts){.rebase = true, .changes = list}, &report), &f->err);
  json_decref(report);
  assert_int_equal(peek(f->rom, 0x10040), 0xCC);
  assert_int_equal(peek(f->rom, 0x10002), 0x42);
  z3_proposal_release(&p);
}

Z3_TEST(test_accept__policy_refuses) {
  fixture *f = *state;
  z3_proposal p;
  make(f, "too big", &p);
  edit_sandbox(&p);
  z3_policy pol;
  const char *yaml = "max_bytes_changed: 4\nreviewer_roles: [maintainer]\n";
  assert_ok(z3_policy_parse(&pol, yaml, strlen(yaml), "agent.yaml", &f->err), &f->err);
  json_t *report = NULL;
  assert_int_equal(accept(f, p.id, (z3_decide_opts){.policy = &pol}, &report), Z3_E_CHECK);
  json_t *verdict = json_object_get(report, "policy");
  assert_false(json_is_true(json_object_get(verdict, "passed")));
  assert_int_equal(json_array_size(json_object_get(verdict, "reasons")), 2);
  json_decref(report);
  assert_int_equal(peek(f->rom, 0x10000), peek(Z3_SAMPLE, 0x10000));
  char *tests = z3_strfmt("%s/tests.json", p.sandbox_dir);
  assert_true(z3_file_exists(tests));
  free(tests);
  z3_change_set set; /* one small change, by a maintainer, passes */
  assert_ok(z3_proposal_changes(&p, &set, &f->err), &f->err);
  char list[16];
  snprintf(list, sizeof list, "%zu", find_change(&set, 0x10040)->index);
  z3_change_set_release(&set);
  assert_ok(accept(f, p.id, (z3_decide_opts){.policy = &pol, .changes = list, .reviewer = "ana", .role = "maintainer"},
                   &report), &f->err);
  json_decref(report);
  z3_policy_release(&pol);
  z3_proposal_release(&p);
}

Z3_TEST(test_revert__restores_and_refuses_when_changed_since) {
  fixture *f = *state;
  z3_proposal p, q;
  make(f, "undo", &p);
  edit_sandbox(&p);
  json_t *report = NULL;
  assert_ok(accept(f, p.id, (z3_decide_opts){0}, &report), &f->err);
  json_decref(report);
  z3_decide_opts o = {.rom_path = f->rom};
  assert_ok(z3_proposal_revert(f->r, p.id, &o, &report, &f->err), &f->err);
  json_decref(report);
  z3_rom *real = load(f->rom), *sample = load(Z3_SAMPLE);
  assert_memory_equal(real->data.data, sample->data.data, sample->data.len);
  z3_rom_free(real);
  z3_rom_free(sample);
  assert_int_equal(z3_proposal_revert(f->r, p.id, &o, &report, &f->err), Z3_E_INVALID); /* reverted already */
  make(f, "undo later", &q);
  edit_sandbox(&q);
  assert_ok(accept(f, q.id, (z3_decide_opts){0}, &report), &f->err);
  json_decref(report);
  poke(f->rom, 0x10005, "\x01"); /* a later edit over an accepted byte */
  poke(f->rom, 0x30000, "\x02"); /* and one elsewhere */
  z3_rom *before = load(f->rom);
  z3_error_init(&f->err);
  assert_int_equal(z3_proposal_revert(f->r, q.id, &o, &report, &f->err), Z3_E_CHECK);
  assert_non_null(strstr(f->err.message, "changed since"));
  assert_int_equal(json_array_size(json_object_get(report, "conflicts")), 1);
  json_decref(report);
  z3_rom *after = load(f->rom);
  assert_memory_equal(before->data.data, after->data.data, before->data.len);
  z3_rom_free(before);
  z3_rom_free(after);
  z3_proposal_release(&p);
  z3_proposal_release(&q);
}

/* A grown sandbox: the size change is a change of its own, and the tail needs it. */
Z3_TEST(test_accept__resize) {
  fixture *f = *state;
  z3_proposal p;
  make(f, "grow", &p);
  z3_rom *rom = load(p.sandbox_rom);
  size_t old = rom->data.len;
  assert_ok(z3_rom_resize(rom, old * 2, "expand", &f->err), &f->err);
  assert_ok(z3_rom_write(rom, old + 0x10, "\x77", 1, "t", &f->err), &f->err);
  save(rom, p.sandbox_rom);
  z3_change_set set;
  assert_ok(z3_proposal_changes(&p, &set, &f->err), &f->err);
  assert_int_equal(set.count, 2);
  assert_true(set.changes[0].resize);
  assert_int_equal(set.changes[1].offset, old + 0x10);
  assert_int_equal(set.bytes_changed, old);
  z3_change_set_release(&set);
  json_t *report = NULL;
  assert_int_equal(accept(f, p.id, (z3_decide_opts){.changes = "2"}, &report), Z3_E_USAGE);
  assert_non_null(strstr(f->err.hint, "select change 1"));
  assert_ok(accept(f, p.id, (z3_decide_opts){0}, &report), &f->err);
  json_decref(report);
  z3_rom *real = load(f->rom);
  assert_int_equal(real->data.len, old * 2);
  assert_int_equal(real->data.data[old + 0x10], 0x77);
  z3_rom_free(real);
  z3_decide_opts o = {.rom_path = f->rom};
  assert_ok(z3_proposal_revert(f->r, p.id, &o, &report, &f->err), &f->err);
  json_decref(report);
  real = load(f->rom);
  assert_int_equal(real->data.len, old);
  z3_rom_free(real);
  z3_proposal_release(&p);
}

Z3_TEST(test_accept__empty_proposal_refused) {
  fixture *f = *state;
  z3_proposal p;
  make(f, "nothing", &p);
  json_t *report = NULL;
  assert_int_equal(accept(f, p.id, (z3_decide_opts){0}, &report), Z3_E_INVALID);
  assert_non_null(strstr(f->err.message, "changes nothing"));
  z3_proposal_release(&p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_registry__create_get_list_latest, setup, teardown),
      cmocka_unit_test_setup_teardown(test_registry__status_transitions, setup, teardown),
      cmocka_unit_test_setup_teardown(test_registry__open_existing_creates_nothing, setup, teardown),
      cmocka_unit_test_setup_teardown(test_registry__concurrent_processes, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sandbox__layout_and_copies, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sandbox__log_call_records_changes, setup, teardown),
      cmocka_unit_test_setup_teardown(test_changes__named_grouped_by_bank, setup, teardown),
      cmocka_unit_test_setup_teardown(test_accept__whole_proposal, setup, teardown),
      cmocka_unit_test_setup_teardown(test_accept__selected_changes, setup, teardown),
      cmocka_unit_test_setup_teardown(test_accept__stale_base_refused_then_rebased, setup, teardown),
      cmocka_unit_test_setup_teardown(test_accept__conflicting_rebase_refused, setup, teardown),
      cmocka_unit_test_setup_teardown(test_accept__policy_refuses, setup, teardown),
      cmocka_unit_test_setup_teardown(test_revert__restores_and_refuses_when_changed_since, setup, teardown),
      cmocka_unit_test_setup_teardown(test_accept__resize, setup, teardown),
      cmocka_unit_test_setup_teardown(test_accept__empty_proposal_refused, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
