/*
 * gui/overworld_prerender: every overworld area drawn on a worker thread
 * (gui/jobs.c), so a later choice of area shows at once. The worker gets its
 * own copy of the ROM's bytes and loads its own model from them, so nothing the
 * editor or an edit touches is shared; the pictures are handed to the view on
 * the main loop, and dropped if the ROM changed while they were drawn.
 */
#include <stdio.h>
#include <string.h>

#include "gui/jobs.h"
#include "gui/overworld_view.h"

typedef struct prerender {
  uint8_t *bytes;
  size_t len;
  char name[64];
  int count;                           /* areas drawn */
  int ids[Z3_OW_AREA_MAX];
  z3_ow_image images[Z3_OW_AREA_MAX];
  char why[256];                       /* the first error, if any */
} prerender;

static void work(gui_job *job, void *data) {
  prerender *p = data;
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  z3_overworld *ow = NULL;
  if (z3_rom_from_memory(&rom, p->bytes, p->len, p->name, &err) || z3_ow_load(&ow, rom, &err)) {
    g_strlcpy(p->why, err.message, sizeof p->why);
  } else {
    int total = 0, done = 0;
    for (int i = 0; i < ow->area_count; i++) total += ow->areas[i].parent == i; /* a large area once */
    for (int i = 0; i < ow->area_count; i++) {
      if (ow->areas[i].parent != i) continue;
      gui_job_progress(job, done, total);
      if (z3_ow_render(ow, rom, i, &p->images[p->count], &err) == Z3_OK) p->ids[p->count++] = i;
      else if (!p->why[0]) g_strlcpy(p->why, err.message, sizeof p->why);
      done++;
    }
    gui_job_progress(job, done, total);
  }
  z3_ow_free(ow);
  z3_rom_free(rom);
}

static void apply(GtkWidget *window, gui_tab *tab, void *data) {
  (void)window;
  prerender *p = data;
  GtkWidget *editor = gui_tab_editor(tab, "overworld");
  for (int i = 0; editor && i < p->count; i++) gui_overworld_adopt(editor, p->ids[i], &p->images[i]);
  char text[320];
  if (p->why[0]) snprintf(text, sizeof text, "rendered %d areas in the background; %s", p->count, p->why);
  else snprintf(text, sizeof text, "rendered %d areas in the background", p->count);
  tab->status(tab, text);
}

static void release(void *data) {
  prerender *p = data;
  for (int i = 0; i < p->count; i++) z3_ow_image_release(&p->images[i]);
  g_free(p->bytes);
  g_free(p);
}

void gui_overworld_prerender(GtkWidget *editor, gui_tab *tab) {
  (void)editor;
  prerender *p = g_new0(prerender, 1);
  p->bytes = g_memdup2(tab->doc->rom->data.data, tab->doc->rom->data.len); /* the worker's own copy */
  p->len = tab->doc->rom->data.len;
  g_strlcpy(p->name, z3_doc_name(tab->doc), sizeof p->name);
  static const gui_job_fns fns = {work, apply, release};
  gui_job_start(tab->window, tab, "rendering every area", &fns, p);
}
