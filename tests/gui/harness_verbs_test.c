/*
 * SimulateAction's verbs for the gestures that had only widget names (docs/gui.md, the verb
 * table): the dungeon's door drag and water-fill painting, the overworld's exit and hole
 * markers, the emulator's savestate slots and debugger panels. One `yaze --harness` on the
 * sample grown to 2 MiB with an empty water-fill table (the fixture of
 * tests/cli/cases/dungeon_water_fill.case); beside it the test keeps a copy to which it applies
 * the same z3ed command line after each verb, and the window's ROM must keep that copy's CRC-32
 * (and, saved at the end, its bytes). The emulator's panels are checked against `emu run`.
 */
#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "base/png.h"
#include "debug/rpc.h"
#include "test.h"
#include "harness_launch.h"

static char *tmp, *rom, *cli_rom, *sock;
static pid_t yaze;


static json_t *call(const char *method, json_t *params, int *code) {
  int fd = -1, c = 0;
  json_t *result = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rpc_connect(sock, "yaze harness", NULL, &fd, &err), &err);
  z3_status st = z3_rpc_call(fd, method, params, &result, &c, &err);
  close(fd);
  json_decref(params);
  if (code) *code = c;
  else if (st) print_error("%s: %s\n", method, err.message);
  if (!code) assert_int_equal(st, Z3_OK);
  return result;
}

/* SimulateAction with params given as JSON text; its result must be `want`. */
static json_t *simulate(const char *params_json, const char *want) {
  json_t *p = json_loads(params_json, 0, NULL);
  assert_non_null(p);
  json_t *r = call("SimulateAction", p, NULL);
  const char *got = json_string_value(json_object_get(r, "result"));
  if (strcmp(got, want)) print_error("%s: %s (%s)\n", params_json, got, json_string_value(json_object_get(r, "status")));
  assert_string_equal(got, want);
  return r;
}

static void simulate_ok(const char *params_json) { json_decref(simulate(params_json, "success")); }

/* `z3ed ARGS --format json`'s result (the caller's). */
static json_t *z3ed(const char *args) {
  char *cmd = z3_strfmt("%s %s --format json", Z3_EXE, args);
  FILE *p = popen(cmd, "r");
  assert_non_null(p);
  json_error_t jerr;
  json_t *out = json_loadf(p, 0, &jerr);
  int status = pclose(p);
  if (!out || status) print_error("%s: exit %d\n", cmd, status);
  z3_free(cmd);
  assert_non_null(out);
  json_t *result = json_incref(json_object_get(out, "result"));
  json_decref(out);
  return result;
}

static uint32_t file_crc(const char *path) {
  z3_buf data;
  z3_buf_init(&data);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&data, path, 8u << 20, &err), &err);
  uint32_t crc = z3_crc32(data.data, data.len);
  z3_buf_release(&data);
  return crc;
}

/* The same command line on the CLI's copy; then the window's ROM has the copy's CRC-32. */
static void cli_agrees(const char *command, const char *args) {
  char *line = z3_strfmt("%s --rom %s %s", command, cli_rom, args);
  json_decref(z3ed(line));
  z3_free(line);
  json_t *state = call("GetCanvasState", NULL, NULL);
  char want[16];
  snprintf(want, sizeof want, "0x%08X", file_crc(cli_rom));
  const char *got = json_string_value(json_object_get(state, "rom_crc32"));
  if (strcmp(got, want)) print_error("after %s %s: window %s, CLI %s\n", command, args, got, want);
  assert_string_equal(got, want);
  json_decref(state);
}


