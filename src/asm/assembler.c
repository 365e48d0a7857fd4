/* The assembler's driver: passes until labels settle, output, labels, errors. */
#define _DEFAULT_SOURCE /* realpath */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "asm/assembler_internal.h"

void z3_asm_result_init(z3_asm_result *r) {
  memset(r, 0, sizeof *r);
  z3_buf_init(&r->bytes);
  z3_symbols_init(&r->labels);
}

void asm_list_clear(z3_asm_text_list *list) {
  for (size_t i = 0; i < list->count; i++) z3_free(list->items[i]);
  z3_free(list->items);
  memset(list, 0, sizeof *list);
}

void z3_asm_result_release(z3_asm_result *r) {
  z3_buf_release(&r->bytes);
  z3_free(r->chunks);
  z3_symbols_release(&r->labels);
  asm_list_clear(&r->prints);
  asm_list_clear(&r->warnings);
  z3_free(r->cleans);
  z3_free(r->freespace);
  z3_asm_result_init(r);
}

z3_status asm_list_push(z3_asm_text_list *list, const char *text, z3_error *err) {
  if (list->count == list->cap) {
    size_t cap = list->cap ? list->cap * 2 : 8;
    char **items = z3_realloc(list->items, cap * sizeof *items);
    if (!items) return z3_error_set(err, Z3_E_NOMEM, "out of memory assembling");
    list->items = items;
    list->cap = cap;
  }
  char *copy = z3_strdup(text);
  if (!copy) return z3_error_set(err, Z3_E_NOMEM, "out of memory assembling");
  list->items[list->count++] = copy;
  return Z3_OK;
}

/* ---- errors ------------------------------------------------------------------ */

static void format_error(const asm_state *st, z3_error *into, z3_status code, const char *at,
                         const char *fmt, va_list ap) {
  char msg[512];
  vsnprintf(msg, sizeof msg, fmt, ap);
  const asm_loc *loc = st->loc;
  if (!loc) {
    z3_error_set(into, code, "%s", msg);
    return;
  }
  int col = at && st->line_start && at >= st->line_start ? (int)(at - st->line_start) + 1 : 1;
  char chain[480] = "";
  size_t used = 0;
  for (const asm_loc *l = loc; l && used + 1 < sizeof chain; l = l->parent) {
    if (!l->parent) break;
    int n = snprintf(chain + used, sizeof chain - used, "; %s %s:%d",
                     l->macro ? "in a macro called from" : "included from", l->parent->file,
                     l->parent->line);
    if (n < 0) break;
    used += (size_t)n;
  }
  if (loc->macro)
    z3_error_set(into, code, "%s:%d:%d: %s (in macro %s)%s", loc->file, loc->line, col, msg,
                 loc->macro, chain);
  else
    z3_error_set(into, code, "%s:%d:%d: %s%s", loc->file, loc->line, col, msg, chain);
}

z3_status asm_fail(asm_state *st, const char *at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  format_error(st, st->err, Z3_E_INVALID, at, fmt, ap);
  va_end(ap);
  if (!st->failed) st->failed = st->err->code ? st->err->code : Z3_E_INVALID;
  return st->failed;
}

void asm_defer(asm_state *st, const char *at, const char *fmt, ...) {
  if (st->deferred.code) return;
  va_list ap;
  va_start(ap, fmt);
  format_error(st, &st->deferred, Z3_E_INVALID, at, fmt, ap);
  va_end(ap);
}

/* ---- labels: open addressing on the name -------------------------------------- */

static size_t hash_name(const char *s) {
  size_t h = 5381;
  for (; *s; s++) h = h * 33 + (unsigned char)*s;
  return h;
}

static asm_label *label_slot(asm_state *st, const char *name) {
  size_t mask = st->label_cap - 1;
  for (size_t i = hash_name(name) & mask;; i = (i + 1) & mask)
    if (!st->labels[i].name || strcmp(st->labels[i].name, name) == 0) return &st->labels[i];
}

static z3_status labels_grow(asm_state *st) {
  size_t cap = st->label_cap ? st->label_cap * 2 : 256;
  asm_label *old = st->labels;
  size_t old_cap = st->label_cap;
  st->labels = z3_calloc(cap, sizeof *st->labels);
  if (!st->labels) {
    st->labels = old;
    return asm_fail(st, NULL, "out of memory for labels");
  }
  st->label_cap = cap;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i].name) *label_slot(st, old[i].name) = old[i];
  z3_free(old);
  return Z3_OK;
}

static bool lookup_exact(asm_state *st, const char *name, uint32_t *value) {
  asm_label *l = label_slot(st, name);
  if (!l->name || l->pass < st->pass - 1) return false;
  *value = l->value;
  return true;
}

/* Parent.sub may also be written Parent_sub, as asar 1.x names sublabels. */
static bool lookup_plain(asm_state *st, const char *name, uint32_t *value);

