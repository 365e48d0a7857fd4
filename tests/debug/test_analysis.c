/*
 * debug/check, analyze and references over programs of ours: checks.s holds
 * every bug pattern in a bad_* routine beside its correct good_* twin, so a
 * finding must appear exactly at the bad ones; calls.s is clean and must
 * produce none. Places are named by the programs' labels.
 */
#include <string.h>

#include "debug/check.h"
#include "debug/debug.h"
#include "debug/diverge.h"
#include "debug/methods.h"
#include "debug/report.h"
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

/* Runs a session method, failing the test on an error. */
static json_t *call_ok(z3_debug *dbg, const char *method, json_t *params) {
  z3_error err;
  z3_error_init(&err);
  json_t *result = json_object();
  assert_ok(z3_debug_call(dbg, method, params, result, &err), &err);
  json_decref(params);
  return result;
}

static const char *str_at(json_t *o, const char *key) { return json_string_value(json_object_get(o, key)); }

static bool has_string(json_t *array, const char *value) {
  size_t i;
  json_t *v;
  json_array_foreach(array, i, v) if (!strcmp(json_string_value(v), value)) return true;
  return false;
}

/* The entry of `list` whose `key` is the label's address (as "$BB:AAAA"). */
static json_t *entry_at(z3_debug *dbg, json_t *list, const char *key, const char *name) {
  char want[10];
  z3_snes_format_address(label(dbg, name), want);
  size_t i;
  json_t *o;
  json_array_foreach(list, i, o) if (!strcmp(str_at(o, key), want)) return o;
  return NULL;
}

Z3_TEST(test_analysis__analyze_reports_registers_memory_exits_and_what_ran) {
  (void)state;
  z3_debug *dbg = open_program("calls");
  z3_debug_run_frames(dbg, 2);
  json_t *r = call_ok(dbg, "analyze", json_pack("{s:s}", "address", "inner"));
  assert_string_equal(str_at(json_object_get(r, "sizes"), "from"), "trace");
  assert_string_equal(str_at(json_object_get(r, "sizes"), "m"), "8");
  assert_int_equal(json_integer_value(json_object_get(r, "instructions")), 4);
  json_t *regs = json_object_get(r, "registers");
  assert_true(has_string(json_object_get(regs, "reads"), "A") && has_string(json_object_get(regs, "reads"), "DBR"));
  assert_true(has_string(json_object_get(regs, "writes"), "A"));
  assert_false(has_string(json_object_get(regs, "writes"), "X"));
  json_t *memory = json_object_get(r, "memory");
  assert_int_equal(json_array_size(memory), 3);
  assert_string_equal(str_at(json_array_get(memory, 1), "address"), "$7E:0110");
  assert_string_equal(str_at(json_array_get(memory, 1), "access"), "write");
  json_t *exits = json_object_get(r, "exits");
  assert_int_equal(json_array_size(exits), 1);
  assert_string_equal(str_at(json_array_get(exits, 0), "kind"), "rts");
  assert_int_equal(json_integer_value(json_object_get(json_array_get(exits, 0), "stack")), 0);
  assert_true(json_is_true(json_object_get(json_object_get(r, "stack"), "balanced")));
  json_t *seen = json_object_get(r, "observed");
  assert_true(json_integer_value(json_object_get(seen, "executions")) >= 4);
  assert_int_equal(json_integer_value(json_object_get(seen, "instructions_seen")), 4);
  json_decref(r);
  r = call_ok(dbg, "analyze", json_pack("{s:s}", "address", "outer"));
  json_t *calls = json_object_get(r, "calls");
  assert_int_equal(json_array_size(calls), 1);
  assert_string_equal(str_at(json_array_get(calls, 0), "target_label"), "inner");
  json_decref(r);
  z3_debug_free(dbg);
}

