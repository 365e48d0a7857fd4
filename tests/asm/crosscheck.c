/*
 * Cross-check against an independent assembler. tests/asm/corpus.s holds every
 * 65816 opcode (and the immediate forms in both sizes) in ca65 syntax; the
 * build assembles it with ca65/ld65 (tests/asm/CMakeLists.txt). This test
 * decodes the binary from $00:8000 with flag tracking and requires, line by
 * line, the mnemonic and operand the source wrote, and the M/X sizes the
 * source's .a8/.a16/.i8/.i16 directives gave ca65. A wrong length desyncs the
 * rest, a wrong mode or size changes the operand text. It also reads ld65's
 * debug file (--dbgfile) and label file (-Ln) with our parsers: every label
 * must sit at the instruction that follows it in the source.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/disasm.h"
#include "asm/symbols.h"
#include "test.h"

typedef struct image {
  z3_buf bytes;
  uint32_t base;
} image;

static bool image_read(void *user, uint32_t address, uint8_t *byte) {
  const image *im = user;
  if (address < im->base || address - im->base >= im->bytes.len) return false;
  *byte = im->bytes.data[address - im->base];
  return true;
}

/* Lower case, no blanks, no a:/f:/z: size prefixes. */
static void normalize(const char *in, char *out, size_t cap) {
  size_t n = 0;
  for (const char *p = in; *p && n + 1 < cap; p++) {
    if (isspace((unsigned char)*p)) continue;
    if (strchr("afz", tolower((unsigned char)*p)) && p[1] == ':') {
      p++;
      continue;
    }
    out[n++] = (char)tolower((unsigned char)*p);
  }
  out[n] = '\0';
}

/* ca65 writes the signature of BRK/COP/WDM and MVN/MVP banks without or with
 * '#' where we follow the WDC data sheet; compare without it. */
static void drop_hash(const char *mnemonic, char *text) {
  static const char *const which[] = {"brk", "cop", "wdm", "mvn", "mvp"};
  bool drop = false;
  for (size_t i = 0; i < 5; i++) drop |= strcmp(mnemonic, which[i]) == 0;
  if (!drop) return;
  char *w = text;
  for (char *r = text; *r; r++)
    if (*r != '#') *w++ = *r;
  *w = '\0';
}

typedef struct checker {
  image im;
  z3_disasm_state state;
  uint32_t pc;
  bool src_m8, src_x8;
  int seen[256];       /* how often each opcode was decoded */
  int imm_sizes[256];  /* bit 0: seen 8-bit, bit 1: seen 16-bit */
  int mismatches, instructions;
  char labels[16][32];
  uint32_t label_at[16];
  int label_count;
} checker;

static void directive(checker *c, const char *line) {
  if (strncmp(line, ".a8", 3) == 0) c->src_m8 = true;
  if (strncmp(line, ".a16", 4) == 0) c->src_m8 = false;
  if (strncmp(line, ".i8", 3) == 0) c->src_x8 = true;
  if (strncmp(line, ".i16", 4) == 0) c->src_x8 = false;
}

static void check_instruction(checker *c, int line_no, const char *line) {
  char mnemonic[8] = "", want[64], have[64], text[64];
  size_t k = 0;
  while (line[k] && !isspace((unsigned char)line[k]) && k < 7) mnemonic[k] = (char)tolower((unsigned char)line[k]), k++;
  mnemonic[k] = '\0';
  normalize(line + k, want, sizeof want);
  drop_hash(mnemonic, want);
  z3_insn insn;
  uint32_t bad = 0;
  if (!z3_disasm_next(image_read, &c->im, c->pc, &c->state, &insn, &bad)) {
    print_error("corpus.s:%d: '%s': the binary ends at $%06X\n", line_no, line, bad);
    c->mismatches++;
    return;
  }
  c->instructions++;
  z3_disasm_operand_text(&insn, text, sizeof text);
  normalize(text, have, sizeof have);
  drop_hash(mnemonic, have);
  char have_mn[8];
  normalize(insn.info->mnemonic, have_mn, sizeof have_mn);
  /* the sizes matter (and the source's directives are exact) where they set the length */
  bool sizes_ok = (insn.info->mode != Z3_AM_IMMEDIATE_M || insn.m8 == c->src_m8) &&
                  (insn.info->mode != Z3_AM_IMMEDIATE_X || insn.x8 == c->src_x8);
  if (strcmp(have_mn, mnemonic) != 0 || strcmp(have, want) != 0 || !sizes_ok) {
    print_error("corpus.s:%d at $%06X: ca65 assembled '%s %s' (m%d x%d), we decoded '%s %s' (m%d x%d)\n",
                line_no, c->pc, mnemonic, want, c->src_m8 ? 8 : 16, c->src_x8 ? 8 : 16, have_mn, have,
                insn.m8 ? 8 : 16, insn.x8 ? 8 : 16);
    c->mismatches++;
  }
  c->seen[insn.opcode]++;
  bool m_or_x = insn.info->mode == Z3_AM_IMMEDIATE_M || insn.info->mode == Z3_AM_IMMEDIATE_X;
  if (m_or_x) c->imm_sizes[insn.opcode] |= insn.length == 2 ? 1 : 2;
  c->pc = z3_insn_next(&insn);
}

