/* Overworld area identities: names, worlds, game states, id checks. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "zelda3/overworld.h"

/* Light and Dark World names from the disassembly's comments, special-world
 * names from snesrev/zelda3's area table (world reference Appendix B). */
static const char *const area_names[Z3_OW_AREA_COUNT] = {
    "Lost Woods", "Lost Woods", "Lumberjacks", "West Death Mountain",
    "West Death Mountain", "East Death Mountain", "East Death Mountain", "Turtle Rock Portalway",
    "Lost Woods", "Lost Woods", "Death Mountain Foot", "West Death Mountain",
    "West Death Mountain", "East Death Mountain", "East Death Mountain", "Waterfall of Wishing",
    "Lost Woods Alcove", "North of Kakariko", "Northwest Pond", "Sanctuary",
    "Graveyard", "Hylia River Bend", "Potion Shop", "Octorok Pit",
    "Kakariko Village", "Kakariko Village", "Kakariko Orchard", "Hyrule Castle",
    "Hyrule Castle", "Hylia River Peninsula", "Eastern Ruins", "Eastern Ruins",
    "Kakariko Village", "Kakariko Village", "Smith's House", "Hyrule Castle",
    "Hyrule Castle", "Boulder Field", "Eastern Ruins", "Eastern Ruins",
    "Racing Game", "South of Kakariko", "Haunted Grove", "West of Link's House",
    "Link's House", "Eastern Bridge", "Lake Hylia River Bend", "Eastern Portalway",
    "Desert", "Desert", "Haunted Grove Entrance", "Marshlands Portalway",
    "Marshlands Totems", "Lake Hylia", "Lake Hylia", "Lake Hylia River End",
    "Desert", "Desert", "Desert Pass", "Marshlands Dam Entrance",
    "Marshlands Ravine", "Lake Hylia", "Lake Hylia", "Lake Hylia Waterfall",
    "Skull Woods", "Skull Woods", "Dark Lumberjacks", "West Dark Death Mountain",
    "West Dark Death Mountain", "East Dark Death Mountain", "East Dark Death Mountain", "Turtle Rock",
    "Skull Woods", "Skull Woods", "Bumper Ledge", "West Dark Death Mountain",
    "West Dark Death Mountain", "East Dark Death Mountain", "East Dark Death Mountain", "Lake of Bad Omens",
    "Skull Woods Alcove", "North of Outcasts", "Dark Northwest Pond", "Dark Sanctuary",
    "Dark Graveyard", "Dark Hylia River Bend", "Dark Northeast Shop", "Dark Octorok Pit",
    "Village of Outcasts", "Village of Outcasts", "Outcasts Orchard", "Pyramid of Power",
    "Pyramid of Power", "Dark Hylia River Peninsula", "Palace of Darkness Maze", "Palace of Darkness Maze",
    "Village of Outcasts", "Village of Outcasts", "Stake Puzzle", "Pyramid of Power",
    "Pyramid of Power", "Boulder Field", "Palace of Darkness Maze", "Palace of Darkness Maze",
    "Digging Game", "South of Outcasts", "Stumpy Grove", "West of Bomb Shoppe",
    "Bomb Shoppe", "Hammer Bridge", "Dark Lake Hylia River Bend", "East Dark World Portalway",
    "Misery Mire", "Misery Mire", "Stumpy Grove Entrance", "Swamplands Portalway",
    "Swamplands Totems", "Dark Lake Hylia", "Dark Lake Hylia", "Dark Lake Hylia River End",
    "Misery Mire", "Misery Mire", "West of Swamplands", "Swamplands Palace Entrance",
    "Swamplands Ravine", "Dark Lake Hylia", "Dark Lake Hylia", "Dark Lake Hylia Waterfall",
    "Master Grove / Under Hyrule Bridge", "Zora Falls NW", "Zora Falls NE", "Unused",
    "Unused", "Unused", "Unused", "Unused",
    "Triforce Room / Curtain Overlay", "Zora Falls SW", "Zora Falls SE", "Unused",
    "Unused", "Unused", "Unused", "Unused",
    "Unused", "Unused", "Unused", "Triforce Rm / Overlay (2?)",
    "Master Gr. / Under Bdg (2?)", "Birds' Eye Woods Underlay", "Death Mountain Panorama", "Lost Woods Mist Overlay",
    "Unused", "Unused", "Unused", "Unused",
    "Lava Flow Underlay", "Lost Woods Mist Overlay (2?)", "Lost Woods Tree Cover Overlay", "Rain Overlay",
};

