/* The overworld and dungeon models of a test ROM, loaded or the test fails. */
#ifndef Z3_TEST_WORLD_LOAD_H
#define Z3_TEST_WORLD_LOAD_H

#include "test.h"
#include "zelda3/dungeon.h"
#include "zelda3/overworld.h"

static inline z3_overworld *test_ow_load(const z3_rom *rom) {
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow = NULL;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  return ow;
}

static inline z3_dungeon *test_dungeon_load(const z3_rom *rom) {
  z3_error err;
  z3_error_init(&err);
  z3_dungeon *d = NULL;
  assert_ok(z3_dungeon_load(rom, &d, &err), &err);
  return d;
}

#endif
