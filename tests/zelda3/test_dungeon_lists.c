/* Layouts and dungeon overlays (§3.5): reading them through their tables,
 * edits in place and relocated, refusals, the holes tags that select the
 * overlays, round trips; with Z3ED_TEST_ROM, the 27 vanilla lists. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "world_load.h"
#include "zelda3/dungeon.h"
#include "zelda3/gfx.h"
#include "zelda3/romap.h"

static uint32_t long_at(const z3_rom *rom, size_t pc) {
  const uint8_t *p = rom->data.data + pc;
  return (uint32_t)(p[0] | p[1] << 8 | p[2] << 16);
}

static uint8_t *snapshot(const z3_rom *rom) {
  uint8_t *p = malloc(rom->data.len);
  memcpy(p, rom->data.data, rom->data.len);
  return p;
}

/* Every differing byte lies in [a0, a1) or [b0, b1); at least one differs. */
static void assert_changes_within(const uint8_t *before, const z3_rom *rom, size_t a0, size_t a1, size_t b0, size_t b1) {
  size_t differing = 0;
  for (size_t pc = 0; pc < rom->data.len; pc++) {
    if (before[pc] == rom->data.data[pc]) continue;
    differing++;
    bool inside = (pc >= a0 && pc < a1) || (pc >= b0 && pc < b1);
    if (!inside) print_error("unexpected change at 0x%06zX\n", pc);
    assert_true(inside);
  }
  assert_true(differing > 0);
}

static z3_object_list *list_of(z3_dungeon *d, z3_list_kind kind, int index) {
  z3_error err;
  z3_error_init(&err);
  z3_object_list *l = z3_dungeon_list(d, kind, index, &err);
  assert_non_null(l);
  return l;
}

static void save(z3_dungeon *d, z3_rom *rom) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_dungeon_save(d, rom, &err), &err);
}

Z3_TEST(test_lists__the_sample_has_8_layouts_and_19_overlays) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dungeon *d = test_dungeon_load(rom);
  /* read independently of the model: the operands at 0x882D and 0xB857 */
  z3_error err;
  z3_error_init(&err);
  size_t layout_table = 0, overlay_table = 0;
  assert_ok(z3_rom_to_pc(rom, long_at(rom, Z3_ROOM_LAYOUT_PTR_OPERAND_PC), &layout_table, &err), &err);
  assert_ok(z3_rom_to_pc(rom, long_at(rom, Z3_OVERLAY_PTR_OPERAND_PC), &overlay_table, &err), &err);
  assert_int_equal(d->layout_table_pc, layout_table);
  assert_int_equal(d->overlay_table_pc, overlay_table);
  size_t rooms_total = 0;
  for (int i = 0; i < Z3_ROOM_LAYOUTS; i++) {
    z3_object_list *l = list_of(d, Z3_LIST_LAYOUT, i);
    /* sample_dungeon.c frames every layout with 12 objects, ceiling first */
    assert_int_equal(l->count, 12);
    assert_int_equal(l->len, 12 * 3 + 2);
    assert_true(l->objects[0].id == 0x000 && l->objects[0].x == 0 && l->objects[0].y == 0);
    assert_int_equal(l->addr, long_at(rom, layout_table + 3 * (size_t)i));
    int rooms[Z3_ROOM_COUNT];
    rooms_total += z3_list_rooms(d, l, rooms);
  }
  assert_int_equal(rooms_total, Z3_ROOM_COUNT); /* each room has exactly one layout */
  const z3_object_list *first = list_of(d, Z3_LIST_OVERLAY, 0);
  for (int i = 0; i < Z3_DUNGEON_OVERLAYS; i++) {
    z3_object_list *l = list_of(d, Z3_LIST_OVERLAY, i);
    assert_int_equal(l->count, 0);
    assert_int_equal(l->pc, first->pc); /* the sample's 19 overlays share one empty list */
  }
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

/* usdasm bank $01: RoomTag_Holes0 loads 1, Holes1 3, Holes3-8 6, 8, 10, 12, 14, 16
 * (+1 on a 0x3B switch), Holes2 stores 5, ChestHoles0 0 and ChestHoles8 0x12. */
