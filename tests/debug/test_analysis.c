/*
 * debug/check, analyze and references over programs of ours: checks.s holds
 * every bug pattern in a bad_* routine beside its correct good_* twin, so a
 * finding must appear exactly at the bad ones; calls.s is clean and must
 * produce none. Places are named by the programs' labels.
 */
#include <string.h>

#include "debug/check.h"
#include "debug/debug.h"
#include "debug/methods.h"
#include "test.h"

#define PROGRAMS Z3_BINARY_DIR "/tests/emu/programs/"

static z3_debug *open_program(const char *name) {
  char path[512], labels[512];
  snprintf(path, sizeof path, PROGRAMS "%s.sfc", name);
  snprintf(labels, sizeof labels, PROGRAMS "%s.lbl", name);
  z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  z3_debug *dbg;
  z3_debug_opts opts = {.trace_size = 4096};
  assert_ok(z3_debug_open(&dbg, rom, &opts, &err), &err);
  z3_rom_free(rom);
  assert_ok(z3_symbols_load(z3_debug_symbols(dbg), labels, Z3_SYMFILE_AUTO, NULL, &err), &err);
  return dbg;
}

static uint32_t label(z3_debug *dbg, const char *name) {
  uint32_t a;
  if (!z3_symbols_find(z3_debug_symbols(dbg), name, &a)) fail_msg("no label %s", name);
  return a;
}

static const z3_check_finding *find(const z3_check_report *r, z3_check_kind kind, uint32_t pc) {
  for (size_t i = 0; i < r->count; i++)
    if (r->findings[i].kind == kind && r->findings[i].pc == pc) return &r->findings[i];
  return NULL;
}

static size_t count_kind(const z3_check_report *r, z3_check_kind kind) {
  size_t n = 0;
  for (size_t i = 0; i < r->count; i++) n += r->findings[i].kind == kind;
  return n;
}

static void run_check(z3_debug *dbg, uint64_t frames, z3_check_report *r) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_debug_check(dbg, frames, r, &err), &err);
}

static void print_findings(const z3_check_report *r) {
  for (size_t i = 0; i < r->count; i++)
    print_message("  %s at $%06X: %s\n", z3_check_kind_name(r->findings[i].kind), r->findings[i].pc,
                  r->findings[i].message);
}

/* One finding of `kind`, at the label's instruction, and no other of that kind. */
static const z3_check_finding *only(z3_debug *dbg, const z3_check_report *r, z3_check_kind kind, const char *at) {
  const z3_check_finding *f = find(r, kind, label(dbg, at));
  if (!f || count_kind(r, kind) != 1) {
    print_findings(r);
    fail_msg("expected exactly one %s finding, at %s", z3_check_kind_name(kind), at);
  }
  return f;
}

Z3_TEST(test_analysis__check_finds_each_pattern_at_the_bad_routine_only) {
  (void)state;
  z3_debug *dbg = open_program("checks");
  z3_check_report r;
  run_check(dbg, 3, &r);
  assert_int_equal(r.frames, 3);
  const z3_check_finding *f = only(dbg, &r, Z3_CHECK_STACK, "bad_stack_return");
  assert_int_equal(f->routine, label(dbg, "bad_stack"));
  assert_non_null(strstr(f->message, "1 byte(s) left on the stack"));
  f = only(dbg, &r, Z3_CHECK_PHB_PLB, "bad_phb_return");
  assert_non_null(strstr(f->message, "saved the data bank $00 with PHB but returned with $7E"));
  f = only(dbg, &r, Z3_CHECK_MX_CALL, "wide_a_m8_call");
  assert_int_equal(f->address, label(dbg, "wide_a"));
  f = only(dbg, &r, Z3_CHECK_BANK_CROSS, "bad_index_read");
  assert_int_equal(f->address, 0x010008);
  f = only(dbg, &r, Z3_CHECK_ROM_WRITE, "bad_store_write");
  assert_int_equal(f->address, 0x008000);
  f = only(dbg, &r, Z3_CHECK_DMA_DISPLAY, "bad_dma_start");
  assert_int_equal(f->address, 0x2118);
  assert_true(f->line > 0 && f->line < 225);
  assert_int_equal(r.count, 6);
  z3_check_report_release(&r);
  z3_debug_free(dbg);
}

Z3_TEST(test_analysis__check_of_a_clean_program_finds_nothing_and_leaves_the_session) {
  (void)state;
  z3_debug *dbg = open_program("calls");
  z3_debug_run_frames(dbg, 2);
  z3_cpu_regs before = z3_debug_console(dbg)->cpu.r;
  uint64_t frame = z3_debug_console(dbg)->frame;
  z3_check_report r;
  run_check(dbg, 10, &r);
  print_findings(&r);
  assert_int_equal(r.count, 0);
  assert_int_equal(r.frames, 10);
  assert_true(r.instructions > 1000);
  assert_int_equal(z3_debug_console(dbg)->frame, frame);
  assert_memory_equal(&z3_debug_console(dbg)->cpu.r, &before, sizeof before);
  z3_check_report_release(&r);
  z3_debug_free(dbg);
}

Z3_RUN(cmocka_unit_test(test_analysis__check_finds_each_pattern_at_the_bad_routine_only),
       cmocka_unit_test(test_analysis__check_of_a_clean_program_finds_nothing_and_leaves_the_session))
