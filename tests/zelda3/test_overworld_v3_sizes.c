/* ZSCustomOverworld v3's wide (2x1) and tall (1x2) areas on generated ROMs
 * (layout_gen.h): read as one tile16 grid over both screens, edited, rendered,
 * exported and imported byte-identically; `set-area --field size` changes a
 * group on a v3 ROM (parents, size enum, scroll words) and is refused where
 * the group would not fit or would hide records; other ROMs refuse wide and
 * tall (their small/large edits: test_overworld_vanilla_sizes.c). */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "world_load.h"
#include "zelda3/layouts.h"
#include "zelda3/overworld.h"
#include "zelda3/overworld_json.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000 };

static int size_field(void) {
  for (int i = 0; z3_ow_area_fields[i]; i++)
    if (strcmp(z3_ow_area_fields[i], "size") == 0) return i;
  fail_msg("no size field");
  return -1;
}

static z3_rom *v3_rom(bool wide_tall) {
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  if (wide_tall) gen_v3_wide_tall(rom->data.data);
  else gen_zscustom_v3(rom->data.data);
  return rom;
}

Z3_TEST(test_ow_v3_sizes__wide_and_tall_read_as_one_grid) {
  (void)state;
  z3_rom *rom = v3_rom(true);
  z3_overworld *ow = test_ow_load(rom);
  const z3_ow_area *wide = &ow->areas[GEN_WIDE], *tall = &ow->areas[GEN_TALL];
  assert_int_equal(wide->size, Z3_OW_WIDE);
  assert_int_equal(ow->areas[GEN_WIDE + 1].parent, GEN_WIDE);
  assert_int_equal(ow->areas[GEN_WIDE + 1].size, Z3_OW_WIDE);
  assert_int_equal(tall->size, Z3_OW_TALL);
  assert_int_equal(ow->areas[GEN_TALL + 8].parent, GEN_TALL);
  assert_false(wide->large);
  int w, h, screens[4];
  z3_ow_area_grid(ow, GEN_WIDE, &w, &h);
  assert_int_equal(w, 64), assert_int_equal(h, 32);
  z3_ow_area_grid(ow, GEN_TALL, &w, &h);
  assert_int_equal(w, 32), assert_int_equal(h, 64);
  assert_int_equal(z3_ow_group_screens(ow, GEN_TALL, screens), 2);
  assert_int_equal(screens[1], GEN_TALL + 8);
  uint16_t t = 0;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_ow_get_tile32(ow, GEN_WIDE, 17, 3, &t, &err), &err);
  assert_int_equal(t, ow->areas[GEN_WIDE + 1].map32[3 * 16 + 1]);
  assert_ok(z3_ow_get_tile32(ow, GEN_TALL, 2, 20, &t, &err), &err);
  assert_int_equal(t, ow->areas[GEN_TALL + 8].map32[4 * 16 + 2]);
  assert_int_equal(z3_ow_get_tile32(ow, GEN_WIDE, 0, 16, &t, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "(0-31 across, 0-15 down)"));
  z3_error_init(&err);
  assert_int_equal(z3_ow_get_tile16(ow, GEN_TALL, 32, 0, &t, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "(0-31 across, 0-63 down)"));
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* The render's halves are the two screens as each renders alone. */
Z3_TEST(test_ow_v3_sizes__render_draws_both_screens) {
  (void)state;
  z3_rom *rom = v3_rom(true);
  z3_overworld *ow = test_ow_load(rom);
  z3_error err;
  z3_error_init(&err);
  z3_ow_image group, right, below;
  assert_ok(z3_ow_render(ow, rom, GEN_WIDE, &group, &err), &err);
  assert_int_equal(group.width, 1024), assert_int_equal(group.height, 512);
  assert_ok(z3_ow_render(ow, rom, GEN_WIDE + 1, &right, &err), &err);
  for (uint32_t y = 0; y < 512; y++)
    assert_memory_equal(group.pixels + (size_t)y * 1024 + 512, right.pixels + (size_t)y * 512, 512);
  z3_ow_image_release(&group);
  assert_ok(z3_ow_render(ow, rom, GEN_TALL, &group, &err), &err);
  assert_int_equal(group.width, 512), assert_int_equal(group.height, 1024);
  assert_ok(z3_ow_render(ow, rom, GEN_TALL + 8, &below, &err), &err);
  assert_memory_equal(group.pixels + (size_t)512 * 512, below.pixels, (size_t)512 * 512);
  z3_ow_image_release(&group), z3_ow_image_release(&right), z3_ow_image_release(&below);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* A tile in the second screen saves into that screen's stream and re-reads;
 * the other screen's stream is not touched. */
Z3_TEST(test_ow_v3_sizes__edits_in_the_second_screen_save_and_reread) {
  (void)state;
  z3_rom *rom = v3_rom(true);
  z3_overworld *ow = test_ow_load(rom);
  z3_error err;
  z3_error_init(&err);
  uint16_t other = 0, was = 0, t = 0;
  assert_ok(z3_ow_get_tile16(ow, GEN_WIDE, 0, 0, &other, &err), &err);
  assert_ok(z3_ow_get_tile16(ow, GEN_WIDE, 40, 5, &was, &err), &err);
  t = was == 0x10 ? 0x11 : 0x10;
  assert_ok(z3_ow_get_tile16(ow, GEN_TALL, 4, 50, &was, &err), &err);
  assert_int_not_equal(was, t);
  assert_ok(z3_ow_set_tile16(ow, GEN_WIDE, 40, 5, t, &err), &err);
  assert_ok(z3_ow_set_tile16(ow, GEN_TALL, 4, 50, t, &err), &err);
  assert_true(ow->areas[GEN_WIDE + 1].map_dirty);
  assert_false(ow->areas[GEN_WIDE].map_dirty);
  assert_true(ow->areas[GEN_TALL + 8].map_dirty);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  z3_overworld *again = test_ow_load(rom);
  uint16_t back = 0;
  assert_ok(z3_ow_get_tile16(again, GEN_WIDE, 40, 5, &back, &err), &err);
  assert_int_equal(back, t);
  assert_ok(z3_ow_get_tile16(again, GEN_TALL, 4, 50, &back, &err), &err);
  assert_int_equal(back, t);
  assert_ok(z3_ow_get_tile16(again, GEN_WIDE, 0, 0, &back, &err), &err);
  assert_int_equal(back, other);
  assert_int_equal(again->areas[GEN_WIDE].size, Z3_OW_WIDE);
  z3_ow_free(again);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* Export carries both screens and the size; import writes nothing back; a
 * document of another shape is refused at $.size. */
Z3_TEST(test_ow_v3_sizes__export_import_is_byte_identical) {
  (void)state;
  z3_rom *rom = v3_rom(true);
  z3_overworld *ow = test_ow_load(rom);
  z3_error err;
  z3_error_init(&err);
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) {
    if (ow->areas[id].parent != id) continue;
    json_t *doc = z3_ow_export_json(ow, id);
    assert_ok(z3_ow_import_json(ow, id, doc, &err), &err);
    json_decref(doc);
  }
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->change_count, 0);
  json_t *doc = z3_ow_export_json(ow, GEN_TALL);
  assert_string_equal(json_string_value(json_object_get(doc, "size")), "tall");
  assert_int_equal(json_array_size(json_object_get(doc, "screens")), 2);
  assert_ok(z3_ow_import_json(ow, GEN_TALL, doc, &err), &err);
  assert_int_equal(z3_ow_import_json(ow, 0x2C, doc, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "$.size: area 0x2C is small in this ROM"));
  json_decref(doc);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* Two neighbouring small screens with no records of their own on the right. */
static int free_pair(z3_overworld *ow) {
  for (int id = 0; id < 0x40; id++) {
    if ((id & 7) == 7 || ow->areas[id].size != Z3_OW_SMALL || ow->areas[id + 1].size != Z3_OW_SMALL) continue;
    bool empty = ow->items[id + 1].count == 0;
    for (int s = 0; s < Z3_OW_STATES; s++) empty = empty && ow->sprites[s][id + 1].count == 0;
    for (int i = 0; i < ow->entrance_count; i++)
      empty = empty && !(z3_ow_is_listed_entrance(&ow->entrances[i]) && ow->entrances[i].area == id + 1);
    for (int i = 0; i < ow->hole_count; i++) empty = empty && ow->holes[i].area != id + 1;
    if (empty) return id;
  }
  fail_msg("no two small neighbours with an empty right one");
  return -1;
}

static unsigned word_at(const z3_rom *rom, size_t pc) { return rom->data.data[pc] | rom->data.data[pc + 1] << 8; }

/* set-area --field size on v3: the parents, the enum and the scroll words of
 * both screens; back to small restores the parents and sizes. */
Z3_TEST(test_ow_v3_sizes__size_edit_writes_the_v3_tables) {
  (void)state;
  z3_rom *rom = v3_rom(false);
  z3_overworld *ow = test_ow_load(rom);
  z3_error err;
  z3_error_init(&err);
  int id = free_pair(ow);
  uint8_t parents[160], sizes[192];
  memcpy(parents, rom->data.data + 0x140998, sizeof parents), memcpy(sizes, rom->data.data + 0x1788D, sizeof sizes);
  long v = -1;
  assert_ok(z3_ow_get_area_field(ow, id, size_field(), &v, &err), &err);
  assert_int_equal(v, 0);
  assert_ok(z3_ow_set_area_field(ow, id, size_field(), 2, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  const uint8_t *d = rom->data.data;
  assert_int_equal(d[0x140998 + id + 1], id);
  assert_int_equal(d[0x1788D + id], 2), assert_int_equal(d[0x1788D + id + 1], 2);
  unsigned x = (unsigned)(id & 7) * 0x200, y = (unsigned)(id >> 3) * 0x200;
  assert_int_equal(word_at(rom, 0x141078 + 2 * (size_t)(id + 1)), x);     /* transition x: the parent's */
  assert_int_equal(word_at(rom, 0x140F38 + 2 * (size_t)(id + 1)), y);
  assert_int_equal(word_at(rom, 0x1412F8 + 2 * (size_t)id), (x - 0x100) & 0xFFFF);
  assert_int_equal(word_at(rom, 0x140B78 + 2 * (size_t)(id + 1)) & 0x0FFF, 0x080); /* two screens wide, entered from the east */
  if (id >= 8) { /* the right column entered from the north: 0x40 for the column, less the one above's */
    int above = id + 1 - 8, col_above = (above - ow->areas[above].parent) & 1;
    assert_int_equal(word_at(rom, 0x140CB8 + 2 * (size_t)(id + 1)), 0x1840 - 0x40 * col_above);
  }
  z3_overworld *again = test_ow_load(rom);
  assert_int_equal(again->areas[id + 1].parent, id);
  assert_int_equal(again->areas[id].size, Z3_OW_WIDE);
  assert_ok(z3_ow_set_area_field(again, id + 1, size_field(), 0, &err), &err); /* a child's edit dissolves the group */
  assert_int_equal(again->areas[id].size, Z3_OW_SMALL);
  assert_ok(z3_ow_save(again, rom, &err), &err);
  assert_memory_equal(rom->data.data + 0x140998, parents, sizeof parents);
  assert_memory_equal(rom->data.data + 0x1788D, sizes, sizeof sizes);
  z3_ow_free(again);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

static void assert_refused(z3_overworld *ow, int id, int size, const char *text) {
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_ow_set_area_field(ow, id, size_field(), size, &err), Z3_E_INVALID);
  if (!strstr(err.message, text)) fail_msg("'%s' lacks '%s'", err.message, text);
}

/* Groups past the world's edge, over another group, over a screen with its
 * own records, or on a ROM without v3: refused, the ROM unchanged. */
Z3_TEST(test_ow_v3_sizes__bad_size_edits_are_refused) {
  (void)state;
  z3_rom *rom = v3_rom(true);
  z3_overworld *ow = test_ow_load(rom);
  assert_refused(ow, 0x07, 2, "past the east edge");
  assert_refused(ow, 0x3A, 3, "past the south edge");
  assert_refused(ow, 0x1A, 2, "area 0x1B is part of the large area 0x1B");
  assert_refused(ow, GEN_WIDE, 4, "outside 0-3 for 'size'");
  assert_refused(ow, 0x3F, 1, "past the east edge");
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  assert_int_equal(rom->change_count, 0);
  z3_ow_free(ow);
  z3_rom_free(rom);
  for (int v = 0; v <= 2; v++) { /* vanilla, v1, v2: small and large only; nothing is written */
    rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
    if (v) gen_zscustom_tables(rom->data.data, v);
    ow = test_ow_load(rom);
    assert_refused(ow, 0x2C, 2, v ? "cannot be wide on a ZSCustomOverworld v1/v2 ROM" : "cannot be wide on a vanilla-layout ROM");
    assert_ok(z3_ow_save(ow, rom, &err), &err);
    assert_int_equal(rom->change_count, 0);
    z3_ow_free(ow);
    z3_rom_free(rom);
  }
}

/* A screen with its own sprites cannot join a group: the game would never show them. */
Z3_TEST(test_ow_v3_sizes__joining_screen_with_records_is_refused) {
  (void)state;
  z3_rom *rom = v3_rom(false);
  z3_overworld *ow = test_ow_load(rom);
  int id = free_pair(ow);
  z3_error err;
  z3_error_init(&err);
  int index = 0;
  assert_ok(z3_ow_sprite_add(ow, 1, id + 1, (z3_ow_sprite){.x = 3, .y = 4, .id = 0x41}, &index, &err), &err);
  assert_refused(ow, id, 2, "has sprites, items, entrances or holes of its own");
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* A group whose screens disagree about their parent is refused on load, by offset. */
Z3_TEST(test_ow_v3_sizes__broken_group_is_refused_on_load) {
  (void)state;
  z3_rom *rom = v3_rom(true);
  rom->data.data[0x1788D + GEN_WIDE + 1] = 0; /* the right screen says small but names 0x28 */
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow = NULL;
  assert_int_equal(z3_ow_load(&ow, rom, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "area 0x29: ZSCustomOverworld v3 names parent 0x28"));
  assert_int_equal(err.offset, 0x140998 + GEN_WIDE + 1);
  z3_rom_free(rom);
  rom = v3_rom(true);
  rom->data.data[0x140998 + 0x07] = 0x07, rom->data.data[0x1788D + 0x07] = 2; /* wide at the east edge */
  z3_error_init(&err);
  assert_int_equal(z3_ow_load(&ow, rom, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "area 0x07 is wide but areas 0x08"));
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_ow_v3_sizes__wide_and_tall_read_as_one_grid),
       cmocka_unit_test(test_ow_v3_sizes__render_draws_both_screens),
       cmocka_unit_test(test_ow_v3_sizes__edits_in_the_second_screen_save_and_reread),
       cmocka_unit_test(test_ow_v3_sizes__export_import_is_byte_identical),
       cmocka_unit_test(test_ow_v3_sizes__size_edit_writes_the_v3_tables),
       cmocka_unit_test(test_ow_v3_sizes__bad_size_edits_are_refused),
       cmocka_unit_test(test_ow_v3_sizes__joining_screen_with_records_is_refused),
       cmocka_unit_test(test_ow_v3_sizes__broken_group_is_refused_on_load))
