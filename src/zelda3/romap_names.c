/* Regions of the ROM map in game terms. */
#include <stdio.h>

#include "zelda3/overworld.h"
#include "zelda3/palettes.h"
#include "zelda3/romap.h"

const char *z3_region_kind_name(z3_region_kind kind) {
  static const char *const names[Z3_REGION_KIND_COUNT] = {
      "header", "sheet", "room_header", "room_objects", "room_sprites", "room_pots", "chest",
      "message", "area_map", "area_sprites", "area_items", "area_entry", "palette", "tiles", "table", "free", "area_overlay",
      "dungeon_list"};
  return (unsigned)kind < Z3_REGION_KIND_COUNT ? names[kind] : "unknown";
}

const char *z3_romap_table_name(z3_romap_table table) {
  static const char *const names[Z3_TABLE_COUNT] = {
      "room object pointers", "room header pointers", "room sprite pointers", "room pot-item pointers",
      "room message ids", "sheet pointers", "area map pointers", "area sprite pointers",
      "area item pointers", "text dictionary",
      "area map pointers (vanilla copy, unread with the tail-map patch)",
      "ZSCustomOverworld enable bytes and version", "tail-map patch marker", "water-fill zones (yaze)",
      "overlay vectors",
      "room layout pointers", "dungeon overlay pointers", "bomb-door positions", "gravestones",
      "dungeon map tables", "dungeon map lists"};
  return (unsigned)table < Z3_TABLE_COUNT ? names[table] : "table";
}

void z3_region_entry_name(const z3_region *r, char *out, size_t cap) {
  z3_ow_entry_name((z3_ow_entry)(r->part / Z3_OW_ENTRY_SLOTS), r->part % Z3_OW_ENTRY_SLOTS, out, cap);
}

static const char *palette_group_name(int part) {
  return part >= 0 && (size_t)part < z3_palette_group_count ? z3_palette_groups[part].name : "?";
}

void z3_region_resource(const z3_region *r, char *out, size_t cap) {
  switch (r->kind) {
    case Z3_REGION_ROOM_HEADER:
    case Z3_REGION_ROOM_OBJECTS:
    case Z3_REGION_ROOM_SPRITES:
    case Z3_REGION_ROOM_POTS: snprintf(out, cap, "room 0x%03X", r->index); return;
    case Z3_REGION_CHEST:
      if (r->part >= 0) snprintf(out, cap, "room 0x%03X", r->part);
      else snprintf(out, cap, "chest record %d", r->index);
      return;
    case Z3_REGION_AREA_MAP:
    case Z3_REGION_AREA_SPRITES:
    case Z3_REGION_AREA_ITEMS:
    case Z3_REGION_AREA_OVERLAY:
    case Z3_REGION_AREA_ENTRY: snprintf(out, cap, "area 0x%02X", r->index); return;
    case Z3_REGION_MESSAGE: snprintf(out, cap, "message 0x%03X", r->index); return;
    case Z3_REGION_SHEET: snprintf(out, cap, "sheet 0x%02X", r->index); return;
    case Z3_REGION_PALETTE: snprintf(out, cap, "palette %s %d", palette_group_name(r->part), r->index); return;
    case Z3_REGION_DUNGEON_LIST: snprintf(out, cap, "%s %d", r->part ? "overlay" : "layout", r->index); return;
    default: z3_region_describe(r, out, cap); return;
  }
}

