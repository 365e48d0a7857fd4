/* debug game-state: the game's own variables decoded from WRAM. One table
 * per game; ALttP's from the world reference's WRAM map (Appendix D). */
#include <stdio.h>
#include <string.h>

#include "debug/debug_internal.h"
#include "debug/methods_internal.h"

typedef enum field_kind { F_NUMBER, F_MODULE, F_DIRECTION, F_HEARTS, F_BOOL_40, F_ARMOR, F_PALACE } field_kind;

typedef struct game_field {
  const char *name;
  uint16_t offset; /* in bank $7E */
  uint8_t size;    /* 1 or 2 bytes, little-endian */
  field_kind kind;
  const char *meaning;
} game_field;

static const game_field alttp_fields[] = {
    {"module", 0x0010, 1, F_MODULE, "main module"},
    {"submodule", 0x0011, 1, F_NUMBER, "step inside the module"},
    {"frame_counter", 0x001A, 1, F_NUMBER, "increments each frame"},
    {"indoors", 0x001B, 1, F_NUMBER, "0 overworld, 1 underworld"},
    {"link_y", 0x0020, 2, F_NUMBER, "Link's Y in the world"},
    {"link_x", 0x0022, 2, F_NUMBER, "Link's X in the world"},
    {"link_direction", 0x002F, 1, F_DIRECTION, "the way Link faces"},
    {"link_state", 0x005D, 1, F_NUMBER, "Link's state machine"},
    {"overworld_area", 0x008A, 2, F_NUMBER, "current overworld area"},
    {"dungeon_room", 0x00A0, 2, F_NUMBER, "current room"},
    {"palace", 0x040C, 2, F_PALACE, "dungeon id (palace index / 2), none outside"},
    {"sword", 0xF359, 1, F_NUMBER, "sword type"},
    {"shield", 0xF35A, 1, F_NUMBER, "shield type"},
    {"armor", 0xF35B, 1, F_ARMOR, "green, blue or red mail"},
    {"moon_pearl", 0xF357, 1, F_NUMBER, "moon pearl"},
    {"rupees", 0xF362, 2, F_NUMBER, "rupees shown"},
    {"rupees_goal", 0xF360, 2, F_NUMBER, "rupees the counter runs towards"},
    {"health", 0xF36D, 1, F_HEARTS, "health in hearts (8 units each)"},
    {"health_max", 0xF36C, 1, F_HEARTS, "heart containers"},
    {"magic", 0xF36E, 1, F_NUMBER, "magic, up to 0x80"},
    {"keys", 0xF36F, 1, F_NUMBER, "small keys of the current dungeon"},
    {"pendants", 0xF374, 1, F_NUMBER, "pendant bits"},
    {"crystals", 0xF37A, 1, F_NUMBER, "crystal bits"},
    {"magic_consumption", 0xF37B, 1, F_NUMBER, "0 normal, 1 half, 2 quarter"},
    {"dark_world", 0xF3CA, 1, F_BOOL_40, "in the Dark World"},
};

static const char *const modules[] = {
    "intro", "file select", "copy file", "erase file", "name file", "load file", "pre-dungeon", "dungeon",
    "overworld load", "overworld", "overworld load (special)", "overworld (special)", "unused", "unused",
    "interface", "spotlight close", "spotlight open", "falling into a dungeon", "game over",
    "boss victory (pendant)", "attract mode", "mirror warp", "boss victory (crystal)", "save and quit",
    "ganon emerges", "triforce room", "credits", "spawn select",
};

/* The inventory bytes $F340-$F35B, by item. */
static const char *const inventory[] = {
    "bow", "boomerang", "hookshot", "bombs", "mushroom_powder", "fire_rod", "ice_rod", "bombos", "ether",
    "quake", "lamp", "hammer", "flute_shovel", "bug_net", "book", "bottle_index", "cane_somaria",
    "cane_byrna", "magic_cape", "magic_mirror", "gloves", "boots", "flippers", "moon_pearl_item",
    "unused", "sword_item", "shield_item", "armor_item",
};

static json_t *decoded(const game_field *f, unsigned v) {
  static const char *const directions[] = {"up", "up", "down", "down", "left", "left", "right", "right"};
  static const char *const armors[] = {"green", "blue", "red"};
  switch (f->kind) {
    case F_MODULE: return v < sizeof modules / sizeof modules[0] ? json_string(modules[v]) : NULL;
    case F_DIRECTION: return v < 8 ? json_string(directions[v]) : NULL;
    case F_HEARTS: return json_real(v / 8.0);
    case F_BOOL_40: return json_boolean(v & 0x40);
    case F_ARMOR: return v < 3 ? json_string(armors[v]) : NULL;
    case F_PALACE: return v == 0xFF || v == 0xFFFF ? json_null() : json_integer(v / 2);
    case F_NUMBER: break;
  }
  return NULL;
}

z3_status m_game_state(call *c) {
  const uint8_t *wram = z3_debug_console(c->dbg)->wram;
  json_t *fields = json_object();
  for (size_t i = 0; i < sizeof alttp_fields / sizeof alttp_fields[0]; i++) {
    const game_field *f = &alttp_fields[i];
    unsigned v = wram[f->offset] | (f->size == 2 ? wram[f->offset + 1] << 8 : 0);
    json_t *o = json_object();
    char where[12];
    snprintf(where, sizeof where, "$7E:%04X", f->offset);
    json_object_set_new(o, "address", json_string(where));
    json_object_set_new(o, "value", json_integer(v));
    json_t *d = decoded(f, v);
    if (d) json_object_set_new(o, "decoded", d);
    json_object_set_new(o, "meaning", json_string(f->meaning));
    json_object_set_new(fields, f->name, o);
  }
  json_t *items = json_object();
  for (size_t i = 0; i < sizeof inventory / sizeof inventory[0]; i++)
    if (strcmp(inventory[i], "unused") != 0) json_object_set_new(items, inventory[i], json_integer(wram[0xF340 + i]));
  json_object_set_new(c->result, "game", json_string("alttp"));
  json_object_set_new(c->result, "fields", fields);
  json_object_set_new(c->result, "inventory", items);
  return Z3_OK;
}
