/* Backgrounds as SCAD screen sets (zelda3/bg_scene.h, snes/scad.h): the set,
 * written and read back, draws exactly what the renderers draw. */
#include <stdlib.h>
#include <string.h>

#include "snes/color.h"
#include "test.h"
#include "zelda3/bg_scene.h"
#include "zelda3/dungeon_render.h"
#include "zelda3/sample.h"

static z3_rom *rom;
static z3_overworld *ow;
static z3_dungeon *dungeon;
static z3_bg_scene *scene;
static uint8_t *pixels;

static int setup(void **state) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  if (z3_sample_rom(&rom, NULL, &err) || z3_ow_load(&ow, rom, &err) || z3_dungeon_load(rom, &dungeon, &err)) return -1;
  scene = malloc(sizeof *scene);
  pixels = malloc(1024 * 1024);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  free(scene), free(pixels);
  z3_ow_free(ow);
  z3_dungeon_free(dungeon);
  z3_rom_free(rom);
  return 0;
}

/* Through the file format and back, then drawn from the characters. */
static void draw_via_files(void) {
  z3_error err;
  z3_error_init(&err);
  z3_buf file;
  z3_buf_init(&file);
  assert_ok(z3_scr_write(&file, &scene->scr, &err), &err);
  assert_int_equal(file.len, Z3_SCR_SIZE);
  z3_scr back;
  assert_ok(z3_scr_read(&back, file.data, file.len, &err), &err);
  assert_memory_equal(back.words, scene->scr.words, sizeof back.words);
  uint32_t side = 0;
  assert_ok(z3_scad_render(&back, Z3_TILE_4BPP, scene->chars, pixels, &side, &err), &err);
  assert_int_equal(side, 512);
  z3_buf_release(&file);
}

Z3_TEST(overworld_screens_draw_as_the_renderer_does) {
  (void)state;
  static const int screens[] = {0x00, 0x02, 0x18, 0x40, 0x80};
  int compared = 0;
  for (size_t k = 0; k < sizeof screens / sizeof screens[0]; k++) {
    int id = screens[k];
    if (z3_ow_area_tile16_side(ow, id) != 32) continue; /* a large area's parent renders 1024 wide */
    compared++;
    z3_error err;
    z3_error_init(&err);
    assert_ok(z3_ow_bg_scene(ow, rom, id, scene, &err), &err);
    draw_via_files();
    z3_ow_image img;
    assert_ok(z3_ow_render(ow, rom, id, &img, &err), &err);
    size_t differ = 0, drawn = 0;
    for (size_t i = 0; i < 512 * 512; i++) differ += img.pixels[i] != pixels[i], drawn += pixels[i] != 0;
    for (size_t i = 0; differ && i < 512 * 512; i++)
      if (img.pixels[i] != pixels[i]) {
        print_error("first at (%zu,%zu): render %u, scad %u; word %04X\n", i % 512, i / 512, img.pixels[i], pixels[i],
                    scene->scr.words[(i / 512 / 8) * 64 + (i % 512) / 8]);
        break;
      }
    if (differ) fail_msg("screen 0x%02X: %zu pixels differ", id, differ);
    assert_true(drawn > 512 * 512 / 2);
    for (int c = 1; c < 128; c++) { /* the COL holds the colours the render shows */
      z3_rgb rgb = z3_color_to_rgb(scene->cgram[c]);
      assert_int_equal(rgb.r, img.palette[c][0]);
      assert_int_equal(rgb.b, img.palette[c][2]);
    }
    z3_ow_image_release(&img);
  }
  assert_true(compared >= 3);
}

Z3_TEST(room_layers_draw_as_the_renderer_does) {
  (void)state;
  static z3_room_image img;
  for (int bg = 0; bg < 2; bg++) {
    z3_error err;
    z3_error_init(&err);
    assert_ok(z3_room_bg_scene(rom, dungeon, 0x104, bg, scene, &err), &err);
    draw_via_files();
    assert_ok(z3_room_render(rom, dungeon, 0x104, bg ? Z3_RENDER_BG2 : Z3_RENDER_BG1, &img, &err), &err);
    assert_int_equal(img.unrendered, 0);
    size_t differ = 0, drawn = 0;
    for (size_t i = 0; i < 512 * 512; i++) differ += img.pixels[i] != pixels[i], drawn += pixels[i] != 0;
    if (differ) fail_msg("room 0x104 bg%d: %zu pixels differ", bg + 1, differ);
    assert_true(drawn > 1000);
  }
}

/* Importing words back: unchanged words give the same grid; another tile16's
 * words give that tile16; words no tile16 has are named by their cell. */
