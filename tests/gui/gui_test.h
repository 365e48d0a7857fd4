/* The shared state and helpers of the yaze tests (gui_test.c) for the tests in other files. */
#ifndef Z3_TESTS_GUI_TEST_H
#define Z3_TESTS_GUI_TEST_H

#include <gtk/gtk.h>
#include <jansson.h>

#include "base/png.h"

/* Share of pixels of a whole-editor shot allowed to differ: glyph edges only. */
#define FONT_TOLERANCE 0.005

extern char *tmp, *work;    /* the test's folder; the ROM copy the window has open */
extern GtkWidget *window;

/* `z3ed ARGS --format json`'s result object (the caller's). */
json_t *z3ed_json(const char *args);
/* Screenshot of w compared with ref/NAME.png; max_share of pixels may differ. */
void check_shot(GtkWidget *w, const char *name, double max_share);
/* The whole window for docs/images: written, not compared. */
void doc_shot(const char *name);
/* The widget named `name` under root, depth first. */
GtkWidget *named(GtkWidget *root, const char *name);

/* Copies a file (the ROM before an edit). */
void copy_file(const char *from, const char *to);
/* The saved file equals what `z3ed ARGS --rom BEFORE` makes: the window and the CLI agree. */
void assert_cli_agrees(const char *before, const char *args);
/* The window's win.save action, then idle. */
void save(void);
/* The editor page `name` of the current tab, built if need be and shown. */
GtkWidget *shown_editor(const char *name);
/* The window's title ("work.sfc* - yaze" while edits are unsaved). */
const char *title(void);
/* Emits the "pressed" of w's click gesture at (x, y), then idle. */
void press(GtkWidget *w, double x, double y);

/* A PNG file's pixels (the caller releases them). */
z3_image read_png(const char *path);

/* gui_test_emu.c */
void emulator_saves_and_loads_states(void **state);
void emulator_debugger_stops_at_a_breakpoint(void **state);

/* gui_test_dungeon.c */
void dungeon_drags_an_object_and_toggles_layers(void **state);
void dungeon_resizes_adds_and_removes_objects(void **state);
void dungeon_shows_chests_and_moves_doors(void **state);
void dungeon_paints_water_fill_zones(void **state);

/* gui_test_overworld.c */
void overworld_paints_undoes_redoes_and_saves(void **state);
void right_click_picks_the_tile_under_the_pointer(void **state);
void overworld_fills_and_moves_a_selection(void **state);
void overworld_draws_wide_tall_and_tail_maps(void **state);

/* gui_test_markers.c */
void overworld_drags_markers(void **state);
void overworld_drags_exits_and_holes(void **state);

/* gui_test_jobs.c */
void opening_a_rom_runs_off_the_ui_thread(void **state);
void an_empty_window_explains_a_failed_open(void **state);
/* Iterates the main loop until the window has no job running (up to 30 s under the
 * sanitizers); how many iterations that took. */
int iterations_until_done(void);

/* gui_test_proposals.c */
void proposal_pictures_read_resource_names(void **state);
void proposal_drawer_draws_a_room_change(void **state);
void proposal_drawer_names_a_damaged_registry_and_lost_sandboxes(void **state);

#endif
