/* zelda3/text: editing the dictionary, re-encoding every message with it, and
 * what a refusal for space says. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/text.h"

static char *entry(const z3_text_dict *d, int n) {
  z3_buf b;
  z3_buf_init(&b);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_dict_entry_text(d, n, &b, &err), &err);
  return z3_buf_take_string(&b);
}

static bool only_noop_changes(const z3_rom *rom) {
  for (size_t i = 0; i < rom->change_count; i++)
    if (!z3_change_is_noop(&rom->changes[i])) return false;
  return true;
}

/* Entries after the one changed move, their pointers with them. */
Z3_TEST(set_entry_moves_the_entries_after_it) {
  (void)state;
  z3_text_dict d;
  z3_text_dict_vanilla(&d);
  z3_error err;
  z3_error_init(&err);
  size_t total = d.start[Z3_TEXT_DICT_COUNT];
  assert_ok(z3_text_dict_set_entry(&d, 0x50, "[UP]x", &err), &err); /* "the" → 2 bytes */
  assert_int_equal(d.start[Z3_TEXT_DICT_COUNT], total - 1);
  char *e = entry(&d, 0x50), *next = entry(&d, 0x51), *last = entry(&d, 0x60);
  assert_string_equal(e, "[UP]x");
  assert_string_equal(next, "thi");
  assert_string_equal(last, "You");
  free(e), free(next), free(last);
  z3_text_dict before = d;
  assert_int_equal(z3_text_dict_set_entry(&d, 3, "", &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "would be empty"));
  z3_error_init(&err);
  assert_int_equal(z3_text_dict_set_entry(&d, 3, "a[K]", &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "0x7E"));
  z3_error_init(&err);
  assert_int_equal(z3_text_dict_set_entry(&d, 3, "[D:00]", &err), Z3_E_INVALID);
  z3_error_init(&err);
  assert_int_equal(z3_text_dict_set_entry(&d, 97, "x", &err), Z3_E_NOT_FOUND);
  assert_true(z3_text_dict_equal(&d, &before)); /* refusals change nothing */
}

Z3_TEST(build_makes_the_same_dictionary_from_its_texts) {
  (void)state;
  z3_text_dict d, built;
  z3_text_dict_vanilla(&d);
  char *texts[Z3_TEXT_DICT_COUNT];
  for (int n = 0; n < Z3_TEXT_DICT_COUNT; n++) texts[n] = entry(&d, n);
  z3_error err;
  z3_error_init(&err);
  int bad = -1;
  assert_ok(z3_text_dict_build((const char *const *)texts, NULL, &built, &bad, &err), &err);
  assert_true(z3_text_dict_equal(&d, &built));
  /* an entry may stay empty where it was empty, never become so */
  z3_text_dict holey = d;
  assert_ok(z3_text_dict_set_entry(&holey, 9, "x", &err), &err);
  holey.start[10] = holey.start[9]; /* entry 9 empty, entry 10 "xast" */
  free(texts[9]);
  texts[9] = z3_strdup("");
  assert_int_equal(z3_text_dict_build((const char *const *)texts, &d, &built, &bad, &err), Z3_E_INVALID);
  assert_int_equal(bad, 9);
  z3_error_init(&err);
  char *t10 = entry(&holey, 10);
  free(texts[10]);
  texts[10] = t10;
  assert_ok(z3_text_dict_build((const char *const *)texts, &holey, &built, &bad, &err), &err);
  assert_true(z3_text_dict_equal(&holey, &built));
  free(texts[9]), free(texts[10]);
  texts[9] = entry(&d, 9), texts[10] = entry(&d, 10);
  free(texts[7]);
  texts[7] = z3_strdup("a[2]");
  z3_text_dict before = built;
  assert_int_equal(z3_text_dict_build((const char *const *)texts, NULL, &built, &bad, &err), Z3_E_INVALID);
  assert_int_equal(bad, 7);
  assert_true(z3_text_dict_equal(&before, &built));
  for (int n = 0; n < Z3_TEXT_DICT_COUNT; n++) free(texts[n]);
}

/* Written back, the dictionary reads back the same; only its own bytes change. */
Z3_TEST(write_changes_only_the_dictionary) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_text_dict d, again;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_dict_read(rom, &d, &err), &err);
  assert_int_equal(z3_text_dict_capacity(rom), 274);
  assert_ok(z3_text_dict_write(rom, &d, &err), &err);
  assert_true(only_noop_changes(rom)); /* unchanged: nothing written */
  assert_ok(z3_text_dict_set_entry(&d, 2, " ", &err), &err);
  assert_ok(z3_text_dict_write(rom, &d, &err), &err);
  for (size_t i = 0; i < rom->change_count; i++) {
    const z3_change *c = &rom->changes[i];
    bool in_pointers = c->offset >= Z3_TEXT_DICT_PTR_PC && c->offset + c->new_len <= Z3_TEXT_DICT_DATA_PC;
    bool in_data = c->offset >= Z3_TEXT_DICT_DATA_PC && c->offset + c->new_len <= Z3_TEXT_DICT_DATA_END_PC;
    assert_true(in_pointers || in_data);
  }
  assert_ok(z3_text_dict_read(rom, &again, &err), &err);
  assert_true(z3_text_dict_equal(&d, &again));
  assert_ok(z3_text_dict_set_entry(&d, 2, "     ", &err), &err); /* 274 - 1 + 4 = 277 bytes */
  assert_int_equal(z3_text_dict_write(rom, &d, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "need 277 bytes"));
  assert_non_null(strstr(err.message, "holds 274"));
  z3_rom_free(rom);
}

