/*
 * Test-ROM generator: turns a sample image (2 MiB, so expanded space exists)
 * into each expanded layout of world reference §6 by writing what the layout
 * facts describe: the detection bytes and, where the facts say where the data
 * goes, the data moved there. Our own code, for tests only; it pokes the image
 * directly, the way an outside editor's save would, not through the change log.
 */
#ifndef Z3_TEST_LAYOUT_GEN_H
#define Z3_TEST_LAYOUT_GEN_H

#include <string.h>

#include "zelda3/dungeon.h"
#include "zelda3/layouts.h"
#include "message_bank_gen.h"

static inline uint32_t gen_long(const uint8_t *p) { return (uint32_t)(p[0] | p[1] << 8 | p[2] << 16); }
static inline void gen_put_long(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16);
}
static inline size_t gen_pc(uint32_t snes) { return (size_t)((snes >> 16) & 0x7F) << 15 | (snes & 0x7FFF); }
static inline uint32_t gen_snes(size_t pc) { return (uint32_t)(pc >> 15) << 16 | 0x8000 | (uint32_t)(pc & 0x7FFF); }

/* ZScream's header move (its Save.cs SaveRoomsHeaders): the 320-word table to
 * 0x110000 ($22:8000), the bank operand to $22, and 296 unshared 14-byte
 * headers after the table; the 24 words of rooms 0x128-0x13F are copied as
 * they were (ZScream writes only the 296), so they now name bank $22. */
static inline void gen_room_headers(uint8_t *d) {
  const size_t table = 0x110000, data = table + 640;
  size_t old_table = gen_pc(gen_long(d + Z3_ROOM_HEADER_PTR_OPERAND_PC));
  uint8_t old_bank = d[Z3_ROOM_HEADER_BANK_OPERAND_PC];
  for (size_t id = 0; id < Z3_ROOM_POINTERS; id++) {
    uint16_t word = (uint16_t)(d[old_table + 2 * id] | d[old_table + 2 * id + 1] << 8);
    if (id < Z3_ROOM_COUNT) {
      size_t slot = data + id * Z3_ROOM_HEADER_SIZE;
      memcpy(d + slot, d + gen_pc((uint32_t)old_bank << 16 | word), Z3_ROOM_HEADER_SIZE);
      word = (uint16_t)gen_snes(slot);
    }
    d[table + 2 * id] = (uint8_t)word, d[table + 2 * id + 1] = (uint8_t)(word >> 8);
  }
  gen_put_long(d + Z3_ROOM_HEADER_PTR_OPERAND_PC, gen_snes(table));
  d[Z3_ROOM_HEADER_BANK_OPERAND_PC] = 0x22;
}

/* Room GEN_OBJECT_ROOM's object stream (the sample's room 0x012 has objects
 * and doors) copied to 0x138000 ($27:8000), both of its pointers (objects
 * and doors) moved with it. */
enum { GEN_OBJECT_ROOM = 0x012 };
static inline void gen_object_space(uint8_t *d) {
  const size_t to = 0x138000;
  size_t objects = gen_pc(gen_long(d + Z3_ROOM_OBJECT_PTR_OPERAND_PC)) + 3 * GEN_OBJECT_ROOM;
  size_t doors = gen_pc(gen_long(d + Z3_ROOM_DOOR_PTR_OPERAND_PC)) + 3 * GEN_OBJECT_ROOM;
  size_t from = gen_pc(gen_long(d + objects));
  size_t door_at = gen_pc(gen_long(d + doors));
  memcpy(d + to, d + from, 0x400); /* more than the sample's room 0 holds */
  gen_put_long(d + objects, gen_snes(to));
  gen_put_long(d + doors, gen_snes(to + (door_at - from)));
}

/* Custom collision: room 0x012's pointer at 0x128090 to a list at 0x128450
 * (one single-tile record, then the end marker). */
static inline void gen_collision(uint8_t *d) {
  const size_t list = 0x128450;
  gen_put_long(d + 0x128090 + 3 * 0x012, gen_snes(list));
  const uint8_t records[] = {0xF0, 0xF0, 0x10, 0x02, 0x08, 0xFF, 0xFF};
  memcpy(d + list, records, sizeof records);
}

