/* project: the manifest reader and writer, the asset export, the source hashes. */
#include <stdlib.h>
#include <string.h>

#include "cmd/export_text.h"
#include "project/project.h"
#include "test.h"

static const char good[] =
    "# a project\n"
    "name = \"my-hack\"\n"
    "output = \"my-hack.sfc\"\n"
    "expand_to = \"2MiB\"\n"
    "[base]\n"
    "path = \"../base.sfc\"\n"
    "sha1 = \"0123456789abcdef0123456789abcdef01234567\"\n"
    "size = 1048576\n"
    "[[step]]\nassets = true\n"
    "[[step]]\nasm = \"asm/hook.asm\"\n"
    "[[step]]\npatch = \"patches/fix.ips\"\n";

static z3_status parse(const char *text, z3_project *p, z3_error *err) {
  z3_error_init(err);
  return z3_project_parse(p, text, strlen(text), "m.toml", err);
}

Z3_TEST(manifest__reads_every_key_and_the_steps_in_order) {
  (void)state;
  z3_project p;
  z3_error err;
  assert_ok(parse(good, &p, &err), &err);
  assert_string_equal(p.name, "my-hack");
  assert_string_equal(p.output, "my-hack.sfc");
  assert_string_equal(p.base_path, "../base.sfc");
  assert_string_equal(p.base_sha1, "0123456789abcdef0123456789abcdef01234567");
  assert_int_equal(p.base_size, 1048576);
  assert_int_equal(p.expand_to, 2u << 20);
  assert_int_equal(p.step_count, 3);
  assert_int_equal(p.steps[0].kind, Z3_STEP_ASSETS);
  assert_null(p.steps[0].file);
  assert_int_equal(p.steps[1].kind, Z3_STEP_ASM);
  assert_string_equal(p.steps[1].file, "asm/hook.asm");
  assert_int_equal(p.steps[1].line, 11);
  assert_int_equal(p.steps[2].kind, Z3_STEP_PATCH);
  /* what init writes reads back the same */
  char *text = z3_project_manifest_text(&p);
  z3_project back;
  assert_ok(parse(text, &back, &err), &err);
  assert_string_equal(back.base_sha1, p.base_sha1);
  assert_int_equal(back.step_count, 3);
  assert_string_equal(back.steps[2].file, "patches/fix.ips");
  assert_int_equal(back.expand_to, p.expand_to);
  z3_free(text);
  z3_project_release(&back);
  z3_project_release(&p);
}

Z3_TEST(manifest__names_strange_characters_and_reads_them_back) {
  (void)state;
  z3_project p;
  z3_error err;
  assert_ok(parse(good, &p, &err), &err);
  z3_free(p.name);
  p.name = z3_strdup("quote\" back\\slash \x01");
  /* The output name is also in the header comment, where TOML allows no control characters. */
  z3_free(p.output);
  p.output = z3_strdup("out\bput.sfc");
  char *text = z3_project_manifest_text(&p);
  z3_project back;
  assert_ok(parse(text, &back, &err), &err);
  assert_string_equal(back.name, p.name);
  assert_string_equal(back.output, p.output);
  z3_free(text);
  z3_project_release(&back);
  z3_project_release(&p);
}

