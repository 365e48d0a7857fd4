/*
 * Overworld overlays: reading the routines (overlays.h, world reference
 * §2.10). The reader runs the routine's small instruction subset on a model
 * of A and X, recording each store into the map16 buffer; it follows JMPs
 * within the bank and stops at the terminator. Everything else is refused:
 * guessing past an unknown opcode would invent or lose tile changes.
 */
#include <stdio.h>
#include <string.h>

#include "zelda3/overlays.h"
#include "zelda3/overworld_json.h"

enum { MAX_STEPS = 8192 }; /* instructions per routine: stops a JMP loop */

typedef struct parse_state {
  const uint8_t *d;
  size_t size, bank_from, bank_to;
  bool zscream;
  int area;
  z3_ovl_area *out;
  size_t cap;
} parse_state;

static z3_status refuse(const parse_state *s, size_t pc, const char *what, z3_error *err) {
  z3_error_set_at(err, Z3_E_INVALID, (int64_t)pc, "overlay of area 0x%02X: %s at PC 0x%06zX (byte 0x%02X)", s->area,
                  what, pc, pc < s->size ? s->d[pc] : 0);
  z3_error_hint(err, "z3ed reads LDA #, LDX #, STA abs, STA abs,X, STA long, INC A, JMP and %s",
                s->zscream ? "RTL (ZScream layout)" : "RTS");
  return Z3_E_INVALID;
}

static z3_status add_store(parse_state *s, size_t pc, unsigned offset, unsigned a, z3_error *err) {
  if (offset & 1) return refuse(s, pc, "a store to an odd buffer offset", err);
  if (s->out->count == Z3_OVL_MAX_STORES) return refuse(s, pc, "more than 1024 stores", err);
  if ((size_t)s->out->count == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 16;
    z3_ovl_store *grown = z3_realloc(s->out->stores, cap * sizeof *grown);
    if (!grown) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    s->out->stores = grown, s->cap = cap;
  }
  unsigned cell = offset / 2;
  s->out->stores[s->out->count++] = (z3_ovl_store){(uint8_t)(cell % 64), (uint8_t)(cell / 64), (uint16_t)a};
  return Z3_OK;
}

static void close_span(z3_ovl_area *a, size_t from, size_t to) {
  for (int i = 0; i < a->span_count; i++) /* a JMP back into code already read */
    if (from >= a->spans[i].pc && to <= a->spans[i].pc + a->spans[i].len) return;
  if (a->span_count < Z3_OVL_MAX_SPANS) a->spans[a->span_count++] = (z3_ovl_span){from, to - from};
}

static unsigned word_at(const uint8_t *p) { return (unsigned)(p[0] | p[1] << 8); }

/* Operand bytes of each accepted opcode; -1: not accepted. */
static int operand_len(uint8_t op) {
  switch (op) {
    case 0xA9: case 0xA2: case 0x8D: case 0x9D: case 0x4C: return 2;
    case 0x8F: return 3;
    case 0x1A: case 0x60: case 0x6B: return 0;
    default: return -1;
  }
}

static z3_status step(parse_state *s, size_t *pc, size_t *span_from, unsigned *a, unsigned *x, bool *done,
                      z3_error *err) {
  size_t at = *pc;
  uint8_t op = s->d[at];
  int n = operand_len(op);
  if (n < 0 || (op == 0x60 && s->zscream) || (op == 0x6B && !s->zscream)) {
    return refuse(s, at, n < 0 ? "an opcode z3ed does not read" : "the other layout's return", err);
  }
  if (at + 1 + (size_t)n > s->bank_to) return refuse(s, at, "an instruction running past the end of its bank", err);
  const uint8_t *o = s->d + at + 1;
  *pc = at + 1 + (size_t)n;
  z3_status st = Z3_OK;
  switch (op) {
    case 0xA9: *a = word_at(o); break;
    case 0xA2: *x = word_at(o); break;
    case 0x1A: *a = (*a + 1) & 0xFFFF; break;
    case 0x8D: st = add_store(s, at, word_at(o) & 0x1FFF, *a, err); break;
    case 0x9D: st = add_store(s, at, (word_at(o) + *x) & 0x1FFF, *a, err); break;
    case 0x8F:
      if (o[2] != 0x7E) return refuse(s, at, "a long store outside bank $7E", err);
      st = add_store(s, at, word_at(o) & 0x1FFF, *a, err);
      break;
    case 0x4C: {
      unsigned to = word_at(o);
      if (to < 0x8000 || s->bank_from + (to & 0x7FFF) >= s->bank_to) return refuse(s, at, "a JMP out of ROM", err);
      close_span(s->out, *span_from, *pc);
      *pc = *span_from = s->bank_from + (to & 0x7FFF);
      break;
    }
    default: *done = true; break; /* RTS / RTL */
  }
  return st;
}