/* One vanilla overlay routine (bank $0E, world reference §2.10) copied as
 * ZScream code to `out`: the same instructions, a JMP followed rather than
 * copied (the copy lives in another bank), RTS turned into RTL. An unused
 * vector ($FF) becomes an empty routine. Returns the bytes written. */
static inline size_t gen_overlay_copy(const uint8_t *d, size_t pc, uint8_t *out) {
  size_t n = 0;
  for (int guard = 0; guard < 4096 && d[pc] != 0x60 && d[pc] != 0xFF; guard++) {
    uint8_t op = d[pc];
    size_t len = op == 0x1A ? 1 : op == 0x8F ? 4 : 3; /* INC A; STA long; the rest take a word */
    if (op == 0x4C) {
      pc = 0x70000 + ((size_t)(d[pc + 1] | d[pc + 2] << 8) & 0x7FFF);
      continue;
    }
    memcpy(out + n, d + pc, len);
    n += len, pc += len;
  }
  out[n++] = 0x6B;
  return n;
}

/* ZScream overlays (its SaveMapOverlays as §2.10 describes it): every
 * area's routine rewritten from 0x120000 ending in RTL, areas with the same
 * vector sharing one copy, 128 longs at 0x77677, and the dispatcher from
 * 0x77657 whose last byte, 0x77676, is 0x6B. Our dispatcher bytes are NOPs:
 * the tests read the layout, they do not run it. */
static inline void gen_overlays(uint8_t *d) {
  uint16_t vec[128];
  uint32_t placed[128];
  for (size_t i = 0; i < 128; i++) vec[i] = (uint16_t)(d[0x77664 + 2 * i] | d[0x77665 + 2 * i] << 8);
  size_t at = 0x120000;
  for (size_t i = 0; i < 128; i++) {
    size_t same = 0;
    while (same < i && vec[same] != vec[i]) same++;
    if (same < i) {
      placed[i] = placed[same];
      continue;
    }
    placed[i] = gen_snes(at);
    at += gen_overlay_copy(d, 0x70000 + (vec[i] & 0x7FFF), d + at);
  }
  memset(d + 0x77657, 0xEA, 0x77676 - 0x77657);
  d[0x77676] = 0x6B;
  for (size_t i = 0; i < 128; i++) gen_put_long(d + 0x77677 + 3 * i, placed[i]);
}

/* ZScream's expanded tile16: the 3752 vanilla definitions copied to
 * 0x1E8000 ($3D:8000), room for 4096; both bank operands say $3D. */
/* The code bytes by which a reader tells the expanded tile16 table (the
 * banks its loads name), apart from the table itself: a ROM may claim the
 * table without holding it. */
static inline void gen_tile16_marks(uint8_t *d) { d[0x17D28] = d[0x17D39] = 0x3D; }
static inline void gen_tile16(uint8_t *d) {
  memcpy(d + 0x1E8000, d + 0x78000, 3752 * 8);
  gen_tile16_marks(d);
}

/* Expanded tile32: quadrant tables of 0x67E0 bytes at 0x18000 (TL), 0x20000
 * (TR), 0x1F0000 (BL), 0x1F8000 (BR). The packing is the same, so the vanilla
 * tables (0x33F0 bytes: 8864 definitions) are copied to the start of each and
 * the rest is zero (unused definitions). The BL operand's bank says $3E. */
static inline void gen_tile32_marks(uint8_t *d) { d[0x1772E] = 0x3E; }
static inline void gen_tile32(uint8_t *d) {
  enum { VANILLA = 0x33F0, EXPANDED = 0x67E0 };
  static const size_t from[4] = {0x18000, 0x1B400, 0x20000, 0x23400}, to[4] = {0x18000, 0x20000, 0x1F0000, 0x1F8000};
  static uint8_t saved[4][VANILLA];
  for (int q = 0; q < 4; q++) memcpy(saved[q], d + from[q], VANILLA);
  for (int q = 0; q < 4; q++) {
    memcpy(d + to[q], saved[q], VANILLA);
    memset(d + to[q] + VANILLA, 0, EXPANDED - VANILLA);
  }
  gen_tile32_marks(d);
}

