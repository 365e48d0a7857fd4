/*
 * Overworld, graphics and message doctors (doctor.h): places that lead
 * nowhere, sheets that do not decompress to their size, messages that do not
 * fit or decode.
 */
#include <stdio.h>
#include <string.h>

#include "zelda3/doctor_internal.h"
#include "zelda3/dungeon.h"
#include "zelda3/entrance.h"
#include "zelda3/gfx.h"
#include "zelda3/overworld.h"
#include "zelda3/overworld_secrets.h"
#include "zelda3/text.h"

/* ---- overworld ---------------------------------------------------------------- */

static void check_ow_entrances(const z3_rom *rom, const z3_overworld *ow, z3_doctor_report *r) {
  int dungeon_entrances = z3_place_count(rom, Z3_PLACE_ENTRANCE);
  for (int i = 0; i < Z3_OW_ENTRANCE_COUNT + Z3_OW_HOLE_COUNT; i++) {
    bool hole = i >= Z3_OW_ENTRANCE_COUNT;
    int slot = hole ? i - Z3_OW_ENTRANCE_COUNT : i;
    const z3_ow_entrance *e = hole ? &ow->holes[slot] : &ow->entrances[slot];
    if (e->pos == 0xFFFF || e->entrance < dungeon_entrances) continue;
    long at = (long)(hole ? Z3_OW_HOLE_ID_PC : Z3_OW_ENTRANCE_ID_PC) + slot;
    z3_doctor__add(r, "overworld.entrance_bad_id", hole ? "hole" : "overworld entrance", slot, at, NULL,
                   "%s slot %d in area 0x%02X leads to dungeon entrance 0x%02X; the game has 0x00-0x%02X",
                   hole ? "hole" : "entrance", slot, e->area, e->entrance, dungeon_entrances - 1);
  }
}

static bool exit_room_exists(unsigned room) { return room < Z3_ROOM_COUNT || (room >= 0x180 && room < 0x1A0); }

static void check_ow_exits(const z3_overworld *ow, z3_doctor_report *r) {
  for (int i = 0; i < Z3_OW_EXIT_COUNT; i++) {
    const z3_ow_exit *e = &ow->exits[i];
    if (!exit_room_exists(e->room)) {
      z3_doctor__add(r, "overworld.exit_bad_room", "exit", i, (long)Z3_OW_EXIT_ROOM_PC + 2 * i, NULL,
                     "exit %d belongs to room 0x%03X; rooms are 0x000-0x127 (special exits 0x180-0x19F)", i, e->room);
    }
    if (e->area >= Z3_OW_AREA_COUNT) {
      z3_doctor__add(r, "overworld.exit_bad_area", "exit", i, (long)Z3_OW_EXIT_AREA_PC + i, NULL,
                     "exit %d leads to area 0x%02X; areas are 0x00-0x%02X", i, e->area, Z3_OW_AREA_COUNT - 1);
    }
  }
}

/* A bombable door whose table entry is elsewhere closes again once Link leaves. */
static void check_ow_bomb_doors(const z3_rom *rom, const z3_overworld *ow, z3_doctor_report *r) {
  for (int a = 0; a < Z3_OW_LIST_AREAS; a++) {
    int door = ow->areas[a].parent == a ? z3_ow_bomb_door_item(&ow->items[a]) : -1;
    if (door < 0) continue;
    uint16_t pos = ow->items[a].items[door].pos, entry = z3_ow_bomb_door(rom, a);
    if (entry == pos) continue;
    json_t *args = json_pack("{s:i,s:i,s:i,s:i}", "map", a, "index", door, "x", Z3_OW_POS_X(pos), "y", Z3_OW_POS_Y(pos));
    json_t *repair = json_pack("[o]", z3_doctor__command("overworld_move_item", args));
    z3_doctor__add(r, "overworld.bomb_door_forgotten", "area", a, (long)(z3_ow_bomb_door_pc(rom) + 2 * (size_t)a), repair,
                   "area 0x%02X's bombable door (item %d at (%d,%d)) has bomb-door entry 0x%04X, so it closes again "
                   "when Link comes back", a, door, Z3_OW_POS_X(pos), Z3_OW_POS_Y(pos), entry);
  }
}

