/* zelda3/text: the message codec, the message table on the sample ROM, and
 * (with Z3ED_TEST_ROM) on the real game. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/sample.h"
#include "zelda3/text.h"

/* Encodes with the game's dictionary; returns the byte count. */
static size_t encode(const char *text, uint8_t *out, size_t cap, z3_status want, z3_error *err) {
  z3_text_dict dict;
  z3_text_dict_vanilla(&dict);
  z3_buf b;
  z3_buf_init(&b);
  z3_error_init(err);
  assert_int_equal(z3_text_encode(&dict, text, true, &b, err), want);
  size_t n = b.len;
  if (want == Z3_OK) {
    assert_true(n <= cap);
    memcpy(out, b.data, n);
  }
  z3_buf_release(&b);
  return n;
}

static bool only_noop_changes(const z3_rom *rom) {
  for (size_t i = 0; i < rom->change_count; i++)
    if (!z3_change_is_noop(&rom->changes[i])) return false;
  return true;
}

/* Decoding either form and encoding again gives the stored bytes. */
static void assert_round_trips(const z3_text *t, size_t id) {
  const z3_message *m = &t->msgs[id];
  for (int expand = 0; expand < 2; expand++) {
    z3_buf text, enc;
    z3_buf_init(&text);
    z3_buf_init(&enc);
    z3_error err;
    z3_error_init(&err);
    assert_ok(z3_text_decode(&t->dict, m->data, m->len, expand, &text, &err), &err);
    assert_ok(z3_text_encode(&t->dict, (const char *)text.data, expand, &enc, &err), &err);
    if (enc.len != m->len || (m->len && memcmp(enc.data, m->data, m->len)))
      fail_msg("message 0x%03zX (%s) does not re-encode: %s", id, expand ? "expanded" : "raw",
               (const char *)text.data);
    z3_buf_release(&text);
    z3_buf_release(&enc);
  }
}

/* Byte values from the world reference tables §5.2-§5.4. */
Z3_TEST(test_text_encode__characters_commands_and_dictionary) {
  (void)state;
  uint8_t b[64];
  z3_error err;
  assert_int_equal(encode("A", b, sizeof b, Z3_OK, &err), 1);
  assert_int_equal(b[0], 0x00);
  assert_int_equal(encode("z9 ", b, sizeof b, Z3_OK, &err), 3);
  assert_memory_equal(b, ((uint8_t[]){0x33, 0x3D, 0x59}), 3);
  /* "the" is entry 0x50 (byte 0xD8); "there" = "the" + "re" (0xCE), longest match first */
  assert_int_equal(encode("the", b, sizeof b, Z3_OK, &err), 1);
  assert_int_equal(b[0], 0xD8);
  assert_int_equal(encode("there", b, sizeof b, Z3_OK, &err), 2);
  assert_memory_equal(b, ((uint8_t[]){0xD8, 0xCE}), 2);
  /* "and " (0x8C) wins over "and" (0x90) when a space follows */
  assert_int_equal(encode("and and", b, sizeof b, Z3_OK, &err), 2);
  assert_memory_equal(b, ((uint8_t[]){0x8C, 0x90}), 2);
  assert_int_equal(encode("    ", b, sizeof b, Z3_OK, &err), 1);
  assert_int_equal(b[0], 0x88);
  /* commands and their argument bytes; the argument 0x1A ('a') never joins "an" */
  assert_int_equal(encode("[W:02][C:1A]n[K]", b, sizeof b, Z3_OK, &err), 6);
  assert_memory_equal(b, ((uint8_t[]){0x6B, 0x02, 0x77, 0x1A, 0x27, 0x7E}), 6);
  /* symbols, the ellipsis both ways, explicit dictionary and plain bytes, any case */
  assert_int_equal(encode("[UP][a][...]…[d:50][BYTE:5f]", b, sizeof b, Z3_OK, &err), 6);
  assert_memory_equal(b, ((uint8_t[]){0x4D, 0x5B, 0x43, 0x43, 0xD8, 0x5F}), 6);
  /* a token splits a word: no entry matches across [D:xx] */
  assert_int_equal(encode("th[D:00]e", b, sizeof b, Z3_OK, &err), 4);
  assert_memory_equal(b, ((uint8_t[]){0x2D, 0x21, 0x88, 0x1E}), 4);
}

