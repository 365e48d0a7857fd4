/*
 * A room as JSON: the export format (everything of one room that z3ed models:
 * header, floors, layout, objects per layer, doors, sprites, chests, message)
 * and its import, which checks every field and names the JSON path of the
 * first bad one ("$.objects[1][3].x: 70 is outside 0-63").
 *
 * Numbers are accepted as integers or as "0x.." strings; exports write ids as
 * hex strings and names alongside (names are ignored on import).
 */
#ifndef Z3_ZELDA3_DUNGEON_JSON_H
#define Z3_ZELDA3_DUNGEON_JSON_H

#include <jansson.h>

#include "zelda3/dungeon.h"

#define Z3_ROOM_JSON_FORMAT "z3ed-room"
enum { Z3_ROOM_JSON_VERSION = 1 };

/* "0x012" style hex text as a JSON string. */
json_t *z3_json_hex(unsigned value, int digits);

json_t *z3_room_header_json(const uint8_t raw[Z3_ROOM_HEADER_SIZE]);
json_t *z3_room_object_json(const z3_room_object *o, int layer, size_t index);
json_t *z3_room_door_json(const z3_room_door *door, size_t index);
json_t *z3_room_sprite_json(const z3_room_sprite *s, size_t index);
json_t *z3_chest_json(const z3_chest *c, size_t index);
json_t *z3_pot_json(const z3_pot_item *p, size_t index);
json_t *z3_block_json(uint16_t position, bool torch);

/* Read-only views added to `dungeon describe` (dungeon_specials.c): pot_items,
 * blocks, torches, pit_damage, entrances and spawn_points of the room. */
void z3_room_specials_json(const z3_rom *rom, int room, json_t *out);

/* The whole room in the export format. */
json_t *z3_room_export_json(const z3_dungeon *d, int room);
/* Replaces room `room` with the document's contents (all or nothing). */
z3_status z3_room_import_json(z3_dungeon *d, int room, const json_t *doc, z3_error *err);

/* A layout or overlay: format z3ed-object-list (same version and object
 * fields as a room's lists): {format, version, kind, index, objects}. Import
 * reads only the objects (kind and index are for people), all or nothing. */
#define Z3_LIST_JSON_FORMAT "z3ed-object-list"
json_t *z3_list_export_json(const z3_object_list *l);
z3_status z3_list_import_json(z3_object_list *l, const json_t *doc, z3_error *err);

#endif