Z3_TEST(test_lists__holes_tags_select_each_overlay_once) {
  (void)state;
  int ids[2];
  assert_int_equal(z3_tag_overlays(0x21, ids), 2);
  assert_true(ids[0] == 1 && ids[1] == 2);
  assert_int_equal(z3_tag_overlays(0x22, ids), 1);
  assert_int_equal(ids[0], 0);
  assert_int_equal(z3_tag_overlays(0x24, ids), 1);
  assert_int_equal(ids[0], 5);
  assert_int_equal(z3_tag_overlays(0x3A, ids), 2);
  assert_true(ids[0] == 16 && ids[1] == 17);
  assert_int_equal(z3_tag_overlays(0x3B, ids), 1);
  assert_int_equal(ids[0], 18);
  assert_int_equal(z3_tag_overlays(0x38, ids), 0); /* Agahnim's room */
  assert_int_equal(z3_tag_overlays(0x00, ids), 0);
  int seen[Z3_DUNGEON_OVERLAYS] = {0};
  for (unsigned tag = 0; tag < 256; tag++) {
    size_t n = z3_tag_overlays((uint8_t)tag, ids);
    for (size_t k = 0; k < n; k++) {
      assert_in_range(ids[k], 0, Z3_DUNGEON_OVERLAYS - 1);
      seen[ids[k]]++;
    }
  }
  for (int i = 0; i < Z3_DUNGEON_OVERLAYS; i++) assert_int_equal(seen[i], 1); /* 19 overlays, 19 selections */
}

Z3_TEST(test_lists__a_room_tag_makes_the_room_use_the_overlay) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dungeon *d = test_dungeon_load(rom);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_room_set_field(d, 0x030, "tag2", 0x23, &err), &err); /* holes 1: overlays 3 and 4 */
  int rooms[Z3_ROOM_COUNT];
  assert_int_equal(z3_list_rooms(d, list_of(d, Z3_LIST_OVERLAY, 3), rooms), 1);
  assert_int_equal(rooms[0], 0x030);
  assert_int_equal(z3_list_rooms(d, list_of(d, Z3_LIST_OVERLAY, 4), rooms), 1);
  assert_int_equal(z3_list_rooms(d, list_of(d, Z3_LIST_OVERLAY, 5), rooms), 0);
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

Z3_TEST(test_lists__a_move_rewrites_the_layout_in_place) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  uint8_t *before = snapshot(rom);
  z3_dungeon *d = test_dungeon_load(rom);
  z3_error err;
  z3_error_init(&err);
  z3_object_list *l = list_of(d, Z3_LIST_LAYOUT, 2);
  size_t pc = l->pc, len = l->len;
  assert_ok(z3_list_move_object(l, 4, 9, 2, &err), &err);
  save(d, rom);
  assert_int_equal(l->pc, pc);
  assert_changes_within(before, rom, pc, pc + len, rom->data.len, rom->data.len);
  /* object 4 is record 4: byte 0 is x << 2 | size bits (subtype 1) */
  assert_int_equal(rom->data.data[pc + 12] >> 2, 9);
  z3_dungeon *again = test_dungeon_load(rom);
  const z3_object_list *r = list_of(again, Z3_LIST_LAYOUT, 2);
  assert_true(r->objects[4].x == 9 && r->objects[4].y == 2 && r->count == 12);
  assert_int_equal(list_of(again, Z3_LIST_LAYOUT, 3)->objects[4].x, 6); /* the next layout is untouched */
  z3_dungeon_free(again);
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