Z3_TEST(test_text_encode__errors_name_what_and_where) {
  (void)state;
  uint8_t b[8];
  z3_error err;
  encode("Caf\xC3\xA9!", b, sizeof b, Z3_E_INVALID, &err);
  assert_non_null(strstr(err.message, "'\xC3\xA9' (U+00E9) at offset 3"));
  assert_true(strlen(err.hint) > 0);
  encode("one\ntwo", b, sizeof b, Z3_E_INVALID, &err);
  assert_non_null(strstr(err.message, "newline"));
  encode("a[bb]", b, sizeof b, Z3_E_INVALID, &err);
  assert_non_null(strstr(err.message, "unknown token [bb] at offset 1"));
  encode("x[W:02", b, sizeof b, Z3_E_INVALID, &err);
  assert_non_null(strstr(err.message, "offset 1"));
  encode("[K:01]", b, sizeof b, Z3_E_INVALID, &err);
  assert_non_null(strstr(err.message, "takes no argument"));
  encode("[W]", b, sizeof b, Z3_E_INVALID, &err);
  assert_non_null(strstr(err.message, "needs an argument"));
  encode("[W:123]", b, sizeof b, Z3_E_INVALID, &err);
  encode("[D:61]", b, sizeof b, Z3_E_INVALID, &err); /* 97 entries: 00-60 */
  assert_non_null(strstr(err.message, "00-60"));
  encode("[BYTE:7F]", b, sizeof b, Z3_E_INVALID, &err); /* would end the message */
  encode("]", b, sizeof b, Z3_E_INVALID, &err);
}

/* Characters stored without the dictionary: the raw form keeps them so, the
 * readable form compresses them. */
Z3_TEST(test_text_raw_form__reproduces_uncompressed_bytes) {
  (void)state;
  z3_text_dict dict;
  z3_text_dict_vanilla(&dict);
  static const uint8_t plain[] = {0x2D, 0x21, 0x1E, 0xD8}; /* "the" spelled out, then entry "the" */
  z3_buf text, enc;
  z3_buf_init(&text);
  z3_buf_init(&enc);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_decode(&dict, plain, sizeof plain, false, &text, &err), &err);
  assert_string_equal((const char *)text.data, "the[D:50]");
  assert_ok(z3_text_encode(&dict, (const char *)text.data, false, &enc, &err), &err);
  assert_int_equal(enc.len, sizeof plain);
  assert_memory_equal(enc.data, plain, sizeof plain);
  assert_ok(z3_text_decode(&dict, plain, sizeof plain, true, &text, &err), &err);
  assert_string_equal((const char *)text.data, "thethe");
  assert_ok(z3_text_encode(&dict, (const char *)text.data, true, &enc, &err), &err);
  assert_int_equal(enc.len, 2); /* 0xD8 0xD8 */
  z3_buf_release(&text);
  z3_buf_release(&enc);
}

Z3_TEST(test_text_decode__bad_bytes_are_errors) {
  (void)state;
  z3_text_dict dict;
  z3_text_dict_vanilla(&dict);
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_text_decode(&dict, (const uint8_t[]){0x00, 0x6B}, 2, true, &out, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "[W] at byte 1"));
  z3_error_init(&err);
  assert_int_equal(z3_text_decode(&dict, (const uint8_t[]){0x00, 0x7F}, 2, true, &out, &err), Z3_E_INVALID);
  assert_int_equal(err.offset, 1);
  z3_error_init(&err);
  /* an argument byte is never a terminator: [W:7F] is fine */
  assert_ok(z3_text_decode(&dict, (const uint8_t[]){0x6B, 0x7F, 0xE8}, 3, true, &out, &err), &err);
  assert_string_equal((const char *)out.data, "[W:7F]You");
  z3_buf_release(&out);
}

