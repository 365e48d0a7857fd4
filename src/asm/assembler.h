/*
 * asm/assembler: a 65816 assembler for asar-syntax patches.
 *
 * The source is interpreted line by line, as asar does, once per pass: defines,
 * macros and conditionals are expanded anew each pass, so a define may change
 * half-way through a file. Labels keep the value of the previous pass until
 * they are defined again; operand widths follow label values, so passes repeat
 * until every label is where the previous pass put it (and every freespace
 * block has room). Errors that depend on values (undefined labels, branches out
 * of range, `error`, `assert`) are reported only from that settled pass.
 *
 * Nothing touches a ROM here: the result is a list of writes (file offsets and
 * bytes) the caller applies through its change log, the labels, the messages
 * of print/warn, and the freespace blocks autoclean found to release.
 *
 * Files: incsrc/incbin read only inside options->root (after resolving
 * symlinks and ".."); without a root every include is refused.
 */
#ifndef Z3_ASM_ASSEMBLER_H
#define Z3_ASM_ASSEMBLER_H

#include "asm/symbols.h"
#include "base/base.h"
#include "snes/rom.h"

/* Finds `need` free bytes in the ROM (inside one bank when `one_bank`) that no
 * earlier call returned; the offset is the start of the block. */
typedef z3_status (*z3_asm_alloc_fn)(void *user, size_t need, bool one_bank, size_t *offset,
                                     z3_error *err);

typedef struct z3_asm_options {
  const char *root;           /* folder includes may read from; NULL: includes refused */
  z3_mapping mapping;         /* until the patch says lorom/hirom/... */
  const uint8_t *rom;         /* the image being patched, or NULL (org-only patches) */
  size_t rom_size;
  const char *rom_title;      /* for `check title`; NULL when there is no ROM */
  z3_asm_alloc_fn alloc;      /* freespace; NULL: freespace is an error */
  void *alloc_user;
} z3_asm_options;

/* One run of bytes to write: result->bytes[start .. start+len) at `offset`. */
typedef struct z3_asm_chunk {
  size_t offset;    /* in the headerless image */
  uint32_t address; /* SNES address of the first byte */
  size_t start, len;
} z3_asm_chunk;

/* A block an earlier application of the patch left, released by autoclean. */
typedef struct z3_asm_range {
  size_t offset, len;
} z3_asm_range;

typedef struct z3_asm_text_list {
  char **items;
  size_t count, cap;
} z3_asm_text_list;

typedef struct z3_asm_result {
  z3_buf bytes;
  z3_asm_chunk *chunks;
  size_t chunk_count, chunk_cap;
  z3_symbols labels;          /* global and sub labels (not anonymous ones) */
  z3_asm_text_list prints, warnings;
  z3_asm_range *cleans;       /* to fill with $00 before the writes */
  size_t clean_count, clean_cap;
  z3_asm_range *freespace;    /* blocks allocated, RATS tag included */
  size_t freespace_count, freespace_cap;
  int passes;
  int lines;                  /* source lines read in the last pass */
} z3_asm_result;

void z3_asm_result_init(z3_asm_result *r);
void z3_asm_result_release(z3_asm_result *r);

/* Assembles `text` (need not be NUL-terminated); `name` is the file name used
 * in messages and the folder includes resolve against (relative to root). */
z3_status z3_asm_assemble(const char *name, const char *text, size_t len,
                          const z3_asm_options *options, z3_asm_result *out, z3_error *err);
/* Reads the file (it must lie inside options->root when root is set). */
z3_status z3_asm_assemble_file(const char *path, const z3_asm_options *options,
                               z3_asm_result *out, z3_error *err);

/* WLA DX .sym text ([labels] then `BB:AAAA name` lines), as asar writes it. */
z3_status z3_asm_write_sym(const z3_asm_result *r, z3_buf *out, z3_error *err);

#endif
