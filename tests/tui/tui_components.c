/* tui: the document and each view on an off-screen terminal (newterm on
 * /dev/null), read back through the windows' contents. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "tui/app.h"
#include "tui/capture.h"
#include "tui/term.h"
#include "tui/tree.h"

typedef struct fixture {
  char *dir, path[512];
  z3_doc *doc;
  tui_app *app;
  SCREEN *screen;
  FILE *out, *in;
} fixture;

static void open_screen(fixture *f, const char *term, int lines, int cols) {
  char l[16], c[16];
  snprintf(l, sizeof l, "%d", lines);
  snprintf(c, sizeof c, "%d", cols);
  setenv("LINES", l, 1);
  setenv("COLUMNS", c, 1);
  f->out = fopen("/dev/null", "w");
  f->in = fopen("/dev/null", "r");
  f->screen = newterm(term, f->out, f->in);
  assert_non_null(f->screen);
  set_term(f->screen);
  tui_colors_init();
}

static void close_screen(fixture *f) {
  endwin();
  delscreen(f->screen);
  fclose(f->out);
  fclose(f->in);
}

static void setup(fixture *f) {
  memset(f, 0, sizeof *f);
  z3_error err;
  z3_error_init(&err);
  f->dir = z3_test_tmpdir();
  snprintf(f->path, sizeof f->path, "%s/rom.sfc", f->dir);
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_write_opts opts = {.backup = false};
  assert_ok(z3_rom_save(rom, f->path, &opts, &err), &err);
  z3_rom_free(rom);
  assert_ok(z3_doc_open(&f->doc, f->path, &err), &err);
  open_screen(f, "xterm-256color", 30, 100);
  f->app = tui_app_new(f->doc);
  assert_non_null(f->app);
}

static void teardown(fixture *f) {
  tui_app_free(f->app);
  z3_doc_free(f->doc);
  close_screen(f);
  free(f->dir);
}

/* Row y of a window as text, trailing blanks dropped. */
static const char *row(WINDOW *w, int y) {
  static char text[512];
  mvwinnstr(w, y, 0, text, (int)sizeof text - 1);
  for (size_t n = strlen(text); n && text[n - 1] == ' ';) text[--n] = '\0';
  return text;
}

static bool window_has(WINDOW *w, const char *needle) {
  for (int y = 0; y < getmaxy(w); y++)
    if (strstr(row(w, y), needle)) return true;
  return false;
}

static WINDOW *draw(tui_view *v) {
  WINDOW *w = newwin(28, 100, 1, 0);
  v->render(v, w);
  return w;
}

Z3_TEST(dashboard_shows_header_and_counts) {
  (void)state;
  fixture f;
  setup(&f);
  z3_rom_header h;
  z3_rom_read_header(f.doc->rom, &h);
  WINDOW *w = draw(tui_app_find(f.app, "dashboard"));
  char expect[64];
  snprintf(expect, sizeof expect, "Title     %.12s", h.title);
  assert_true(window_has(w, expect));
  snprintf(expect, sizeof expect, "Checksum  $%04X stored", h.checksum);
  assert_true(window_has(w, expect));
  assert_true(window_has(w, "computed: valid"));
  assert_true(window_has(w, "rom validate: 0 errors"));
  assert_true(window_has(w, "rooms "));
  delwin(w);
  teardown(&f);
}

Z3_TEST(hex_view_types_a_byte_through_the_change_log) {
  (void)state;
  fixture f;
  setup(&f);
  tui_view *v = tui_app_find(f.app, "hex");
  assert_true(v->handle_key(v, KEY_DOWN));
  assert_true(v->handle_key(v, 'c'));
  assert_int_not_equal(f.doc->rom->data.data[0x10], 0xc3); /* the high nibble waits */
  assert_true(v->handle_key(v, '3'));
  assert_int_equal(f.doc->rom->data.data[0x10], 0xc3);
  assert_int_equal(f.doc->undo.count, 1);
  WINDOW *w = draw(v);
  assert_non_null(strstr(row(w, 1), "c3"));
  assert_true(window_has(w, "PC 0x000011")); /* the cursor moved on */
  assert_false(v->handle_key(v, 'q'));      /* left to the app */
  delwin(w);
  teardown(&f);
}

Z3_TEST(palette_view_lists_groups_and_colours) {
  (void)state;
  fixture f;
  setup(&f);
  tui_view *v = tui_app_find(f.app, "palette");
  WINDOW *w = draw(v);
  assert_true(window_has(w, "global_sprites"));
  assert_true(window_has(w, "palette 0 of 2, colour 0: $"));
  delwin(w);
  assert_true(v->handle_key(v, KEY_NPAGE));
  w = draw(v);
  assert_true(window_has(w, "armors: "));
  delwin(w);
  teardown(&f);
}

static void type(tui_view *v, const char *text) {
  for (const char *p = text; *p; p++) v->handle_key(v, *p);
}

Z3_TEST(command_palette_runs_a_command) {
  (void)state;
  fixture f;
  setup(&f);
  tui_app_key(f.app, 16); /* Ctrl-P from the dashboard */
  tui_view *v = &f.app->views[f.app->current];
  assert_string_equal(v->name, "commands");
  type(v, "rom info");
  WINDOW *w = draw(v);
  assert_non_null(strstr(row(w, 2), "rom info"));
  delwin(w);
  v->handle_key(v, '\n');
  v->handle_key(v, KEY_END);
  v->handle_key(v, '\n');
  w = draw(v);
  assert_true(window_has(w, "rom info: done"));
  assert_true(window_has(w, "mapping: LoROM"));
  delwin(w);
  teardown(&f);
}

