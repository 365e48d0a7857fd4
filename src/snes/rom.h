/*
 * snes/rom: a SNES ROM image in memory, its mapping, internal header,
 * checksum, and the change log every edit goes through.
 *
 * Invariants:
 *  - rom->data holds the image without any copier header; the 512 stripped
 *    bytes are kept in rom->copier_header and written back by z3_rom_save so
 *    saving never silently changes the file's layout.
 *  - Every edit goes through z3_rom_write, which records offset, old bytes,
 *    new bytes and a reason in rom->changes. That log is what --dry-run
 *    prints, what a proposal stores and what a review shows.
 *  - "offset" means a byte offset in the headerless image (PC offset);
 *    "address" means a 24-bit SNES CPU address ($BB:AAAA).
 *
 * Ownership: z3_rom_load/z3_rom_from_memory hand the caller a z3_rom that is
 * released with z3_rom_free. Header structs are plain values.
 */
#ifndef Z3_SNES_ROM_H
#define Z3_SNES_ROM_H

#include "base/base.h"

#define Z3_ROM_MAX_SIZE (16u << 20)  /* largest image z3ed accepts (ExHiROM tops out at 8 MiB) */
#define Z3_ROM_MIN_SIZE 0x8000u      /* one LoROM bank: the smallest image holding a header */
#define Z3_COPIER_HEADER_SIZE 512u

typedef enum z3_mapping {
  Z3_MAP_LOROM = 0,
  Z3_MAP_HIROM = 1,
  Z3_MAP_EXLOROM = 2,
  Z3_MAP_EXHIROM = 3,
} z3_mapping;
enum { Z3_MAP_COUNT = 4 };

const char *z3_mapping_name(z3_mapping m); /* "LoROM", "HiROM", "ExLoROM", "ExHiROM" */
/* Accepts the names above case-insensitively. */
bool z3_mapping_parse(const char *name, z3_mapping *out);
/* File offset of the header base ($FFC0) for a mapping: 0x7FC0, 0xFFC0, 0x407FC0, 0x40FFC0. */
size_t z3_mapping_header_offset(z3_mapping m);
/* Bytes per bank as the mapping lays the image out: 32 KiB (Lo) or 64 KiB (Hi). */
size_t z3_mapping_bank_size(z3_mapping m);

/* Conversions for an image of `size` bytes. Addresses outside ROM, or
 * landing past the end of the image, are errors naming the address. */
z3_status z3_snes_to_pc(z3_mapping m, size_t size, uint32_t address, size_t *out, z3_error *err);
z3_status z3_pc_to_snes(z3_mapping m, size_t size, size_t offset, uint32_t *out, z3_error *err);
/* Parses "$BB:AAAA", "BB:AAAA", "0xBBAAAA" or "$BBAAAA". */
bool z3_snes_parse_address(const char *text, uint32_t *out);
/* Formats as "$BB:AAAA" into out[10]. */
void z3_snes_format_address(uint32_t address, char out[10]);

/* The internal header, every field (data reference §1.3). */
typedef struct z3_rom_header {
  char title[22];            /* 21 raw bytes, NUL-terminated; may hold non-ASCII */
  uint8_t map_mode;          /* $FFD5 */
  bool fast_rom;             /* bit 4 of map_mode */
  uint8_t cart_type;         /* $FFD6 */
  uint8_t rom_size_code;     /* $FFD7: 1 << N KiB */
  uint8_t sram_size_code;    /* $FFD8 */
  uint8_t region;            /* $FFD9 destination code */
  uint8_t developer_id;      /* $FFDA; $33 = extended header present */
  uint8_t version;           /* $FFDB */
  uint16_t complement;       /* $FFDC */
  uint16_t checksum;         /* $FFDE */
  bool has_extended;
  char maker_code[3];        /* $FFB0, when has_extended */
  char game_code[5];         /* $FFB2 */
  uint8_t expansion_ram_code;/* $FFBD */
  uint8_t special_version;   /* $FFBE */
  uint8_t cart_subtype;      /* $FFBF */
  uint16_t native_vectors[6];/* $FFE4 COP, BRK, ABORT, NMI, (unused), IRQ */
  uint16_t emu_vectors[6];   /* $FFF4 COP, (unused), ABORT, NMI, RESET, IRQ/BRK */
} z3_rom_header;

enum { Z3_VEC_COP = 0, Z3_VEC_BRK = 1, Z3_VEC_ABORT = 2, Z3_VEC_NMI = 3, Z3_VEC_RESET = 4,
       Z3_VEC_IRQ = 5 };

const char *z3_region_name(uint8_t code);       /* "USA / Canada", or NULL when unknown */
const char *z3_region_video(uint8_t code);      /* "NTSC", "PAL", or NULL */
const char *z3_cart_type_name(uint8_t code, char buf[64]);

/* One recorded edit. */
typedef struct z3_change {
  size_t offset;
  size_t old_len;            /* differs from new_len only for a resize */
  size_t new_len;
  uint8_t *old_bytes;
  uint8_t *new_bytes;
  char *reason;
} z3_change;