/* Inside a namespace a name is looked up there first. */
bool asm_lookup_label(asm_state *st, const char *name, uint32_t *value) {
  if (st->ns[0] && name[0] != ':') {
    char full[700];
    snprintf(full, sizeof full, "%s%s", st->ns, name);
    if (lookup_plain(st, full, value)) return true;
  }
  return lookup_plain(st, name, value);
}

static bool lookup_plain(asm_state *st, const char *name, uint32_t *value) {
  if (!st->label_cap) return false;
  if (lookup_exact(st, name, value)) return true;
  char alias[512];
  size_t n = strlen(name);
  if (n >= sizeof alias || name[0] == ':') return false;
  for (size_t i = 1; i + 1 < n; i++) {
    if (name[i] != '_') continue;
    memcpy(alias, name, n + 1);
    alias[i] = '.';
    if (lookup_exact(st, alias, value)) return true;
  }
  return false;
}

z3_status asm_define_label(asm_state *st, const char *name, uint32_t value, const char *at) {
  char full[700];
  if (st->ns[0] && name[0] != ':') { /* anonymous labels stay where they are */
    snprintf(full, sizeof full, "%s%s", st->ns, name);
    name = full;
  }
  if ((st->label_count + 1) * 2 > st->label_cap && labels_grow(st)) return st->failed;
  asm_label *l = label_slot(st, name);
  if (l->name && l->pass == st->pass)
    return asm_fail(st, at, "label '%s' is already defined at %s:%d", name, l->file, l->line);
  if (!l->name) {
    l->name = z3_strdup(name);
    if (!l->name) return asm_fail(st, at, "out of memory for labels");
    st->label_count++;
    st->changed = true;
  } else if (l->value != value || l->pass != st->pass - 1) {
    st->changed = true;
  }
  l->value = value & 0xFFFFFF;
  l->pass = st->pass;
  l->file = st->loc ? st->loc->file : "";
  l->line = st->loc ? st->loc->line : 0;
  return Z3_OK;
}

/* ---- output -------------------------------------------------------------------- */

uint32_t asm_pc(const asm_state *st) { return (uint32_t)((int64_t)st->address + st->base_delta) & 0xFFFFFF; }

static size_t image_limit(const asm_state *st) {
  return st->opt->rom ? st->opt->rom_size : Z3_ROM_MAX_SIZE;
}

z3_status asm_set_org(asm_state *st, uint32_t address, const char *at) {
  size_t offset;
  if (st->norom) {
    offset = address;
  } else {
    z3_error e;
    z3_error_init(&e);
    if (z3_snes_to_pc(st->mapping, image_limit(st), address, &offset, &e) != Z3_OK)
      return asm_fail(st, at, "org $%06X is outside the ROM (%s)", address, e.message);
  }
  if (offset >= image_limit(st))
    return asm_fail(st, at, "org $%06X is outside the %zu-byte ROM", address, image_limit(st));
  st->offset = offset;
  st->address = address;
  st->have_pc = true;
  st->in_freespace = false;
  st->base_delta = 0;
  return Z3_OK;
}

static z3_status chunk_byte(asm_state *st, uint8_t byte) {
  z3_asm_chunk *last = st->chunk_count ? &st->chunks[st->chunk_count - 1] : NULL;
  if (!last || last->offset + last->len != st->offset) {
    if (st->chunk_count == st->chunk_cap) {
      size_t cap = st->chunk_cap ? st->chunk_cap * 2 : 32;
      z3_asm_chunk *c = z3_realloc(st->chunks, cap * sizeof *c);
      if (!c) return asm_fail(st, NULL, "out of memory for output");
      st->chunks = c;
      st->chunk_cap = cap;
    }
    last = &st->chunks[st->chunk_count++];
    *last = (z3_asm_chunk){st->offset, st->address, st->bytes.len, 0};
  }
  if (z3_buf_push(&st->bytes, byte, NULL)) return asm_fail(st, NULL, "out of memory for output");
  last->len++;
  return Z3_OK;
}

static void advance(asm_state *st) {
  st->offset++;
  if (st->norom) {
    st->address = (st->address + 1) & 0xFFFFFF;
    return;
  }
  uint32_t next = (st->address & 0xFF0000) | ((st->address + 1) & 0xFFFF);
  if ((next & 0xFFFF) == 0) {
    uint32_t canonical;
    if (z3_pc_to_snes(st->mapping, Z3_ROM_MAX_SIZE, st->offset, &canonical, NULL) == Z3_OK) {
      if ((st->mapping == Z3_MAP_LOROM) && (st->address & 0x800000)) canonical |= 0x800000;
      next = canonical;
    }
  }
  st->address = next;
}