Z3_TEST(small_terminal_is_refused_and_tabs_switch) {
  (void)state;
  fixture f;
  setup(&f);
  tui_app_draw(f.app);
  assert_non_null(strstr(row(stdscr, 0), "1 dashboard"));
  tui_app_key(f.app, '\t');
  assert_string_equal(f.app->views[f.app->current].name, "hex");
  resizeterm(20, 60);
  assert_false(tui_term_big_enough());
  tui_app_draw(f.app);
  assert_string_equal(row(stdscr, 0), "terminal too small: 60x20");
  resizeterm(30, 100);
  tui_app_draw(f.app);
  assert_non_null(strstr(row(stdscr, 0), "2 hex"));
  teardown(&f);
}

Z3_TEST(colours_follow_the_terminal) {
  (void)state;
  fixture f;
  setup(&f);
  assert_true(tui_color_rgb(255, 0, 0) >= 8); /* 256 colours or one of our own */
  close_screen(&f);
  open_screen(&f, "vt100", 24, 80);
  assert_int_equal(tui_color_rgb(255, 0, 0), -1);
  assert_int_equal(tui_shade(0, 0, 0), ' ');
  assert_int_equal(tui_shade(255, 255, 255), '@');
  tui_app_free(f.app);
  z3_doc_free(f.doc);
  close_screen(&f);
  free(f.dir);
}

Z3_TEST(room_and_area_browsers_describe_and_jump_to_the_edit) {
  (void)state;
  fixture f;
  setup(&f);
  tui_view *v = tui_app_find(f.app, "rooms");
  v->handle_key(v, KEY_DOWN);
  WINDOW *w = draw(v);
  assert_true(window_has(w, "room: 0x001")); /* dungeon describe's own field */
  assert_true(window_has(w, "blockset: 0x"));
  delwin(w);
  v = tui_app_find(f.app, "areas");
  w = draw(v);
  assert_true(window_has(w, "map: 0x00"));
  delwin(w);
  assert_true(v->handle_key(v, 'e'));
  assert_string_equal(f.app->views[f.app->current].name, "commands");
  w = draw(&f.app->views[f.app->current]);
  assert_true(window_has(w, "z3ed overworld set-area"));
  assert_true(window_has(w, "--map              text    0x00"));
  delwin(w);
  teardown(&f);
}

Z3_TEST(result_tree_lines) {
  (void)state;
  json_t *v = json_pack("{s:i,s:{s:s},s:[i,i]}", "size", 4, "header", "title", "ZELDA", "list", 1, 2);
  tui_lines l = {0};
  tui_lines_from_json(&l, v);
  assert_int_equal(l.count, 6);
  assert_string_equal(l.items[0], "size: 4");
  assert_string_equal(l.items[1], "header:");
  assert_string_equal(l.items[2], "  title: ZELDA");
  assert_string_equal(l.items[4], "  [0] 1");
  tui_lines_clear(&l);
  json_decref(v);
}

typedef struct live_seen {
  char all[2048];
  int lines;
  json_t **result; /* still NULL while the run goes on */
  bool before_result;
} live_seen;

static void saw_line(const char *line, void *data) {
  live_seen *s = data;
  s->lines++;
  size_t used = strlen(s->all);
  snprintf(s->all + used, sizeof s->all - used, "%s\n", line);
  s->before_result = *s->result == NULL;
}

/* The chat's agent run reports each tool call while it runs, not with its result. */
Z3_TEST(agent_tool_calls_arrive_while_the_run_goes_on) {
  (void)state;
  fixture f;
  setup(&f);
  char *home = z3_strfmt("%s/state", f.dir), *script = z3_strfmt("%s/examples/agent/recolor.json", Z3_SOURCE_DIR);
  setenv("Z3ED_HOME", home, 1);
  const char *words[] = {"agent", "run", "--prompt", "make the tunic red", "--replay", script};
  json_t *res = NULL;
  live_seen seen = {.result = &res};
  z3_error err;
  z3_error_init(&err);
  assert_ok(tui_run_live(f.doc, 6, words, &res, saw_line, &seen, &err), &err);
  assert_true(seen.lines >= 1);
  if (!strstr(seen.all, "tool palette_set_color")) print_error("lines seen:\n%s", seen.all);
  assert_non_null(strstr(seen.all, "tool palette_set_color"));
  assert_true(seen.before_result);
  assert_true((size_t)seen.lines >= json_array_size(json_object_get(res, "calls"))); /* and describe_tools, notices */
  json_decref(res);
  unsetenv("Z3ED_HOME");
  z3_free(home);
  z3_free(script);
  teardown(&f);
}

Z3_RUN(cmocka_unit_test(dashboard_shows_header_and_counts),
       cmocka_unit_test(hex_view_types_a_byte_through_the_change_log), cmocka_unit_test(palette_view_lists_groups_and_colours),
       cmocka_unit_test(command_palette_runs_a_command), cmocka_unit_test(small_terminal_is_refused_and_tabs_switch),
       cmocka_unit_test(colours_follow_the_terminal), cmocka_unit_test(room_and_area_browsers_describe_and_jump_to_the_edit),
       cmocka_unit_test(result_tree_lines), cmocka_unit_test(agent_tool_calls_arrive_while_the_run_goes_on))
