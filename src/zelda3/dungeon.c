/* Loading the dungeon model through the game's pointer tables (§3.2-§3.7, §3.12). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/dungeon.h"
#include "zelda3/dungeon_internal.h"

z3_status z3_room_check_id(int64_t id, z3_error *err) {
  if (id >= 0 && id < Z3_ROOM_COUNT) return Z3_OK;
  z3_error_set(err, Z3_E_NOT_FOUND, "room 0x%03llX does not exist", (unsigned long long)(id < 0 ? 0 : id));
  z3_error_hint(err, "rooms are 0x000-0x127 (296 rooms); see 'z3ed dungeon list-rooms'");
  return Z3_E_NOT_FOUND;
}

uint32_t z3_dungeon__long(const z3_rom *rom, size_t pc) {
  const uint8_t *d = rom->data.data + pc;
  return (uint32_t)(d[0] | d[1] << 8 | d[2] << 16);
}

uint16_t z3_dungeon__word(const z3_rom *rom, size_t pc) {
  const uint8_t *d = rom->data.data + pc;
  return (uint16_t)(d[0] | d[1] << 8);
}

/* A table found through a code operand must lie in the ROM with room for `bytes`. */
static z3_status table_at(const z3_rom *rom, uint32_t addr, size_t bytes, const char *what,
                          size_t *out, z3_error *err) {
  if (z3_rom_to_pc(rom, addr, out, NULL) == Z3_OK && *out + bytes <= rom->data.len) return Z3_OK;
  z3_error_set(err, Z3_E_INVALID, "the %s points at $%02X:%04X, which is not %zu bytes of ROM", what,
               (unsigned)(addr >> 16), (unsigned)(addr & 0xFFFF), bytes);
  z3_error_hint(err, "this does not look like an ALttP ROM in the vanilla layout");
  return Z3_E_INVALID;
}

static z3_status find_tables(const z3_rom *rom, z3_dungeon *d, z3_error *err) {
  if (rom->data.len < 0x100000) {
    z3_error_set(err, Z3_E_INVALID, "the ROM is %zu KiB; ALttP's dungeon tables need 1 MiB", rom->data.len / 1024);
    return Z3_E_INVALID;
  }
  z3_status st = table_at(rom, z3_dungeon__long(rom, Z3_ROOM_OBJECT_PTR_OPERAND_PC), Z3_ROOM_POINTERS * 3,
                          "room object pointer table (operand at 0x874C)", &d->object_table_pc, err);
  if (st == Z3_OK) {
    st = table_at(rom, z3_dungeon__long(rom, Z3_ROOM_DOOR_PTR_OPERAND_PC), Z3_ROOM_POINTERS * 3,
                  "room door pointer table (operand at 0xB6CC)", &d->door_table_pc, err);
  }
  if (st == Z3_OK) {
    st = table_at(rom, z3_dungeon__long(rom, Z3_ROOM_HEADER_PTR_OPERAND_PC), Z3_ROOM_POINTERS * 2,
                  "room header pointer table (operand at 0xB5DD)", &d->header_table_pc, err);
  }
  d->header_bank = rom->data.data[Z3_ROOM_HEADER_BANK_OPERAND_PC];
  if (st == Z3_OK) {
    uint32_t addr = 0x090000u | z3_dungeon__word(rom, Z3_ROOM_SPRITE_PTR_OPERAND_PC);
    st = table_at(rom, addr, Z3_ROOM_COUNT * 2, "room sprite pointer table (operand at 0x4C298)",
                  &d->sprite_table_pc, err);
  }
  d->pot_bank = rom->data.data[Z3_POT_BANK_OPERAND_PC];
  if (st == Z3_OK) {
    st = table_at(rom, z3_dungeon__long(rom, Z3_POT_PTR_OPERAND_PC), Z3_ROOM_POINTERS * 2,
                  "pot-item pointer table (operand at 0xE6C2)", &d->pot_table_pc, err);
  }
  if (st == Z3_OK) {
    size_t bytes = z3_dungeon__word(rom, Z3_CHEST_SIZE_OPERAND_PC);
    d->chest_count = bytes / 3;
    st = table_at(rom, z3_dungeon__long(rom, Z3_CHEST_PTR_OPERAND_PC), bytes,
                  "chest table (operand at 0xEBFB)", &d->chest_table_pc, err);
  }
  return st;
}

