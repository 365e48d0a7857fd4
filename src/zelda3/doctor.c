/*
 * Doctors: the kinds table, the report, the header checks (shared with
 * `rom validate`) and the JSON of a finding. The model checks live in
 * doctor_dungeon.c, doctor_world.c and doctor_overlap.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snes/header_check.h"
#include "zelda3/doctor_internal.h"

const char *const z3_doctor_scope_names[] = {"rom", "dungeon", "overworld", "graphics", "sprite", "message", NULL};

#define E Z3_SEVERITY_ERROR
#define W Z3_SEVERITY_WARNING
#define I Z3_SEVERITY_INFO
#define CHECKSUM_REPAIR "recompute the checksum and its complement (rom fix-checksum)"

const z3_doctor_kind z3_doctor_kinds[] = {
    {"header.no_header", Z3_DOCTOR_ROM, E, "no candidate header looks plausible: the console cannot boot it", NULL},
    {"header.map_mode_mismatch", Z3_DOCTOR_ROM, W, "the map mode byte names another layout than the one detected", NULL},
    {"header.reset_vector", Z3_DOCTOR_ROM, E, "the reset vector points outside ROM: the game cannot start", NULL},
    {"header.rom_size_code", Z3_DOCTOR_ROM, E, "the ROM size byte is outside $08-$0D", NULL},
    {"header.rom_size_small", Z3_DOCTOR_ROM, E, "the header declares less ROM than the image holds", NULL},
    {"header.rom_size_large", Z3_DOCTOR_ROM, W, "the header declares more than twice the image's size", NULL},
    {"header.mirrored_size", Z3_DOCTOR_ROM, I, "the size is not a power of two; the checksum mirrors the tail", NULL},
    {"header.title", Z3_DOCTOR_ROM, W, "the title holds a byte that is not printable", NULL},
    {"header.region", Z3_DOCTOR_ROM, W, "the region code is unknown", NULL},
    {"header.sram_size", Z3_DOCTOR_ROM, W, "the SRAM size byte is over 256 KiB", NULL},
    {"header.complement", Z3_DOCTOR_ROM, E, "checksum and complement do not add up to $FFFF", CHECKSUM_REPAIR},
    {"header.checksum", Z3_DOCTOR_ROM, E, "the stored checksum is not the image's", CHECKSUM_REPAIR},
    {"header.copier_header", Z3_DOCTOR_ROM, I, "a 512-byte copier header was found and skipped", NULL},
    {"rom.overlap", Z3_DOCTOR_ROM, E,
     "two structures' data share bytes (a pointer into another structure's data, or overlapping allocations): "
     "editing one corrupts the other", NULL},
    {"dungeon.unreadable", Z3_DOCTOR_DUNGEON, E, "the dungeon model cannot be read: a room's data does not parse", NULL},
    {"dungeon.pointer_out_of_range", Z3_DOCTOR_DUNGEON, E, "a room's pointer (header, objects, sprites, pot items) "
     "or a dungeon table's code operand does not reach ROM", NULL},
    {"dungeon.too_many_objects", Z3_DOCTOR_DUNGEON, W, "a room holds more objects than the game draws without lag", NULL},
    {"dungeon.too_many_doors", Z3_DOCTOR_DUNGEON, E, "a room holds more doors than the game's door arrays keep", NULL},
    {"dungeon.too_many_chests", Z3_DOCTOR_DUNGEON, E, "a room holds more chests than the game tracks", NULL},
    {"dungeon.door_unpaired", Z3_DOCTOR_DUNGEON, I, "a plain or key door leads into a neighbour room that has no "
     "door back (an info: a room may be entered by a door that does not lead back on purpose)",
     "add the matching door on the neighbour's opposite wall (dungeon add-door)"},
    {"dungeon.entrance_bad_room", Z3_DOCTOR_DUNGEON, E, "a dungeon entrance or starting point leads to a room "
     "that does not exist", NULL},
    {"dungeon.chest_bad_room", Z3_DOCTOR_DUNGEON, W, "a chest record names a room that does not exist", NULL},
    {"dungeon.map_unreadable", Z3_DOCTOR_DUNGEON, E, "the pause-screen dungeon maps cannot be read: a floor count "
     "over 8, or a room or template list outside bank $0A", NULL},
    {"dungeon.map_boss_floor", Z3_DOCTOR_DUNGEON, E, "a palace's boss room is not on the floor its map's boss floor "
     "names, so the map shows no skull (dungeon set-map-room rewrites the boss floor)", NULL},
    {"dungeon.map_bad_template", Z3_DOCTOR_DUNGEON, E, "a map square's room template is past the game's 186", NULL},
    {"dungeon.map_empty_room", Z3_DOCTOR_DUNGEON, W, "a map square shows a room with no objects or doors", NULL},
    {"sprite.bad_id", Z3_DOCTOR_SPRITE, E, "a room's sprite or overlord id has no handler in the game",
     "remove the sprites whose ids do not exist (dungeon remove-sprite)"},
    {"sprite.too_many", Z3_DOCTOR_SPRITE, E, "a room holds more sprites than the game's sprite slots",
     "remove the sprites past the limit, last first (dungeon remove-sprite)"},
    {"sprite.too_many_overlords", Z3_DOCTOR_SPRITE, E, "a room holds more overlords than the game keeps",
     "remove the overlords past the limit, last first (dungeon remove-sprite)"},
    {"overworld.unreadable", Z3_DOCTOR_OVERWORLD, E, "the overworld model cannot be read", NULL},
    {"overworld.entrance_bad_id", Z3_DOCTOR_OVERWORLD, E, "an overworld entrance or hole leads to a dungeon "
     "entrance that does not exist", NULL},
    {"overworld.exit_bad_room", Z3_DOCTOR_OVERWORLD, E, "an exit belongs to a room that does not exist", NULL},
    {"overworld.exit_bad_area", Z3_DOCTOR_OVERWORLD, E, "an exit leads to an area that does not exist", NULL},
    {"overworld.bomb_door_forgotten", Z3_DOCTOR_OVERWORLD, W, "a bombable door (secret item 0x86) has no matching "
     "bomb-door table entry: once bombed open it closes again when Link comes back",
     "move the door item onto its own place (overworld move-item), which rewrites the entry"},
    {"overworld.size_tables", Z3_DOCTOR_OVERWORLD, E, "an area's size tables disagree (parent table, 0x1788D and its "
     "dark-world copy, 0x12844): the game and each editor see another layout", NULL},
    {"graphics.tables_unreadable", Z3_DOCTOR_GRAPHICS, E, "the sheet pointer tables cannot be found", NULL},
    {"graphics.sheet_unreadable", Z3_DOCTOR_GRAPHICS, E, "a sheet's data is outside the ROM or does not decompress", NULL},
    {"graphics.sheet_overflow", Z3_DOCTOR_GRAPHICS, E, "a sheet decompresses to more bytes than its buffer holds", NULL},
    {"graphics.sheet_short", Z3_DOCTOR_GRAPHICS, W, "a sheet decompresses to fewer bytes than it should hold", NULL},
    {"message.dictionary", Z3_DOCTOR_MESSAGE, E, "the text dictionary cannot be read", NULL},
    {"message.unreadable", Z3_DOCTOR_MESSAGE, E, "the message stream cannot be read", NULL},
    {"message.bank_overflow", Z3_DOCTOR_MESSAGE, E, "the messages run past the end of their bank", NULL},
    {"message.bad_token", Z3_DOCTOR_MESSAGE, E, "a message holds a command without its argument, or one that "
     "takes the message's end byte as its argument (two messages run together)", NULL},
    {"message.missing_token", Z3_DOCTOR_MESSAGE, W, "a message prints a dictionary entry the game does not have", NULL},
};
const size_t z3_doctor_kind_count = sizeof z3_doctor_kinds / sizeof z3_doctor_kinds[0];

#undef E
#undef W
#undef I

const char *z3_severity_name(z3_severity s) {
  return s == Z3_SEVERITY_ERROR ? "error" : s == Z3_SEVERITY_WARNING ? "warning" : "info";
}

const z3_doctor_kind *z3_doctor_kind_find(const char *id) {
  for (size_t i = 0; i < z3_doctor_kind_count; i++)
    if (strcmp(z3_doctor_kinds[i].id, id) == 0) return &z3_doctor_kinds[i];
  return NULL;
}

z3_finding *z3_doctor__add(z3_doctor_report *r, const char *id, const char *structure, long sid, long offset,
                           json_t *repair, const char *fmt, ...) {
  const z3_doctor_kind *kind = z3_doctor_kind_find(id);
  if (!kind) abort(); /* a check naming a kind the table lacks is a programming error */
  if (r->count == r->cap) {
    size_t cap = r->cap ? r->cap * 2 : 32;
    z3_finding *items = z3_realloc(r->items, cap * sizeof *items);
    if (!items) {
      json_decref(repair);
      r->oom = true;
      return NULL;
    }
    r->items = items;
    r->cap = cap;
  }
  z3_finding *f = &r->items[r->count++];
  memset(f, 0, sizeof *f);
  f->kind = kind;
  snprintf(f->structure, sizeof f->structure, "%s", structure);
  f->id = sid;
  f->offset = offset;
  f->repair = kind->repair ? repair : NULL;
  if (!kind->repair) json_decref(repair);
  va_list ap;
  va_start(ap, fmt);
  z3_vformat(f->why, sizeof f->why, fmt, ap);
  va_end(ap);
  r->errors += kind->severity == Z3_SEVERITY_ERROR;
  r->warnings += kind->severity == Z3_SEVERITY_WARNING;
  r->infos += kind->severity == Z3_SEVERITY_INFO;
  r->repairable += f->repair != NULL;
  return f;
}

