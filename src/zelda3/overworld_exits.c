/* Placing exits and transports (world reference §2.7, §2.9): a position in an
 * area, from which the scroll, camera and load-offset fields follow the way
 * ZScream and yaze recompute them when an exit is dragged, so that a moved
 * exit shows Link on screen with the camera in bounds. */
#include <stdio.h>
#include <string.h>

#include "zelda3/overworld.h"

typedef struct place {
  uint16_t load_offset, scroll_y, scroll_x, link_y, link_x, camera_y, camera_x;
} place;

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

enum { SCREEN_W = 256, SCREEN_H = 224 };

/* x, y: pixels from the parent area's upper-left corner. */
static place place_in(const z3_overworld *ow, int parent, int x, int y) {
  int base_x, base_y;
  z3_ow_area_origin(parent, &base_x, &base_y);
  int w, h;
  z3_ow_area_grid(ow, parent, &w, &h);
  int link_x = base_x + x, link_y = base_y + y;
  int scroll_x = clamp(link_x - 120, base_x, base_x + w * 16 - SCREEN_W);
  int scroll_y = clamp(link_y - 80, base_y, base_y + h * 16 - SCREEN_H);
  unsigned load = (unsigned)((scroll_y - base_y) >> 4 & 0x3F) << 7 | (unsigned)((scroll_x - base_x) >> 4 & 0x3F) << 1;
  return (place){(uint16_t)load, (uint16_t)scroll_y, (uint16_t)scroll_x, (uint16_t)link_y, (uint16_t)link_x,
                 (uint16_t)(link_y + 0x1F), (uint16_t)(link_x + 7)};
}

/* The parent of `area` after checking that (x, y) lies inside it. */
static z3_status check_position(const z3_overworld *ow, int area, int x, int y, int *parent, z3_error *err) {
  z3_status st = z3_ow_check_map(ow, area, err);
  if (st) return st;
  *parent = ow->areas[area].parent;
  int w, h;
  char range[48];
  z3_ow_area_grid(ow, *parent, &w, &h);
  if (x < 0 || y < 0 || x >= w * 16 || y >= h * 16) {
    return z3_error_set(err, Z3_E_INVALID, "position (%d,%d) is outside area 0x%02X (pixels %s)", x, y, *parent,
                        z3_ow_grid_text(w * 16, h * 16, range));
  }
  return Z3_OK;
}

static bool room_has_exit(int room) { return (room >= 0 && room < 0x128) || (room >= 0x180 && room < 0x1A0); }

z3_status z3_ow_place_exit(z3_overworld *ow, int slot, int room, int area, int x, int y, z3_error *err) {
  if (slot < 0 || slot >= Z3_OW_EXIT_COUNT) {
    return z3_error_set(err, Z3_E_NOT_FOUND, "exit slot %d does not exist (0-%d)", slot, Z3_OW_EXIT_COUNT - 1);
  }
  if (!room_has_exit(room)) {
    return z3_error_set(err, Z3_E_INVALID,
                        "room 0x%03X cannot have an exit: rooms are 0x000-0x127, special-overworld exits 0x180-0x19F", room);
  }
  int parent;
  z3_status st = check_position(ow, area, x, y, &parent, err);
  if (st) return st;
  z3_ow_exit *e = &ow->exits[slot];
  place p = place_in(ow, parent, x, y);
  snprintf(ow->places_why, sizeof ow->places_why, "exit slot %d set to room 0x%03X, area 0x%02X (%d,%d)", slot, room,
           parent, x, y);
  e->room = (uint16_t)room, e->area = (uint8_t)parent, e->load_offset = p.load_offset;
  e->scroll_y = p.scroll_y, e->scroll_x = p.scroll_x, e->link_y = p.link_y, e->link_x = p.link_x;
  e->camera_y = p.camera_y, e->camera_x = p.camera_x;
  return Z3_OK;
}

