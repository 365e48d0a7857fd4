/* The 65816 decoder, flag tracking and formatter. Expected values come from
 * the WDC data sheet (opcode matrix, operand sizes, PC wrap inside a bank). */
#include <stdlib.h>
#include <string.h>

#include "asm/disasm.h"
#include "asm/symbols.h"
#include "test.h"

/* A sparse memory: a few bytes at chosen 24-bit addresses. */
typedef struct mem {
  uint32_t at[32];
  uint8_t value[32];
  int n;
} mem;

static void poke(mem *m, uint32_t address, const uint8_t *bytes, int n) {
  for (int i = 0; i < n; i++) {
    m->at[m->n] = (address & 0xFF0000u) | ((address + (uint32_t)i) & 0xFFFFu);
    m->value[m->n++] = bytes[i];
  }
}

static bool mem_read(void *user, uint32_t address, uint8_t *byte) {
  const mem *m = user;
  for (int i = 0; i < m->n; i++) {
    if (m->at[i] == address) {
      *byte = m->value[i];
      return true;
    }
  }
  return false;
}

static z3_insn decode(const uint8_t *bytes, int n, uint32_t address, bool m8, bool x8) {
  mem m = {0};
  poke(&m, address, bytes, n);
  z3_insn insn;
  assert_true(z3_disasm_decode(mem_read, &m, address, m8, x8, 0x00, &insn, NULL));
  return insn;
}

static void assert_text(const z3_insn *insn, const char *want) {
  char text[40];
  z3_disasm_instruction_text(insn, text, sizeof text);
  assert_string_equal(text, want);
}

Z3_TEST(test_table__every_opcode_defined_with_92_mnemonics) {
  (void)state;
  const char *seen[256];
  int distinct = 0, imm_m = 0, imm_x = 0, imm_8 = 0;
  for (int op = 0; op < 256; op++) {
    const z3_opcode *o = &z3_opcodes[op];
    assert_non_null(o->mnemonic);
    assert_int_equal(strlen(o->mnemonic), 3);
    bool known = false;
    for (int i = 0; i < distinct && !known; i++) known = strcmp(seen[i], o->mnemonic) == 0;
    if (!known) seen[distinct++] = o->mnemonic;
    imm_m += o->mode == Z3_AM_IMMEDIATE_M;
    imm_x += o->mode == Z3_AM_IMMEDIATE_X;
    imm_8 += o->mode == Z3_AM_IMMEDIATE_8;
  }
  assert_int_equal(distinct, 92); /* 56 (6502) + 8 (65C02) + 28 (65816) */
  assert_int_equal(imm_m, 8);     /* ORA AND EOR ADC BIT LDA CMP SBC */
  assert_int_equal(imm_x, 4);     /* LDY LDX CPY CPX */
  assert_int_equal(imm_8, 5);     /* BRK COP WDM REP SEP */
}

Z3_TEST(test_decode__immediate_size_follows_m_and_x) {
  (void)state;
  static const uint8_t lda[] = {0xA9, 0x34, 0x12}, ldx[] = {0xA2, 0xFF, 0x1F};
  z3_insn i = decode(lda, 3, 0x008000, true, false);
  assert_int_equal(i.length, 2);
  assert_text(&i, "LDA #$34");
  i = decode(lda, 3, 0x008000, false, true);
  assert_int_equal(i.length, 3);
  assert_text(&i, "LDA #$1234");
  i = decode(ldx, 3, 0x008000, false, true); /* X decides, not M */
  assert_int_equal(i.length, 2);
  i = decode(ldx, 3, 0x008000, true, false);
  assert_int_equal(i.length, 3);
  assert_text(&i, "LDX #$1FFF");
  static const uint8_t rep[] = {0xC2, 0x30, 0xEA}, pea[] = {0xF4, 0x00, 0x80}, mvn[] = {0x54, 0x7F, 0x7E};
  assert_int_equal(decode(rep, 3, 0x8000, false, false).length, 2); /* REP is always 8-bit */
  i = decode(pea, 3, 0x8000, true, true);
  assert_int_equal(i.length, 3);
  assert_text(&i, "PEA $8000");
  i = decode(mvn, 3, 0x8000, true, true);
  assert_text(&i, "MVN $7E,$7F"); /* stored dst, src; written src,dst */
  static const uint8_t brk[] = {0x00, 0x12}, jsl[] = {0x22, 0x56, 0x34, 0x12};
  assert_int_equal(decode(brk, 2, 0x8000, true, true).length, 2); /* signature byte */
  i = decode(jsl, 4, 0x8000, true, true);
  assert_int_equal(i.length, 4);
  assert_text(&i, "JSL $123456");
  assert_int_equal(i.target_kind, Z3_TARGET_CODE);
  assert_int_equal(i.target, 0x123456);
}

