/*
 * The bomb-door table (world reference §2.9): when Link bombs the secret item
 * 0x86 open, the game draws the open door at the item's position and sets bit
 * 1 of the area's overworld flags; when the area loads again it redraws the
 * door from this table, one word per area (0x00-0x7F), the item's position in
 * the same encoding as the item lists. A door added without its entry closes
 * again once Link leaves, so the entry follows the item list: it is derived
 * when a changed list is saved, never edited on its own.
 */
#include <stdio.h>

#include "zelda3/overworld_secrets.h"

#define BOMB_DOOR_PC 0x16DC5u
#define BOMB_DOOR_CODE_PC 0x16F64u /* LDA.l table,X in Overworld_HandleOverlaysAndBombDoors */
#define LDA_LONG_X 0xBF

size_t z3_ow_bomb_door_pc(const z3_rom *rom) {
  const uint8_t *d = rom->data.data;
  if (rom->data.len > BOMB_DOOR_CODE_PC + 3 && d[BOMB_DOOR_CODE_PC] == LDA_LONG_X) {
    uint32_t snes = (uint32_t)d[BOMB_DOOR_CODE_PC + 1] | (uint32_t)d[BOMB_DOOR_CODE_PC + 2] << 8 |
                    (uint32_t)d[BOMB_DOOR_CODE_PC + 3] << 16;
    size_t pc;
    if (z3_rom_to_pc(rom, snes, &pc, NULL) == Z3_OK && pc + 2 * Z3_OW_LIST_AREAS <= rom->data.len) return pc;
  }
  return BOMB_DOOR_PC;
}

uint16_t z3_ow_bomb_door(const z3_rom *rom, int area) {
  size_t at = z3_ow_bomb_door_pc(rom) + 2 * (size_t)area;
  if (area < 0 || area >= Z3_OW_LIST_AREAS || at + 2 > rom->data.len) return 0;
  return (uint16_t)(rom->data.data[at] | rom->data.data[at + 1] << 8);
}

int z3_ow_bomb_door_item(const z3_ow_list *items) {
  for (int i = 0; i < items->count; i++)
    if (items->items[i].id == Z3_OW_BOMB_DOOR_ITEM) return i;
  return -1;
}

/* The list lives under the group's parent; the game indexes the table by the
 * screen Link stands on, so every screen of the group carries the entry. */
static z3_status save_group(const z3_overworld *ow, z3_rom *rom, int list, size_t table, z3_error *err) {
  int door = z3_ow_bomb_door_item(&ow->items[list]);
  uint16_t pos = door < 0 ? 0 : ow->items[list].items[door].pos;
  int screens[4], n = list < Z3_OW_AREA_COUNT ? z3_ow_group_screens(ow, list, screens) : 0;
  if (n == 0) screens[0] = list, n = 1;
  char why[96];
  snprintf(why, sizeof why, "bomb-door entry of area 0x%02X follows its item list", list);
  z3_status st = Z3_OK;
  for (int k = 0; st == Z3_OK && k < n; k++) {
    if (screens[k] >= Z3_OW_LIST_AREAS || z3_ow_bomb_door(rom, screens[k]) == pos) continue;
    uint8_t word[2] = {(uint8_t)pos, (uint8_t)(pos >> 8)};
    st = z3_rom_write(rom, table + 2 * (size_t)screens[k], word, 2, why, err);
  }
  return st;
}

z3_status z3_ow__save_bomb_doors(const z3_overworld *ow, z3_rom *rom, const bool changed[Z3_OW_LIST_AREAS],
                                 z3_error *err) {
  size_t table = z3_ow_bomb_door_pc(rom);
  if (table + 2 * Z3_OW_LIST_AREAS > rom->data.len) return Z3_OK;
  z3_status st = Z3_OK;
  for (int i = 0; st == Z3_OK && i < Z3_OW_LIST_AREAS; i++)
    if (changed[i]) st = save_group(ow, rom, i, table, err);
  return st;
}