/* ZSCustomOverworld's per-area tables (world reference §6) filled with the
 * values ZScream gives a vanilla ROM when it installs the patch (its
 * OverworldMap defaults): backdrop colours from the assembly's comments (LW
 * grass 0x2669, DW 0x2A32, SW 0x19C6), main palettes by world (mountains 2
 * and 3, Triforce room 4), the woods' and exits' mosaic sides, animated sheet
 * 0x59 on the mountains else 0x5B, the vanilla subscreen overlays and the
 * default sheets per world; the enable bytes all on. */
static inline int gen_zs_main_palette(int id) {
  if (id == 0x03 || id == 0x05 || id == 0x07) return 2;
  if (id == 0x43 || id == 0x45 || id == 0x47) return 3;
  return id == 0x88 ? 4 : id >= 0x40 && id < 0x80 ? 1 : 0;
}
static inline int gen_zs_mosaic(int id) {
  switch (id) {
    case 0x00: case 0x40: return 0x05;                                  /* down, right */
    case 0x02: case 0x0A: case 0x42: case 0x4A: return 0x02;            /* left */
    case 0x0F: case 0x10: case 0x11: case 0x50: case 0x51: return 0x08; /* up */
    case 0x80: case 0x81: case 0x88: return 0x04;                       /* down */
    default: return 0;
  }
}
static inline int gen_zs_overlay(int id) {
  static const uint8_t fog2[] = {0x00, 0x01, 0x08, 0x09, 0x40, 0x41, 0x48, 0x49};
  static const uint8_t sky[] = {0x03, 0x04, 0x05, 0x06, 0x07, 0x0B, 0x0C, 0x0D, 0x0E};
  for (size_t i = 0; i < sizeof fog2; i++) if (id == fog2[i]) return 0x9D;
  for (size_t i = 0; i < sizeof sky; i++) if (id == sky[i]) return 0x95;
  for (size_t i = 0; i < sizeof sky; i++) if (id == sky[i] + 0x40) return 0x9C; /* lava under the DW mountains */
  if (id == 0x5B || id == 0x5C || id == 0x63 || id == 0x64) return 0x96;
  return id == 0x80 ? 0x97 : id == 0x88 ? 0x93 : 0xFF;
}
static inline void gen_zscustom_tables(uint8_t *d, int version) {
  static const uint8_t sheets[3][8] = {{0x3A, 0x3B, 0x3C, 0x3D, 0x53, 0x4D, 0x3E, 0x5B},
                                       {0x42, 0x43, 0x44, 0x45, 0x2F, 0x30, 0x3F, 0x5B},
                                       {0x3A, 0x3B, 0x3C, 0x3D, 0x47, 0x48, 0x3E, 0x5B}};
  static const uint16_t bg[3] = {0x2669, 0x2A32, 0x19C6};
  for (int id = 0; id < 160; id++) {
    int world = id >> 6;
    d[0x140000 + 2 * id] = (uint8_t)bg[world], d[0x140001 + 2 * id] = (uint8_t)(bg[world] >> 8);
    d[0x140160 + id] = (uint8_t)gen_zs_main_palette(id);
    d[0x140200 + id] = (uint8_t)gen_zs_mosaic(id);
    bool mountain = id == 0x03 || id == 0x05 || id == 0x07 || id == 0x43 || id == 0x45 || id == 0x47;
    d[0x1402A0 + id] = mountain ? 0x59 : 0x5B;
    d[0x140340 + 2 * id] = (uint8_t)gen_zs_overlay(id), d[0x140341 + 2 * id] = 0;
    memcpy(d + 0x140480 + 8 * id, sheets[world], 8);
  }
  memset(d + 0x140140, 0xFF, 9);
  d[0x140145] = (uint8_t)version;
}

/* v3 on top of the tables: the parents and the size enum (0 small, 1 large)
 * of every area, and the four vanilla tables moved where its assembly reads
 * them: sign messages to 0x1417F8, area palettes to 0x4C635, sprite pointer
 * tables to 0x141438/0x141578/0x1416B8, the special world's sprite sets to
 * 0x166E1/0x16701 by area - 0x80. (The transition tables at 0x140A38-0x141437
 * are not read by z3ed and stay empty here.) */