Z3_TEST(dungeon_door_verbs_move_a_door_as_move_door_does) {
  (void)state;
  simulate_ok("{\"editor\":\"dungeon\",\"action\":\"select-room\",\"room\":18}");
  json_t *r = simulate("{\"editor\":\"dungeon\",\"action\":\"select-door\",\"door\":0}", "success");
  assert_int_equal(json_integer_value(json_object_get(json_object_get(json_object_get(r, "state"), "selection"), "door")), 0);
  json_decref(r);
  simulate_ok("{\"editor\":\"dungeon\",\"action\":\"move-door\",\"position\":2}");
  cli_agrees("dungeon move-door", "--room 0x12 --index 0 --position 2");
  /* a door the room does not have, and a move with nothing selected */
  json_decref(simulate("{\"editor\":\"dungeon\",\"action\":\"select-door\",\"door\":15}", "nothing there"));
  json_decref(simulate("{\"editor\":\"dungeon\",\"action\":\"move-door\",\"position\":3}", "nothing selected"));
  /* --door with the move: select and move in one */
  simulate_ok("{\"editor\":\"dungeon\",\"action\":\"move-door\",\"door\":0,\"position\":4}");
  cli_agrees("dungeon move-door", "--room 0x12 --index 0 --position 4");
}

Z3_TEST(water_verbs_paint_and_erase_as_set_water_fill_does) {
  (void)state;
  simulate_ok("{\"editor\":\"dungeon\",\"action\":\"select-room\",\"room\":18}");
  json_t *r = simulate("{\"editor\":\"dungeon\",\"action\":\"paint-water\",\"x\":10,\"y\":20,\"width\":3,\"height\":2}", "success");
  assert_int_equal(json_integer_value(json_object_get(json_object_get(r, "state"), "water_tiles")), 6);
  json_decref(r);
  cli_agrees("dungeon set-water-fill", "--room 0x12 --tiles 10,20,3,2");
  r = simulate("{\"editor\":\"dungeon\",\"action\":\"erase-water\",\"x\":11,\"y\":20}", "success");
  assert_int_equal(json_integer_value(json_object_get(json_object_get(r, "state"), "water_tiles")), 5);
  json_decref(r);
  cli_agrees("dungeon set-water-fill", "--room 0x12 --tiles '10,20 12,20 10,21 11,21 12,21'");
  /* painting over tiles already in the zone adds only the new ones (the gesture would erase) */
  simulate_ok("{\"editor\":\"dungeon\",\"action\":\"paint-water\",\"x\":10,\"y\":21,\"width\":4}");
  cli_agrees("dungeon set-water-fill", "--room 0x12 --tiles '10,20 12,20 10,21 11,21 12,21 13,21'");
  /* a rectangle past the map's edge is bad params, nothing runs */
  int code = 0;
  assert_null(call("SimulateAction", json_pack("{s:s,s:s,s:i,s:i,s:i}", "editor", "dungeon", "action", "paint-water", "x", 62, "y", 0,
                                               "width", 3), &code));
  assert_int_equal(code, -32602);
}

/* The sample's area 0x1B holds exit slot 1 (room 0x012, Link at (480, 448) in the area: cell
 * (30, 28), on top of entrance slot 1) and hole slot 1 at cell (40, 44): tests/gui/gui_test_markers.c. */
