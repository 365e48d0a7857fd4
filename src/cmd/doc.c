/* cmd/doc: an open ROM, its commands and its undo history (see doc.h). */
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/doc.h"

enum { MAX_WORDS = 64 };

z3_status z3_doc_open(z3_doc **out, const char *path, z3_error *err) {
  *out = NULL;
  z3_doc *doc = z3_calloc(1, sizeof *doc);
  if (!doc) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  doc->path = z3_strdup(path);
  z3_file_stamp_take(path, &doc->stamp); /* before reading: a save in between then shows */
  z3_status st = doc->path ? z3_rom_load(&doc->rom, path, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st) {
    z3_doc_free(doc);
    return st;
  }
  doc->next_state = 1;
  *out = doc;
  return Z3_OK;
}

void z3_doc_free(z3_doc *doc) {
  if (!doc) return;
  z3_free(doc->undo.items);
  z3_free(doc->redo.items);
  z3_rom_free(doc->rom);
  z3_free(doc->path);
  z3_free(doc);
}

/* Every change of what the document shows goes through here. */
static void changed(z3_doc *doc) {
  doc->generation++;
  if (doc->listener) doc->listener(doc, doc->listener_data);
}

static z3_status push(z3_doc_steps *s, const z3_doc_step *step, z3_error *err) {
  if (s->count == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 16;
    z3_doc_step *items = z3_realloc(s->items, cap * sizeof *items);
    if (!items) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    s->items = items, s->cap = cap;
  }
  s->items[s->count++] = *step;
  return Z3_OK;
}

/* Writes back the old bytes of changes[first .. end), last first. A step's
 * range always holds the writes that led to the state it leaves (the command,
 * or the undo or redo that moved it), so both directions are this one walk. */
static z3_status revert(z3_doc *doc, const z3_doc_step *step, const char *verb, z3_error *err) {
  for (size_t i = step->end; i-- > step->first;) {
    z3_change c = doc->rom->changes[i]; /* a copy: the log grows while we write */
    if (c.old_len != c.new_len) return z3_error_set(err, Z3_E_INVALID, "'%s' resized the ROM; undo it by reopening the file", step->label);
    char reason[128];
    snprintf(reason, sizeof reason, "%s %s", verb, step->label);
    z3_status st = z3_rom_write(doc->rom, c.offset, c.old_bytes, c.old_len, reason, err);
    if (st) return st;
  }
  return Z3_OK;
}

/* The changes appended since `first` become one undo step; redo is gone. */
static z3_status record_step(z3_doc *doc, size_t first, const char *label, z3_error *err) {
  if (z3_rom_bytes_changed_since(doc->rom, first) == 0) return Z3_OK; /* rewrote what was there */
  doc->redo.count = 0;
  z3_doc_step step = {.first = first, .end = doc->rom->change_count, .state = doc->next_state++};
  snprintf(step.label, sizeof step.label, "%s", label);
  doc->state = step.state;
  return push(&doc->undo, &step, err);
}

static z3_status parse_on_doc(z3_doc *doc, z3_cmd_ctx *ctx, int argc, const char *const *argv, z3_error *err) {
  if (argc < 1 || argc > MAX_WORDS - 2) return z3_error_set(err, Z3_E_USAGE, "a command needs 1 to %d words", MAX_WORDS - 2);
  char *words[MAX_WORDS];
  int n = 0;
  for (int i = 0; i < argc; i++) words[n++] = (char *)argv[i];
  words[n++] = "--rom";
  words[n++] = doc->path;
  z3_status st = z3_cmd_parse(ctx, n, words, err);
  if (st == Z3_OK && !(ctx->cmd->flags & Z3_CMD_NEEDS_ROM))
    st = z3_error_set(err, Z3_E_USAGE, "'%s %s' does not work on a ROM; run it from a shell", ctx->cmd->resource, ctx->cmd->action);
  return st;
}

z3_status z3_doc_run(z3_doc *doc, int argc, const char *const *argv, json_t **result, z3_error *err) {
  if (result) *result = NULL;
  z3_cmd_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  z3_status st = parse_on_doc(doc, &ctx, argc, argv, err);
  if (st) {
    z3_cmd_ctx_release(&ctx);
    return st;
  }
  char label[sizeof ((z3_doc_step *)0)->label];
  snprintf(label, sizeof label, "%s %s", ctx.cmd->resource, ctx.cmd->action);
  size_t first = doc->rom->change_count;
  st = z3_cmd_run_on(&ctx, doc->rom, err);
  if (st == Z3_OK || st == Z3_E_CHECK) {
    z3_status recorded = record_step(doc, first, label, err);
    if (recorded) st = recorded;
    else if (result) *result = json_incref(ctx.result);
  } else if (doc->rom->change_count > first) {
    z3_doc_step partial = {.first = first, .end = doc->rom->change_count};
    snprintf(partial.label, sizeof partial.label, "failed %.80s", label);
    z3_error ignored;
    z3_error_init(&ignored);
    revert(doc, &partial, "revert", &ignored);
  }
  z3_cmd_ctx_release(&ctx);
  if (doc->rom->change_count != first) changed(doc);
  return st;
}

