/* `set-area --field size` on vanilla-layout ROMs (the sample) and on
 * ZSCustomOverworld v1/v2 ROMs (generated on top of it), which keep the
 * vanilla size tables of world reference §2.2. The expected bytes come from
 * that section (0x00/0x01, 0x20/0x00, 0x03/0x01, 0x04/0x02, parent * 0x200)
 * and from the seam words yaze's SaveLargeMaps writes for a large area and
 * the small screens around it (0x0060/0x1060, 0x0080/0x1080, 0x1800/0x1840,
 * 0x2000/0x2040; 0xF060, 0xF040, 0x17C0, 0x0FC0 beside its far screens). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "world_load.h"
#include "zelda3/overworld.h"
#include "layout_gen.h"

enum { EXPANDED_SIZE = 0x200000 };

#define PARENT 0x125ECu
#define SIZE 0x1788Du
#define FLAG 0x12844u
#define HIGH 0x12884u
#define LOAD 0x4C635u
#define SEAM 0x12634u /* 4 tables of 64 words: entered from the west, east, north, south */
#define POS_Y 0x128C4u
#define POS_X 0x12944u
#define NORTH 0x13EE2u
#define WEST 0x13F62u

/* Every table the size edit may write, as (start, bytes). */
static const size_t tables[][2] = {{PARENT, 64}, {SIZE, 128}, {FLAG, 64}, {HIGH, 64}, {LOAD, 192},
                                   {SEAM, 4 * 128}, {POS_Y, 128}, {POS_X, 128}, {NORTH, 128}, {WEST, 128}};
enum { TABLE_COUNT = sizeof tables / sizeof tables[0], TABLE_BYTES = 64 + 128 + 64 + 64 + 192 + 512 + 4 * 128 };

static int size_field(void) {
  for (int i = 0; z3_ow_area_fields[i]; i++)
    if (strcmp(z3_ow_area_fields[i], "size") == 0) return i;
  fail_msg("no size field");
  return -1;
}

static unsigned word_at(const z3_rom *rom, size_t pc) { return rom->data.data[pc] | rom->data.data[pc + 1] << 8; }
static unsigned seam(const z3_rom *rom, int table, int id) { return word_at(rom, SEAM + 0x80 * (size_t)table + 2 * (size_t)id); }

static bool has_records(const z3_overworld *ow, int id) {
  bool any = id < Z3_OW_LIST_AREAS && ow->items[id].count > 0;
  for (int s = 0; s < Z3_OW_STATES; s++) any = any || (id < z3_ow_sprite_list_count(s) && ow->sprites[s][id].count > 0);
  for (int i = 0; i < ow->entrance_count; i++) any = any || (z3_ow_is_listed_entrance(&ow->entrances[i]) && ow->entrances[i].area == id);
  for (int i = 0; i < ow->hole_count; i++) any = any || ow->holes[i].area == id;
  return any;
}

/* A light-world 2x2 block of small screens, not on the world's edge (so every
 * neighbour the seam checks look at exists), whose other three screens have
 * no records of their own in either world. */
static int free_block(const z3_overworld *ow) {
  for (int id = 9; id < 0x40; id++) {
    int x = id & 7, y = id >> 3;
    if (x < 1 || x > 5 || y < 1 || y > 5) continue;
    bool ok = true;
    for (int k = 0; k < 4 && ok; k++) {
      int s = id + (k & 1) + 8 * (k >> 1);
      ok = ow->areas[s].size == Z3_OW_SMALL && ow->areas[s + 0x40].size == Z3_OW_SMALL;
      for (int d = -1; d <= 1 && ok; d += 2) /* the screens around it are small too */
        ok = ow->areas[s + d].size == Z3_OW_SMALL && ow->areas[s + 8 * d].size == Z3_OW_SMALL;
      ok = ok && (k == 0 || (!has_records(ow, s) && !has_records(ow, s + 0x40)));
    }
    if (ok) return id;
  }
  fail_msg("no free 2x2 block");
  return -1;
}

static z3_rom *zscustom_rom(int version) {
  z3_rom *rom = z3_test_sample_rom(version ? EXPANDED_SIZE : 0, Z3_MAP_LOROM);
  if (version) gen_zscustom_tables(rom->data.data, version);
  return rom;
}

static void set_size(z3_overworld *ow, int id, int size) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_ow_set_area_field(ow, id, size_field(), size, &err), &err);
}