Z3_TEST(marker_verbs_move_exits_and_holes_as_the_cli_does) {
  (void)state;
  simulate_ok("{\"editor\":\"overworld\",\"action\":\"select-area\",\"area\":27}");
  json_t *r = simulate("{\"editor\":\"overworld\",\"action\":\"select-marker\",\"kind\":\"exit\",\"index\":1}", "success");
  json_t *m = json_object_get(json_object_get(json_object_get(r, "state"), "selection"), "marker");
  assert_string_equal(json_string_value(json_object_get(m, "kind")), "exit");
  assert_int_equal(json_integer_value(json_object_get(m, "x")), 30);
  assert_int_equal(json_integer_value(json_object_get(m, "y")), 28);
  json_decref(r);
  simulate_ok("{\"editor\":\"overworld\",\"action\":\"move-marker\",\"x\":32,\"y\":29}");
  cli_agrees("overworld set-exit", "--slot 1 --room 0x012 --map 0x1B --x 512 --y 464");
  r = simulate("{\"editor\":\"overworld\",\"action\":\"select-marker\",\"kind\":\"hole\",\"index\":1}", "success");
  m = json_object_get(json_object_get(json_object_get(r, "state"), "selection"), "marker");
  assert_string_equal(json_string_value(json_object_get(m, "kind")), "hole");
  assert_int_equal(json_integer_value(json_object_get(m, "x")), 40);
  json_decref(r);
  simulate_ok("{\"editor\":\"overworld\",\"action\":\"move-marker\",\"x\":39,\"y\":46}");
  cli_agrees("overworld set-entrance", "--hole --slot 1 --map 0x1B --x 39 --y 46 --entrance 0x05");
  json_decref(simulate("{\"editor\":\"overworld\",\"action\":\"select-marker\",\"kind\":\"hole\",\"index\":77}", "nothing there"));
  int code = 0;
  assert_null(call("SimulateAction", json_pack("{s:s,s:s,s:s,s:i}", "editor", "overworld", "action", "select-marker", "kind", "ghost",
                                               "index", 1), &code));
  assert_int_equal(code, -32602);
}

/* "PC $00:800F  A $0000 ..." as the registers panel words `emu run`'s registers. */
static char *cli_registers(const json_t *run) {
  json_t *regs = json_object_get(run, "registers");
  return z3_strfmt("PC %s  A %s  X %s  Y %s", json_string_value(json_object_get(regs, "pc")),
                   json_string_value(json_object_get(regs, "a")), json_string_value(json_object_get(regs, "x")),
                   json_string_value(json_object_get(regs, "y")));
}

static const char *field(const json_t *o, const char *key) {
  const char *s = json_string_value(json_object_get(o, key));
  assert_non_null(s);
  return s;
}

Z3_TEST(emulator_verbs_keep_states_in_slots_the_cli_loads) {
  (void)state;
  simulate_ok("{\"editor\":\"emulator\",\"action\":\"reset\"}");
  simulate_ok("{\"editor\":\"emulator\",\"action\":\"step\",\"frames\":30}");
  json_t *r = simulate("{\"editor\":\"emulator\",\"action\":\"save-state\",\"slot\":3}", "success");
  assert_string_equal(field(r, "status"), "state saved to slot 3");
  json_decref(r);
  simulate_ok("{\"editor\":\"emulator\",\"action\":\"step\",\"frames\":5}");
  r = simulate("{\"editor\":\"emulator\",\"action\":\"load-state\",\"slot\":3}", "success");
  assert_non_null(strstr(field(json_object_get(r, "state"), "info"), "frame 30 "));
  json_decref(r);
  r = simulate("{\"editor\":\"emulator\",\"action\":\"step\",\"frames\":2}", "success");
  /* the slot file is where the docs say, and `emu run --load-state` continues from it alike */
  char *slot = z3_strfmt("%s/state/yaze/states/v.sfc.3.state", tmp);
  char *args = z3_strfmt("emu run --rom %s --load-state %s --frames 2", cli_rom, slot);
  json_t *run = z3ed(args);
  char *want = cli_registers(run);
  const char *shown = field(json_object_get(r, "state"), "registers");
  if (!strstr(shown, want)) print_error("window '%s', CLI '%s'\n", shown, want);
  assert_non_null(strstr(shown, want));
  json_decref(run), json_decref(r);
  z3_free(want), z3_free(args), z3_free(slot);
  /* an empty slot: refused with its path named, the console where it was */
  r = simulate("{\"editor\":\"emulator\",\"action\":\"load-state\",\"slot\":9}", "refused");
  assert_non_null(strstr(field(r, "status"), "v.sfc.9.state"));
  assert_non_null(strstr(field(json_object_get(r, "state"), "info"), "frame 32 "));
  json_decref(r);
}

