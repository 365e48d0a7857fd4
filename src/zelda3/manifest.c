/* Patch manifests: two ROM maps compared entry by entry (see manifest.h). */
#include "zelda3/manifest.h"

#include <stdlib.h>
#include <string.h>

#include "zelda3/romap.h"

/* The header's checksum and complement ($FFDC-$FFDF) follow every edit; they are no change in game terms. */
enum { CHECKSUM_IN_HEADER = 0x2C, CHECKSUM_LEN = 4, RUN_JOIN_GAP = 8 };

typedef struct side {
  const z3_rom *rom;
  z3_romap map;
  const z3_region **sorted; /* entries (free space left out), by kind, index, part, offset */
  size_t count;
} side;

static int by_entry(const void *pa, const void *pb) {
  const z3_region *a = *(const z3_region *const *)pa, *b = *(const z3_region *const *)pb;
  if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
  if (a->index != b->index) return a->index < b->index ? -1 : 1;
  if (a->part != b->part) return a->part < b->part ? -1 : 1;
  return a->offset < b->offset ? -1 : a->offset > b->offset;
}

static z3_status side_open(side *s, const z3_rom *rom, z3_error *err) {
  memset(s, 0, sizeof *s);
  s->rom = rom;
  z3_status st = z3_romap_build(rom, &s->map, err);
  if (st) return st;
  s->sorted = z3_malloc((s->map.count ? s->map.count : 1) * sizeof *s->sorted);
  if (!s->sorted) return z3_error_set(err, Z3_E_NOMEM, "out of memory comparing ROMs");
  for (size_t i = 0; i < s->map.count; i++)
    if (s->map.items[i].kind != Z3_REGION_FREE) s->sorted[s->count++] = &s->map.items[i];
  qsort(s->sorted, s->count, sizeof *s->sorted, by_entry);
  return Z3_OK;
}

static void side_close(side *s) {
  z3_free(s->sorted);
  z3_romap_release(&s->map);
}

static bool same_key(const z3_region *a, const z3_region *b) {
  return a->kind == b->kind && a->index == b->index && a->part == b->part;
}

/* Regions [*i, end) of s with the key of r. */
static size_t group_end(const side *s, size_t i, const z3_region *r) {
  while (i < s->count && same_key(s->sorted[i], r)) i++;
  return i;
}

static bool region_equal(const side *a, const z3_region *ra, const side *b, const z3_region *rb) {
  if (ra->length != rb->length) return false;
  const uint8_t *pa = a->rom->data.data + ra->offset, *pb = b->rom->data.data + rb->offset;
  if (ra->kind != Z3_REGION_HEADER || ra->length < CHECKSUM_IN_HEADER + CHECKSUM_LEN)
    return memcmp(pa, pb, ra->length) == 0;
  size_t tail = CHECKSUM_IN_HEADER + CHECKSUM_LEN;
  return memcmp(pa, pb, CHECKSUM_IN_HEADER) == 0 && memcmp(pa + tail, pb + tail, ra->length - tail) == 0;
}

typedef enum verdict { SAME, MOVED, CHANGED } verdict;

static verdict compare_group(const side *a, size_t ai, size_t ae, const side *b, size_t bi, size_t be) {
  if (ae - ai != be - bi) return CHANGED;
  bool moved = false;
  for (size_t k = 0; k < ae - ai; k++) {
    if (!region_equal(a, a->sorted[ai + k], b, b->sorted[bi + k])) return CHANGED;
    moved |= a->sorted[ai + k]->offset != b->sorted[bi + k]->offset;
  }
  return moved ? MOVED : SAME;
}

static void part_name(const z3_region *r, char *out, size_t cap) {
  static const char *const states[] = {"beginning", "zelda", "agahnim"};
  switch (r->kind) {
    case Z3_REGION_ROOM_HEADER: snprintf(out, cap, "header"); return;
    case Z3_REGION_ROOM_OBJECTS: snprintf(out, cap, "objects"); return;
    case Z3_REGION_ROOM_SPRITES: snprintf(out, cap, "sprites"); return;
    case Z3_REGION_ROOM_POTS: snprintf(out, cap, "pot items"); return;
    case Z3_REGION_CHEST: snprintf(out, cap, "chests"); return;
    case Z3_REGION_AREA_MAP: snprintf(out, cap, "map"); return;
    case Z3_REGION_AREA_SPRITES: snprintf(out, cap, "sprites (%s)", states[r->part >= 0 && r->part < 3 ? r->part : 0]); return;
    case Z3_REGION_AREA_ITEMS: snprintf(out, cap, "items"); return;
    case Z3_REGION_AREA_OVERLAY: snprintf(out, cap, "overlay"); return;
    case Z3_REGION_AREA_ENTRY: z3_region_entry_name(r, out, cap); return;
    default: out[0] = '\0'; return;
  }
}

