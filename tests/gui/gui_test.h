/* The shared state and helpers of the yaze tests (gui_test.c) for the tests in other files. */
#ifndef Z3_TESTS_GUI_TEST_H
#define Z3_TESTS_GUI_TEST_H

#include <gtk/gtk.h>
#include <jansson.h>

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

/* gui_test_proposals.c */
void proposal_pictures_read_resource_names(void **state);
void proposal_drawer_draws_a_room_change(void **state);

#endif