static void save(z3_overworld *ow, z3_rom *rom) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
}

/* The size bytes of world reference §2.2 for one light-world screen. */
static void assert_size_bytes(const z3_rom *rom, int s, int parent, bool large) {
  const uint8_t *d = rom->data.data;
  assert_int_equal(d[PARENT + s], parent);
  assert_int_equal(d[SIZE + s], large ? 0x00 : 0x01);
  assert_int_equal(d[SIZE + 0x40 + s], large ? 0x00 : 0x01);
  assert_int_equal(d[FLAG + s], large ? 0x20 : 0x00);
  assert_int_equal(d[HIGH + s], large ? 0x03 : 0x01);
  for (int w = 0; w < 3; w++) assert_int_equal(d[LOAD + 0x40 * w + s], large ? 0x04 : 0x02);
  unsigned px = (unsigned)(parent & 7) * 0x200, py = (unsigned)(parent >> 3) * 0x200;
  assert_int_equal(word_at(rom, POS_X + 2 * (size_t)s), px);
  assert_int_equal(word_at(rom, POS_Y + 2 * (size_t)s), py);
  assert_int_equal(word_at(rom, WEST + 2 * (size_t)s), (px - 0x100) & 0xFFFF);
  assert_int_equal(word_at(rom, NORTH + 2 * (size_t)s), (py - 0xE0) & 0xFFFF);
}

/* A large area at id (small screens all around): every table byte. */
static void assert_large_at(const z3_rom *rom, int id) {
  for (int k = 0; k < 4; k++) {
    int s = id + (k & 1) + 8 * (k >> 1), col = k & 1, row = k >> 1;
    assert_size_bytes(rom, s, id, true);
    assert_int_equal(seam(rom, 0, s), row ? 0x1060u : 0x0060u);
    assert_int_equal(seam(rom, 1, s), row ? 0x1080u : 0x0080u);
    assert_int_equal(seam(rom, 2, s), col ? 0x1840u : 0x1800u);
    assert_int_equal(seam(rom, 3, s), col ? 0x2040u : 0x2000u);
  }
  /* small neighbours entered from the group's lower or right screens */
  assert_int_equal(seam(rom, 0, id + 10), 0xF060); /* east of the bottom-right: left of it sits row 1 */
  assert_int_equal(seam(rom, 0, id + 2), 0x0060);  /* east of the top-right */
  assert_int_equal(seam(rom, 1, id + 7), 0xF040);  /* west of the bottom-left */
  assert_int_equal(seam(rom, 1, id - 1), 0x0040);
  assert_int_equal(seam(rom, 2, id + 17), 0x17C0); /* below the bottom-right: column 1 above */
  assert_int_equal(seam(rom, 2, id + 16), 0x1800);
  assert_int_equal(seam(rom, 3, id - 7), 0x0FC0);  /* above the top-right */
  assert_int_equal(seam(rom, 3, id - 8), 0x1000);
}

static void copy_tables(const z3_rom *rom, uint8_t out[TABLE_BYTES]) {
  size_t at = 0;
  for (int t = 0; t < TABLE_COUNT; t++) memcpy(out + at, rom->data.data + tables[t][0], tables[t][1]), at += tables[t][1];
  assert_int_equal(at, TABLE_BYTES);
}

/* small -> large -> small on one ROM: every table as §2.2 says at each step,
 * the model and a re-read agree, a save after reload writes nothing, and the
 * round trip restores every table byte. */
