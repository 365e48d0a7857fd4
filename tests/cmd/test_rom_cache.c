/* The ROM cache of long-lived processes: borrowed while the file is the same
 * file, reloaded after any write, never lent to a command that changes it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "test.h"

static char *write_sample(const char *dir, const char *name, uint8_t poke) {
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  rom->data.data[0x40000] = poke;
  char *path = z3_strfmt("%s/%s", dir, name);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_save(rom, path, NULL, &err), &err);
  z3_rom_free(rom);
  return path;
}

/* `rom info --rom path` through the dispatcher; returns the result's sha1 (caller frees). */
static char *info_sha1(const char *path, bool *borrowed) {
  char *argv[] = {"rom", "info", "--rom", (char *)path};
  z3_cmd_ctx ctx;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_cmd_parse(&ctx, 4, argv, &err), &err);
  assert_ok(z3_cmd_run(&ctx, &err), &err);
  *borrowed = ctx.rom_borrowed;
  char *sha1 = z3_strdup(json_string_value(json_object_get(ctx.result, "sha1")));
  z3_cmd_ctx_release(&ctx);
  return sha1;
}

Z3_TEST(test_rom_cache__borrowed_until_the_file_changes) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *path = write_sample(dir, "a.sfc", 1);
  z3_error err;
  z3_error_init(&err);
  z3_cmd_rom_cache_enable(true);
  z3_rom *first, *again;
  bool borrowed;
  assert_ok(z3_cmd_rom_cache_borrow(path, &first, &borrowed, &err), &err);
  assert_true(borrowed);
  assert_ok(z3_cmd_rom_cache_borrow(path, &again, &borrowed, &err), &err);
  assert_ptr_equal(first, again);
  json_t *v = json_string("kept");
  z3_cmd_rom_memo_set(first, "k", v);
  json_decref(v);
  v = z3_cmd_rom_memo(first, "k");
  assert_string_equal(json_string_value(v), "kept");
  json_decref(v);
  /* an atomic save is a new file: reloaded into another slot while the old copy is still
   * borrowed (a command inside a command), with no memos */
  z3_free(write_sample(dir, "a.sfc", 2));
  z3_rom *fresh;
  assert_ok(z3_cmd_rom_cache_borrow(path, &fresh, &borrowed, &err), &err);
  assert_ptr_not_equal(fresh, first);
  assert_int_equal(first->data.data[0x40000], 1); /* the borrowed copy is still whole */
  assert_int_equal(fresh->data.data[0x40000], 2);
  assert_null(z3_cmd_rom_memo(fresh, "k"));
  z3_cmd_rom_cache_give_back(first);
  z3_cmd_rom_cache_give_back(first);
  z3_cmd_rom_cache_give_back(fresh);
  /* every slot in use: a private copy, not the cache's */
  z3_rom *held[4];
  for (int i = 0; i < 4; i++) {
    char name[16];
    snprintf(name, sizeof name, "h%d.sfc", i);
    char *p = write_sample(dir, name, (uint8_t)i);
    assert_ok(z3_cmd_rom_cache_borrow(p, &held[i], &borrowed, &err), &err);
    assert_true(borrowed);
    z3_free(p);
  }
  assert_ok(z3_cmd_rom_cache_borrow(path, &again, &borrowed, &err), &err);
  assert_false(borrowed);
  z3_rom_free(again);
  for (int i = 0; i < 4; i++) z3_cmd_rom_cache_give_back(held[i]);
  /* a ROM outside the cache keeps no memo */
  z3_rom *own = z3_test_sample_rom(0, Z3_MAP_LOROM);
  v = json_true();
  z3_cmd_rom_memo_set(own, "k", v);
  assert_null(z3_cmd_rom_memo(own, "k"));
  z3_rom_free(own);
  /* missing file: the usual load error */
  char *missing = z3_strfmt("%s/missing.sfc", dir);
  assert_int_not_equal(z3_cmd_rom_cache_borrow(missing, &again, &borrowed, &err), Z3_OK);
  z3_cmd_rom_cache_enable(false);
  z3_free(missing);
  z3_free(path);
  z3_free(dir);
}

Z3_TEST(test_rom_cache__commands_see_every_write) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *path = write_sample(dir, "b.sfc", 1);
  bool borrowed;
  char *cold = info_sha1(path, &borrowed); /* cache off: a private load */
  assert_false(borrowed);
  z3_cmd_rom_cache_enable(true);
  char *warm = info_sha1(path, &borrowed), *warm2 = info_sha1(path, &borrowed);
  assert_true(borrowed);
  assert_string_equal(cold, warm);
  assert_string_equal(warm, warm2); /* the memoized hash is the same hash */
  /* a write through a command that changes the ROM: it loads its own copy, and the next read sees it */
  char *set[] = {"rom", "header", "set", "--rom", path, "--title", "CACHED", "--no-backup"};
  z3_cmd_ctx ctx;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_cmd_parse(&ctx, 8, set, &err), &err);
  assert_ok(z3_cmd_run(&ctx, &err), &err);
  assert_false(ctx.rom_borrowed);
  z3_cmd_ctx_release(&ctx);
  char *after = info_sha1(path, &borrowed);
  assert_string_not_equal(after, warm);
  z3_cmd_rom_cache_enable(false);
  char *cold_after = info_sha1(path, &borrowed);
  assert_string_equal(after, cold_after);
  z3_free(cold);
  z3_free(warm);
  z3_free(warm2);
  z3_free(after);
  z3_free(cold_after);
  z3_free(path);
  z3_free(dir);
}

Z3_RUN(cmocka_unit_test(test_rom_cache__borrowed_until_the_file_changes),
       cmocka_unit_test(test_rom_cache__commands_see_every_write))
