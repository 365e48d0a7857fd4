/*
 * Fuzzes `overworld import`'s reader: the input is a JSON document applied to
 * one area of the sample ROM's world (the first byte picks the area, and with
 * its top bit set the world is the 2 MiB sample made ZSCustomOverworld v3, so
 * the document's "zscustom" properties apply). It must
 * be accepted or refused with a message naming a JSON path; an accepted one
 * must save (or fail with a message when lists no longer fit) and read back
 * as what the document said: exporting the area again and importing that
 * changes nothing.
 *
 * Seeds in fuzz/corpora/overworld_json/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/overworld.h"
#include "zelda3/overworld_json.h"
#include "fuzz_sample.h"
#include "../tests/zelda3/layout_gen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static z3_buf template_rom, custom_rom;

/* The 2 MiB sample with ZSCustomOverworld v3's tables, built once. */
static const z3_buf *custom_template(void) {
  if (custom_rom.len) return &custom_rom;
  fuzz_sample_once(&custom_rom, 0x200000);
  gen_layout(custom_rom.data, Z3_LAYOUT_ZSCUSTOM_V3);
  return &custom_rom;
}

static const int areas[] = {0x2C, 0x1B, 0x40, 0x81, 0x9F};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  fuzz_sample_once(&template_rom, 0);
  const z3_buf *base = data[0] & 0x80 ? custom_template() : &template_rom;
  int id = areas[(data[0] & 0x7F) % (sizeof areas / sizeof areas[0])];
  json_t *doc = json_loadb((const char *)data + 1, size - 1, 0, NULL);
  if (!doc) return 0; /* jansson's own parser is not what this target tests */
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  z3_overworld *ow = NULL;
  if (z3_rom_from_memory(&rom, base->data, base->len, "fuzz", &err) != Z3_OK || z3_ow_load(&ow, rom, &err) != Z3_OK)
    abort();
  z3_status st = z3_ow_import_json(ow, id, doc, &err);
  if (st != Z3_OK) {
    if (!err.message[0] || err.message[0] != '$') abort(); /* every refusal names a path */
  } else if (z3_ow_save(ow, rom, &err) == Z3_OK) {
    z3_overworld *again = NULL;
    if (z3_ow_load(&again, rom, &err) != Z3_OK) abort();
    json_t *mine = z3_ow_export_json(ow, id), *theirs = z3_ow_export_json(again, id);
    if (!json_equal(mine, theirs)) abort();
    json_decref(mine);
    json_decref(theirs);
    z3_ow_free(again);
  } else if (!err.message[0]) {
    abort();
  }
  z3_ow_free(ow);
  z3_rom_free(rom);
  json_decref(doc);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

static void seed_doc(const char *dir, const char *name, uint8_t area_index, const char *text) {
  size_t n = strlen(text);
  uint8_t *buf = malloc(n + 1);
  buf[0] = area_index;
  memcpy(buf + 1, text, n);
  write_seed(dir, name, buf, n + 1);
  free(buf);
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  fuzz_sample_once(&template_rom, 0);
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom;
  z3_overworld *ow;
  if (z3_rom_from_memory(&rom, template_rom.data, template_rom.len, "seed", &err) || z3_ow_load(&ow, rom, &err))
    abort();
  for (uint8_t k = 0; k < 3; k++) { /* 0x2C, 0x1B (large), 0x40 as exported */
    json_t *doc = z3_ow_export_json(ow, areas[k]);
    char *text = json_dumps(doc, JSON_COMPACT);
    char name[32];
    snprintf(name, sizeof name, "export-%02x", areas[k]);
    seed_doc(argv[1], name, k, text);
    free(text);
    json_decref(doc);
  }
  seed_doc(argv[1], "small-edit", 0,
           "{\"format\":\"z3ed-overworld-area\",\"version\":1,\"properties\":{\"gfx\":\"0x10\"},"
           "\"sprites\":[[],[{\"x\":1,\"y\":2,\"id\":\"0x41\"}],null],\"items\":[{\"x\":3,\"y\":4,\"id\":6}],"
           "\"entrances\":[{\"slot\":120,\"x\":5,\"y\":6,\"entrance\":\"0x01\"}]}");
  z3_rom *custom;
  z3_overworld *cow;
  const z3_buf *c = custom_template();
  if (z3_rom_from_memory(&custom, c->data, c->len, "seed", &err) || z3_ow_load(&cow, custom, &err)) abort();
  json_t *doc = z3_ow_export_json(cow, 0x2C);
  char *text = json_dumps(doc, JSON_COMPACT);
  seed_doc(argv[1], "export-2c-zscustom", 0x80, text);
  free(text);
  json_decref(doc);
  z3_ow_free(cow);
  z3_rom_free(custom);
  seed_doc(argv[1], "wrong-shape", 1, "{\"format\":\"z3ed-overworld-area\",\"version\":1,\"screens\":[{\"tile32\":[[1,2]]}]}");
  z3_ow_free(ow);
  z3_rom_free(rom);
  return 0;
}
#endif