static void expect_error(const char *from, const char *to, const char *message) {
  char *text = z3_strdup(good);
  char *at = strstr(text, from);
  assert_non_null(at);
  char *edited = z3_strfmt("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
  z3_project p;
  z3_error err;
  assert_int_equal(parse(edited, &p, &err), Z3_E_INVALID);
  if (!strstr(err.message, message)) print_error("got: %s\n", err.message);
  assert_non_null(strstr(err.message, message));
  z3_free(edited);
  z3_free(text);
}

Z3_TEST(manifest__errors_name_line_and_column) {
  (void)state;
  expect_error("name = ", "colour = 1\nname = ", "m.toml:2:1: unknown key 'colour'");
  expect_error("sha1 = \"0123", "sha1 = \"X123", "m.toml:7:1: base.sha1 must be 40 lowercase hex digits");
  expect_error("size = 1048576", "size = -4", "m.toml:8:1: base.size must be a positive integer");
  expect_error("expand_to = \"2MiB\"", "expand_to = \"3MiB\"", "m.toml:4:1: expand_to must be");
  expect_error("output = \"my-hack.sfc\"", "output = \"../x.sfc\"", "m.toml:3:1: output must be a file name");
  expect_error("assets = true", "assets = false", "m.toml:9:1: assets must be true");
  expect_error("asm = \"asm/hook.asm\"", "asm = \"a\"\npatch = \"b\"", "m.toml:11:1: step 2 must have exactly one");
  expect_error("[base]\npath = \"../base.sfc\"\n", "[base]\n", "m.toml: 'base.path' is missing");
  expect_error("name = \"my-hack\"", "name = \"unclosed", "m.toml:2:");
  expect_error("[[step]]\nassets", "[step]\nassets", "m.toml:11:1: 'step' is already a value");
}

Z3_TEST(assets__every_kind_exported_as_its_command_does_and_deterministic) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  z3_asset_set a, b;
  assert_ok(z3_assets_export(rom, &a, &err), &err);
  assert_ok(z3_assets_export(rom, &b, &err), &err);
  assert_int_equal(a.count, b.count);
  for (size_t i = 0; i < a.count; i++) {
    assert_string_equal(a.files[i].rel, b.files[i].rel);
    assert_int_equal(a.files[i].data.len, b.files[i].data.len);
    assert_memory_equal(a.files[i].data.data, b.files[i].data.data, a.files[i].data.len);
  }
  assert_non_null(z3_asset_find(&a, "dungeon/room_000.json"));
  assert_non_null(z3_asset_find(&a, "dungeon/room_127.json"));
  assert_null(z3_asset_find(&a, "dungeon/room_128.json"));
  assert_non_null(z3_asset_find(&a, "gfx/sheet_DE.png"));
  assert_non_null(z3_asset_find(&a, "palettes/ow_main.json"));
  assert_non_null(z3_asset_find(&a, "messages.txt"));
  /* a room file is what dungeon export writes */
  z3_dungeon *d = NULL;
  assert_ok(z3_dungeon_load(rom, &d, &err), &err);
  z3_buf room;
  z3_buf_init(&room);
  assert_ok(z3_export_room_text(d, 0x12, &room, &err), &err);
  const z3_asset_file *f = z3_asset_find(&a, "dungeon/room_012.json");
  assert_int_equal(f->data.len, room.len);
  assert_memory_equal(f->data.data, room.data, room.len);
  /* a palette group holds every palette, colours only */
  json_t *doc = json_loadb((const char *)z3_asset_find(&a, "palettes/ow_main.json")->data.data,
                           z3_asset_find(&a, "palettes/ow_main.json")->data.len, 0, NULL);
  assert_int_equal(json_array_size(json_object_get(doc, "palettes")), 6);
  assert_int_equal(json_array_size(json_object_get(json_array_get(json_object_get(doc, "palettes"), 0), "colors")), 35);
  assert_null(json_object_get(json_array_get(json_object_get(doc, "palettes"), 0), "snes"));
  json_decref(doc);
  z3_buf_release(&room);
  z3_dungeon_free(d);
  z3_asset_set_release(&a);
  z3_asset_set_release(&b);
  z3_rom_free(rom);
}

Z3_TEST(sources__hashes_the_project_files_in_sorted_order_and_skips_build) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *cmd = z3_strfmt("cd '%s' && mkdir -p assets/gfx asm build && printf a > z3ed-project.toml && "
                        "printf b > assets/gfx/sheet_01.png && printf c > assets/gfx/sheet_00.png && "
                        "printf d > asm/hook.asm && printf e > build/x.sfc && printf f > assets/.hidden",
                        dir);
  assert_int_equal(system(cmd), 0);
  z3_error err;
  z3_error_init(&err);
  json_t *s = z3_project_sources(dir, &err);
  assert_non_null(s);
  assert_int_equal(json_object_size(s), 4);
  const char *order[] = {"z3ed-project.toml", "assets/gfx/sheet_00.png", "assets/gfx/sheet_01.png", "asm/hook.asm"};
  size_t i = 0;
  const char *key;
  json_t *v;
  json_object_foreach(s, key, v) assert_string_equal(key, order[i++]);
  assert_string_equal(json_string_value(json_object_get(s, "z3ed-project.toml")), "86f7e437faa5a7fce15d1ddcb9eaeaea377667b8");
  json_decref(s);
  free(cmd);
  cmd = z3_strfmt("rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
  free(cmd);
  free(dir);
}

Z3_RUN(cmocka_unit_test(manifest__reads_every_key_and_the_steps_in_order),
       cmocka_unit_test(manifest__names_strange_characters_and_reads_them_back),
       cmocka_unit_test(manifest__errors_name_line_and_column),
       cmocka_unit_test(assets__every_kind_exported_as_its_command_does_and_deterministic),
       cmocka_unit_test(sources__hashes_the_project_files_in_sorted_order_and_skips_build))
