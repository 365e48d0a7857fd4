/*
 * tui/view_world: the room browser and the area browser, one component
 * over two descriptions. The list holds every id; the fields are what
 * `dungeon describe` / `overworld describe` return (run through the table,
 * so the names are the CLI's); the preview is the picture `dungeon render` /
 * `overworld render` draw, scaled down into half-blocks; `e` opens the
 * command that edits the selected thing in the command palette. Rooms also
 * have a water-fill mode (`f`): the fields become `dungeon water-fill --room`'s
 * answer (yaze's zones, where the ROM has the table) and `e` asks for the
 * zone's tiles and runs `dungeon set-water-fill` with them.
 *
 * The area list follows the ROM: 192 maps with the special-world tail maps,
 * and each group's size (large, or ZSCustomOverworld v3's wide and tall) at
 * its parent, "in 0xNN" at its other screens.
 */
#include <stdio.h>
#include <string.h>

#include "tui/component.h"
#include "tui/tree.h"
#include "zelda3/dungeon.h"
#include "zelda3/dungeon_render.h"
#include "zelda3/overworld.h"

enum { LIST_COLS = 19, FIELD_COLS = 34 };

/* A picture as palette indices and the palette's RGBA. */
typedef struct picture {
  int width, height;
  const uint8_t *pixels;
  const uint8_t (*rgba)[4];
} picture;

typedef struct world_kind {
  const char *name, *noun, *id_flag, *describe[2], *edit[2];
  int count, id_digits;
  bool (*render)(void *cache, const z3_doc *doc, int id, picture *out, char *error, size_t cap);
  void (*release)(void *cache);
  /* Optional: ids in this document (else count), and what follows an id in the list. */
  int (*count_in)(void *cache, const z3_doc *doc);
  void (*label)(void *cache, const z3_doc *doc, int id, char *out, size_t cap);
  /* Optional second mode (`f`): its describe command, and the edit run with a prompted value. */
  const char *alt_describe[2], *alt_edit[2], *alt_flag, *alt_prompt;
} world_kind;

typedef struct world_view {
  const world_kind *kind;
  int selected, top, scroll;
  bool alt;                     /* the kind's second mode (rooms: water-fill) */
  tui_lines fields;
  int fields_id;
  unsigned fields_generation, picture_generation;
  int picture_id;
  bool picture_ok;
  picture pic;
  char error[160];
  void *cache;
} world_view;

static const tui_key_help keys[] = {
    {"Up / Down", "select"}, {"PgUp / PgDn", "scroll the fields"}, {"Home / End", "first / last"},
    {"e", "edit: the command that changes it, in the command palette"},
    {"f", "rooms: water-fill mode (dungeon water-fill; e sets the zone's tiles)"}, {NULL, NULL},
};

/* ---- rooms ---------------------------------------------------------------- */

typedef struct room_cache {
  z3_dungeon *dungeon;
  unsigned generation;
  bool loaded;
  z3_room_image image;
} room_cache;

static bool render_room(void *cache, const z3_doc *doc, int id, picture *out, char *error, size_t cap) {
  room_cache *c = cache;
  z3_error err;
  z3_error_init(&err);
  if (!c->loaded || c->generation != doc->generation) {
    z3_dungeon_free(c->dungeon);
    c->dungeon = NULL;
    c->loaded = true, c->generation = doc->generation;
    if (z3_dungeon_load(doc->rom, &c->dungeon, &err)) c->dungeon = NULL;
  }
  if (!c->dungeon || z3_room_render(doc->rom, c->dungeon, id, Z3_RENDER_ALL, &c->image, &err)) {
    snprintf(error, cap, "%.150s", err.message[0] ? err.message : "no dungeon data");
    return false;
  }
  *out = (picture){Z3_ROOM_PIXELS, Z3_ROOM_PIXELS, c->image.pixels, (const uint8_t(*)[4])c->image.palette};
  return true;
}

static void release_rooms(void *cache) {
  room_cache *c = cache;
  if (c) z3_dungeon_free(c->dungeon);
  z3_free(c);
}

static const world_kind rooms = {
    .name = "rooms", .noun = "room", .id_flag = "--room", .describe = {"dungeon", "describe"},
    .edit = {"dungeon", "set-header"}, .count = Z3_ROOM_COUNT, .id_digits = 3, .render = render_room,
    .release = release_rooms, .alt_describe = {"dungeon", "water-fill"}, .alt_edit = {"dungeon", "set-water-fill"},
    .alt_flag = "--tiles", .alt_prompt = "water tiles ('x,y' and 'x,y,w,h'; empty removes the zone):",
};

/* ---- areas ---------------------------------------------------------------- */

typedef struct area_cache {
  z3_overworld *ow;
  unsigned generation;
  bool loaded;
  z3_ow_image image;
} area_cache;

