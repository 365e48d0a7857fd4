/*
 * emu: our ca65 test programs (tests/emu/programs/NAME.s, assembled at build
 * time) run through `z3ed emu run`; the results they leave in WRAM are
 * checked against what the hardware documentation says they must be.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <jansson.h>

#include "test.h"

#define PROGRAMS Z3_BINARY_DIR "/tests/emu/programs/"

/* Runs `z3ed emu run --rom PROGRAMS/<program>.sfc <args> --output-format json`. */
static char *run_text(const char *program, const char *args, int *exit_code) {
  char *cmd = z3_strfmt("'%s' emu run --rom '%s%s.sfc' %s --output-format json", Z3_EXE, PROGRAMS,
                        program, args);
  char *text = z3_test_sh(cmd, exit_code);
  free(cmd);
  return text;
}

/* The result object of a successful run (caller decrefs the returned root). */
static json_t *run(const char *program, const char *args, json_t **result) {
  int code;
  char *text = run_text(program, args, &code);
  json_error_t jerr;
  json_t *root = json_loads(text, 0, &jerr);
  if (!root || code != 0) print_error("z3ed exited %d: %s\n", code, text);
  free(text);
  assert_int_equal(code, 0);
  assert_non_null(root);
  *result = json_object_get(root, "result");
  return root;
}

static const char *str_at(const json_t *o, const char *key) {
  const char *s = json_string_value(json_object_get(o, key));
  assert_non_null(s);
  return s;
}

static long long int_at(const json_t *o, const char *key) {
  const json_t *v = json_object_get(o, key);
  assert_true(json_is_integer(v));
  return json_integer_value(v);
}

/* Bytes of the i-th --read. */
static size_t read_bytes(const json_t *result, size_t i, uint8_t *out, size_t cap) {
  const char *hex = str_at(json_array_get(json_object_get(result, "reads"), i), "hex");
  size_t n = strlen(hex) / 2;
  assert_true(n <= cap);
  for (size_t k = 0; k < n; k++) {
    unsigned v;
    assert_int_equal(sscanf(hex + 2 * k, "%2x", &v), 1);
    out[k] = (uint8_t)v;
  }
  return n;
}

static unsigned le16(const uint8_t *p) { return (unsigned)(p[0] | p[1] << 8); }

Z3_TEST(test_snes_nmi__one_per_frame_at_vblank) {
  (void)state;
  static const int frames[] = {1, 10, 37};
  for (size_t i = 0; i < sizeof frames / sizeof frames[0]; i++) {
    char args[96];
    snprintf(args, sizeof args, "--frames %d --read wram:0x100:5,wram:0x110:2", frames[i]);
    json_t *r, *root = run("nmi", args, &r);
    uint8_t b[8];
    read_bytes(r, 0, b, sizeof b);
    assert_int_equal(int_at(r, "frames"), frames[i]);
    assert_int_equal(int_at(r, "nmis"), frames[i]);
    assert_int_equal(le16(b), frames[i]);          /* NMIs the handler counted */
    assert_int_equal(b[2], 0x80 | 0x40 | 0x02);     /* flag, open bus $42 bits 6-4, version 2 */
    assert_int_equal(b[3], 0x42);                   /* the read cleared the flag */
    assert_int_equal(b[4] & 0x80, 0x80);            /* HVBJOY: in vblank */
    read_bytes(r, 1, b, sizeof b);
    assert_int_equal(le16(b), frames[i]);           /* WAI woke once per NMI */
    json_decref(root);
  }
}

Z3_TEST(test_snes_nmi__until_pc_stops_at_the_handler_in_line_225) {
  (void)state;
  z3_buf rom;
  z3_buf_init(&rom);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&rom, PROGRAMS "nmi.sfc", 1 << 20, &err), &err);
  unsigned handler = le16(rom.data + 0x7FEA); /* native NMI vector */
  z3_buf_release(&rom);
  char args[64], pc[16];
  snprintf(args, sizeof args, "--until-pc 0x00%04X --frames 3", handler);
  snprintf(pc, sizeof pc, "$00:%04X", handler);
  json_t *r, *root = run("nmi", args, &r);
  assert_string_equal(str_at(r, "stop_reason"), "until-pc");
  assert_int_equal(int_at(r, "frames"), 0);
  assert_int_equal(int_at(r, "line"), 225);
  assert_string_equal(str_at(json_object_get(r, "registers"), "pc"), pc);
  json_decref(root);
}