/* The sample follows §5.1 / §7 item 9: 397 messages, 0x167 of them in bank 1. */
/* Which commands take an argument byte, against the game's own table
 * (usdasm bank_0E TextCommandLengths at $0E:D3D1, bytes 0x66-0x7F, read by
 * CreateMessagePointers; snesrev kText_CommandLengths_US): length 2 for
 * 0x6B-0x6E and 0x77-0x7A, 1 for every other command byte. Decoding a
 * command followed by 0x00 shows whether the 0x00 became its argument. */
Z3_TEST(test_text_decode__argument_bytes_match_the_game) {
  (void)state;
  static const uint8_t game_lengths[26] = {1, 1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1,
                                           1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1, 1};
  z3_text_dict dict;
  z3_text_dict_vanilla(&dict);
  for (unsigned b = 0x67; b <= 0x7E; b++) {
    uint8_t bytes[2] = {(uint8_t)b, 0x00};
    z3_buf out;
    z3_buf_init(&out);
    z3_error err;
    z3_error_init(&err);
    assert_ok(z3_text_decode(&dict, bytes, 2, false, &out, &err), &err);
    const char *text = (const char *)out.data;
    bool took_argument = text[out.len - 1] != 'A'; /* 0x00 alone decodes as "A" */
    if (took_argument != (game_lengths[b - 0x66] == 2)) fail_msg("byte 0x%02X decodes as %s", b, text);
    z3_buf_release(&out);
  }
}

Z3_TEST(test_text_sample__layout_and_round_trip) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_text t;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load(rom, &t, &err), &err);
  assert_int_equal(t.count, 397);
  assert_int_equal(t.split, 0x167);
  assert_true(t.has_switch);
  assert_int_equal(rom->data.data[t.used_end[0] - 1], 0x80);
  assert_int_equal(rom->data.data[t.used_end[1] - 1], 0xFF);
  assert_int_equal(z3_text_offset(&t, 0x167), Z3_TEXT_BANK2_PC);
  bool uses_dictionary = false, uses_commands = false;
  for (size_t i = 0; i < t.count; i++) {
    assert_round_trips(&t, i);
    for (size_t k = 0; k < t.msgs[i].len; k++) {
      uses_dictionary |= t.msgs[i].data[k] >= 0x88 && t.msgs[i].data[k] <= 0xE8;
      uses_commands |= t.msgs[i].data[k] == 0x6B; /* [W:xx] */
    }
  }
  assert_true(uses_dictionary);
  assert_true(uses_commands);
  z3_text_release(&t);
  z3_rom_free(rom);
}

Z3_TEST(test_text_save__unchanged_model_is_byte_identical) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_text t;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load(rom, &t, &err), &err);
  assert_ok(z3_text_save(&t, rom, &err), &err);
  assert_true(only_noop_changes(rom));
  z3_text_release(&t);
  z3_rom_free(rom);
}

static bool outside_text(size_t i) {
  return !(i >= Z3_TEXT_BANK1_PC && i < Z3_TEXT_BANK1_END_PC) &&
         !(i >= Z3_TEXT_BANK2_PC && i < Z3_TEXT_BANK2_END_PC);
}