z3_status z3_ovl_parse(const uint8_t *data, size_t size, size_t pc, bool zscream, int area, z3_ovl_area *out,
                       z3_error *err) {
  z3_free(out->stores);
  uint32_t address = out->address;
  memset(out, 0, sizeof *out);
  out->address = address;
  parse_state s = {data, size, pc & ~(size_t)0x7FFF, (pc & ~(size_t)0x7FFF) + 0x8000, zscream, area, out, 0};
  if (s.bank_to > size) s.bank_to = size;
  if (pc >= s.bank_to) return refuse(&s, pc, "a routine outside the ROM", err);
  if (!zscream && data[pc] == 0xFF) { /* an unused vector into free space */
    out->unused = true;
    out->spans[out->span_count++] = (z3_ovl_span){pc, 1};
    return Z3_OK;
  }
  unsigned a = 0, x = 0;
  size_t at = pc, from = pc;
  bool done = false;
  for (int n = 0; !done; n++) {
    if (n == MAX_STEPS) return refuse(&s, at, "a routine that does not end (JMP loop?)", err);
    if (at >= s.bank_to) return refuse(&s, at, "a routine running past the end of its bank", err);
    z3_status st = step(&s, &at, &from, &a, &x, &done, err);
    if (st) return st;
  }
  close_span(out, from, at);
  return Z3_OK;
}

static z3_status vector_pc(const z3_rom *rom, bool zs, int i, uint32_t *address, size_t *pc, z3_error *err) {
  const uint8_t *d = rom->data.data;
  if (zs) {
    const uint8_t *p = d + Z3_OVL_ZS_TABLE_PC + 3 * (size_t)i;
    *address = (uint32_t)(p[0] | p[1] << 8 | p[2] << 16);
  } else {
    *address = 0x0E0000u | word_at(d + Z3_OVL_VECTOR_PC + 2 * (size_t)i);
  }
  z3_status st = (*address & 0xFFFF) < 0x8000 && !zs
                     ? z3_error_set(err, Z3_E_INVALID, "overlay vector of area 0x%02X ($%06X) is not in ROM", i, *address)
                     : z3_rom_to_pc(rom, *address, pc, err);
  if (st) z3_error_hint(err, "the %s at PC 0x%zX", zs ? "ZScream overlay pointer" : "overlay vector",
                        zs ? Z3_OVL_ZS_TABLE_PC + 3 * (size_t)i : Z3_OVL_VECTOR_PC + 2 * (size_t)i);
  return st;
}

z3_status z3_ovl_load(z3_overlays **out, const z3_rom *rom, z3_error *err) {
  *out = NULL;
  if (rom->data.len < Z3_OVL_ZS_TABLE_PC + 3 * Z3_OVL_AREAS)
    return z3_error_set(err, Z3_E_INVALID, "the ROM (%zu bytes) is too small to hold the overlay vectors", rom->data.len);
  z3_overlays *set = z3_calloc(1, sizeof *set);
  if (!set) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  set->zscream = rom->data.data[Z3_OVL_ZS_MARKER_PC] == 0x6B;
  z3_status st = Z3_OK;
  for (int i = 0; st == Z3_OK && i < Z3_OVL_AREAS; i++) {
    size_t pc = 0;
    st = vector_pc(rom, set->zscream, i, &set->areas[i].address, &pc, err);
    if (st == Z3_OK) st = z3_ovl_parse(rom->data.data, rom->data.len, pc, set->zscream, i, &set->areas[i], err);
  }
  if (st) {
    z3_ovl_free(set);
    return st;
  }
  *out = set;
  return Z3_OK;
}

void z3_ovl_free(z3_overlays *set) {
  if (!set) return;
  for (int i = 0; i < Z3_OVL_AREAS; i++) z3_free(set->areas[i].stores);
  z3_free(set);
}

