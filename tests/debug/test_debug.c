/*
 * debug/debug: a session over a program of ours (tests/emu/programs/calls.s)
 * stops where its breakpoints, watchpoints and stepping rules say, reports
 * why, and keeps the call stack and trace the program's calls imply. Places
 * are named by the program's labels (calls.lbl, written by ld65).
 */
#include <string.h>

#include "debug/debug.h"
#include "debug/methods.h"
#include "test.h"

#define PROGRAMS Z3_BINARY_DIR "/tests/emu/programs/"

typedef struct fixture {
  z3_debug *dbg;
  z3_error err;
} fixture;

static z3_debug *open_calls(size_t trace) {
  z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_load(&rom, PROGRAMS "calls.sfc", &err), &err);
  z3_debug *dbg;
  z3_debug_opts opts = {.trace_size = trace};
  assert_ok(z3_debug_open(&dbg, rom, &opts, &err), &err);
  z3_rom_free(rom);
  assert_ok(z3_symbols_load(z3_debug_symbols(dbg), PROGRAMS "calls.lbl", Z3_SYMFILE_AUTO, NULL, &err), &err);
  return dbg;
}

static uint32_t label(z3_debug *dbg, const char *name) {
  uint32_t a;
  if (!z3_symbols_find(z3_debug_symbols(dbg), name, &a)) fail_msg("no label %s", name);
  return a;
}

static uint32_t pc24(z3_debug *dbg) {
  const z3_cpu *cpu = &z3_debug_console(dbg)->cpu;
  return (uint32_t)cpu->r.pbr << 16 | cpu->r.pc;
}

static unsigned add_break(z3_debug *dbg, z3_bp_kind kind, uint32_t addr, const char *cond, uint64_t after) {
  unsigned id;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_debug_break_add(dbg, kind, addr, addr, cond, after, &id, &err), &err);
  return id;
}

Z3_TEST(test_debug__no_breakpoints_no_hook) {
  (void)state;
  z3_debug *dbg = open_calls(0);
  assert_null(z3_debug_console(dbg)->cpu.hook);
  assert_null(z3_debug_console(dbg)->watch_pages);
  unsigned id = add_break(dbg, Z3_BP_EXEC, label(dbg, "inner"), NULL, 0);
  assert_non_null(z3_debug_console(dbg)->cpu.hook);
  assert_non_null(z3_debug_console(dbg)->cpu.hook_filter); /* only the breakpoint's PCs */
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_debug_break_delete(dbg, id, &err), &err);
  assert_null(z3_debug_console(dbg)->cpu.hook);
  assert_int_equal(z3_debug_break_delete(dbg, id, &err), Z3_E_NOT_FOUND);
  z3_debug_free(dbg);
}

Z3_TEST(test_debug__exec_breakpoint_stops_before_its_instruction_with_the_call_stack) {
  (void)state;
  z3_debug *dbg = open_calls(256);
  unsigned id = add_break(dbg, Z3_BP_EXEC, label(dbg, "inner"), NULL, 0);
  z3_debug_stop stop = z3_debug_run_frames(dbg, 2);
  assert_int_equal(stop.reason, Z3_DBG_BREAKPOINT);
  assert_int_equal(stop.breakpoint, id);
  assert_int_equal(pc24(dbg), label(dbg, "inner"));
  size_t depth;
  const z3_call_frame *calls = z3_debug_callstack(dbg, &depth);
  assert_int_equal(depth, 2);
  assert_int_equal(calls[0].target, label(dbg, "outer"));
  assert_int_equal(calls[0].return_to, label(dbg, "after_outer"));
  assert_int_equal(calls[1].target, label(dbg, "inner"));
  assert_int_equal(calls[1].return_to, label(dbg, "after_inner"));
  /* resuming does not stop on the same instruction again: the next round does */
  uint64_t before = z3_debug_console(dbg)->cpu.instructions;
  stop = z3_debug_run_frames(dbg, 2);
  assert_int_equal(stop.reason, Z3_DBG_BREAKPOINT);
  assert_true(z3_debug_console(dbg)->cpu.instructions > before + 5);
  assert_int_equal(z3_debug_breakpoints(dbg, &depth)[0].hits, 2);
  z3_debug_free(dbg);
}

