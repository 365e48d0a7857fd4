/*
 * asm/symbols: labels from the symbol files assemblers and emulators write.
 *
 *   wla    WLA DX .sym, as asar writes it: a [labels] section of `BB:AAAA name`;
 *          also asar's --symbols=nocash form, `00BBAAAA name`
 *   ca65   ld65 --dbgfile .dbg: `sym` lines with name=, val=, addrsize=, seg=
 *   vice   VICE label file, as ld65 -Ln writes it: `al 00AAAA .name`
 *   mesen  Mesen .mlb: `SnesPrgRom:OFFSET:name[:comment]` (Mesen 2) or
 *          `PRG:OFFSET:name` (Mesen-S), plus work RAM, save RAM and registers
 *
 * Every parser is strict inside what it reads: a line it cannot take is an
 * error naming file:line. Lines of other kinds (comments, other sections,
 * ca65's file/seg/span lines) are skipped.
 *
 * Addresses are 24-bit SNES addresses. Mesen stores ROM and save RAM labels
 * as offsets, so that format needs the ROM's mapping (`map`, may be NULL for
 * the others; a PRG label without it is an error).
 */
#ifndef Z3_ASM_SYMBOLS_H
#define Z3_ASM_SYMBOLS_H

#include "base/base.h"
#include "snes/rom.h"

typedef enum z3_symfile_format {
  Z3_SYMFILE_AUTO = 0, /* from the extension, then the content */
  Z3_SYMFILE_WLA,
  Z3_SYMFILE_CA65,
  Z3_SYMFILE_VICE,
  Z3_SYMFILE_MESEN,
} z3_symfile_format;

const char *z3_symfile_format_name(z3_symfile_format f); /* "wla", "ca65", "vice", "mesen", "auto" */

typedef struct z3_symbol {
  uint32_t address; /* 24-bit */
  char *name;
} z3_symbol;

/* Sorted by address (ties keep file order) once parsing ends. */
typedef struct z3_symbols {
  z3_symbol *items;
  size_t count, cap;
  z3_symfile_format format;
} z3_symbols;

/* How ROM offsets become addresses, for Mesen files. */
typedef struct z3_symbols_map {
  z3_mapping mapping;
  size_t rom_size;
} z3_symbols_map;

void z3_symbols_init(z3_symbols *s);
void z3_symbols_release(z3_symbols *s);

/* Guesses the format from the file name's extension and the text. */
z3_symfile_format z3_symbols_detect(const char *name, const char *text, size_t len);

/* Parses text (need not be NUL-terminated; NULL when len is 0, as an empty
 * z3_buf holds) into s, which must be initialised and empty. `name` is used in
 * messages ("name:line: ..."). On failure s is left empty. */
z3_status z3_symbols_parse(z3_symbols *s, const char *text, size_t len, const char *name,
                           z3_symfile_format format, const z3_symbols_map *map, z3_error *err);
/* Reads and parses a file (at most 64 MiB). */
z3_status z3_symbols_load(z3_symbols *s, const char *path, z3_symfile_format format,
                          const z3_symbols_map *map, z3_error *err);

/* The first label at exactly this address, or NULL. */
const char *z3_symbols_name_at(const z3_symbols *s, uint32_t address);
/* The label at or closest below address in the same bank, or NULL (names
 * "Label+3" for a byte inside a routine or table). */
const z3_symbol *z3_symbols_nearest(const z3_symbols *s, uint32_t address);
/* Looks a name up (exact, then ignoring case); false when absent. */
bool z3_symbols_find(const z3_symbols *s, const char *name, uint32_t *address);

/* Writes s in `format` (not AUTO or CA65: those are read only) into out.
 * Mesen needs the mapping for ROM labels; labels the format cannot hold (Mesen
 * places only ROM, work RAM and registers, and its names cannot hold ':', its
 * field separator) are counted in *skipped and left out. */
z3_status z3_symbols_write(const z3_symbols *s, z3_symfile_format format, const z3_symbols_map *map,
                           z3_buf *out, size_t *skipped, z3_error *err);

/* Adds one label (parsers use it; so may callers). */
z3_status z3_symbols_add(z3_symbols *s, uint32_t address, const char *name, size_t name_len,
                         z3_error *err);
/* Sorts by address; the parsers call it before returning. */
void z3_symbols_sort(z3_symbols *s);

#endif
