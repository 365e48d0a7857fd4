/* tui/doc: the open ROM, its edits and their undo history (see doc.h). */
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "tui/doc.h"

enum { MAX_WORDS = 64 };

z3_status tui_doc_open(tui_doc **out, const char *path, z3_error *err) {
  *out = NULL;
  tui_doc *doc = z3_calloc(1, sizeof *doc);
  if (!doc) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  doc->path = z3_strdup(path);
  z3_status st = doc->path ? z3_rom_load(&doc->rom, path, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st) {
    tui_doc_free(doc);
    return st;
  }
  doc->next_state = 1;
  *out = doc;
  return Z3_OK;
}

void tui_doc_free(tui_doc *doc) {
  if (!doc) return;
  z3_free(doc->undo.items);
  z3_free(doc->redo.items);
  z3_rom_free(doc->rom);
  z3_free(doc->path);
  z3_free(doc);
}

static z3_status push(tui_steps *s, const tui_step *step, z3_error *err) {
  if (s->count == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 16;
    tui_step *items = z3_realloc(s->items, cap * sizeof *items);
    if (!items) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    s->items = items, s->cap = cap;
  }
  s->items[s->count++] = *step;
  return Z3_OK;
}

/* The changes appended since `first` become one undo step. */
static z3_status commit(tui_doc *doc, size_t first, const char *label, z3_error *err) {
  if (doc->rom->change_count == first) return Z3_OK;
  doc->generation++;
  if (z3_rom_bytes_changed_since(doc->rom, first) == 0) return Z3_OK; /* rewrote what was there */
  doc->redo.count = 0;
  tui_step step = {.first = first, .end = doc->rom->change_count, .state = doc->next_state++};
  snprintf(step.label, sizeof step.label, "%s", label);
  doc->state = step.state;
  return push(&doc->undo, &step, err);
}

static z3_status revert(tui_doc *doc, const tui_step *step, const char *verb, z3_error *err);

z3_status tui_doc_run(tui_doc *doc, int argc, const char *const *argv, json_t **result, z3_error *err) {
  if (result) *result = NULL;
  if (argc < 1 || argc > MAX_WORDS - 2) return z3_error_set(err, Z3_E_USAGE, "a command needs 1 to %d words", MAX_WORDS - 2);
  char *words[MAX_WORDS];
  int n = 0;
  for (int i = 0; i < argc; i++) words[n++] = (char *)argv[i];
  words[n++] = "--rom";
  words[n++] = doc->path;
  z3_cmd_ctx ctx;
  z3_status st = z3_cmd_parse(&ctx, n, words, err);
  if (st == Z3_OK && !(ctx.cmd->flags & Z3_CMD_NEEDS_ROM))
    st = z3_error_set(err, Z3_E_USAGE, "'%s %s' does not work on a ROM; run it from a shell", ctx.cmd->resource, ctx.cmd->action);
  if (st) {
    z3_cmd_ctx_release(&ctx);
    return st;
  }
  size_t first = doc->rom->change_count;
  st = z3_cmd_run_on(&ctx, doc->rom, err);
  if (st != Z3_OK && st != Z3_E_CHECK) {
    /* The CLI saves nothing of a failed command; here its writes are undone in memory. */
    tui_step partial = {.first = first, .end = doc->rom->change_count};
    snprintf(partial.label, sizeof partial.label, "failed %s %s", ctx.cmd->resource, ctx.cmd->action);
    z3_error ignored;
    z3_error_init(&ignored);
    if (partial.end > first) revert(doc, &partial, "revert", &ignored);
    doc->generation++;
    z3_cmd_ctx_release(&ctx);
    return st;
  }
  char label[64];
  snprintf(label, sizeof label, "%s %s", ctx.cmd->resource, ctx.cmd->action);
  z3_status committed = commit(doc, first, label, err);
  if (st == Z3_OK) st = committed;
  if ((st == Z3_OK || st == Z3_E_CHECK) && result) *result = json_incref(ctx.result);
  z3_cmd_ctx_release(&ctx);
  return st;
}

/* Writes back the old bytes of changes[first .. end), last first; a step's
 * range is always the writes that led to the state it leaves, so undo and
 * redo are this one walk. */
static z3_status revert(tui_doc *doc, const tui_step *step, const char *verb, z3_error *err) {
  for (size_t i = step->end; i-- > step->first;) {
    z3_change c = doc->rom->changes[i]; /* a copy: the log grows while we write */
    if (c.old_len != c.new_len) return z3_error_set(err, Z3_E_INVALID, "'%s' resized the ROM and cannot be undone here", step->label);
    char reason[96];
    snprintf(reason, sizeof reason, "%s %s", verb, step->label);
    z3_status st = z3_rom_write(doc->rom, c.offset, c.old_bytes, c.old_len, reason, err);
    if (st) return st;
  }
  return Z3_OK;
}

static z3_status move_step(tui_doc *doc, tui_steps *from, tui_steps *to, bool undo, z3_error *err) {
  if (from->count == 0) return z3_error_set(err, Z3_E_USAGE, "nothing to %s", undo ? "undo" : "redo");
  tui_step step = from->items[from->count - 1];
  size_t first = doc->rom->change_count;
  z3_status st = revert(doc, &step, undo ? "undo" : "redo", err);
  doc->generation++;
  if (st) return st;
  from->count--;
  step.first = first, step.end = doc->rom->change_count;
  st = push(to, &step, err);
  doc->state = doc->undo.count ? doc->undo.items[doc->undo.count - 1].state : 0;
  return st;
}

bool tui_doc_can_undo(const tui_doc *doc) { return doc->undo.count > 0; }
bool tui_doc_can_redo(const tui_doc *doc) { return doc->redo.count > 0; }
z3_status tui_doc_undo(tui_doc *doc, z3_error *err) { return move_step(doc, &doc->undo, &doc->redo, true, err); }
z3_status tui_doc_redo(tui_doc *doc, z3_error *err) { return move_step(doc, &doc->redo, &doc->undo, false, err); }
bool tui_doc_modified(const tui_doc *doc) { return doc->state != doc->saved_state; }

z3_status tui_doc_save(tui_doc *doc, z3_error *err) {
  z3_write_opts opts = {.backup = z3_file_exists(doc->path)};
  z3_status st = z3_rom_save(doc->rom, doc->path, &opts, err);
  if (st == Z3_OK) doc->saved_state = doc->state;
  return st;
}

z3_status tui_doc_reload(tui_doc *doc, z3_error *err) {
  if (tui_doc_modified(doc)) return z3_error_set(err, Z3_E_USAGE, "%s has unsaved edits; save them first", doc->path);
  z3_rom *rom = NULL;
  z3_status st = z3_rom_load(&rom, doc->path, err);
  if (st) return st;
  z3_rom_free(doc->rom);
  doc->rom = rom;
  doc->undo.count = doc->redo.count = 0;
  doc->state = doc->saved_state = doc->next_state++;
  doc->generation++;
  return Z3_OK;
}

const char *tui_doc_name(const tui_doc *doc) {
  const char *slash = strrchr(doc->path, '/');
  return slash ? slash + 1 : doc->path;
}
