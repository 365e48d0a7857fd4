/* Overworld load and save: layout checks, areas, tile tables, map streams, properties. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "snes/lz2.h"
#include "zelda3/gfx.h"
#include "zelda3/layouts.h"
#include "zelda3/overworld.h"

const size_t z3_ow_tile32_pc[4] = {0x18000, 0x1B400, 0x20000, 0x23400};
const size_t z3_ow_tile32_expanded_pc[4] = {0x18000, 0x20000, 0x1F0000, 0x1F8000};
enum { TILE32_TABLE_BYTES = 0x33F0, TILE32_EXPANDED_TABLE_BYTES = 0x67E0 };
/* ZScream reads these two bytes of tile16 #0xE00 as "dungeon entrances expanded"
 * (world reference §1); a vanilla-layout save must never write them so. */
#define DUNGEON_ENTRANCE_FLAG_PC 0x7F000u

/* Where map streams may live (vanilla banks $0B-$0C, world reference §7 item 3). */
static const struct { size_t from, to; } map_regions[] = {{0x58000, 0x5FE70}, {0x60000, 0x6411F}};

/* Every layout the ROM shows that moves what the model reads and that z3ed
 * does not read yet, named in one message. The title is not consulted: hacks
 * often rename the game, and a moved table must never be misread. */
static z3_status refuse_layouts(const z3_rom *rom, z3_error *err) {
  z3_layouts found;
  z3_layouts_scan(rom, &found);
  char text[Z3_ERROR_MESSAGE_MAX] = "";
  size_t used = 0, refused = 0;
  int64_t first = -1;
  for (size_t i = 0; i < found.count; i++) {
    const z3_layout_info *info = z3_layout_info_of(found.hits[i].layout);
    if (!info->overworld || info->supported) continue;
    char evidence[96];
    z3_layout_hit_evidence(&found.hits[i], evidence, sizeof evidence);
    int n = snprintf(text + used, sizeof text - used, "%s%s: %s", refused ? "; " : "", info->name, evidence);
    if (n > 0) used = used + (size_t)n < sizeof text ? used + (size_t)n : sizeof text - 1;
    if (first < 0) first = (int64_t)found.hits[i].offset;
    refused++;
  }
  if (!refused) return Z3_OK;
  z3_error_set_at(err, Z3_E_INVALID, first, "%s; z3ed does not read these overworld layouts yet", text);
  z3_error_hint(err, "run 'z3ed rom info --rom FILE' to list every expanded layout this ROM shows");
  return Z3_E_INVALID;
}

static z3_status check_layout(const z3_rom *rom, z3_error *err) {
  if (rom->mapping != Z3_MAP_LOROM || rom->data.len < 0x100000) {
    return z3_error_set(err, Z3_E_INVALID, "not an ALttP-layout ROM: the overworld needs a LoROM image of 1 MiB or more (this one: %s, %zu KiB)",
                        z3_mapping_name(rom->mapping), rom->data.len / 1024);
  }
  return refuse_layouts(rom, err);
}

/* v3 (world reference §6): every area's parent in the 160-byte table at
 * 0x140998 and its size in the enum at 0x1788D (0 small, 1 large, 2 wide, 3
 * tall). A wide group is its parent and the screen right of it, a tall one
 * the parent and the screen below (yaze AssignMapSizes and
 * ConfigureMultiAreaMap; the v3 assembly's tables agree). */
