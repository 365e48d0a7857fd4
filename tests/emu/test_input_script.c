/* emu/input_script: joypad scripts parse to the events they say, errors name
 * file, line and column, and lookups follow the frames. */
#include <string.h>

#include "emu/input_script.h"
#include "test.h"

static z3_status parse(z3_input_script *s, const char *text, z3_error *err) {
  z3_error_init(err);
  return z3_input_script_parse(s, text, strlen(text), "pad.txt", err);
}

static void expect_error(const char *text, const char *message) {
  z3_input_script s;
  z3_error err;
  assert_int_equal(parse(&s, text, &err), Z3_E_INVALID);
  if (!strstr(err.message, message)) print_error("got: %s\nwanted: %s\n", err.message, message);
  assert_non_null(strstr(err.message, message));
  assert_int_equal(s.count, 0);
  assert_null(s.events);
}

Z3_TEST(test_input_script__lines_become_events) {
  (void)state;
  z3_input_script s;
  z3_error err;
  assert_ok(parse(&s, "# intro\n\n0 -\n120 start   # press\n 126\t-\n300 2:a+up,R\n300 B\n", &err), &err);
  assert_int_equal(s.count, 5);
  assert_int_equal(s.events[1].frame, 120);
  assert_int_equal(s.events[1].buttons, 0x1000);
  assert_int_equal(s.events[2].buttons, 0);
  assert_int_equal(s.events[3].port, 1);
  assert_int_equal(s.events[3].buttons, 0x0080 | 0x0800 | 0x0010);
  assert_int_equal(s.events[4].port, 0);
  assert_int_equal(s.events[4].buttons, 0x8000);
  z3_input_script_release(&s);
}

Z3_TEST(test_input_script__lookup_holds_until_changed_and_rewinds) {
  (void)state;
  z3_input_script s;
  z3_error err;
  assert_ok(parse(&s, "5 a\n8 2:start\n10 -\n", &err), &err);
  uint16_t held[Z3_INPUT_PORTS];
  z3_input_script_at(&s, 4, held);
  assert_int_equal(held[0], 0);
  z3_input_script_at(&s, 5, held);
  assert_int_equal(held[0], 0x0080);
  z3_input_script_at(&s, 9, held);
  assert_int_equal(held[0], 0x0080);
  assert_int_equal(held[1], 0x1000);
  z3_input_script_at(&s, 10, held);
  assert_int_equal(held[0], 0);
  assert_int_equal(held[1], 0x1000);
  z3_input_script_at(&s, 6, held); /* back in time: replayed from the start */
  assert_int_equal(held[0], 0x0080);
  assert_int_equal(held[1], 0);
  z3_input_script_release(&s);
}

Z3_TEST(test_input_script__errors_name_line_and_column) {
  (void)state;
  expect_error("0 a\n12 jump\n", "pad.txt:2:4: 'jump' is not a controller button");
  expect_error("start\n", "pad.txt:1:1: expected a frame number");
  expect_error("10\n", "pad.txt:1:3: expected buttons");
  expect_error("10a\n", "pad.txt:1:3: expected a blank after the frame number");
  expect_error("10 5:a\n", "pad.txt:1:4: controller port must be 1-4");
  expect_error("10 a b\n", "pad.txt:1:6: unexpected text after the buttons");
  expect_error("10 a,,b\n", "pad.txt:1:6: an empty button name");
  expect_error("10 a+\n", "pad.txt:1:5: an empty button name");
  expect_error("20 a\n10 b\n", "pad.txt:2:1: frame 10 comes after frame 20");
  expect_error("999999999999 a\n", "pad.txt:1:1: frame number too large");
  z3_input_script s;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_input_script_parse(&s, "1 a\n2 b\0\n", 8, "pad.txt", &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "pad.txt:2:4: a NUL byte"));
}

Z3_TEST(test_input_script__empty_text_holds_nothing) {
  (void)state;
  z3_input_script s;
  z3_error err;
  assert_ok(parse(&s, "", &err), &err);
  assert_int_equal(s.count, 0);
  uint16_t held[Z3_INPUT_PORTS] = {1, 1, 1, 1};
  z3_input_script_at(&s, 100, held);
  for (int i = 0; i < Z3_INPUT_PORTS; i++) assert_int_equal(held[i], 0);
  z3_input_script_release(&s);
}

Z3_RUN(cmocka_unit_test(test_input_script__lines_become_events),
       cmocka_unit_test(test_input_script__lookup_holds_until_changed_and_rewinds),
       cmocka_unit_test(test_input_script__errors_name_line_and_column),
       cmocka_unit_test(test_input_script__empty_text_holds_nothing))