/* The document's overworld, loaded once per generation; NULL when it does not load. */
static const z3_overworld *area_model(area_cache *c, const z3_doc *doc, z3_error *err) {
  if (!c->loaded || c->generation != doc->generation) {
    z3_ow_free(c->ow);
    c->ow = NULL;
    c->loaded = true, c->generation = doc->generation;
    if (z3_ow_load(&c->ow, doc->rom, err)) c->ow = NULL;
  }
  return c->ow;
}

static int area_count(void *cache, const z3_doc *doc) {
  const z3_overworld *ow = area_model(cache, doc, NULL);
  return ow ? ow->area_count : Z3_OW_AREA_COUNT;
}

static void area_label(void *cache, const z3_doc *doc, int id, char *out, size_t cap) {
  const z3_overworld *ow = area_model(cache, doc, NULL);
  const z3_ow_area *a = ow ? &ow->areas[id] : NULL;
  if (a && a->parent != id) snprintf(out, cap, "in 0x%02X", a->parent);
  else if (a && a->size != Z3_OW_SMALL) snprintf(out, cap, "%s", z3_ow_size_name(a->size));
  else out[0] = '\0';
}

static bool render_area(void *cache, const z3_doc *doc, int id, picture *out, char *error, size_t cap) {
  area_cache *c = cache;
  z3_error err;
  z3_error_init(&err);
  area_model(c, doc, &err);
  z3_ow_image_release(&c->image);
  if (!c->ow || z3_ow_render(c->ow, doc->rom, id, &c->image, &err)) {
    snprintf(error, cap, "%.150s", err.message[0] ? err.message : "no overworld data");
    return false;
  }
  *out = (picture){(int)c->image.width, (int)c->image.height, c->image.pixels, (const uint8_t(*)[4])c->image.palette};
  return true;
}

static void release_areas(void *cache) {
  area_cache *c = cache;
  if (c) {
    z3_ow_image_release(&c->image);
    z3_ow_free(c->ow);
  }
  z3_free(c);
}

static const world_kind areas = {
    .name = "areas", .noun = "area", .id_flag = "--map", .describe = {"overworld", "describe"},
    .edit = {"overworld", "set-area"}, .count = Z3_OW_AREA_COUNT, .id_digits = 2, .render = render_area,
    .release = release_areas, .count_in = area_count, .label = area_label,
};

/* ---- the component ---------------------------------------------------------- */

static void id_text(const world_view *w, int id, char out[16]) { snprintf(out, 16, "0x%0*X", w->kind->id_digits, id); }

static int id_count(const world_view *w, z3_doc *doc) {
  return w->kind->count_in ? w->kind->count_in(w->cache, doc) : w->kind->count;
}

static void load_fields(world_view *w, z3_doc *doc) {
  if (w->fields_id == w->selected && w->fields_generation == doc->generation && w->fields.count) return;
  char id[16];
  id_text(w, w->selected, id);
  const char *const *describe = w->alt ? w->kind->alt_describe : w->kind->describe;
  const char *words[] = {describe[0], describe[1], w->kind->id_flag, id};
  json_t *result = NULL;
  z3_error err;
  z3_error_init(&err);
  tui_lines_clear(&w->fields);
  if (z3_doc_run(doc, 4, words, &result, &err)) tui_lines_add(&w->fields, "error: %s", err.message);
  if (result) tui_lines_from_json(&w->fields, result);
  json_decref(result);
  w->fields_id = w->selected, w->fields_generation = doc->generation, w->scroll = 0;
}

static void draw_list(WINDOW *win, world_view *w, z3_doc *doc) {
  int rows = getmaxy(win), count = id_count(w, doc);
  if (w->selected >= count) w->selected = count - 1; /* the ROM lost ids (an undone patch) */
  if (w->selected < w->top) w->top = w->selected;
  if (w->selected >= w->top + rows) w->top = w->selected - rows + 1;
  for (int r = 0; r < rows && w->top + r < count; r++) {
    char id[16], label[16] = "";
    id_text(w, w->top + r, id);
    if (w->kind->label) w->kind->label(w->cache, doc, w->top + r, label, sizeof label);
    tui_print(win, r, 0, w->top + r == w->selected ? COLOR_PAIR(TUI_PAIR_SELECTED) | A_BOLD : 0, " %s %-5s %-7s", w->kind->noun,
              id, label);
  }
}

static void draw_fields(WINDOW *win, world_view *w) {
  int rows = getmaxy(win) - 1;
  for (int r = 0; r < rows && (size_t)(w->scroll + r) < w->fields.count; r++)
    mvwaddnstr(win, r, LIST_COLS + 1, w->fields.items[w->scroll + r], FIELD_COLS - 1);
  const char *const *edit = w->alt ? w->kind->alt_edit : w->kind->edit;
  tui_print(win, rows, LIST_COLS + 1, COLOR_PAIR(TUI_PAIR_DIM), "e: %s %s", edit[0], edit[1]);
}