static z3_status load_layout_v3(z3_overworld *ow, const uint8_t *d, z3_error *err) {
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) {
    z3_ow_area *a = &ow->areas[id];
    a->id = (uint8_t)id;
    unsigned p = d[Z3_OW_V3_PARENT_PC + (size_t)id], size = d[Z3_OW_SIZE_PC + (size_t)id];
    if (p >= Z3_OW_AREA_COUNT || size > Z3_OW_TALL) {
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)(p >= Z3_OW_AREA_COUNT ? Z3_OW_V3_PARENT_PC + (size_t)id : Z3_OW_SIZE_PC + (size_t)id),
                             "area 0x%02X: ZSCustomOverworld v3 gives parent 0x%02X (table 0x140998) and size %u (0x1788D: 0 small, 1 large, 2 wide, 3 tall)",
                             id, p, size);
    }
    a->parent = (uint8_t)p, a->size = (z3_ow_size)size, a->large = size == Z3_OW_LARGE;
  }
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) { /* a child sits +1, +8 or +9 from its parent, as its size says */
    const z3_ow_area *a = &ow->areas[id];
    int off[4], n = z3_ow_size_offsets(a->size, off), rel = id - a->parent;
    bool ok = a->size == Z3_OW_SMALL ? a->parent == id : false;
    for (int k = 0; !ok && k < n; k++)
      ok = rel == off[k] && ow->areas[a->parent].parent == a->parent && ow->areas[a->parent].size == a->size;
    if (!ok) {
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)(Z3_OW_V3_PARENT_PC + (size_t)id),
                             "area 0x%02X: ZSCustomOverworld v3 names parent 0x%02X (table 0x140998) but the area is %s "
                             "(0x1788D); a small area is its own parent, a large, wide or tall one's parent is its top-left area "
                             "and has the same size",
                             id, a->parent, z3_ow_size_name(a->size));
    }
  }
  return Z3_OK;
}

/* A group's screens sit inside one world's 8-wide grid (no wrap to the next
 * row or world) and name the parent. */
static z3_status check_groups(const z3_overworld *ow, z3_error *err) {
  for (int id = 0; id < ow->area_count; id++) {
    const z3_ow_area *a = &ow->areas[id];
    if (a->parent != id || a->size == Z3_OW_SMALL) continue;
    int kids[4], n = z3_ow_group_screens(ow, id, kids), world_end = id < 0x80 ? (id | 0x3F) + 1 : Z3_OW_AREA_COUNT;
    bool ok = (a->size == Z3_OW_TALL || (id & 7) <= 6);
    for (int k = 1; ok && k < n; k++) ok = kids[k] < world_end && ow->areas[kids[k]].parent == id;
    if (!ok) {
      char names[32] = "";
      for (int k = 1; k < n; k++) snprintf(names + strlen(names), sizeof names - strlen(names), " 0x%02X", kids[k]);
      size_t table = ow->zscustom >= 3 ? Z3_OW_V3_PARENT_PC : Z3_OW_PARENT_PC;
      size_t at = table + (size_t)(ow->zscustom >= 3 ? id : id & 0x3F);
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at,
                             "area 0x%02X is %s but areas%s do not all name it as their parent in its world (parent table at 0x%zX)",
                             id, z3_ow_size_name(a->size), names, table);
    }
  }
  return Z3_OK;
}

/* Parents and sizes: LW/DW from the tables (yaze's reading), SW fixed (Zora's
 * Domain); ZSCustomOverworld v3 from its own tables. */
static z3_status load_layout(z3_overworld *ow, const uint8_t *d, z3_error *err) {
  z3_status st = ow->zscustom >= 3 ? load_layout_v3(ow, d, err) : Z3_OK;
  if (st) return st;
  for (int id = 0; ow->zscustom < 3 && id < Z3_OW_AREA_COUNT; id++) {
    z3_ow_area *a = &ow->areas[id];
    a->id = (uint8_t)id;
    if (id >= 0x80) {
      bool zora = id == 0x81 || id == 0x82 || id == 0x89 || id == 0x8A;
      a->large = zora, a->parent = zora ? 0x81 : (uint8_t)id;
      a->size = zora ? Z3_OW_LARGE : Z3_OW_SMALL;
      continue;
    }
    unsigned p = d[Z3_OW_PARENT_PC + (id & 0x3F)];
    if (p > 0x3F) {
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)(Z3_OW_PARENT_PC + (id & 0x3F)),
                             "area 0x%02X: parent 0x%02X in the parent table at $02:A5EC is not a light-world area",
                             id, p);
    }
    a->parent = (uint8_t)(p | (id & 0x40));
    a->large = d[Z3_OW_SIZE_PC + id] == 0x00;
    a->size = a->large ? Z3_OW_LARGE : Z3_OW_SMALL;
  }
  for (int id = Z3_OW_AREA_COUNT; id < ow->area_count; id++) { /* v3's parent table has 160 entries: tails stand alone */
    z3_ow_area *a = &ow->areas[id];
    a->id = (uint8_t)id, a->parent = (uint8_t)id, a->size = Z3_OW_SMALL, a->large = false;
  }
  return check_groups(ow, err);
}

