/*
 * debug/history: step-back is exact (a session stepped forward and back is
 * byte for byte the console it was, with the same trace and call stack),
 * never fires breakpoints on the way, refuses to go past its history, and
 * last-write names the instruction that last wrote a byte. The programs are
 * ours: calls.s (calls, a store to $0110 each round, NMIs) and the sample's
 * boot program (PPU, DMA, NMIs over many frames).
 */
#include <string.h>

#include "debug/debug.h"
#include "debug/methods.h"
#include "emu/savestate.h"
#include "test.h"

#define PROGRAMS Z3_BINARY_DIR "/tests/emu/programs/"

static z3_debug *open_rom(const char *path, const char *labels) {
  z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  z3_debug *dbg;
  z3_debug_opts opts = {.trace_size = 256};
  assert_ok(z3_debug_open(&dbg, rom, &opts, &err), &err);
  z3_rom_free(rom);
  if (labels) assert_ok(z3_symbols_load(z3_debug_symbols(dbg), labels, Z3_SYMFILE_AUTO, NULL, &err), &err);
  return dbg;
}

/* Everything a person or agent can observe of a stopped session. */
typedef struct view {
  z3_buf state;
  z3_call_frame calls[64];
  size_t depth;
  z3_trace_entry trace[64];
  size_t trace_count;
} view;

static void look(z3_debug *dbg, view *v) {
  z3_error err;
  z3_error_init(&err);
  z3_buf_init(&v->state);
  assert_ok(z3_snes_state_capture(z3_debug_console(dbg), &v->state, &err), &err);
  const z3_call_frame *calls = z3_debug_callstack(dbg, &v->depth);
  assert_true(v->depth <= 64);
  memcpy(v->calls, calls, v->depth * sizeof *calls);
  v->trace_count = z3_debug_trace_count(dbg);
  if (v->trace_count > 64) v->trace_count = 64;
  for (size_t i = 0; i < v->trace_count; i++) v->trace[i] = *z3_debug_trace_at(dbg, i);
}

static void assert_same_view(const view *a, const view *b) {
  assert_int_equal(a->state.len, b->state.len);
  if (memcmp(a->state.data, b->state.data, a->state.len)) {
    size_t i = 0;
    while (a->state.data[i] == b->state.data[i]) i++;
    fail_msg("the console differs from payload offset %zu on", i);
  }
  assert_int_equal(a->depth, b->depth);
  assert_memory_equal(a->calls, b->calls, a->depth * sizeof a->calls[0]);
  assert_int_equal(a->trace_count, b->trace_count);
  for (size_t i = 0; i < a->trace_count; i++) {
    assert_int_equal(a->trace[i].clock, b->trace[i].clock);
    assert_memory_equal(&a->trace[i].regs, &b->trace[i].regs, sizeof a->trace[i].regs);
  }
}

static void release(view *v) { z3_buf_release(&v->state); }

static void back(z3_debug *dbg, uint64_t n) {
  z3_error err;
  z3_error_init(&err);
  z3_debug_stop stop;
  assert_ok(z3_debug_step_back(dbg, n, &stop, &err), &err);
  assert_int_equal(stop.reason, Z3_DBG_STEP_BACK);
}

/* Forward `steps` steps from late in a frame (so they cross into the next,
 * with its NMI), then back; forward again and back in two pieces. */
static void forward_and_back(const char *rom, const char *labels, uint64_t frames_first, uint64_t steps,
                             uint64_t min_frames) {
  z3_debug *dbg = open_rom(rom, labels);
  z3_debug_run_frames(dbg, frames_first);
  z3_debug_run_to_scanline(dbg, 200, 2);
  z3_debug_step(dbg, 5);
  view before, after, ahead, ahead_again;
  look(dbg, &before);
  uint64_t frame = z3_debug_console(dbg)->frame;
  z3_debug_step(dbg, steps);
  assert_true(z3_debug_console(dbg)->frame >= frame + min_frames); /* the steps crossed frames */
  look(dbg, &ahead);
  back(dbg, steps);
  look(dbg, &after);
  assert_same_view(&before, &after);
  release(&after);
  z3_debug_step(dbg, steps); /* the same future */
  look(dbg, &ahead_again);
  assert_same_view(&ahead, &ahead_again);
  back(dbg, steps / 3);
  back(dbg, steps - steps / 3);
  look(dbg, &after);
  assert_same_view(&before, &after);
  release(&after);
  release(&ahead);
  release(&ahead_again);
  release(&before);
  z3_debug_free(dbg);
}

Z3_TEST(test_history__ten_thousand_forward_and_back_on_calls) {
  (void)state;
  forward_and_back(PROGRAMS "calls.sfc", PROGRAMS "calls.lbl", 2, 10000, 1);
}

Z3_TEST(test_history__ten_thousand_forward_and_back_on_the_sample) {
  (void)state;
  forward_and_back(Z3_SAMPLE, NULL, 25, 10000, 1);
}

/* Far enough to cross several checkpoints (one per 20 frames). */
Z3_TEST(test_history__across_checkpoints) {
  (void)state;
  forward_and_back(PROGRAMS "calls.sfc", PROGRAMS "calls.lbl", 2, 700000, 41);
}

/* One step at a time: back 1 undoes step 1, at every point of a stretch
 * with an NMI in it. */
Z3_TEST(test_history__single_steps) {
  (void)state;
  z3_debug *dbg = open_rom(PROGRAMS "calls.sfc", PROGRAMS "calls.lbl");
  z3_debug_run_frames(dbg, 1);
  uint64_t nmis = z3_debug_console(dbg)->nmi_count;
  for (int i = 0; i < 400; i++) {
    view before, after;
    look(dbg, &before);
    z3_debug_step(dbg, 1);
    back(dbg, 1);
    look(dbg, &after);
    assert_same_view(&before, &after);
    release(&before);
    release(&after);
    z3_debug_step(dbg, 37);
  }
  assert_true(z3_debug_console(dbg)->nmi_count > nmis);
  z3_debug_free(dbg);
}

