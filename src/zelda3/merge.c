/* Three-way merge of two hacks, conflicts named in game terms (see merge.h). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "zelda3/merge_internal.h"

const char *const z3_merge_categories[Z3_MERGE_CATEGORIES] = {
    "rooms", "areas", "messages", "sheets", "palettes", "tables", "other", "free_space", "code"};

enum { CHECKSUM_LEN = 4, RUN_JOIN_GAP = 8 };

int z3_merge__category(const char *name) {
  for (int i = 0; i < Z3_MERGE_CATEGORIES; i++)
    if (strcmp(z3_merge_categories[i], name) == 0) return i;
  return -1;
}

static int category_index(const char *name, size_t n) {
  for (int i = 0; i < Z3_MERGE_CATEGORIES; i++)
    if (strlen(z3_merge_categories[i]) == n && strncmp(z3_merge_categories[i], name, n) == 0) return i;
  return -1;
}

static bool side_of(const char *p, size_t n, z3_merge_side *out) {
  if (n == 4 && strncmp(p, "ours", 4) == 0) return *out = Z3_MERGE_OURS, true;
  if (n == 6 && strncmp(p, "theirs", 6) == 0) return *out = Z3_MERGE_THEIRS, true;
  return false;
}

z3_status z3_merge_parse_prefer(const char *text, z3_merge_opts *opts, z3_error *err) {
  for (const char *p = text; *p;) {
    const char *end = strchr(p, ',');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    const char *eq = memchr(p, '=', n);
    z3_merge_side side;
    int cat = eq ? category_index(p, (size_t)(eq - p)) : -2;
    bool ok = eq ? cat >= 0 && side_of(eq + 1, n - (size_t)(eq + 1 - p), &side) : side_of(p, n, &side);
    if (!ok) {
      z3_error_set(err, Z3_E_USAGE, "--prefer: '%.*s' is not ours, theirs or CATEGORY=ours|theirs", (int)n, p);
      z3_error_hint(err, "categories: rooms, areas, messages, sheets, palettes, tables, other, free_space, code");
      return Z3_E_USAGE;
    }
    for (int i = 0; i < Z3_MERGE_CATEGORIES; i++)
      if (cat == -2 || cat == i) opts->prefer[i] = side;
    p += n + (end ? 1 : 0);
  }
  return Z3_OK;
}

typedef z3_merge_three three;

bool z3_merge__owned_by(const z3_merge_three *t, size_t i, bool (*kind)(const z3_region *)) {
  bool owned = false;
  for (int k = 0; k < 3; k++) {
    const z3_region *r = i < t->rom[k]->data.len ? z3_romap_find(&t->map[k], i) : NULL;
    if (kind(r)) owned = true;
    else if (r && r->kind != Z3_REGION_FREE) return false;
  }
  return owned;
}

int z3_merge__source(const z3_merge_part *part, const z3_merge_opts *opts, z3_merge_result *res, json_t *list) {
  if (!(part->ours && part->theirs && !part->agree)) return part->ours ? 1 : part->theirs ? 2 : 0;
  z3_merge_side side = opts->prefer[z3_merge__category(part->category)];
  res->conflicts++;
  res->unresolved += side == Z3_MERGE_NONE;
  json_t *o = json_pack("{s:s,s:s}", "what", part->what, "category", part->category);
  if (part->offset != SIZE_MAX) {
    char where[24];
    snprintf(where, sizeof where, "0x%06zx", part->offset);
    json_object_set_new(o, "offset", json_string(where));
  }
  json_object_set_new(o, "resolved", side == Z3_MERGE_NONE ? json_null()
                                                           : json_string(side == Z3_MERGE_OURS ? "ours" : "theirs"));
  json_array_append_new(list, o);
  return side == Z3_MERGE_OURS ? 1 : side == Z3_MERGE_THEIRS ? 2 : 0;
}

/* The byte of image k at i; past its end an image reads as the base did, and
 * the base past its end as the zeros `rom expand` fills with. */
static uint8_t byte_at(const three *t, int k, size_t i) {
  if (i < t->rom[k]->data.len) return t->rom[k]->data.data[i];
  return k && i < t->rom[0]->data.len ? t->rom[0]->data.data[i] : 0;
}

/* The region naming byte i: ours, then theirs, then the base. */
static const z3_region *owner(const three *t, size_t i) {
  static const int order[3] = {1, 2, 0};
  for (int k = 0; k < 3; k++) {
    const z3_region *r = i < t->rom[order[k]]->data.len ? z3_romap_find(&t->map[order[k]], i) : NULL;
    if (r) return r;
  }
  return NULL;
}