Z3_TEST(debugger_verbs_stop_where_emu_run_until_pc_stops) {
  (void)state;
  simulate_ok("{\"editor\":\"emulator\",\"action\":\"reset\"}");
  json_t *r = simulate("{\"editor\":\"emulator\",\"action\":\"add-breakpoint\",\"address\":\"$00:800F\"}", "success");
  assert_non_null(strstr(field(json_object_get(r, "state"), "breakpoints"), "#1 exec $00:800F  hits 0"));
  json_decref(r);
  simulate_ok("{\"editor\":\"emulator\",\"action\":\"run-to-break\"}");
  r = simulate("{\"editor\":\"emulator\",\"action\":\"show-memory\",\"address\":32768}", "success");
  json_t *st = json_object_get(r, "state");
  char *args = z3_strfmt("emu run --rom %s --until-pc 0x00800F --frames 10 --read bus:0x008000:16", cli_rom);
  json_t *run = z3ed(args);
  char *want = cli_registers(run);
  assert_non_null(strstr(field(st, "registers"), want));
  assert_non_null(strstr(field(st, "breakpoints"), "hits 1"));
  assert_string_equal(field(st, "memory_address"), "0x008000");
  /* the memory view's first row against --read's hex */
  const char *hex = json_string_value(json_object_get(json_array_get(json_object_get(run, "reads"), 0), "hex"));
  char row[128] = "$00:8000 ";
  for (size_t i = 0; i + 1 < strlen(hex) && strlen(row) + 4 < sizeof row; i += 2) {
    char byte[4] = {' ', (char)toupper((unsigned char)hex[i]), (char)toupper((unsigned char)hex[i + 1]), 0};
    strcat(row, byte);
  }
  assert_true(strncmp(field(st, "memory"), row, strlen(row)) == 0);
  json_decref(run), json_decref(r);
  z3_free(want), z3_free(args);
  r = simulate("{\"editor\":\"emulator\",\"action\":\"remove-breakpoint\",\"address\":\"0x00800F\"}", "success");
  assert_string_equal(field(json_object_get(r, "state"), "breakpoints"), "no breakpoints");
  json_decref(r);
  r = simulate("{\"editor\":\"emulator\",\"action\":\"run-to-break\"}", "refused");
  assert_string_equal(field(r, "status"), "no breakpoints: add one first");
  json_decref(r);
  r = simulate("{\"editor\":\"emulator\",\"action\":\"remove-breakpoint\",\"address\":\"$00:800F\"}", "refused");
  assert_string_equal(field(r, "status"), "no breakpoint at $00:800F");
  json_decref(r);
  r = simulate("{\"editor\":\"emulator\",\"action\":\"add-breakpoint\",\"address\":\"here\"}", "refused");
  assert_non_null(strstr(field(r, "status"), "'here' is not an address"));
  json_decref(r);
  int code = 0;
  assert_null(call("SimulateAction", json_pack("{s:s,s:s}", "editor", "emulator", "action", "explode"), &code));
  assert_int_equal(code, -32602);
}

static bool same_file(const char *a, const char *b) {
  z3_buf x, y;
  z3_buf_init(&x), z3_buf_init(&y);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&x, a, 64u << 20, &err), &err);
  assert_ok(z3_file_read(&y, b, 64u << 20, &err), &err);
  bool same = x.len == y.len && memcmp(x.data, y.data, x.len) == 0;
  z3_buf_release(&x), z3_buf_release(&y);
  return same;
}

/* Whether a PNG holds more than one colour (a map, not a canvas not yet drawn). */
static bool has_a_picture(const char *path) {
  z3_buf data;
  z3_buf_init(&data);
  z3_error err;
  z3_error_init(&err);
  z3_image img = {0};
  assert_ok(z3_file_read(&data, path, 64u << 20, &err), &err);
  assert_ok(z3_png_read(&img, data.data, data.len, 0, &err), &err);
  bool varied = false;
  for (size_t i = 4; i < (size_t)img.width * img.height * 4 && !varied; i += 4) varied = memcmp(img.rgba, img.rgba + i, 4) != 0;
  z3_image_release(&img);
  z3_buf_release(&data);
  return varied;
}