Z3_TEST(test_text_set__changes_only_the_text_and_reloads) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  uint8_t *before = malloc(rom->data.len);
  memcpy(before, rom->data.data, rom->data.len);
  z3_text t, again;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load(rom, &t, &err), &err);
  const char *longer = "[W:02]A much longer text than before, with [L] and [A][2]on two lines.[K]";
  assert_ok(z3_text_set(&t, 3, longer, false, &err), &err);
  assert_ok(z3_text_set(&t, 0x170, "Short.", false, &err), &err);
  assert_ok(z3_text_save(&t, rom, &err), &err);
  for (size_t i = 0; i < rom->data.len; i++)
    if (outside_text(i) && rom->data.data[i] != before[i]) fail_msg("byte 0x%zX changed", i);
  bool described = false;
  for (size_t i = 0; i < rom->change_count; i++)
    described |= strstr(rom->changes[i].reason, "message 0x003 text changed") != NULL;
  assert_true(described);
  assert_ok(z3_text_load(rom, &again, &err), &err);
  assert_int_equal(again.count, t.count);
  for (size_t i = 0; i < t.count; i++) {
    assert_int_equal(again.msgs[i].len, t.msgs[i].len);
    assert_memory_equal(again.msgs[i].data, t.msgs[i].data, t.msgs[i].len);
  }
  z3_buf out;
  z3_buf_init(&out);
  assert_ok(z3_text_decode(&again.dict, again.msgs[3].data, again.msgs[3].len, true, &out, &err), &err);
  assert_string_equal((const char *)out.data, longer);
  z3_buf_release(&out);
  z3_text_release(&again);
  z3_text_release(&t);
  free(before);
  z3_rom_free(rom);
}

/* Shrinking leaves freed bytes as 0xFF, not the old text. */
Z3_TEST(test_text_set__freed_space_becomes_ff) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_text t;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load(rom, &t, &err), &err);
  size_t old_end = t.used_end[1];
  assert_ok(z3_text_set(&t, 0x168, "", false, &err), &err);
  assert_ok(z3_text_save(&t, rom, &err), &err);
  size_t freed = t.msgs[0x168].old_len;
  for (size_t i = old_end - freed; i < old_end; i++) assert_int_equal(rom->data.data[i], 0xFF);
  assert_int_equal(rom->data.data[old_end - freed - 1], 0xFF); /* the new final byte */
  z3_text_release(&t);
  z3_rom_free(rom);
}

Z3_TEST(test_text_set__overflowing_bank_moves_the_split) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_text t, again;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load(rom, &t, &err), &err);
  char *big = malloc(25001);
  memset(big, 'q', 25000); /* 'q' is in no dictionary entry: 25000 bytes */
  big[25000] = '\0';
  assert_ok(z3_text_set(&t, 0x100, big, false, &err), &err);
  assert_ok(z3_text_save(&t, rom, &err), &err);
  z3_rom *saved;
  assert_ok(z3_rom_from_memory(&saved, rom->data.data, rom->data.len, "saved", &err), &err);
  assert_ok(z3_text_load(saved, &again, &err), &err);
  z3_rom_free(saved);
  assert_true(again.split < 0x167 && again.split > 0x100);
  assert_int_equal(again.msgs[0x100].len, 25000);
  assert_int_equal(again.count, 397);
  z3_text_release(&again);
  z3_text_release(&t);
  free(big);
  z3_rom_free(rom);
}

Z3_TEST(test_text_set__too_much_text_is_refused_untouched) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_text t;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load(rom, &t, &err), &err);
  size_t need = z3_text_bytes_needed(&t) - t.msgs[5].len;
  size_t n = z3_text_capacity() - need + 10; /* 10 bytes too many */
  char *big = malloc(n + 1);
  memset(big, 'q', n);
  big[n] = '\0';
  assert_ok(z3_text_set(&t, 5, big, false, &err), &err);
  assert_int_equal(z3_text_save(&t, rom, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "does not fit"));
  assert_non_null(strstr(err.message, "bytes over"));
  assert_int_equal(rom->change_count, 0);
  z3_error_init(&err);
  assert_int_equal(z3_text_set(&t, 397, "x", false, &err), Z3_E_NOT_FOUND);
  z3_text_release(&t);
  free(big);
  z3_rom_free(rom);
}

