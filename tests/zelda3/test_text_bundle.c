/* zelda3/text_bundle: both bundle forms, exact round trips on the sample,
 * partial bundles, and errors that name the place. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "zelda3/text_bundle.h"

static z3_text load_sample(z3_rom **rom) {
  *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_text t;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load(*rom, &t, &err), &err);
  return t;
}

static z3_status read_str(const char *s, z3_text_bundle *b, z3_error *err) {
  z3_error_init(err);
  return z3_text_bundle_read((const uint8_t *)s, strlen(s), b, err);
}

static void assert_same_messages(const z3_text *a, const z3_text *b) {
  assert_int_equal(a->count, b->count);
  assert_true(z3_text_dict_equal(&a->dict, &b->dict));
  for (size_t i = 0; i < a->count; i++) {
    assert_int_equal(a->msgs[i].len, b->msgs[i].len);
    if (a->msgs[i].len) assert_memory_equal(a->msgs[i].data, b->msgs[i].data, a->msgs[i].len);
  }
}

/* Written, read and applied, either form changes no byte; writing again gives the same file. */
static void round_trip(bool json) {
  z3_rom *rom, *rom2;
  z3_text t = load_sample(&rom), orig = load_sample(&rom2);
  z3_rom_free(rom), z3_rom_free(rom2);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_set(&t, 2, "the[D:50]", true, &err), &err); /* bytes the readable form would not give */
  assert_ok(z3_text_set(&orig, 2, "the[D:50]", true, &err), &err);
  z3_buf file, again;
  z3_buf_init(&file), z3_buf_init(&again);
  assert_ok(json ? z3_text_bundle_write_json(&t, &file, &err) : z3_text_bundle_write_text(&t, &file, &err), &err);
  z3_text_bundle b;
  assert_ok(z3_text_bundle_read(file.data, file.len, &b, &err), &err);
  assert_int_equal(b.is_json, json);
  assert_true(b.has_dict);
  assert_int_equal(b.count, t.count);
  z3_bundle_applied applied;
  assert_ok(z3_text_bundle_apply(&t, &b, &applied, &err), &err);
  assert_int_equal(applied.given, 397);
  assert_int_equal(applied.changed, 0);
  assert_false(applied.dict_changed);
  assert_same_messages(&t, &orig);
  assert_ok(json ? z3_text_bundle_write_json(&t, &again, &err) : z3_text_bundle_write_text(&t, &again, &err), &err);
  assert_int_equal(again.len, file.len);
  assert_memory_equal(again.data, file.data, file.len);
  z3_text_bundle_release(&b);
  z3_buf_release(&file), z3_buf_release(&again);
  z3_text_release(&t), z3_text_release(&orig);
}

Z3_TEST(json_round_trip_changes_nothing) {
  (void)state;
  round_trip(true);
}

Z3_TEST(text_round_trip_changes_nothing) {
  (void)state;
  round_trip(false);
}

/* Export breaks lines after line tokens only: no line of the sample's bundle ends in a space. */
Z3_TEST(text_form_lines_never_end_in_a_space) {
  (void)state;
  z3_rom *rom;
  z3_text t = load_sample(&rom);
  z3_buf file;
  z3_buf_init(&file);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_bundle_write_text(&t, &file, &err), &err);
  const char *s = (const char *)file.data;
  size_t lines = 0;
  for (size_t i = 0; i < file.len; i++) {
    if (s[i] != '\n') continue;
    lines++;
    bool entry = i > 0 && s[i - 1] == '|';
    if (!entry) assert_true(i == 0 || s[i - 1] != ' ');
  }
  assert_true(lines > 397 + 97);
  assert_non_null(strstr(s, "\n## 0x001\nThe old lighthouse keeper left his lantern[2]\non the top shelf.[3]\n"));
  z3_buf_release(&file);
  z3_text_release(&t);
  z3_rom_free(rom);
}