static z3_status load_header(const z3_rom *rom, z3_dungeon *d, z3_room *r, z3_error *err) {
  r->header_word = z3_dungeon__word(rom, d->header_table_pc + 2 * (size_t)r->id);
  uint32_t addr = (uint32_t)d->header_bank << 16 | r->header_word;
  z3_status st = z3_rom_to_pc(rom, addr, &r->header_pc, NULL);
  if (st == Z3_OK && r->header_pc + Z3_ROOM_HEADER_SIZE > rom->data.len) st = Z3_E_INVALID;
  if (st) {
    z3_error_set(err, Z3_E_INVALID, "room 0x%03X: its header pointer $%02X:%04X is not in the ROM", r->id,
                 d->header_bank, r->header_word);
    return Z3_E_INVALID;
  }
  memcpy(r->header, rom->data.data + r->header_pc, Z3_ROOM_HEADER_SIZE);
  return Z3_OK;
}

/* The data a pointer reaches, up to the end of its LoROM bank (lists never cross one). */
static size_t bank_rest(size_t pc) { return 0x8000 - (pc & 0x7FFF); }

static z3_status load_objects(const z3_rom *rom, z3_dungeon *d, z3_room *r, z3_error *err) {
  r->object_addr = z3_dungeon__long(rom, d->object_table_pc + 3 * (size_t)r->id);
  z3_status st = z3_rom_to_pc(rom, r->object_addr, &r->object_pc, NULL);
  if (st) {
    z3_error_set(err, Z3_E_INVALID, "room 0x%03X: its object pointer $%02X:%04X is not in the ROM", r->id,
                 (unsigned)(r->object_addr >> 16), (unsigned)(r->object_addr & 0xFFFF));
    return Z3_E_INVALID;
  }
  size_t avail = bank_rest(r->object_pc);
  if (r->object_pc + avail > rom->data.len) avail = rom->data.len - r->object_pc;
  z3_error inner;
  z3_error_init(&inner);
  st = z3_room_stream_parse(r, rom->data.data + r->object_pc, avail, &r->object_len, &inner);
  if (st) {
    z3_error_set_at(err, st, (int64_t)r->object_pc + inner.offset, "room 0x%03X object data at 0x%06zX: %s", r->id,
                    r->object_pc, inner.message);
  }
  return st;
}

static z3_status load_sprites(const z3_rom *rom, z3_dungeon *d, z3_room *r, z3_error *err) {
  r->sprite_word = z3_dungeon__word(rom, d->sprite_table_pc + 2 * (size_t)r->id);
  z3_status st = z3_rom_to_pc(rom, 0x090000u | r->sprite_word, &r->sprite_pc, NULL);
  if (st) {
    z3_error_set(err, Z3_E_INVALID, "room 0x%03X: its sprite pointer $09:%04X is not in the ROM", r->id, r->sprite_word);
    return Z3_E_INVALID;
  }
  z3_error inner;
  z3_error_init(&inner);
  st = z3_room_sprites_parse(r, rom->data.data + r->sprite_pc, bank_rest(r->sprite_pc), &r->sprite_len, &inner);
  if (st) {
    z3_error_set_at(err, st, (int64_t)r->sprite_pc + inner.offset, "room 0x%03X sprite list at 0x%06zX: %s", r->id,
                    r->sprite_pc, inner.message);
  }
  return st;
}

static z3_status load_pots(const z3_rom *rom, z3_dungeon *d, z3_room *r, z3_error *err) {
  r->pot_word = z3_dungeon__word(rom, d->pot_table_pc + 2 * (size_t)r->id);
  if (z3_rom_to_pc(rom, (uint32_t)d->pot_bank << 16 | r->pot_word, &r->pot_pc, NULL) != Z3_OK) {
    return z3_error_set(err, Z3_E_INVALID, "room 0x%03X: its pot-item pointer $%02X:%04X is not in the ROM", r->id,
                        d->pot_bank, r->pot_word);
  }
  z3_error inner;
  z3_error_init(&inner);
  z3_status st = z3_room_pots_parse(r, rom->data.data + r->pot_pc, bank_rest(r->pot_pc), &r->pot_len, &inner);
  if (st) {
    z3_error_set_at(err, st, (int64_t)r->pot_pc + inner.offset, "room 0x%03X pot items at 0x%06zX: %s", r->id,
                    r->pot_pc, inner.message);
  }
  return st;
}