static void draw_picture(WINDOW *win, world_view *w, z3_doc *doc) {
  int x = LIST_COLS + FIELD_COLS + 1, cols = getmaxx(win) - x, rows = getmaxy(win);
  if (cols < 8) return;
  if (w->picture_id != w->selected || w->picture_generation != doc->generation) {
    w->picture_ok = w->kind->render(w->cache, doc, w->selected, &w->pic, w->error, sizeof w->error);
    w->picture_id = w->selected, w->picture_generation = doc->generation;
  }
  if (!w->picture_ok) {
    tui_print(win, 0, x, COLOR_PAIR(TUI_PAIR_ERROR), "%s", w->error);
    return;
  }
  int step = (w->pic.width + cols - 1) / cols, vstep = (w->pic.height + rows * 2 - 1) / (rows * 2);
  if (vstep > step) step = vstep;
  for (int r = 0; r < rows && r * 2 * step < w->pic.height; r++)
    for (int c = 0; c < cols && c * step < w->pic.width; c++) {
      int colors[2];
      for (int half = 0; half < 2; half++) {
        int py = (r * 2 + half) * step;
        const uint8_t *rgba = w->pic.rgba[py < w->pic.height ? w->pic.pixels[(size_t)py * (size_t)w->pic.width + (size_t)(c * step)] : 0];
        colors[half] = tui_color_rgb(rgba[0], rgba[1], rgba[2]);
      }
      if (colors[0] < 0) {
        const uint8_t *rgba = w->pic.rgba[w->pic.pixels[(size_t)(r * 2 * step) * (size_t)w->pic.width + (size_t)(c * step)]];
        mvwaddch(win, r, x + c, (chtype)(unsigned char)tui_shade(rgba[0], rgba[1], rgba[2]));
      } else {
        tui_half_block(win, r, x + c, colors[0], colors[1]);
      }
    }
}

static void render(tui_view *v, WINDOW *win) {
  world_view *w = v->state;
  z3_doc *doc = tui_app_doc(v->app);
  load_fields(w, doc);
  draw_list(win, w, doc);
  draw_fields(win, w);
  draw_picture(win, w, doc);
}

/* The second mode's edit: the value asked for, then one command (an undo step); `--remove`
 * for an empty answer. The answer or the command's error goes to the status bar. */
static void alt_edit(tui_view *v, world_view *w, const char *id) {
  char value[1024] = "";
  if (!tui_app_prompt(v->app, w->kind->alt_prompt, value, sizeof value)) return;
  const char *words[] = {w->kind->alt_edit[0], w->kind->alt_edit[1], w->kind->id_flag, id,
                         value[0] ? w->kind->alt_flag : "--remove", value};
  z3_error err;
  z3_error_init(&err);
  json_t *result = NULL;
  if (z3_doc_run(tui_app_doc(v->app), value[0] ? 6 : 5, words, &result, &err))
    tui_app_message(v->app, "%s", err.message);
  else
    tui_app_message(v->app, "%s %s done", w->kind->alt_edit[0], w->kind->alt_edit[1]);
  json_decref(result);
  w->fields_id = -1;
}

static bool handle_key(tui_view *v, int key) {
  world_view *w = v->state;
  int last = id_count(w, tui_app_doc(v->app)) - 1, fields = w->fields.count ? (int)w->fields.count - 1 : 0;
  switch (key) {
  case KEY_UP: w->selected -= w->selected > 0; return true;
  case KEY_DOWN: w->selected += w->selected < last; return true;
  case KEY_HOME: w->selected = 0; return true;
  case KEY_END: w->selected = last; return true;
  case KEY_NPAGE: w->scroll = w->scroll + 10 < fields ? w->scroll + 10 : fields; return true;
  case KEY_PPAGE: w->scroll = w->scroll > 10 ? w->scroll - 10 : 0; return true;
  case 'f':
    if (!w->kind->alt_describe[0]) return false;
    w->alt = !w->alt, w->fields_id = -1;
    return true;
  case 'e': {
    char id[16];
    id_text(w, w->selected, id);
    if (w->alt) {
      alt_edit(v, w, id);
      return true;
    }
    tui_app_open_command(v->app, w->kind->edit[0], w->kind->edit[1], w->kind->id_flag + 2, id);
    return true;
  }
  default: return false;
  }
}

static void destroy(tui_view *v) {
  world_view *w = v->state;
  if (!w) return;
  tui_lines_clear(&w->fields);
  w->kind->release(w->cache);
  z3_free(w);
}

static void world_view_init(tui_view *v, tui_app *app, const world_kind *kind, size_t cache_size) {
  world_view *w = z3_calloc(1, sizeof *w);
  void *cache = z3_calloc(1, cache_size);
  if (!w || !cache) {
    z3_free(w), z3_free(cache);
    w = NULL;
  } else {
    w->kind = kind, w->cache = cache, w->fields_id = -1, w->picture_id = -1;
  }
  *v = (tui_view){.name = kind->name, .keys = keys, .app = app, .state = w,
                  .render = render, .handle_key = handle_key, .destroy = destroy};
}

void tui_rooms_view(tui_view *v, tui_app *app) { world_view_init(v, app, &rooms, sizeof(room_cache)); }
void tui_areas_view(tui_view *v, tui_app *app) { world_view_init(v, app, &areas, sizeof(area_cache)); }
