/* yaze's water-fill zones (zelda3/water_fill.h): the table read and written
 * byte for byte as yaze lays it out, only where the ROM has yaze's region,
 * errors that name the byte, and the --tiles text. */
#include <string.h>

#include "test.h"
#include "zelda3/collision.h"
#include "zelda3/water_fill.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000 };

static z3_rom *collision_rom(void) {
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_collision(rom->data.data);
  return rom;
}

static z3_status parse(const uint8_t *bytes, size_t n, z3_water_table *t, z3_error *err) {
  static uint8_t region[Z3_WATER_REGION_SIZE];
  memset(region, 0, sizeof region);
  memcpy(region, bytes, n);
  z3_error_init(err);
  return z3_water_parse(region, sizeof region, t, err);
}

/* Two zones as yaze writes them: by room, offsets from the table start. */
static const uint8_t two_zones[] = {2, 0x25, 0x02, 0x09, 0x00, 0x27, 0x01, 0x0E, 0x00,
                                    2, 0x0A, 0x05, 0x0B, 0x05, 1, 0xFF, 0x0F};

Z3_TEST(test_water__parse_and_encode_as_yaze_lays_it_out) {
  (void)state;
  z3_water_table t;
  z3_error err;
  assert_ok(parse(two_zones, sizeof two_zones, &t, &err), &err);
  assert_true(t.present);
  assert_int_equal(t.count, 2);
  const z3_water_zone *z = z3_water_find(&t, 0x25);
  assert_non_null(z);
  assert_int_equal(z->mask, 0x02);
  assert_int_equal(z->count, 2);
  assert_int_equal(z->offsets[1], 0x050B);
  assert_int_equal(z3_water_find(&t, 0x27)->offsets[0], 0x0FFF);
  static uint8_t region[Z3_WATER_REGION_SIZE];
  assert_int_equal(z3_water_encode(&t, region), sizeof two_zones);
  assert_memory_equal(region, two_zones, sizeof two_zones);
  for (size_t i = sizeof two_zones; i < sizeof region; i++) assert_int_equal(region[i], 0);
  uint8_t empty = 0;
  assert_ok(parse(&empty, 1, &t, &err), &err);
  assert_true(t.present);
  assert_int_equal(t.count, 0);
}