static const char *large_text(bool large) { return large ? "large" : "small"; }

/* Vanilla layout and ZSCustomOverworld v1/v2 (world reference §2.2): the game
 * reads an area's size from the parent table, 0x1788D (LW and DW copies) and
 * 0x12844, and editors each trust a different one (yaze 0x1788D, ZScream
 * 0x12844), so when they disagree the game and the editors see other layouts. */
static void check_ow_sizes(const z3_rom *rom, const z3_overworld *ow, z3_doctor_report *r) {
  if (ow->zscustom >= 3 || rom->data.len < Z3_OW_SIZE_PC + 0x80) return;
  const uint8_t *d = rom->data.data;
  bool by_parent[0x40] = {false};
  for (int id = 0; id < 0x40; id++) {
    int p = d[Z3_OW_PARENT_PC + (size_t)id];
    if (p != id && p < 0x40) by_parent[id] = by_parent[p] = true;
  }
  for (int id = 0; id < 0x40; id++) {
    bool lw = d[Z3_OW_SIZE_PC + (size_t)id] == 0x00, dw = d[Z3_OW_SIZE_PC + 0x40 + (size_t)id] == 0x00;
    bool flag = d[0x12844 + (size_t)id] != 0x00;
    if (lw == by_parent[id] && dw == lw && flag == lw) continue;
    long at = (long)(flag != lw ? 0x12844u + (unsigned)id : Z3_OW_SIZE_PC + (unsigned)(dw != lw ? 0x40 + id : id));
    z3_doctor__add(r, "overworld.size_tables", "area", id, at, NULL,
                   "area 0x%02X: the parent table (0x125EC) makes it %s, 0x1788D says %s (dark-world copy %s), "
                   "0x12844 says %s; 'overworld set-area --map 0x%02X --field size' rewrites them all",
                   id, large_text(by_parent[id]), large_text(lw), large_text(dw), large_text(flag), id);
  }
}

void z3_doctor__overworld(const z3_rom *rom, z3_doctor_report *r) {
  z3_overworld *ow = NULL;
  z3_error err;
  z3_error_init(&err);
  if (z3_ow_load(&ow, rom, &err) != Z3_OK) {
    z3_doctor__add(r, "overworld.unreadable", "overworld", -1, err.offset, NULL, "%s", err.message);
    return;
  }
  check_ow_entrances(rom, ow, r);
  check_ow_exits(ow, r);
  check_ow_bomb_doors(rom, ow, r);
  check_ow_sizes(rom, ow, r);
  z3_ow_free(ow);
}

/* ---- graphics ------------------------------------------------------------------ */

void z3_doctor__graphics(const z3_rom *rom, z3_doctor_report *r) {
  z3_gfx_tables t;
  z3_error err;
  z3_error_init(&err);
  if (z3_gfx_find_tables(rom, &t, &err) != Z3_OK) {
    z3_doctor__add(r, "graphics.tables_unreadable", "sheet tables", -1, err.offset, NULL, "%s", err.message);
    return;
  }
  for (int i = 0; i < Z3_SHEET_COUNT; i++) {
    z3_sheet_info info;
    z3_error_init(&err);
    if (z3_gfx_sheet_read(rom, i, &info, NULL, &err) != Z3_OK) {
      z3_doctor__add(r, "graphics.sheet_unreadable", "sheet", i, err.offset >= 0 ? err.offset : (long)info.offset,
                     NULL, "sheet 0x%02X: %s", i, err.message);
      continue;
    }
    if (info.alias_of >= 0 && info.alias_of < i) continue; /* the lowest alias speaks for the data */
    if (info.decoded_size == info.size) continue;
    bool over = info.decoded_size > info.size;
    z3_doctor__add(r, over ? "graphics.sheet_overflow" : "graphics.sheet_short", "sheet", i, (long)info.offset, NULL,
                   "sheet 0x%02X (%s) decompresses to %zu bytes; its buffer holds %zu", i,
                   z3_sheet_kind_name(info.kind), info.decoded_size, info.size);
  }
}

