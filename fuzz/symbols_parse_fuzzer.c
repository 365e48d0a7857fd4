/*
 * Fuzzes the symbol-file parsers (WLA .sym, ca65 .dbg, VICE labels, Mesen
 * .mlb): the input is parsed as every format, and with format detection, with
 * and without a ROM mapping. A parse that fails must say why and keep no
 * labels; one that succeeds must give labels sorted by address, each with a
 * non-empty name and a 24-bit address that the lookup finds again. What
 * parses is exported (`labels export`) as WLA, VICE and Mesen and read back:
 * every label not skipped comes back with its whole name.
 * The text after the input's first NUL byte (or all of it) is then read as a
 * disassembly --assume list against those labels and without them: entries
 * read have a 24-bit address and flags unset or 0/1; a refusal says why.
 *
 * Seeds in fuzz/corpora/symbols_parse/: one file per format as the tools write
 * them (the ca65 ones are ld65's own output for tests/asm/corpus.s), plus
 * near-misses; regress-*: what the export check found (a name with ':'
 * written to Mesen came back cut; a mirror of work RAM comes back as $7E).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "asm/disasm.h"
#include "asm/symbols.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const z3_symbols *s) {
  for (size_t i = 0; i < s->count; i++) {
    const z3_symbol *y = &s->items[i];
    if (!y->name || !y->name[0] || y->address > 0xFFFFFFu) abort();
    if (i && y->address < s->items[i - 1].address) abort();
    if (!z3_symbols_name_at(s, y->address)) abort();
    uint32_t found;
    if (!z3_symbols_find(s, y->name, &found)) abort();
  }
}

/* s written in `to`; *skipped counts the labels left out. */
static z3_buf write_as(const z3_symbols *s, z3_symfile_format to, const z3_symbols_map *map, size_t *skipped) {
  z3_buf out;
  z3_buf_init(&out);
  if (z3_symbols_write(s, to, map, &out, skipped, NULL) != Z3_OK || *skipped > s->count) abort();
  return out;
}

/* The text read in `to` into back: what z3ed wrote must read. */
static void read_back(z3_symbols *back, const z3_buf *text, z3_symfile_format to, const z3_symbols_map *map) {
  z3_symbols_init(back);
  if (z3_symbols_parse(back, (const char *)text->data, text->len, "written", to, map, NULL) != Z3_OK) abort();
}

/* `labels export`: what is written in `to` reads back, every label written
 * with its whole name (a name the reader cuts, "Mod:Init" read as "Mod", or a
 * line it drops would show), and writing what was read is a fixed point (Mesen
 * keeps one work RAM, so a mirror's address comes back as $7E's once). */
static void check_written(const z3_symbols *s, z3_symfile_format to, const z3_symbols_map *map) {
  size_t skipped = 0, none = 0;
  z3_buf first = write_as(s, to, map, &skipped);
  z3_symbols back, again;
  read_back(&back, &first, to, map);
  if (back.count != s->count - skipped) abort();
  for (size_t i = 0; i < back.count; i++)
    if (!z3_symbols_find(s, back.items[i].name, &(uint32_t){0})) abort();
  z3_buf second = write_as(&back, to, map, &none);
  read_back(&again, &second, to, map);
  z3_buf third = write_as(&again, to, map, &none);
  if (none || third.len != second.len || (third.len && memcmp(third.data, second.data, third.len) != 0)) abort();
  z3_symbols_release(&back);
  z3_symbols_release(&again);
  z3_buf_release(&first);
  z3_buf_release(&second);
  z3_buf_release(&third);
}

static void parse_as(const uint8_t *data, size_t size, z3_symfile_format f, const z3_symbols_map *map) {
  z3_symbols s;
  z3_symbols_init(&s);
  z3_error err;
  z3_error_init(&err);
  if (z3_symbols_parse(&s, (const char *)data, size, "fuzz", f, map, &err) != Z3_OK) {
    if (!err.message[0] || s.count != 0) abort();
    return;
  }
  check(&s);
  static const z3_symbols_map lorom = {Z3_MAP_LOROM, 1u << 20};
  check_written(&s, Z3_SYMFILE_WLA, map);
  check_written(&s, Z3_SYMFILE_VICE, map);
  check_written(&s, Z3_SYMFILE_MESEN, map ? map : &lorom);
  z3_symbols_release(&s);
}

static void check_assume(const char *text, const z3_symbols *syms) {
  enum { MAX = 16 };
  z3_disasm_assume list[MAX];
  size_t n = 0;
  z3_error err;
  z3_error_init(&err);
  if (z3_disasm_parse_assume(text, syms, list, MAX, &n, &err) != Z3_OK) {
    if (!err.message[0]) abort();
    return;
  }
  if (n > MAX) abort();
  for (size_t i = 0; i < n; i++) {
    const z3_disasm_assume *a = &list[i];
    if (a->address > 0xFFFFFFu || a->m8 < -1 || a->m8 > 1 || a->x8 < -1 || a->x8 > 1 || a->e < -1 || a->e > 1) abort();
    if (a->m8 < 0 && a->x8 < 0 && a->e < 0) abort(); /* an entry sets some flag */
  }
}

static void assume_with_labels(const uint8_t *data, size_t size) {
  const uint8_t *nul = memchr(data, 0, size);
  size_t from = nul ? (size_t)(nul - data) + 1 : 0;
  char *text = malloc(size - from + 1);
  if (!text) return;
  memcpy(text, data + from, size - from);
  text[size - from] = '\0';
  z3_symbols s;
  z3_symbols_init(&s);
  z3_error err;
  z3_error_init(&err);
  static const z3_symbols_map lorom = {Z3_MAP_LOROM, 1u << 20};
  if (z3_symbols_parse(&s, (const char *)data, nul ? (size_t)(nul - data) : size, "fuzz", Z3_SYMFILE_AUTO, &lorom, &err) ==
      Z3_OK)
    check_assume(text, &s);
  check_assume(text, NULL);
  z3_symbols_release(&s);
  free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const z3_symbols_map lorom = {Z3_MAP_LOROM, 1u << 20}, exhirom = {Z3_MAP_EXHIROM, 6u << 20};
  for (int f = Z3_SYMFILE_AUTO; f <= Z3_SYMFILE_MESEN; f++) parse_as(data, size, (z3_symfile_format)f, &lorom);
  parse_as(data, size, Z3_SYMFILE_MESEN, &exhirom);
  parse_as(data, size, Z3_SYMFILE_MESEN, NULL);
  assume_with_labels(data, size);
  return 0;
}
