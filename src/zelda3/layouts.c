/* Expanded-layout detection (world reference §1 and §6); see layouts.h. */
#include <stdio.h>
#include <string.h>

#include "zelda3/dungeon.h"
#include "zelda3/layouts.h"
#include "zelda3/text.h"

static const z3_layout_info infos[Z3_LAYOUT_COUNT] = {
    [Z3_LAYOUT_ZSCUSTOM_V1] = {"zscustom-v1", "ZSCustomOverworld v1", true, true},
    [Z3_LAYOUT_ZSCUSTOM_V2] = {"zscustom-v2", "ZSCustomOverworld v2", true, true},
    [Z3_LAYOUT_ZSCUSTOM_V3] = {"zscustom-v3", "ZSCustomOverworld v3 or later", true, true},
    [Z3_LAYOUT_SW_TAIL_MAPS] = {"sw-tail-maps", "special-world tail maps 0xA0-0xBF", true, true},
    [Z3_LAYOUT_TILE16] = {"tile16", "expanded tile16 table", true, true},
    [Z3_LAYOUT_TILE32] = {"tile32", "expanded tile32 tables", true, true},
    [Z3_LAYOUT_OW_ENTRANCES] = {"ow-entrances", "expanded overworld entrances", true, true},
    [Z3_LAYOUT_DUNGEON_ENTRANCES] = {"dungeon-entrances", "ZScream expanded dungeon entrances", true, false},
    [Z3_LAYOUT_ROOM_HEADERS] = {"room-headers", "moved room headers", true, false},
    [Z3_LAYOUT_OVERLAYS] = {"overlays", "ZScream overlays", true, false},
    [Z3_LAYOUT_COLLISION] = {"collision", "ZScream custom collision", true, false},
    [Z3_LAYOUT_DUNGEON_MAPS] = {"dungeon-maps", "expanded dungeon maps", true, false},
    [Z3_LAYOUT_OBJECT_SPACE] = {"object-space", "expanded dungeon object space", true, false},
    [Z3_LAYOUT_MESSAGE_BANK] = {"message-bank", "expanded message bank (yaze, Oracle of Secrets)", true, false},
};

/* Evidence locations (PC). */
#define ZSCUSTOM_VERSION_PC 0x140145u
#define SW_TAIL_MAPS_PC 0x1423FFu
#define TILE16_BANK_PC 0x17D28u
#define TILE32_BANK_PC 0x1772Eu
#define OW_ENTRANCE_PC 0xDB895u
#define DUNGEON_ENTRANCE_PC 0x7F000u
#define OVERLAY_PC 0x77676u
#define COLLISION_TABLE_PC 0x128090u
#define DUNGEON_MAPS_PC 0x56652u
#define EXPANDED_PC 0x100000u
#define OBJECT_SPACE_FROM 0x138000u
#define OBJECT_SPACE_TO 0x150000u

const z3_layout_info *z3_layout_info_of(z3_layout_id id) {
  return id < Z3_LAYOUT_COUNT ? &infos[id] : NULL;
}

static bool title_is(const char *title, const char *name) {
  size_t n = strlen(name);
  if (strncmp(title, name, n) != 0) return false;
  for (const char *p = title + n; *p; p++)
    if (*p != ' ') return false;
  return true;
}

bool z3_rom_title_is_alttp(const z3_rom *rom) {
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  return title_is(h.title, "THE LEGEND OF ZELDA") || title_is(h.title, "ZELDANODENSETSU");
}

/* A byte of the image; `absent` past its end, as a short file has no such byte. */
static bool byte_at(const z3_rom *rom, size_t pc, uint8_t *out) {
  if (pc >= rom->data.len) return false;
  *out = rom->data.data[pc];
  return true;
}

static bool long_at(const z3_rom *rom, size_t pc, uint32_t *out) {
  if (pc + 3 > rom->data.len) return false;
  const uint8_t *d = rom->data.data + pc;
  *out = (uint32_t)(d[0] | d[1] << 8 | d[2] << 16);
  return true;
}

/* A long pointer's file offset under LoROM, even past the end of this image
 * (a pointer into expanded space shows the layout on a 1 MiB file too). */
static bool lorom_pc(uint32_t address, size_t *out) {
  return z3_snes_to_pc(Z3_MAP_LOROM, Z3_ROM_MAX_SIZE, address, out, NULL) == Z3_OK;
}

static void add(z3_layouts *out, z3_layout_id id, size_t pc, unsigned size, uint32_t found,
                const char *vanilla) {
  out->hits[out->count++] = (z3_layout_hit){id, pc, size, found, vanilla};
}

/* Version byte: 0x00, 0xFF or absent is vanilla (yaze's reading; ZScream also
 * zero-pads a 1 MiB file, so absent and 0x00 agree). */
static void scan_zscustom(const z3_rom *rom, z3_layouts *out) {
  uint8_t v, tail;
  if (!byte_at(rom, ZSCUSTOM_VERSION_PC, &v) || v == 0x00 || v == 0xFF) return;
  z3_layout_id id = v == 1 ? Z3_LAYOUT_ZSCUSTOM_V1 : v == 2 ? Z3_LAYOUT_ZSCUSTOM_V2 : Z3_LAYOUT_ZSCUSTOM_V3;
  add(out, id, ZSCUSTOM_VERSION_PC, 1, v, "0x00, 0xFF or absent");
  if (id == Z3_LAYOUT_ZSCUSTOM_V3 && byte_at(rom, SW_TAIL_MAPS_PC, &tail) && tail == 0xEA)
    add(out, Z3_LAYOUT_SW_TAIL_MAPS, SW_TAIL_MAPS_PC, 1, tail, "not 0xEA");
}