static void round_trip(int version) {
  z3_rom *rom = zscustom_rom(version);
  z3_overworld *ow = test_ow_load(rom);
  int id = free_block(ow);
  uint8_t before[TABLE_BYTES], after[TABLE_BYTES];
  copy_tables(rom, before);
  set_size(ow, id + 0x40, 1); /* the dark-world twin names the light-world area too */
  assert_int_equal(ow->areas[id + 9].parent, id);
  assert_int_equal(ow->areas[id + 0x49].parent, id + 0x40);
  save(ow, rom);
  assert_large_at(rom, id);
  z3_overworld *again = test_ow_load(rom);
  for (int k = 0; k < 4; k++) {
    int s = id + (k & 1) + 8 * (k >> 1);
    assert_int_equal(again->areas[s].parent, id), assert_int_equal(again->areas[s].size, Z3_OW_LARGE);
    assert_int_equal(again->areas[s + 0x40].parent, id + 0x40), assert_true(again->areas[s + 0x40].large);
  }
  size_t changes = rom->change_count;
  save(again, rom);
  assert_int_equal(rom->change_count, changes);
  set_size(again, id + 9, 0); /* a child's edit dissolves the group */
  save(again, rom);
  for (int k = 0; k < 4; k++) assert_size_bytes(rom, id + (k & 1) + 8 * (k >> 1), id + (k & 1) + 8 * (k >> 1), false);
  copy_tables(rom, after);
  assert_memory_equal(before, after, sizeof before);
  z3_ow_free(again);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

Z3_TEST(test_ow_vanilla_sizes__round_trip_on_the_sample) {
  (void)state;
  round_trip(0);
}

Z3_TEST(test_ow_vanilla_sizes__round_trip_on_v1_and_v2) {
  (void)state;
  round_trip(1);
  round_trip(2);
}

/* The sample's own large areas follow the same rule: every seam word of the
 * sample is what the edit would write, so an edit next to one leaves it be. */
Z3_TEST(test_ow_vanilla_sizes__sample_seams_follow_the_rule) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_overworld *ow = test_ow_load(rom);
  assert_large_at(rom, 0x1B); /* the sample's large area away from the edges */
  assert_int_equal(ow->areas[0x24].parent, 0x1B);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* Only changed screens get their size bytes: a vanilla quirk (0x4C635 says
 * large for a small screen) next to the change stays. */
Z3_TEST(test_ow_vanilla_sizes__neighbours_keep_their_size_bytes) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_overworld *ow = test_ow_load(rom);
  int id = free_block(ow);
  rom->data.data[LOAD + (size_t)(id + 2)] = 0x04; /* east of the top-right screen */
  set_size(ow, id, 1);
  save(ow, rom);
  assert_int_equal(rom->data.data[LOAD + (size_t)(id + 2)], 0x04);
  assert_int_equal(rom->data.data[LOAD + (size_t)(id + 1)], 0x04);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

static void assert_refused(z3_overworld *ow, int id, int size, const char *text) {
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_ow_set_area_field(ow, id, size_field(), size, &err), Z3_E_INVALID);
  if (!strstr(err.message, text)) fail_msg("'%s' lacks '%s'", err.message, text);
}

/* Past the east or south edge, over a large area, in the special world, wide
 * or tall, or taking in a screen with records: refused, nothing written. */
Z3_TEST(test_ow_vanilla_sizes__bad_edits_are_refused) {
  (void)state;
  for (int v = 0; v <= 2; v++) {
    z3_rom *rom = zscustom_rom(v);
    z3_overworld *ow = test_ow_load(rom);
    assert_refused(ow, 0x07, 1, "past the east edge");
    assert_refused(ow, 0x38, 1, "past the south edge");
    assert_refused(ow, 0x7F, 1, "past the east edge");
    assert_refused(ow, 0x1A, 1, "area 0x1B is part of the large area 0x1B");
    assert_refused(ow, 0x80, 1, "special world");
    assert_refused(ow, 0x81, 0, "special world");
    assert_refused(ow, 0x2C, 2, "cannot be wide");
    assert_refused(ow, 0x2C, 3, "cannot be tall");
    save(ow, rom);
    assert_int_equal(rom->change_count, 0);
    int id = free_block(ow), index = 0;
    z3_error err;
    z3_error_init(&err);
    assert_ok(z3_ow_sprite_add(ow, 1, id + 0x49, (z3_ow_sprite){.x = 3, .y = 4, .id = 0x41}, &index, &err), &err);
    char text[64];
    snprintf(text, sizeof text, "area 0x%02X has sprites", id + 0x49);
    assert_refused(ow, id, 1, text); /* the dark-world twin's screen has its own sprite */
    assert_int_equal(ow->areas[id + 9].parent, id + 9);
    assert_int_equal(ow->areas[id + 0x49].parent, id + 0x49);
    z3_ow_free(ow);
    z3_rom_free(rom);
  }
}

Z3_RUN(cmocka_unit_test(test_ow_vanilla_sizes__round_trip_on_the_sample),
       cmocka_unit_test(test_ow_vanilla_sizes__round_trip_on_v1_and_v2),
       cmocka_unit_test(test_ow_vanilla_sizes__sample_seams_follow_the_rule),
       cmocka_unit_test(test_ow_vanilla_sizes__neighbours_keep_their_size_bytes),
       cmocka_unit_test(test_ow_vanilla_sizes__bad_edits_are_refused))
