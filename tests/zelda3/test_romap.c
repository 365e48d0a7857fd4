/* zelda3/romap, manifest and merge on the sample ROM: names, lookups, moved vs changed, conflicts. */
#include <string.h>

#include "test.h"
#include "zelda3/dungeon.h"
#include "zelda3/gfx.h"
#include "zelda3/manifest.h"
#include "zelda3/merge.h"
#include "zelda3/romap.h"
#include "zelda3/text.h"

static void describe_at(const z3_romap *map, size_t offset, char *out, size_t cap) {
  const z3_region *r = z3_romap_find(map, offset);
  if (r) z3_region_describe(r, out, cap);
  else snprintf(out, cap, "unknown");
}

Z3_TEST(test_romap__names_the_sample_structures) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_romap map;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_romap_build(rom, &map, &err), &err);
  assert_string_equal(map.skipped, "");
  z3_dungeon *d = NULL;
  assert_ok(z3_dungeon_load(rom, &d, &err), &err);
  char name[96];
  describe_at(&map, d->rooms[0x12].sprite_pc, name, sizeof name);
  assert_string_equal(name, "room 0x012 sprites");
  describe_at(&map, d->rooms[0x12].header_pc + 13, name, sizeof name);
  assert_true(strstr(name, " header") != NULL);
  z3_dungeon_free(d);
  describe_at(&map, Z3_TEXT_BANK1_PC, name, sizeof name);
  assert_string_equal(name, "message 0x000");
  describe_at(&map, 0x7FC0, name, sizeof name);
  assert_string_equal(name, "ROM header and vectors");
  describe_at(&map, 0x3F89D, name, sizeof name); /* a vanilla free block */
  assert_string_equal(name, "free space");
  describe_at(&map, 0, name, sizeof name);
  assert_string_equal(name, "unknown");
  assert_null(z3_romap_find(&map, rom->data.len + 10));
  assert_int_equal(z3_romap_next_start(&map, 0), map.items[0].offset);
  z3_romap_release(&map);
  z3_rom_free(rom);
}

/* The expanded area the allocators use is free space. */
Z3_TEST(test_romap__expanded_space_is_free) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(2u << 20, Z3_MAP_LOROM);
  z3_romap map;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_romap_build(rom, &map, &err), &err);
  z3_free_range ranges[16];
  assert_true(z3_expanded_free_ranges(rom->data.len, ranges, 16) > 0);
  const z3_region *free_region = z3_romap_find(&map, ranges[0].from);
  assert_non_null(free_region);
  assert_int_equal(free_region->kind, Z3_REGION_FREE);
  z3_romap_release(&map);
  z3_rom_free(rom);
}

static json_t *manifest_of(const z3_rom *a, const z3_rom *b) {
  json_t *m = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_manifest_build(a, b, &m, &err), &err);
  return m;
}

static json_int_t summary(const json_t *m, const char *key) {
  return json_integer_value(json_object_get(json_object_get(m, "summary"), key));
}

Z3_TEST(test_manifest__a_longer_message_changes_one_and_moves_the_rest) {
  (void)state;
  z3_rom *a = z3_test_sample_rom(0, Z3_MAP_LOROM), *b = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_text text;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load(b, &text, &err), &err);
  assert_ok(z3_text_set(&text, 3, "A much longer third message than before.", false, &err), &err);
  assert_ok(z3_text_save(&text, b, &err), &err);
  z3_text_release(&text);
  json_t *m = manifest_of(a, b);
  assert_int_equal(summary(m, "messages"), 1);
  assert_int_equal(json_integer_value(json_object_get(json_array_get(json_object_get(m, "messages"), 0), "id")), 3);
  assert_true(summary(m, "moved_unchanged") > 100);
  assert_int_equal(summary(m, "rooms"), 0);
  char *s = z3_manifest_text(m);
  assert_non_null(strstr(s, "message 0x003: data"));
  z3_free(s);
  /* the JSON reads back through the checked reader */
  char *dump = json_dumps(m, JSON_COMPACT);
  json_t *back = NULL;
  assert_ok(z3_manifest_parse(dump, strlen(dump), &back, &err), &err);
  assert_true(json_equal(m, back));
  free(dump);
  json_decref(back);
  json_decref(m);
  m = manifest_of(a, a);
  assert_int_equal(json_integer_value(json_object_get(m, "bytes_changed")), 0);
  json_decref(m);
  z3_rom_free(a);
  z3_rom_free(b);
}

