/* gui/gamepad: a Linux evdev gamepad as the emulator's joypad 1 (linux/input.h, no library). */
#ifndef Z3_GUI_GAMEPAD_H
#define Z3_GUI_GAMEPAD_H

#include <linux/input.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/base.h"

/* SNES joypad bits in z3_snes_set_pad's order (the word the emulator reads). */
enum {
  GUI_PAD_B = 1u << 15, GUI_PAD_Y = 1u << 14, GUI_PAD_SELECT = 1u << 13, GUI_PAD_START = 1u << 12,
  GUI_PAD_UP = 1u << 11, GUI_PAD_DOWN = 1u << 10, GUI_PAD_LEFT = 1u << 9, GUI_PAD_RIGHT = 1u << 8,
  GUI_PAD_A = 1u << 7, GUI_PAD_X = 1u << 6, GUI_PAD_L = 1u << 5, GUI_PAD_R = 1u << 4,
};

/* The pad as its events left it: buttons, the hat and the left stick each give d-pad bits of
 * their own, so letting go of one does not release what another holds. Axis ranges are the
 * device's (EVIOCGABS); a stick counts past half-way from its centre. */
typedef struct gui_gamepad_state {
  uint16_t buttons, hat, stick;
  int x_min, x_max, y_min, y_max;
} gui_gamepad_state;

/* A state with no button held and the stick range -32768..32767 (the common one). */
void gui_gamepad_init(gui_gamepad_state *s);
/* One event applied (EV_KEY buttons, EV_ABS hat and stick; others ignored); the joypad word after it. */
uint16_t gui_gamepad_event(gui_gamepad_state *s, const struct input_event *ev);
/* The joypad word of the state. */
uint16_t gui_gamepad_word(const gui_gamepad_state *s);
/* The SNES bit of an evdev key code under the default mapping, 0 when unmapped. */
uint16_t gui_gamepad_button(unsigned code);

/* The first /dev/input/event* reporting gamepad buttons (BTN_SOUTH), or `path` when given
 * (yaze reads $YAZE_GAMEPAD: a device path, or "none"); opened non-blocking, the stick's range
 * read into s. Returns the descriptor, -1 with err set when there is none. */
int gui_gamepad_open(const char *path, gui_gamepad_state *s, char *name, size_t name_cap, z3_error *err);

#endif
