/*
 * The sample ROM's graphics, in ALttP's real layout (data reference §4.7
 * checklist): pointer tables and the code operands that find them, 12
 * uncompressed sprite sheets at 0x87000, every compressed sheet packed from
 * 0x8B800 in the vanilla order (so streams cross bank boundaries), aliases
 * 0x71/0x72 sharing 0xDD/0xDE's data, blank sheets, and the blocksets that
 * name them. The pictures are our own, drawn by sample_art*.c; the palettes
 * are sample_palettes.c's.
 */
#include <string.h>

#include "snes/lz2.h"
#include "zelda3/blockset.h"
#include "zelda3/gfx.h"
#include "zelda3/sample_art.h"
#include "zelda3/sample_internal.h"

static bool blank_sheet(int index) { return (index >= 0x61 && index <= 0x70) || index == 0x9E; }

/* The sheets the sample's scenes load: the overworld's (vanilla's Light World
 * set, main blocksets 0x20-0x24) and the dungeons' (main blocksets 0x00-0x1F). */
static const uint8_t ow_sheets[8] = {0x3A, 0x3B, 0x3C, 0x3D, 0x53, 0x4D, 0x3E, 0x5B};
static const uint8_t uw_sheets[8] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07};

static int position_in(const uint8_t sheets[8], int index) {
  for (int p = 0; p < 8; p++)
    if (sheets[p] == index) return p;
  return -1;
}

/* The raw (uncompressed) bytes of a sheet. BG sheets no scene of the sample
 * loads repeat the pages of the overworld (0x20 and up) or the dungeons. */
static void sheet_bytes(int index, uint8_t *out) {
  z3_tile_format f = z3_sheet_kind_of(index) == Z3_SHEET_COMPRESSED_2BPP ? Z3_TILE_2BPP : Z3_TILE_3BPP;
  size_t size = z3_sheet_size_of(index), tiles = size / z3_tile_bytes(f);
  uint8_t px[128 * 64];
  if (blank_sheet(index)) {
    memset(out, 0, size);
    return;
  }
  int ow = position_in(ow_sheets, index), uw = position_in(uw_sheets, index);
  if (f == Z3_TILE_2BPP) z3_sample__draw_hud_sheet(index, px);
  else if (index >= Z3_BG_SHEET_COUNT) z3_sample__draw_sprite_sheet(index, px);
  else if (ow >= 0 || (uw < 0 && index >= 0x20)) z3_motifs_draw(z3_ow_motifs, OWM_COUNT, ow >= 0 ? ow : index % 8, px);
  else z3_motifs_draw(z3_uw_motifs, UWM_COUNT, uw >= 0 ? uw : index % 8, px);
  z3_sheet_encode(f, px, tiles, out);
}

static void set_pointer(uint8_t *img, int index, size_t pc) {
  uint32_t bank = (uint32_t)(pc >> 15), addr = 0x8000 | (uint32_t)(pc & 0x7FFF);
  img[Z3_GFX_PTR_BANK_PC + (size_t)index] = (uint8_t)bank;
  img[Z3_GFX_PTR_HIGH_PC + (size_t)index] = (uint8_t)(addr >> 8);
  img[Z3_GFX_PTR_LOW_PC + (size_t)index] = (uint8_t)addr;
}

static void put_operand(uint8_t *img, size_t pc, uint8_t opcode, uint16_t value) {
  img[pc - 1] = opcode;
  img[pc] = (uint8_t)value;
  img[pc + 1] = (uint8_t)(value >> 8);
}

/* The code operands readers use to find the tables (LDA abs,Y: $B9). */
static void write_operands(uint8_t *img) {
  static const uint16_t bg[3] = {0xCF80, 0xD05F, 0xD13E};
  static const size_t bg_pc[3] = {Z3_GFX_OPERAND_BANK_PC, Z3_GFX_OPERAND_HIGH_PC, Z3_GFX_OPERAND_LOW_PC};
  for (int i = 0; i < 3; i++) {
    put_operand(img, bg_pc[i], 0xB9, bg[i]);
    put_operand(img, Z3_GFX_SPRITE_OPERAND_PC + 5 * (size_t)i, 0xB9, (uint16_t)(bg[i] + Z3_BG_SHEET_COUNT));
  }
}

