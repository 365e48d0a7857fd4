/* Markers drawn over an overworld render on request: sprites, entrances and
 * holes, exits and secret items, each kind in its own colour so a person can
 * check placements by eye. Colours take palette indices 128 and up, past the
 * 128 BG colours the picture uses. */
#include "zelda3/overworld.h"

enum { OUTLINE = 132 };

const uint8_t z3_ow_marker_rgba[5][4] = {
    {0xF0, 0x30, 0x30, 0xFF}, /* sprites: red */
    {0xF8, 0xD8, 0x20, 0xFF}, /* entrances and holes: yellow */
    {0x30, 0xD0, 0xF0, 0xFF}, /* exits: cyan */
    {0x40, 0xE0, 0x40, 0xFF}, /* items: green */
    {0x10, 0x10, 0x10, 0xFF}, /* outline */
};

typedef struct canvas {
  z3_ow_image *img;
  int origin_x, origin_y; /* the picture's corner in the parent's pixel space */
} canvas;

static void put(const canvas *c, int x, int y, uint8_t colour) {
  x -= c->origin_x, y -= c->origin_y;
  if (x < 0 || y < 0 || x >= (int)c->img->width || y >= (int)c->img->height) return;
  c->img->pixels[(size_t)y * c->img->width + (size_t)x] = colour;
}

/* A size x size square at (x, y): outlined, filled or hollow inside. */
static void square(const canvas *c, int x, int y, int size, uint8_t colour, bool filled) {
  for (int dy = 0; dy < size; dy++)
    for (int dx = 0; dx < size; dx++) {
      bool edge = dx == 0 || dy == 0 || dx == size - 1 || dy == size - 1;
      bool inner = dx == 1 || dy == 1 || dx == size - 2 || dy == size - 2;
      if (edge) put(c, x + dx, y + dy, OUTLINE);
      else if (filled || inner) put(c, x + dx, y + dy, colour);
    }
}


static int draw_sprites(const z3_overworld *ow, const canvas *c, int id, int state) {
  z3_ow_list *l;
  if (z3_ow_sprite_list((z3_overworld *)ow, state, id, &l, NULL) != Z3_OK) return 0;
  for (int i = 0; i < l->count; i++) square(c, l->sprites[i].x * 16, l->sprites[i].y * 16, 16, 128, false);
  return l->count;
}

static int draw_entrances(const z3_overworld *ow, const canvas *c, int parent) {
  int n = 0;
  for (int i = 0; i < ow->entrance_count; i++) {
    const z3_ow_entrance *e = &ow->entrances[i];
    if (!z3_ow_is_listed_entrance(e) || e->area != parent) continue;
    square(c, Z3_OW_POS_X(e->pos) * 16, Z3_OW_POS_Y(e->pos) * 16, 16, 129, true), n++;
  }
  int slots;
  const z3_ow_entrance *holes = z3_ow_hole_table((z3_overworld *)ow, &slots);
  for (int i = 0; i < slots; i++) {
    const z3_ow_entrance *h = &holes[i];
    if (!z3_ow_is_listed_hole(ow, h) || h->area != parent) continue;
    square(c, Z3_OW_POS_X(h->pos) * 16 + 2, Z3_OW_POS_Y(h->pos) * 16 + 2, 12, 129, false), n++;
  }
  return n;
}

static int draw_exits(const z3_overworld *ow, const canvas *c, int parent) {
  int n = 0;
  for (int i = 0; i < Z3_OW_EXIT_COUNT; i++) {
    const z3_ow_exit *e = &ow->exits[i];
    if (e->link_x == 0xFFFF || e->area >= ow->area_count || ow->areas[e->area].parent != parent) continue;
    int x, y;
    z3_ow_area_origin(parent, &x, &y);
    square(c, e->link_x - x, e->link_y - y, 16, 130, true), n++;
  }
  return n;
}

static int draw_items(const z3_overworld *ow, const canvas *c, int parent) {
  if (parent >= Z3_OW_LIST_AREAS) return 0;
  const z3_ow_list *l = &ow->items[parent];
  for (int i = 0; i < l->count; i++) {
    square(c, Z3_OW_POS_X(l->items[i].pos) * 16 + 4, Z3_OW_POS_Y(l->items[i].pos) * 16 + 4, 8, 131, true);
  }
  return l->count;
}

void z3_ow_draw_overlay(const z3_overworld *ow, int id, unsigned kinds, int state, z3_ow_image *img, int counts[4]) {
  int parent = ow->areas[id].parent;
  int ix, iy, px, py;
  z3_ow_area_origin(id, &ix, &iy);
  z3_ow_area_origin(parent, &px, &py);
  canvas c = {img, ix - px, iy - py};
  counts[0] = counts[1] = counts[2] = counts[3] = 0;
  if (kinds & Z3_OW_OVERLAY_ITEMS) counts[3] = draw_items(ow, &c, parent);
  if (kinds & Z3_OW_OVERLAY_ENTRANCES) counts[1] = draw_entrances(ow, &c, parent);
  if (kinds & Z3_OW_OVERLAY_EXITS) counts[2] = draw_exits(ow, &c, parent);
  if (kinds & Z3_OW_OVERLAY_SPRITES) counts[0] = draw_sprites(ow, &c, id, state);
}