typedef struct z3_rom {
  z3_buf data;                        /* headerless image */
  char *path;                         /* where it was loaded from, or NULL */
  bool has_copier_header;
  uint8_t copier_header[Z3_COPIER_HEADER_SIZE];
  z3_mapping mapping;
  int mapping_score;                  /* score of the chosen header; 0 = nothing plausible */
  int scores[Z3_MAP_COUNT];           /* every candidate's score, -1 = image too small */
  z3_change *changes;
  size_t change_count;
  size_t change_cap;
  z3_file_mapping mapped;             /* when data lies in a file mapping (z3_rom_load_mapped) */
} z3_rom;

z3_status z3_rom_load(z3_rom **out, const char *path, z3_error *err);
/* Same result, the image a private copy-on-write mapping of the file instead of a
 * copy on the heap (see z3_file_map: the caller handles SIGBUS). Edits and resizes
 * work as usual; the file is never written through it. */
z3_status z3_rom_load_mapped(z3_rom **out, const char *path, z3_error *err);
/* Same checks as z3_rom_load; `name` is used in messages. */
z3_status z3_rom_from_memory(z3_rom **out, const uint8_t *data, size_t len, const char *name,
                             z3_error *err);
void z3_rom_free(z3_rom *rom);
/* A file of this size carries a 512-byte copier header (size % 32 KiB == 512). */
bool z3_rom_has_copier_header(size_t len);

/* Scores the four candidate headers and sets mapping, mapping_score, scores. */
void z3_rom_detect_mapping(z3_rom *rom);
z3_status z3_rom_to_pc(const z3_rom *rom, uint32_t address, size_t *out, z3_error *err);
z3_status z3_rom_to_snes(const z3_rom *rom, size_t offset, uint32_t *out, z3_error *err);

void z3_rom_read_header(const z3_rom *rom, z3_rom_header *out);
size_t z3_rom_header_offset(const z3_rom *rom);

/* Editable header fields by name: "title", "map_mode", "cart_type", "rom_size",
 * "sram_size", "region", "developer_id", "version", "maker_code", "game_code".
 * NULL-terminated. */
extern const char *const z3_header_field_names[];
/* Sets one field from text (numbers in decimal or hex; region also by name;
 * title as printable ASCII, space-padded to 21). Goes through the change log;
 * does not touch the checksum. */
z3_status z3_rom_set_header_field(z3_rom *rom, const char *field, const char *value,
                                  z3_error *err);

/* Checksum of the image as the hardware sees it, sizes that are not a power
 * of two mirrored (§1.4), with the stored checksum/complement pair counted as
 * a valid pair ($FFFF/$0000) so the result is what the header should hold. */
uint16_t z3_rom_compute_checksum(const z3_rom *rom);
/* True when the stored pair matches the computed checksum. */
bool z3_rom_checksum_ok(const z3_rom *rom);
/* The same, for a checksum the caller already computed (summing 1 MiB costs). */
bool z3_rom_checksum_matches(const z3_rom *rom, uint16_t computed);
/* Writes checksum and complement through the change log. */
z3_status z3_rom_fix_checksum(z3_rom *rom, z3_error *err);

/* One entry per bank (bank size from the mapping). */
typedef struct z3_bank_sum {
  uint32_t bank;     /* bank number as the mapping's PC->SNES form gives it */
  size_t offset;
  size_t size;
  uint16_t sum16;
  uint32_t crc32;
} z3_bank_sum;
/* *out is the caller's (z3_free). */
z3_status z3_rom_bank_sums(const z3_rom *rom, z3_bank_sum **out, size_t *count, z3_error *err);

/* The single way to change bytes: bounds-checked, recorded with old bytes.
 * Bytes equal to what is already there are still recorded but flagged by
 * z3_change_is_noop; the dry-run report leaves them out. */
z3_status z3_rom_write(z3_rom *rom, size_t offset, const void *bytes, size_t len,
                       const char *reason, z3_error *err);
/* The next run of bytes at or after *at where `old` and `neu` (n bytes each)
 * differ: [*start, *end), runs separated by fewer than `merge_gap` equal bytes
 * joined (SIZE_MAX: one span from the first difference to the last). Advances
 * *at past the run; false when nothing differs any more. */
bool z3_diff_run_next(const uint8_t *old, const uint8_t *neu, size_t n, size_t merge_gap, size_t *at,
                      size_t *start, size_t *end);
/* Writes only the runs of `bytes` that differ from what the ROM holds (one
 * change each, see z3_diff_run_next), so the change log shows the edit rather
 * than a whole re-encoded structure. A range past the end is refused as
 * z3_rom_write refuses it. */
z3_status z3_rom_write_changed(z3_rom *rom, size_t offset, const void *bytes, size_t len, size_t merge_gap,
                               const char *reason, z3_error *err);
/* Grows or shrinks the image, recorded as a change of the tail. */
z3_status z3_rom_resize(z3_rom *rom, size_t new_size, const char *reason, z3_error *err);
bool z3_change_is_noop(const z3_change *c);
/* Number of bytes whose value differs, over all recorded changes. */
size_t z3_rom_bytes_changed(const z3_rom *rom);
/* The same over changes[first ..]: one command's share of a log that an
 * editor keeps across many commands. */
size_t z3_rom_bytes_changed_since(const z3_rom *rom, size_t first);

/* Serialises (copier header put back when the ROM had one) and writes atomically. */
z3_status z3_rom_save(const z3_rom *rom, const char *path, const z3_write_opts *opts,
                      z3_error *err);

#endif