/* The map as shown once it has settled: a canvas that just changed size is laid out and drawn
 * on the next frames, so shots are taken until two in a row agree. */
static void shot_of_map(const char *name) {
  char *path = z3_strfmt("%s/%s.png", tmp, name), *last = z3_strfmt("%s/%s-last.png", tmp, name);
  for (int i = 0; i < 50; i++) {
    harness_sleep_ms(100);
    json_decref(call("Screenshot", json_pack("{s:s,s:s}", "target", "ow-map", "path", i % 2 ? path : last), NULL));
    if (i && same_file(path, last)) break;
  }
  z3_free(path), z3_free(last);
}

/* GetCanvasState of the overworld once its background jobs are over (up to a minute). */
static json_t *after_jobs(void) {
  for (int i = 0; i < 1200; i++) {
    json_t *st = call("GetCanvasState", json_pack("{s:s}", "editor", "overworld"), NULL);
    if (!json_array_size(json_object_get(st, "jobs"))) return st;
    json_decref(st);
    harness_sleep_ms(50);
  }
  fail_msg("the background job did not end");
  return NULL;
}

/* The picture a background render leaves must be the one the editor draws itself. */
Z3_TEST(render_all_runs_off_the_ui_thread_and_pings_are_answered_meanwhile) {
  (void)state;
  simulate_ok("{\"editor\":\"overworld\",\"action\":\"select-area\",\"area\":0}");
  shot_of_map("drawn-here");
  json_t *r = simulate("{\"editor\":\"overworld\",\"action\":\"render-all\"}", "started");
  json_t *jobs = json_object_get(json_object_get(r, "state"), "jobs");
  assert_int_equal(json_array_size(jobs), 1); /* answered while the job runs */
  assert_string_equal(json_string_value(json_object_get(json_array_get(jobs, 0), "what")), "rendering every area");
  json_decref(r);
  /* the order: a Ping answered, and after that answer the job is still running */
  json_decref(call("Ping", NULL, NULL));
  json_t *st = call("GetCanvasState", json_pack("{s:s}", "editor", "overworld"), NULL);
  assert_int_equal(json_array_size(json_object_get(st, "jobs")), 1);
  json_decref(st);
  st = after_jobs();
  int cached = (int)json_integer_value(json_object_get(st, "cached_areas"));
  json_decref(st);
  assert_true(cached >= 64); /* at least one world's areas, large ones once */
  r = call("Assert", json_pack("{s:s,s:s,s:s}", "condition", "contains", "target", "status", "equals", "in the background"), NULL);
  assert_true(json_is_true(json_object_get(r, "passed")));
  json_decref(r);
  simulate_ok("{\"editor\":\"overworld\",\"action\":\"select-area\",\"area\":2}");
  simulate_ok("{\"editor\":\"overworld\",\"action\":\"select-area\",\"area\":0}");
  shot_of_map("from-the-cache");
  char *a = z3_strfmt("%s/drawn-here.png", tmp), *b = z3_strfmt("%s/from-the-cache.png", tmp);
  assert_true(has_a_picture(a));
  assert_true(same_file(a, b));
  z3_free(a), z3_free(b);
}

/* An edit while the job runs: its pictures are of older bytes and are dropped, never shown. */
Z3_TEST(a_render_of_a_rom_changed_meanwhile_is_dropped) {
  (void)state;
  json_decref(simulate("{\"editor\":\"overworld\",\"action\":\"render-all\"}", "started"));
  simulate_ok("{\"editor\":\"overworld\",\"action\":\"paint\",\"area\":0,\"x\":3,\"y\":4,\"tile16\":37}");
  json_t *st = after_jobs();
  assert_int_equal(json_integer_value(json_object_get(st, "cached_areas")), 0);
  json_decref(st);
  json_t *r = call("Assert", json_pack("{s:s,s:s,s:s}", "condition", "contains", "target", "status", "equals",
                                       "dropped, the ROM changed while it ran"), NULL);
  assert_true(json_is_true(json_object_get(r, "passed")));
  json_decref(r);
  json_decref(call("Click", json_pack("{s:s}", "action", "win.undo"), NULL)); /* the CLI's copy has no paint */
  cli_agrees("rom info", "");
}

