/* Overworld overlays (overlays.h): reading the sample's routines, edits in
 * place and moved, refusals, the ZScream layout, the real game's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/doctor.h"
#include "zelda3/overlays.h"
#include "zelda3/romap.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000 };

static z3_overlays *load(const z3_rom *rom) {
  z3_error err;
  z3_error_init(&err);
  z3_overlays *set = NULL;
  assert_ok(z3_ovl_load(&set, rom, &err), &err);
  return set;
}

static void assert_store(const z3_ovl_area *a, int i, int x, int y, int tile) {
  assert_true(i < a->count);
  assert_int_equal(a->stores[i].x, x);
  assert_int_equal(a->stores[i].y, y);
  assert_int_equal(a->stores[i].tile16, tile);
}

/* The sample's hand-assembled routines (sample_overworld.c), decoded by the
 * rule of §2.10: offset = STA operand & 0x1FFF (+ X), x = offset/2 % 64,
 * y = offset/2 / 64. E.g. $2528: 0x528/2 = 0x294 = 660 = 10 * 64 + 20. */
static void assert_sample_stores(const z3_overlays *set) {
  const z3_ovl_area *a = &set->areas[0x00];
  assert_int_equal(a->count, 4); /* LDA #$50 then INC A between stores */
  assert_store(a, 0, 20, 10, 0x50), assert_store(a, 1, 21, 10, 0x51);
  assert_store(a, 2, 20, 11, 0x52), assert_store(a, 3, 21, 11, 0x53);
  a = &set->areas[0x1B]; /* X = 0x10: $2100+X = 0x110 -> cell 0x88 = (8,2); then the JMP'd tail of 0x5B */
  assert_int_equal(a->count, 3);
  assert_store(a, 0, 8, 2, 0x34), assert_store(a, 1, 9, 2, 0x34), assert_store(a, 2, 6, 6, 0xC1);
  a = &set->areas[0x5B];
  assert_int_equal(a->count, 2);
  assert_store(a, 0, 5, 6, 0xC0), assert_store(a, 1, 6, 6, 0xC1);
  for (int id = 0x33; id <= 0x35; id += 2) { /* STA $7E:2814: 0x814/2 = 1034 = 16 * 64 + 10 */
    assert_int_equal(set->areas[id].count, 1);
    assert_store(&set->areas[id], 0, 10, 16, 0x77);
  }
  assert_int_equal(set->areas[0x01].count, 0);
}

Z3_TEST(test_overlays__sample_routines_read_and_sharing_is_seen) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_overlays *set = load(rom);
  assert_false(set->zscream);
  assert_sample_stores(set);
  assert_true(z3_ovl_shares(&set->areas[0x1B], &set->areas[0x5B])); /* the JMP into 0x5B's tail */
  assert_true(z3_ovl_shares(&set->areas[0x33], &set->areas[0x35])); /* one routine, two vectors */
  assert_false(z3_ovl_shares(&set->areas[0x00], &set->areas[0x1B]));
  assert_int_equal(set->areas[0x1B].span_count, 2);
  assert_int_equal(z3_ovl_code_size(&set->areas[0x1B]), 15 + 7);
  const int unused[] = {0x72, 0x73, 0x74, 0x75, 0x76, 0x7A, 0x7C, 0x7D, 0x7E, 0x7F};
  for (size_t i = 0; i < sizeof unused / sizeof unused[0]; i++) {
    assert_true(set->areas[unused[i]].unused);
    assert_int_equal(set->areas[unused[i]].count, 0);
  }
  assert_false(set->areas[0x71].unused);
  z3_ovl_free(set);
  z3_rom_free(rom);
}

/* The encoder's bytes, assembled by hand from the opcode table of §2.10. */
Z3_TEST(test_overlays__encoding_is_compact) {
  (void)state;
  z3_ovl_store s[] = {{1, 0, 0x0123}, {2, 0, 0x0123}, {0, 1, 0x0045}};
  z3_ovl_area a = {.stores = s, .count = 3};
  uint8_t out[32];
  const uint8_t want[] = {0xA9, 0x23, 0x01, 0x8D, 0x02, 0x20, 0x8D, 0x04, 0x20, 0xA9, 0x45, 0x00, 0x8D, 0x80, 0x20, 0x60};
  assert_int_equal(z3_ovl_encode(&a, false, out, sizeof out), sizeof want);
  assert_memory_equal(out, want, sizeof want);
  assert_int_equal(z3_ovl_encode(&a, true, out, sizeof out), sizeof want);
  assert_int_equal(out[sizeof want - 1], 0x6B);
  z3_ovl_area empty = {0};
  assert_int_equal(z3_ovl_encode(&empty, false, out, sizeof out), 1);
  assert_int_equal(out[0], 0x60);
}

static void save(z3_overlays *set, z3_rom *rom) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_ovl_save(set, rom, &err), &err);
}

static uint16_t vector(const z3_rom *rom, int id) {
  const uint8_t *p = rom->data.data + Z3_OVL_VECTOR_PC + 2 * (size_t)id;
  return (uint16_t)(p[0] | p[1] << 8);
}