static const z3_layout_hit *layout_hit(const z3_layouts *found, z3_layout_id id) {
  for (size_t i = 0; i < found->count; i++)
    if (found->hits[i].layout == id) return &found->hits[i];
  return NULL;
}

/* An expanded table must lie in the image (a 1 MiB file flagged expanded is cut short). */
static z3_status check_in_image(const z3_rom *rom, const z3_layout_hit *hit, size_t end, z3_error *err) {
  if (end <= rom->data.len) return Z3_OK;
  char evidence[96];
  z3_layout_hit_evidence(hit, evidence, sizeof evidence);
  z3_error_set_at(err, Z3_E_INVALID, (int64_t)hit->offset, "%s, shown by %s, runs to 0x%zX, past the end of this %zu KiB image",
                  z3_layout_info_of(hit->layout)->name, evidence, end, rom->data.len / 1024);
  z3_error_hint(err, "ZScream and yaze save such ROMs as 2 MiB files; this one may be cut short");
  return Z3_E_INVALID;
}

/* Vanilla or expanded places of the tile tables (world reference §6). */
static z3_status place_tiles(z3_overworld *ow, const z3_rom *rom, z3_error *err) {
  z3_layouts found;
  z3_layouts_scan(rom, &found);
  const z3_layout_hit *t16 = layout_hit(&found, Z3_LAYOUT_TILE16), *t32 = layout_hit(&found, Z3_LAYOUT_TILE32);
  ow->tile16_pc = t16 ? Z3_OW_TILE16_EXPANDED_PC : Z3_OW_TILE16_PC;
  ow->tile16_count = t16 ? Z3_OW_TILE16_EXPANDED_COUNT : Z3_OW_TILE16_COUNT;
  ow->tile32_count = t32 ? Z3_OW_TILE32_EXPANDED_COUNT : Z3_OW_TILE32_COUNT;
  ow->tile32_table_bytes = t32 ? TILE32_EXPANDED_TABLE_BYTES : TILE32_TABLE_BYTES;
  for (int q = 0; q < 4; q++) ow->tile32_pc[q] = t32 ? z3_ow_tile32_expanded_pc[q] : z3_ow_tile32_pc[q];
  z3_status st = Z3_OK;
  if (t16) st = check_in_image(rom, t16, ow->tile16_pc + (size_t)ow->tile16_count * 8, err);
  if (t32 && st == Z3_OK) st = check_in_image(rom, t32, ow->tile32_pc[3] + ow->tile32_table_bytes, err);
  return st;
}

/* The map pointer tables: the vanilla ones (160 maps), or with the tail-map
 * patch (v3 and byte 0xEA at 0x1423FF) its 192-entry tables, which the game
 * then reads for every map. */
static z3_status place_maps(z3_overworld *ow, const z3_rom *rom, z3_error *err) {
  z3_layouts found;
  z3_layouts_scan(rom, &found);
  const z3_layout_hit *tail = layout_hit(&found, Z3_LAYOUT_SW_TAIL_MAPS);
  ow->area_count = tail ? Z3_OW_AREA_MAX : Z3_OW_AREA_COUNT;
  ow->map_ptr_pc[0] = tail ? Z3_OW_TAIL_HIGH_PTR_PC : Z3_OW_MAP_HIGH_PTR_PC;
  ow->map_ptr_pc[1] = tail ? Z3_OW_TAIL_LOW_PTR_PC : Z3_OW_MAP_LOW_PTR_PC;
  return tail ? check_in_image(rom, tail, Z3_OW_TAIL_LOW_PTR_PC + 3 * Z3_OW_AREA_MAX, err) : Z3_OK;
}