static void append_unique(json_t *array, const char *text) {
  size_t i;
  json_t *v;
  json_array_foreach(array, i, v) if (strcmp(json_string_value(v), text) == 0) return;
  json_array_append_new(array, json_string(text));
}

/* The resource's entry in its category, made on first use. */
static json_t *entry_for(json_t *m, const z3_region *r, json_t *index) {
  char name[96];
  z3_region_resource(r, name, sizeof name);
  json_t *e = json_object_get(index, name);
  if (e) return e;
  e = json_object();
  bool numbered = r->kind != Z3_REGION_PALETTE && r->kind != Z3_REGION_TABLE && strcmp(z3_region_category(r), "other") != 0;
  int id = r->kind == Z3_REGION_CHEST ? r->part : r->index;
  if (numbered) json_object_set_new(e, "id", json_integer(id));
  json_object_set_new(e, "name", json_string(name));
  json_object_set_new(e, "parts", json_array());
  json_object_set_new(e, "moved", json_array());
  json_array_append_new(json_object_get(m, z3_region_category(r)), e);
  json_object_set(index, name, e);
  return e;
}

static void record(json_t *m, json_t *index, const z3_region *r, verdict v) {
  json_t *e = entry_for(m, r, index);
  char part[48];
  part_name(r, part, sizeof part);
  if (!part[0]) snprintf(part, sizeof part, "data");
  append_unique(json_object_get(e, v == MOVED ? "moved" : "parts"), part);
}

static int key_cmp(const z3_region *a, const z3_region *b) {
  if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
  if (a->index != b->index) return a->index < b->index ? -1 : 1;
  return a->part < b->part ? -1 : a->part > b->part;
}

/* Walks both sorted lists a key at a time; a key on one side only is a change.
 * Pass 0 records changed entries; pass 1 adds the parts of those entries that
 * only moved, and counts entries that moved without changing (data stored
 * back to back, like messages, shifts behind one edit: not a change). */
static size_t compare_entries(const side *a, const side *b, json_t *m, json_t *index, int pass) {
  size_t i = 0, j = 0, moved_only = 0;
  while (i < a->count || j < b->count) {
    int c = i == a->count ? 1 : j == b->count ? -1 : key_cmp(a->sorted[i], b->sorted[j]);
    const z3_region *key = c <= 0 ? a->sorted[i] : b->sorted[j];
    size_t ae = c <= 0 ? group_end(a, i, key) : i, be = c >= 0 ? group_end(b, j, key) : j;
    verdict v = compare_group(a, i, ae, b, j, be);
    char name[96];
    z3_region_resource(key, name, sizeof name);
    if (pass == 0 && v == CHANGED) record(m, index, key, v);
    if (pass == 1 && v == MOVED) {
      if (json_object_get(index, name)) record(m, index, key, v);
      else moved_only++;
    }
    i = ae, j = be;
  }
  return moved_only;
}

typedef enum byte_class { COVERED, FREE_USED, UNMODELLED } byte_class;

static byte_class classify(const side *a, const side *b, size_t i) {
  const z3_region *ra = i < a->rom->data.len ? z3_romap_find(&a->map, i) : NULL;
  const z3_region *rb = i < b->rom->data.len ? z3_romap_find(&b->map, i) : NULL;
  if ((ra && ra->kind != Z3_REGION_FREE) || (rb && rb->kind != Z3_REGION_FREE)) return COVERED;
  return rb ? FREE_USED : UNMODELLED;
}

static bool differs(const z3_rom *a, const z3_rom *b, size_t i) {
  return i >= a->data.len || i >= b->data.len || a->data.data[i] != b->data.data[i];
}