Z3_TEST(test_format__every_operand_shape) {
  (void)state;
  static const struct { uint8_t bytes[4]; const char *text; } cases[] = {
      {{0x0A}, "ASL A"},          {{0x01, 0x12}, "ORA ($12,X)"},    {{0x03, 0x12}, "ORA $12,S"},
      {{0x07, 0x12}, "ORA [$12]"}, {{0x11, 0x12}, "ORA ($12),Y"},   {{0x12, 0x12}, "ORA ($12)"},
      {{0x13, 0x12}, "ORA ($12,S),Y"}, {{0x17, 0x12}, "ORA [$12],Y"}, {{0x15, 0x12}, "ORA $12,X"},
      {{0x96, 0x12}, "STX $12,Y"}, {{0x19, 0x34, 0x12}, "ORA $1234,Y"}, {{0x1D, 0x34, 0x12}, "ORA $1234,X"},
      {{0x1F, 0x56, 0x34, 0x12}, "ORA $123456,X"}, {{0x6C, 0x34, 0x12}, "JMP ($1234)"},
      {{0x7C, 0x34, 0x12}, "JMP ($1234,X)"}, {{0xDC, 0x34, 0x12}, "JML [$1234]"},
      {{0xD4, 0x12}, "PEI ($12)"}, {{0xE2, 0x30}, "SEP #$30"}, {{0x18}, "CLC"}, {{0x42, 0x01}, "WDM #$01"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    z3_insn i = decode(cases[c].bytes, 4, 0x008000, true, true);
    assert_text(&i, cases[c].text);
  }
}

Z3_TEST(test_targets__branches_wrap_inside_the_bank) {
  (void)state;
  static const uint8_t bra_fwd[] = {0x80, 0x05}, bne_back[] = {0xD0, 0xFA}, brl[] = {0x82, 0x20, 0x00};
  z3_insn i = decode(bra_fwd, 2, 0x00FFFE, true, true); /* $FFFE + 2 + 5 = $10005 -> $00:0005 */
  assert_int_equal(i.target, 0x000005);
  assert_text(&i, "BRA $0005");
  i = decode(bne_back, 2, 0x010002, true, true); /* $0002 + 2 - 6 = -2 -> $01:FFFE */
  assert_int_equal(i.target, 0x01FFFE);
  assert_int_equal(i.info->flow, Z3_FLOW_BRANCH);
  i = decode(brl, 3, 0x02FFF0, true, true); /* $FFF0 + 3 + $20 = $10013 -> $02:0013 */
  assert_int_equal(i.target, 0x020013);
  assert_int_equal(i.target_kind, Z3_TARGET_CODE);
  static const uint8_t brl_back[] = {0x82, 0x00, 0x80}, per[] = {0x62, 0xFD, 0xFF};
  i = decode(brl_back, 3, 0x058000, true, true); /* $8000 + 3 - $8000 = $0003 */
  assert_int_equal(i.target, 0x050003);
  i = decode(per, 3, 0x058000, true, true); /* PER -3: its own address */
  assert_int_equal(i.target, 0x058000);
  assert_int_equal(i.target_kind, Z3_TARGET_DATA);
}

Z3_TEST(test_targets__jumps_use_the_program_bank_data_the_data_bank) {
  (void)state;
  mem m = {0};
  static const uint8_t jmp[] = {0x4C, 0x34, 0x12}, jsr_ind[] = {0xFC, 0x00, 0x90}, jmp_ind[] = {0x6C, 0x00, 0x90},
                       lda[] = {0xAD, 0x10, 0x00};
  poke(&m, 0x058000, jmp, 3);
  poke(&m, 0x058003, jsr_ind, 3);
  poke(&m, 0x058006, jmp_ind, 3);
  poke(&m, 0x058009, lda, 3);
  z3_insn i;
  assert_true(z3_disasm_decode(mem_read, &m, 0x058000, true, true, 0x7E, &i, NULL));
  assert_int_equal(i.target, 0x051234);
  assert_int_equal(i.target_kind, Z3_TARGET_CODE);
  assert_true(z3_disasm_decode(mem_read, &m, 0x058003, true, true, 0x7E, &i, NULL));
  assert_int_equal(i.target, 0x059000); /* (abs,X) reads its pointer in the program bank */
  assert_int_equal(i.target_kind, Z3_TARGET_POINTER);
  assert_true(z3_disasm_decode(mem_read, &m, 0x058006, true, true, 0x7E, &i, NULL));
  assert_int_equal(i.target, 0x009000); /* (abs) reads it in bank 0 */
  assert_true(z3_disasm_decode(mem_read, &m, 0x058009, true, true, 0x7E, &i, NULL));
  assert_int_equal(i.target, 0x7E0010);
  assert_int_equal(i.target_kind, Z3_TARGET_DATA);
}

Z3_TEST(test_decode__operand_wraps_and_unmapped_bytes_fail) {
  (void)state;
  mem m = {0};
  static const uint8_t lda[] = {0xAD, 0x34, 0x12};
  poke(&m, 0x00FFFF, lda, 3); /* opcode at $FFFF, operand at $00:0000-$0001 */
  z3_insn i;
  assert_true(z3_disasm_decode(mem_read, &m, 0x00FFFF, true, true, 0, &i, NULL));
  assert_int_equal(i.operand, 0x1234);
  assert_int_equal(z3_insn_next(&i), 0x000002);
  uint32_t bad = 0;
  mem short_mem = {0};
  poke(&short_mem, 0x008000, lda, 2);
  assert_false(z3_disasm_decode(mem_read, &short_mem, 0x008000, true, true, 0, &i, &bad));
  assert_int_equal(bad, 0x008002);
  assert_int_equal(i.length, 2);
}

/* Runs a byte stream through decode + track and returns each length. */
static int listing_lengths(const uint8_t *bytes, int n, z3_disasm_state *s, int *lengths) {
  mem m = {0};
  poke(&m, 0x008000, bytes, n);
  uint32_t pc = 0x008000;
  int count = 0;
  z3_insn i;
  while (z3_disasm_next(mem_read, &m, pc, s, &i, NULL)) {
    lengths[count++] = i.length;
    pc = z3_insn_next(&i);
  }
  return count;
}

Z3_TEST(test_track__rep_sep_php_plp) {
  (void)state;
  static const uint8_t code[] = {
      0xC2, 0x30,       /* REP #$30      m16 x16 */
      0xA9, 0x00, 0x00, /* LDA #$0000 */
      0x08,             /* PHP            saves m16 x16 */
      0xE2, 0x20,       /* SEP #$20      m8 */
      0xA9, 0x00,       /* LDA #$00 */
      0xA2, 0x00, 0x00, /* LDX #$0000     X still 16 */
      0x28,             /* PLP            back to m16 */
      0xA9, 0x00, 0x00, /* LDA #$0000 */
      0x28,             /* PLP with nothing pushed: sizes stay */
      0xA0, 0x00, 0x00, /* LDY #$0000 */
  };
  z3_disasm_state s;
  z3_disasm_state_init(&s, true, true, 0);
  int len[16];
  int n = listing_lengths(code, sizeof code, &s, len);
  static const int want[] = {2, 3, 1, 2, 2, 3, 1, 3, 1, 3};
  assert_int_equal(n, 10);
  for (int k = 0; k < n; k++) assert_int_equal(len[k], want[k]);
}

Z3_TEST(test_track__xce_needs_a_known_carry) {
  (void)state;
  static const uint8_t code[] = {
      0x38, 0xFB,       /* SEC; XCE      emulation: M and X forced to 1 */
      0xC2, 0x30,       /* REP #$30      no effect in emulation mode */
      0xA9, 0x00,       /* LDA #$00 */
      0x18, 0xFB,       /* CLC; XCE      native again, still 8-bit */
      0xA9, 0x00,       /* LDA #$00 */
      0xC2, 0x30,       /* REP #$30 */
      0xA9, 0x00, 0x00, /* LDA #$0000 */
      0x69, 0x01, 0x00, /* ADC #$0001    carry now unknown */
      0xFB,             /* XCE           mode unknown: kept native */
      0xA2, 0x00, 0x00, /* LDX #$0000 */
  };
  z3_disasm_state s;
  z3_disasm_state_init(&s, false, false, 0);
  int len[16];
  int n = listing_lengths(code, sizeof code, &s, len);
  static const int want[] = {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 1, 3};
  assert_int_equal(n, 12);
  for (int k = 0; k < n; k++) assert_int_equal(len[k], want[k]);
  assert_false(s.e);
}

Z3_TEST(test_track__sample_reset_routine) {
  (void)state;
  /* SEI; CLC; XCE; REP #$30; LDX #$1FFF; TXS; STZ $4200; BRA self; RTI */
  static const uint8_t code[] = {0x78, 0x18, 0xFB, 0xC2, 0x30, 0xA2, 0xFF, 0x1F, 0x9A,
                                 0x9C, 0x00, 0x42, 0x80, 0xFE, 0x40};
  mem m = {0};
  poke(&m, 0x008000, code, sizeof code);
  z3_disasm_state s;
  z3_disasm_state_init(&s, true, true, 0x00);
  s.e = true; /* as after reset */
  static const char *const want[] = {"SEI", "CLC", "XCE", "REP #$30", "LDX #$1FFF", "TXS",
                                     "STZ $4200", "BRA $800C", "RTI"};
  uint32_t pc = 0x008000;
  for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
    z3_insn i;
    assert_true(z3_disasm_next(mem_read, &m, pc, &s, &i, NULL));
    assert_text(&i, want[k]);
    pc = z3_insn_next(&i);
  }
  assert_int_equal(pc, 0x00800F);
}