static void load_tiles(z3_overworld *ow, const uint8_t *d) {
  for (int i = 0; i < ow->tile16_count; i++) {
    const uint8_t *p = d + ow->tile16_pc + (size_t)i * 8;
    for (int q = 0; q < 4; q++) ow->tile16[i][q] = (uint16_t)(p[2 * q] | p[2 * q + 1] << 8);
  }
  const uint8_t *q[4];
  for (int i = 0; i < 4; i++) q[i] = d + ow->tile32_pc[i];
  z3_ow_tile32_decode(q, ow->tile32, (size_t)ow->tile32_count);
}

static uint32_t read_long(const uint8_t *p) { return (uint32_t)(p[0] | p[1] << 8 | p[2] << 16); }

static z3_status load_stream(const z3_overworld *ow, const z3_rom *rom, int id, bool high, z3_ow_stream *s, z3_buf *out,
                             z3_error *err) {
  size_t table = ow->map_ptr_pc[high ? 0 : 1];
  s->address = read_long(rom->data.data + table + (size_t)id * 3);
  char addr[10];
  z3_snes_format_address(s->address, addr);
  z3_status st = z3_rom_to_pc(rom, s->address, &s->pc, err);
  out->len = 0;
  /* The game uses the first 256 bytes; a stream that writes a little more is
   * read as it does (the cap keeps a runaway stream from going far). */
  if (st == Z3_OK) {
    st = z3_lz2_decompress(out, rom->data.data + s->pc, rom->data.len - s->pc, Z3_LZ2_OVERWORLD,
                           0x1000, &s->stored_size, err);
  }
  if (st == Z3_OK && out->len < 256) {
    st = z3_error_set_at(err, Z3_E_INVALID, (int64_t)s->pc, "decompresses to %zu bytes, fewer than 256", out->len);
  }
  if (st && err) { /* callers that only ask whether it loads (the ROM map) pass none */
    z3_error e2;
    z3_error_init(&e2);
    z3_error_set_at(&e2, st, err->offset, "area 0x%02X %s map32 stream at %s (pointer at 0x%zX): %s", id,
                    high ? "high-byte" : "low-byte", addr, table + (size_t)id * 3, err->message);
    snprintf(e2.hint, sizeof e2.hint, "%s", err->hint);
    if (table == Z3_OW_TAIL_HIGH_PTR_PC || table == Z3_OW_TAIL_LOW_PTR_PC)
      snprintf(e2.hint, sizeof e2.hint, "the tail-map patch (byte 0xEA at 0x1423FF) keeps every map's stream pointers at "
               "0x142400 and 0x142640; 'z3ed rom info' lists the layouts this ROM shows");
    *err = e2;
  }
  return st;
}

/* A tail map whose streams do not decompress reads as blank (tile32 0), as
 * yaze shows it: its patch points the 32 tail maps at runs of zero bytes
 * that never reach the terminator (TailMapExpansion.asm "fill 188"/"fill 4",
 * one source). Each stream claims the zero run it starts (as far as the
 * game's decompressor would read to fill our 0x1000-byte cap, two bytes per
 * byte out), so no edited stream is placed where the other tails still
 * point; an edit of a shared one moves to free space, an unedited map writes
 * nothing. */
static size_t zero_run(const z3_rom *rom, size_t pc) {
  size_t n = 0;
  while (pc + n < rom->data.len && n < 0x2000 && rom->data.data[pc + n] == 0x00) n++;
  return n ? n : 1;
}

static void blank_tail(z3_ow_area *a, const z3_rom *rom, z3_error *err) {
  memset(a->map32, 0, sizeof a->map32);
  a->high.stored_size = zero_run(rom, a->high.pc), a->low.stored_size = zero_run(rom, a->low.pc);
  if (err) z3_error_init(err);
}

static z3_status load_maps(z3_overworld *ow, const z3_rom *rom, z3_error *err) {
  z3_buf hi, lo;
  z3_buf_init(&hi);
  z3_buf_init(&lo);
  z3_status st = Z3_OK;
  for (int id = 0; st == Z3_OK && id < ow->area_count; id++) {
    z3_ow_area *a = &ow->areas[id];
    st = load_stream(ow, rom, id, true, &a->high, &hi, err);
    if (st == Z3_OK || id >= Z3_OW_AREA_COUNT) { /* a tail's low pointer is read even when its high stream fails */
      z3_status low = load_stream(ow, rom, id, false, &a->low, &lo, err);
      if (st == Z3_OK) st = low;
    }
    if (st && id >= Z3_OW_AREA_COUNT) { /* see blank_tail */
      blank_tail(a, rom, err);
      st = Z3_OK;
      continue;
    }
    for (int i = 0; st == Z3_OK && i < 256; i++) a->map32[i] = (uint16_t)(hi.data[i] << 8 | lo.data[i]);
  }
  z3_buf_release(&hi);
  z3_buf_release(&lo);
  return st;
}