bool z3_ovl_shares(const z3_ovl_area *a, const z3_ovl_area *b) {
  for (int i = 0; i < a->span_count; i++)
    for (int j = 0; j < b->span_count; j++) {
      const z3_ovl_span *p = &a->spans[i], *q = &b->spans[j];
      if (p->pc < q->pc + q->len && q->pc < p->pc + p->len) return true;
    }
  return false;
}

size_t z3_ovl_code_size(const z3_ovl_area *a) {
  size_t n = 0;
  for (int i = 0; i < a->span_count; i++) n += a->spans[i].len;
  return n;
}

z3_status z3_ovl_set(z3_overlays *set, int area, const z3_ovl_store *stores, int count, z3_error *err) {
  if (area < 0 || area >= Z3_OVL_AREAS)
    return z3_error_set(err, Z3_E_NOT_FOUND, "area 0x%02X has no overlay (overlays exist for 0x00-0x7F)", (unsigned)area);
  if (count < 0 || count > Z3_OVL_MAX_STORES)
    return z3_error_set(err, Z3_E_INVALID, "%d stores: an overlay holds 0 to %d", count, Z3_OVL_MAX_STORES);
  for (int i = 0; i < count; i++)
    if (stores[i].x > 63 || stores[i].y > 63)
      return z3_error_set(err, Z3_E_INVALID, "store %d at (%u,%u) is outside the 64x64 map16 buffer", i, stores[i].x,
                          stores[i].y);
  z3_ovl_area *a = &set->areas[area];
  if (count == a->count && (count == 0 || memcmp(stores, a->stores, (size_t)count * sizeof *stores) == 0)) return Z3_OK;
  z3_ovl_store *copy = z3_calloc((size_t)(count ? count : 1), sizeof *copy);
  if (!copy) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (count) memcpy(copy, stores, (size_t)count * sizeof *copy);
  snprintf(a->why, sizeof a->why, "area 0x%02X overlay: %d stores (was %d)", area, count, a->count);
  z3_free(a->stores);
  a->stores = copy, a->count = count, a->dirty = true;
  return Z3_OK;
}

/* ---- JSON ---------------------------------------------------------------- */

json_t *z3_ovl_stores_json(const z3_ovl_area *a) {
  json_t *arr = json_array();
  for (int i = 0; i < a->count; i++)
    json_array_append_new(arr, json_pack("{s:i, s:i, s:i}", "x", a->stores[i].x, "y", a->stores[i].y, "tile16",
                                         a->stores[i].tile16));
  return arr;
}

z3_status z3_ovl_stores_from_json(const json_t *doc, z3_ovl_store **out, int *count, z3_error *err) {
  *out = NULL, *count = 0;
  const json_t *result = json_object_get(doc, "result"); /* `overworld overlay --format json` output as is */
  const json_t *arr = json_is_array(doc) ? doc : json_object_get(json_is_object(result) ? result : doc, "stores");
  if (!json_is_array(arr)) return z3_error_set(err, Z3_E_INVALID, "$.stores: missing or not an array");
  size_t n = json_array_size(arr);
  if (n > Z3_OVL_MAX_STORES)
    return z3_error_set(err, Z3_E_INVALID, "$.stores: %zu stores, an overlay holds at most %d", n, Z3_OVL_MAX_STORES);
  z3_ovl_store *s = z3_calloc(n ? n : 1, sizeof *s);
  if (!s) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  for (size_t i = 0; i < n; i++) {
    char path[48];
    snprintf(path, sizeof path, "$.stores[%zu]", i);
    const json_t *r = json_array_get(arr, i);
    long x = 0, y = 0, t = 0;
    z3_status st = json_is_object(r) ? Z3_OK : z3_error_set(err, Z3_E_INVALID, "%s: not an object", path);
    if (st == Z3_OK) st = z3_ow__json_int(r, "x", path, 0, 63, &x, err);
    if (st == Z3_OK) st = z3_ow__json_int(r, "y", path, 0, 63, &y, err);
    if (st == Z3_OK) st = z3_ow__json_int(r, "tile16", path, 0, 0xFFFF, &t, err);
    if (st) {
      z3_free(s);
      return st;
    }
    s[i] = (z3_ovl_store){(uint8_t)x, (uint8_t)y, (uint16_t)t};
  }
  *out = s, *count = (int)n;
  return Z3_OK;
}