static char *message_text(const z3_text *t, size_t id) {
  z3_buf b;
  z3_buf_init(&b);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_decode(&t->dict, t->msgs[id].data, t->msgs[id].len, true, &b, &err), &err);
  return z3_buf_take_string(&b);
}

/* A new dictionary re-encodes every message and keeps every text; the old
 * one back gives the old bytes (the sample was encoded longest match first). */
Z3_TEST(replace_with_a_new_dictionary_keeps_every_text) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_text t, orig;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load(rom, &t, &err), &err);
  assert_ok(z3_text_load(rom, &orig, &err), &err);
  z3_text_dict d = t.dict;
  assert_ok(z3_text_dict_set_entry(&d, 0x50, "thx", &err), &err);
  size_t bad = 0, changed = 0;
  assert_ok(z3_text_replace(&t, &d, NULL, &bad, &changed, &err), &err);
  assert_true(changed > 0);
  for (size_t id = 0; id < t.count; id++) {
    char *a = message_text(&t, id), *b = message_text(&orig, id);
    assert_string_equal(a, b);
    free(a), free(b);
    for (size_t k = 0; k < t.msgs[id].len; k++) assert_int_not_equal(t.msgs[id].data[k], 0xD8);
  }
  assert_ok(z3_text_replace(&t, &orig.dict, NULL, &bad, &changed, &err), &err);
  for (size_t id = 0; id < t.count; id++) {
    assert_int_equal(t.msgs[id].len, orig.msgs[id].len);
    assert_memory_equal(t.msgs[id].data, orig.msgs[id].data, t.msgs[id].len);
  }
  z3_text_release(&t);
  z3_text_release(&orig);
  z3_rom_free(rom);
}

/* Same text, same dictionary: the stored bytes stay even when the readable
 * form would encode them otherwise; a bad text changes nothing at all. */
Z3_TEST(replace_keeps_bytes_and_is_all_or_nothing) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_text t;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load(rom, &t, &err), &err);
  assert_ok(z3_text_set(&t, 2, "the[D:50]", true, &err), &err); /* not longest-match */
  const char **texts = calloc(t.count, sizeof *texts);
  texts[2] = "thethe";
  texts[3] = "New.[K]";
  size_t bad = 0, changed = 0;
  assert_ok(z3_text_replace(&t, NULL, texts, &bad, &changed, &err), &err);
  assert_int_equal(changed, 1);
  assert_int_equal(t.msgs[2].len, 4); /* kept: 't' 'h' 'e' 0xD8 */
  char *three = message_text(&t, 3);
  assert_string_equal(three, "New.[K]");
  free(three);
  texts[2] = "Other.";
  texts[9] = "bad [Q] token";
  assert_int_equal(z3_text_replace(&t, NULL, texts, &bad, &changed, &err), Z3_E_INVALID);
  assert_int_equal(bad, 9);
  assert_int_equal(err.offset, 4);
  assert_int_equal(t.msgs[2].len, 4); /* message 2 untouched */
  free(texts);
  z3_text_release(&t);
  z3_rom_free(rom);
}

/* A refusal for space names the messages that would not fit and those that grew. */
Z3_TEST(save_refusal_names_overflowing_and_grown_messages) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_text t;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load(rom, &t, &err), &err);
  char *big = malloc(30001);
  memset(big, 'q', 30000);
  big[30000] = '\0';
  assert_ok(z3_text_set(&t, 2, big, false, &err), &err);
  assert_ok(z3_text_set(&t, 12, "[K]This one grew a little bit too, to more than it was.", false, &err), &err);
  assert_int_equal(z3_text_save(&t, rom, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "messages 0x1"));
  assert_non_null(strstr(err.message, "-0x18C ("));
  assert_non_null(strstr(err.message, "grown: 0x002 by 29959 bytes, 0x00C by"));
  assert_int_equal(rom->change_count, 0);
  char *huge = malloc(33001);
  memset(huge, 'q', 33000);
  huge[33000] = '\0';
  assert_ok(z3_text_set(&t, 2, huge, false, &err), &err);
  z3_error_init(&err);
  assert_int_equal(z3_text_save(&t, rom, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "message 0x002 alone (33001 bytes; a bank holds 32767"));
  free(big);
  free(huge);
  z3_text_release(&t);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(set_entry_moves_the_entries_after_it),
       cmocka_unit_test(build_makes_the_same_dictionary_from_its_texts),
       cmocka_unit_test(write_changes_only_the_dictionary),
       cmocka_unit_test(replace_with_a_new_dictionary_keeps_every_text),
       cmocka_unit_test(replace_keeps_bytes_and_is_all_or_nothing),
       cmocka_unit_test(save_refusal_names_overflowing_and_grown_messages))
