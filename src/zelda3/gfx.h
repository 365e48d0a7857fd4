/*
 * ALttP graphics sheets (data reference §4): 223 sheets found through three
 * parallel pointer tables (bank, high, low bytes), 115 background entries then
 * 108 sprite entries.
 *
 *   0x00-0x70  BG, LC_LZ2 3bpp (0x61-0x70 are blank)      0x600 bytes, 64 tiles
 *   0x71-0x72  BG aliases of 0xDD/0xDE, LC_LZ2 2bpp        0x800 bytes, 128 tiles
 *   0x73-0x7E  sprites, uncompressed 3bpp                  0x600 bytes
 *   0x7F-0xD9  sprites and followers, LC_LZ2 3bpp          0x600 bytes
 *   0xDA-0xDE  HUD / text box / attract, LC_LZ2 2bpp       0x800 bytes
 *
 * The tables are found through the operands of the code that reads them
 * ($00:E790/E795/E79A hold the addresses of the bank/high/low tables), as
 * ZScream does, so ROMs whose tables were moved still read correctly.
 *
 * Writing a sheet: uncompressed sheets are rewritten in place; compressed ones
 * are recompressed (optimal) and written in place when they fit in the bytes
 * the old stream used, otherwise into free space, with every pointer to the
 * old data (aliases included) updated. Nothing else is overwritten; every
 * byte goes through the ROM's change log.
 */
#ifndef Z3_ZELDA3_GFX_H
#define Z3_ZELDA3_GFX_H

#include "snes/rom.h"
#include "snes/tile.h"

enum {
  Z3_SHEET_COUNT = 223,
  Z3_BG_SHEET_COUNT = 115,
  Z3_SHEET_3BPP_SIZE = 0x600,
  Z3_SHEET_2BPP_SIZE = 0x800,
};

/* Vanilla (US) table and operand locations, as file offsets. */
#define Z3_GFX_PTR_BANK_PC 0x4F80u   /* $00:CF80 */
#define Z3_GFX_PTR_HIGH_PC 0x505Fu   /* $00:D05F */
#define Z3_GFX_PTR_LOW_PC 0x513Eu    /* $00:D13E */
#define Z3_GFX_OPERAND_BANK_PC 0x6790u /* 16-bit operands in Decompress_background_arbitrary */
#define Z3_GFX_OPERAND_HIGH_PC 0x6795u
#define Z3_GFX_OPERAND_LOW_PC 0x679Au
#define Z3_GFX_SPRITE_OPERAND_PC 0x6773u /* +0, +5, +10: the sprite part of each table */
#define Z3_GFX_UNCOMPRESSED_PC 0x87000u  /* the 12 raw sprite sheets */
#define Z3_GFX_COMPRESSED_PC 0x8B800u    /* packed compressed sheets ... */
#define Z3_GFX_REGION_END_PC 0xC4000u    /* ... up to here (exclusive) */

typedef enum z3_sheet_kind {
  Z3_SHEET_COMPRESSED_3BPP = 0,
  Z3_SHEET_UNCOMPRESSED_3BPP = 1,
  Z3_SHEET_COMPRESSED_2BPP = 2,
} z3_sheet_kind;

typedef struct z3_sheet_info {
  int index;
  z3_sheet_kind kind;
  z3_tile_format format;    /* 3BPP or 2BPP */
  uint32_t address;         /* SNES address of the data */
  size_t offset;            /* file offset of the data */
  size_t stored_size;       /* bytes the data occupies in ROM (compressed size, or 0x600) */
  size_t size;              /* decompressed size the sheet must have */
  size_t decoded_size;      /* what decompression actually produced */
  int tiles;                /* size / bytes per tile */
  int alias_of;             /* lowest other sheet sharing this data, or -1 */
} z3_sheet_info;

const char *z3_sheet_kind_name(z3_sheet_kind k); /* "compressed-3bpp", ... */
/* Kind by index alone (the vanilla classification). */
z3_sheet_kind z3_sheet_kind_of(int index);
size_t z3_sheet_size_of(int index);

/* The three table offsets as the code operands give them. */
typedef struct z3_gfx_tables {
  size_t bank, high, low;
} z3_gfx_tables;
z3_status z3_gfx_find_tables(const z3_rom *rom, z3_gfx_tables *out, z3_error *err);