Z3_TEST(test_debug__condition_and_after_choose_the_hit) {
  (void)state;
  z3_debug *dbg = open_calls(0);
  add_break(dbg, Z3_BP_EXEC, label(dbg, "inner"), "[$7E0100] == 3", 0);
  z3_debug_stop stop = z3_debug_run_frames(dbg, 2);
  assert_int_equal(stop.reason, Z3_DBG_BREAKPOINT);
  assert_int_equal(z3_debug_console(dbg)->wram[0x100], 3);
  z3_debug_free(dbg);
  dbg = open_calls(0);
  add_break(dbg, Z3_BP_EXEC, label(dbg, "inner"), NULL, 4); /* the fifth hit */
  stop = z3_debug_run_frames(dbg, 2);
  assert_int_equal(stop.reason, Z3_DBG_BREAKPOINT);
  assert_int_equal(z3_debug_console(dbg)->wram[0x100], 4);
  z3_error err;
  z3_error_init(&err);
  unsigned id;
  assert_int_equal(z3_debug_break_add(dbg, Z3_BP_EXEC, 0x8000, 0x8000, "a ==", 0, &id, &err), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "column"));
  z3_debug_free(dbg);
}

Z3_TEST(test_debug__write_watchpoint_reports_old_and_new_value_after_the_store) {
  (void)state;
  z3_debug *dbg = open_calls(0);
  z3_debug_console(dbg)->wram[0x110] = 0x55;
  /* the third write: init clears $0100-$01FF, round 0 stores 0, round 1 stores 1 */
  unsigned id = add_break(dbg, Z3_BP_WRITE, 0x7E0110, NULL, 2);
  z3_debug_stop stop = z3_debug_run_frames(dbg, 2);
  assert_int_equal(stop.reason, Z3_DBG_WATCHPOINT);
  assert_int_equal(stop.breakpoint, id);
  assert_true(stop.write);
  assert_int_equal(stop.address, 0x7E0110);
  assert_int_equal(stop.old_value, 0);
  assert_int_equal(stop.value, 1);
  assert_int_equal(pc24(dbg), label(dbg, "store_done"));
  /* a read watch sees the load that follows */
  add_break(dbg, Z3_BP_READ, 0x7E0110, "value == 1", 0);
  stop = z3_debug_run_frames(dbg, 2);
  assert_int_equal(stop.reason, Z3_DBG_WATCHPOINT);
  assert_false(stop.write);
  assert_int_equal(stop.value, 1);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_debug_break_add(dbg, Z3_BP_WRITE, 0x000110, 0x000110, NULL, 0, &id, &err), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "mirror of WRAM $7E0110"));
  z3_debug_free(dbg);
}

Z3_TEST(test_debug__step_over_and_out) {
  (void)state;
  z3_debug *dbg = open_calls(64);
  z3_debug_stop stop = z3_debug_run_to(dbg, label(dbg, "main"), 2);
  assert_int_equal(stop.reason, Z3_DBG_RUN_TO);
  uint16_t s = z3_debug_console(dbg)->cpu.r.s;
  stop = z3_debug_step_over(dbg, 2); /* jsr outer, and everything it calls */
  assert_int_equal(stop.reason, Z3_DBG_RETURNED);
  assert_int_equal(pc24(dbg), label(dbg, "after_outer"));
  assert_int_equal(z3_debug_console(dbg)->cpu.r.s, s);
  stop = z3_debug_step(dbg, 1); /* not a call: one instruction */
  assert_int_equal(stop.reason, Z3_DBG_STEP);
  stop = z3_debug_run_to(dbg, label(dbg, "inner"), 2);
  assert_int_equal(stop.reason, Z3_DBG_RUN_TO);
  stop = z3_debug_step_out(dbg, 2);
  assert_int_equal(stop.reason, Z3_DBG_RETURNED);
  assert_int_equal(pc24(dbg), label(dbg, "after_inner"));
  size_t depth;
  z3_debug_callstack(dbg, &depth);
  assert_int_equal(depth, 1);
  z3_debug_free(dbg);
}