static json_t *range_json(const z3_rom *rom, size_t start, size_t end) {
  json_t *o = json_object();
  char text[16];
  snprintf(text, sizeof text, "0x%06zx", start);
  json_object_set_new(o, "offset", json_string(text));
  uint32_t address;
  if (z3_rom_to_snes(rom, start, &address, NULL) == Z3_OK) {
    z3_snes_format_address(address, text);
    json_object_set_new(o, "address", json_string(text));
  }
  json_object_set_new(o, "length", json_integer((json_int_t)(end - start)));
  return o;
}

static void flush(json_t *const lists[3], const z3_rom *rom, byte_class c, size_t start, size_t end) {
  if (c != COVERED && end > start) json_array_append_new(lists[c], range_json(rom, start, end));
}

/* Changed bytes outside every entry, as runs (joined across short gaps). */
static void compare_bytes(const side *a, const side *b, json_t *m) {
  size_t n = a->rom->data.len > b->rom->data.len ? a->rom->data.len : b->rom->data.len;
  size_t counts[3] = {0}, changed = 0, run_start = 0, run_end = 0;
  byte_class run_class = COVERED;
  json_t *const lists[3] = {NULL, json_object_get(m, "free_space"), json_object_get(m, "unmodelled")};
  for (size_t i = 0; i < n; i++) {
    if (!differs(a->rom, b->rom, i)) continue;
    byte_class c = classify(a, b, i);
    changed++, counts[c]++;
    if (c == COVERED) continue;
    if (c == run_class && i - run_end <= RUN_JOIN_GAP) {
      run_end = i + 1;
      continue;
    }
    flush(lists, b->rom, run_class, run_start, run_end);
    run_class = c, run_start = i, run_end = i + 1;
  }
  flush(lists, b->rom, run_class, run_start, run_end);
  json_object_set_new(m, "bytes_changed", json_integer((json_int_t)changed));
  json_t *summary = json_object_get(m, "summary");
  json_object_set_new(summary, "free_space_bytes", json_integer((json_int_t)counts[FREE_USED]));
  json_object_set_new(summary, "unmodelled_bytes", json_integer((json_int_t)counts[UNMODELLED]));
}

static json_t *image_json(const z3_rom *rom) {
  char crc[12];
  snprintf(crc, sizeof crc, "0x%08x", z3_crc32(rom->data.data, rom->data.len));
  return json_pack("{s:I,s:s}", "size", (json_int_t)rom->data.len, "crc32", crc);
}

static const char *const categories[] = {"rooms", "areas", "messages", "sheets", "palettes", "tables", "other"};

static json_t *skeleton(const z3_rom *from, const z3_rom *to) {
  json_t *m = json_object();
  json_object_set_new(m, "schema", json_string(Z3_MANIFEST_SCHEMA));
  json_object_set_new(m, "version", json_integer(Z3_MANIFEST_VERSION));
  json_object_set_new(m, "from", image_json(from));
  json_object_set_new(m, "to", image_json(to));
  json_object_set_new(m, "summary", json_object());
  for (size_t i = 0; i < sizeof categories / sizeof categories[0]; i++)
    json_object_set_new(m, categories[i], json_array());
  json_object_set_new(m, "free_space", json_array());
  json_object_set_new(m, "unmodelled", json_array());
  return m;
}

z3_status z3_manifest_build(const z3_rom *from, const z3_rom *to, json_t **out, z3_error *err) {
  side a, b;
  z3_status st = side_open(&a, from, err);
  if (st == Z3_OK) st = side_open(&b, to, err);
  else memset(&b, 0, sizeof b);
  if (st == Z3_OK) {
    json_t *m = skeleton(from, to);
    json_t *index = json_object();
    compare_entries(&a, &b, m, index, 0);
    size_t moved_only = compare_entries(&a, &b, m, index, 1);
    json_decref(index);
    compare_bytes(&a, &b, m);
    json_t *summary = json_object_get(m, "summary");
    for (size_t i = 0; i < sizeof categories / sizeof categories[0]; i++)
      json_object_set_new(summary, categories[i], json_integer((json_int_t)json_array_size(json_object_get(m, categories[i]))));
    json_object_set_new(summary, "moved_unchanged", json_integer((json_int_t)moved_only));
    char not_read[600];
    snprintf(not_read, sizeof not_read, "%s%s%s", a.map.skipped, a.map.skipped[0] && b.map.skipped[0] ? "; " : "",
             b.map.skipped);
    json_object_set_new(m, "not_read", json_string(not_read));
    *out = m;
  }
  side_close(&a);
  side_close(&b);
  return st;
}
