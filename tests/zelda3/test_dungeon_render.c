/* Room rendering on the sample ROM: counts, placeholders, tile placement. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/blockset.h"
#include "zelda3/dungeon_render.h"
#include "zelda3/sample.h"

static z3_rom *rom;
static z3_dungeon *dungeon;
static z3_room_image *img;

static int setup(void **state) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  if (z3_sample_rom(&rom, NULL, &err) || z3_dungeon_load(rom, &dungeon, &err)) return -1;
  img = malloc(sizeof *img);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  free(img);
  z3_dungeon_free(dungeon);
  z3_rom_free(rom);
  return 0;
}

static size_t count_color(uint8_t color) {
  size_t n = 0;
  for (size_t i = 0; i < sizeof img->pixels; i++) n += img->pixels[i] == color;
  return n;
}

Z3_TEST(test_dungeon_render__every_object_is_drawn_or_counted) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_room_render(rom, dungeon, 0x012, Z3_RENDER_ALL, img, &err), &err);
  z3_room *r = &dungeon->rooms[0x012];
  /* the sample's layouts hold 12 objects each: ceiling strips, walls, corners (sample_dungeon.c) */
  assert_int_equal(img->objects_drawn, (int)(z3_room_object_total(r) + r->door_count + 12));
  assert_int_equal(img->unrendered, 0);
  assert_int_equal(count_color(Z3_ROOM_PLACEHOLDER_COLOR), 0);
  assert_int_equal(img->palette[Z3_ROOM_PLACEHOLDER_COLOR][0], 255);
  assert_int_equal(img->palette[0][3], 0); /* the backdrop is transparent */
  /* a door position past the 12-entry table cannot be drawn: a box, counted */
  uint8_t b0 = r->doors[0].b0;
  r->doors[0].b0 = 0xC0;
  assert_ok(z3_room_render(rom, dungeon, 0x012, Z3_RENDER_ALL, img, &err), &err);
  r->doors[0].b0 = b0;
  assert_int_equal(img->unrendered, 1);
  assert_true(count_color(Z3_ROOM_PLACEHOLDER_COLOR) > 0);
}

/* Every room of the sample renders without a placeholder, and between them
 * the rooms hold every named object and every door type
 * (the gallery rooms of sample_dungeon.c), each type in one of the four
 * directions and each direction with a dozen types. */
Z3_TEST(test_dungeon_render__the_whole_sample_renders_and_covers_every_kind) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  static bool object_seen[0x1000];
  bool door_seen[4][0x68] = {{false}};
  memset(object_seen, 0, sizeof object_seen);
  for (int room = 0; room < Z3_ROOM_COUNT; room++) {
    assert_ok(z3_room_render(rom, dungeon, room, Z3_RENDER_ALL, img, &err), &err);
    if (img->unrendered) fail_msg("room 0x%03X: %d objects unrendered", room, img->unrendered);
    const z3_room *r = &dungeon->rooms[room];
    for (int l = 0; l < Z3_ROOM_LAYERS; l++)
      for (size_t i = 0; i < r->object_count[l]; i++) object_seen[r->objects[l][i].id & 0xFFF] = true;
    for (size_t i = 0; i < r->door_count; i++)
      if (r->doors[i].b1 < 0x68) door_seen[r->doors[i].b0 & 3][r->doors[i].b1] = true;
  }
  for (unsigned id = 0; id < 0x1000; id++)
    if (z3_object_name((uint16_t)id) && !object_seen[id]) fail_msg("no room holds object 0x%03X", id);
  int doors = 0, directions[4] = {0};
  for (int dir = 0; dir < 4; dir++)
    for (int t = 0; t < 0x68; t += 2) doors += door_seen[dir][t], directions[dir] += door_seen[dir][t];
  for (int t = 0; t < 0x68; t += 2) {
    bool any = false;
    for (int dir = 0; dir < 4; dir++) any = any || door_seen[dir][t];
    if (!any) fail_msg("no room holds door type 0x%02X", t);
  }
  for (int dir = 0; dir < 4; dir++) assert_true(directions[dir] >= 12);
  assert_true(doors >= 52);
}

static uint16_t rom_word(size_t pc) { return (uint16_t)(rom->data.data[pc] | rom->data.data[pc + 1] << 8); }

/* The pixels of tile (tx, ty) are those of `word` (the image drawn with BG1 only). */
static void assert_tile(const z3_scene_tiles *tiles, int tx, int ty, uint16_t word) {
  for (int py = 0; py < 8; py++)
    for (int px = 0; px < 8; px++) {
      int sx = word & 0x4000 ? 7 - px : px, sy = word & 0x8000 ? 7 - py : py;
      uint8_t v = tiles->px[(word & 0x3FF) % Z3_SCENE_TILE_COUNT][sy * 8 + sx];
      uint8_t want = v ? (uint8_t)(((word >> 10) & 7) * 16 + v) : 0;
      if (img->pixels[(ty * 8 + py) * Z3_ROOM_PIXELS + tx * 8 + px] != want)
        fail_msg("tile (%d,%d) pixel (%d,%d) is not word 0x%04X's", tx, ty, px, py, word);
    }
}