Z3_TEST(test_debug__step_counts_instructions_and_the_trace_lists_them) {
  (void)state;
  z3_debug *dbg = open_calls(8);
  uint64_t before = z3_debug_console(dbg)->cpu.instructions;
  z3_debug_stop stop = z3_debug_step(dbg, 5);
  assert_int_equal(stop.reason, Z3_DBG_STEP);
  assert_int_equal(z3_debug_console(dbg)->cpu.instructions, before + 5);
  assert_int_equal(z3_debug_trace_count(dbg), 5);
  /* the reset code starts SEI, CLC, XCE, REP, LDX: one byte each, then two, then three */
  assert_int_equal(z3_debug_trace_at(dbg, 4)->bytes[0], 0x78);
  assert_int_equal(z3_debug_trace_at(dbg, 0)->bytes[0], 0xA2);
  assert_int_equal(z3_debug_trace_at(dbg, 0)->length, 3);
  assert_int_equal(z3_debug_trace_at(dbg, 1)->regs.pc + 2, z3_debug_trace_at(dbg, 0)->regs.pc);
  assert_null(z3_debug_trace_at(dbg, 5));
  z3_debug_step(dbg, 20); /* the ring keeps the last 8 */
  assert_int_equal(z3_debug_trace_count(dbg), 8);
  z3_debug_free(dbg);
}

Z3_TEST(test_debug__run_to_interrupt_and_scanline) {
  (void)state;
  z3_debug *dbg = open_calls(64);
  z3_debug_stop stop = z3_debug_run_to_interrupt(dbg, 2);
  assert_int_equal(stop.reason, Z3_DBG_INTERRUPT);
  assert_true(stop.nmi);
  assert_int_equal(pc24(dbg), label(dbg, "nmi"));
  assert_int_equal(z3_debug_console(dbg)->line, 225);
  size_t depth;
  const z3_call_frame *calls = z3_debug_callstack(dbg, &depth);
  assert_true(depth >= 1);
  assert_int_equal(calls[depth - 1].kind, Z3_CALL_NMI);
  stop = z3_debug_run_to_scanline(dbg, 100, 2);
  assert_int_equal(stop.reason, Z3_DBG_SCANLINE);
  assert_int_equal(z3_debug_console(dbg)->line, 100);
  z3_debug_free(dbg);
}

/* An unknown method is refused with every method the table has, the last ones included
 * (the list had been written out by hand and missed check, analyze and references). */
Z3_TEST(test_debug__unknown_method_lists_every_method) {
  (void)state;
  z3_debug *dbg = open_calls(0);
  json_t *result = json_object();
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_debug_call(dbg, "registerz", NULL, result, &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.message, "'registerz'"));
  const char *names[] = {"registers", "step-back", "trace-log", "check", "analyze", "references"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    assert_true(z3_debug_method_exists(names[i]));
    assert_non_null(strstr(err.message, names[i]));
  }
  assert_false(z3_debug_method_exists("registerz"));
  json_decref(result);
  z3_debug_free(dbg);
}

Z3_RUN(cmocka_unit_test(test_debug__no_breakpoints_no_hook),
       cmocka_unit_test(test_debug__exec_breakpoint_stops_before_its_instruction_with_the_call_stack),
       cmocka_unit_test(test_debug__condition_and_after_choose_the_hit),
       cmocka_unit_test(test_debug__write_watchpoint_reports_old_and_new_value_after_the_store),
       cmocka_unit_test(test_debug__step_over_and_out),
       cmocka_unit_test(test_debug__step_counts_instructions_and_the_trace_lists_them),
       cmocka_unit_test(test_debug__run_to_interrupt_and_scanline),
       cmocka_unit_test(test_debug__unknown_method_lists_every_method))
