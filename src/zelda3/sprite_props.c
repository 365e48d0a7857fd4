/* The sprite property tables in bank $0D (world reference §4.3). */
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

/* Bit names after ZScream's property editor, as the reference lists them. */
const z3_sprite_field z3_sprite_fields[] = {
    {0, "harmless", 7, 1},            {0, "death_prevent", 6, 1},
    {0, "lite_tile_hit", 5, 1},       {0, "oam_slots", 0, 5},
    {1, "health", 0, 8},
    {2, "recoil_without_collision", 7, 1}, {2, "bee_target", 6, 1},
    {2, "immune_to_powder", 5, 1},    {2, "allowed_in_boss_fight", 4, 1},
    {2, "bump_damage_class", 0, 4},
    {3, "custom_death_animation", 7, 1}, {3, "invulnerable", 6, 1},
    {3, "small_shadow", 5, 1},        {3, "draws_shadow", 4, 1},
    {3, "palette", 1, 3},             {3, "graphics_page", 0, 1},
    {4, "single_layer_collision", 7, 1}, {4, "ignored_by_kill_rooms", 6, 1},
    {4, "persists_off_screen", 5, 1}, {4, "hitbox", 0, 5},
    {5, "tile_hitbox", 4, 4},         {5, "deflects_arrows", 3, 1},
    {5, "zero_damage_override", 2, 1}, {5, "dies_like_a_boss", 1, 1},
    {5, "inverted_pit_behaviour", 0, 1},
    {6, "ignores_pit_conveyors", 7, 1}, {6, "checks_water", 6, 1},
    {6, "blocked_by_shield", 5, 1},   {6, "alternate_damage_sound", 4, 1},
    {6, "prize_pack", 0, 4},
    {7, "active_off_screen", 7, 1},   {7, "dies_off_screen", 6, 1},
    {7, "hidden", 5, 1},              {7, "unused", 4, 1},
    {7, "projectile_collision", 3, 1}, {7, "immune_to_sword_and_hammer", 2, 1},
    {7, "bonk_item", 1, 1},           {7, "no_permanent_death", 0, 1},
};
const size_t z3_sprite_field_count = sizeof z3_sprite_fields / sizeof z3_sprite_fields[0];

unsigned z3_sprite_field_value(const z3_sprite_field *f, uint8_t byte) {
  return (unsigned)(byte >> f->shift) & ((1u << f->width) - 1);
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