static z3_status load_chests(const z3_rom *rom, z3_dungeon *d, z3_error *err) {
  d->chests = z3_calloc(d->chest_count ? d->chest_count : 1, sizeof *d->chests);
  if (!d->chests) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  for (size_t i = 0; i < d->chest_count; i++) {
    uint16_t w = z3_dungeon__word(rom, d->chest_table_pc + 3 * i);
    d->chests[i] = (z3_chest){.room = w & 0x7FFF, .big = (w & 0x8000) != 0,
                              .item = rom->data.data[d->chest_table_pc + 3 * i + 2]};
  }
  return Z3_OK;
}

z3_status z3_dungeon_load(const z3_rom *rom, z3_dungeon **out, z3_error *err) {
  z3_dungeon *d = z3_calloc(1, sizeof *d);
  if (!d) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = find_tables(rom, d, err);
  for (int i = 0; i < Z3_ROOM_COUNT && st == Z3_OK; i++) {
    z3_room *r = &d->rooms[i];
    r->id = i;
    st = load_header(rom, d, r, err);
    if (st == Z3_OK) st = load_objects(rom, d, r, err);
    if (st == Z3_OK) st = load_sprites(rom, d, r, err);
    if (st == Z3_OK) st = load_pots(rom, d, r, err);
    r->message = z3_dungeon__word(rom, Z3_ROOM_MESSAGE_PC + 2 * (size_t)i);
  }
  for (int i = Z3_ROOM_COUNT; i < Z3_ROOM_POINTERS && st == Z3_OK; i++) {
    d->extra_object_addr[i - Z3_ROOM_COUNT] = z3_dungeon__long(rom, d->object_table_pc + 3 * (size_t)i);
    d->extra_header_word[i - Z3_ROOM_COUNT] = z3_dungeon__word(rom, d->header_table_pc + 2 * (size_t)i);
    d->extra_pot_word[i - Z3_ROOM_COUNT] = z3_dungeon__word(rom, d->pot_table_pc + 2 * (size_t)i);
  }
  if (st == Z3_OK) st = load_chests(rom, d, err);
  if (st == Z3_OK) st = z3_dungeon__load_blocks(rom, d, err);
  if (st == Z3_OK) st = z3_dungeon__load_lists(rom, d, err);
  if (st) {
    z3_dungeon_free(d);
    return st;
  }
  *out = d;
  return Z3_OK;
}

void z3_dungeon_free(z3_dungeon *d) {
  if (!d) return;
  for (int i = 0; i < Z3_ROOM_COUNT; i++) {
    for (int l = 0; l < Z3_ROOM_LAYERS; l++) z3_free(d->rooms[i].objects[l]);
    z3_free(d->rooms[i].sprites);
    z3_free(d->rooms[i].pots);
    z3_free(d->rooms[i].notes);
  }
  z3_free(d->chests);
  z3_free(d->chest_notes);
  z3_dungeon__free_blocks(d);
  z3_dungeon__free_lists(d);
  z3_free(d);
}

void z3_dungeon__append_note(char **notes, const char *fmt, va_list ap) {
  char line[256];
  z3_vformat(line, sizeof line, fmt, ap);
  char *joined = *notes ? z3_strfmt("%s; %s", *notes, line) : z3_strdup(line);
  if (!joined) return; /* a lost description only shortens the change log's reason */
  z3_free(*notes);
  *notes = joined;
}

void z3_room_note(z3_room *room, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  z3_dungeon__append_note(&room->notes, fmt, ap);
  va_end(ap);
}

void z3_dungeon__chest_note(z3_dungeon *d, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  z3_dungeon__append_note(&d->chest_notes, fmt, ap);
  va_end(ap);
}
