/* zelda3/text: yaze's expanded message bank on generated ROMs
 * (message_bank_gen.h): yaze's plain setting, and Oracle of Secrets' hook. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/text.h"
#include "message_bank_gen.h"

enum { EXPANDED_SIZE = 0x200000, VANILLA_COUNT = 397 };

static const char *const texts[] = {"Welcome to the new bank.", "Second[K]", "[L], take this."};
enum { TEXTS = sizeof texts / sizeof texts[0] };

static z3_rom *sample(size_t size) { return z3_test_sample_rom(size, Z3_MAP_LOROM); }

static z3_rom *hooked(void) {
  z3_rom *rom = sample(EXPANDED_SIZE);
  gen_msgbank_hooked(rom->data.data, rom->data.len, texts, TEXTS);
  return rom;
}

static z3_rom *yaze_setting(void) {
  z3_rom *rom = sample(EXPANDED_SIZE);
  gen_msgbank_yaze(rom->data.data, texts, TEXTS);
  return rom;
}

static void load(const z3_rom *rom, z3_text_bank_mode mode, z3_text *t) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load_bank(rom, mode, t, &err), &err);
}

static char *text_of(const z3_text *t, size_t id) {
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_decode(&t->dict, t->msgs[id].data, t->msgs[id].len, true, &out, &err), &err);
  return z3_buf_take_string(&out);
}

static void assert_text(const z3_text *t, size_t id, const char *want) {
  char *s = text_of(t, id);
  assert_string_equal(s, want);
  z3_free(s);
}

static void set(z3_text *t, size_t id, const char *text) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_set(t, id, text, false, &err), &err);
}

/* Every change lies inside [from, to). */
static void assert_changes_within(const z3_rom *rom, size_t from, size_t to) {
  for (size_t i = 0; i < rom->change_count; i++) {
    const z3_change *c = &rom->changes[i];
    if (z3_change_is_noop(c)) continue;
    if (c->offset < from || c->offset + c->new_len > to)
      fail_msg("change at 0x%zX (+%zu) outside 0x%zX-0x%zX: %s", c->offset, c->new_len, from, to, c->reason);
  }
}

/* The hook makes the ROM say where the bank is: ids follow the 397 vanilla
 * messages (0x18D on, as Oracle of Secrets numbers them), the data after the
 * 0x26-byte routine, bank 2 ending with the 0x80 that leads there. */
Z3_TEST(test_text_expanded__hook_is_found_and_read) {
  (void)state;
  z3_rom *rom = hooked();
  size_t data_pc = 0;
  assert_true(z3_text_exp_hook(rom, &data_pc));
  assert_int_equal(data_pc, 0x178026);
  z3_text t;
  load(rom, Z3_TEXT_BANK_AUTO, &t);
  assert_true(t.expanded && t.linked);
  assert_int_equal(t.vanilla_count, VANILLA_COUNT);
  assert_int_equal(t.count, VANILLA_COUNT + TEXTS);
  for (size_t i = 0; i < TEXTS; i++) assert_text(&t, 0x18D + i, texts[i]);
  assert_int_equal(z3_text_offset(&t, 0x18D), 0x178026);
  assert_int_equal(z3_text_offset(&t, 0x18E), 0x178026 + t.msgs[0x18D].len + 1);
  assert_int_equal(t.exp_end, 0x180000);
  assert_int_equal(rom->data.data[t.exp_used_end - 1], 0xFF);
  z3_text_release(&t);
  /* vanilla: the 397 only, the second 0x80 still accepted */
  load(rom, Z3_TEXT_BANK_VANILLA, &t);
  assert_false(t.expanded);
  assert_true(t.linked);
  assert_int_equal(t.count, VANILLA_COUNT);
  z3_text_release(&t);
  z3_rom_free(rom);
}

/* A second 0x80 without the hook is still an error: nothing would read on. */
Z3_TEST(test_text_expanded__second_switch_needs_the_hook) {
  (void)state;
  z3_rom *rom = hooked();
  rom->data.data[Z3_TEXT_EXP_HOOK_PC] = 0xA9; /* the game's LDA #$DF40 back */
  z3_text t;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_text_load(rom, &t, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "second bank switch"));
  assert_non_null(strstr(err.hint, "0x75436"));
  z3_rom_free(rom);
}

/* yaze's setting leaves no trace: auto reads only the vanilla banks; asked
 * for, the bank is read from 0x178000. */