/* A shorter overlay of an area alone is written in place; a longer one
 * moves to bank $0E free space; round trips and the other areas hold. */
Z3_TEST(test_overlays__edit_in_place_and_moved) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overlays *set = load(rom);
  z3_ovl_store shorter[] = {{3, 4, 0x99}};
  assert_ok(z3_ovl_set(set, 0x00, shorter, 1, &err), &err);
  save(set, rom);
  assert_int_equal(vector(rom, 0x00), 0xF765); /* in place */
  z3_ovl_store longer[40];
  for (int i = 0; i < 40; i++) longer[i] = (z3_ovl_store){(uint8_t)i, (uint8_t)(63 - i), (uint16_t)(0x100 + i / 3)};
  assert_ok(z3_ovl_set(set, 0x02, longer, 40, &err), &err); /* 0x02 shares the empty RTS: it must split */
  save(set, rom);
  uint16_t v = vector(rom, 0x02);
  assert_true(v >= 0xFB65 && v < 0xFFFF); /* the free block $0E:FB64-, its first byte left to the unused vectors */
  assert_int_equal(vector(rom, 0x01), 0xF764);
  assert_int_equal(rom->data.data[0x77764], 0x60);
  z3_ovl_free(set);
  set = load(rom);
  assert_int_equal(set->areas[0x00].count, 1);
  assert_store(&set->areas[0x00], 0, 3, 4, 0x99);
  assert_int_equal(set->areas[0x02].count, 40);
  assert_memory_equal(set->areas[0x02].stores, longer, sizeof longer);
  assert_int_equal(set->areas[0x01].count, 0);
  assert_true(set->areas[0x72].unused);
  z3_ovl_free(set);
  z3_rom_free(rom);
}

/* Editing 0x1B (which jumps into 0x5B's tail) or 0x33 (one routine with
 * 0x35) changes neither partner; the overlap doctor sees no clash. */
Z3_TEST(test_overlays__shared_routines_split_on_edit) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overlays *set = load(rom);
  z3_ovl_store one[] = {{7, 7, 0x10}};
  assert_ok(z3_ovl_set(set, 0x1B, one, 1, &err), &err);
  assert_ok(z3_ovl_set(set, 0x33, one, 1, &err), &err);
  save(set, rom);
  z3_ovl_free(set);
  set = load(rom);
  assert_int_equal(set->areas[0x5B].count, 2);
  assert_store(&set->areas[0x5B], 1, 6, 6, 0xC1);
  assert_int_equal(set->areas[0x35].count, 1);
  assert_store(&set->areas[0x35], 0, 10, 16, 0x77);
  assert_store(&set->areas[0x33], 0, 7, 7, 0x10);
  assert_store(&set->areas[0x1B], 0, 7, 7, 0x10);
  assert_false(z3_ovl_shares(&set->areas[0x33], &set->areas[0x35]));
  size_t moved = set->areas[0x1B].spans[0].pc;
  z3_ovl_free(set);
  z3_romap map;
  assert_ok(z3_romap_build(rom, &map, &err), &err);
  const z3_region *r = z3_romap_find(&map, moved); /* the moved routine is named, not free space */
  assert_non_null(r);
  assert_int_equal(r->kind, Z3_REGION_AREA_OVERLAY);
  assert_int_equal(r->index, 0x1B);
  assert_null(strstr(map.skipped, "overlays"));
  z3_romap_release(&map);
  z3_rom_free(rom);
}

/* Unknown opcodes are refused with area, PC and byte; nothing is guessed. */
Z3_TEST(test_overlays__unknown_opcode_refused) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  rom->data.data[0x77765 + 6] = 0xEA; /* area 0x00's first INC A becomes NOP */
  z3_overlays *set = NULL;
  assert_int_equal(z3_ovl_load(&set, rom, &err), Z3_E_INVALID);
  assert_null(set);
  assert_non_null(strstr(err.message, "area 0x00"));
  assert_non_null(strstr(err.message, "0x07776B"));
  assert_non_null(strstr(err.message, "0xEA"));
  assert_int_equal(err.offset, 0x7776B);
  z3_error_init(&err);
  rom->data.data[0x77765 + 6] = 0x1A;
  rom->data.data[0x77794 + 7] = 0x6B; /* RTL in a vanilla-layout routine */
  assert_int_equal(z3_ovl_load(&set, rom, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "area 0x33"));
  z3_error_init(&err);
  rom->data.data[0x77794 + 7] = 0x60;
  const uint8_t loop[] = {0x4C, 0x70, 0xFB}; /* at $0E:FB70, JMP to itself; area 0x01's vector there */
  memcpy(rom->data.data + 0x77B70, loop, sizeof loop);
  rom->data.data[Z3_OVL_VECTOR_PC + 2] = 0x70, rom->data.data[Z3_OVL_VECTOR_PC + 3] = 0xFB;
  assert_int_equal(z3_ovl_load(&set, rom, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "does not end"));
  z3_rom_free(rom);
}

