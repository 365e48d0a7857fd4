/*
 * Fuzzes the joypad-script parser (emu/input_script.h). A parse that fails
 * must say why and keep nothing; one that succeeds must give events with
 * frames in order, ports 0-3 and only real button bits, and lookups at every
 * event's frame must return what the last event of each port set.
 *
 * Seeds in fuzz/corpora/input_script/: scripts as the docs show them, plus
 * near-misses.
 */
#include <stdint.h>
#include <stdlib.h>

#include "emu/input_script.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(z3_input_script *s) {
  uint16_t expect[Z3_INPUT_PORTS] = {0};
  for (size_t i = 0; i < s->count; i++) {
    const z3_input_event *ev = &s->events[i];
    if (ev->port >= Z3_INPUT_PORTS || (ev->buttons & 0x000F)) abort();
    if (i && ev->frame < s->events[i - 1].frame) abort();
    expect[ev->port] = ev->buttons;
    if (i + 1 < s->count && s->events[i + 1].frame == ev->frame) continue;
    uint16_t held[Z3_INPUT_PORTS];
    z3_input_script_at(s, ev->frame, held);
    for (int p = 0; p < Z3_INPUT_PORTS; p++)
      if (held[p] != expect[p]) abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  z3_input_script s;
  z3_error err;
  z3_error_init(&err);
  if (z3_input_script_parse(&s, (const char *)data, size, "fuzz", &err) != Z3_OK) {
    if (!err.message[0] || s.count != 0 || s.events) abort();
    return 0;
  }
  check(&s);
  z3_input_script_release(&s);
  return 0;
}