static void walk_source(checker *c, const char *path) {
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char line[256];
  int line_no = 0;
  while (fgets(line, sizeof line, f)) {
    line_no++;
    char *semi = strchr(line, ';');
    if (semi) *semi = '\0';
    char *p = line;
    while (isspace((unsigned char)*p)) p++;
    size_t n = strlen(p);
    while (n && isspace((unsigned char)p[n - 1])) p[--n] = '\0';
    if (n == 0 || strchr(p, '=')) continue; /* blank, or an equate */
    if (p[0] == '.') {
      directive(c, p);
    } else if (p[n - 1] == ':') {
      assert_true(c->label_count < 16);
      snprintf(c->labels[c->label_count], sizeof c->labels[0], "%.*s", (int)(n - 1), p);
      c->label_at[c->label_count++] = c->pc;
    } else {
      check_instruction(c, line_no, p);
    }
  }
  fclose(f);
}

Z3_TEST(test_crosscheck__every_opcode_matches_ca65) {
  (void)state;
  static checker c;
  memset(&c, 0, sizeof c);
  z3_error err;
  z3_error_init(&err);
  z3_buf_init(&c.im.bytes);
  assert_ok(z3_file_read(&c.im.bytes, CORPUS_BIN, 1 << 20, &err), &err);
  c.im.base = 0x008000;
  c.pc = 0x008000;
  z3_disasm_state_init(&c.state, false, false, 0x00); /* wrong on purpose: the corpus's SEP must fix it */
  c.src_m8 = c.src_x8 = true;
  walk_source(&c, CORPUS_SRC);
  assert_int_equal(c.mismatches, 0);
  assert_int_equal(c.pc - c.im.base, c.im.bytes.len); /* every byte accounted for */
  for (int op = 0; op < 256; op++) {
    if (!c.seen[op]) print_error("opcode $%02X is not in the corpus\n", op);
    assert_true(c.seen[op] > 0);
    z3_asm_mode mode = z3_opcodes[op].mode;
    if (mode == Z3_AM_IMMEDIATE_M || mode == Z3_AM_IMMEDIATE_X) assert_int_equal(c.imm_sizes[op], 3);
  }
  assert_true(c.instructions > 256);
  z3_buf_release(&c.im.bytes);
}

/* ld65's two label outputs, through our parsers, agree with the source. */
static void check_labels(const char *path, z3_symfile_format expect) {
  static checker c;
  memset(&c, 0, sizeof c);
  z3_error err;
  z3_error_init(&err);
  z3_buf_init(&c.im.bytes);
  assert_ok(z3_file_read(&c.im.bytes, CORPUS_BIN, 1 << 20, &err), &err);
  c.im.base = c.pc = 0x008000;
  z3_disasm_state_init(&c.state, true, true, 0x00);
  c.src_m8 = c.src_x8 = true;
  walk_source(&c, CORPUS_SRC);
  z3_symbols syms;
  z3_symbols_init(&syms);
  assert_ok(z3_symbols_load(&syms, path, Z3_SYMFILE_AUTO, NULL, &err), &err);
  assert_int_equal(syms.format, expect);
  assert_true(c.label_count >= 4);
  for (int i = 0; i < c.label_count; i++) {
    uint32_t at = 0;
    if (!z3_symbols_find(&syms, c.labels[i], &at)) print_error("%s: no label %s\n", path, c.labels[i]);
    assert_int_equal(at, c.label_at[i]);
    assert_string_equal(z3_symbols_name_at(&syms, c.label_at[i]), c.labels[i]);
  }
  uint32_t wram = 0;
  assert_true(z3_symbols_find(&syms, "WramVar", &wram)); /* an equate with a far address */
  assert_int_equal(wram, 0x7E0010);
  z3_symbols_release(&syms);
  z3_buf_release(&c.im.bytes);
}

Z3_TEST(test_crosscheck__ld65_debug_file_labels) {
  (void)state;
  check_labels(CORPUS_DBG, Z3_SYMFILE_CA65);
}

Z3_TEST(test_crosscheck__ld65_label_file_labels) {
  (void)state;
  check_labels(CORPUS_LBL, Z3_SYMFILE_VICE);
}

Z3_RUN(cmocka_unit_test(test_crosscheck__every_opcode_matches_ca65),
       cmocka_unit_test(test_crosscheck__ld65_debug_file_labels),
       cmocka_unit_test(test_crosscheck__ld65_label_file_labels))