z3_status asm_emit(asm_state *st, const uint8_t *bytes, size_t n, const char *at) {
  if (st->open_struct >= 0)
    return asm_fail(st, at, "struct %s holds labels and skip only, not bytes", st->structs[st->open_struct].name);
  if (!st->have_pc) return asm_fail(st, at, "no org or freespace before the first byte");
  bool virtual_block = st->in_freespace && !st->blocks[st->freeblock].allocated;
  for (size_t i = 0; i < n; i++) {
    if (!virtual_block) {
      if (st->offset >= image_limit(st))
        return asm_fail(st, at, "writing past the end of the %zu-byte ROM (at $%06X)",
                        image_limit(st), st->address);
      if (chunk_byte(st, bytes[i])) return st->failed;
    }
    advance(st);
  }
  if (st->in_freespace) {
    asm_freeblock *b = &st->blocks[st->freeblock];
    b->size += n;
    if (b->size + 8 > z3_mapping_bank_size(st->mapping))
      return asm_fail(st, at, "a freespace block must fit in one bank (%zu bytes with its tag)", z3_mapping_bank_size(st->mapping));
  }
  return Z3_OK;
}

/* ---- passes ---------------------------------------------------------------------- */

static void reset_pass(asm_state *st) {
  st->pass++;
  st->changed = false;
  st->realloc_needed = false;
  st->unknown_used = false;
  z3_error_init(&st->deferred);
  st->mapping = st->opt->mapping;
  st->norom = false;
  st->have_pc = false;
  st->base_delta = 0;
  st->in_freespace = false;
  st->pcstack_depth = 0;
  st->fillbyte = st->padbyte = 0;
  memset(st->table, 0, sizeof st->table);
  st->parent[0] = '\0';
  memset(st->anon_count, 0, sizeof st->anon_count);
  for (size_t i = 0; i < st->define_count; i++) {
    z3_free(st->defines[i].name);
    z3_free(st->defines[i].value);
  }
  st->define_count = 0;
  asm_macros_release(st);
  asm_functions_release(st);
  st->open_struct = -1;
  for (size_t i = 0; i < st->struct_count; i++) st->structs[i].prev_combined = st->structs[i].combined;
  asm_loop_free(st->loop);
  st->loop = NULL;
  st->ns[0] = '\0';
  st->ns_nested = false;
  st->if_depth = 0;
  st->block_seen = 0;
  st->bytes.len = 0;
  st->chunk_count = 0;
  asm_list_clear(&st->prints);
  asm_list_clear(&st->warnings);
  st->clean_count = 0;
  st->lines = 0;
  st->macro_calls = 0;
}

/* Gives each freespace block that has no room yet a place; true when one moved. */
static bool place_blocks(asm_state *st) {
  bool moved = false;
  for (size_t i = 0; i < st->block_seen; i++) {
    asm_freeblock *b = &st->blocks[i];
    size_t need = (b->size ? b->size : 1) + 8;
    if (b->size != b->prev_size) moved = true; /* the RATS tag states the size */
    b->prev_size = b->size;
    if (b->allocated && need <= b->capacity) continue;
    if (!st->opt->alloc) {
      st->loc = NULL;
      asm_fail(st, NULL, "%s:%d: freespace needs a ROM to allocate from (give --rom)", b->file, b->line);
      return false;
    }
    size_t offset;
    z3_error e;
    z3_error_init(&e);
    if (st->opt->alloc(st->opt->alloc_user, need, b->one_bank, &offset, &e) != Z3_OK) {
      st->loc = NULL;
      asm_fail(st, NULL, "%s:%d: freespace exhausted: no room for a block of %zu bytes (%s)", b->file, b->line, need, e.message);
      if (e.hint[0]) z3_error_hint(st->err, "%s", e.hint);
      return false;
    }
    b->allocated = true;
    b->offset = offset;
    b->capacity = need;
    moved = true;
  }
  return moved;
}

static z3_status take_output(asm_state *st) {
  z3_asm_result *r = st->out;
  r->bytes = st->bytes;
  z3_buf_init(&st->bytes);
  r->chunks = st->chunks;
  r->chunk_count = st->chunk_count;
  r->chunk_cap = st->chunk_cap;
  st->chunks = NULL;
  st->chunk_count = st->chunk_cap = 0;
  r->prints = st->prints;
  r->warnings = st->warnings;
  memset(&st->prints, 0, sizeof st->prints);
  memset(&st->warnings, 0, sizeof st->warnings);
  r->cleans = st->cleans;
  r->clean_count = st->clean_count;
  st->cleans = NULL;
  st->clean_count = st->clean_cap = 0;
  r->passes = st->pass;
  r->lines = st->lines;
  if (st->block_seen) {
    r->freespace = z3_calloc(st->block_seen, sizeof *r->freespace);
    if (!r->freespace) return asm_fail(st, NULL, "out of memory");
    for (size_t i = 0; i < st->block_seen; i++)
      r->freespace[r->freespace_count++] = (z3_asm_range){st->blocks[i].offset, st->blocks[i].size + 8};
  }
  for (size_t i = 0; i < st->label_cap; i++) {
    const asm_label *l = &st->labels[i];
    if (!l->name || l->pass != st->pass || l->name[0] == ':') continue;
    if (z3_symbols_add(&r->labels, l->value, l->name, strlen(l->name), st->err)) return Z3_E_NOMEM;
  }
  z3_symbols_sort(&r->labels);
  return Z3_OK;
}