Z3_TEST(test_format_line__columns_and_labels) {
  (void)state;
  z3_symbols syms;
  z3_symbols_init(&syms);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_symbols_add(&syms, 0x008000, "Reset", 5, &err), &err);
  assert_ok(z3_symbols_add(&syms, 0x7E0010, "Module", 6, &err), &err);
  z3_symbols_sort(&syms);
  static const uint8_t bra[] = {0x80, 0xFE}, lda[] = {0xAD, 0x10, 0x00};
  z3_insn i = decode(bra, 2, 0x008000, true, true);
  z3_buf line;
  z3_buf_init(&line);
  assert_ok(z3_disasm_format_line(&i, &syms, &line, &err), &err);
  const char *text = (const char *)line.data;
  assert_non_null(strstr(text, "$00:8000"));
  assert_non_null(strstr(text, "80 FE"));
  assert_non_null(strstr(text, "BRA $8000"));
  assert_non_null(strstr(text, "Reset:"));
  assert_non_null(strstr(text, "; $00:8000 Reset"));
  assert_true(strstr(text, "80 FE") < strstr(text, "BRA") && strstr(text, "BRA") < strstr(text, "Reset:"));
  line.len = 0;
  i = decode(lda, 3, 0x018000, true, true); /* data bank 0: $0010 is low RAM, i.e. $7E:0010 */
  assert_ok(z3_disasm_format_line(&i, &syms, &line, &err), &err);
  assert_non_null(strstr((const char *)line.data, "Module"));
  assert_string_equal(z3_disasm_target_label(&i, &syms), "Module");
  /* a label longer than a line: cut, never past the line buffer */
  char long_name[300];
  memset(long_name, 'L', sizeof long_name);
  assert_ok(z3_symbols_add(&syms, 0x018000, long_name, sizeof long_name, &err), &err);
  z3_symbols_sort(&syms);
  line.len = 0;
  assert_ok(z3_disasm_format_line(&i, &syms, &line, &err), &err);
  assert_true(line.len > 44 && line.len < 200);
  assert_int_equal(strlen((const char *)line.data), line.len);
  z3_buf_release(&line);
  z3_symbols_release(&syms);
}