Z3_TEST(test_manifest_parse__errors_name_the_path) {
  (void)state;
  static const struct { const char *text, *message; } cases[] = {
      {"[1]", "manifest: the top level must be an object"},
      {"{\"schema\": \"z3ed-manifest\", \"version\": 1}", "manifest: from is missing"},
      {"{\"schema\": \"x\"}", "manifest: schema must be \"z3ed-manifest\""},
      {"{\"schema\": \"z3ed-manifest\", \"version\": 1, \"from\": {\"size\": 1, \"crc32\": \"0\"}, "
       "\"to\": {\"size\": 1, \"crc32\": \"0\"}, \"rooms\": [{\"name\": \"r\", \"parts\": [\"a\", 2]}]}",
       "manifest: rooms[0].parts[1] must be a string"},
      {"{\"schema\": ", "manifest: 1:"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    json_t *m = NULL;
    z3_error err;
    z3_error_init(&err);
    assert_int_equal(z3_manifest_parse(cases[i].text, strlen(cases[i].text), &m, &err), Z3_E_INVALID);
    if (strncmp(err.message, cases[i].message, strlen(cases[i].message)) != 0)
      print_error("case %zu: %s\n", i, err.message);
    assert_true(strncmp(err.message, cases[i].message, strlen(cases[i].message)) == 0);
    assert_null(m);
  }
}

Z3_TEST(test_merge__disjoint_edits_merge_and_clashes_are_named) {
  (void)state;
  z3_rom *base = z3_test_sample_rom(0, Z3_MAP_LOROM), *ours = z3_test_sample_rom(0, Z3_MAP_LOROM),
         *theirs = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_write(ours, 0x10, "\xEA\xEA", 2, "ours", &err), &err);
  assert_ok(z3_rom_write(theirs, 0x20, "\x60", 1, "theirs", &err), &err);
  z3_merge_opts opts = {{Z3_MERGE_NONE}};
  z3_merge_result res;
  z3_buf out;
  z3_buf_init(&out);
  assert_ok(z3_merge(base, ours, theirs, &opts, &out, &res, &err), &err);
  assert_int_equal(res.conflicts, 0);
  assert_int_equal(out.data[0x10], 0xEA);
  assert_int_equal(out.data[0x20], 0x60);
  json_decref(res.report);
  assert_ok(z3_rom_write(theirs, 0x11, "\x00", 1, "clash", &err), &err);
  assert_ok(z3_merge(base, ours, theirs, &opts, &out, &res, &err), &err);
  assert_int_equal(res.unresolved, 1);
  json_t *c = json_array_get(json_object_get(res.report, "conflicts"), 0);
  assert_string_equal(json_string_value(json_object_get(c, "category")), "code");
  assert_string_equal(json_string_value(json_object_get(c, "offset")), "0x000011");
  json_decref(res.report);
  assert_ok(z3_merge_parse_prefer("code=theirs", &opts, &err), &err);
  assert_ok(z3_merge(base, ours, theirs, &opts, &out, &res, &err), &err);
  assert_int_equal(res.unresolved, 0);
  assert_int_equal(out.data[0x11], 0x00);
  json_decref(res.report);
  assert_int_equal(z3_merge_parse_prefer("code=mine", &opts, &err), Z3_E_USAGE);
  z3_buf_release(&out);
  z3_rom_free(base);
  z3_rom_free(ours);
  z3_rom_free(theirs);
}

Z3_RUN(cmocka_unit_test(test_romap__names_the_sample_structures), cmocka_unit_test(test_romap__expanded_space_is_free),
       cmocka_unit_test(test_manifest__a_longer_message_changes_one_and_moves_the_rest),
       cmocka_unit_test(test_manifest_parse__errors_name_the_path),
       cmocka_unit_test(test_merge__disjoint_edits_merge_and_clashes_are_named))