/* No room in bank $0E: refused with the bytes needed, nothing written. */
Z3_TEST(test_overlays__no_room_refused_with_size) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  memset(rom->data.data + 0x77B65, 0x00, 0x49B); /* the bank's free block taken by something else */
  z3_overlays *set = load(rom);
  z3_ovl_store s[] = {{1, 1, 1}, {2, 2, 2}};
  assert_ok(z3_ovl_set(set, 0x10, s, 2, &err), &err);
  size_t changes = rom->change_count;
  assert_int_equal(z3_ovl_save(set, rom, &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.message, "bank $0E"));
  assert_non_null(strstr(err.message, "13 bytes needed"));
  assert_int_equal(rom->change_count, changes);
  z3_ovl_free(set);
  z3_ovl_store bad[] = {{64, 0, 1}};
  set = load(rom);
  assert_int_equal(z3_ovl_set(set, 0x10, bad, 1, &err), Z3_E_INVALID);
  assert_int_equal(z3_ovl_set(set, 0x80, s, 1, &err), Z3_E_NOT_FOUND);
  z3_ovl_free(set);
  z3_rom_free(rom);
}

/* Area 0x09's vector low byte is 0x77676, the ZScream marker: no vanilla
 * save may make it 0x6B, whatever free space is left. */
Z3_TEST(test_overlays__vanilla_save_never_writes_the_marker) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  /* leave free only $0E:FB6B.. so the first fit would be at low byte 0x6B */
  memset(rom->data.data + 0x77B65, 0x00, 0x6B - 0x65);
  z3_overlays *set = load(rom);
  z3_ovl_store s[] = {{5, 5, 5}};
  assert_ok(z3_ovl_set(set, 0x09, s, 1, &err), &err);
  save(set, rom);
  assert_int_not_equal(rom->data.data[Z3_OVL_ZS_MARKER_PC], 0x6B);
  z3_ovl_free(set);
  set = load(rom);
  assert_false(set->zscream);
  assert_store(&set->areas[0x09], 0, 5, 5, 5);
  z3_ovl_free(set);
  z3_rom_free(rom);
}

/* The sample turned into the ZScream layout by layout_gen.h reads the same
 * stores; an edit there stays in the ZScream form and region. */
Z3_TEST(test_overlays__zscream_layout_read_and_written) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  gen_overlays(rom->data.data);
  z3_overlays *set = load(rom);
  assert_true(set->zscream);
  assert_sample_stores(set);
  assert_true(z3_ovl_shares(&set->areas[0x33], &set->areas[0x35]));
  assert_false(set->areas[0x72].unused); /* ZScream has no unused vectors: an empty RTL */
  assert_int_equal(set->areas[0x72].count, 0);
  z3_ovl_store more[30];
  for (int i = 0; i < 30; i++) more[i] = (z3_ovl_store){(uint8_t)(i + 1), 2, (uint16_t)(0x200 + i)};
  assert_ok(z3_ovl_set(set, 0x00, more, 30, &err), &err);
  save(set, rom);
  z3_ovl_free(set);
  set = load(rom);
  assert_true(set->zscream);
  assert_memory_equal(set->areas[0x00].stores, more, sizeof more);
  size_t pc = set->areas[0x00].spans[0].pc;
  assert_true(pc >= Z3_OVL_ZS_DATA_PC && pc < Z3_OVL_ZS_DATA_END);
  assert_int_equal(rom->data.data[pc + z3_ovl_code_size(&set->areas[0x00]) - 1], 0x6B);
  assert_int_equal(set->areas[0x1B].count, 3);
  z3_ovl_free(set);
  z3_rom_free(rom);
}

/* Z3ED_TEST_ROM: every vanilla area's overlay parses, the ten unused
 * vectors (§2.10) read as unused, and areas known to change have stores. */
Z3_TEST(test_overlays__real_rom_every_area_parses) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path || !*path) skip();
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  z3_overlays *set = load(rom);
  assert_false(set->zscream);
  const int unused[] = {0x72, 0x73, 0x74, 0x75, 0x76, 0x7A, 0x7C, 0x7D, 0x7E, 0x7F};
  for (size_t i = 0; i < sizeof unused / sizeof unused[0]; i++) assert_true(set->areas[unused[i]].unused);
  assert_true(set->areas[0x00].count > 0);
  assert_true(set->areas[0x1B].count > 0);
  assert_true(set->areas[0x33].count > 0);
  z3_ovl_free(set);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_overlays__sample_routines_read_and_sharing_is_seen),
       cmocka_unit_test(test_overlays__encoding_is_compact),
       cmocka_unit_test(test_overlays__edit_in_place_and_moved),
       cmocka_unit_test(test_overlays__shared_routines_split_on_edit),
       cmocka_unit_test(test_overlays__unknown_opcode_refused),
       cmocka_unit_test(test_overlays__no_room_refused_with_size),
       cmocka_unit_test(test_overlays__vanilla_save_never_writes_the_marker),
       cmocka_unit_test(test_overlays__zscream_layout_read_and_written),
       cmocka_unit_test(test_overlays__real_rom_every_area_parses))