Z3_TEST(test_analysis__disasm_counts_what_the_trace_saw_run) {
  (void)state;
  z3_debug *dbg = open_program("calls");
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_debug_break_add(dbg, Z3_BP_EXEC, label(dbg, "inner"), label(dbg, "inner"), NULL, 4, NULL, &err), &err);
  z3_debug_stop stop = z3_debug_run_frames(dbg, 2);
  assert_int_equal(stop.reason, Z3_DBG_BREAKPOINT); /* the fifth arrival: four runs before it */
  json_t *r = call_ok(dbg, "disasm", json_pack("{s:i}", "count", 2));
  json_t *first = json_array_get(json_object_get(r, "listing"), 0);
  assert_true(json_is_true(json_object_get(first, "current")));
  assert_int_equal(json_integer_value(json_object_get(first, "executions")), 4);
  json_decref(r);
  z3_debug_free(dbg);
}

Z3_TEST(test_analysis__analyze_sees_an_unbalanced_return) {
  (void)state;
  z3_debug *dbg = open_program("checks");
  json_t *r = call_ok(dbg, "analyze", json_pack("{s:s,s:s}", "address", "bad_stack", "sizes", "8h"));
  assert_string_equal(str_at(json_object_get(r, "sizes"), "from"), "parameters");
  assert_false(json_is_true(json_object_get(json_object_get(r, "stack"), "balanced")));
  json_t *exit = json_array_get(json_object_get(r, "exits"), 0);
  assert_int_equal(json_integer_value(json_object_get(exit, "stack")), 1);
  json_decref(r);
  r = call_ok(dbg, "analyze", json_pack("{s:s,s:s}", "address", "good_phb", "sizes", "8h"));
  assert_true(json_is_true(json_object_get(json_object_get(r, "stack"), "balanced")));
  assert_int_equal(json_integer_value(json_object_get(json_object_get(r, "stack"), "max_depth")), 2);
  json_decref(r);
  z3_error err;
  z3_error_init(&err);
  json_t *out = json_object(), *params = json_pack("{s:s,s:s}", "address", "bad_stack", "sizes", "16");
  assert_int_equal(z3_debug_call(dbg, "analyze", params, out, &err), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "sizes"));
  json_decref(params);
  json_decref(out);
  z3_debug_free(dbg);
}

Z3_TEST(test_analysis__references_static_and_observed) {
  (void)state;
  z3_debug *dbg = open_program("calls");
  z3_debug_run_frames(dbg, 2);
  /* through the low-RAM mirror: the same byte as $7E:0110 */
  json_t *r = call_ok(dbg, "references", json_pack("{s:s}", "address", "$00:0110"));
  assert_string_equal(str_at(r, "address"), "$7E:0110");
  json_t *found = json_object_get(r, "static"), *seen = json_object_get(r, "observed");
  assert_int_equal(json_array_size(found), 2);
  json_t *read = entry_at(dbg, found, "pc", "store_done");
  assert_non_null(read);
  assert_string_equal(str_at(read, "kind"), "read");
  assert_int_equal(json_array_size(seen), 2);
  read = entry_at(dbg, seen, "pc", "store_done");
  assert_non_null(read);
  assert_true(json_integer_value(json_object_get(read, "count")) > 1);
  json_decref(r);
  r = call_ok(dbg, "references", json_pack("{s:s}", "address", "inner"));
  found = json_object_get(r, "static");
  assert_int_equal(json_array_size(found), 1);
  assert_string_equal(str_at(json_array_get(found, 0), "kind"), "call");
  assert_int_equal(json_array_size(json_object_get(r, "observed")), 1);
  json_decref(r);
  r = call_ok(dbg, "references", json_pack("{s:s}", "address", "$7E:1234"));
  assert_int_equal(json_array_size(json_object_get(r, "static")), 0);
  assert_int_equal(json_array_size(json_object_get(r, "observed")), 0);
  json_decref(r);
  z3_debug_free(dbg);
}