Z3_TEST(test_assume__overrides_at_addresses) {
  (void)state;
  z3_disasm_assume list[4];
  size_t n = 0;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_disasm_parse_assume("$00:8005=m16,x16; 0x018000=emu ;02:9000=native,m8", NULL, list, 4, &n, &err), &err);
  assert_int_equal(n, 3);
  assert_int_equal(list[0].address, 0x008005);
  assert_int_equal(list[1].address, 0x018000);
  assert_int_equal(list[2].address, 0x029000);
  z3_disasm_state s;
  z3_disasm_state_init(&s, true, true, 0);
  z3_disasm_apply_assume(&s, list, n, 0x008004); /* no entry there */
  assert_true(s.m8 && s.x8);
  z3_disasm_apply_assume(&s, list, n, 0x008005);
  assert_false(s.m8 || s.x8);
  z3_disasm_apply_assume(&s, list, n, 0x018000); /* emulation forces 8-bit */
  assert_true(s.e && s.m8 && s.x8);
  z3_disasm_apply_assume(&s, list, n, 0x029000);
  assert_false(s.e);
  assert_true(s.m8);
  static const char *const bad[] = {"$00:8005", "$00:8005=", "$00:8005=m32", "=m8", "Nowhere=m8"};
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    z3_error_init(&err);
    assert_int_equal(z3_disasm_parse_assume(bad[k], NULL, list, 4, &n, &err), Z3_E_USAGE);
    assert_non_null(strstr(err.message, "--assume"));
  }
  z3_error_init(&err);
  assert_int_equal(z3_disasm_parse_assume("0=m8;1=m8;2=m8", NULL, list, 2, &n, &err), Z3_E_USAGE);
  z3_symbols syms;
  z3_symbols_init(&syms);
  assert_ok(z3_symbols_add(&syms, 0x03A000, "Handler", 7, &err), &err);
  assert_ok(z3_disasm_parse_assume("Handler=x16", &syms, list, 4, &n, &err), &err);
  assert_int_equal(list[0].address, 0x03A000);
  assert_int_equal(list[0].m8, -1);
  assert_int_equal(list[0].x8, 0);
  z3_symbols_release(&syms);
}

