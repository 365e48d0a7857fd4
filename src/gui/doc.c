/* gui/doc: an open ROM, its commands and its undo history (see doc.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "gui/doc.h"

enum { MAX_WORDS = 64 };

z3_status gui_doc_open(gui_doc **out, const char *path, z3_error *err) {
  *out = NULL;
  gui_doc *doc = z3_calloc(1, sizeof *doc);
  if (!doc) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  doc->path = z3_strdup(path);
  z3_status st = doc->path ? z3_rom_load(&doc->rom, path, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st) {
    gui_doc_free(doc);
    return st;
  }
  doc->next_state = 1;
  *out = doc;
  return Z3_OK;
}

static void stack_clear(gui_step_stack *s) {
  for (size_t i = 0; i < s->count; i++) z3_free(s->items[i].label);
  s->count = 0;
}

static z3_status stack_push(gui_step_stack *s, gui_step step, z3_error *err) {
  if (s->count == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 16;
    gui_step *items = z3_realloc(s->items, cap * sizeof *items);
    if (!items) {
      z3_free(step.label);
      return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    }
    s->items = items, s->cap = cap;
  }
  s->items[s->count++] = step;
  return Z3_OK;
}

void gui_doc_free(gui_doc *doc) {
  if (!doc) return;
  stack_clear(&doc->undo);
  stack_clear(&doc->redo);
  z3_free(doc->undo.items);
  z3_free(doc->redo.items);
  z3_rom_free(doc->rom);
  z3_free(doc->path);
  z3_free(doc);
}

static void notify(gui_doc *doc) {
  if (doc->listener) doc->listener(doc, doc->listener_data);
}

/* A new undo step over the changes appended since `first`; redo is gone. */
static z3_status record_step(gui_doc *doc, size_t first, const char *label, z3_error *err) {
  if (z3_rom_bytes_changed_since(doc->rom, first) == 0) return Z3_OK;
  stack_clear(&doc->redo);
  char *copy = z3_strdup(label);
  if (!copy) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  gui_step step = {.first = first, .end = doc->rom->change_count, .label = copy, .state = doc->next_state++};
  z3_status st = stack_push(&doc->undo, step, err);
  doc->state = step.state;
  return st;
}

z3_status gui_doc_run_argv(gui_doc *doc, int argc, const char *const *argv, json_t **result,
                           z3_error *err) {
  if (result) *result = NULL;
  if (argc < 1 || argc > MAX_WORDS - 2) return z3_error_set(err, Z3_E_USAGE, "a command needs 1 to %d words", MAX_WORDS - 2);
  char *words[MAX_WORDS];
  int n = 0;
  for (int i = 0; i < argc; i++) words[n++] = (char *)argv[i];
  words[n++] = "--rom";
  words[n++] = doc->path;
  z3_cmd_ctx ctx;
  z3_status st = z3_cmd_parse(&ctx, n, words, err);
  if (st) {
    z3_cmd_ctx_release(&ctx);
    return st;
  }
  if (!(ctx.cmd->flags & Z3_CMD_NEEDS_ROM)) {
    z3_cmd_ctx_release(&ctx);
    return z3_error_set(err, Z3_E_USAGE, "'%s %s' does not work on a ROM; run it from a shell", argv[0], argc > 1 ? argv[1] : "");
  }
  size_t first = doc->rom->change_count;
  st = z3_cmd_run_on(&ctx, doc->rom, err);
  if (st == Z3_OK) {
    char *label = z3_strfmt("%s %s", ctx.cmd->resource, ctx.cmd->action);
    st = label ? record_step(doc, first, label, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
    z3_free(label);
  }
  if (st == Z3_OK && result) *result = json_incref(ctx.result);
  z3_cmd_ctx_release(&ctx);
  if (first != doc->rom->change_count) notify(doc);
  return st;
}

z3_status gui_doc_run(gui_doc *doc, json_t **result, z3_error *err, const char *resource,
                      const char *action, ...) {
  const char *words[MAX_WORDS];
  int n = 0;
  words[n++] = resource;
  words[n++] = action;
  va_list ap;
  va_start(ap, action);
  for (const char *w; (w = va_arg(ap, const char *)) && n < MAX_WORDS;) words[n++] = w;
  va_end(ap);
  return gui_doc_run_argv(doc, n, words, result, err);
}

/* Writes back the old bytes of changes[first .. end), last first. A step's
 * range always holds the writes that led to the state it leaves (the command,
 * or the undo or redo that moved it), so both directions are this one walk. */
static z3_status revert(gui_doc *doc, const gui_step *step, const char *verb, z3_error *err) {
  for (size_t i = step->end; i-- > step->first;) {
    z3_change c = doc->rom->changes[i]; /* a copy: the log grows while we write */
    if (c.old_len != c.new_len) {
      return z3_error_set(err, Z3_E_INVALID, "'%s' resized the ROM; undo it by reopening the file", step->label);
    }
    char reason[160];
    snprintf(reason, sizeof reason, "%s %s", verb, step->label);
    z3_status st = z3_rom_write(doc->rom, c.offset, c.old_bytes, c.old_len, reason, err);
    if (st) return st;
  }
  return Z3_OK;
}

bool gui_doc_can_undo(const gui_doc *doc) { return doc->undo.count > 0; }
bool gui_doc_can_redo(const gui_doc *doc) { return doc->redo.count > 0; }

/* Moves the top step of `from` to `to`, reverting it; the moved step covers the revert's own writes. */
static z3_status move_step(gui_doc *doc, gui_step_stack *from, gui_step_stack *to, bool undo, z3_error *err) {
  if (from->count == 0) return z3_error_set(err, Z3_E_USAGE, "nothing to %s", undo ? "undo" : "redo");
  gui_step step = from->items[from->count - 1];
  size_t first = doc->rom->change_count;
  z3_status st = revert(doc, &step, undo ? "undo" : "redo", err);
  if (st) return st;
  from->count--;
  step.first = first, step.end = doc->rom->change_count;
  st = stack_push(to, step, err);
  doc->state = doc->undo.count ? doc->undo.items[doc->undo.count - 1].state : 0;
  notify(doc);
  return st;
}

z3_status gui_doc_undo(gui_doc *doc, z3_error *err) { return move_step(doc, &doc->undo, &doc->redo, true, err); }
z3_status gui_doc_redo(gui_doc *doc, z3_error *err) { return move_step(doc, &doc->redo, &doc->undo, false, err); }

bool gui_doc_modified(const gui_doc *doc) { return doc->state != doc->saved_state; }

z3_status gui_doc_save(gui_doc *doc, z3_error *err) {
  z3_write_opts opts = {.backup = z3_file_exists(doc->path)};
  z3_status st = z3_rom_save(doc->rom, doc->path, &opts, err);
  if (st == Z3_OK) {
    doc->saved_state = doc->state;
    notify(doc);
  }
  return st;
}

z3_status gui_doc_reload(gui_doc *doc, z3_error *err) {
  if (gui_doc_modified(doc)) return z3_error_set(err, Z3_E_USAGE, "%s has unsaved changes; save them first", doc->path);
  z3_rom *rom = NULL;
  z3_status st = z3_rom_load(&rom, doc->path, err);
  if (st) return st;
  z3_rom_free(doc->rom);
  doc->rom = rom;
  stack_clear(&doc->undo);
  stack_clear(&doc->redo);
  doc->state = doc->saved_state = doc->next_state++;
  notify(doc);
  return Z3_OK;
}

const char *gui_doc_name(const gui_doc *doc) {
  const char *slash = strrchr(doc->path, '/');
  return slash ? slash + 1 : doc->path;
}
