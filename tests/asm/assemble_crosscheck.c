/*
 * The assembler against an independent one: tests/asm/corpus.s (every 65816
 * opcode, immediates in both sizes) is assembled by ca65/ld65 at build time
 * (tests/asm/CMakeLists.txt). This test rewrites each line into asar syntax
 * (ca65's a:/f:/z: prefixes become .w/.l/.b suffixes; the .a8/.a16/.i8/.i16
 * directives become .b/.w on the immediates they govern), assembles the result
 * with ours at $00:8000 and requires the same bytes, byte for byte (the
 * disassembler's crosscheck already proves the corpus holds all 256 opcodes).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "asm/assembler.h"
#include "asm/disasm.h"
#include "test.h"

static bool has_mode(const char *mn, z3_asm_mode mode) {
  for (int i = 0; i < 256; i++)
    if (z3_opcodes[i].mode == mode && strcasecmp(z3_opcodes[i].mnemonic, mn) == 0) return true;
  return false;
}

/* One ca65 line to asar syntax, appended to out. */
static void convert(const char *line, bool *m8, bool *x8, z3_buf *out) {
  char text[256];
  snprintf(text, sizeof text, "%s", line);
  char *semi = strchr(text, ';');
  if (semi) *semi = '\0';
  char *p = text;
  while (isspace((unsigned char)*p)) p++;
  if (*p == '.') {
    if (strncmp(p, ".a8", 3) == 0) *m8 = true;
    if (strncmp(p, ".a16", 4) == 0) *m8 = false;
    if (strncmp(p, ".i8", 3) == 0) *x8 = true;
    if (strncmp(p, ".i16", 4) == 0) *x8 = false;
    return;
  }
  if (!*p) return;
  if (strchr(p, ':') && !strchr(p, ' ')) {
    z3_buf_printf(out, "%s\n", p);
    return;
  }
  char mn[8] = "";
  int n = 0;
  while (isalpha((unsigned char)p[n]) && n < 7) mn[n] = p[n], n++;
  mn[n] = '\0';
  char *operand = p + n;
  while (isspace((unsigned char)*operand)) operand++;
  const char *suffix = "";
  char *prefix = strstr(operand, ":");
  if (prefix && prefix > operand && strchr("afz", prefix[-1])) {
    suffix = prefix[-1] == 'a' ? ".w" : prefix[-1] == 'f' ? ".l" : ".b";
    memmove(prefix - 1, prefix + 1, strlen(prefix));
  }
  if (operand[0] == '#' && has_mode(mn, Z3_AM_IMMEDIATE_M)) suffix = *m8 ? ".b" : ".w";
  if (operand[0] == '#' && has_mode(mn, Z3_AM_IMMEDIATE_X)) suffix = *x8 ? ".b" : ".w";
  z3_buf_printf(out, "  %s%s %s\n", mn, suffix, operand);
}

Z3_TEST(test_corpus_matches_ca65) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  z3_buf src, bin, patch;
  z3_buf_init(&src);
  z3_buf_init(&bin);
  z3_buf_init(&patch);
  assert_ok(z3_file_read(&src, CORPUS_SRC, 1 << 20, &err), &err);
  assert_ok(z3_file_read(&bin, CORPUS_BIN, 1 << 20, &err), &err);
  z3_buf_printf(&patch, "lorom\norg $008000\n");
  bool m8 = true, x8 = true;
  char *text = z3_malloc(src.len + 1);
  memcpy(text, src.data, src.len);
  text[src.len] = '\0';
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) convert(line, &m8, &x8, &patch);
  z3_free(text);

  z3_asm_options o = {.mapping = Z3_MAP_LOROM};
  z3_asm_result r;
  z3_asm_result_init(&r);
  assert_ok(z3_asm_assemble("corpus.asm", (const char *)patch.data, patch.len, &o, &r, &err), &err);
  assert_int_equal(r.chunk_count, 1);
  assert_int_equal(r.chunks[0].address, 0x008000);
  if (r.bytes.len != bin.len) print_error("ours: %zu bytes, ca65: %zu bytes\n", r.bytes.len, bin.len);
  size_t n = r.bytes.len < bin.len ? r.bytes.len : bin.len;
  for (size_t i = 0; i < n; i++)
    if (r.bytes.data[i] != bin.data[i]) {
      print_error("first difference at $00:%04zX: ours %02X, ca65 %02X\n", 0x8000 + i, r.bytes.data[i], bin.data[i]);
      break;
    }
  assert_int_equal(r.bytes.len, bin.len);
  assert_memory_equal(r.bytes.data, bin.data, bin.len);

  z3_asm_result_release(&r);
  z3_buf_release(&src);
  z3_buf_release(&bin);
  z3_buf_release(&patch);
}

Z3_RUN(cmocka_unit_test(test_corpus_matches_ca65))
