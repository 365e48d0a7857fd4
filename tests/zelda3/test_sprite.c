/* The sprite catalogue and property tables (zelda3/sprite.h). */
#include <string.h>

#include "test.h"
#include "zelda3/sample.h"
#include "zelda3/sprite.h"

/* Every id with a handler has a name; ids past the jump table have none. */
Z3_TEST(every_sprite_id_has_a_name) {
  (void)state;
  for (int id = 0; id < Z3_SPRITE_COUNT; id++) {
    const char *n = z3_sprite_name((uint8_t)id);
    assert_non_null(n);
    assert_true(strlen(n) > 0);
  }
  for (int id = Z3_SPRITE_COUNT; id <= 0xFF; id++) assert_null(z3_sprite_name((uint8_t)id));
}

/* Spot checks against the world reference §4.1 table, at both ends and in the
 * item-drop range, so an off-by-one shift in the array shows. */
Z3_TEST(sprite_names_match_the_reference) {
  (void)state;
  assert_string_equal(z3_sprite_name(0x00), "Raven");
  assert_string_equal(z3_sprite_name(0x08), "Octorok");
  assert_string_equal(z3_sprite_name(0x41), "Blue Guard");
  assert_string_equal(z3_sprite_name(0x92), "King Helmasaur");
  assert_string_equal(z3_sprite_name(0xD8), "Heart");
  assert_string_equal(z3_sprite_name(0xE4), "Small Key");
  assert_string_equal(z3_sprite_name(0xF2), "Medallion Tablet");
}

Z3_TEST(overlord_names_cover_1_to_1a) {
  (void)state;
  assert_null(z3_overlord_name(0x00));
  assert_null(z3_overlord_name(0x1B));
  assert_null(z3_overlord_name(0xFF));
  for (int id = Z3_OVERLORD_FIRST; id <= Z3_OVERLORD_LAST; id++)
    assert_non_null(z3_overlord_name((uint8_t)id));
  assert_string_equal(z3_overlord_name(0x01), "Position Target");
  assert_string_equal(z3_overlord_name(0x07), "Moving Floor");
  assert_string_equal(z3_overlord_name(0x1A), "Bad Switch Bomb");
}

/* §4.3: eight 243-byte tables back to back from 0x6B080. */
Z3_TEST(property_tables_are_contiguous) {
  (void)state;
  assert_int_equal(z3_sprite_tables[0].pc, 0x6B080);
  for (int t = 1; t < Z3_SPRITE_TABLE_COUNT; t++)
    assert_int_equal(z3_sprite_tables[t].pc, z3_sprite_tables[t - 1].pc + Z3_SPRITE_COUNT);
  /* every table's bits are covered exactly once by its fields */
  for (int t = 0; t < Z3_SPRITE_TABLE_COUNT; t++) {
    unsigned bits = 0;
    for (size_t f = 0; f < z3_sprite_field_count; f++) {
      const z3_sprite_field *sf = &z3_sprite_fields[f];
      if (sf->table != t) continue;
      unsigned mask = ((1u << sf->width) - 1) << sf->shift;
      assert_int_equal(bits & mask, 0);
      bits |= mask;
    }
    assert_int_equal(bits, 0xFF);
  }
}

Z3_TEST(properties_read_from_the_rom) {
  (void)state;
  z3_buf img;
  z3_buf_init(&img);
  z3_error err;
  z3_error_init(&err);
  z3_sample_opts opts = {0};
  assert_ok(z3_sample_build(&img, &opts, &err), &err);
  z3_rom *rom;
  assert_ok(z3_rom_from_memory(&rom, img.data, img.len, "sample", &err), &err);
  rom->data.data[0x6B173 + 0x41] = 0x2C; /* health of the Blue Guard */
  rom->data.data[0x6B725 + 0x41] = 0x84; /* deflection: active off screen, immune to sword */
  uint8_t v[Z3_SPRITE_TABLE_COUNT];
  assert_ok(z3_sprite_props_read(rom, 0x41, v, &err), &err);
  assert_int_equal(v[1], 0x2C);
  assert_int_equal(v[7], 0x84);
  unsigned on = 0;
  for (size_t f = 0; f < z3_sprite_field_count; f++)
    if (z3_sprite_fields[f].table == 7 && z3_sprite_field_value(&z3_sprite_fields[f], v[7])) on++;
  assert_int_equal(on, 2);
  assert_int_equal(z3_sprite_props_read(rom, 0xF3, v, &err), Z3_E_NOT_FOUND);
  z3_rom_free(rom);
  z3_rom *small;
  z3_error_init(&err);
  assert_ok(z3_rom_from_memory(&small, img.data, 0x40000, "small", &err), &err);
  assert_int_equal(z3_sprite_props_read(small, 0x00, v, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "oam_harm"));
  z3_rom_free(small);
  z3_buf_release(&img);
}

/* The names offered as --field choices are the fields, in order, and each finds its own field. */
Z3_TEST(field_names_match_the_fields) {
  (void)state;
  size_t n = 0;
  for (; z3_sprite_field_names[n]; n++) {
    assert_string_equal(z3_sprite_field_names[n], z3_sprite_fields[n].name);
    assert_ptr_equal(z3_sprite_field_find(z3_sprite_field_names[n]), &z3_sprite_fields[n]);
  }
  assert_int_equal(n, z3_sprite_field_count);
  assert_null(z3_sprite_field_find("colour"));
  assert_int_equal(z3_sprite_field_max(z3_sprite_field_find("palette")), 7);
  assert_int_equal(z3_sprite_field_max(z3_sprite_field_find("health")), 255);
}

/* Setting a field changes its bits only, through one logged byte. */
Z3_TEST(field_set_keeps_the_other_bits) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  size_t at = 0x6B359 + 0x41; /* oam_prop of the Blue Guard */
  rom->data.data[at] = 0xF1;  /* every flag on, palette 0, graphics page 1 */
  const z3_sprite_field *palette = z3_sprite_field_find("palette");
  size_t before = rom->change_count;
  assert_ok(z3_sprite_field_set(rom, 0x41, palette, 6, &err), &err);
  assert_int_equal(rom->data.data[at], 0xFD);
  assert_int_equal(rom->change_count, before + 1);
  assert_int_equal(rom->changes[before].offset, at);
  assert_ok(z3_sprite_field_set(rom, 0x41, palette, 6, &err), &err); /* already there: no write */
  assert_int_equal(rom->change_count, before + 1);
  assert_ok(z3_sprite_field_set(rom, 0x41, z3_sprite_field_find("invulnerable"), 0, &err), &err);
  assert_int_equal(rom->data.data[at], 0xBD);
  assert_int_equal(z3_sprite_field_set(rom, 0x41, palette, 8, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "0-7"));
  assert_int_equal(rom->data.data[at], 0xBD);
  z3_error_init(&err);
  assert_int_equal(z3_sprite_field_set(rom, 0xF3, palette, 1, &err), Z3_E_NOT_FOUND);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(property_tables_are_contiguous), cmocka_unit_test(field_names_match_the_fields),
       cmocka_unit_test(field_set_keeps_the_other_bits), cmocka_unit_test(properties_read_from_the_rom),
       cmocka_unit_test(every_sprite_id_has_a_name), cmocka_unit_test(sprite_names_match_the_reference),
       cmocka_unit_test(overlord_names_cover_1_to_1a))