static json_t *conflict_json(const three *t, size_t start, size_t end, const char *category, z3_merge_side taken) {
  const z3_region *r = owner(t, start);
  char name[96] = "code or data z3ed does not model";
  if (r) z3_region_describe(r, name, sizeof name);
  json_t *o = json_object();
  json_object_set_new(o, "what", json_string(name));
  json_object_set_new(o, "category", json_string(category));
  char text[16];
  snprintf(text, sizeof text, "0x%06zx", start);
  json_object_set_new(o, "offset", json_string(text));
  uint32_t address;
  if (z3_rom_to_snes(t->rom[0], start, &address, NULL) == Z3_OK) {
    z3_snes_format_address(address, text);
    json_object_set_new(o, "address", json_string(text));
  }
  json_object_set_new(o, "length", json_integer((json_int_t)(end - start)));
  json_object_set_new(o, "resolved", taken == Z3_MERGE_NONE ? json_null()
                                                            : json_string(taken == Z3_MERGE_OURS ? "ours" : "theirs"));
  return o;
}

static const char *category_at(const three *t, size_t i) {
  const z3_region *r = owner(t, i);
  return r ? z3_region_category(r) : "code";
}

/* A conflict run grown to whole entries: the regions holding its ends in image k. */
static void widen(const three *t, int k, size_t *start, size_t *end) {
  const z3_region *a = *start < t->rom[k]->data.len ? z3_romap_find(&t->map[k], *start) : NULL;
  const z3_region *b = *end - 1 < t->rom[k]->data.len ? z3_romap_find(&t->map[k], *end - 1) : NULL;
  if (a && a->kind != Z3_REGION_FREE && a->offset < *start) *start = a->offset;
  if (b && b->kind != Z3_REGION_FREE && b->offset + b->length > *end) *end = b->offset + b->length;
  if (*end > t->size) *end = t->size;
}

/* One conflict run [start, end): an entry is taken whole from one side (the
 * preferred one, else the base), never stitched from both. */
static void settle(const three *t, const z3_merge_opts *opts, size_t start, size_t end, uint8_t *out,
                   z3_merge_result *res, json_t *list) {
  const char *category = category_at(t, start);
  int c = category_index(category, strlen(category));
  z3_merge_side side = c >= 0 ? opts->prefer[c] : Z3_MERGE_NONE;
  int k = side == Z3_MERGE_OURS ? 1 : side == Z3_MERGE_THEIRS ? 2 : 0;
  size_t from = start, to = end;
  widen(t, k, &from, &to);
  for (size_t i = from; i < to; i++) out[i] = byte_at(t, k, i);
  res->conflicts++;
  res->unresolved += side == Z3_MERGE_NONE;
  json_array_append_new(list, conflict_json(t, start, end, category, side));
}

static bool is_checksum(size_t header_pc, size_t i) { return i >= header_pc && i < header_pc + CHECKSUM_LEN; }

/* With rooms (t->dungeon loaded), area maps (t->ow), sheets (t->sheets) or
 * messages (t->text), the bytes they own stay at the base's: merge_rooms.c,
 * merge_areas.c, merge_sheets.c and merge_messages.c write them over. */
static void merge_bytes(const three *t, const z3_merge_opts *opts, uint8_t *out, z3_merge_result *res, json_t *list) {
  size_t checksum_pc = z3_rom_header_offset(t->rom[0]) + 0x1C, run_start = 0, run_end = 0;
  bool in_run = false, rooms = t->dungeon[0] != NULL;
  for (size_t i = 0; i < t->size; i++) {
    uint8_t b = byte_at(t, 0, i), o = byte_at(t, 1, i), th = byte_at(t, 2, i);
    if ((o != b || th != b) &&
        ((rooms && z3_merge__room_byte(t, i)) || z3_merge__area_byte(t, i) || z3_merge__sheet_byte(t, i) ||
         z3_merge__message_byte(t, i))) {
      out[i] = b;
      continue;
    }
    out[i] = o == th ? o : o == b ? th : th == b ? o : b;
    res->from_ours += o != b && th == b;
    res->from_theirs += th != b && o == b;
    bool conflict = o != b && th != b && o != th && !is_checksum(checksum_pc, i);
    if (!conflict) continue;
    bool joins = in_run && i - run_end <= RUN_JOIN_GAP && strcmp(category_at(t, i), category_at(t, run_start)) == 0;
    if (!joins && in_run) settle(t, opts, run_start, run_end, out, res, list);
    if (!joins) run_start = i;
    run_end = i + 1, in_run = true;
  }
  if (in_run) settle(t, opts, run_start, run_end, out, res, list);
}