bool z3_doc_can_undo(const z3_doc *doc) { return doc->undo.count > 0; }
bool z3_doc_can_redo(const z3_doc *doc) { return doc->redo.count > 0; }

const char *z3_doc_next_label(const z3_doc *doc, bool undo) {
  const z3_doc_steps *s = undo ? &doc->undo : &doc->redo;
  return s->count ? s->items[s->count - 1].label : NULL;
}

/* Moves the top step of `from` to `to`, reverting it; the moved step covers the revert's own writes. */
static z3_status move_step(z3_doc *doc, z3_doc_steps *from, z3_doc_steps *to, bool undo, z3_error *err) {
  if (from->count == 0) return z3_error_set(err, Z3_E_USAGE, "nothing to %s", undo ? "undo" : "redo");
  z3_doc_step step = from->items[from->count - 1];
  size_t first = doc->rom->change_count;
  z3_status st = revert(doc, &step, undo ? "undo" : "redo", err);
  if (st == Z3_OK) {
    from->count--;
    step.first = first, step.end = doc->rom->change_count;
    st = push(to, &step, err);
    doc->state = doc->undo.count ? doc->undo.items[doc->undo.count - 1].state : 0;
  }
  changed(doc);
  return st;
}

z3_status z3_doc_undo(z3_doc *doc, z3_error *err) { return move_step(doc, &doc->undo, &doc->redo, true, err); }
z3_status z3_doc_redo(z3_doc *doc, z3_error *err) { return move_step(doc, &doc->redo, &doc->undo, false, err); }
bool z3_doc_modified(const z3_doc *doc) { return doc->state != doc->saved_state; }

bool z3_doc_changed_on_disk(const z3_doc *doc) {
  z3_file_stamp now;
  z3_file_stamp_take(doc->path, &now);
  return !z3_file_stamp_same(&now, &doc->stamp);
}

z3_status z3_doc_save(z3_doc *doc, z3_error *err) {
  z3_file_stamp after;
  z3_write_opts opts = {.backup = z3_file_exists(doc->path), .unchanged_since = &doc->stamp, .stamp_after = &after};
  z3_status st = z3_rom_save(doc->rom, doc->path, &opts, err);
  if (st == Z3_OK) {
    doc->stamp = after;
    doc->saved_changes = doc->rom->change_count;
    doc->saved_state = doc->state;
    if (doc->listener) doc->listener(doc, doc->listener_data);
  } else if (z3_doc_changed_on_disk(doc)) {
    z3_error_init(err); /* the file layer's wording knows nothing of editors */
    z3_error_set(err, Z3_E_IO, "%s was saved by another process since it was opened here; nothing was written",
                 doc->path);
    z3_error_hint(err, "your edits are kept: merge them onto the file as it is now, or undo them and reload");
  }
  return st;
}

z3_status z3_doc_reload(z3_doc *doc, z3_error *err) {
  if (z3_doc_modified(doc)) return z3_error_set(err, Z3_E_USAGE, "%s has unsaved edits; save them first", doc->path);
  z3_rom *rom = NULL;
  z3_file_stamp stamp;
  z3_file_stamp_take(doc->path, &stamp);
  z3_status st = z3_rom_load(&rom, doc->path, err);
  if (st) return st;
  z3_rom_free(doc->rom);
  doc->rom = rom;
  doc->stamp = stamp;
  doc->saved_changes = 0;
  doc->undo.count = doc->redo.count = 0;
  doc->state = doc->saved_state = 0; /* the state of an empty history, as at open */
  changed(doc);
  return Z3_OK;
}

const char *z3_doc_name(const z3_doc *doc) {
  const char *slash = strrchr(doc->path, '/');
  return slash ? slash + 1 : doc->path;
}

/* ---- merge with the file on disk ---------------------------------------- */

/* The image as this document last read or saved it: the current bytes with
 * every later write taken back, last first. NULL when a write changed the
 * size (a byte-wise merge has no meaning then). */