Z3_TEST(test_history__breakpoints_do_not_fire_going_back) {
  (void)state;
  z3_debug *dbg = open_rom(PROGRAMS "calls.sfc", PROGRAMS "calls.lbl");
  z3_debug_run_frames(dbg, 1);
  z3_debug_step(dbg, 3000);
  uint32_t inner;
  assert_true(z3_symbols_find(z3_debug_symbols(dbg), "inner", &inner));
  unsigned id;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_debug_break_add(dbg, Z3_BP_EXEC, inner, inner, NULL, 0, &id, &err), &err);
  assert_ok(z3_debug_break_add(dbg, Z3_BP_WRITE, 0x7E0110, 0x7E0110, NULL, 0, &id, &err), &err);
  back(dbg, 2500);
  size_t n;
  const z3_breakpoint *bps = z3_debug_breakpoints(dbg, &n);
  assert_int_equal(bps[0].hits, 0);
  assert_int_equal(bps[1].hits, 0);
  z3_debug_stop stop = z3_debug_run_frames(dbg, 1); /* forward, they fire again */
  assert_int_equal(stop.reason, Z3_DBG_BREAKPOINT);
  z3_debug_free(dbg);
}

Z3_TEST(test_history__refuses_past_its_history) {
  (void)state;
  z3_debug *dbg = open_rom(PROGRAMS "calls.sfc", NULL);
  z3_error err;
  z3_error_init(&err);
  z3_debug_stop stop;
  assert_int_equal(z3_debug_step_back(dbg, 1, &stop, &err), Z3_E_INVALID); /* nothing ran yet */
  assert_non_null(strstr(err.message, "no history"));
  z3_debug_step(dbg, 50);
  view before, after;
  look(dbg, &before);
  z3_error_init(&err);
  assert_int_equal(z3_debug_step_back(dbg, 51, &stop, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "the history holds 50 instruction(s) back from here; asked for 51"));
  look(dbg, &after);
  assert_same_view(&before, &after);
  release(&before);
  release(&after);
  back(dbg, 50); /* exactly to power-on's first instruction */
  assert_int_equal(z3_debug_console(dbg)->cpu.instructions, 0);
  z3_debug_free(dbg);
}

/* A memory write is a change from outside: going back across it restores
 * the byte as it was, and forward again runs without it. */
Z3_TEST(test_history__memory_writes_are_not_replayed_across) {
  (void)state;
  z3_debug *dbg = open_rom(PROGRAMS "calls.sfc", NULL);
  z3_debug_run_frames(dbg, 1);
  z3_snes *snes = z3_debug_console(dbg);
  uint8_t was = snes->wram[0x120];
  z3_debug_step(dbg, 100);
  json_t *params = json_pack("{s:s, s:s, s:s}", "region", "wram", "address", "0x120", "hex", "AA");
  json_t *result = json_object();
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_debug_call(dbg, "memory-write", params, result, &err), &err);
  json_decref(params);
  json_decref(result);
  z3_debug_step(dbg, 10);
  back(dbg, 10);
  assert_int_equal(snes->wram[0x120], 0xAA); /* after the write: still written */
  back(dbg, 50);
  assert_int_equal(snes->wram[0x120], was); /* before it: as it was */
  z3_debug_free(dbg);
}

Z3_TEST(test_history__last_write_names_the_instruction) {
  (void)state;
  z3_debug *dbg = open_rom(PROGRAMS "calls.sfc", PROGRAMS "calls.lbl");
  z3_debug_run_frames(dbg, 3);
  uint32_t inner, store_done;
  assert_true(z3_symbols_find(z3_debug_symbols(dbg), "inner", &inner));
  assert_true(z3_symbols_find(z3_debug_symbols(dbg), "store_done", &store_done));
  z3_snes *snes = z3_debug_console(dbg);
  view before, after;
  look(dbg, &before);
  z3_last_write w;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_debug_last_write(dbg, 0x000110, &w, &err), &err); /* a low-RAM mirror */
  assert_true(w.found);
  assert_int_equal(w.address, 0x7E0110);
  assert_int_equal(w.pc, store_done - 3); /* sta $0110 */
  assert_int_equal(w.value, snes->wram[0x110]);
  assert_true(w.instructions < snes->cpu.instructions);
  look(dbg, &after);
  assert_same_view(&before, &after); /* the search changed nothing */
  release(&before);
  release(&after);
  /* $0130 was written once, by the start-up code clearing $0100-$01FF */
  assert_ok(z3_debug_last_write(dbg, 0x7E0130, &w, &err), &err);
  assert_true(w.found);
  assert_int_equal(w.value, 0);
  assert_int_equal(w.frame, 0);
  /* $0300 never */
  assert_ok(z3_debug_last_write(dbg, 0x7E0300, &w, &err), &err);
  assert_false(w.found);
  assert_int_equal(w.searched_from_frame, 0);
  z3_debug_free(dbg);
}

Z3_RUN(cmocka_unit_test(test_history__ten_thousand_forward_and_back_on_calls),
       cmocka_unit_test(test_history__ten_thousand_forward_and_back_on_the_sample),
       cmocka_unit_test(test_history__across_checkpoints),
       cmocka_unit_test(test_history__single_steps),
       cmocka_unit_test(test_history__breakpoints_do_not_fire_going_back),
       cmocka_unit_test(test_history__refuses_past_its_history),
       cmocka_unit_test(test_history__memory_writes_are_not_replayed_across),
       cmocka_unit_test(test_history__last_write_names_the_instruction))
