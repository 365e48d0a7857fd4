/*
 * Fuzzes `dungeon import`'s reader: the input is a JSON document imported
 * into room 0x012 of the sample ROM's model. A refused document must leave
 * the room exactly as it was and say why; an accepted one must export to a
 * document that imports back to the same room (export -> import -> export is
 * stable). The same document is also imported into layout 2 (a
 * z3ed-object-list document) with the same two rules. Any violation traps.
 *
 * The seeds in fuzz/corpora/room_json/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/dungeon_json.h"
#include "zelda3/sample.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { ROOM = 0x012 };

static z3_dungeon *model(void) {
  static z3_dungeon *d;
  if (d) return d;
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  if (z3_sample_rom(&rom, NULL, &err) || z3_dungeon_load(rom, &d, &err)) abort();
  z3_rom_free(rom);
  return d;
}

static char *dump(const z3_dungeon *d) {
  json_t *doc = z3_room_export_json(d, ROOM);
  char *text = json_dumps(doc, JSON_SORT_KEYS | JSON_COMPACT);
  json_decref(doc);
  if (!text) abort();
  return text;
}

static char *dump_list(const z3_object_list *l) {
  json_t *doc = z3_list_export_json(l);
  char *text = json_dumps(doc, JSON_SORT_KEYS | JSON_COMPACT);
  json_decref(doc);
  if (!text) abort();
  return text;
}

static void check_list(z3_object_list *l, const json_t *doc) {
  char *before = dump_list(l);
  z3_error err;
  z3_error_init(&err);
  if (z3_list_import_json(l, doc, &err) != Z3_OK) {
    char *after = dump_list(l);
    if (!err.message[0] || strcmp(before, after) != 0) abort();
    free(after);
  } else {
    char *first = dump_list(l);
    json_t *again = json_loads(first, 0, NULL);
    z3_error_init(&err);
    if (!again || z3_list_import_json(l, again, &err) != Z3_OK) abort();
    char *second = dump_list(l);
    if (strcmp(first, second) != 0) abort();
    json_decref(again);
    free(first);
    free(second);
  }
  free(before);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  z3_dungeon *d = model();
  json_t *doc = json_loadb((const char *)data, size, 0, NULL);
  if (!doc) return 0;
  check_list(&d->lists[2], doc);
  char *before = dump(d);
  z3_error err;
  z3_error_init(&err);
  if (z3_room_import_json(d, ROOM, doc, &err) != Z3_OK) {
    char *after = dump(d);
    if (!err.message[0] || strcmp(before, after) != 0) abort();
    free(after);
  } else {
    char *first = dump(d);
    json_t *again = json_loads(first, 0, NULL);
    z3_error_init(&err);
    if (!again || z3_room_import_json(d, ROOM, again, &err) != Z3_OK) abort();
    char *second = dump(d);
    if (strcmp(first, second) != 0) abort();
    json_decref(again);
    free(first);
    free(second);
  }
  free(before);
  json_decref(doc);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  char *room = dump(model());
  write_seed(argv[1], "room-0x012", room, strlen(room));
  free(room);
  static const char bad_x[] = "{\"header\":{},\"objects\":[[{\"id\":1,\"x\":70,\"y\":1}],[],[]]}";
  write_seed(argv[1], "bad-x", bad_x, sizeof bad_x - 1);
  char *layout = dump_list(&model()->lists[2]);
  write_seed(argv[1], "layout-2", layout, strlen(layout));
  free(layout);
  static const char array[] = "[1,2,3]";
  write_seed(argv[1], "not-an-object", array, sizeof array - 1);
  return 0;
}
#endif