Z3_TEST(test_snes_muldiv__products_quotients_and_divide_by_zero) {
  (void)state;
  /* the operand tables of muldiv.s */
  static const uint8_t mul_a[] = {0x00, 0x01, 0xFF, 0xFE, 0x12, 0x80, 0x07};
  static const uint8_t mul_b[] = {0x00, 0xFF, 0xFF, 0xFD, 0x34, 0x02, 0x00};
  static const uint16_t dividend[] = {1000, 0xFFFF, 0xFFFF, 5, 0x8000, 12345, 0, 255};
  static const uint8_t divisor[] = {7, 1, 0xFF, 9, 0x80, 0, 0, 16};
  json_t *r, *root = run("muldiv", "--frames 2 --read wram:0x100:60", &r);
  assert_string_equal(str_at(r, "stop_reason"), "stp");
  uint8_t b[60];
  read_bytes(r, 0, b, sizeof b);
  for (size_t i = 0; i < sizeof mul_a; i++) {
    assert_int_equal(le16(b + 4 * i), mul_b[i]);               /* RDDIV keeps the multiplier */
    assert_int_equal(le16(b + 4 * i + 2), mul_a[i] * mul_b[i]); /* RDMPY: the product */
  }
  for (size_t i = 0; i < sizeof divisor; i++) {
    const uint8_t *d = b + 4 * (sizeof mul_a + i);
    unsigned q = divisor[i] ? dividend[i] / divisor[i] : 0xFFFF;          /* by 0: $FFFF */
    unsigned rem = divisor[i] ? dividend[i] % divisor[i] : dividend[i];  /* ...and the dividend */
    assert_int_equal(le16(d), q);
    assert_int_equal(le16(d + 2), rem);
  }
  json_decref(root);
}

Z3_TEST(test_snes_dma__into_vram_and_back_through_the_read_ports) {
  (void)state;
  json_t *r, *root = run("dma", "--frames 2 --read wram:0x100:1,vram:0x8000:64,wram:0x240:64,wram:0x280:64", &r);
  uint8_t want[64], got[64];
  for (int i = 0; i < 64; i++) want[i] = (uint8_t)(i * 3 + 1);
  read_bytes(r, 0, got, sizeof got);
  assert_int_equal(got[0], 1);
  for (size_t k = 1; k <= 3; k++) { /* VRAM word $4000 = byte $8000; CPU reads; DMA B to A */
    assert_int_equal(read_bytes(r, k, got, sizeof got), 64);
    assert_memory_equal(got, want, 64);
  }
  json_decref(root);
}

Z3_TEST(test_snes_wram__mirrors_port_and_sram) {
  (void)state;
  json_t *r, *root = run("wram", "--frames 1 --read 'wram:0x100:11,sram:0:1,wram:$7F:FFFF:1'", &r);
  static const uint8_t want[11] = {0xA5, 0x5A, 0xA5, 0x11, 0x22, 0x33, 0x22, 0x33, 0x44, 0x55, 0xC3};
  uint8_t got[16];
  read_bytes(r, 0, got, sizeof got);
  assert_memory_equal(got, want, sizeof want);
  read_bytes(r, 1, got, sizeof got);
  assert_int_equal(got[0], 0xC3); /* $F0:0000 and $70:0000 are the same SRAM byte */
  read_bytes(r, 2, got, sizeof got);
  assert_int_equal(got[0], 0x44); /* $7F:FFFF named by its CPU address */
  json_decref(root);
}

Z3_TEST(test_snes_hdma__one_unit_per_line_into_the_wram_port) {
  (void)state;
  json_t *r, *root = run("hdma", "--frames 3 --read wram:0x100:1,wram:0x400:66", &r);
  assert_string_equal(str_at(r, "stop_reason"), "stp");
  uint8_t got[66], want[66];
  read_bytes(r, 0, got, sizeof got);
  assert_int_equal(got[0], 1);
  /* 64 repeat lines of one byte each, one non-repeat byte, and nothing after the table's end */
  for (int i = 0; i < 64; i++) want[i] = (uint8_t)i;
  want[64] = 0xEE;
  want[65] = 0x55; /* the power-on fill */
  read_bytes(r, 1, got, sizeof got);
  assert_memory_equal(got, want, sizeof want);
  json_decref(root);
}