Z3_TEST(test_water__broken_tables_name_the_byte) {
  (void)state;
  static const struct { uint8_t bytes[20]; size_t n; z3_status code; int64_t offset; const char *message; } cases[] = {
      {{9}, 1, Z3_E_NOT_FOUND, 0, "no zone count (0-8)"},
      {{1, 0x25, 0x03, 0x05, 0x00, 0}, 6, Z3_E_INVALID, 2, "SRAM mask 0x03"},
      {{2, 0x25, 0x01, 0x09, 0x00, 0x25, 0x02, 0x09, 0x00, 0}, 10, Z3_E_INVALID, 5, "repeats another zone's room"},
      {{2, 0x25, 0x01, 0x09, 0x00, 0x26, 0x01, 0x09, 0x00, 0}, 10, Z3_E_INVALID, 5, "repeats another zone's SRAM mask"},
      {{1, 0x25, 0x01, 0x02, 0x00, 0}, 6, Z3_E_INVALID, 3, "inside the zone entries"},
      {{1, 0x25, 0x01, 0x05, 0x00, 1, 0x00, 0x10}, 8, Z3_E_INVALID, 6, "outside the 64x64 map"},
      {{1, 0x25, 0x01, 0x05, 0x00, 1, 0x00, 0x00, 0, 0x7E}, 10, Z3_E_INVALID, 9, "not 0 as yaze leaves it"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    z3_water_table t;
    z3_error err;
    assert_int_equal(parse(cases[i].bytes, cases[i].n, &t, &err), cases[i].code);
    if (!strstr(err.message, cases[i].message)) print_error("case %zu: %s\n", i, err.message);
    assert_non_null(strstr(err.message, cases[i].message));
    assert_int_equal(err.offset, cases[i].offset);
  }
}

Z3_TEST(test_water__only_where_the_rom_has_yazes_region) {
  (void)state;
  z3_water_table t;
  z3_error err;
  z3_error_init(&err);
  z3_rom *small = z3_test_sample_rom(0, Z3_MAP_LOROM), *plain = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  assert_ok(z3_water_load(small, &t, &err), &err);
  assert_false(t.present);
  assert_non_null(strstr(t.why_absent, "smaller than 0x130000"));
  assert_ok(z3_water_load(plain, &t, &err), &err);
  assert_false(t.present);
  assert_non_null(strstr(t.why_absent, "no custom collision"));
  uint16_t one = 5;
  assert_int_equal(z3_water_set(&t, 0x25, 0, &one, 1, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.hint, "never installs"));
  /* a collision list running into the region: it is collision data, not a table */
  z3_rom *rom = collision_rom();
  uint8_t *d = rom->data.data;
  const uint8_t into[] = {0x00, 0x00, 0xF0, 0x01}; /* a 240x1 rectangle starting just below 0x12E000 */
  d[0x128090 + 3 * 0x13] = 0xF8, d[0x128091 + 3 * 0x13] = 0xDF, d[0x128092 + 3 * 0x13] = 0x25; /* $25:DFF8 = 0x12DFF8 */
  memcpy(d + 0x12DFF8, into, sizeof into);
  memset(d + 0x12DFFC, 0x08, 0xF0);
  d[0x12DFFC + 0xF0] = 0xFF, d[0x12DFFD + 0xF0] = 0xFF;
  assert_ok(z3_water_load(rom, &t, &err), &err);
  assert_false(t.present);
  assert_non_null(strstr(t.why_absent, "room 0x013's collision list reaches into 0x12E000"));
  z3_rom_free(rom);
  z3_rom_free(small);
  z3_rom_free(plain);
}

Z3_TEST(test_water__set_save_reload_remove) {
  (void)state;
  z3_rom *rom = collision_rom();
  z3_water_table t;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_water_load(rom, &t, &err), &err);
  assert_true(t.present);
  assert_int_equal(t.count, 0);
  uint16_t a[] = {0x050B, 0x050A, 0x050B}, b[] = {0x0FFF};
  assert_ok(z3_water_set(&t, 0x27, 0, b, 1, &err), &err);           /* lowest free bit: 0x01 */
  assert_ok(z3_water_set(&t, 0x25, 0x02, a, 3, &err), &err);        /* repeats dropped, sorted */
  assert_ok(z3_water_save(&t, rom, &err), &err);
  assert_memory_equal(rom->data.data + Z3_WATER_TABLE_PC, two_zones, sizeof two_zones);
  z3_water_table back;
  assert_ok(z3_water_load(rom, &back, &err), &err);
  assert_int_equal(back.count, 2);
  assert_int_equal(z3_water_find(&back, 0x27)->mask, 0x01);
  /* refusals: a taken bit, rooms the byte cannot hold, a ninth zone */
  assert_int_equal(z3_water_set(&back, 0x30, 0x01, b, 1, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "room 0x27's already"));
  z3_error_init(&err);
  assert_int_equal(z3_water_set(&back, 0x100, 0, b, 1, &err), Z3_E_INVALID);
  const uint16_t off_map[2] = {5, 64 * 64}; /* one past the map: the reader would refuse the saved table */
  z3_error_init(&err);
  assert_int_equal(z3_water_set(&back, 0x30, 0, off_map, 2, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "tile 1 is offset 4096"));
  assert_int_equal(back.count, 2);
  for (int room = 0x40; room < 0x46; room++) assert_ok(z3_water_set(&back, room, 0, b, 1, &err), &err);
  z3_error_init(&err);
  assert_int_equal(z3_water_set(&back, 0x50, 0, b, 1, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "8 zones"));
  /* removing every zone leaves the region as yaze leaves an empty table: all zero */
  assert_ok(z3_water_load(rom, &back, &err), &err);
  assert_ok(z3_water_set(&back, 0x25, 0, NULL, 0, &err), &err);
  assert_ok(z3_water_set(&back, 0x27, 0, NULL, 0, &err), &err);
  assert_ok(z3_water_save(&back, rom, &err), &err);
  for (size_t i = 0; i < Z3_WATER_REGION_SIZE; i++) assert_int_equal(rom->data.data[Z3_WATER_TABLE_PC + i], 0);
  z3_rom_free(rom);
}

Z3_TEST(test_water__tiles_text) {
  (void)state;
  uint16_t offsets[Z3_WATER_MAX_TILES];
  int n = 0;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_water_parse_tiles("3,1;0x3F,0  1,0,2,2 1,1", offsets, &n, &err), &err);
  static const uint16_t want[] = {1, 2, 63, 65, 66, 67};
  assert_int_equal(n, 6);
  assert_memory_equal(offsets, want, sizeof want);
  static const struct { const char *text, *message; } bad[] = {
      {"1,2 x,3", "column 5: x must be a number"}, {"1,2,3", "column 1: give x,y or x,y,width,height"},
      {"60,0,8,1", "not inside the 64x64 map"},    {"1,2:", "column 4: unexpected ':'"},
      {"0,0,16,16", "more than 255 tiles"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    z3_error_init(&err);
    assert_int_equal(z3_water_parse_tiles(bad[i].text, offsets, &n, &err), Z3_E_INVALID);
    if (!strstr(err.message, bad[i].message)) print_error("'%s': %s\n", bad[i].text, err.message);
    assert_non_null(strstr(err.message, bad[i].message));
  }
}

Z3_RUN(cmocka_unit_test(test_water__parse_and_encode_as_yaze_lays_it_out),
       cmocka_unit_test(test_water__broken_tables_name_the_byte),
       cmocka_unit_test(test_water__only_where_the_rom_has_yazes_region),
       cmocka_unit_test(test_water__set_save_reload_remove), cmocka_unit_test(test_water__tiles_text))
