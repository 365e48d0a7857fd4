/* zelda3/sample art: motifs fit their sheets, edges join, and the sample's
 * renders show what was designed (a green world with a pond and a house, a
 * darker Dark World, rooms walled in with their chests where they stand). */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/blockset.h"
#include "zelda3/dungeon_render.h"
#include "zelda3/overworld.h"
#include "zelda3/sample.h"
#include "zelda3/sample_art.h"

/* No two motifs share a cell of a sheet, every one fits in the 8x2 cells and draws something. */
static void check_motifs(const z3_motif *m, int count) {
  for (int i = 0; i < count; i++) {
    assert_true(m[i].cx + m[i].w <= 8 && m[i].cy + m[i].h <= 2);
    assert_true(m[i].row >= 2 && m[i].row <= 7);
    for (int j = 0; j < i; j++) {
      if (m[i].position != m[j].position) continue;
      bool apart = m[i].cx + m[i].w <= m[j].cx || m[j].cx + m[j].w <= m[i].cx || m[i].cy + m[i].h <= m[j].cy ||
                   m[j].cy + m[j].h <= m[i].cy;
      if (!apart) fail_msg("motifs %d and %d overlap at position %d", i, j, m[i].position);
    }
    if (!m[i].draw) continue;
    static uint8_t px[128 * 32];
    z3_motifs_draw(m, count, m[i].position, px);
    size_t inked = 0;
    for (int y = 0; y < m[i].h * 16; y++)
      for (int x = 0; x < m[i].w * 16; x++) inked += px[(m[i].cy * 16 + y) * 128 + m[i].cx * 16 + x] != 0;
    if (inked == 0) fail_msg("motif %d draws nothing", i);
  }
}

Z3_TEST(test_sample_art__motifs_fit_and_draw) {
  (void)state;
  check_motifs(z3_ow_motifs, OWM_COUNT);
  check_motifs(z3_uw_motifs, UWM_COUNT);
  /* a motif's tile numbers are its sheet's: position * 64 + row * 16 + column */
  const z3_motif *tree = &z3_ow_motifs[OWM_TREE];
  assert_int_equal(z3_motif_tile(tree, 3, 1), tree->position * 64u + (tree->cy * 2u + 1) * 16u + tree->cx * 2u + 3);
}

/* Edge cells are drawn for one corner and mirrored for the others: the line
 * must meet itself at both ends of a cell and where corner and side meet. */
Z3_TEST(test_sample_art__edges_join_when_mirrored) {
  (void)state;
  for (int t = 0; t < 16; t++) {
    assert_int_equal(z3_edge_outside(Z3_EDGE_TOP, 0, t), z3_edge_outside(Z3_EDGE_TOP, 15, t));
    assert_int_equal(z3_edge_outside(Z3_EDGE_LEFT, t, 0), z3_edge_outside(Z3_EDGE_LEFT, t, 15));
    assert_int_equal(z3_edge_outside(Z3_EDGE_CORNER, 15, t), z3_edge_outside(Z3_EDGE_TOP, 15, t));
    assert_int_equal(z3_edge_outside(Z3_EDGE_CORNER, t, 15), z3_edge_outside(Z3_EDGE_LEFT, t, 15));
    assert_false(z3_edge_outside(Z3_EDGE_NONE, t, t));
  }
  assert_true(z3_edge_outside(Z3_EDGE_INNER, 0, 0));
  assert_false(z3_edge_outside(Z3_EDGE_INNER, 15, 15));
  assert_true(z3_edge_outside(Z3_EDGE_CORNER, 0, 0));
}

typedef struct tally {
  size_t green, blue, pixels;
  unsigned long luma;
} tally;

static tally look(const z3_ow_image *img) {
  tally t = {0};
  for (size_t i = 0; i < (size_t)img->width * img->height; i++) {
    const uint8_t *c = img->palette[img->pixels[i]];
    t.green += c[1] > c[0] + 16 && c[1] > c[2] + 16;
    t.blue += c[2] > c[0] + 40 && c[2] > c[1] + 16;
    t.luma += (unsigned long)(c[0] * 3 + c[1] * 6 + c[2]) / 10;
    t.pixels++;
  }
  return t;
}