/* Last: the window's ROM saved is the CLI's copy byte for byte. */
Z3_TEST(the_saved_rom_is_what_the_cli_made) {
  (void)state;
  json_decref(call("Click", json_pack("{s:s}", "action", "win.save"), NULL));
  char *args = z3_strfmt("rom diff --from %s --to %s", cli_rom, rom);
  json_t *diff = z3ed(args);
  assert_true(json_is_true(json_object_get(diff, "identical")));
  json_decref(diff);
  z3_free(args);
}

/* The sample grown to 2 MiB with ZScream's custom collision (room 0x012's list at $25:8450,
 * 0x128090 + 3 * 0x12) and the region 0x12E000 zero: yaze's empty water-fill table. */
static int write_fixture(const char *path) {
  z3_buf data;
  z3_buf_init(&data);
  z3_error err;
  z3_error_init(&err);
  if (z3_file_read(&data, Z3_SAMPLE, 8u << 20, &err)) return print_error("%s\n", err.message), -1;
  size_t size = 2u << 20;
  uint8_t *image = z3_calloc(size, 1);
  memcpy(image, data.data, data.len < size ? data.len : size);
  static const uint8_t pointer[] = {0x50, 0x84, 0x25}, list[] = {0xF0, 0xF0, 0x10, 0x02, 0x08, 0xFF, 0xFF};
  memcpy(image + 0x128090 + 3 * 0x12, pointer, sizeof pointer);
  memcpy(image + 0x128450, list, sizeof list);
  z3_status st = z3_file_write_atomic(path, image, size, &(z3_write_opts){0}, &err);
  z3_free(image);
  z3_buf_release(&data);
  return st ? print_error("%s\n", err.message), -1 : 0;
}

static int setup(void **state) {
  (void)state;
  tmp = z3_test_tmpdir();
  rom = z3_strfmt("%s/v.sfc", tmp);
  cli_rom = z3_strfmt("%s/cli.sfc", tmp);
  sock = z3_strfmt("%s/v.sock", tmp);
  if (write_fixture(rom) || write_fixture(cli_rom)) return -1;
  char *dir = z3_strfmt("%s/data", tmp);
  setenv("XDG_DATA_HOME", dir, 1);
  z3_free(dir);
  dir = z3_strfmt("%s/state", tmp); /* the savestate slots */
  setenv("XDG_STATE_HOME", dir, 1);
  z3_free(dir);
  return harness_launch(sock, rom, &yaze);
}

static int teardown(void **state) {
  (void)state;
  bool clean = harness_shutdown(sock, yaze);
  z3_free(rom), z3_free(cli_rom), z3_free(sock), z3_free(tmp);
  return clean ? 0 : -1;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(dungeon_door_verbs_move_a_door_as_move_door_does),
      cmocka_unit_test(water_verbs_paint_and_erase_as_set_water_fill_does),
      cmocka_unit_test(marker_verbs_move_exits_and_holes_as_the_cli_does),
      cmocka_unit_test(emulator_verbs_keep_states_in_slots_the_cli_loads),
      cmocka_unit_test(debugger_verbs_stop_where_emu_run_until_pc_stops),
      cmocka_unit_test(render_all_runs_off_the_ui_thread_and_pings_are_answered_meanwhile),
      cmocka_unit_test(a_render_of_a_rom_changed_meanwhile_is_dropped),
      cmocka_unit_test(the_saved_rom_is_what_the_cli_made),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
