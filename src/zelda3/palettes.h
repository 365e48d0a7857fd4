/*
 * ALttP palette groups (data reference §5.3, US addresses). Each group has a
 * number of palettes of a fixed number of stored colours; most groups are
 * laid out back to back (base + index * colours * 2). Groups whose palettes
 * are not adjacent (3d_object) or whose colour is stored several times
 * (grass: instruction operands duplicated across routines, §5.4) list every
 * location, and a write updates every copy.
 *
 * Colours are BGR555 words. Stored colours exclude the transparent column 0
 * unless `includes_transparent` says otherwise; writers write back exactly the
 * stored count.
 */
#ifndef Z3_ZELDA3_PALETTES_H
#define Z3_ZELDA3_PALETTES_H

#include "snes/rom.h"

enum { Z3_PALETTE_MAX_COLORS = 128, Z3_PALETTE_MAX_COPIES = 3 };

typedef struct z3_palette_group {
  const char *name;             /* yaze's name: "ow_main", "dungeon_main", ... */
  const char *description;
  size_t base;                  /* file offset of palette 0 (contiguous groups) */
  int count;                    /* palettes in the group */
  int colors;                   /* stored colours per palette */
  bool includes_transparent;    /* column 0 is stored too */
  /* Non-contiguous groups: per palette, up to 3 copies of its first colour's offset. */
  const size_t (*locations)[Z3_PALETTE_MAX_COPIES];
} z3_palette_group;

extern const z3_palette_group z3_palette_groups[];
extern const size_t z3_palette_group_count;

const z3_palette_group *z3_palette_group_find(const char *name);
/* Closest group name for "did you mean", or NULL. */
const char *z3_palette_group_suggest(const char *name);
/* Offsets of every stored copy of colour `color` of palette `index`; returns the count. */
int z3_palette_color_offsets(const z3_palette_group *g, int index, int color,
                             size_t out[Z3_PALETTE_MAX_COPIES]);

/* Checks group/index/colour bounds with messages naming the valid range. */
z3_status z3_palette_check(const z3_palette_group *g, int index, int color, z3_error *err);
/* Reads a palette's stored colours into out[g->colors]. */
z3_status z3_palette_read(const z3_rom *rom, const z3_palette_group *g, int index, uint16_t *out,
                          z3_error *err);
/* Writes one colour (every copy) through the change log. */
z3_status z3_palette_write_color(z3_rom *rom, const z3_palette_group *g, int index, int color,
                                 uint16_t value, z3_error *err);
/* Writes a whole palette (exactly g->colors colours). */
z3_status z3_palette_write(z3_rom *rom, const z3_palette_group *g, int index,
                           const uint16_t *colors, z3_error *err);

#endif