Z3_TEST(test_lists__a_grown_shared_overlay_moves_and_the_others_stay) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  uint8_t *before = snapshot(rom);
  z3_dungeon *d = test_dungeon_load(rom);
  z3_error err;
  z3_error_init(&err);
  z3_object_list *l = list_of(d, Z3_LIST_OVERLAY, 7);
  size_t shared_pc = l->pc, index = 9;
  z3_room_object pit = {0x0A4, 20, 24, 0};
  assert_ok(z3_list_add_object(l, &pit, &index, &err), &err);
  assert_int_equal(index, 0);
  save(d, rom);
  assert_int_not_equal(l->pc, shared_pc);
  assert_int_equal(l->len, 5);
  assert_int_equal(l->pc >> 15, (l->pc + l->len - 1) >> 15); /* the game reads it inside one bank */
  size_t entry = d->overlay_table_pc + 3 * 7;
  assert_changes_within(before, rom, l->pc, l->pc + l->len, entry, entry + 3);
  /* through the pointer, as the game reads it */
  size_t pc = 0;
  assert_ok(z3_rom_to_pc(rom, long_at(rom, entry), &pc, &err), &err);
  assert_int_equal(pc, l->pc);
  static const uint8_t expect[5] = {20 << 2, 24 << 2, 0xA4, 0xFF, 0xFF};
  assert_memory_equal(rom->data.data + pc, expect, 5);
  z3_dungeon *again = test_dungeon_load(rom);
  assert_int_equal(list_of(again, Z3_LIST_OVERLAY, 7)->count, 1);
  assert_int_equal(list_of(again, Z3_LIST_OVERLAY, 6)->count, 0);
  assert_int_equal(list_of(again, Z3_LIST_OVERLAY, 6)->pc, shared_pc);
  /* the ROM map names the new bytes */
  z3_romap map;
  assert_ok(z3_romap_build(rom, &map, &err), &err);
  const z3_region *r = z3_romap_find(&map, pc);
  assert_non_null(r);
  assert_true(r->kind == Z3_REGION_DUNGEON_LIST && r->index == 7 && r->part == 1);
  z3_romap_release(&map);
  z3_dungeon_free(again);
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

Z3_TEST(test_lists__bad_edits_are_refused) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dungeon *d = test_dungeon_load(rom);
  z3_error err;
  z3_error_init(&err);
  assert_null(z3_dungeon_list(d, Z3_LIST_LAYOUT, 8, &err));
  assert_non_null(strstr(err.message, "layout 8"));
  z3_error_init(&err);
  assert_null(z3_dungeon_list(d, Z3_LIST_OVERLAY, 19, &err));
  assert_non_null(strstr(err.message, "overlays are 0-18"));
  z3_object_list *l = list_of(d, Z3_LIST_LAYOUT, 1);
  size_t index;
  z3_room_object bad = {0x0F8, 1, 1, 0}; /* between subtype 1 and 2 */
  assert_int_equal(z3_list_add_object(l, &bad, &index, &err), Z3_E_INVALID);
  assert_int_equal(z3_list_move_object(l, 0, 64, 1, &err), Z3_E_INVALID);
  z3_error_init(&err);
  assert_int_equal(z3_list_move_object(l, 12, 1, 1, &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.message, "layout 1 has 12 objects"));
  assert_int_equal(z3_list_remove_object(l, 12, &err), Z3_E_NOT_FOUND);
  assert_false(l->dirty);
  z3_room_object o = {0x0A4, 4, 4, 0};
  while (l->count < Z3_ROOM_MAX_OBJECTS) assert_ok(z3_list_add_object(l, &o, &index, &err), &err);
  assert_int_equal(z3_list_add_object(l, &o, &index, &err), Z3_E_INVALID);
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

/* A grown list with no free space left: the save fails and writes nothing. */
Z3_TEST(test_lists__no_free_space_writes_nothing) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM); /* 1 MiB: only the vanilla free blocks */
  z3_dungeon *d = test_dungeon_load(rom);
  for (size_t b = 0; b < z3_vanilla_free_count; b++)
    memset(rom->data.data + z3_vanilla_free[b].pc, 0x55, z3_vanilla_free[b].size);
  uint8_t *before = snapshot(rom);
  size_t changes = rom->change_count;
  z3_error err;
  z3_error_init(&err);
  size_t index;
  z3_room_object o = {0x0A4, 4, 4, 0};
  assert_ok(z3_list_add_object(list_of(d, Z3_LIST_LAYOUT, 0), &o, &index, &err), &err);
  assert_int_equal(z3_dungeon_save(d, rom, &err), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.message, "no free space"));
  assert_memory_equal(before, rom->data.data, rom->data.len);
  assert_int_equal(rom->change_count, changes);
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