static inline void gen_zscustom_v3(uint8_t *d) {
  gen_zscustom_tables(d, 3);
  for (int id = 0; id < 160; id++) {
    bool zora = id == 0x81 || id == 0x82 || id == 0x89 || id == 0x8A;
    int parent = id >= 0x80 ? (zora ? 0x81 : id) : d[0x125EC + (id & 0x3F)] | (id & 0x40);
    d[0x140998 + id] = (uint8_t)parent;
    d[0x1788D + id] = id >= 0x80 ? zora : d[0x1788D + id] == 0x00; /* vanilla 0x00 large -> v3 1 large */
  }
  memcpy(d + 0x1417F8, d + 0x3F51D, 0x100), memset(d + 0x1418F8, 0, 0x40);
  uint8_t palettes[0x88];
  memcpy(palettes, d + 0x7D1C, sizeof palettes);
  memset(d + 0x4C635, 0, 0xC0), memcpy(d + 0x4C635, palettes, sizeof palettes);
  memcpy(d + 0x141438, d + 0x4C881, 0x80), memcpy(d + 0x141578, d + 0x4C901, 0x120), memcpy(d + 0x1416B8, d + 0x4CA21, 0x120);
  uint8_t sprite_gfx[16], sprite_palette[16];
  memcpy(sprite_gfx, d + 0x16811, 16), memcpy(sprite_palette, d + 0x16841, 16);
  for (int k = 0; k < 32; k++) d[0x166E1 + k] = sprite_gfx[k & 15], d[0x16701 + k] = sprite_palette[k & 15];
}

/* v3's wide and tall areas on top of gen_zscustom_v3: light-world 0x28 and
 * 0x29 (small in the vanilla layout) become one wide area, 0x2A over 0x32 one
 * tall area, as v3 stores them: both screens name the top-left one in the
 * parent table at 0x140998 and carry the size enum (2 wide, 3 tall) at
 * 0x1788D. The screens keep their own map streams; the children's sprite and
 * item lists stay in the ROM unread, as after an editor's save. */
enum { GEN_WIDE = 0x28, GEN_TALL = 0x2A };
static inline void gen_v3_wide_tall(uint8_t *d) {
  if (d[0x140145] != 3) gen_zscustom_v3(d); /* once: it converts the size bytes */
  d[0x140998 + GEN_WIDE + 1] = GEN_WIDE, d[0x1788D + GEN_WIDE] = d[0x1788D + GEN_WIDE + 1] = 2;
  d[0x140998 + GEN_TALL + 8] = GEN_TALL, d[0x1788D + GEN_TALL] = d[0x1788D + GEN_TALL + 8] = 3;
}

/* yaze's special-world tail-map patch (its TailMapExpansion.asm, the one
 * source) on top of v3: the 160 map pointers of each vanilla table copied to
 * 192-entry tables at 0x142400 (high) and 0x142640 (low), the 32 tail maps
 * pointing at blank streams at 0x180000 and 0x181000, the eight operands of
 * the game's two map loaders ($02:F59E ... $02:F815) pointed at the new
 * tables, and the marker 0xEA at 0x1423FF. The patch fills the blank places
 * with zero bytes, which never reach a stream's terminator (`runaway`); we
 * can write a real blank stream there instead: one long byte-fill command
 * of 256 zeros, then the terminator. */
static inline void gen_sw_tail_maps(uint8_t *d, bool runaway) {
  static const uint8_t blank[] = {0xE4, 0xFF, 0x00, 0xFF};
  static const struct { size_t pc; uint32_t table; } operands[] = {
      {0x1759E, 0x28A400}, {0x175A4, 0x28A401}, {0x175C9, 0x28A640}, {0x175CF, 0x28A641},
      {0x177E4, 0x28A400}, {0x177EA, 0x28A401}, {0x1780F, 0x28A640}, {0x17815, 0x28A641},
  };
  if (d[0x140145] != 3) gen_zscustom_v3(d); /* once: it converts the size bytes */
  memcpy(d + 0x142400, d + 0x1794D, 160 * 3), memcpy(d + 0x142640, d + 0x17B2D, 160 * 3);
  memset(d + 0x180000, 0, 188), memset(d + 0x181000, 0, 4);
  if (!runaway) memcpy(d + 0x180000, blank, sizeof blank), memcpy(d + 0x181000, blank, sizeof blank);
  for (size_t i = 160; i < 192; i++) {
    gen_put_long(d + 0x142400 + 3 * i, gen_snes(0x180000));
    gen_put_long(d + 0x142640 + 3 * i, gen_snes(0x181000));
  }
  for (size_t k = 0; k < sizeof operands / sizeof operands[0]; k++) gen_put_long(d + operands[k].pc, operands[k].table);
  d[0x1423FF] = 0xEA;
}