static z3_status check_sizes(const three *t, size_t *size, z3_error *err) {
  size_t b = t->rom[0]->data.len, o = t->rom[1]->data.len, th = t->rom[2]->data.len;
  if (o != b && th != b && o != th) {
    return z3_error_set(err, Z3_E_INVALID, "both hacks resized the base differently (%zu and %zu bytes, base %zu)", o,
                        th, b);
  }
  *size = o != b ? o : th;
  return Z3_OK;
}

/* The merged image with its checksum fixed, which must load what the base loads. */
static z3_status finish(const three *t, z3_buf *out, z3_error *err) {
  z3_rom *rom = NULL;
  z3_status st = z3_rom_from_memory(&rom, out->data, out->len, "the merged ROM", err);
  if (st == Z3_OK) st = z3_rom_fix_checksum(rom, err);
  z3_romap map;
  if (st == Z3_OK) st = z3_romap_build(rom, &map, err);
  if (st == Z3_OK) {
    if (strlen(map.skipped) > strlen(t->map[0].skipped))
      st = z3_error_set(err, Z3_E_INVALID, "the merged ROM does not validate: %s no longer load", map.skipped);
    z3_romap_release(&map);
  }
  if (st == Z3_OK) memcpy(out->data, rom->data.data, out->len);
  z3_rom_free(rom);
  return st;
}

/* The structured merges, one after another on one image of the byte merge's result. */
static z3_status merge_structures(const three *t, const z3_merge_opts *opts, z3_buf *out, z3_merge_result *res,
                                  json_t *list, z3_error *err) {
  z3_rom *rom = NULL;
  z3_status st = z3_rom_from_memory(&rom, out->data, out->len, "the merged ROM", err);
  if (st == Z3_OK && t->dungeon[0]) st = z3_merge__rooms(t, opts, rom, res, list, err);
  if (st == Z3_OK && t->ow[0]) st = z3_merge__areas(t, opts, rom, res, list, err);
  if (st == Z3_OK && t->sheets[0]) st = z3_merge__sheets(t, opts, rom, res, list, err);
  if (st == Z3_OK && t->text[0]) st = z3_merge__messages(t, opts, rom, res, list, err);
  if (st == Z3_OK) memcpy(out->data, rom->data.data, out->len);
  z3_rom_free(rom);
  return st;
}

static json_t *sides_json(const size_t from[2]) {
  return json_pack("{s:I,s:I}", "ours", (json_int_t)from[0], "theirs", (json_int_t)from[1]);
}

z3_status z3_merge(const z3_rom *base, const z3_rom *ours, const z3_rom *theirs, const z3_merge_opts *opts,
                   z3_buf *out, z3_merge_result *res, z3_error *err) {
  memset(res, 0, sizeof *res);
  three t = {.rom = {base, ours, theirs}};
  z3_status st = check_sizes(&t, &t.size, err);
  for (int k = 0; k < 3 && st == Z3_OK; k++) st = z3_romap_build(t.rom[k], &t.map[k], err);
  if (st == Z3_OK) st = z3_buf_resize(out, t.size, err);
  bool rooms = st == Z3_OK && z3_merge__rooms_load(&t), areas = st == Z3_OK && z3_merge__areas_load(&t);
  bool messages = st == Z3_OK && z3_merge__messages_load(&t), sheets = st == Z3_OK && z3_merge__sheets_load(&t);
  json_t *list = json_array();
  if (st == Z3_OK) merge_bytes(&t, opts, out->data, res, list);
  if (st == Z3_OK && (rooms || areas || sheets || messages)) st = merge_structures(&t, opts, out, res, list, err);
  if (st == Z3_OK && res->unresolved == 0) st = finish(&t, out, err); /* else nothing is written */
  z3_merge__rooms_release(&t);
  z3_merge__areas_release(&t);
  z3_merge__messages_release(&t);
  z3_merge__sheets_release(&t);
  for (int k = 0; k < 3; k++) z3_romap_release(&t.map[k]);
  res->report = json_pack("{s:o,s:b,s:o,s:b,s:o,s:b,s:o,s:b,s:o}", "conflicts", list, "rooms_merged_as_rooms", rooms,
                          "rooms_from", sides_json(res->rooms_from), "areas_merged_as_areas", areas, "area_maps_from",
                          sides_json(res->area_maps_from), "sheets_merged_as_sheets", sheets, "sheets_from",
                          sides_json(res->sheets_from), "messages_merged_as_messages", messages, "messages_from",
                          sides_json(res->messages_from));
  return st;
}
