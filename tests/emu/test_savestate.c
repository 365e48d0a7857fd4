/*
 * emu/savestate: a state saved at frame N and loaded into a fresh console
 * gives, frame for frame, the pictures and sound of the run that never
 * stopped; saving what was loaded gives the same bytes; every kind of bad
 * state is refused with its reason and leaves the console as it was.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "emu/savestate.h"
#include "test.h"

#define PROGRAMS Z3_BINARY_DIR "/tests/emu/programs/"

static z3_snes *console(const char *path) {
  z3_rom *rom;
  z3_snes *snes;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  assert_ok(z3_snes_create(&snes, rom, &err), &err);
  z3_rom_free(rom);
  return snes;
}

static void capture(const z3_snes *snes, z3_buf *out) {
  z3_error err;
  z3_error_init(&err);
  z3_buf_init(out);
  assert_ok(z3_snes_state_capture(snes, out, &err), &err);
}

/* The frame as RGB bytes, for comparing two consoles. */
static uint8_t *frame_rgb(const z3_snes *snes, unsigned *w, unsigned *h) {
  uint8_t *rgb = malloc((size_t)Z3_PPU_HIRES_WIDTH * Z3_PPU_MAX_HEIGHT * 3);
  z3_snes_frame_rgb(snes, rgb, w, h);
  return rgb;
}

static void assert_same_frame(const z3_snes *a, const z3_snes *b, uint64_t frame) {
  unsigned wa, ha, wb, hb;
  uint8_t *pa = frame_rgb(a, &wa, &ha), *pb = frame_rgb(b, &wb, &hb);
  if (wa != wb || ha != hb || memcmp(pa, pb, (size_t)wa * ha * 3))
    fail_msg("frame %llu differs after loading the state", (unsigned long long)frame);
  free(pa);
  free(pb);
}

/* Runs `before` frames, saves through the file form, then runs both the
 * original and a fresh console loaded from the file `after` more frames. */
static void check_continuation(const char *path, int before, int after) {
  z3_snes *a = console(path);
  a->apu.recording = true;
  z3_snes_run(a, (uint64_t)before, false, 0);
  z3_error err;
  z3_error_init(&err);
  z3_buf file;
  z3_buf_init(&file);
  assert_ok(z3_snes_state_save(a, &file, &err), &err);
  size_t audio_at = a->apu.audio_frames;

  z3_snes *b = console(path);
  b->apu.recording = true;
  assert_ok(z3_snes_state_load(b, file.data, file.len, "t.z3s", 0, NULL, &err), &err);
  assert_same_frame(a, b, a->frame);
  for (int i = 0; i < after; i++) {
    z3_snes_run(a, 1, false, 0);
    z3_snes_run(b, 1, false, 0);
    assert_int_equal(a->clock, b->clock);
    assert_same_frame(a, b, a->frame);
  }
  z3_apu_catch_up(&a->apu, a->clock);
  z3_apu_catch_up(&b->apu, b->clock);
  assert_int_equal(a->apu.audio_frames - audio_at, b->apu.audio_frames);
  assert_memory_equal(a->apu.audio + 2 * audio_at, b->apu.audio, b->apu.audio_frames * 4);
  z3_buf sa, sb;
  capture(a, &sa);
  capture(b, &sb);
  assert_int_equal(sa.len, sb.len);
  assert_memory_equal(sa.data, sb.data, sa.len);
  z3_buf_release(&sa);
  z3_buf_release(&sb);
  z3_buf_release(&file);
  z3_snes_free(a);
  z3_snes_free(b);
}

Z3_TEST(test_savestate__continues_sound_exactly) {
  (void)state;
  check_continuation(PROGRAMS "apu_dsp.sfc", 40, 30); /* mid-tone: voices, envelopes, echo running */
}

Z3_TEST(test_savestate__continues_pictures_exactly) {
  (void)state;
  check_continuation(PROGRAMS "mode7.sfc", 3, 10);
  check_continuation(PROGRAMS "hdma.sfc", 2, 5);
  check_continuation(Z3_SAMPLE, 20, 40); /* the sample's boot program, mid-boot */
}

/* Saved in the middle of a frame, between two instructions, not only at frame starts. */
Z3_TEST(test_savestate__mid_frame) {
  (void)state;
  z3_snes *a = console(Z3_SAMPLE);
  z3_snes_run(a, 5, false, 0);
  z3_cpu_step(&a->cpu, 1234);
  z3_buf s;
  capture(a, &s);
  z3_snes *b = console(Z3_SAMPLE);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_snes_state_restore(b, s.data, s.len, &err), &err);
  z3_snes_run(a, 3, false, 0);
  z3_snes_run(b, 3, false, 0);
  assert_int_equal(a->clock, b->clock);
  assert_int_equal(a->cpu.instructions, b->cpu.instructions);
  assert_same_frame(a, b, a->frame);
  z3_buf_release(&s);
  z3_snes_free(a);
  z3_snes_free(b);
}