/* Master clocks between the two latches of one `measure` in timing.s. */
static long window_clocks(const uint8_t *m) {
  long clocks[2];
  for (int k = 0; k < 2; k++) {
    const uint8_t *p = m + 4 * k;
    long dot = p[0] | p[1] << 8, line = p[2] | p[3] << 8;
    long hclock = 4 * dot + (dot > 323 ? 2 : 0) + (dot > 327 ? 2 : 0); /* two 6-clock dots */
    clocks[k] = line * 1364 + hclock;
  }
  return clocks[1] - clocks[0];
}

Z3_TEST(test_snes_timing__slowrom_and_fastrom_fetches) {
  (void)state;
  json_t *r, *root = run("timing", "--frames 1 --read wram:0x100:33", &r);
  uint8_t b[33];
  read_bytes(r, 0, b, sizeof b);
  assert_int_equal(b[32], 1);
  /* a NOP is an opcode fetch plus a 6-clock internal cycle: 8 + 6 in SlowROM,
   * 6 + 6 in FastROM; the windows may differ by one 40-clock refresh pause and
   * the latch resolves 4-clock dots */
  long slow = window_clocks(b + 8) - window_clocks(b);
  long fast = window_clocks(b + 24) - window_clocks(b + 16);
  if (labs(slow - 64 * 14) > 48 || labs(fast - 64 * 12) > 48)
    print_error("64 NOPs: %ld clocks slow, %ld fast\n", slow, fast);
  assert_true(labs(slow - 64 * 14) <= 48);
  assert_true(labs(fast - 64 * 12) <= 48);
  assert_string_equal(str_at(json_object_get(r, "registers"), "pbr"), "$80");
  json_decref(root);
}

static void check_irq(const char *program, unsigned dot_min, unsigned dot_max) {
  json_t *r, *root = run(program, "--frames 5 --read wram:0x100:7", &r);
  uint8_t b[8];
  read_bytes(r, 0, b, sizeof b);
  assert_int_equal(le16(b), 5);          /* one IRQ per frame on line VTIME */
  assert_int_equal(le16(b + 2), 100);    /* the latched line */
  unsigned dot = le16(b + 4);
  if (dot < dot_min || dot > dot_max) print_error("%s: latched dot %u\n", program, dot);
  assert_true(dot >= dot_min && dot <= dot_max);
  assert_int_equal(b[6] & 0x80, 0x80);   /* TIMEUP was set */
  json_decref(root);
}

Z3_TEST(test_snes_irq__v_and_hv_lines_and_dots) {
  (void)state;
  /* V: 10 clocks into the line, so early dots; HV: after dot HTIME = 200, and
   * the handler's first instructions take well under 100 dots */
  check_irq("irq_v", 2, 100);
  check_irq("irq_hv", 201, 300);
}

Z3_TEST(test_snes_joypad__busy_for_about_4224_clocks) {
  (void)state;
  json_t *r, *root = run("joypad", "--frames 2 --read wram:0x100:5", &r);
  uint8_t b[8];
  read_bytes(r, 0, b, sizeof b);
  /* one poll (INX, LDA abs, LSR, BCS) is 80 clocks: 4224 / 80 = 52.8 */
  unsigned polls = le16(b);
  assert_true(polls >= 45 && polls <= 56);
  assert_int_equal(le16(b + 2), 0);      /* no buttons held */
  assert_int_equal(b[4] & 0x81, 0x81);   /* vblank and busy */
  json_decref(root);
}

/* --pad holds buttons through the run; auto-joypad reports them in JOY1 ($4218/$4219). */
Z3_TEST(test_snes_joypad__pad_buttons_reach_joy1) {
  (void)state;
  json_t *r, *root = run("joypad", "--frames 2 --read wram:0x100:5 --pad a,start,left", &r);
  uint8_t b[8];
  read_bytes(r, 0, b, sizeof b);
  assert_int_equal(b[2], 0x80); /* $4218: A X L R 0 0 0 0 */
  assert_int_equal(b[3], 0x12); /* $4219: B Y Select Start Up Down Left Right */
  json_decref(root);
}