z3_status z3_ow_load(z3_overworld **out, const z3_rom *rom, z3_error *err) {
  *out = NULL;
  z3_status st = check_layout(rom, err);
  if (st) return st;
  z3_overworld *ow = z3_calloc(1, sizeof *ow);
  if (!ow) return z3_error_set(err, Z3_E_NOMEM, "out of memory loading the overworld");
  st = place_tiles(ow, rom, err);
  if (st == Z3_OK) st = z3_ow__place_custom(ow, rom, err);
  if (st == Z3_OK) st = place_maps(ow, rom, err);
  if (st) {
    z3_ow_free(ow);
    return st;
  }
  ow->tile16 = z3_calloc((size_t)ow->tile16_count, sizeof *ow->tile16);
  ow->tile32 = z3_calloc((size_t)ow->tile32_count, sizeof *ow->tile32);
  if (!ow->tile16 || !ow->tile32) {
    z3_ow_free(ow);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory loading the overworld");
  }
  const uint8_t *d = rom->data.data;
  st = load_layout(ow, d, err);
  if (st == Z3_OK) {
    load_tiles(ow, d);
    st = load_maps(ow, rom, err);
  }
  if (st == Z3_OK) st = z3_ow__load_lists(ow, rom, err);
  if (st == Z3_OK) st = z3_ow__load_places(ow, rom, err);
  if (st == Z3_OK) z3_ow__load_properties(ow, d); /* after the exits: they place the special world's entries */
  if (st) {
    z3_ow_free(ow);
    return st;
  }
  *out = ow;
  return Z3_OK;
}

void z3_ow_free(z3_overworld *ow) {
  if (!ow) return;
  z3_ow__free_lists(ow);
  z3_free(ow->tile16);
  z3_free(ow->tile32);
  z3_free(ow);
}

/* ---- save --------------------------------------------------------------- */

z3_status z3_ow__write_diff(z3_rom *rom, size_t pc, const uint8_t *data, size_t len,
                            const char *reason, z3_error *err) {
  if (pc + len > rom->data.len) {
    return z3_error_set(err, Z3_E_INTERNAL, "write of %zu bytes at 0x%zX is past the ROM's end", len, pc);
  }
  return z3_rom_write_changed(rom, pc, data, len, 8, reason, err); /* runs closer than 8 equal bytes join */
}

/* In the vanilla layout tile16 #0xE00 holds ZScream's dungeon-entrance flag
 * bytes: a definition that would newly set them is refused, not saved. */
static bool entrance_flag(const uint8_t *p) { return p[0] == 0x00 || p[1] == 0x01; }

static z3_status check_entrance_flag(const z3_overworld *ow, const z3_rom *rom, const uint8_t *buf, z3_error *err) {
  size_t at = DUNGEON_ENTRANCE_FLAG_PC - ow->tile16_pc;
  if (ow->tile16_pc != Z3_OW_TILE16_PC || !entrance_flag(buf + at)) return Z3_OK;
  if (entrance_flag(rom->data.data + DUNGEON_ENTRANCE_FLAG_PC)) return Z3_OK; /* already so: not by accident */
  z3_error_set_at(err, Z3_E_INVALID, (int64_t)DUNGEON_ENTRANCE_FLAG_PC,
                  "tile16 0x%03zX's first tile8 word 0x%02X%02X would make ZScream read this ROM as having "
                  "expanded dungeon entrances (byte 0x00 at 0x7F000 or 0x01 at 0x7F001)",
                  at / 8, buf[at + 1], buf[at]);
  z3_error_hint(err, "give that tile16 another first tile8, or use another tile16");
  return Z3_E_INVALID;
}

