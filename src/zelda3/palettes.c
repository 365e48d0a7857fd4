/* The palette group table and colour access; see palettes.h. */
#include <stdio.h>
#include <string.h>

#include "zelda3/palettes.h"

/* §5.4: the backdrop ("grass") colours are LDX #imm operands, stored 3, 2 and 2 times. */
static const size_t grass_locations[][Z3_PALETTE_MAX_COPIES] = {
    {0x5FEA9, 0x75625, 0x75645}, /* Light World */
    {0x5FEB3, 0x7564F, 0},       /* Dark World */
    {0x75640, 0x5FE75, 0},       /* special areas */
};
/* Triforce and Crystal are in different banks. */
static const size_t object3d_locations[][Z3_PALETTE_MAX_COPIES] = {{0x64425, 0, 0}, {0xF4CD3, 0, 0}};

const z3_palette_group z3_palette_groups[] = {
    {"global_sprites", "sprite rows 9-12, Light World then Dark World", 0xDD218, 2, 60, false, NULL},
    {"armors", "Link's mail: green, blue, red, bunny, electrocuted", 0xDD308, 5, 15, false, NULL},
    {"sprites_aux1", "sprite row 8 left half", 0xDD39E, 12, 7, false, NULL},
    {"sprites_aux2", "sprite rows 8/14 right half", 0xDD446, 11, 7, false, NULL},
    {"sprites_aux3", "sprite rows 13/14 left half", 0xDD4E0, 24, 7, false, NULL},
    {"swords", "fighter, master, tempered, golden", 0xDD630, 4, 3, false, NULL},
    {"shields", "fighter, fire, mirror", 0xDD648, 3, 4, false, NULL},
    {"hud", "HUD rows 0-1 (eight 2bpp palettes each)", 0xDD660, 2, 32, true, NULL},
    {"dungeon_map_sprites", "dungeon map sprite rows 12-14", 0xDD70A, 1, 21, false, NULL},
    {"dungeon_main", "dungeon background rows 2-7", 0xDD734, 20, 90, false, NULL},
    {"dungeon_map_bg", "dungeon map background rows 2-7", 0xDE544, 1, 96, true, NULL},
    {"ow_animated", "overworld row 7 left half (animated)", 0xDE604, 14, 7, false, NULL},
    {"ow_main", "overworld rows 2-6 left half", 0xDE6C8, 6, 35, false, NULL},
    {"ow_aux", "overworld rows 2-4 or 5-7 right half", 0xDE86C, 20, 21, false, NULL},
    {"ow_mini_map", "world map (mode 7), Light and Dark World", 0x55B27, 2, 128, true, NULL},
    {"3d_object", "Triforce and Crystal", 0, 2, 8, true, object3d_locations},
    {"grass", "backdrop colour: Light World, Dark World, special", 0, 3, 1, false, grass_locations},
};
const size_t z3_palette_group_count = sizeof z3_palette_groups / sizeof z3_palette_groups[0];

const z3_palette_group *z3_palette_group_find(const char *name) {
  for (size_t i = 0; i < z3_palette_group_count; i++)
    if (strcmp(z3_palette_groups[i].name, name) == 0) return &z3_palette_groups[i];
  return NULL;
}

const char *z3_palette_group_suggest(const char *name) {
  const char *best = NULL;
  size_t best_dist = SIZE_MAX;
  for (size_t i = 0; i < z3_palette_group_count; i++) {
    size_t d = z3_edit_distance(name, z3_palette_groups[i].name);
    if (d < best_dist) best_dist = d, best = z3_palette_groups[i].name;
  }
  return best_dist <= 3 ? best : NULL;
}

int z3_palette_color_offsets(const z3_palette_group *g, int index, int color,
                             size_t out[Z3_PALETTE_MAX_COPIES]) {
  if (!g->locations) {
    out[0] = g->base + ((size_t)index * (size_t)g->colors + (size_t)color) * 2;
    return 1;
  }
  int n = 0;
  for (int i = 0; i < Z3_PALETTE_MAX_COPIES && g->locations[index][i]; i++)
    out[n++] = g->locations[index][i] + (size_t)color * 2;
  return n;
}

z3_status z3_palette_check(const z3_palette_group *g, int index, int color, z3_error *err) {
  if (index < 0 || index >= g->count) {
    return z3_error_set(err, Z3_E_NOT_FOUND, "palette group '%s' has palettes 0-%d, not %d",
                        g->name, g->count - 1, index);
  }
  if (color < 0 || color >= g->colors) {
    return z3_error_set(err, Z3_E_NOT_FOUND, "palette %s:%d has colours 0-%d, not %d", g->name,
                        index, g->colors - 1, color);
  }
  return Z3_OK;
}

static z3_status check_offset(const z3_rom *rom, size_t pc, z3_error *err) {
  if (pc + 2 <= rom->data.len) return Z3_OK;
  return z3_error_set_at(err, Z3_E_INVALID, (int64_t)pc,
                         "palette data at offset 0x%zx lies past the end of the %zu-byte ROM", pc,
                         rom->data.len);
}

z3_status z3_palette_read(const z3_rom *rom, const z3_palette_group *g, int index, uint16_t *out,
                          z3_error *err) {
  z3_status st = z3_palette_check(g, index, 0, err);
  for (int c = 0; st == Z3_OK && c < g->colors; c++) {
    size_t at[Z3_PALETTE_MAX_COPIES] = {0};
    z3_palette_color_offsets(g, index, c, at);
    st = check_offset(rom, at[0], err);
    if (st == Z3_OK) out[c] = (uint16_t)(rom->data.data[at[0]] | rom->data.data[at[0] + 1] << 8);
  }
  return st;
}

z3_status z3_palette_write_color(z3_rom *rom, const z3_palette_group *g, int index, int color,
                                 uint16_t value, z3_error *err) {
  z3_status st = z3_palette_check(g, index, color, err);
  if (st) return st;
  if (value & 0x8000) {
    return z3_error_set(err, Z3_E_INVALID, "colour $%04X has bit 15 set; SNES colours are 15-bit", value);
  }
  size_t at[Z3_PALETTE_MAX_COPIES];
  int copies = z3_palette_color_offsets(g, index, color, at);
  for (int i = 0; st == Z3_OK && i < copies; i++) st = check_offset(rom, at[i], err);
  uint8_t bytes[2] = {(uint8_t)value, (uint8_t)(value >> 8)};
  char reason[64];
  snprintf(reason, sizeof reason, "palette %s:%d colour %d", g->name, index, color);
  for (int i = 0; st == Z3_OK && i < copies; i++) st = z3_rom_write(rom, at[i], bytes, 2, reason, err);
  return st;
}

z3_status z3_palette_write(z3_rom *rom, const z3_palette_group *g, int index,
                           const uint16_t *colors, z3_error *err) {
  for (int c = 0; c < g->colors; c++) { /* all checked before the first write */
    if (colors[c] & 0x8000) {
      return z3_error_set(err, Z3_E_INVALID, "colour %d ($%04X) has bit 15 set; SNES colours are 15-bit",
                          c, colors[c]);
    }
  }
  z3_status st = z3_palette_check(g, index, 0, err);
  for (int c = 0; st == Z3_OK && c < g->colors; c++)
    st = z3_palette_write_color(rom, g, index, c, colors[c], err);
  return st;
}