/* --input plays a joypad script: each frame's auto-read delivers the buttons
 * the script holds for that frame (frame 0 is the first NMI's frame). */
Z3_TEST(test_snes_joypad__input_script_changes_buttons_per_frame) {
  (void)state;
  char dir[] = "/tmp/z3-joylog-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char *path = z3_strfmt("%s/pad.txt", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs("# press A on frame 3, Start+Up on 5, release on 7\n3 a\n5 start+up\n7 -\n"
        "7 2:b  # controller 2 is not logged\n", f);
  fclose(f);
  char *args = z3_strfmt("--frames 10 --read wram:0x100:34 --input '%s'", path);
  json_t *r, *root = run("joylog", args, &r);
  uint8_t b[40];
  read_bytes(r, 0, b, sizeof b);
  const uint16_t expect[] = {0, 0, 0, 0x0080, 0x0080, 0x1800, 0x1800, 0, 0};
  assert_true(le16(b) >= 9);
  for (unsigned i = 0; i < 9; i++) {
    uint16_t joy1 = le16(b + 2 + 2 * i); /* $4219:$4218, z3_snes_set_pad's bit order */
    if (joy1 != expect[i]) print_error("frame %u: JOY1 %04x, expected %04x\n", i, joy1, expect[i]);
    assert_int_equal(joy1, expect[i]);
  }
  json_decref(root);
  unlink(path);
  rmdir(dir);
  free(args);
  free(path);
}

Z3_TEST(test_snes_run__same_rom_same_arguments_same_output) {
  (void)state;
  int c1, c2;
  char *a = run_text("irq_hv", "--frames 7 --read 'wram:0:256,bus:$00:2100:64'", &c1);
  char *b = run_text("irq_hv", "--frames 7 --read 'wram:0:256,bus:$00:2100:64'", &c2);
  assert_int_equal(c1, 0);
  assert_int_equal(c2, 0);
  assert_string_equal(a, b);
  free(a);
  free(b);
}

/* The real game, when Z3ED_TEST_ROM names it: the run completes, is repeatable,
 * and the CPU executes code (no APU: the game may wait on its sound driver). */
Z3_TEST(test_snes_real_rom__runs_and_repeats) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path || !*path) skip();
  char *cmd = z3_strfmt("'%s' emu run --rom '%s' --frames 120 --read wram:0:4096 --output-format json",
                        Z3_EXE, path);
  char *out[2];
  for (int i = 0; i < 2; i++) {
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    z3_buf b;
    z3_buf_init(&b);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, p)) > 0) z3_buf_append(&b, chunk, n, NULL);
    assert_int_equal(pclose(p), 0);
    out[i] = z3_buf_take_string(&b);
  }
  assert_string_equal(out[0], out[1]);
  json_t *root = json_loads(out[0], 0, NULL);
  assert_non_null(root);
  json_t *r = json_object_get(root, "result");
  assert_int_equal(int_at(r, "frames"), 120);
  assert_true(int_at(r, "instructions") > 1000);
  json_decref(root);
  free(out[0]);
  free(out[1]);
  free(cmd);
}

Z3_RUN(cmocka_unit_test(test_snes_nmi__one_per_frame_at_vblank),
       cmocka_unit_test(test_snes_nmi__until_pc_stops_at_the_handler_in_line_225),
       cmocka_unit_test(test_snes_muldiv__products_quotients_and_divide_by_zero),
       cmocka_unit_test(test_snes_dma__into_vram_and_back_through_the_read_ports),
       cmocka_unit_test(test_snes_wram__mirrors_port_and_sram),
       cmocka_unit_test(test_snes_hdma__one_unit_per_line_into_the_wram_port),
       cmocka_unit_test(test_snes_timing__slowrom_and_fastrom_fetches),
       cmocka_unit_test(test_snes_irq__v_and_hv_lines_and_dots),
       cmocka_unit_test(test_snes_joypad__busy_for_about_4224_clocks),
       cmocka_unit_test(test_snes_joypad__pad_buttons_reach_joy1),
       cmocka_unit_test(test_snes_joypad__input_script_changes_buttons_per_frame),
       cmocka_unit_test(test_snes_run__same_rom_same_arguments_same_output),
       cmocka_unit_test(test_snes_real_rom__runs_and_repeats))