static z3_scene_tiles *load_tiles(void) {
  z3_error err;
  z3_error_init(&err);
  z3_scene_tiles *tiles = malloc(sizeof *tiles);
  assert_ok(z3_scene_tiles_load(rom, (unsigned)img->main_blockset, (unsigned)img->aux_blockset, tiles, &err), &err);
  return tiles;
}

/* Room 0x012's north door (position 0, type 0x00) and south door (position 6,
 * type 0x1C): 12 words from the direction's DoorGFXDataOffset entry, column
 * by column, the south one a row below its position. */
Z3_TEST(test_dungeon_render__doors_use_the_door_tile_tables) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_room_render(rom, dungeon, 0x012, Z3_RENDER_BG1, img, &err), &err);
  z3_scene_tiles *tiles = load_tiles();
  const struct {
    size_t table, position;
    unsigned type;
    int w, h, dy;
  } doors[] = {{Z3_ROOM_DOOR_GFX_NORTH_PC, Z3_ROOM_DOOR_POSITIONS_PC, 0x00, 4, 3, 0},
               {Z3_ROOM_DOOR_GFX_SOUTH_PC, Z3_ROOM_DOOR_POSITIONS_PC + 24 + 12, 0x1C, 4, 3, 1}};
  for (size_t d = 0; d < 2; d++) {
    unsigned cell = rom_word(doors[d].position) / 2;
    size_t at = Z3_ROOM_TILE_DATA_PC + rom_word(doors[d].table + doors[d].type);
    for (int i = 0; i < doors[d].w; i++)
      for (int j = 0; j < doors[d].h; j++)
        assert_tile(tiles, (int)(cell % 64) + i, (int)(cell / 64) + doors[d].dy + j,
                    rom_word(at + 2 * (size_t)(i * doors[d].h + j)));
  }
  free(tiles);
}

/* A diagonal wall and a diagonal ceiling placed in an empty room: the
 * routines' shapes (usdasm RoomDraw_DiagonalAcute_1to16: size+7 columns of 5
 * tiles going up to the right; RoomDraw_DiagonalCeilingTopLeftA: rows of
 * size+4, size+3, ... tiles). */
Z3_TEST(test_dungeon_render__diagonals_follow_the_routines) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  z3_room_object objs[2] = {{.id = 0x009, .x = 10, .y = 30, .size = 1}, {.id = 0x0A0, .x = 40, .y = 10, .size = 0}};
  z3_room *r = &dungeon->rooms[0x000];
  z3_room_object *saved = r->objects[0];
  size_t saved_count = r->object_count[0];
  r->objects[0] = objs, r->object_count[0] = 2;
  z3_status st = z3_room_render(rom, dungeon, 0x000, Z3_RENDER_BG1, img, &err);
  r->objects[0] = saved, r->object_count[0] = saved_count;
  assert_ok(st, &err);
  assert_int_equal(img->unrendered, 0);
  z3_scene_tiles *tiles = load_tiles();
  size_t diag = Z3_ROOM_TILE_DATA_PC + rom_word(Z3_ROOM_SUBTYPE1_TABLE_PC + 2 * 0x009);
  for (int k = 0; k < 8; k++)
    for (int j = 0; j < 5; j++) assert_tile(tiles, 10 + k, 30 - k + j, rom_word(diag + 2 * (size_t)j));
  uint16_t ceil = rom_word(Z3_ROOM_TILE_DATA_PC + rom_word(Z3_ROOM_SUBTYPE1_TABLE_PC + 2 * 0x0A0));
  for (int row = 0; row < 4; row++)
    for (int i = 0; i < 4 - row; i++) assert_tile(tiles, 40 + i, 10 + row, ceil);
  free(tiles);
}