/* Line breaks are not text; comments and CR go; where maps an offset back to line:col. */
Z3_TEST(text_reader_joins_lines_and_remembers_where) {
  (void)state;
  const char *s = "\xEF\xBB\xBF# z3ed-messages 1\r\n"
                  "# comment\n"
                  "\n"
                  "## 0x010\n"
                  "Hel\r\n"
                  "# a comment inside\n"
                  "  lo[K]\n"
                  "## 5\n";
  z3_text_bundle b;
  z3_error err;
  assert_ok(read_str(s, &b, &err), &err);
  assert_false(b.is_json);
  assert_false(b.has_dict);
  assert_int_equal(b.count, 2);
  assert_int_equal(b.msgs[0].id, 0x10);
  assert_string_equal(b.msgs[0].text.text, "Hel  lo[K]");
  assert_string_equal(b.msgs[0].id_where, "line 4");
  assert_int_equal(b.msgs[1].id, 5);
  assert_string_equal(b.msgs[1].text.text, "");
  char where[64];
  z3_bundle_where(&b.msgs[0].text, 1, where, sizeof where);
  assert_string_equal(where, "line 5:2");
  z3_bundle_where(&b.msgs[0].text, 5, where, sizeof where); /* the 'l' after two spaces */
  assert_string_equal(where, "line 7:3");
  z3_text_bundle_release(&b);
}

