/* zelda3/merge: messages merged as messages on a ROM with yaze's expanded
 * bank behind Oracle of Secrets' hook (message_bank_gen.h): one side
 * lengthens a vanilla message (every later one moves), the other edits an
 * expanded one; the merged text holds both, and conflicts name the message. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/merge.h"
#include "zelda3/text.h"
#include "message_bank_gen.h"

enum { EXPANDED_SIZE = 0x200000 };

static const char *const texts[] = {"Welcome to the new bank.", "Second[K]", "[L], take this."};

static z3_rom *hooked(void) {
  z3_rom *rom = z3_test_sample_rom(EXPANDED_SIZE, Z3_MAP_LOROM);
  gen_msgbank_hooked(rom->data.data, rom->data.len, texts, sizeof texts / sizeof texts[0]);
  return rom;
}

/* A copy of base with message id set to text, saved through the text model. */
static z3_rom *edited(const z3_rom *base, size_t id, const char *text) {
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  assert_ok(z3_rom_from_memory(&rom, base->data.data, base->data.len, "side", &err), &err);
  z3_text t;
  assert_ok(z3_text_load(rom, &t, &err), &err);
  assert_ok(z3_text_set(&t, id, text, false, &err), &err);
  assert_ok(z3_text_save(&t, rom, &err), &err);
  z3_text_release(&t);
  return rom;
}

static bool says(const z3_text *t, size_t id, const char *want) {
  z3_buf out;
  z3_buf_init(&out);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_decode(&t->dict, t->msgs[id].data, t->msgs[id].len, true, &out, &err), &err);
  bool same = strcmp((const char *)out.data, want) == 0;
  if (!same) print_error("message 0x%03zX: '%s', expected '%s'\n", id, (const char *)out.data, want);
  z3_buf_release(&out);
  return same;
}

static z3_status merge(const z3_rom *base, const z3_rom *ours, const z3_rom *theirs, const char *prefer, z3_buf *out,
                       z3_merge_result *res) {
  z3_merge_opts opts = {0};
  z3_error err;
  z3_error_init(&err);
  if (prefer) assert_ok(z3_merge_parse_prefer(prefer, &opts, &err), &err);
  return z3_merge(base, ours, theirs, &opts, out, res, &err);
}

Z3_TEST(test_merge_text__vanilla_and_expanded_edits_both_land) {
  (void)state;
  z3_rom *base = hooked();
  z3_error e;
  z3_error_init(&e);
  z3_text t;
  assert_ok(z3_text_load(base, &t, &e), &e);
  size_t first_expanded = t.vanilla_count, count = t.count;
  assert_true(t.expanded);
  z3_text_release(&t);
  z3_rom *ours = edited(base, 2, "A much longer message than before, moving every later one along");
  z3_rom *theirs = edited(base, first_expanded + 1, "Theirs, in the new bank");
  z3_buf out;
  z3_buf_init(&out);
  z3_merge_result res;
  assert_int_equal(merge(base, ours, theirs, NULL, &out, &res), Z3_OK);
  assert_int_equal(res.conflicts, 0);
  assert_int_equal(res.messages_from[0], 1);
  assert_int_equal(res.messages_from[1], 1);
  z3_rom *m = NULL;
  assert_ok(z3_rom_from_memory(&m, out.data, out.len, "merged", &e), &e);
  assert_ok(z3_text_load(m, &t, &e), &e);
  assert_int_equal(t.count, count);
  assert_true(t.expanded && t.linked); /* the hook's way on survives */
  assert_true(says(&t, 2, "A much longer message than before, moving every later one along"));
  assert_true(says(&t, first_expanded + 1, "Theirs, in the new bank"));
  assert_true(says(&t, first_expanded, texts[0]));
  z3_text_release(&t);
  json_decref(res.report);
  z3_rom_free(m);
  z3_buf_release(&out);
  z3_rom_free(ours);
  z3_rom_free(theirs);
  z3_rom_free(base);
}

Z3_TEST(test_merge_text__one_expanded_message_both_changed_is_a_conflict) {
  (void)state;
  z3_rom *base = hooked();
  z3_error e;
  z3_error_init(&e);
  z3_text t;
  assert_ok(z3_text_load(base, &t, &e), &e);
  size_t id = t.vanilla_count + 2;
  z3_text_release(&t);
  z3_rom *ours = edited(base, id, "Ours"), *theirs = edited(base, id, "Theirs");
  z3_buf out;
  z3_buf_init(&out);
  z3_merge_result res;
  assert_int_equal(merge(base, ours, theirs, NULL, &out, &res), Z3_OK);
  assert_int_equal(res.unresolved, 1);
  json_t *c = json_array_get(json_object_get(res.report, "conflicts"), 0);
  char want[32];
  snprintf(want, sizeof want, "message 0x%03zX", id);
  assert_string_equal(json_string_value(json_object_get(c, "what")), want);
  json_decref(res.report);
  assert_int_equal(merge(base, ours, theirs, "messages=theirs", &out, &res), Z3_OK);
  z3_rom *m = NULL;
  assert_ok(z3_rom_from_memory(&m, out.data, out.len, "merged", &e), &e);
  assert_ok(z3_text_load(m, &t, &e), &e);
  assert_true(says(&t, id, "Theirs"));
  z3_text_release(&t);
  json_decref(res.report);
  z3_rom_free(m);
  z3_buf_release(&out);
  z3_rom_free(ours);
  z3_rom_free(theirs);
  z3_rom_free(base);
}

Z3_RUN(cmocka_unit_test(test_merge_text__vanilla_and_expanded_edits_both_land),
       cmocka_unit_test(test_merge_text__one_expanded_message_both_changed_is_a_conflict))