/* A copy of a program with one byte at a label's address (plus delta) changed. */
static z3_rom *patched(const char *name, z3_debug *dbg, const char *at, uint32_t delta, uint8_t value) {
  char path[512];
  snprintf(path, sizeof path, PROGRAMS "%s.sfc", name);
  z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  rom->data.data[(label(dbg, at) + delta) - 0x8000] = value; /* LoROM bank 0 */
  return rom;
}

static json_t *diverge(z3_rom *a, z3_rom *b, z3_debug *dbg, uint64_t frames) {
  z3_error err;
  z3_error_init(&err);
  json_t *out = json_object();
  z3_diverge_opts opts = {.frames = frames, .syms = z3_debug_symbols(dbg)};
  assert_ok(z3_debug_diverge(a, b, &opts, out, &err), &err);
  return out;
}

Z3_TEST(test_analysis__diverge_alike_and_at_an_instruction) {
  (void)state;
  z3_debug *dbg = open_program("calls");
  z3_rom *a = patched("calls", dbg, "inner", 0, 0xAD); /* unchanged: inner starts with LDA abs */
  z3_rom *b = patched("calls", dbg, "inner", 1, 0x02); /* LDA $0100 -> LDA $0102 */
  json_t *out = diverge(a, a, dbg, 20);
  assert_false(json_is_true(json_object_get(out, "diverged")));
  assert_int_equal(json_integer_value(json_object_get(out, "frames_compared")), 20);
  json_decref(out);
  out = diverge(a, b, dbg, 20);
  assert_true(json_is_true(json_object_get(out, "diverged")));
  json_t *first = json_object_get(out, "first");
  assert_string_equal(str_at(first, "kind"), "trace");
  assert_string_equal(str_at(json_object_get(first, "a"), "label"), "inner");
  assert_string_equal(str_at(json_object_get(json_object_get(first, "a"), "instruction"), "text"), "LDA $0100");
  assert_string_equal(str_at(json_object_get(json_object_get(first, "b"), "instruction"), "text"), "LDA $0102");
  json_t *context = json_object_get(out, "context");
  assert_true(json_array_size(context) > 0);
  char jsr[10]; /* the last alike: outer's JSR inner, after its NOP */
  z3_snes_format_address(label(dbg, "outer") + 1, jsr);
  assert_string_equal(str_at(json_array_get(context, json_array_size(context) - 1), "pc"), jsr);
  json_decref(out);
  z3_rom_free(a);
  z3_rom_free(b);
  z3_debug_free(dbg);
}

Z3_TEST(test_analysis__diverge_names_the_instruction_after_which_only_memory_differs) {
  (void)state;
  z3_debug *dbg = open_program("checks");
  z3_rom *a = patched("checks", dbg, "dma_data", 0, 0x12);
  z3_rom *b = patched("checks", dbg, "dma_data", 0, 0x99);
  json_t *out = diverge(a, b, dbg, 10);
  json_t *first = json_object_get(out, "first");
  assert_non_null(first);
  assert_string_equal(str_at(first, "kind"), "memory");
  /* bad_dma's DMA, in active display, never reaches VRAM; the NMI's runs after
   * the CPU's next bus cycle, the opcode fetch of the PLX after its STA $420B */
  char plx[10];
  z3_snes_format_address(label(dbg, "good_dma_start") + 3, plx);
  assert_string_equal(str_at(json_object_get(first, "a"), "pc"), plx);
  assert_string_equal(str_at(json_object_get(json_object_get(first, "a"), "instruction"), "text"), "PLX");
  json_t *d = json_array_get(json_object_get(first, "differences"), 0);
  assert_string_equal(str_at(d, "region"), "vram");
  assert_int_equal(json_integer_value(json_object_get(d, "a")), 0x12);
  assert_int_equal(json_integer_value(json_object_get(d, "b")), 0x99);
  json_decref(out);
  z3_rom_free(a);
  z3_rom_free(b);
  z3_debug_free(dbg);
}

