/* Expanded-layout detection on generated ROMs (layout_gen.h). */
#include <stdio.h>
#include <string.h>

#include "test.h"
#include "zelda3/dungeon.h"
#include "zelda3/layouts.h"
#include "zelda3/overworld.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000 };

static z3_rom *expanded_sample(void) { return z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM); }

/* Ids found, joined by spaces: one string to compare against. */
static void found_ids(const z3_layouts *found, char *out, size_t size) {
  size_t used = 0;
  out[0] = '\0';
  for (size_t i = 0; i < found->count; i++) {
    int n = snprintf(out + used, size - used, "%s%s", i ? " " : "", z3_layout_info_of(found->hits[i].layout)->id);
    assert_true(n > 0 && used + (size_t)n < size);
    used += (size_t)n;
  }
}

static void set_title(z3_rom *rom, const char *title) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_set_header_field(rom, "title", title, &err), &err);
}

Z3_TEST(test_layouts__vanilla_sample_shows_none) {
  (void)state;
  const size_t sizes[] = {0, EXPANDED_SIZE};
  for (size_t s = 0; s < 2; s++) {
    z3_rom *rom = z3_test_sample_rom(sizes[s], Z3_MAP_LOROM);
    assert_true(z3_rom_title_is_alttp(rom));
    z3_layouts found;
    assert_true(z3_layouts_detect(rom, &found));
    char ids[256];
    found_ids(&found, ids, sizeof ids);
    assert_string_equal(ids, "");
    z3_rom_free(rom);
  }
}

/* Every layout on its own shows itself and nothing else (the tail maps only
 * exist in v3, so they come with it). */
Z3_TEST(test_layouts__each_generated_layout_is_detected_alone) {
  (void)state;
  for (int id = 0; id < Z3_LAYOUT_COUNT; id++) {
    z3_rom *rom = expanded_sample();
    gen_layout(rom->data.data, (z3_layout_id)id);
    z3_layouts found;
    assert_true(z3_layouts_detect(rom, &found));
    char ids[256], want[64];
    found_ids(&found, ids, sizeof ids);
    /* the tail maps only exist in v3; the dungeon entrances use the old tile16 table's space */
    snprintf(want, sizeof want, "%s%s", id == Z3_LAYOUT_SW_TAIL_MAPS ? "zscustom-v3 " : id == Z3_LAYOUT_DUNGEON_ENTRANCES ? "tile16 " : "",
             z3_layout_info_of((z3_layout_id)id)->id);
    if (strcmp(ids, want) != 0) fail_msg("layout %s: detected '%s'", z3_layout_info_of((z3_layout_id)id)->id, ids);
    assert_true(z3_layout_info_of((z3_layout_id)id)->supported); /* every known layout is read and written */
    z3_rom_free(rom);
  }
}

static void generate_all(uint8_t *d) {
  for (int id = Z3_LAYOUT_ZSCUSTOM_V3; id < Z3_LAYOUT_COUNT; id++) gen_layout(d, (z3_layout_id)id);
}

static const char all_ids[] = "zscustom-v3 sw-tail-maps tile16 tile32 ow-entrances dungeon-entrances "
                              "room-headers overlays collision dungeon-maps object-space message-bank";

Z3_TEST(test_layouts__all_together_are_all_detected_in_order) {
  (void)state;
  z3_rom *rom = expanded_sample();
  generate_all(rom->data.data);
  z3_layouts found;
  assert_true(z3_layouts_detect(rom, &found));
  char ids[256];
  found_ids(&found, ids, sizeof ids);
  assert_string_equal(ids, all_ids);
  z3_rom_free(rom);
}

/* Another game's bytes at these offsets mean nothing: reports stay empty,
 * while the scan a reader uses against misreading still looks. */
Z3_TEST(test_layouts__non_alttp_title_reports_nothing) {
  (void)state;
  z3_rom *rom = expanded_sample();
  generate_all(rom->data.data);
  set_title(rom, "MY ZELDA HACK");
  assert_false(z3_rom_title_is_alttp(rom));
  z3_layouts found;
  assert_false(z3_layouts_detect(rom, &found));
  assert_int_equal(found.count, 0);
  z3_layouts_scan(rom, &found);
  assert_int_equal(found.count, 12);
  set_title(rom, "ZELDANODENSETSU");
  assert_true(z3_rom_title_is_alttp(rom));
  set_title(rom, "THE LEGEND OF ZELDA X");
  assert_false(z3_rom_title_is_alttp(rom));
  z3_rom_free(rom);
}

/* 0x00, 0xFF and a file too short to have the byte all read as vanilla; the
 * tail-map byte means nothing below v3. */
