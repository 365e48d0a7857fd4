/* The sprite catalogue and property tables (zelda3/sprite.h). */
#include <string.h>

#include "test.h"
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

Z3_RUN(cmocka_unit_test(every_sprite_id_has_a_name), cmocka_unit_test(sprite_names_match_the_reference),
       cmocka_unit_test(overlord_names_cover_1_to_1a))