static uint32_t pc_now(z3_debug *dbg) {
  const z3_cpu *cpu = &z3_debug_console(dbg)->cpu;
  return (uint32_t)cpu->r.pbr << 16 | cpu->r.pc;
}

Z3_TEST(test_analysis__ppu_memory_and_dma_breakpoints) {
  (void)state;
  z3_debug *dbg = open_program("checks");
  z3_error err;
  z3_error_init(&err);
  unsigned dma, vram;
  assert_ok(z3_debug_break_add(dbg, Z3_BP_DMA, 0x2118, 0x2119, NULL, 0, &dma, &err), &err);
  assert_ok(z3_debug_break_add(dbg, Z3_BP_VRAM_WRITE, 0, 1, NULL, 0, &vram, &err), &err);
  /* bad_dma's DMA starts first (frame 0, active display): the dma breakpoint, after its STA $420B */
  z3_debug_stop stop = z3_debug_run_frames(dbg, 3);
  assert_int_equal(stop.reason, Z3_DBG_DMA);
  assert_int_equal(stop.breakpoint, dma);
  assert_int_equal(stop.address, 0x2118);
  assert_int_equal(stop.value, 0x01);
  assert_int_equal(pc_now(dbg), label(dbg, "bad_dma_start") + 3);
  /* the PPU ignored that one (the screen is on), so the first VRAM write is the NMI's DMA */
  assert_ok(z3_debug_break_enable(dbg, dma, false, &err), &err);
  stop = z3_debug_run_frames(dbg, 3);
  assert_int_equal(stop.reason, Z3_DBG_WATCHPOINT);
  assert_int_equal(stop.breakpoint, vram);
  assert_int_equal(stop.memory, Z3_REGION_VRAM);
  assert_int_equal(stop.address, 0);
  assert_int_equal(stop.value, 0x12);
  assert_int_equal(pc_now(dbg), label(dbg, "good_dma_start") + 4); /* the DMA ran in the PLX after STA $420B */
  assert_int_equal(z3_debug_console(dbg)->ppu.vram[1], 0x34); /* the DMA finished before the stop */
  /* going back over it neither stops nor loses the way */
  assert_ok(z3_debug_step_back(dbg, 5, &stop, &err), &err);
  assert_int_equal(stop.reason, Z3_DBG_STEP_BACK);
  /* ranges outside the memory or the B bus are refused with what they may be */
  assert_int_equal(z3_debug_break_add(dbg, Z3_BP_VRAM_WRITE, 0, 0x10000, NULL, 0, NULL, &err), Z3_E_USAGE);
  z3_error_init(&err);
  assert_int_equal(z3_debug_break_add(dbg, Z3_BP_DMA, 0x4300, 0x4300, NULL, 0, NULL, &err), Z3_E_USAGE);
  assert_non_null(strstr(err.message, "B-bus ports"));
  assert_int_equal(z3_debug_break_add(dbg, Z3_BP_CGRAM_WRITE, 0x200, 0x200, NULL, 0, NULL, &err), Z3_E_USAGE);
  z3_debug_free(dbg);
}

Z3_TEST(test_analysis__cgram_breakpoint_sees_a_colour_written) {
  (void)state;
  z3_debug *dbg = open_program("backdrop");
  z3_error err;
  z3_error_init(&err);
  unsigned id;
  assert_ok(z3_debug_break_add(dbg, Z3_BP_CGRAM_WRITE, 0, 1, NULL, 0, &id, &err), &err);
  z3_debug_stop stop = z3_debug_run_frames(dbg, 3);
  assert_int_equal(stop.reason, Z3_DBG_WATCHPOINT);
  assert_int_equal(stop.memory, Z3_REGION_CGRAM);
  assert_true(stop.address <= 1);
  json_t *r = json_object();
  debug_stop_json(dbg, &stop, r);
  assert_string_equal(str_at(json_object_get(r, "watch"), "memory"), "cgram");
  json_decref(r);
  z3_debug_free(dbg);
}