z3_status z3_ow_clear_exit(z3_overworld *ow, int slot, z3_error *err) {
  if (slot < 0 || slot >= Z3_OW_EXIT_COUNT) {
    return z3_error_set(err, Z3_E_NOT_FOUND, "exit slot %d does not exist (0-%d)", slot, Z3_OW_EXIT_COUNT - 1);
  }
  /* The editors' mark of a deleted exit: the game never finds Link at 0xFFFF. */
  ow->exits[slot].link_x = ow->exits[slot].link_y = 0xFFFF;
  ow->exits[slot].door1 = ow->exits[slot].door2 = 0;
  snprintf(ow->places_why, sizeof ow->places_why, "exit slot %d cleared", slot);
  return Z3_OK;
}

const char *const z3_ow_exit_door_names[] = {"none", "wooden", "bombable", "sanctuary", "palace", NULL};

z3_status z3_ow_set_exit_door(z3_overworld *ow, int slot, int kind, int x, int y, z3_error *err) {
  if (slot < 0 || slot >= Z3_OW_EXIT_COUNT) {
    return z3_error_set(err, Z3_E_NOT_FOUND, "exit slot %d does not exist (0-%d)", slot, Z3_OW_EXIT_COUNT - 1);
  }
  if (kind < 0 || kind > 4) return z3_error_set(err, Z3_E_INVALID, "door kind %d does not exist", kind);
  z3_ow_exit *e = &ow->exits[slot];
  int w, h;
  char range[48];
  z3_ow_area_grid(ow, e->area < ow->area_count ? ow->areas[e->area].parent : 0, &w, &h);
  if (kind && (x < 0 || y < 0 || x >= w || y >= h)) {
    return z3_error_set(err, Z3_E_INVALID, "door position (%d,%d) is outside area 0x%02X (tile16 %s)", x, y, e->area,
                        z3_ow_grid_text(w, h, range));
  }
  /* One word holds the door: door 1 for wooden (flag 0) and bombable (flag 1),
   * door 2 for sanctuary (0) and palace (1); the game allows only one set. */
  uint16_t word = kind ? (uint16_t)((kind == 2 || kind == 4 ? 0x8000u : 0) | Z3_OW_POS(x, y)) : 0;
  e->door1 = kind == 1 || kind == 2 ? word : 0;
  e->door2 = kind == 3 || kind == 4 ? word : 0;
  size_t n = sizeof ow->places_why, used = strnlen(ow->places_why, n);
  snprintf(ow->places_why + used, n - used, "%sexit slot %d door %s", used ? ", " : "", slot, z3_ow_exit_door_names[kind]);
  return Z3_OK;
}

z3_status z3_ow_place_transport(z3_overworld *ow, int slot, int area, int x, int y, int whirlpool_in, z3_error *err) {
  if (slot < 0 || slot >= Z3_OW_TRANSPORT_COUNT) {
    return z3_error_set(err, Z3_E_NOT_FOUND, "transport slot %d does not exist (0-7 flute, 8 pyramid, 9-16 whirlpools)", slot);
  }
  if (area >= Z3_OW_LIST_AREAS) return z3_error_set(err, Z3_E_INVALID, "transports land in areas 0x00-0x7F, not 0x%02X", area);
  if (whirlpool_in >= 0 && slot < 9) {
    return z3_error_set(err, Z3_E_INVALID, "only whirlpool slots 9-16 have a source area (--whirlpool-in)");
  }
  if (whirlpool_in >= Z3_OW_LIST_AREAS) {
    return z3_error_set(err, Z3_E_INVALID, "whirlpools stand in areas 0x00-0x7F, not 0x%02X", whirlpool_in);
  }
  int parent;
  z3_status st = check_position(ow, area, x, y, &parent, err);
  if (st) return st;
  z3_ow_transport *t = &ow->transports[slot];
  place p = place_in(ow, parent, x, y);
  t->area = (uint16_t)parent, t->load_offset = p.load_offset, t->scroll_y = p.scroll_y, t->scroll_x = p.scroll_x;
  t->link_y = p.link_y, t->link_x = p.link_x, t->camera_y = p.camera_y, t->camera_x = p.camera_x;
  if (whirlpool_in >= 0) ow->whirlpool_areas[slot - 9] = (uint16_t)ow->areas[whirlpool_in].parent;
  snprintf(ow->places_why, sizeof ow->places_why, "transport slot %d set to area 0x%02X (%d,%d)", slot, parent, x, y);
  return Z3_OK;
}