Z3_TEST(screen_words_choose_tile16s) {
  (void)state;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_ow_bg_scene(ow, rom, 0x00, scene, &err), &err);
  uint16_t grid[32 * 32];
  assert_ok(z3_ow_tile16_from_words(ow, scene->scr.words, grid, &err), &err);
  uint16_t t16;
  assert_ok(z3_ow_get_tile16(ow, 0x00, 5, 7, &t16, &err), &err);
  const uint16_t *def = ow->tile16[grid[7 * 32 + 5]];
  assert_memory_equal(def, ow->tile16[t16], sizeof(uint16_t) * 4);
  uint16_t *cell = scene->scr.words + 14 * 64 + 10; /* tile16 cell (5, 7) */
  int other = (grid[7 * 32 + 5] + 1) % ow->tile16_count;
  cell[0] = ow->tile16[other][0], cell[1] = ow->tile16[other][1];
  cell[64] = ow->tile16[other][2], cell[65] = ow->tile16[other][3];
  assert_ok(z3_ow_tile16_from_words(ow, scene->scr.words, grid, &err), &err);
  assert_memory_equal(ow->tile16[grid[7 * 32 + 5]], ow->tile16[other], sizeof(uint16_t) * 4);
  cell[65] = 0x3FF; /* a tile number no definition uses with the others */
  cell[64] = 0x3FE;
  assert_int_equal(z3_ow_tile16_from_words(ow, scene->scr.words, grid, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "tile16 cell (5, 7)"));
}

Z3_TEST(scr_files_are_checked) {
  (void)state;
  z3_scr scr;
  memset(&scr, 0, sizeof scr);
  z3_buf file;
  z3_buf_init(&file);
  z3_error err;
  z3_error_init(&err);
  scr.words[1] = 0x1234, scr.words[64 * 33 + 40] = 0xC005; /* top-left and bottom-right screens */
  assert_ok(z3_scr_write(&file, &scr, &err), &err);
  assert_int_equal(file.data[2] | file.data[3] << 8, 0x1234);
  size_t br = 3 * 0x800 + (size_t)(1 * 32 + 8) * 2;
  assert_int_equal(file.data[br] | file.data[br + 1] << 8, 0xC005);
  assert_memory_equal(file.data + 0x2000, "NAK1989 S-CG-CAD", 16);
  z3_scr back;
  assert_int_equal(z3_scr_read(&back, file.data, file.len - 1, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "0x2300"));
  file.data[0x2042] = 2;
  z3_error_init(&err);
  assert_int_equal(z3_scr_read(&back, file.data, file.len, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "0x2042"));
  file.data[0x2042] = 0, file.data[0x2001] = 'x';
  z3_error_init(&err);
  assert_int_equal(z3_scr_read(&back, file.data, file.len, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "footer"));
  z3_buf_release(&file);
}

/* 16x16 tiles draw four characters each, and flips swap the quarters. */
Z3_TEST(sixteen_pixel_tiles_use_four_characters) {
  (void)state;
  static uint8_t chars[1024 * 32];
  memset(chars, 0, sizeof chars);
  uint8_t px[64];
  static const int used[4] = {0, 1, 16, 17}; /* a 16x16 tile's four characters, filled with 1-4 */
  for (int k = 0; k < 4; k++) {
    memset(px, k + 1, sizeof px);
    z3_tile_encode(Z3_TILE_4BPP, px, chars + (size_t)used[k] * 32);
  }
  static z3_scr scr;
  memset(&scr, 0, sizeof scr);
  scr.tiles16 = true;
  scr.words[0] = 0x0000, scr.words[1] = 0x4000 | 0x0400; /* tile 0 plain; tile 0 h-flipped in row 1 */
  uint32_t side;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_scad_render(&scr, Z3_TILE_4BPP, chars, pixels, &side, &err), &err);
  assert_int_equal(side, 1024);
  assert_int_equal(pixels[0], 1);                 /* char 0 */
  assert_int_equal(pixels[8], 2);                 /* char 1 */
  assert_int_equal(pixels[8 * 1024], 3);          /* char 16 */
  assert_int_equal(pixels[8 * 1024 + 8], 4);      /* char 17 */
  assert_int_equal(pixels[16], 16 + 2);           /* flipped, palette row 1: char 1 on the left */
  assert_int_equal(pixels[24], 16 + 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(overworld_screens_draw_as_the_renderer_does),
      cmocka_unit_test(room_layers_draw_as_the_renderer_does),
      cmocka_unit_test(screen_words_choose_tile16s),
      cmocka_unit_test(scr_files_are_checked),
      cmocka_unit_test(sixteen_pixel_tiles_use_four_characters),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