static uint8_t *saved_image(const z3_doc *doc, z3_error *err) {
  const z3_rom *rom = doc->rom;
  for (size_t i = doc->saved_changes; i < rom->change_count; i++) {
    if (rom->changes[i].old_len != rom->changes[i].new_len) {
      z3_error_set(err, Z3_E_INVALID, "cannot merge %s: an edit here resized the ROM", doc->path);
      return NULL;
    }
  }
  uint8_t *base = z3_malloc(rom->data.len ? rom->data.len : 1);
  if (!base) {
    z3_error_set(err, Z3_E_NOMEM, "out of memory");
    return NULL;
  }
  memcpy(base, rom->data.data, rom->data.len);
  for (size_t i = rom->change_count; i-- > doc->saved_changes;)
    memcpy(base + rom->changes[i].offset, rom->changes[i].old_bytes, rom->changes[i].old_len);
  return base;
}

/* The checksum pair is recomputed after a merge, never merged byte by byte. */
static bool is_checksum_byte(const z3_rom *rom, size_t offset) {
  size_t pair = z3_rom_header_offset(rom) + 0x1c;
  return offset >= pair && offset < pair + 4;
}

/* The first byte changed here and, differently, on disk; SIZE_MAX if none. */
static size_t first_conflict(const z3_rom *ours, const uint8_t *base, const uint8_t *theirs, size_t *count) {
  size_t first = SIZE_MAX;
  *count = 0;
  for (size_t o = 0; o < ours->data.len; o++) {
    uint8_t mine = ours->data.data[o];
    if (mine == base[o] || theirs[o] == base[o] || theirs[o] == mine || is_checksum_byte(ours, o)) continue;
    if (first == SIZE_MAX) first = o;
    ++*count;
  }
  return first;
}

/* Our edited runs written onto their image through its change log. */
static z3_status apply_ours(z3_rom *theirs, const z3_rom *ours, const uint8_t *base, z3_error *err) {
  const uint8_t *mine = ours->data.data;
  for (size_t o = 0; o < ours->data.len;) {
    if (mine[o] == base[o] || mine[o] == theirs->data.data[o] || is_checksum_byte(ours, o)) {
      o++;
      continue;
    }
    size_t end = o + 1;
    while (end < ours->data.len && mine[end] != base[end] && !is_checksum_byte(ours, end)) end++;
    z3_status st = z3_rom_write(theirs, o, mine + o, end - o, "merge: edits kept from the editor", err);
    if (st) return st;
    o = end;
  }
  return z3_rom_checksum_ok(ours) && theirs->change_count ? z3_rom_fix_checksum(theirs, err) : Z3_OK;
}

static z3_status conflict_error(const z3_doc *doc, size_t offset, size_t count, z3_error *err) {
  uint32_t address = 0;
  z3_error ignored;
  z3_error_init(&ignored);
  char snes[10] = "?";
  if (z3_rom_to_snes(doc->rom, offset, &address, &ignored) == Z3_OK) z3_snes_format_address(address, snes);
  z3_error_set(err, Z3_E_CHECK, "cannot merge %s: %zu byte%s changed both here and on disk, the first at offset 0x%zx (%s)",
               doc->path, count, count == 1 ? "" : "s", offset, snes);
  z3_error_hint(err, "undo your edit there and merge again, or undo everything and reload");
  return Z3_E_CHECK;
}

/* theirs becomes the document: one undo step for the merge, modified. */
static z3_status adopt_merged(z3_doc *doc, z3_rom *theirs, const z3_file_stamp *stamp, z3_error *err) {
  z3_rom_free(doc->rom);
  doc->rom = theirs;
  doc->stamp = *stamp;
  doc->saved_changes = 0;
  doc->undo.count = doc->redo.count = 0;
  doc->saved_state = doc->state = 0;
  z3_status st = record_step(doc, 0, "merge with the file on disk", err);
  changed(doc);
  return st;
}

z3_status z3_doc_merge_from_disk(z3_doc *doc, z3_error *err) {
  z3_file_stamp stamp;
  z3_file_stamp_take(doc->path, &stamp);
  z3_rom *theirs = NULL;
  z3_status st = z3_rom_load(&theirs, doc->path, err);
  if (st) return st;
  if (theirs->data.len != doc->rom->data.len) {
    st = z3_error_set(err, Z3_E_INVALID, "cannot merge %s: it is %zu bytes on disk and %zu here", doc->path,
                      theirs->data.len, doc->rom->data.len);
    z3_rom_free(theirs);
    return st;
  }
  uint8_t *base = saved_image(doc, err);
  size_t count = 0, at = base ? first_conflict(doc->rom, base, theirs->data.data, &count) : SIZE_MAX;
  if (!base) st = err->code;
  else if (count) st = conflict_error(doc, at, count, err);
  else st = apply_ours(theirs, doc->rom, base, err);
  z3_free(base);
  if (st) {
    z3_rom_free(theirs);
    return st;
  }
  return adopt_merged(doc, theirs, &stamp, err);
}