Z3_TEST(test_dungeon_render__a_subtype3_object_shows_its_first_tile) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_room_render(rom, dungeon, 0x104, Z3_RENDER_BG1, img, &err), &err);
  /* room 0x104 list 0 object 2 is a chest (0xF99) at tile (40,20); nothing is drawn over it */
  const z3_room_object *chest = &dungeon->rooms[0x104].objects[0][2];
  assert_int_equal(chest->id, 0xF99);
  size_t at = Z3_ROOM_TILE_DATA_PC + (size_t)(rom->data.data[Z3_ROOM_SUBTYPE3_TABLE_PC + 2 * 0x19] |
                                              rom->data.data[Z3_ROOM_SUBTYPE3_TABLE_PC + 2 * 0x19 + 1] << 8);
  uint16_t word = (uint16_t)(rom->data.data[at] | rom->data.data[at + 1] << 8);
  z3_scene_tiles *tiles = malloc(sizeof *tiles);
  assert_ok(z3_scene_tiles_load(rom, (unsigned)img->main_blockset, (unsigned)img->aux_blockset, tiles, &err), &err);
  for (int py = 0; py < 8; py++)
    for (int px = 0; px < 8; px++) {
      int sx = word & 0x4000 ? 7 - px : px, sy = word & 0x8000 ? 7 - py : py;
      uint8_t v = tiles->px[(word & 0x3FF) % Z3_SCENE_TILE_COUNT][sy * 8 + sx];
      uint8_t want = v ? (uint8_t)(((word >> 10) & 7) * 16 + v) : 0;
      assert_int_equal(img->pixels[(chest->y * 8 + py) * Z3_ROOM_PIXELS + chest->x * 8 + px], want);
    }
  free(tiles);
}

Z3_TEST(test_dungeon_render__layers_and_bad_rooms) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_room_render(rom, dungeon, 0x024, Z3_RENDER_BG2, img, &err), &err);
  size_t bg2_blank = count_color(0);
  assert_ok(z3_room_render(rom, dungeon, 0x024, Z3_RENDER_ALL, img, &err), &err);
  assert_true(count_color(0) <= bg2_blank); /* BG1 only ever adds pixels */
  z3_error_init(&err);
  assert_int_equal(z3_room_render(rom, dungeon, 0x128, Z3_RENDER_ALL, img, &err), Z3_E_NOT_FOUND);
}

/* The size rules of the game's routines (usdasm bank $01 routine table at
 * $01:8200 and RoomDraw_GetSize_*): only the "1to15or32" / "1to15or26" objects
 * have a long form at size 0; 0x003-0x008 and 0x063-0x068 are "1to16". */
Z3_TEST(test_dungeon_render__repeat_counts_follow_the_game_routines) {
  (void)state;
  static const struct {
    uint16_t id;
    uint8_t size;
    int want;
  } cases[] = {
      {0x000, 0, 32}, {0x0B8, 0, 32}, {0x0B9, 3, 3},  {0x060, 0, 32}, {0x092, 0, 32}, {0x093, 7, 7},
      {0x001, 0, 26}, {0x002, 5, 5},  {0x0B6, 0, 26}, {0x0B7, 0, 26}, {0x061, 0, 26}, {0x090, 0, 26},
      {0x091, 2, 2},  {0x003, 0, 1},  {0x006, 0, 1},  {0x007, 0, 1},  {0x008, 4, 5},  {0x063, 0, 1},
      {0x067, 0, 1},  {0x068, 15, 16}, {0x033, 0, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    z3_room_object o = {.id = cases[i].id, .x = 4, .y = 4, .size = cases[i].size};
    if (z3_room_object_repeats(&o) != cases[i].want)
      fail_msg("object 0x%03X size %u: %d repeats, want %d", o.id, o.size, z3_room_object_repeats(&o), cases[i].want);
  }
  /* block sizes: Rightwards2x4 (0x001, 0x0B6), Rightwards2x2 (0x007), Downwards4x2 (0x061, 0x090), Downwards2x2 (0x068) */
  int w, h;
  z3_room_object_block(0x0B6, &w, &h);
  assert_true(w == 2 && h == 4);
  z3_room_object_block(0x001, &w, &h);
  assert_true(w == 2 && h == 4);
  z3_room_object_block(0x007, &w, &h);
  assert_true(w == 2 && h == 2);
  z3_room_object_block(0x090, &w, &h);
  assert_true(w == 4 && h == 2);
  z3_room_object_block(0x061, &w, &h);
  assert_true(w == 4 && h == 2);
  z3_room_object_block(0x068, &w, &h);
  assert_true(w == 2 && h == 2);
  /* the wall columns are spaced (usdasm $01:8C37 / $01:8C4F; ZScream draws them 6 apart) */
  assert_int_equal(z3_room_object_step(0x005), 6);
  assert_int_equal(z3_room_object_step(0x066), 6);
  assert_int_equal(z3_room_object_step(0x003), 2);
  assert_int_equal(z3_room_object_step(0x063), 2);
  assert_int_equal(z3_room_object_step(0x0B6), 2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_dungeon_render__every_object_is_drawn_or_counted),
      cmocka_unit_test(test_dungeon_render__a_subtype3_object_shows_its_first_tile),
      cmocka_unit_test(test_dungeon_render__layers_and_bad_rooms),
      cmocka_unit_test(test_dungeon_render__doors_use_the_door_tile_tables),
      cmocka_unit_test(test_dungeon_render__the_whole_sample_renders_and_covers_every_kind),
      cmocka_unit_test(test_dungeon_render__diagonals_follow_the_routines),
      cmocka_unit_test(test_dungeon_render__repeat_counts_follow_the_game_routines),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