/* ZScream's expanded dungeon entrances (its Constants.cs entrance_*EXP):
 * they take the space the vanilla tile16 table leaves, so the tile16 table
 * moves first; each vanilla field table of the 133 entrances is copied to its
 * 0x100- or 0x200-byte table at 0x78000-0x79FFF, the extra bytes at 0x7A000
 * say which entrances face down (0x00 and 0x43, the two the vanilla game
 * hard-codes), and 0x7F000 gets the 0x00 ZScream tests for. */
static inline void gen_dungeon_entrances(uint8_t *d) {
  static const struct { size_t from, to, record; } tables[] = {
      {0x14813, 0x78000, 2}, {0x1491D, 0x78200, 8}, {0x14D45, 0x78A00, 2}, {0x14E4F, 0x78C00, 2},
      {0x14F59, 0x78E00, 2}, {0x15063, 0x79000, 2}, {0x1516D, 0x79200, 2}, {0x15277, 0x79400, 2},
      {0x15381, 0x79600, 1}, {0x15406, 0x79700, 1}, {0x1548B, 0x79800, 1}, {0x15510, 0x79900, 1},
      {0x15595, 0x79A00, 1}, {0x1561A, 0x79B00, 1}, {0x1569F, 0x79C00, 1}, {0x15724, 0x79D00, 2},
      {0x1582E, 0x79F00, 1},
  };
  gen_tile16(d);
  memset(d + 0x78000, 0, 0x2100);
  for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++)
    memcpy(d + tables[t].to, d + tables[t].from, 133 * tables[t].record);
  d[0x7A000 + 0x00] = d[0x7A000 + 0x43] = 0x01;
  d[0x7F000] = 0x00;
}

/* The expanded overworld entrances (world reference §2.6): the 129 vanilla
 * entrances in slots 0-128 of the 256-slot tables at 0xDB35F (positions),
 * 0xDB55F (areas) and 0xDB75F (ids), the 19 holes after them with bit 15 of
 * the area set and their position unbiased (+0x400), the other slots unused
 * (position 0xFFFF). The id table runs over the vanilla hole tables, which is
 * why the holes move. The flag: any byte but $B8 (we write $B3). */
enum { GEN_OW_HOLE_SLOT = 129 };
static inline void gen_ow_entrances(uint8_t *d) {
  uint16_t area[256], pos[256];
  uint8_t id[256];
  for (int i = 0; i < 256; i++) area[i] = 0, pos[i] = 0xFFFF, id[i] = 0;
  for (int i = 0; i < 129; i++) {
    area[i] = (uint16_t)(d[0xDB96F + 2 * i] | d[0xDB970 + 2 * i] << 8);
    pos[i] = (uint16_t)(d[0xDBA71 + 2 * i] | d[0xDBA72 + 2 * i] << 8), id[i] = d[0xDBB73 + i];
  }
  for (int k = 0; k < 19; k++) {
    int i = GEN_OW_HOLE_SLOT + k;
    area[i] = (uint16_t)(d[0xDB826 + 2 * k] | d[0xDB827 + 2 * k] << 8 | 0x8000);
    pos[i] = (uint16_t)((d[0xDB800 + 2 * k] | d[0xDB801 + 2 * k] << 8) + 0x400), id[i] = d[0xDB84C + k];
  }
  for (int i = 0; i < 256; i++) {
    d[0xDB35F + 2 * i] = (uint8_t)pos[i], d[0xDB360 + 2 * i] = (uint8_t)(pos[i] >> 8);
    d[0xDB55F + 2 * i] = (uint8_t)area[i], d[0xDB560 + 2 * i] = (uint8_t)(area[i] >> 8);
    d[0xDB75F + i] = id[i];
  }
  d[0xDB895] = 0xB3;
}

/* ZScream's expanded dungeon maps (docs/formats.md "Dungeon maps"): the
 * 186 room templates copied to 0x109010 ($21:9010), the four template loads
 * (LDA abs,Y, $B9) turned into JSRs to routines at $0A:F009 (stand-in bytes
 * here: the tests never run them), and every palace's room list then its
 * template list repacked from 0x57039, jumping over the tables at
 * 0x575D9-0x57620 as ZScream's save does. The old lists stay where they were,
 * unreferenced. */