/* A refused load: the error says `want`, the console is as it was. */
static void expect_refused(z3_snes *snes, const uint8_t *data, size_t len, const char *want) {
  z3_buf before, after;
  capture(snes, &before);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_snes_state_load(snes, data, len, "bad.z3s", 0, NULL, &err), Z3_E_INVALID);
  if (!strstr(err.message, want)) fail_msg("got: %s\nwanted: %s", err.message, want);
  capture(snes, &after);
  assert_int_equal(before.len, after.len);
  assert_memory_equal(before.data, after.data, before.len);
  z3_buf_release(&before);
  z3_buf_release(&after);
}

static void save_file(const z3_snes *snes, z3_buf *out) {
  z3_error err;
  z3_error_init(&err);
  z3_buf_init(out);
  assert_ok(z3_snes_state_save(snes, out, &err), &err);
}

Z3_TEST(test_savestate__refuses_bad_files) {
  (void)state;
  z3_snes *snes = console(Z3_SAMPLE);
  z3_snes_run(snes, 2, false, 0);
  z3_buf good;
  save_file(snes, &good);
  z3_snes_run(snes, 1, false, 0); /* so a wrong load would show */

  expect_refused(snes, (const uint8_t *)"hello", 5, "bad.z3s: not a z3ed savestate");
  expect_refused(snes, good.data, good.len - 100, "truncated or corrupt");
  uint8_t *copy = malloc(good.len);
  memcpy(copy, good.data, good.len);
  copy[8] = 9;
  char want[80];
  snprintf(want, sizeof want, "savestate format version 9; this z3ed reads version %d", Z3_STATE_VERSION);
  expect_refused(snes, copy, good.len, want);
  memcpy(copy, good.data, good.len);
  copy[12] ^= 1;
  expect_refused(snes, copy, good.len, "saved from another ROM (SHA-1");
  /* allowed, as after an edit of the ROM: it loads and says it was another ROM's */
  z3_error err;
  z3_error_init(&err);
  bool from_other = false;
  assert_ok(z3_snes_state_load(snes, copy, good.len, "edit.z3s", Z3_STATE_ANY_ROM, &from_other, &err), &err);
  assert_true(from_other);
  assert_ok(z3_snes_state_load(snes, good.data, good.len, "good.z3s", Z3_STATE_ANY_ROM, &from_other, &err), &err);
  assert_false(from_other);
  free(copy);

  z3_snes *other = console(PROGRAMS "mode7.sfc");
  z3_buf foreign;
  save_file(other, &foreign);
  expect_refused(snes, foreign.data, foreign.len, "saved from another ROM");
  z3_buf_release(&foreign);
  z3_snes_free(other);
  z3_buf_release(&good);
  z3_snes_free(snes);
}

/* Raw payloads with one field out of range or the layout broken. */
Z3_TEST(test_savestate__refuses_impossible_values) {
  (void)state;
  z3_snes *snes = console(Z3_SAMPLE);
  z3_snes_run(snes, 2, false, 0);
  z3_buf raw;
  capture(snes, &raw);
  z3_error err;

  z3_snes *bad = console(Z3_SAMPLE);
  bad->ppu.render.height = 100;
  z3_buf b;
  capture(bad, &b);
  z3_error_init(&err);
  assert_int_equal(z3_snes_state_restore(snes, b.data, b.len, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "section FRAM, field height"));
  z3_buf_release(&b);
  bad->ppu.render.height = 224;
  bad->line = 300; /* a PAL console's line: restored with its timing, so not refused */
  z3_snes_set_pal(bad, true);
  bad->line = 300;
  capture(bad, &b);
  z3_error_init(&err);
  assert_ok(z3_snes_state_restore(snes, b.data, b.len, &err), &err);
  assert_true(snes->pal && snes->apu.pal && snes->line == 300);
  z3_buf_release(&b);
  z3_snes_set_pal(bad, false);
  z3_snes_set_pal(snes, false);
  bad->line = 400;
  capture(bad, &b);
  z3_error_init(&err);
  assert_int_equal(z3_snes_state_restore(snes, b.data, b.len, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "section TIME, field line"));
  assert_non_null(strstr(err.message, "400 is outside 0-261"));
  z3_buf_release(&b);
  z3_snes_free(bad);

  z3_error_init(&err);
  assert_int_equal(z3_snes_state_restore(snes, raw.data, raw.len - 1, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "runs past the end of the state"));
  raw.data[0] = 'X'; /* the first section's tag */
  z3_error_init(&err);
  assert_int_equal(z3_snes_state_restore(snes, raw.data, raw.len, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "another section stands here"));
  raw.data[0] = 'C';
  z3_buf_push(&raw, 0, NULL);
  z3_error_init(&err);
  assert_int_equal(z3_snes_state_restore(snes, raw.data, raw.len, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "bytes follow the last section"));
  z3_buf_release(&raw);
  z3_snes_free(snes);
}

Z3_RUN(cmocka_unit_test(test_savestate__continues_sound_exactly),
       cmocka_unit_test(test_savestate__continues_pictures_exactly),
       cmocka_unit_test(test_savestate__mid_frame),
       cmocka_unit_test(test_savestate__refuses_bad_files),
       cmocka_unit_test(test_savestate__refuses_impossible_values))