json_t *z3_doctor__command(const char *tool, json_t *args) {
  return json_pack("{s:s,s:o}", "tool", tool, "args", args ? args : json_object());
}

/* ---- header ----------------------------------------------------------------- */

typedef struct header_sink {
  z3_doctor_report *r;
  long offset;
} header_sink;

static void on_header(void *data, const char *severity, const char *code, const char *message) {
  (void)severity; /* the kinds table holds the same severities */
  header_sink *h = data;
  char id[48];
  snprintf(id, sizeof id, "header.%s", code);
  bool checksum = strcmp(code, "checksum") == 0 || strcmp(code, "complement") == 0;
  json_t *repair = checksum ? json_pack("[o]", z3_doctor__command("rom_fix_checksum", NULL)) : NULL;
  long at = checksum ? h->offset + 0x1C : h->offset;
  z3_doctor__add(h->r, id, "header", -1, at, repair, "%s", message);
}

/* Both pair findings come from one cause; one repair fixes both. */
static void one_checksum_repair(z3_doctor_report *r, size_t first) {
  z3_finding *complement = NULL, *checksum = NULL;
  for (size_t i = first; i < r->count; i++) {
    if (strcmp(r->items[i].kind->id, "header.complement") == 0) complement = &r->items[i];
    if (strcmp(r->items[i].kind->id, "header.checksum") == 0) checksum = &r->items[i];
  }
  if (complement && checksum && complement->repair) {
    json_decref(complement->repair);
    complement->repair = NULL;
    r->repairable--;
  }
}