const char *z3_ow_area_name(int id) {
  if (id >= Z3_OW_AREA_COUNT && id < Z3_OW_AREA_MAX) return "Special-world tail map";
  return id >= 0 && id < Z3_OW_AREA_COUNT ? area_names[id] : "?";
}

const char *z3_ow_world_name(int id) { return id < 0x40 ? "light" : id < 0x80 ? "dark" : "special"; }

int z3_ow_sprite_list_count(int state) { return state == 0 ? 64 : 144; }

static const char *const state_names[Z3_OW_STATES] = {"beginning", "zelda", "agahnim"};

const char *z3_ow_state_name(int state) {
  return state >= 0 && state < Z3_OW_STATES ? state_names[state] : "?";
}

bool z3_ow_state_parse(const char *text, int *state) {
  for (int s = 0; s < Z3_OW_STATES; s++) {
    char digit[2] = {(char)('0' + s), 0};
    if (strcmp(text, digit) == 0 || strcasecmp(text, state_names[s]) == 0) {
      *state = s;
      return true;
    }
  }
  return false;
}

z3_status z3_ow_check_area(int id, z3_error *err) {
  if (id >= 0 && id < Z3_OW_AREA_COUNT) return Z3_OK;
  z3_error_set(err, Z3_E_NOT_FOUND, "overworld area 0x%X does not exist", (unsigned)id);
  z3_error_hint(err, "areas are 0x00-0x3F (light world), 0x40-0x7F (dark world), 0x80-0x9F (special)");
  return Z3_E_NOT_FOUND;
}

z3_status z3_ow_check_map(const z3_overworld *ow, int id, z3_error *err) {
  if (id >= 0 && id < ow->area_count) return Z3_OK;
  if (id < Z3_OW_AREA_COUNT) return z3_ow_check_area(id, err);
  z3_error_set(err, Z3_E_NOT_FOUND, "overworld area 0x%X does not exist in this ROM", (unsigned)id);
  z3_error_hint(err, "areas 0xA0-0xBF exist only with the special-world tail-map patch (byte 0xEA at 0x1423FF on ZSCustomOverworld v3)");
  return Z3_E_NOT_FOUND;
}

void z3_ow_area_origin(int id, int *x, int *y) {
  *x = (id & 7) << 9;
  *y = (id & 0x38) << 6;
}

int z3_ow_size_offsets(z3_ow_size size, int offsets[4]) {
  static const int sets[4][4] = {{0}, {0, 1, 8, 9}, {0, 1}, {0, 8}};
  static const int counts[4] = {1, 4, 2, 2};
  unsigned s = (unsigned)size < 4 ? (unsigned)size : 0;
  memcpy(offsets, sets[s], sizeof sets[s]);
  return counts[s];
}

int z3_ow_group_screens(const z3_overworld *ow, int id, int screens[4]) {
  const z3_ow_area *a = &ow->areas[id];
  int n = z3_ow_size_offsets(a->parent == id ? a->size : Z3_OW_SMALL, screens);
  for (int k = 0; k < n; k++) screens[k] += id;
  return n;
}

void z3_ow_area_grid(const z3_overworld *ow, int id, int *width, int *height) {
  const z3_ow_area *a = &ow->areas[id];
  z3_ow_size s = a->parent == id ? a->size : Z3_OW_SMALL;
  *width = s == Z3_OW_LARGE || s == Z3_OW_WIDE ? 64 : 32;
  *height = s == Z3_OW_LARGE || s == Z3_OW_TALL ? 64 : 32;
}

const char *z3_ow_grid_text(int w, int h, char out[48]) {
  if (w == h) snprintf(out, 48, "0-%d on each axis", w - 1);
  else snprintf(out, 48, "0-%d across, 0-%d down", w - 1, h - 1);
  return out;
}

int z3_ow_area_tile16_side(const z3_overworld *ow, int id) {
  int w, h;
  z3_ow_area_grid(ow, id, &w, &h);
  return w > h ? w : h;
}
