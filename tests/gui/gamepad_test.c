/*
 * gui/gamepad's mapping fed with plain input events, no device: the SNES joypad word
 * (bits 15..4: B Y Select Start Up Down Left Right A X L R, the order of the joypad
 * registers $4218/$4219) for each default button, the hat and the left stick, with the
 * sources held independently. The kernel names gamepad buttons by place
 * (BTN_SOUTH the bottom face button, ...), and the SNES pad's bottom face button is B.
 */
#include <string.h>

#include "gui/gamepad.h"
#include "test.h"

static uint16_t feed(gui_gamepad_state *s, unsigned type, unsigned code, int value) {
  struct input_event ev;
  memset(&ev, 0, sizeof ev);
  ev.type = (uint16_t)type, ev.code = (uint16_t)code, ev.value = value;
  return gui_gamepad_event(s, &ev);
}

Z3_TEST(each_default_button_sets_and_clears_its_bit) {
  (void)state;
  static const struct {
    unsigned code;
    uint16_t word;
  } cases[] = {
      {BTN_SOUTH, 0x8000}, {BTN_WEST, 0x4000},  {BTN_SELECT, 0x2000},    {BTN_START, 0x1000},
      {BTN_DPAD_UP, 0x0800}, {BTN_DPAD_DOWN, 0x0400}, {BTN_DPAD_LEFT, 0x0200}, {BTN_DPAD_RIGHT, 0x0100},
      {BTN_EAST, 0x0080},  {BTN_NORTH, 0x0040}, {BTN_TL, 0x0020},        {BTN_TR, 0x0010},
  };
  gui_gamepad_state s;
  gui_gamepad_init(&s);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    assert_int_equal(feed(&s, EV_KEY, cases[i].code, 1), cases[i].word);
    assert_int_equal(feed(&s, EV_KEY, cases[i].code, 2), cases[i].word); /* auto-repeat keeps it held */
    assert_int_equal(feed(&s, EV_KEY, cases[i].code, 0), 0);
  }
  /* chords: B + Right + Start */
  feed(&s, EV_KEY, BTN_SOUTH, 1);
  feed(&s, EV_KEY, BTN_DPAD_RIGHT, 1);
  assert_int_equal(feed(&s, EV_KEY, BTN_START, 1), 0x8000 | 0x0100 | 0x1000);
  /* unmapped keys, sync reports and relative motion change nothing */
  assert_int_equal(feed(&s, EV_KEY, BTN_THUMBL, 1), 0x9100);
  assert_int_equal(feed(&s, EV_SYN, SYN_REPORT, 0), 0x9100);
  assert_int_equal(feed(&s, EV_REL, REL_X, 5), 0x9100);
  assert_int_equal(gui_gamepad_button(KEY_A), 0);
}

Z3_TEST(the_hat_and_the_stick_drive_the_dpad) {
  (void)state;
  gui_gamepad_state s;
  gui_gamepad_init(&s);
  assert_int_equal(feed(&s, EV_ABS, ABS_HAT0X, -1), 0x0200);
  assert_int_equal(feed(&s, EV_ABS, ABS_HAT0X, 1), 0x0100);
  assert_int_equal(feed(&s, EV_ABS, ABS_HAT0Y, -1), 0x0100 | 0x0800); /* right and up: a diagonal */
  assert_int_equal(feed(&s, EV_ABS, ABS_HAT0X, 0), 0x0800);
  assert_int_equal(feed(&s, EV_ABS, ABS_HAT0Y, 1), 0x0400);
  assert_int_equal(feed(&s, EV_ABS, ABS_HAT0Y, 0), 0);
  /* the default stick range -32768..32767: past half-way from the centre counts */
  assert_int_equal(feed(&s, EV_ABS, ABS_X, -32768), 0x0200);
  assert_int_equal(feed(&s, EV_ABS, ABS_X, -8000), 0); /* a small tilt is no press */
  assert_int_equal(feed(&s, EV_ABS, ABS_X, 20000), 0x0100);
  assert_int_equal(feed(&s, EV_ABS, ABS_Y, -30000), 0x0100 | 0x0800); /* evdev's Y grows downwards */
  assert_int_equal(feed(&s, EV_ABS, ABS_Y, 32767), 0x0100 | 0x0400);
  assert_int_equal(feed(&s, EV_ABS, ABS_X, 0), 0x0400);
  assert_int_equal(feed(&s, EV_ABS, ABS_Y, 0), 0);
  /* a device's own range, 0..255 centred on 128 */
  s.x_min = 0, s.x_max = 255;
  assert_int_equal(feed(&s, EV_ABS, ABS_X, 0), 0x0200);
  assert_int_equal(feed(&s, EV_ABS, ABS_X, 128), 0);
  assert_int_equal(feed(&s, EV_ABS, ABS_X, 255), 0x0100);
}

Z3_TEST(sources_hold_their_bits_independently) {
  (void)state;
  gui_gamepad_state s;
  gui_gamepad_init(&s);
  feed(&s, EV_ABS, ABS_HAT0X, -1);
  feed(&s, EV_ABS, ABS_X, -32768);
  feed(&s, EV_KEY, BTN_DPAD_LEFT, 1);
  /* letting go of the stick and the d-pad button leaves the hat's Left held */
  feed(&s, EV_ABS, ABS_X, 0);
  assert_int_equal(feed(&s, EV_KEY, BTN_DPAD_LEFT, 0), 0x0200);
  assert_int_equal(feed(&s, EV_ABS, ABS_HAT0X, 0), 0);
  assert_int_equal(gui_gamepad_word(&s), 0);
}

Z3_TEST(opening_something_that_is_no_gamepad_is_refused) {
  (void)state;
  gui_gamepad_state s;
  char name[64];
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(gui_gamepad_open("none", &s, name, sizeof name, &err), -1);
  assert_non_null(strstr(err.message, "YAZE_GAMEPAD=none"));
  z3_error_init(&err);
  assert_int_equal(gui_gamepad_open("/dev/null", &s, name, sizeof name, &err), -1); /* no EVIOCGBIT */
  assert_non_null(strstr(err.message, "'/dev/null' is not a gamepad"));
  assert_int_equal(gui_gamepad_word(&s), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(each_default_button_sets_and_clears_its_bit),
      cmocka_unit_test(the_hat_and_the_stick_drive_the_dpad),
      cmocka_unit_test(sources_hold_their_bits_independently),
      cmocka_unit_test(opening_something_that_is_no_gamepad_is_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