Z3_TEST(test_text_expanded__yaze_setting_only_when_asked) {
  (void)state;
  z3_rom *rom = yaze_setting();
  size_t data_pc;
  assert_false(z3_text_exp_hook(rom, &data_pc));
  z3_text t;
  load(rom, Z3_TEXT_BANK_AUTO, &t);
  assert_false(t.expanded);
  assert_int_equal(t.count, VANILLA_COUNT);
  z3_text_release(&t);
  load(rom, Z3_TEXT_BANK_EXPANDED, &t);
  assert_true(t.expanded && !t.linked);
  assert_int_equal(t.exp_start, Z3_TEXT_EXP_PC);
  assert_int_equal(t.count, VANILLA_COUNT + TEXTS);
  for (size_t i = 0; i < TEXTS; i++) assert_text(&t, VANILLA_COUNT + i, texts[i]);
  z3_text_release(&t);
  z3_rom_free(rom);
}

/* Edit, save, read again: the edited message changed, the others and the
 * vanilla banks did not, the hook, bank 2's 0x80 and the final 0xFF are kept,
 * and only the expanded bank was written. */
Z3_TEST(test_text_expanded__edit_save_reload) {
  (void)state;
  for (int hook = 0; hook < 2; hook++) {
    z3_rom *rom = hook ? hooked() : yaze_setting();
    z3_text_bank_mode mode = hook ? Z3_TEXT_BANK_AUTO : Z3_TEXT_BANK_EXPANDED;
    uint8_t *before = z3_malloc(rom->data.len);
    memcpy(before, rom->data.data, rom->data.len);
    z3_text t;
    load(rom, mode, &t);
    size_t bank2_end = t.used_end[1] - 1, start = t.exp_start;
    z3_error err;
    z3_error_init(&err);
    assert_ok(z3_text_save(&t, rom, &err), &err);
    assert_int_equal(rom->change_count, 0); /* nothing differs: nothing written */
    const char *longer = "Welcome to the new bank, a much longer greeting now.[K]";
    set(&t, VANILLA_COUNT, longer);
    assert_ok(z3_text_save(&t, rom, &err), &err);
    assert_true(rom->change_count > 0);
    assert_changes_within(rom, start, t.exp_end);
    z3_text_release(&t);
    load(rom, mode, &t);
    assert_int_equal(t.count, VANILLA_COUNT + TEXTS);
    assert_text(&t, VANILLA_COUNT, longer);
    for (size_t i = 1; i < TEXTS; i++) assert_text(&t, VANILLA_COUNT + i, texts[i]);
    assert_int_equal(rom->data.data[t.exp_used_end - 1], 0xFF);
    assert_int_equal(rom->data.data[bank2_end], hook ? 0x80 : 0xFF);
    assert_memory_equal(rom->data.data, before, start); /* hook, routine, vanilla text untouched */
    assert_memory_equal(rom->data.data + t.exp_end, before + t.exp_end, rom->data.len - t.exp_end);
    /* shorter again: the bytes freed become 0xFF */
    set(&t, VANILLA_COUNT, "Hi.");
    assert_ok(z3_text_save(&t, rom, &err), &err);
    size_t used = t.exp_used_end;
    z3_text_release(&t);
    load(rom, mode, &t);
    assert_text(&t, VANILLA_COUNT, "Hi.");
    for (size_t k = t.exp_used_end; k < used; k++) assert_int_equal(rom->data.data[k], 0xFF);
    z3_text_release(&t);
    z3_free(before);
    z3_rom_free(rom);
  }
}

/* A vanilla message edited on a hooked ROM: bank 2 still ends with 0x80
 * (0xFF there would cut the game's scan off before the expanded bank). */
Z3_TEST(test_text_expanded__vanilla_edit_keeps_the_link) {
  (void)state;
  z3_rom *rom = hooked();
  z3_text t;
  load(rom, Z3_TEXT_BANK_AUTO, &t);
  set(&t, VANILLA_COUNT - 1, "The last vanilla message, grown a little longer than before.");
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_save(&t, rom, &err), &err);
  assert_changes_within(rom, Z3_TEXT_DICT_PTR_PC, Z3_TEXT_BANK2_END_PC);
  z3_text_release(&t);
  load(rom, Z3_TEXT_BANK_AUTO, &t);
  assert_true(t.linked && t.expanded);
  assert_int_equal(rom->data.data[t.used_end[1] - 1], 0x80);
  assert_int_equal(t.count, VANILLA_COUNT + TEXTS);
  assert_text(&t, VANILLA_COUNT + 2, texts[2]);
  z3_text_release(&t);
  z3_rom_free(rom);
}