Z3_TEST(json_reader_names_the_path) {
  (void)state;
  static const struct {
    const char *doc, *want;
  } cases[] = {
      {"[]", "$: must be an object"},
      {"{\"format\": \"z3ed-messages\"}", "$.version: expected 1"},
      {"{\"format\": \"x\", \"version\": 1}", "$.format: expected \"z3ed-messages\""},
      {"{\"format\": \"z3ed-messages\", \"version\": 1, \"extra\": 1}", "$.extra: unknown key"},
      {"{\"format\": \"z3ed-messages\", \"version\": 1, \"dictionary\": [\"a\"]}", "$.dictionary: must be an array of the 97"},
      {"{\"format\": \"z3ed-messages\", \"version\": 1, \"messages\": {}}", "$.messages: must be an array"},
      {"{\"format\": \"z3ed-messages\", \"version\": 1, \"messages\": [{\"id\": 1}]}", "$.messages[0].text: is missing"},
      {"{\"format\": \"z3ed-messages\", \"version\": 1, \"messages\": [{\"id\": 1, \"text\": 2}]}", "$.messages[0].text: must be a string"},
      {"{\"format\": \"z3ed-messages\", \"version\": 1, \"messages\": [{\"text\": \"\"}]}", "$.messages[0].id: is missing"},
      {"{\"format\": \"z3ed-messages\", \"version\": 1, \"messages\": [{\"id\": -1, \"text\": \"\"}]}", "$.messages[0].id: must be a message id"},
      {"{\"format\": \"z3ed-messages\", \"version\": 1, \"messages\": [{\"id\": \"0x10000\", \"text\": \"\"}]}", "$.messages[0].id: 65536 is not a message id"},
      {"{\"format\": \"z3ed-messages\", \"version\": 1, \"version\": 1}", "line 1:"},
      {"{\"format\": \"z3ed-messages\", \"version\": 1, \"messages\": [{\"id\": 1, \"text\": \"a\\u0000b\"}]}", "not valid JSON"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    z3_text_bundle b;
    z3_error err;
    z3_error_init(&err);
    const char *d = cases[i].doc;
    assert_int_equal(z3_text_bundle_read_json((const uint8_t *)d, strlen(d), &b, &err), Z3_E_INVALID);
    if (!strstr(err.message, cases[i].want)) fail_msg("%s: got '%s'", d, err.message);
    assert_int_equal(b.count, 0);
  }
}

/* Applying checks ids, texts and entries before changing anything. */
Z3_TEST(apply_is_all_or_nothing_and_names_the_message) {
  (void)state;
  z3_rom *rom, *rom2;
  z3_text t = load_sample(&rom), orig = load_sample(&rom2);
  z3_rom_free(rom2);
  static const struct {
    const char *doc, *want;
  } cases[] = {
      {"# z3ed-messages 1\n## 0\nNew.[K]\n## 0x18D\nx\n", "line 4: message 0x18D does not exist"},
      {"# z3ed-messages 1\n## 0\nNew.[K]\n## 0x000\nx\n", "line 4: message 0x000 is given twice (first at line 2)"},
      {"# z3ed-messages 1\n## 0\nNew.[K]\n## 9\nab\ncd [Q]\n", "line 6:4: message 0x009: unknown token [Q]"},
      {"{\"format\": \"z3ed-messages\", \"version\": 1, \"messages\": [{\"id\": 0, \"text\": \"New\"}, "
       "{\"id\": 3, \"text\": \"\\n\"}]}", "$.messages[1].text, offset 0: message 0x003: character 0x0A (a newline) at offset 0"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    z3_text_bundle b;
    z3_error err;
    assert_ok(read_str(cases[i].doc, &b, &err), &err);
    z3_bundle_applied applied;
    assert_int_not_equal(z3_text_bundle_apply(&t, &b, &applied, &err), Z3_OK);
    if (!strstr(err.message, cases[i].want)) fail_msg("case %zu: got '%s'", i, err.message);
    assert_same_messages(&t, &orig);
    z3_text_bundle_release(&b);
  }
  z3_text_release(&t), z3_text_release(&orig);
  z3_rom_free(rom);
}

/* A bundle's dictionary re-encodes the messages it leaves out too, their text kept. */
Z3_TEST(apply_dictionary_reencodes_messages_left_out) {
  (void)state;
  z3_rom *rom;
  z3_text t = load_sample(&rom);
  z3_buf file;
  z3_buf_init(&file);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_bundle_write_text(&t, &file, &err), &err);
  char *s = z3_strfmt("%.*s", (int)file.len, (const char *)file.data);
  char *entry = strstr(s, "\n50 |the|\n"), *first = strstr(s, "\n## 0x");
  assert_non_null(entry);
  memcpy(entry, "\n50 |thx|\n", 10);
  first[1] = '\0'; /* keep the dictionary, drop every message */
  z3_text_bundle b;
  assert_ok(read_str(s, &b, &err), &err);
  assert_int_equal(b.count, 0);
  z3_bundle_applied applied;
  assert_ok(z3_text_bundle_apply(&t, &b, &applied, &err), &err);
  assert_true(applied.dict_changed);
  assert_true(applied.changed > 0);
  z3_buf text;
  z3_buf_init(&text);
  assert_ok(z3_text_decode(&t.dict, t.msgs[1].data, t.msgs[1].len, true, &text, &err), &err);
  assert_string_equal((const char *)text.data,
                      "The old lighthouse keeper left his lantern[2]on the top shelf.[3]Could you bring it to him?[K]");
  z3_buf_release(&text);
  z3_text_bundle_release(&b);
  free(s);
  z3_buf_release(&file);
  z3_text_release(&t);
  z3_rom_free(rom);
}

Z3_TEST(text_reader_names_line_and_column) {
  (void)state;
  static const struct {
    const char *doc, *want;
  } cases[] = {
      {"# z3ed-messages 2\n", "line 1:17: bundle version 2"},
      {"# z3ed-messages one\n", "line 1:1: a text bundle starts with"},
      {"# z3ed-messages 1\nhello\n", "line 2:1: text before the first"},
      {"# z3ed-messages 1\n## 0x1\n## nope\n", "line 3:4: a '##' line names"},
      {"# z3ed-messages 1\n## 0x1\na\0b\n", "line 3:2: a NUL byte"},
      {"# z3ed-messages 1\n## dictionary\n00 |a|\n", "line 2:1: the dictionary section lacks entry 0x01"},
      {"# z3ed-messages 1\n## dictionary\n00 |a|\n00 |b|\n", "line 4:1: dictionary entry 0x00 is given twice"},
      {"# z3ed-messages 1\n## dictionary\n61 |a|\n", "line 3:1: a dictionary entry's index is hex 00-60"},
      {"# z3ed-messages 1\n## dictionary\n00 a\n", "line 3:1: a dictionary line is"},
      {"# z3ed-messages 1\n## dictionary\n## dictionary\n", "a second dictionary section (the first is at line 2)"},
      {"   \n", "not a message bundle"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    z3_text_bundle b;
    z3_error err;
    z3_error_init(&err);
    const char *d = cases[i].doc;
    size_t len = strlen(d) + (strstr(cases[i].want, "NUL") ? strlen(d + strlen(d) + 1) + 1 : 0);
    assert_int_equal(z3_text_bundle_read((const uint8_t *)d, len, &b, &err), Z3_E_INVALID);
    if (!strstr(err.message, cases[i].want)) fail_msg("case %zu: got '%s'", i, err.message);
  }
}

Z3_RUN(cmocka_unit_test(json_round_trip_changes_nothing), cmocka_unit_test(text_round_trip_changes_nothing),
       cmocka_unit_test(text_form_lines_never_end_in_a_space),
       cmocka_unit_test(text_reader_joins_lines_and_remembers_where),
       cmocka_unit_test(json_reader_names_the_path),
       cmocka_unit_test(apply_is_all_or_nothing_and_names_the_message),
       cmocka_unit_test(apply_dictionary_reencodes_messages_left_out),
       cmocka_unit_test(text_reader_names_line_and_column))
