/*
 * Fuzzes the overworld overlay readers (zelda3/overlays.h), reading every input twice.
 *  1. As code: the first byte picks the layout (bit 0: ZScream, RTL-terminated),
 *     the rest is a bank of code read from its first byte. A routine that
 *     parses re-encodes to code that parses to the same stores; a refusal
 *     carries a message and the offending PC.
 *  2. As the stores JSON `overworld set-overlay --from` reads: stores that read
 *     are in the 64x64 buffer, print and read back the same, and encode in both
 *     layouts to code that parses to them; a refusal names its JSON path.
 *     Then, as `overworld set-overlay` does, they replace one area's overlay
 *     (area from the input's length) on the sample ROM (1 or 2 MiB by the
 *     length's low bit): a save is refused with a message, or every area
 *     reads back as before but this one, which reads the stores.
 *
 * Seeds in fuzz/corpora/overlay_code/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "zelda3/overlays.h"
#include "fuzz_sample.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The stores as code of each layout, parsed back. */
static void encode_and_parse(const z3_ovl_area *a) {
  static uint8_t out[Z3_OVL_MAX_STORES * 6 + 1];
  for (int zs = 0; zs < 2; zs++) {
    z3_ovl_area again = {0};
    z3_error err;
    z3_error_init(&err);
    size_t len = z3_ovl_encode(a, zs, out, sizeof out);
    if (len == 0 || z3_ovl_parse(out, len, 0, zs, 0x2A, &again, &err) != Z3_OK) abort();
    if (again.count != a->count || (a->count && memcmp(again.stores, a->stores, (size_t)a->count * sizeof *a->stores)))
      abort();
    z3_free(again.stores);
  }
}

static bool same_stores(const z3_ovl_area *a, const z3_ovl_store *s, int count) {
  return a->count == count && (count == 0 || memcmp(a->stores, s, (size_t)count * sizeof *s) == 0);
}

static void check_rom_set(const z3_ovl_area *want, size_t size) {
  static z3_buf small, large;
  z3_rom *rom = size & 1 ? fuzz_sample_rom(&large, 2u << 20) : fuzz_sample_rom(&small, 0);
  int area = (int)(size / 2 % Z3_OVL_AREAS);
  z3_overlays *before = NULL, *set = NULL, *after = NULL;
  z3_error err;
  z3_error_init(&err);
  if (z3_ovl_load(&before, rom, &err) != Z3_OK || z3_ovl_load(&set, rom, &err) != Z3_OK) abort();
  if (z3_ovl_set(set, area, want->stores, want->count, &err) != Z3_OK) abort(); /* checked as the JSON was */
  if (z3_ovl_save(set, rom, &err) != Z3_OK) {
    if (!err.message[0]) abort();
  } else {
    if (z3_ovl_load(&after, rom, &err) != Z3_OK) abort();
    for (int i = 0; i < Z3_OVL_AREAS; i++) {
      const z3_ovl_area *w = i == area ? want : &before->areas[i];
      if (!same_stores(&after->areas[i], w->stores, w->count)) abort();
    }
  }
  z3_ovl_free(before);
  z3_ovl_free(set);
  z3_ovl_free(after);
  z3_rom_free(rom);
}

static void check_json(const uint8_t *data, size_t size) {
  json_t *doc = json_loadb((const char *)data, size, 0, NULL);
  if (!doc) return;
  z3_ovl_area a = {0}, back = {0};
  z3_error err;
  z3_error_init(&err);
  if (z3_ovl_stores_from_json(doc, &a.stores, &a.count, &err) != Z3_OK) {
    if (err.message[0] != '$') abort();
    json_decref(doc);
    return;
  }
  if (a.count < 0 || a.count > Z3_OVL_MAX_STORES) abort();
  for (int i = 0; i < a.count; i++)
    if (a.stores[i].x > 63 || a.stores[i].y > 63) abort();
  json_t *printed = z3_ovl_stores_json(&a);
  if (z3_ovl_stores_from_json(printed, &back.stores, &back.count, &err) != Z3_OK || back.count != a.count) abort();
  if (a.count && memcmp(back.stores, a.stores, (size_t)a.count * sizeof *a.stores) != 0) abort();
  encode_and_parse(&a);
  check_rom_set(&a, size);
  json_decref(printed);
  json_decref(doc);
  z3_free(a.stores);
  z3_free(back.stores);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  check_json(data, size);
  if (size < 2) return 0;
  bool zs = data[0] & 1;
  const uint8_t *code = data + 1;
  size_t n = size - 1 > 0x8000 ? 0x8000 : size - 1;
  z3_ovl_area a = {0};
  z3_error err;
  z3_error_init(&err);
  if (z3_ovl_parse(code, n, 0, zs, 0x2A, &a, &err) != Z3_OK) {
    if (!err.message[0] || err.offset < 0 || (size_t)err.offset > n) abort();
    z3_free(a.stores);
    return 0;
  }
  if (a.count < 0 || a.count > Z3_OVL_MAX_STORES || a.span_count < 1) abort();
  encode_and_parse(&a);
  z3_free(a.stores);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  /* vanilla: LDA #$50, STA $2528, INC A, STA $252A, LDX #$10, STA $2100,X, STA $7E:2814, JMP $8018 (over a NOP) -> RTS */
  static const uint8_t vanilla[] = {0, 0xA9, 0x50, 0x00, 0x8D, 0x28, 0x25, 0x1A, 0x8D, 0x2A, 0x25, 0xA2, 0x10, 0x00,
                                    0x9D, 0x00, 0x21, 0x8F, 0x14, 0x28, 0x7E, 0x4C, 0x18, 0x80, 0xEA, 0x60};
  static const uint8_t zscream[] = {1, 0xA9, 0x34, 0x01, 0x8D, 0x00, 0x20, 0x8D, 0x02, 0x20, 0x6B};
  static const uint8_t unused[] = {0, 0xFF, 0xFF};
  static const uint8_t unknown[] = {0, 0xA9, 0x01, 0x00, 0xEA, 0x60};
  static const uint8_t loop[] = {0, 0x4C, 0x00, 0x80};
  write_seed(argv[1], "vanilla", vanilla, sizeof vanilla);
  write_seed(argv[1], "zscream", zscream, sizeof zscream);
  write_seed(argv[1], "unused", unused, sizeof unused);
  write_seed(argv[1], "unknown-opcode", unknown, sizeof unknown);
  write_seed(argv[1], "jmp-loop", loop, sizeof loop);
  static const char stores[] = "{\"stores\": [{\"x\": 5, \"y\": 63, \"tile16\": 1234}, {\"x\": 0, \"y\": 0, \"tile16\": 65535}]}";
  static const char result[] = "{\"ok\": true, \"result\": {\"map\": \"0x1B\", \"stores\": [{\"x\": 1, \"y\": 2, \"tile16\": 3}]}}";
  static const char outside[] = "[{\"x\": 64, \"y\": 0, \"tile16\": 1}]";
  write_seed(argv[1], "json-stores", stores, sizeof stores - 1);
  write_seed(argv[1], "json-result", result, sizeof result - 1);
  write_seed(argv[1], "json-outside", outside, sizeof outside - 1);
  return 0;
}
#endif