Z3_TEST(test_lists__malformed_lists_are_refused_with_their_offset) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_dungeon *d = test_dungeon_load(rom);
  size_t layout5 = list_of(d, Z3_LIST_LAYOUT, 5)->pc, overlay_table = d->overlay_table_pc;
  z3_dungeon_free(d);
  z3_error err;
  z3_error_init(&err);
  uint8_t kept[2] = {rom->data.data[layout5 + 3], rom->data.data[layout5 + 4]};
  rom->data.data[layout5 + 3] = 0xF0, rom->data.data[layout5 + 4] = 0xFF; /* a door section in a layout */
  assert_int_equal(z3_dungeon_load(rom, &d, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "layout 5"));
  assert_int_equal(err.offset, (int64_t)layout5 + 3);
  rom->data.data[layout5 + 3] = kept[0], rom->data.data[layout5 + 4] = kept[1];
  memset(rom->data.data + overlay_table + 3 * 11, 0x00, 2), rom->data.data[overlay_table + 3 * 11 + 2] = 0x7E; /* WRAM */
  z3_error_init(&err);
  assert_int_equal(z3_dungeon_load(rom, &d, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "overlay 11"));
  assert_int_equal(err.offset, (int64_t)(overlay_table + 3 * 11));
  z3_rom_free(rom);
}

Z3_TEST(test_lists__unchanged_and_reencoded_saves_are_byte_identical) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  uint8_t *before = snapshot(rom);
  z3_dungeon *d = test_dungeon_load(rom);
  save(d, rom);
  assert_int_equal(rom->change_count, 0);
  for (int i = 0; i < Z3_OBJECT_LISTS; i++) d->lists[i].dirty = true;
  save(d, rom);
  assert_int_equal(rom->change_count, 0);
  assert_memory_equal(before, rom->data.data, rom->data.len);
  z3_dungeon_free(d);
  free(before);
  z3_rom_free(rom);
}

/* Z3ED_TEST_ROM: the vanilla tables and lists as usdasm bank $04 lists them
 * (RoomDraw_LayoutPointers $04:EF2F, OverlayDataPointers $04:ECC0, OverlayData_00
 * 14 pits at $04:ECF9), and all 27 lists re-encode to their own bytes. */
Z3_TEST(test_lists__real_rom_lists_parse_and_reencode) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path || !*path) skip();
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  z3_dungeon *d = test_dungeon_load(rom);
  assert_int_equal(d->layout_table_pc, 0x26F2F);
  assert_int_equal(d->overlay_table_pc, 0x26CC0);
  assert_int_equal(list_of(d, Z3_LIST_LAYOUT, 0)->addr, 0x04EF47);
  assert_int_equal(list_of(d, Z3_LIST_LAYOUT, 7)->addr, 0x04F1A4);
  const z3_object_list *o0 = list_of(d, Z3_LIST_OVERLAY, 0);
  assert_int_equal(o0->addr, 0x04ECF9);
  assert_int_equal(o0->count, 14);
  assert_true(o0->objects[0].id == 0x0A4 && o0->objects[0].x == 0x2B && o0->objects[0].y == 0x0E);
  assert_int_equal(list_of(d, Z3_LIST_OVERLAY, 1)->addr, 0x04ED25);
  for (int i = 0; i < Z3_OBJECT_LISTS; i++) {
    z3_buf b;
    z3_buf_init(&b);
    assert_ok(z3_object_list_encode(&d->lists[i], &b, &err), &err);
    assert_int_equal(b.len, d->lists[i].len);
    assert_memory_equal(b.data, rom->data.data + d->lists[i].pc, b.len);
    z3_buf_release(&b);
  }
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_lists__the_sample_has_8_layouts_and_19_overlays),
       cmocka_unit_test(test_lists__holes_tags_select_each_overlay_once),
       cmocka_unit_test(test_lists__a_room_tag_makes_the_room_use_the_overlay),
       cmocka_unit_test(test_lists__a_move_rewrites_the_layout_in_place),
       cmocka_unit_test(test_lists__a_grown_shared_overlay_moves_and_the_others_stay),
       cmocka_unit_test(test_lists__bad_edits_are_refused),
       cmocka_unit_test(test_lists__no_free_space_writes_nothing),
       cmocka_unit_test(test_lists__malformed_lists_are_refused_with_their_offset),
       cmocka_unit_test(test_lists__unchanged_and_reencoded_saves_are_byte_identical),
       cmocka_unit_test(test_lists__real_rom_lists_parse_and_reencode))
