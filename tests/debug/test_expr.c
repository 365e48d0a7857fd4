/* debug/expr: conditions compute what C would, read registers, flags and
 * memory of the console, resolve labels, and name the column of an error. */
#include <string.h>

#include "../emu/bus_helpers.h"
#include "debug/expr.h"

static int64_t eval_on(z3_snes *snes, const char *text, const z3_symbols *syms, const z3_expr_access *acc) {
  z3_expr e;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_expr_compile(&e, text, syms, &err), &err);
  int64_t v = z3_expr_eval(&e, snes, acc);
  z3_expr_release(&e);
  return v;
}

static void expect_error(const char *text, const char *message) {
  z3_expr e;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_expr_compile(&e, text, NULL, &err), Z3_E_USAGE);
  if (!strstr(err.message, message)) print_error("%s\n  got: %s\n  wanted: %s\n", text, err.message, message);
  assert_non_null(strstr(err.message, message));
  assert_null(e.ops);
}

Z3_TEST(test_expr__arithmetic_and_precedence_follow_c) {
  (void)state;
  z3_snes *snes = bus_console(Z3_MAP_LOROM, 0x80000, 0);
  assert_int_equal(eval_on(snes, "1 + 2 * 3", NULL, NULL), 7);
  assert_int_equal(eval_on(snes, "(1 + 2) * 3", NULL, NULL), 9);
  assert_int_equal(eval_on(snes, "$10 | %101 ^ 0x3 & 6", NULL, NULL), 0x10 | (5 ^ (3 & 6)));
  assert_int_equal(eval_on(snes, "1 << 4 >> 2", NULL, NULL), 4);
  assert_int_equal(eval_on(snes, "-5 / 2", NULL, NULL), -2);
  assert_int_equal(eval_on(snes, "7 % 0", NULL, NULL), 0);
  assert_int_equal(eval_on(snes, "3 / 0", NULL, NULL), 0);
  assert_int_equal(eval_on(snes, "!0 && ~0 == -1 || 0", NULL, NULL), 1);
  assert_int_equal(eval_on(snes, "2 < 3 && 3 <= 3 && 4 > 3 && 3 >= 4", NULL, NULL), 0);
  assert_int_equal(eval_on(snes, "1 != 2", NULL, NULL), 1);
  z3_snes_free(snes);
}

Z3_TEST(test_expr__registers_flags_and_machine_counters) {
  (void)state;
  z3_snes *snes = bus_console(Z3_MAP_LOROM, 0x80000, 0);
  z3_cpu_regs *r = &snes->cpu.r;
  r->a = 0x1234, r->x = 7, r->y = 9, r->s = 0x1FF0, r->d = 0x0300, r->dbr = 0x7E, r->pbr = 0x02;
  r->pc = 0x8123, r->p = 0x81, r->e = false;
  assert_int_equal(eval_on(snes, "A == $1234 && x + y == 16 && sp == $1FF0 && d == $300", NULL, NULL), 1);
  assert_int_equal(eval_on(snes, "dbr == $7E && pbr == 2 && pc == $8123 && p == $81 && e == 0", NULL, NULL), 1);
  assert_int_equal(eval_on(snes, "p.n + p.c * 2 + p.z * 4 + p.m * 8", NULL, NULL), 3);
  z3_snes_advance(snes, 1364 * 3 + 10);
  assert_int_equal(eval_on(snes, "scanline", NULL, NULL), 3);
  assert_int_equal(eval_on(snes, "frame", NULL, NULL), 0);
  z3_expr_access acc = {0x7E0010, 0x42};
  assert_int_equal(eval_on(snes, "address == $7E0010 && value == $42", NULL, &acc), 1);
  assert_int_equal(eval_on(snes, "value", NULL, NULL), 0);
  z3_snes_free(snes);
}

Z3_TEST(test_expr__memory_reads_bytes_and_words_without_side_effects) {
  (void)state;
  z3_snes *snes = bus_console(Z3_MAP_LOROM, 0x80000, 0);
  snes->wram[0x10] = 0x34, snes->wram[0x11] = 0x12;
  assert_int_equal(eval_on(snes, "[$7E0010]", NULL, NULL), 0x34);
  assert_int_equal(eval_on(snes, "{$7E0010}", NULL, NULL), 0x1234);
  assert_int_equal(eval_on(snes, "[$7E0000 + $10 + 1]", NULL, NULL), 0x12);
  assert_int_equal(eval_on(snes, "[$008000]", NULL, NULL), rom_byte(0));
  snes->io.nmi_flag = true; /* a peek of $4210 must not clear it */
  (void)eval_on(snes, "[$4210]", NULL, NULL);
  assert_true(snes->io.nmi_flag);
  z3_snes_free(snes);
}

Z3_TEST(test_expr__labels_resolve_to_addresses) {
  (void)state;
  z3_snes *snes = bus_console(Z3_MAP_LOROM, 0x80000, 0);
  z3_symbols syms;
  z3_symbols_init(&syms);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_symbols_add(&syms, 0x7EF36D, "Link_Health", 11, &err), &err);
  snes->wram[0xF36D] = 0x18;
  assert_int_equal(eval_on(snes, "[Link_Health] == $18", &syms, NULL), 1);
  z3_expr e;
  assert_int_equal(z3_expr_compile(&e, "[Link_Magic]", &syms, &err), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "column 2: 'Link_Magic' is neither a register nor a loaded label"));
  z3_symbols_release(&syms);
  z3_snes_free(snes);
}

Z3_TEST(test_expr__errors_name_the_column) {
  (void)state;
  expect_error("a == 3 &&", "column 8: expected a value after '&&'");
  expect_error("", "column 1: empty condition");
  expect_error("a == (3", "column 8: expected ')'");
  expect_error("[$10", "column 5: expected ']'");
  expect_error("a = 3", "column 3: '=' is not an operator: compare with '=='");
  expect_error("a == 3 3", "column 8: unexpected '3' after a complete condition");
  expect_error("1 < 2 < 3", "comparisons do not chain");
  expect_error("q == 1", "column 1: 'q' is not a register");
  expect_error("10a", "column 1: '10a' is not a register");
  char deep[200];
  memset(deep, '(', 100);
  strcpy(deep + 100, "1");
  expect_error(deep, "nested too deeply");
  /* A long condition still names the column, quoting only what is near it. */
  char wide[400];
  memset(wide, 0, sizeof wide);
  for (int i = 0; i < 60; i++) strcat(wide, "a | ");
  strcat(wide, "a == == 1");
  expect_error(wide, "column 246: expected a value, found '=' (near '== 1')");
  char longer[1100];
  memset(longer, '1', sizeof longer - 1);
  longer[sizeof longer - 1] = 0;
  z3_expr e;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_expr_compile(&e, longer, NULL, &err), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "too long"));
}

Z3_RUN(cmocka_unit_test(test_expr__arithmetic_and_precedence_follow_c),
       cmocka_unit_test(test_expr__registers_flags_and_machine_counters),
       cmocka_unit_test(test_expr__memory_reads_bytes_and_words_without_side_effects),
       cmocka_unit_test(test_expr__labels_resolve_to_addresses),
       cmocka_unit_test(test_expr__errors_name_the_column))