Z3_TEST(test_layouts__zscustom_version_byte_readings) {
  (void)state;
  z3_rom *rom = expanded_sample();
  z3_layouts found;
  char ids[256];
  const struct { uint8_t version, tail; const char *want; } cases[] = {
      {0x00, 0xEA, ""}, {0xFF, 0xEA, ""}, {0x01, 0x00, "zscustom-v1"}, {0x02, 0xEA, "zscustom-v2"},
      {0x03, 0x00, "zscustom-v3"}, {0x07, 0xEA, "zscustom-v3 sw-tail-maps"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    rom->data.data[0x140145] = cases[i].version, rom->data.data[0x1423FF] = cases[i].tail;
    z3_layouts_detect(rom, &found);
    found_ids(&found, ids, sizeof ids);
    assert_string_equal(ids, cases[i].want);
  }
  z3_rom_free(rom);
  rom = z3_test_sample_rom(0, Z3_MAP_LOROM); /* 1 MiB: no byte 0x140145 at all */
  z3_layouts_detect(rom, &found);
  assert_int_equal(found.count, 0);
  z3_rom_free(rom);
}

Z3_TEST(test_layouts__evidence_names_offset_and_bytes) {
  (void)state;
  z3_rom *rom = expanded_sample();
  gen_layout(rom->data.data, Z3_LAYOUT_TILE16);
  gen_layout(rom->data.data, Z3_LAYOUT_ROOM_HEADERS);
  rom->data.data[0x7F001] = 0x01; /* ZScream's second dungeon-entrance test */
  z3_layouts found;
  z3_layouts_detect(rom, &found);
  assert_int_equal(found.count, 3);
  char text[96];
  z3_layout_hit_evidence(&found.hits[0], text, sizeof text);
  assert_string_equal(text, "byte 0x3D at 0x17D28 (vanilla 0x0F)");
  z3_layout_hit_evidence(&found.hits[1], text, sizeof text);
  assert_string_equal(text, "byte 0x01 at 0x7F001 (vanilla not 0x01)");
  z3_layout_hit_evidence(&found.hits[2], text, sizeof text);
  assert_string_equal(text, "long $22:8000 at 0x0B5DD (vanilla a pointer below 0x100000)");
  z3_rom_free(rom);
}

/* The generated header move is the one the game follows: the dungeon model
 * reads the same headers through the moved table. */
Z3_TEST(test_layouts__generated_header_move_keeps_every_header) {
  (void)state;
  z3_rom *rom = expanded_sample();
  z3_error err;
  z3_error_init(&err);
  z3_dungeon *before = NULL, *after = NULL;
  assert_ok(z3_dungeon_load(rom, &before, &err), &err);
  gen_layout(rom->data.data, Z3_LAYOUT_ROOM_HEADERS);
  gen_layout(rom->data.data, Z3_LAYOUT_OBJECT_SPACE);
  assert_ok(z3_dungeon_load(rom, &after, &err), &err);
  assert_int_equal(after->header_table_pc, 0x110000);
  assert_int_equal(after->rooms[GEN_OBJECT_ROOM].object_pc, 0x138000);
  for (int id = 0; id < Z3_ROOM_COUNT; id++)
    assert_memory_equal(before->rooms[id].header, after->rooms[id].header, Z3_ROOM_HEADER_SIZE);
  const z3_room *was = &before->rooms[GEN_OBJECT_ROOM], *now = &after->rooms[GEN_OBJECT_ROOM];
  assert_memory_equal(was->object_count, now->object_count, sizeof was->object_count);
  assert_true(was->object_count[0] + was->object_count[1] + was->object_count[2] > 0);
  assert_int_equal(was->door_count, now->door_count);
  z3_dungeon_free(before);
  z3_dungeon_free(after);
  z3_rom_free(rom);
}

/* Every overworld layout is read now: the overworld loads with all of them
 * together (192 maps with the tail maps), and layouts of the dungeons alone
 * do not stop it. A tail-map flag without its tables names the empty pointer. */
Z3_TEST(test_layouts__overworld_reads_every_overworld_layout) {
  (void)state;
  z3_rom *rom = expanded_sample();
  generate_all(rom->data.data);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow = NULL;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  assert_int_equal(ow->area_count, Z3_OW_AREA_MAX);
  z3_ow_free(ow);
  z3_rom_free(rom);

  rom = expanded_sample();
  gen_zscustom_v3(rom->data.data);
  rom->data.data[0x1423FF] = 0xEA;
  assert_int_equal(z3_ow_load(&ow, rom, &err), Z3_E_INVALID);
  assert_null(ow);
  assert_non_null(strstr(err.message, "area 0x00 high-byte map32 stream"));
  assert_non_null(strstr(err.message, "pointer at 0x142400"));
  assert_non_null(strstr(err.hint, "z3ed rom info"));
  z3_rom_free(rom);

  rom = expanded_sample();
  for (int id = Z3_LAYOUT_DUNGEON_ENTRANCES; id < Z3_LAYOUT_COUNT; id++) gen_layout(rom->data.data, (z3_layout_id)id);
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_layouts__vanilla_sample_shows_none),
       cmocka_unit_test(test_layouts__each_generated_layout_is_detected_alone),
       cmocka_unit_test(test_layouts__all_together_are_all_detected_in_order),
       cmocka_unit_test(test_layouts__non_alttp_title_reports_nothing),
       cmocka_unit_test(test_layouts__zscustom_version_byte_readings),
       cmocka_unit_test(test_layouts__evidence_names_offset_and_bytes),
       cmocka_unit_test(test_layouts__generated_header_move_keeps_every_header),
       cmocka_unit_test(test_layouts__overworld_reads_every_overworld_layout))