void z3_region_describe(const z3_region *r, char *out, size_t cap) {
  static const char *const room_parts[] = {"header", "objects", "sprites", "pot items"};
  static const char *const tiles[] = {"tile16 definitions", "tile32 top-left quadrant", "tile32 top-right quadrant",
                                      "tile32 bottom-left quadrant", "tile32 bottom-right quadrant"};
  switch (r->kind) {
    case Z3_REGION_HEADER: snprintf(out, cap, "ROM header and vectors"); return;
    case Z3_REGION_ROOM_HEADER:
    case Z3_REGION_ROOM_OBJECTS:
    case Z3_REGION_ROOM_SPRITES:
    case Z3_REGION_ROOM_POTS:
      snprintf(out, cap, "room 0x%03X %s", r->index, room_parts[r->kind - Z3_REGION_ROOM_HEADER]);
      return;
    case Z3_REGION_CHEST:
      if (r->part >= 0) snprintf(out, cap, "room 0x%03X chest (record %d)", r->part, r->index);
      else snprintf(out, cap, "unused chest record %d", r->index);
      return;
    case Z3_REGION_AREA_MAP:
      snprintf(out, cap, "area 0x%02X map (%s bytes)", r->index, r->part ? "low" : "high");
      return;
    case Z3_REGION_AREA_SPRITES:
      snprintf(out, cap, "area 0x%02X sprites (%s)", r->index, z3_ow_state_name(r->part));
      return;
    case Z3_REGION_AREA_ITEMS: snprintf(out, cap, "area 0x%02X items", r->index); return;
    case Z3_REGION_AREA_OVERLAY: snprintf(out, cap, "area 0x%02X overlay routine", r->index); return;
    case Z3_REGION_AREA_ENTRY: {
      char entry[48];
      z3_region_entry_name(r, entry, sizeof entry);
      snprintf(out, cap, "area 0x%02X %s", r->index, entry);
      return;
    }
    case Z3_REGION_TILES: snprintf(out, cap, "%s", tiles[r->part >= 0 && r->part < 5 ? r->part : 0]); return;
    case Z3_REGION_TABLE: snprintf(out, cap, "%s", z3_romap_table_name((z3_romap_table)r->part)); return;
    case Z3_REGION_DUNGEON_LIST: snprintf(out, cap, "%s %d objects", r->part ? "overlay" : "layout", r->index); return;
    case Z3_REGION_FREE: snprintf(out, cap, "free space"); return;
    default: z3_region_resource(r, out, cap); return;
  }
}

static bool is_room_part(z3_region_kind k) { return k >= Z3_REGION_ROOM_HEADER && k <= Z3_REGION_ROOM_POTS; }
static bool is_area_part(z3_region_kind k) { return k >= Z3_REGION_AREA_MAP && k <= Z3_REGION_AREA_ENTRY; }

bool z3_region_same_entry(const z3_region *a, const z3_region *b) {
  int room_a = is_room_part(a->kind) ? a->index : a->kind == Z3_REGION_CHEST ? a->part : -1;
  int room_b = is_room_part(b->kind) ? b->index : b->kind == Z3_REGION_CHEST ? b->part : -1;
  if (room_a >= 0 || room_b >= 0) return room_a == room_b;
  if (is_area_part(a->kind) || is_area_part(b->kind))
    return is_area_part(a->kind) && is_area_part(b->kind) && a->index == b->index;
  return a->kind == b->kind && a->index == b->index && a->part == b->part;
}

const char *z3_region_category(const z3_region *r) {
  switch (r->kind) {
    case Z3_REGION_ROOM_HEADER:
    case Z3_REGION_ROOM_OBJECTS:
    case Z3_REGION_ROOM_SPRITES:
    case Z3_REGION_ROOM_POTS: return "rooms";
    case Z3_REGION_CHEST: return r->part >= 0 ? "rooms" : "other";
    case Z3_REGION_AREA_MAP:
    case Z3_REGION_AREA_SPRITES:
    case Z3_REGION_AREA_ITEMS:
    case Z3_REGION_AREA_OVERLAY:
    case Z3_REGION_AREA_ENTRY: return "areas";
    case Z3_REGION_MESSAGE: return "messages";
    case Z3_REGION_SHEET: return "sheets";
    case Z3_REGION_PALETTE: return "palettes";
    case Z3_REGION_TABLE: return "tables";
    case Z3_REGION_FREE: return "free_space";
    default: return "other";
  }
}
