/* The sprite property tables in bank $0D (world reference §4.3). */
#include <stdio.h>
#include <string.h>

#include "zelda3/sprite.h"

const z3_sprite_table z3_sprite_tables[Z3_SPRITE_TABLE_COUNT] = {
    {"oam_harm", 0x6B080, "harmless / death-prevent / lite tile hit flags, OAM slots"},
    {"health", 0x6B173, "hit points"},
    {"bump", 0x6B266, "collision flags and bump damage class"},
    {"oam_prop", 0x6B359, "death animation, invulnerability, shadow, palette, graphics page"},
    {"hitbox", 0x6B44C, "layer / kill-room / off-screen flags, hitbox id"},
    {"tile_interaction", 0x6B53F, "tile hitbox, arrow deflection, boss death, pit behaviour"},
    {"prize_pack", 0x6B632, "conveyor / water / shield / sound flags, prize pack"},
    {"deflection", 0x6B725, "off-screen behaviour, hidden, projectile collision, immunities"},
};

/* Bit names after ZScream's property editor, as the reference lists them:
 * table, name, lowest bit, width. One list gives both the fields and the
 * NULL-terminated names the command table offers as choices. */
#define SPRITE_FIELDS(X)                                                                      \
  X(0, harmless, 7, 1) X(0, death_prevent, 6, 1) X(0, lite_tile_hit, 5, 1) X(0, oam_slots, 0, 5) \
  X(1, health, 0, 8)                                                                          \
  X(2, recoil_without_collision, 7, 1) X(2, bee_target, 6, 1) X(2, immune_to_powder, 5, 1)    \
  X(2, allowed_in_boss_fight, 4, 1) X(2, bump_damage_class, 0, 4)                             \
  X(3, custom_death_animation, 7, 1) X(3, invulnerable, 6, 1) X(3, small_shadow, 5, 1)        \
  X(3, draws_shadow, 4, 1) X(3, palette, 1, 3) X(3, graphics_page, 0, 1)                      \
  X(4, single_layer_collision, 7, 1) X(4, ignored_by_kill_rooms, 6, 1)                        \
  X(4, persists_off_screen, 5, 1) X(4, hitbox, 0, 5)                                          \
  X(5, tile_hitbox, 4, 4) X(5, deflects_arrows, 3, 1) X(5, zero_damage_override, 2, 1)        \
  X(5, dies_like_a_boss, 1, 1) X(5, inverted_pit_behaviour, 0, 1)                             \
  X(6, ignores_pit_conveyors, 7, 1) X(6, checks_water, 6, 1) X(6, blocked_by_shield, 5, 1)    \
  X(6, alternate_damage_sound, 4, 1) X(6, prize_pack, 0, 4)                                   \
  X(7, active_off_screen, 7, 1) X(7, dies_off_screen, 6, 1) X(7, hidden, 5, 1)                \
  X(7, unused, 4, 1) X(7, projectile_collision, 3, 1) X(7, immune_to_sword_and_hammer, 2, 1)  \
  X(7, bonk_item, 1, 1) X(7, no_permanent_death, 0, 1)

#define FIELD_ENTRY(table, name, shift, width) {table, #name, shift, width},
#define FIELD_NAME(table, name, shift, width) #name,
const z3_sprite_field z3_sprite_fields[] = {SPRITE_FIELDS(FIELD_ENTRY)};
const char *const z3_sprite_field_names[] = {SPRITE_FIELDS(FIELD_NAME) NULL};
const size_t z3_sprite_field_count = sizeof z3_sprite_fields / sizeof z3_sprite_fields[0];

unsigned z3_sprite_field_value(const z3_sprite_field *f, uint8_t byte) {
  return (unsigned)(byte >> f->shift) & z3_sprite_field_max(f);
}

unsigned z3_sprite_field_max(const z3_sprite_field *f) {
  return (1u << f->width) - 1;
}

const z3_sprite_field *z3_sprite_field_find(const char *name) {
  for (size_t f = 0; f < z3_sprite_field_count; f++)
    if (strcmp(z3_sprite_fields[f].name, name) == 0) return &z3_sprite_fields[f];
  return NULL;
}

z3_status z3_sprite_props_read(const z3_rom *rom, uint8_t id, uint8_t out[Z3_SPRITE_TABLE_COUNT],
                               z3_error *err) {
  if (id >= Z3_SPRITE_COUNT)
    return z3_error_set(err, Z3_E_NOT_FOUND, "sprite 0x%02X has no properties (sprites are 0x00-0x%02X)",
                        id, Z3_SPRITE_COUNT - 1);
  for (int t = 0; t < Z3_SPRITE_TABLE_COUNT; t++) {
    size_t at = z3_sprite_tables[t].pc + id;
    if (at >= rom->data.len)
      return z3_error_set(err, Z3_E_INVALID, "the ROM (%zu bytes) ends before the sprite %s table at 0x%zX",
                          rom->data.len, z3_sprite_tables[t].name, z3_sprite_tables[t].pc);
    out[t] = rom->data.data[at];
  }
  return Z3_OK;
}

/* A field's neighbours in the same byte keep their bits; only a byte that
 * actually differs is written. */
z3_status z3_sprite_field_set(z3_rom *rom, uint8_t id, const z3_sprite_field *f, unsigned value,
                              z3_error *err) {
  uint8_t bytes[Z3_SPRITE_TABLE_COUNT];
  z3_status st = z3_sprite_props_read(rom, id, bytes, err);
  if (st) return st;
  const z3_sprite_table *t = &z3_sprite_tables[f->table];
  if (value > z3_sprite_field_max(f))
    return z3_error_set(err, Z3_E_INVALID, "%s: %u is outside 0-%u (%u bit%s of the %s byte)", f->name,
                        value, z3_sprite_field_max(f), f->width, f->width == 1 ? "" : "s", t->name);
  unsigned mask = z3_sprite_field_max(f) << f->shift;
  uint8_t old = bytes[f->table], neu = (uint8_t)((old & ~mask) | (value << f->shift));
  if (neu == old) return Z3_OK;
  char why[96];
  snprintf(why, sizeof why, "sprite 0x%02X %s %u → %u (%s table)", id, f->name,
           z3_sprite_field_value(f, old), value, t->name);
  return z3_rom_write(rom, t->pc + id, &neu, 1, why, err);
}