static void release_state(asm_state *st) {
  st->pass = 0;
  reset_pass(st);
  for (size_t i = 0; i < st->label_cap; i++) z3_free(st->labels[i].name);
  z3_free(st->labels);
  z3_free(st->defines);
  z3_free(st->macros);
  z3_free(st->functions);
  asm_structs_release(st);
  z3_free(st->blocks);
  for (size_t i = 0; i < st->file_count; i++) {
    z3_free(st->files[i].path);
    z3_free(st->files[i].name);
    z3_buf_release(&st->files[i].text);
  }
  z3_free(st->files);
  z3_free(st->main_real);
  z3_buf_release(&st->bytes);
  z3_free(st->chunks);
  z3_free(st->cleans);
}

static z3_status run_pass(asm_state *st, const char *name, const char *text, size_t len) {
  reset_pass(st);
  st->depth = 0;
  if (asm_run_text(st, name, text, len, NULL)) return st->failed;
  st->loc = NULL;
  if (st->recording) return asm_fail(st, NULL, "%s: macro %s has no endmacro", name, st->recording->name);
  if (st->if_depth) return asm_fail(st, NULL, "%s: %d if block(s) without endif", name, st->if_depth);
  if (st->loop) {
    return asm_fail(st, NULL, "%s:%d: %s without %s", st->loop->file, st->loop->line, st->loop->condition ? "while" : "for",
                    st->loop->condition ? "endwhile" : "endfor");
  }
  if (st->open_struct >= 0) return asm_fail(st, NULL, "%s: struct %s has no endstruct", name, st->structs[st->open_struct].name);
  for (size_t i = 0; i < st->struct_count; i++) /* Name[i] read the last pass's step */
    if (st->structs[i].combined != st->structs[i].prev_combined) st->changed = true;
  return Z3_OK;
}

z3_status z3_asm_assemble(const char *name, const char *text, size_t len,
                          const z3_asm_options *options, z3_asm_result *out, z3_error *err) {
  asm_state *st = z3_calloc(1, sizeof *st);
  if (!st) return z3_error_set(err, Z3_E_NOMEM, "out of memory assembling %s", name);
  st->open_struct = -1;
  st->opt = options;
  st->out = out;
  st->err = err;
  z3_buf_init(&st->bytes);
  char real[PATH_MAX];
  if (options->root && realpath(name, real)) st->main_real = z3_strdup(real);
  z3_status status = Z3_OK;
  for (;;) {
    if (run_pass(st, name, text, len)) break;
    bool moved = place_blocks(st);
    if (st->failed) break;
    if (!st->changed && !moved) {
      if (st->deferred.code) {
        *err = st->deferred;
        st->failed = st->deferred.code;
        break;
      }
      take_output(st);
      break;
    }
    if (st->pass >= ASM_MAX_PASSES) {
      st->loc = NULL;
      asm_fail(st, NULL, "%s: label addresses did not settle after %d passes", name, st->pass);
      break;
    }
  }
  status = st->failed;
  release_state(st);
  z3_free(st);
  if (status) {
    z3_asm_result_release(out);
    if (!err->code) z3_error_set(err, status, "assembly of %s failed", name);
  }
  return status;
}

z3_status z3_asm_assemble_file(const char *path, const z3_asm_options *options,
                               z3_asm_result *out, z3_error *err) {
  z3_buf text;
  z3_buf_init(&text);
  z3_status s = z3_file_read(&text, path, 16u << 20, err);
  if (s == Z3_OK) s = z3_asm_assemble(path, (const char *)text.data, text.len, options, out, err);
  z3_buf_release(&text);
  return s;
}

z3_status z3_asm_write_sym(const z3_asm_result *r, z3_buf *out, z3_error *err) {
  if (z3_buf_printf(out, "; written by z3ed asm\n[labels]\n"))
    return z3_error_set(err, Z3_E_NOMEM, "out of memory writing symbols");
  for (size_t i = 0; i < r->labels.count; i++) {
    const z3_symbol *s = &r->labels.items[i];
    if (z3_buf_printf(out, "%02X:%04X %s\n", s->address >> 16, s->address & 0xFFFF, s->name))
      return z3_error_set(err, Z3_E_NOMEM, "out of memory writing symbols");
  }
  return Z3_OK;
}