/* A ROM without the bank never has 0x178000 on touched by a message save. */
Z3_TEST(test_text_expanded__vanilla_rom_save_stays_out) {
  (void)state;
  z3_rom *rom = sample(EXPANDED_SIZE);
  z3_text t;
  load(rom, Z3_TEXT_BANK_AUTO, &t);
  assert_false(t.expanded);
  set(&t, 1, "A new text for message one, and a little longer.");
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_save(&t, rom, &err), &err);
  assert_true(rom->change_count > 0);
  assert_changes_within(rom, 0, Z3_TEXT_EXP_PC);
  z3_text_release(&t);
  z3_rom_free(rom);
}

static void assert_save_refused(z3_rom *rom, z3_text *t, const char *what) {
  z3_error err;
  z3_error_init(&err);
  size_t changes = rom->change_count;
  assert_int_equal(z3_text_save(t, rom, &err), Z3_E_INVALID);
  if (!strstr(err.message, what)) fail_msg("'%s' not in: %s", what, err.message);
  assert_int_equal(rom->change_count, changes);
}

/* Too long for the bank, or growing over a byte that is not free: refused,
 * naming the bytes and the offset, with nothing written (not even the
 * vanilla edit made with it). */
Z3_TEST(test_text_expanded__overflow_is_refused_untouched) {
  (void)state;
  z3_rom *rom = hooked();
  z3_text t;
  load(rom, Z3_TEXT_BANK_AUTO, &t);
  set(&t, 1, "Changed too.");
  char *big = z3_malloc(40001);
  memset(big, 'q', 40000);
  big[40000] = '\0';
  set(&t, VANILLA_COUNT + 1, big);
  assert_save_refused(rom, &t, "bytes of the expanded bank 0x178026-0x17FFFF");
  z3_free(big);
  set(&t, VANILLA_COUNT + 1, "Second, now with more words[K]");
  rom->data.data[t.exp_used_end + 3] = 0x42; /* a hack's byte just after the text */
  assert_save_refused(rom, &t, "would grow over byte 0x42");
  z3_text_release(&t);
  z3_rom_free(rom);
}

/* Asking for the bank where it cannot be: a 1 MiB ROM, a bank never written
 * (no 0xFF), a 0x80 where a message should start. */
Z3_TEST(test_text_expanded__bad_banks_are_named) {
  (void)state;
  z3_rom *small = sample(0);
  z3_text t;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_text_load_bank(small, Z3_TEXT_BANK_EXPANDED, &t, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "0x178000-0x17FFFF lies past the end of this 1024 KiB ROM"));
  z3_rom_free(small);

  z3_rom *rom = sample(EXPANDED_SIZE);
  memset(rom->data.data + Z3_TEXT_EXP_PC, 0x00, Z3_TEXT_EXP_END_PC - Z3_TEXT_EXP_PC);
  z3_error_init(&err);
  assert_int_equal(z3_text_load_bank(rom, Z3_TEXT_BANK_EXPANDED, &t, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "runs past the end"));
  memset(rom->data.data + Z3_TEXT_EXP_PC, 0x00, Z3_TEXT_EXP_END_PC - Z3_TEXT_EXP_PC - 1);
  rom->data.data[Z3_TEXT_EXP_PC + 4] = 0x7F;
  rom->data.data[Z3_TEXT_EXP_PC + 5] = 0x80;
  z3_error_init(&err);
  assert_int_equal(z3_text_load_bank(rom, Z3_TEXT_BANK_EXPANDED, &t, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "bank switch (0x80) at 0x178005 where message 0x18E should start"));
  assert_int_equal(err.offset, 0x178005);
  /* an empty bank is just its 0xFF */
  rom->data.data[Z3_TEXT_EXP_PC] = 0xFF;
  load(rom, Z3_TEXT_BANK_EXPANDED, &t);
  assert_int_equal(t.count, VANILLA_COUNT);
  assert_int_equal(t.exp_used_end, Z3_TEXT_EXP_PC + 1);
  z3_text_release(&t);
  z3_rom_free(rom);
}

Z3_RUN(cmocka_unit_test(test_text_expanded__hook_is_found_and_read),
       cmocka_unit_test(test_text_expanded__second_switch_needs_the_hook),
       cmocka_unit_test(test_text_expanded__yaze_setting_only_when_asked),
       cmocka_unit_test(test_text_expanded__edit_save_reload),
       cmocka_unit_test(test_text_expanded__vanilla_edit_keeps_the_link),
       cmocka_unit_test(test_text_expanded__vanilla_rom_save_stays_out),
       cmocka_unit_test(test_text_expanded__overflow_is_refused_untouched),
       cmocka_unit_test(test_text_expanded__bad_banks_are_named))
