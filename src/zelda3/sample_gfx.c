/*
 * The sample ROM's graphics and palettes, in ALttP's real layout (data
 * reference §4.7 checklist, §5.3): pointer tables and the code operands that
 * find them, 12 uncompressed sprite sheets at 0x87000, every compressed sheet
 * packed from 0x8B800 in the vanilla order (so streams cross bank boundaries),
 * aliases 0x71/0x72 sharing 0xDD/0xDE's data, blank sheets, and every palette
 * group at its address. The pictures are our own: simple generated pixel art.
 */
#include <string.h>

#include "snes/lz2.h"
#include "zelda3/blockset.h"
#include "zelda3/gfx.h"
#include "zelda3/palettes.h"
#include "zelda3/sample_internal.h"

static bool blank_sheet(int index) { return (index >= 0x61 && index <= 0x70) || index == 0x9E; }

/* One 8x8 tile of generated art; `levels` colours (8 or 4), pixel 0 transparent.
 * A mix of flat shapes and detailed tiles, so sheets compress about as well
 * to about 40% of their size (real ones: about 80%), not to a few bytes. */
static void art_tile(uint8_t px[64], int sheet, int tile, int levels) {
  uint32_t seed = (uint32_t)(sheet * 2654435761u) ^ (uint32_t)(tile * 40503u);
  seed ^= seed >> 13, seed *= 0x5BD1E995u, seed ^= seed >> 15;
  int kind = (int)(seed % 9), c = 1 + (int)((seed >> 4) % (uint32_t)(levels - 1));
  int r = 6 + (int)((seed >> 8) % 8);
  uint32_t noise = seed;
  for (int y = 0; y < 8; y++) {
    for (int x = 0; x < 8; x++) {
      noise = noise * 1103515245u + 12345u;
      int n = (int)((noise >> 16) % (uint32_t)levels), v = 0;
      switch (kind) {
        case 0: v = (x - 3) * (x - 4) + (y - 3) * (y - 4) < r ? c : 0; break;      /* disc */
        case 1: v = 1 + ((seed & 1 ? x : y) + (x + y) / 2) * (levels - 1) / 11; break; /* ramp */
        case 2: v = ((x ^ y) & (1 + (int)(seed >> 12) % 3)) ? c : 1; break;        /* checks */
        case 3: v = (y % 4 == 3 || (x + (y / 4) * 4) % 8 == 0) ? 1 : c; break;      /* bricks */
        case 4: v = ((y + (int)(seed >> 9)) % 3 == 0) ? c : 0; break;               /* stripes */
        case 5: v = ((seed >> ((y * 4 + (x < 4 ? x : 7 - x)) % 28)) & 1) ? c : 0; break; /* critter */
        case 6: v = (x == 0 || y == 0 || x == 7 || y == 7) ? c : n / 2; break;     /* frame */
        case 7: v = n; break;                                                       /* detail */
        default: v = ((x + y + n) % 3 == 0) ? c : (n > levels / 2 ? 1 : 0); break;  /* dither */
      }
      px[y * 8 + x] = (uint8_t)(v < levels ? v : levels - 1);
    }
  }
}

/* The raw (uncompressed) bytes of a sheet. */
static void sheet_bytes(int index, uint8_t *out) {
  z3_tile_format f = z3_sheet_kind_of(index) == Z3_SHEET_COMPRESSED_2BPP ? Z3_TILE_2BPP : Z3_TILE_3BPP;
  size_t size = z3_sheet_size_of(index), tiles = size / z3_tile_bytes(f);
  if (blank_sheet(index)) {
    memset(out, 0, size);
    return;
  }
  for (size_t t = 0; t < tiles; t++) {
    uint8_t px[64];
    art_tile(px, index, (int)(t % 48), f == Z3_TILE_2BPP ? 4 : 8); /* some repeats, like real art */
    z3_tile_encode(f, px, out + t * z3_tile_bytes(f));
  }
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

/* Blocksets with the vanilla shape: main sets name BG sheets 0x00-0x60 (the
 * overworld's 0x20/0x21 among them), aux sets replace some of positions 3-6
 * and keep others (0), sprite sets name sprite-local sheets 0x00-0x6B. */
static void write_blocksets(uint8_t *img) {
  img[Z3_BLOCKSET_MAIN_OPERAND_PC - 1] = 0xB9; /* LDA $E073,Y */
  img[Z3_BLOCKSET_MAIN_OPERAND_PC] = (uint8_t)(0x8000 | Z3_BLOCKSET_MAIN_PC);
  img[Z3_BLOCKSET_MAIN_OPERAND_PC + 1] = (uint8_t)((0x8000 | Z3_BLOCKSET_MAIN_PC) >> 8);
  for (unsigned i = 0; i < Z3_BLOCKSET_MAIN_COUNT * 8; i++)
    img[Z3_BLOCKSET_MAIN_PC + i] = (uint8_t)((i * 7 + i / 8 * 3) % 0x61);
  for (unsigned i = 0; i < Z3_BLOCKSET_AUX_COUNT * 4; i++)
    img[Z3_BLOCKSET_AUX_PC + i] = i % 3 == 0 ? 0 : (uint8_t)((i * 5 + 1) % 0x61);
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

/* Colour c of palette p of a group: a hue walk, so every palette looks different. */
static uint16_t sample_color(size_t group, int p, int c) {
  unsigned r = (unsigned)(c * 5 + p * 3 + group * 7) % 32;
  unsigned g = (unsigned)(31 - c * 2 + p) % 32;
  unsigned b = (unsigned)(c * 3 + group * 11 + p * 5) % 32;
  return (uint16_t)(r | g << 5 | b << 10);
}

void z3_sample__write_palettes(uint8_t *img, size_t size) {
  if (size < 0x100000) return;
  for (size_t gi = 0; gi < z3_palette_group_count; gi++) {
    const z3_palette_group *g = &z3_palette_groups[gi];
    for (int p = 0; p < g->count; p++) {
      for (int c = 0; c < g->colors; c++) {
        size_t at[Z3_PALETTE_MAX_COPIES];
        int copies = z3_palette_color_offsets(g, p, c, at);
        uint16_t v = g->includes_transparent && c % 16 == 0 ? 0 : sample_color(gi, p, c);
        for (int k = 0; k < copies; k++) {
          if (strcmp(g->name, "grass") == 0) img[at[k] - 1] = 0xA2; /* LDX #imm operands */
          img[at[k]] = (uint8_t)v;
          img[at[k] + 1] = (uint8_t)(v >> 8);
        }
      }
    }
  }
}