static z3_status save_tile16(const z3_overworld *ow, z3_rom *rom, z3_error *err) {
  size_t bytes = (size_t)ow->tile16_count * 8;
  uint8_t *buf = z3_malloc(bytes);
  if (!buf) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  for (int i = 0; i < ow->tile16_count; i++)
    for (int q = 0; q < 4; q++) {
      buf[i * 8 + 2 * q] = (uint8_t)ow->tile16[i][q];
      buf[i * 8 + 2 * q + 1] = (uint8_t)(ow->tile16[i][q] >> 8);
    }
  z3_status st = check_entrance_flag(ow, rom, buf, err);
  char reason[160];
  snprintf(reason, sizeof reason, "%s%soverworld tile16 definitions", ow->tile16_why, ow->tile16_why[0] ? ": " : "");
  if (st == Z3_OK) st = z3_ow__write_diff(rom, ow->tile16_pc, buf, bytes, reason, err);
  z3_free(buf);
  return st;
}

static z3_status save_tile32(const z3_overworld *ow, z3_rom *rom, z3_error *err) {
  size_t n = ow->tile32_table_bytes;
  uint8_t *buf = z3_malloc(4 * n);
  if (!buf) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  uint8_t *q[4] = {buf, buf + n, buf + 2 * n, buf + 3 * n};
  z3_ow_tile32_encode(ow->tile32, (size_t)ow->tile32_count, q);
  static const char *const names[4] = {"top-left", "top-right", "bottom-left", "bottom-right"};
  z3_status st = Z3_OK;
  for (int i = 0; st == Z3_OK && i < 4; i++) {
    char reason[256];
    snprintf(reason, sizeof reason, "%s%soverworld tile32 definitions (%s quadrant table)", ow->tile32_why,
             ow->tile32_why[0] ? ": " : "", names[i]);
    st = z3_ow__write_diff(rom, ow->tile32_pc[i], q[i], n, reason, err);
  }
  z3_free(buf);
  return st;
}

static z3_status save_tiles(z3_overworld *ow, z3_rom *rom, z3_error *err) {
  z3_status st = ow->tile16_dirty ? save_tile16(ow, rom, err) : Z3_OK;
  if (st == Z3_OK && ow->tile32_dirty) st = save_tile32(ow, rom, err);
  if (st == Z3_OK) ow->tile16_dirty = ow->tile32_dirty = false;
  return st;
}

static bool stream_shared(const z3_overworld *ow, const z3_ow_stream *self) {
  for (int id = 0; id < ow->area_count; id++) {
    const z3_ow_stream *s[2] = {&ow->areas[id].high, &ow->areas[id].low};
    for (int k = 0; k < 2; k++) /* the same stream, or one starting inside it */
      if (s[k] != self && s[k]->pc < self->pc + self->stored_size && self->pc < s[k]->pc + s[k]->stored_size)
        return true;
  }
  return false;
}

static bool overlaps_stream(const z3_overworld *ow, const z3_ow_stream *self, size_t at, size_t len, size_t *end) {
  bool hit = false;
  for (int id = 0; id < ow->area_count; id++) {
    const z3_ow_stream *s[2] = {&ow->areas[id].high, &ow->areas[id].low};
    for (int k = 0; k < 2; k++) {
      if (s[k] == self || !(s[k]->pc < at + len && at < s[k]->pc + s[k]->stored_size)) continue;
      hit = true;
      if (s[k]->pc + s[k]->stored_size > *end) *end = s[k]->pc + s[k]->stored_size;
    }
  }
  return hit;
}

/* A stream must stay in one LoROM bank and keep off the bank's last byte: the
 * game's decompressor (usdasm Decompress_bank02, .read_next_byte) increments
 * only the 16-bit address and does not go on from $xx:FFFF into the next bank. */
static bool fits_one_bank(size_t at, size_t len) { return (at >> 15) == ((at + len) >> 15); }

/* First `len` filler bytes ($00 or $FF) in [from, to) that touch no stream and
 * fit one bank. A run that does not start at `from` loses its first byte: it
 * may be the $FF that ends the data before it. */