/* Compressed sheets in the vanilla packing order: BG, then sprites and the rest. */
static z3_status pack_compressed(uint8_t *img, z3_error *err) {
  size_t at = Z3_GFX_COMPRESSED_PC;
  uint8_t raw[Z3_SHEET_2BPP_SIZE];
  z3_buf packed;
  z3_buf_init(&packed);
  z3_status st = Z3_OK;
  for (int i = 0; i < Z3_SHEET_COUNT && st == Z3_OK; i++) {
    if (z3_sheet_kind_of(i) == Z3_SHEET_UNCOMPRESSED_3BPP || i == 0x71 || i == 0x72) continue;
    sheet_bytes(i, raw);
    packed.len = 0;
    st = z3_lz2_compress(&packed, raw, z3_sheet_size_of(i), Z3_LZ2_GRAPHICS, Z3_LZ2_OPTIMAL, err);
    if (st == Z3_OK && at + packed.len > Z3_GFX_REGION_END_PC) {
      st = z3_error_set(err, Z3_E_INTERNAL, "sample graphics overflow the region at sheet 0x%02X", i);
    }
    if (st) break;
    memcpy(img + at, packed.data, packed.len);
    set_pointer(img, i, at);
    at += packed.len;
  }
  z3_buf_release(&packed);
  if (st) return st;
  memset(img + at, 0xFF, Z3_GFX_REGION_END_PC - at); /* the region's tail is free, as in vanilla */
  for (int alias = 0x71; alias <= 0x72; alias++) {    /* BG aliases share the HUD sheets' data */
    img[Z3_GFX_PTR_BANK_PC + (size_t)alias] = img[Z3_GFX_PTR_BANK_PC + (size_t)alias + 0x6C];
    img[Z3_GFX_PTR_HIGH_PC + (size_t)alias] = img[Z3_GFX_PTR_HIGH_PC + (size_t)alias + 0x6C];
    img[Z3_GFX_PTR_LOW_PC + (size_t)alias] = img[Z3_GFX_PTR_LOW_PC + (size_t)alias + 0x6C];
  }
  return Z3_OK;
}

/* Blocksets: the dungeon sets (0x00-0x1F) and the rest name the two sheet
 * sets above. Aux sets name the sheet their position already has in about two
 * of three places and keep it (0) in the others, so both rules are exercised
 * while every scene still shows the art its tile numbers were drawn for.
 * Aux sets 0x20-0x47 serve overworld areas (sample_overworld.c), the rest rooms. */
static void write_blocksets(uint8_t *img) {
  img[Z3_BLOCKSET_MAIN_OPERAND_PC - 1] = 0xB9; /* LDA $E073,Y */
  img[Z3_BLOCKSET_MAIN_OPERAND_PC] = (uint8_t)(0x8000 | Z3_BLOCKSET_MAIN_PC);
  img[Z3_BLOCKSET_MAIN_OPERAND_PC + 1] = (uint8_t)((0x8000 | Z3_BLOCKSET_MAIN_PC) >> 8);
  for (unsigned set = 0; set < Z3_BLOCKSET_MAIN_COUNT; set++)
    memcpy(img + Z3_BLOCKSET_MAIN_PC + set * 8, set >= 0x20 ? ow_sheets : uw_sheets, 8);
  for (unsigned set = 0; set < Z3_BLOCKSET_AUX_COUNT; set++) {
    bool outdoors = set >= 0x20 && set < 0x48;
    for (unsigned k = 0; k < 4; k++)
      img[Z3_BLOCKSET_AUX_PC + set * 4 + k] = (set + k) % 3 == 0 ? 0 : (outdoors ? ow_sheets : uw_sheets)[3 + k];
  }
  for (unsigned i = 0; i < Z3_SPRITESET_COUNT * 4; i++)
    img[Z3_SPRITESET_PC + i] = (uint8_t)((i * 11 + 3) % 0x6C);
}

z3_status z3_sample__write_gfx(uint8_t *img, size_t size, z3_error *err) {
  if (size < Z3_GFX_REGION_END_PC) return Z3_OK; /* too small for ALttP's layout */
  write_operands(img);
  write_blocksets(img);
  size_t at = Z3_GFX_UNCOMPRESSED_PC;
  for (int i = 0x73; i <= 0x7E; i++, at += Z3_SHEET_3BPP_SIZE) {
    sheet_bytes(i, img + at);
    set_pointer(img, i, at);
  }
  return pack_compressed(img, err);
}