enum { GEN_DMAP_DATA_PC = 0x57039, GEN_DMAP_TEMPLATES_PC = 0x109010 };
static inline void gen_dungeon_maps(uint8_t *d) {
  static const size_t loads[4] = {0x56652, 0x566B6, 0x5671A, 0x5677E};
  memcpy(d + GEN_DMAP_TEMPLATES_PC, d + 0x57009, 186 * 8);
  memset(d + 0x57009, 0xEA, GEN_DMAP_DATA_PC - 0x57009);
  for (int k = 0; k < 4; k++) {
    unsigned routine = 0xF009 + 12u * (unsigned)k;
    d[loads[k]] = 0x20, d[loads[k] + 1] = (uint8_t)routine, d[loads[k] + 2] = (uint8_t)(routine >> 8);
  }
  size_t pos = GEN_DMAP_DATA_PC;
  for (int p = 0; p < 14; p++) {
    int floors = (d[0x575D9 + 2 * p] >> 4) + (d[0x575D9 + 2 * p] & 15);
    size_t rooms = 0x50000 + ((d[0x57605 + 2 * p] | d[0x57606 + 2 * p] << 8) & 0x7FFF);
    size_t gfx = 0x50000 + ((d[0x57BE4 + 2 * p] | d[0x57BE5 + 2 * p] << 8) & 0x7FFF), used = 0;
    uint8_t list[400];
    size_t n = (size_t)floors * 25;
    memcpy(list, d + rooms, n);
    for (size_t i = 0; i < n; i++) used += list[i] != 0x0F;
    memcpy(list + n, d + gfx, used);
    if (pos + n + used > 0x575D9 && pos < 0x57621) pos = 0x57621;
    memcpy(d + pos, list, n + used);
    d[0x57605 + 2 * p] = (uint8_t)pos, d[0x57606 + 2 * p] = (uint8_t)(0x80 | (pos >> 8 & 0x7F));
    d[0x57BE4 + 2 * p] = (uint8_t)(pos + n), d[0x57BE5 + 2 * p] = (uint8_t)(0x80 | ((pos + n) >> 8 & 0x7F));
    pos += n + used;
  }
}

/* Oracle of Secrets' hook with two expanded messages (message_bank_gen.h). */
static inline void gen_message_bank(uint8_t *d) {
  static const char *const texts[] = {"Hello from bank 2F.", "Second[K]"};
  gen_msgbank_hooked(d, 0x200000, texts, 2);
}

/* The detection bytes of `id` (and its data where the facts place it). */
static inline void gen_layout(uint8_t *d, z3_layout_id id) {
  switch (id) {
    case Z3_LAYOUT_ZSCUSTOM_V1: gen_zscustom_tables(d, 1); break;
    case Z3_LAYOUT_ZSCUSTOM_V2: gen_zscustom_tables(d, 2); break;
    case Z3_LAYOUT_ZSCUSTOM_V3: gen_zscustom_v3(d); break;
    case Z3_LAYOUT_SW_TAIL_MAPS: gen_sw_tail_maps(d, false); break;
    case Z3_LAYOUT_TILE16: gen_tile16(d); break;
    case Z3_LAYOUT_TILE32: gen_tile32(d); break;
    case Z3_LAYOUT_OW_ENTRANCES: gen_ow_entrances(d); break;
    case Z3_LAYOUT_DUNGEON_ENTRANCES: gen_dungeon_entrances(d); break;
    case Z3_LAYOUT_ROOM_HEADERS: gen_room_headers(d); break;
    case Z3_LAYOUT_OVERLAYS: gen_overlays(d); break;
    case Z3_LAYOUT_COLLISION: gen_collision(d); break;
    case Z3_LAYOUT_DUNGEON_MAPS: gen_dungeon_maps(d); break;
    case Z3_LAYOUT_OBJECT_SPACE: gen_object_space(d); break;
    case Z3_LAYOUT_MESSAGE_BANK: gen_message_bank(d); break;
    case Z3_LAYOUT_COUNT: break;
  }
}

#endif