static bool find_filler(const z3_overworld *ow, const z3_ow_stream *self, const z3_rom *rom, size_t from, size_t to,
                        size_t len, size_t *out) {
  const uint8_t *d = rom->data.data;
  if (to > rom->data.len) to = rom->data.len;
  size_t run_from = SIZE_MAX, usable = 0; /* the current run of one filler byte, and its first usable byte */
  for (size_t i = from; i < to; i++) {
    if ((d[i] != 0x00 && d[i] != 0xFF) || (i & 0x7FFF) == 0x7FFF) {
      run_from = SIZE_MAX;
      continue;
    }
    bool bank_start = (i & 0x7FFF) == 0;
    if (run_from == SIZE_MAX || d[i] != d[i - 1] || bank_start) {
      run_from = i;
      usable = i == from || bank_start ? i : i + 1;
    }
    if (i + 1 < usable + len) continue;
    size_t at = i + 1 - len, end = 0;
    if (!overlaps_stream(ow, self, at, len, &end)) {
      *out = at;
      return true;
    }
    i = end - 1, run_from = SIZE_MAX;
  }
  return false;
}

/* Free space outside the map banks, as z3_rom_find_free would choose it (the
 * expanded area outside what editors reserve, then the vanilla free blocks
 * while they hold only $FF), with the one-bank rule a stream needs. */
static z3_status find_free_for_stream(const z3_overworld *ow, const z3_ow_stream *self, const z3_rom *rom,
                                      size_t len, size_t *out, z3_error *err) {
  z3_free_range ranges[4];
  size_t n = z3_expanded_free_ranges(rom->data.len, ranges, 4);
  for (size_t i = 0; i < n; i++)
    if (find_filler(ow, self, rom, ranges[i].from, ranges[i].to, len, out)) return Z3_OK;
  for (size_t b = 0; b < z3_vanilla_free_count; b++) {
    size_t pc = z3_vanilla_free[b].pc, size = z3_vanilla_free[b].size, end = 0;
    if (size < len || pc + size > rom->data.len || !fits_one_bank(pc, len)) continue;
    bool all_ff = true;
    for (size_t k = 0; k < size && all_ff; k++) all_ff = rom->data.data[pc + k] == 0xFF;
    if (all_ff && !overlaps_stream(ow, self, pc, len, &end)) {
      *out = pc;
      return Z3_OK;
    }
  }
  z3_error_set(err, Z3_E_NOT_FOUND, "no free space of %zu bytes inside one bank of the %zu KiB ROM", len,
               rom->data.len / 1024);
  z3_error_hint(err, "'z3ed rom expand --size 2MiB' adds free space");
  return Z3_E_NOT_FOUND;
}

/* The lowest place in the map regions where `len` bytes touch no other
 * stream and fit one bank. Steps stream by stream, so it is quadratic only in
 * the number of streams. */
static bool find_map_gap(const z3_overworld *ow, const z3_ow_stream *self, size_t len, size_t *out) {
  for (size_t r = 0; r < sizeof map_regions / sizeof map_regions[0]; r++) {
    size_t at = map_regions[r].from;
    while (at + len <= map_regions[r].to) {
      size_t next = 0;
      if (!fits_one_bank(at, len)) {
        at = (at | 0x7FFF) + 1;
      } else if (overlaps_stream(ow, self, at, len, &next)) {
        at = next;
      } else {
        *out = at;
        return true;
      }
    }
  }
  return false;
}

/* Another stream already holding exactly these bytes, to share its pointer. */
static const z3_ow_stream *same_stream(const z3_overworld *ow, const z3_rom *rom, const z3_ow_stream *self,
                                       const z3_buf *packed) {
  for (int id = 0; id < ow->area_count; id++) {
    const z3_ow_stream *s[2] = {&ow->areas[id].high, &ow->areas[id].low};
    for (int k = 0; k < 2; k++) {
      if (s[k] == self || s[k]->stored_size != packed->len) continue;
      if (memcmp(rom->data.data + s[k]->pc, packed->data, packed->len) == 0) return s[k];
    }
  }
  return NULL;
}