Z3_TEST(test_sample_art__link_house_area_reads_as_a_small_world) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_overworld *ow;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  /* the house's entrance (sample_overworld.c, tile16 10,12) lands on the door, drawn in the house row */
  uint16_t t16;
  assert_ok(z3_ow_get_tile16(ow, 0x2C, 10, 12, &t16, &err), &err);
  for (int k = 0; k < 4; k++) assert_int_equal(ow->tile16[t16][k] >> 10 & 7, OW_ROW_HOUSE);
  assert_ok(z3_ow_get_tile16(ow, 0x2C, 0, 0, &t16, &err), &err); /* trees around the edge */
  assert_int_equal(ow->tile16[t16][0] >> 10 & 7, OW_ROW_FOLIAGE);
  z3_ow_image light, dark;
  assert_ok(z3_ow_render(ow, rom, 0x2C, &light, &err), &err);
  assert_ok(z3_ow_render(ow, rom, 0x6C, &dark, &err), &err);
  tally l = look(&light), d = look(&dark);
  assert_true(l.green * 2 > l.pixels);           /* mostly grass and trees */
  assert_true(l.blue > 4000 && l.blue * 10 < l.pixels); /* a pond, not a lake */
  assert_true(d.luma < l.luma * 9 / 10);         /* the Dark World is darker */
  z3_ow_image_release(&light);
  z3_ow_image_release(&dark);
  z3_ow_free(ow);
  z3_rom_free(rom);
}

/* Pixels of a tile cell that come from palette row `row`. */
static int cell_row_pixels(const z3_room_image *img, int tx, int ty, int row) {
  int n = 0;
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++) n += img->pixels[(ty * 8 + y) * Z3_ROOM_PIXELS + tx * 8 + x] / 16 == row;
  return n;
}

Z3_TEST(test_sample_art__rooms_are_walled_and_furnished) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_dungeon *d;
  assert_ok(z3_dungeon_load(rom, &d, &err), &err);
  z3_room_image *img = malloc(sizeof *img);
  assert_ok(z3_room_render(rom, d, 0x012, Z3_RENDER_ALL, img, &err), &err);
  /* walls all round (the layout), in the wall row; the floor inside in another */
  for (int t = 8; t < 56; t += 8) {
    assert_int_equal(cell_row_pixels(img, t, 3, UW_ROW_WALL), 64);
    assert_int_equal(cell_row_pixels(img, 3, t, UW_ROW_WALL), 64);
    assert_int_equal(cell_row_pixels(img, t, 60, UW_ROW_WALL), 64);
    assert_int_equal(cell_row_pixels(img, 60, t, UW_ROW_WALL), 64);
  }
  assert_int_equal(cell_row_pixels(img, 20, 40, UW_ROW_FLOOR), 64);
  /* the chest is wood, with the floor of the layer below showing around it */
  const z3_room *r = &d->rooms[0x012];
  size_t chest = 0;
  while (chest < r->object_count[0] && r->objects[0][chest].id != 0xF99) chest++;
  assert_true(chest < r->object_count[0]);
  int wood = 0, floor = 0, x = r->objects[0][chest].x, y = r->objects[0][chest].y;
  for (int k = 0; k < 4; k++) {
    wood += cell_row_pixels(img, x + k / 2, y + k % 2, UW_ROW_WOOD);
    floor += cell_row_pixels(img, x + k / 2, y + k % 2, UW_ROW_FLOOR);
  }
  assert_true(wood > 128 && floor > 16 && wood + floor == 256);
  assert_int_equal(img->unrendered, 0); /* doors and special objects are drawn too */
  /* the west big-key door (position 3: tile (2,19), 3x4) shows the big chest's wood */
  int door_wood = 0;
  for (int k = 0; k < 12; k++) door_wood += cell_row_pixels(img, 2 + k % 3, 19 + k / 3, UW_ROW_WOOD);
  assert_true(door_wood > 64);
  free(img);
  z3_dungeon_free(d);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_sample_art__motifs_fit_and_draw), cmocka_unit_test(test_sample_art__edges_join_when_mirrored),
       cmocka_unit_test(test_sample_art__link_house_area_reads_as_a_small_world),
       cmocka_unit_test(test_sample_art__rooms_are_walled_and_furnished))