static bool rom_read(void *user, uint32_t address, uint8_t *byte) {
  const z3_rom *rom = user;
  size_t offset;
  if (z3_rom_to_pc(rom, address, &offset, NULL) != Z3_OK || offset >= rom->data.len) return false;
  *byte = rom->data.data[offset];
  return true;
}

/* A reset handler starts with SEI and enters native mode with CLC; XCE early
 * on (true of the sample ROM and of the game). */
static void check_reset_routine(const char *path) {
  z3_rom *rom = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  uint32_t pc = h.emu_vectors[Z3_VEC_RESET];
  z3_disasm_state s;
  z3_disasm_state_init(&s, true, true, 0);
  s.e = true;
  bool clc_xce = false;
  uint8_t previous = 0;
  for (int k = 0; k < 24 && !clc_xce; k++) {
    z3_insn i;
    assert_true(z3_disasm_next(rom_read, rom, pc, &s, &i, NULL));
    if (k == 0) assert_string_equal(i.info->mnemonic, "SEI");
    clc_xce = previous == 0x18 && i.opcode == 0xFB;
    previous = i.opcode;
    pc = z3_insn_next(&i);
  }
  assert_true(clc_xce);
  assert_false(s.e);
  z3_rom_free(rom);
}

Z3_TEST(test_rom__reset_routine_of_the_sample) {
  (void)state;
  check_reset_routine(Z3_SAMPLE);
}

Z3_TEST(test_rom__reset_routine_of_the_game) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path || !*path) skip();
  check_reset_routine(path);
}

Z3_RUN(cmocka_unit_test(test_rom__reset_routine_of_the_sample),
       cmocka_unit_test(test_rom__reset_routine_of_the_game),
       cmocka_unit_test(test_assume__overrides_at_addresses),
       cmocka_unit_test(test_table__every_opcode_defined_with_92_mnemonics),
       cmocka_unit_test(test_decode__immediate_size_follows_m_and_x),
       cmocka_unit_test(test_format__every_operand_shape),
       cmocka_unit_test(test_targets__branches_wrap_inside_the_bank),
       cmocka_unit_test(test_targets__jumps_use_the_program_bank_data_the_data_bank),
       cmocka_unit_test(test_decode__operand_wraps_and_unmapped_bytes_fail),
       cmocka_unit_test(test_track__rep_sep_php_plp),
       cmocka_unit_test(test_track__xce_needs_a_known_carry),
       cmocka_unit_test(test_track__sample_reset_routine),
       cmocka_unit_test(test_format_line__columns_and_labels))
