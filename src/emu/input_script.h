/*
 * emu/input_script: joypad scripts, the buttons held on each controller frame
 * by frame, for `emu run --input` and the test oracle's front end.
 *
 * The format, one event per line (blank lines and `#` comments ignored):
 *
 *     FRAME [PORT:]BUTTONS
 *
 *     0    -              # nothing held (the default before the first line)
 *     120  start          # from frame 120 on, Start held on controller 1
 *     126  -              # released at frame 126
 *     300  a+up           # several buttons with + or ,
 *     300  2:start        # controller 2 (ports 1-4, 1 when omitted)
 *
 * A line sets what a controller holds from FRAME on, until a later line for
 * the same controller changes it. FRAME counts frames begun since power-on
 * (frame 0 is the first), so buttons set for frame N are what the game's
 * auto-joypad read in frame N sees. Frames never go backwards; several lines
 * may share a frame when they name different controllers.
 */
#ifndef Z3_EMU_INPUT_SCRIPT_H
#define Z3_EMU_INPUT_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

#include "base/base.h"

enum {
  Z3_INPUT_PORTS = 4,
  Z3_INPUT_MAX_EVENTS = 100000,
};

typedef struct z3_input_event {
  uint64_t frame;
  uint8_t port;     /* 0-3 */
  uint16_t buttons; /* z3_snes_set_pad's bit order */
} z3_input_event;

typedef struct z3_input_script {
  z3_input_event *events; /* in file order: frames ascending */
  size_t count;
  size_t next;            /* the first event not yet applied (z3_input_script_at) */
  uint16_t held[Z3_INPUT_PORTS];
} z3_input_script;

/* Parses a script. `name` (the file's path) prefixes errors, which give
 * name:line:column, what was wrong and a hint. On error *out is empty. */
z3_status z3_input_script_parse(z3_input_script *out, const char *text, size_t len, const char *name,
                                z3_error *err);
void z3_input_script_release(z3_input_script *s);
/* Reads and parses the file at path; path NULL gives an empty script. */
z3_status z3_input_script_load(z3_input_script *out, const char *path, z3_error *err);

/* Buttons each port holds at `frame`; frames must be asked in ascending
 * order (a smaller frame than the last rewinds to the start). */
void z3_input_script_at(z3_input_script *s, uint64_t frame, uint16_t out[Z3_INPUT_PORTS]);

/* Button names, comma- or plus-separated ("a,start", "up+b"), into a mask.
 * Returns the byte offset of the first unknown name, or -1 when all are known. */
long z3_input_parse_buttons(const char *text, size_t len, uint16_t *buttons);
/* The names, for hints. */
#define Z3_INPUT_BUTTON_NAMES "a, b, x, y, l, r, start, select, up, down, left, right"

#endif