/* Bytes after the text that are not 0xFF belong to someone else. */
Z3_TEST(test_text_set__never_grows_over_used_bytes) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_text t;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load(rom, &t, &err), &err);
  size_t end = t.used_end[1];
  rom->data.data[end + 5] = 0x42; /* e.g. a graphics sheet moved into the free space */
  assert_ok(z3_text_set(&t, 0x170, "A text some twenty bytes longer than before.", false, &err), &err);
  assert_int_equal(z3_text_save(&t, rom, &err), Z3_E_INVALID);
  assert_int_equal(err.offset, end + 5);
  assert_int_equal(rom->change_count, 0);
  z3_error_init(&err);
  assert_ok(z3_text_set(&t, 0x170, "Tiny.", false, &err), &err); /* shorter: fine */
  assert_ok(z3_text_save(&t, rom, &err), &err);
  assert_int_equal(rom->data.data[end + 5], 0x42);
  z3_text_release(&t);
  z3_rom_free(rom);
}

Z3_TEST(test_text_load__broken_streams_are_named) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_text t;
  z3_error err;
  z3_error_init(&err);
  /* no end anywhere in bank 1 */
  memset(rom->data.data + Z3_TEXT_BANK1_PC, 0x00, Z3_TEXT_BANK1_END_PC - Z3_TEXT_BANK1_PC);
  assert_int_equal(z3_text_load(rom, &t, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "runs past the end of its text bank"));
  /* a bank switch in the middle of message 0 */
  rom->data.data[Z3_TEXT_BANK1_PC + 3] = 0x80;
  z3_error_init(&err);
  assert_int_equal(z3_text_load(rom, &t, &err), Z3_E_INVALID);
  assert_int_equal(err.offset, Z3_TEXT_BANK1_PC + 3);
  /* a dictionary pointer out of order */
  z3_rom_free(rom);
  rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  rom->data.data[Z3_TEXT_DICT_PTR_PC + 10] = 0x00;
  z3_error_init(&err);
  assert_int_equal(z3_text_load(rom, &t, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "dictionary pointer 5"));
  z3_rom_free(rom);
}

/* The real game: every message re-encodes to its own bytes with the longest-
 * match rule, and an unchanged model writes nothing. */
Z3_TEST(test_text_real__every_message_reencodes) {
  (void)state;
  const char *path = getenv("Z3ED_TEST_ROM");
  if (!path || !*path) skip();
  z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_load(&rom, path, &err), &err);
  z3_text t;
  assert_ok(z3_text_load(rom, &t, &err), &err);
  assert_int_equal(t.count, 397);
  assert_int_equal(t.split, 0x167);
  assert_int_equal(t.used_end[0] - 1, 0xE7F29); /* §5.1: the 0x80 */
  assert_int_equal(t.used_end[1] - 1, 0x76E21); /* §5.1: the final 0xFF */
  z3_text_dict vanilla;
  z3_text_dict_vanilla(&vanilla);
  assert_memory_equal(t.dict.start, vanilla.start, sizeof vanilla.start);
  assert_memory_equal(t.dict.data, vanilla.data, vanilla.start[Z3_TEXT_DICT_COUNT]);
  for (size_t i = 0; i < t.count; i++) assert_round_trips(&t, i);
  assert_ok(z3_text_save(&t, rom, &err), &err);
  assert_true(only_noop_changes(rom));
  z3_text_release(&t);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_text_encode__characters_commands_and_dictionary),
       cmocka_unit_test(test_text_encode__errors_name_what_and_where),
       cmocka_unit_test(test_text_raw_form__reproduces_uncompressed_bytes),
       cmocka_unit_test(test_text_decode__bad_bytes_are_errors),
       cmocka_unit_test(test_text_decode__argument_bytes_match_the_game),
       cmocka_unit_test(test_text_sample__layout_and_round_trip),
       cmocka_unit_test(test_text_save__unchanged_model_is_byte_identical),
       cmocka_unit_test(test_text_set__changes_only_the_text_and_reloads),
       cmocka_unit_test(test_text_set__freed_space_becomes_ff),
       cmocka_unit_test(test_text_set__overflowing_bank_moves_the_split),
       cmocka_unit_test(test_text_set__too_much_text_is_refused_untouched),
       cmocka_unit_test(test_text_set__never_grows_over_used_bytes),
       cmocka_unit_test(test_text_load__broken_streams_are_named),
       cmocka_unit_test(test_text_real__every_message_reencodes))