static z3_status place_stream(z3_overworld *ow, z3_rom *rom, int id, bool high, const z3_buf *packed,
                              z3_error *err) {
  z3_ow_area *a = &ow->areas[id];
  z3_ow_stream *s = high ? &a->high : &a->low;
  const char *which = high ? "high-byte" : "low-byte";
  char reason[256];
  snprintf(reason, sizeof reason, "%s%sarea 0x%02X %s map32 stream recompressed (%zu bytes)", a->why,
           a->why[0] ? ": " : "", id, which, packed->len);
  const z3_ow_stream *twin = same_stream(ow, rom, s, packed);
  size_t at = 0;
  z3_status st = Z3_OK;
  if (twin) {
    s->pc = twin->pc, s->stored_size = twin->stored_size;
    s->address = twin->address;
  } else if (!stream_shared(ow, s) && packed->len <= s->stored_size) {
    st = z3_rom_write(rom, s->pc, packed->data, packed->len, reason, err);
    if (st == Z3_OK) s->stored_size = packed->len;
    return st;
  } else {
    if (!find_map_gap(ow, s, packed->len, &at)) st = find_free_for_stream(ow, s, rom, packed->len, &at, err);
    if (st) {
      z3_error e2 = *err;
      z3_error_init(err);
      z3_error_set(err, st, "area 0x%02X's %s map32 stream grew to %zu bytes and the map-data banks are full: %s", id,
                   which, packed->len, e2.message);
      z3_error_hint(err, "%s", e2.hint);
      return st;
    }
    st = z3_rom_write(rom, at, packed->data, packed->len, reason, err);
    if (st == Z3_OK) st = z3_rom_to_snes(rom, at, &s->address, err);
    if (st) return st;
    s->pc = at, s->stored_size = packed->len;
  }
  uint8_t ptr[3] = {(uint8_t)s->address, (uint8_t)(s->address >> 8), (uint8_t)(s->address >> 16)};
  snprintf(reason, sizeof reason, "area 0x%02X %s map32 stream pointer (data moved)", id, which);
  return z3_ow__write_diff(rom, ow->map_ptr_pc[high ? 0 : 1] + (size_t)id * 3, ptr, 3, reason, err);
}

static z3_status save_map(z3_overworld *ow, z3_rom *rom, int id, z3_error *err) {
  z3_ow_area *a = &ow->areas[id];
  uint8_t hi[256], lo[256];
  for (int i = 0; i < 256; i++) hi[i] = (uint8_t)(a->map32[i] >> 8), lo[i] = (uint8_t)a->map32[i];
  z3_buf packed;
  z3_buf_init(&packed);
  z3_status st = z3_lz2_compress(&packed, hi, 256, Z3_LZ2_OVERWORLD, Z3_LZ2_OPTIMAL, err);
  if (st == Z3_OK) st = place_stream(ow, rom, id, true, &packed, err);
  packed.len = 0;
  if (st == Z3_OK) st = z3_lz2_compress(&packed, lo, 256, Z3_LZ2_OVERWORLD, Z3_LZ2_OPTIMAL, err);
  if (st == Z3_OK) st = place_stream(ow, rom, id, false, &packed, err);
  z3_buf_release(&packed);
  if (st == Z3_OK) a->map_dirty = false, a->why[0] = 0;
  return st;
}

z3_status z3_ow_save(z3_overworld *ow, z3_rom *rom, z3_error *err) {
  z3_status st = save_tiles(ow, rom, err);
  for (int id = 0; st == Z3_OK && id < ow->area_count; id++) {
    if (ow->areas[id].map_dirty) st = save_map(ow, rom, id, err);
  }
  for (int id = 0; st == Z3_OK && id < ow->area_count; id++) {
    if (ow->areas[id].props_dirty) {
      st = z3_ow__save_properties(ow, rom, id, err);
      if (st == Z3_OK) ow->areas[id].props_dirty = false;
    }
  }
  if (st == Z3_OK) st = z3_ow__save_sizes(ow, rom, err);
  if (st == Z3_OK) st = z3_ow__save_lists(ow, rom, err);
  if (st == Z3_OK) st = z3_ow__save_places(ow, rom, err);
  return st;
}