/* A byte whose vanilla value is `vanilla`: any other value shows the layout. */
static void scan_not(const z3_rom *rom, z3_layouts *out, z3_layout_id id, size_t pc, uint8_t vanilla,
                     const char *text) {
  uint8_t b;
  if (byte_at(rom, pc, &b) && b != vanilla) add(out, id, pc, 1, b, text);
}

/* ZScream's test: the first word of tile16 #0xE00 reads 0x00 low or 0x01 high. */
static void scan_dungeon_entrances(const z3_rom *rom, z3_layouts *out) {
  uint8_t lo, hi;
  if (byte_at(rom, DUNGEON_ENTRANCE_PC, &lo) && lo == 0x00)
    add(out, Z3_LAYOUT_DUNGEON_ENTRANCES, DUNGEON_ENTRANCE_PC, 1, lo, "not 0x00");
  else if (byte_at(rom, DUNGEON_ENTRANCE_PC + 1, &hi) && hi == 0x01)
    add(out, Z3_LAYOUT_DUNGEON_ENTRANCES, DUNGEON_ENTRANCE_PC + 1, 1, hi, "not 0x01");
}

static void scan_room_headers(const z3_rom *rom, z3_layouts *out) {
  uint32_t addr;
  size_t pc;
  if (long_at(rom, Z3_ROOM_HEADER_PTR_OPERAND_PC, &addr) && lorom_pc(addr, &pc) && pc >= EXPANDED_PC)
    add(out, Z3_LAYOUT_ROOM_HEADERS, Z3_ROOM_HEADER_PTR_OPERAND_PC, 3, addr, "a pointer below 0x100000");
}

/* Empty slots of expanded space are $00 or $FF runs (data reference §7), so
 * neither 0x000000 nor 0xFFFFFF counts as a room's collision pointer. */
static void scan_collision(const z3_rom *rom, z3_layouts *out) {
  uint32_t p;
  for (size_t i = 0; i < Z3_ROOM_COUNT; i++) {
    size_t pc = COLLISION_TABLE_PC + 3 * i;
    if (!long_at(rom, pc, &p)) return;
    if (p != 0 && p != 0xFFFFFF) {
      add(out, Z3_LAYOUT_COLLISION, pc, 3, p, "0x000000 (no collision list)");
      return;
    }
  }
}

/* Room object streams moved into the editors' expanded regions. Room sprite
 * lists are not looked at: their pointers are words in bank $09 in every
 * layout the sources describe, so they cannot reach that space. */
static void scan_object_space(const z3_rom *rom, z3_layouts *out) {
  uint32_t table, p;
  size_t table_pc, pc;
  if (!long_at(rom, Z3_ROOM_OBJECT_PTR_OPERAND_PC, &table) || !lorom_pc(table, &table_pc)) return;
  for (size_t i = 0; i < Z3_ROOM_COUNT; i++) {
    if (!long_at(rom, table_pc + 3 * i, &p)) return;
    if (lorom_pc(p, &pc) && pc >= OBJECT_SPACE_FROM && pc < OBJECT_SPACE_TO) {
      add(out, Z3_LAYOUT_OBJECT_SPACE, table_pc + 3 * i, 3, p, "pointers outside 0x138000-0x14FFFF");
      return;
    }
  }
}

void z3_layouts_scan(const z3_rom *rom, z3_layouts *out) {
  out->count = 0;
  scan_zscustom(rom, out);
  scan_not(rom, out, Z3_LAYOUT_TILE16, TILE16_BANK_PC, 0x0F, "0x0F");
  scan_not(rom, out, Z3_LAYOUT_TILE32, TILE32_BANK_PC, 0x04, "0x04");
  scan_not(rom, out, Z3_LAYOUT_OW_ENTRANCES, OW_ENTRANCE_PC, 0xB8, "0xB8");
  scan_dungeon_entrances(rom, out);
  scan_room_headers(rom, out);
  uint8_t b;
  if (byte_at(rom, OVERLAY_PC, &b) && b == 0x6B) add(out, Z3_LAYOUT_OVERLAYS, OVERLAY_PC, 1, b, "not 0x6B");
  scan_collision(rom, out);
  scan_not(rom, out, Z3_LAYOUT_DUNGEON_MAPS, DUNGEON_MAPS_PC, 0xB9, "0xB9");
  scan_object_space(rom, out);
  /* yaze's own setting leaves no trace in the ROM; only the hook shows the bank. */
  size_t data_pc;
  uint32_t target;
  if (z3_text_exp_hook(rom, &data_pc) && long_at(rom, Z3_TEXT_EXP_HOOK_PC + 1, &target))
    add(out, Z3_LAYOUT_MESSAGE_BANK, Z3_TEXT_EXP_HOOK_PC, 4, target, "LDA #$DF40, not a JML");
}

bool z3_layouts_detect(const z3_rom *rom, z3_layouts *out) {
  out->count = 0;
  if (!z3_rom_title_is_alttp(rom)) return false;
  z3_layouts_scan(rom, out);
  return true;
}

void z3_layout_hit_evidence(const z3_layout_hit *hit, char *out, size_t out_size) {
  if (hit->size == 1) {
    snprintf(out, out_size, "byte 0x%02X at 0x%05zX (vanilla %s)", (unsigned)hit->found, hit->offset, hit->vanilla);
    return;
  }
  char addr[10];
  z3_snes_format_address(hit->found, addr);
  snprintf(out, out_size, "%s %s at 0x%05zX (vanilla %s)", hit->size == 4 ? "JML" : "long", addr, hit->offset,
           hit->vanilla);
}