/* ---- messages ------------------------------------------------------------------ */

/* Where a stream starting at `from` ends (0x80 or 0xFF), or `end` when it runs off. */
static size_t stream_end(const z3_rom *rom, size_t from, size_t end) {
  for (size_t i = from; i < end && i < rom->data.len; i++) {
    uint8_t b = rom->data.data[i];
    if (b == Z3_TEXT_BANK_SWITCH || b == Z3_TEXT_FINISH) return i;
  }
  return end;
}

static void report_unreadable(const z3_rom *rom, const z3_error *err, z3_doctor_report *r) {
  size_t end1 = stream_end(rom, Z3_TEXT_BANK1_PC, Z3_TEXT_BANK1_END_PC);
  bool over1 = end1 == Z3_TEXT_BANK1_END_PC;
  bool over2 = !over1 && rom->data.data[end1] == Z3_TEXT_BANK_SWITCH &&
               stream_end(rom, Z3_TEXT_BANK2_PC, Z3_TEXT_BANK2_END_PC) == Z3_TEXT_BANK2_END_PC;
  if (over1 || over2) {
    z3_doctor__add(r, "message.bank_overflow", "text bank", over1 ? 1 : 2,
                   (long)(over1 ? Z3_TEXT_BANK1_END_PC : Z3_TEXT_BANK2_END_PC) - 1, NULL,
                   "the messages in text bank %d run past its end at 0x%06X without a bank switch or end byte: %s",
                   over1 ? 1 : 2, over1 ? Z3_TEXT_BANK1_END_PC : Z3_TEXT_BANK2_END_PC, err->message);
    return;
  }
  z3_doctor__add(r, "message.unreadable", "messages", -1, err->offset, NULL, "%s", err->message);
}

/* Bytes the renderer takes for dictionary entries past the 97 the game has. */
static bool missing_entry_byte(const char *token) {
  unsigned b = 0;
  if (sscanf(token, "[BYTE:%2x]", &b) != 1) return false;
  return (b >= 0x81 && b <= 0x87) || (b >= 0xE9 && b <= 0xFE);
}

static void check_message(const z3_text *text, size_t id, z3_doctor_report *r) {
  const z3_message *m = &text->msgs[id];
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  long at = (long)z3_text_offset(text, id);
  if (z3_text_decode(&text->dict, m->data, m->len, false, &out, &err) != Z3_OK) {
    z3_doctor__add(r, "message.bad_token", "message", (long)id, err.offset >= 0 ? at + err.offset : at, NULL,
                   "message 0x%03zX: %s", id, err.message);
  } else if (strstr((const char *)out.data, ":7F]")) {
    z3_doctor__add(r, "message.bad_token", "message", (long)id, at, NULL,
                   "message 0x%03zX ends in a command whose argument is the end byte 0x7F: it runs on into "
                   "the next message, and every later message id shifts", id);
  } else {
    for (const char *p = (const char *)out.data; p && (p = strstr(p, "[BYTE:")) != NULL; p++) {
      if (!missing_entry_byte(p)) continue;
      z3_doctor__add(r, "message.missing_token", "message", (long)id, at, NULL,
                     "message 0x%03zX prints %.9s, a dictionary entry the game does not have", id, p);
      break;
    }
  }
  z3_buf_release(&out);
}

void z3_doctor__messages(const z3_rom *rom, z3_doctor_report *r) {
  z3_text text;
  z3_error err;
  z3_error_init(&err);
  z3_text_dict dict;
  if (z3_text_dict_read(rom, &dict, &err) != Z3_OK) {
    z3_doctor__add(r, "message.dictionary", "dictionary", -1, err.offset >= 0 ? err.offset : (long)Z3_TEXT_DICT_PTR_PC,
                   NULL, "%s", err.message);
    return;
  }
  if (rom->data.len < Z3_TEXT_BANK1_END_PC) return; /* the dictionary read already refuses such a ROM */
  if (z3_text_load(rom, &text, &err) != Z3_OK) {
    report_unreadable(rom, &err, r);
    return;
  }
  for (size_t i = 0; i < text.count; i++) check_message(&text, i, r);
  z3_text_release(&text);
}