Z3_TEST(test_analysis__spc700_breakpoints) {
  (void)state;
  z3_debug *dbg = open_program("apu_tone");
  z3_error err;
  z3_error_init(&err);
  unsigned exec, port;
  assert_ok(z3_debug_break_add(dbg, Z3_BP_SPC_EXEC, 0x0200, 0x0200, NULL, 0, &exec, &err), &err);
  /* the uploaded program starts at $0200: the CPU stops just after, with the SPC700 as it was */
  z3_debug_stop stop = z3_debug_run_frames(dbg, 30);
  assert_int_equal(stop.reason, Z3_DBG_BREAKPOINT);
  assert_int_equal(stop.breakpoint, exec);
  assert_true(stop.spc);
  assert_int_equal(stop.spc_regs.pc, 0x0200);
  /* it answers on port 1 ($F5) with $5A (a session of its own: hits after the first in one
   * catch-up of the SPC700 are not reported) */
  z3_debug_free(dbg);
  dbg = open_program("apu_tone");
  assert_ok(z3_debug_break_add(dbg, Z3_BP_SPC_WRITE, 0x00F5, 0x00F5, NULL, 0, &port, &err), &err);
  stop = z3_debug_run_frames(dbg, 30);
  assert_int_equal(stop.reason, Z3_DBG_WATCHPOINT);
  assert_int_equal(stop.breakpoint, port);
  assert_int_equal(stop.address, 0xF5);
  assert_int_equal(stop.value, 0x5A);
  json_t *r = json_object();
  debug_stop_json(dbg, &stop, r);
  assert_string_equal(str_at(json_object_get(r, "watch"), "memory"), "apu-ram");
  assert_non_null(json_object_get(json_object_get(r, "spc"), "pc"));
  json_decref(r);
  /* the sound RAM is a region of its own: the program uploaded at $0200 */
  json_t *mem = call_ok(dbg, "memory-read", json_pack("{s:s,s:s,s:i}", "region", "apu", "address", "0x200", "length", 4));
  char want[9];
  const uint8_t *ram = z3_debug_console(dbg)->apu.ram;
  snprintf(want, sizeof want, "%02x%02x%02x%02x", ram[0x200], ram[0x201], ram[0x202], ram[0x203]);
  assert_string_equal(str_at(mem, "hex"), want);
  assert_string_not_equal(want, "00000000");
  json_decref(mem);
  /* a step back replays through the SPC700 without stopping there */
  assert_ok(z3_debug_step_back(dbg, 3, &stop, &err), &err);
  assert_int_equal(stop.reason, Z3_DBG_STEP_BACK);
  z3_error_init(&err);
  assert_int_equal(z3_debug_break_add(dbg, Z3_BP_SPC_READ, 0, 0x10000, NULL, 0, NULL, &err), Z3_E_USAGE);
  z3_debug_free(dbg);
}

Z3_RUN(cmocka_unit_test(test_analysis__check_finds_each_pattern_at_the_bad_routine_only),
       cmocka_unit_test(test_analysis__check_of_a_clean_program_finds_nothing_and_leaves_the_session),
       cmocka_unit_test(test_analysis__analyze_reports_registers_memory_exits_and_what_ran),
       cmocka_unit_test(test_analysis__disasm_counts_what_the_trace_saw_run),
       cmocka_unit_test(test_analysis__analyze_sees_an_unbalanced_return),
       cmocka_unit_test(test_analysis__references_static_and_observed),
       cmocka_unit_test(test_analysis__diverge_alike_and_at_an_instruction),
       cmocka_unit_test(test_analysis__diverge_names_the_instruction_after_which_only_memory_differs),
       cmocka_unit_test(test_analysis__ppu_memory_and_dma_breakpoints),
       cmocka_unit_test(test_analysis__cgram_breakpoint_sees_a_colour_written),
       cmocka_unit_test(test_analysis__spc700_breakpoints))