/* Locates, and for compressed sheets decompresses, one sheet. `data` (may be
 * NULL) receives the raw sheet bytes (3bpp or 2bpp tiles). */
z3_status z3_gfx_sheet_read(const z3_rom *rom, int index, z3_sheet_info *info, z3_buf *data,
                            z3_error *err);

/* Where a written sheet went. */
typedef struct z3_sheet_write_result {
  bool moved;
  size_t old_offset, new_offset;
  size_t old_stored_size, new_stored_size;
  int aliases_updated;      /* other sheets whose pointers followed */
} z3_sheet_write_result;

/* Replaces a sheet's raw bytes (exactly z3_sheet_size_of(index) bytes). */
z3_status z3_gfx_sheet_write(z3_rom *rom, int index, const uint8_t *data, size_t len,
                             z3_sheet_write_result *res, z3_error *err);

/* Sheet pixels: 128 wide, tiles/16*8 high, one byte per pixel (0..7 or 0..3). */
z3_status z3_gfx_sheet_pixels(const z3_rom *rom, int index, z3_buf *pixels, z3_sheet_info *info,
                              z3_error *err);
z3_status z3_gfx_sheet_set_pixels(z3_rom *rom, int index, const uint8_t *pixels, size_t len,
                                  z3_sheet_write_result *res, z3_error *err);

/* Repacking: every compressed stream (aliases once) copied back to back from
 * Z3_GFX_COMPRESSED_PC in sheet order, as the game packs them, pointers
 * updated, the rest of the region set to $FF. Streams are copied byte for
 * byte, never re-encoded. The region is the graphics' own (data reference
 * §4.7, as ZScream treats it): bytes in it that no sheet uses are overwritten,
 * and counted. Streams that had moved to free space come back when they fit,
 * and their old place becomes $FF free space again. A ROM already packed that
 * way is left untouched. */
typedef struct z3_repack_result {
  int streams;             /* distinct compressed streams */
  int sheets_moved;        /* sheets whose pointer changed */
  int brought_back;        /* streams that lived outside the region */
  size_t bytes_used;       /* region bytes the streams now take */
  size_t bytes_free;       /* region bytes left at its end */
  size_t unreferenced;     /* region bytes no sheet used that were not $FF before */
} z3_repack_result;
z3_status z3_gfx_repack(z3_rom *rom, z3_repack_result *res, z3_error *err);

/* Vanilla US free blocks of 0x40 bytes or more (usdasm "FREE ROM", §7.1). */
typedef struct z3_free_block {
  size_t pc, size;
} z3_free_block;
extern const z3_free_block z3_vanilla_free[];
extern const size_t z3_vanilla_free_count;

/* Free space: the first run of at least `need` bytes that are all $FF or all
 * $00 in the regions z3ed allocates from (the expanded area above 1 MiB,
 * avoiding the ranges ZScream and yaze reserve, then the vanilla free blocks).
 * Z3_E_NOT_FOUND with a hint to run `rom expand` when none is big enough. */
z3_status z3_rom_find_free(const z3_rom *rom, size_t need, size_t *out, z3_error *err);

/* The first place in the vanilla free blocks of `bank` where `need` bytes
 * are all $FF and accept(user, pc) agrees (the caller's own rules: bytes a
 * live structure already took, addresses it cannot use). Z3_E_NOT_FOUND
 * naming the bank and the largest run found there. */
typedef bool (*z3_free_accept)(void *user, size_t pc, size_t need);
z3_status z3_rom_find_free_in_bank(const z3_rom *rom, unsigned bank, size_t need, z3_free_accept accept, void *user,
                                   size_t *out, z3_error *err);

/* The expanded-area ranges of a ROM of `rom_size` bytes that z3ed may allocate
 * from (above 1 MiB, minus what ZScream and yaze reserve), in the order
 * z3_rom_find_free tries them; for allocators with extra rules (one bank, live
 * data) that search them themselves. Returns the count written (at most max). */
typedef struct z3_free_range {
  size_t from, to; /* [from, to) */
} z3_free_range;
size_t z3_expanded_free_ranges(size_t rom_size, z3_free_range *out, size_t max);

/* Grows the image to new_size (2 or 4 MiB for LoROM), zero-filled, and
 * updates the header's ROM size byte and the checksum. */
z3_status z3_rom_expand(z3_rom *rom, size_t new_size, z3_error *err);

#endif
