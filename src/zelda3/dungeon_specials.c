/* Read-only views of the per-room tables outside the room streams (§3.8-§3.11,
 * §3.13-§3.14): pot items, pushable blocks, torches, pit damage, entrances and
 * spawn points. Each reader bounds-checks what it follows and reports a
 * problem as an "error" entry instead of failing the whole description. */
#include "zelda3/dungeon_internal.h"
#include "zelda3/dungeon_json.h"
#include "zelda3/entrance.h"

enum {
  POT_PTR_OPERAND_PC = 0xE6C2, POT_BANK_OPERAND_PC = 0xE6C8,
  BLOCK_SIZE_OPERAND_PC = 0x8896, BLOCK_CHUNK_OPERAND_PC = 0x15AFA,
  TORCH_SIZE_OPERAND_PC = 0x88C1, TORCH_CHUNK_OPERAND_PC = 0x15B16,
  PIT_COUNT_OPERAND_PC = 0x394A6, PIT_PTR_OPERAND_PC = 0x394AB,
};

static bool readable(const z3_rom *rom, size_t pc, size_t n) { return pc <= rom->data.len && n <= rom->data.len - pc; }

static json_t *position(unsigned tile_x, unsigned tile_y, bool lower) {
  json_t *o = json_object();
  json_object_set_new(o, "x", json_integer(tile_x));
  json_object_set_new(o, "y", json_integer(tile_y));
  json_object_set_new(o, "layer", json_integer(lower ? 1 : 0));
  return o;
}

static json_t *problem(const char *what) {
  json_t *a = json_array(), *o = json_object();
  json_object_set_new(o, "error", json_string(what));
  json_array_append_new(a, o);
  return a;
}

/* Pot items: word position (y*64+x)*2 with bit 13 = lower layer, byte item; FFFF ends. */
static json_t *pot_items(const z3_rom *rom, int room) {
  size_t table, pc;
  uint32_t bank = rom->data.data[POT_BANK_OPERAND_PC];
  if (z3_rom_to_pc(rom, z3_dungeon__long(rom, POT_PTR_OPERAND_PC), &table, NULL) || !readable(rom, table, 2 * Z3_ROOM_POINTERS) ||
      z3_rom_to_pc(rom, bank << 16 | z3_dungeon__word(rom, table + 2 * (size_t)room), &pc, NULL))
    return problem("the pot-item pointers do not lead into the ROM");
  json_t *list = json_array();
  for (; readable(rom, pc, 2) && z3_dungeon__word(rom, pc) != 0xFFFF && json_array_size(list) < 64; pc += 3) {
    if (!readable(rom, pc, 3)) break;
    unsigned pos = z3_dungeon__word(rom, pc), cell = (pos & 0x1FFF) / 2;
    json_t *o = position(cell % 64, cell / 64, pos & 0x2000);
    json_object_set_new(o, "item", z3_json_hex(rom->data.data[pc + 2], 2));
    json_array_append_new(list, o);
  }
  return list;
}

/* Blocks: 4-byte records (room, position: bits 1-6 x, 7-12 y, 13 lower layer). */
static json_t *blocks(const z3_rom *rom, int room) {
  size_t table, bytes = z3_dungeon__word(rom, BLOCK_SIZE_OPERAND_PC);
  if (z3_rom_to_pc(rom, z3_dungeon__long(rom, BLOCK_CHUNK_OPERAND_PC), &table, NULL) || !readable(rom, table, bytes))
    return problem("the pushable-block table is not in the ROM");
  json_t *list = json_array();
  for (size_t at = table; at + 4 <= table + bytes; at += 4) {
    if (z3_dungeon__word(rom, at) != room) continue;
    unsigned pos = z3_dungeon__word(rom, at + 2);
    json_array_append_new(list, position((pos >> 1) & 63, (pos >> 7) & 63, pos & 0x2000));
  }
  return list;
}

/* Torches: groups of room word, position words (bit 15 lit), FFFF. */
static json_t *torches(const z3_rom *rom, int room) {
  size_t table, bytes = z3_dungeon__word(rom, TORCH_SIZE_OPERAND_PC);
  if (z3_rom_to_pc(rom, z3_dungeon__long(rom, TORCH_CHUNK_OPERAND_PC), &table, NULL) || !readable(rom, table, bytes))
    return problem("the torch table is not in the ROM");
  json_t *list = json_array();
  for (size_t at = table; at + 2 <= table + bytes;) {
    unsigned group = z3_dungeon__word(rom, at);
    for (at += 2; at + 2 <= table + bytes && z3_dungeon__word(rom, at) != 0xFFFF; at += 2) {
      unsigned pos = z3_dungeon__word(rom, at);
      if (group != (unsigned)room) continue;
      json_t *o = position((pos >> 1) & 63, (pos >> 7) & 63, pos & 0x2000);
      json_object_set_new(o, "lit", json_boolean(pos & 0x8000));
      json_array_append_new(list, o);
    }
    at += 2;
  }
  return list;
}

static bool pit_damage(const z3_rom *rom, int room) {
  size_t pc, count = z3_dungeon__word(rom, PIT_COUNT_OPERAND_PC) / 2 + 1;
  if (z3_rom_to_pc(rom, z3_dungeon__long(rom, PIT_PTR_OPERAND_PC), &pc, NULL) || !readable(rom, pc, 2 * count)) return false;
  for (size_t i = 0; i < count; i++)
    if (z3_dungeon__word(rom, pc + 2 * i) == room) return true;
  return false;
}

/* Entrances or starting points leading to the room; null where the tables
 * cannot be read (a short image, or entrances an editor has moved). */
static json_t *places_into(const z3_rom *rom, z3_place_kind kind, int room) {
  if (z3_place_check_rom(rom, NULL) != Z3_OK) return json_null();
  const z3_place_field *room_field = z3_place_field_find("room");
  json_t *list = json_array();
  for (int i = 0; i < z3_place_count(rom, kind); i++) {
    unsigned r = 0;
    if (z3_place_get(rom, kind, i, room_field, &r, NULL) == Z3_OK && (int)r == room)
      json_array_append_new(list, z3_json_hex((unsigned)i, 2));
  }
  return list;
}

void z3_room_specials_json(const z3_rom *rom, int room, json_t *out) {
  json_object_set_new(out, "pot_items", pot_items(rom, room));
  json_object_set_new(out, "blocks", blocks(rom, room));
  json_object_set_new(out, "torches", torches(rom, room));
  json_object_set_new(out, "pit_damage", json_boolean(pit_damage(rom, room)));
  json_object_set_new(out, "entrances", places_into(rom, Z3_PLACE_ENTRANCE, room));
  json_object_set_new(out, "spawn_points", places_into(rom, Z3_PLACE_SPAWN, room));
}