static void check_header(const z3_rom *rom, z3_doctor_report *r) {
  header_sink h = {r, (long)z3_rom_header_offset(rom)};
  size_t first = r->count;
  z3_header_check(rom, on_header, &h);
  one_checksum_repair(r, first);
}

/* ---- running ---------------------------------------------------------------- */

z3_status z3_doctor_run(const z3_rom *rom, z3_doctor_scope scope, z3_doctor_report *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  bool all = scope == Z3_DOCTOR_ROM;
  if (all) check_header(rom, out);
  if (all || scope == Z3_DOCTOR_DUNGEON) z3_doctor__dungeon(rom, out);
  if (all || scope == Z3_DOCTOR_SPRITE) z3_doctor__sprites(rom, out, !all);
  if (all || scope == Z3_DOCTOR_OVERWORLD) z3_doctor__overworld(rom, out);
  if (all || scope == Z3_DOCTOR_GRAPHICS) z3_doctor__graphics(rom, out);
  if (all || scope == Z3_DOCTOR_MESSAGE) z3_doctor__messages(rom, out);
  if (all) z3_doctor__overlaps(rom, out);
  if (out->oom) {
    z3_doctor_report_release(out);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory collecting findings");
  }
  return Z3_OK;
}

void z3_doctor_report_release(z3_doctor_report *r) {
  for (size_t i = 0; i < r->count; i++) json_decref(r->items[i].repair);
  z3_free(r->items);
  memset(r, 0, sizeof *r);
}

json_t *z3_finding_json(const z3_rom *rom, const z3_finding *f) {
  json_t *o = json_object();
  json_object_set_new(o, "kind", json_string(f->kind->id));
  json_object_set_new(o, "severity", json_string(z3_severity_name(f->kind->severity)));
  json_object_set_new(o, "structure", json_string(f->structure));
  json_object_set_new(o, "id", f->id >= 0 ? json_integer(f->id) : json_null());
  json_object_set_new(o, "offset", f->offset >= 0 ? json_integer(f->offset) : json_null());
  uint32_t addr;
  char text[10];
  if (f->offset >= 0 && z3_rom_to_snes(rom, (size_t)f->offset, &addr, NULL) == Z3_OK) {
    z3_snes_format_address(addr, text);
    json_object_set_new(o, "address", json_string(text));
  } else {
    json_object_set_new(o, "address", json_null());
  }
  json_object_set_new(o, "why", json_string(f->why));
  json_object_set_new(o, "repair", json_string(f->repair ? f->kind->repair : "no automatic repair"));
  json_object_set_new(o, "commands", f->repair ? json_incref(f->repair) : json_array());
  return o;
}

json_t *z3_doctor_kinds_json(void) {
  json_t *list = json_array();
  for (size_t i = 0; i < z3_doctor_kind_count; i++) {
    const z3_doctor_kind *k = &z3_doctor_kinds[i];
    json_array_append_new(list, json_pack("{s:s,s:s,s:s,s:s,s:s}", "id", k->id, "scope",
                                          z3_doctor_scope_names[k->scope], "severity", z3_severity_name(k->severity),
                                          "about", k->about, "repair", k->repair ? k->repair : "no automatic repair"));
  }
  return list;
}
