/*
 * Fuzzes the joypad-script parser (emu/input_script.h). A parse that fails
 * must say why and where (fuzz:LINE:COLUMN, a line of the text) and keep
 * nothing; one that succeeds must give events with frames in order, ports 0-3
 * and only real button bits, and lookups at every event's frame must return
 * what the last event of each port set (also after rewinding to frame 0).
 * The events written back in the documented format, with the button names the
 * hints list, parse to the same events.
 *
 * Seeds in fuzz/corpora/input_script/: scripts as the docs show them, plus
 * near-misses.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Asking for an earlier frame rewinds: frame 0 holds what the frame-0 lines set. */
static void check_rewind(z3_input_script *s) {
  uint16_t expect[Z3_INPUT_PORTS] = {0}, held[Z3_INPUT_PORTS];
  for (size_t i = 0; i < s->count && s->events[i].frame == 0; i++) expect[s->events[i].port] = s->events[i].buttons;
  z3_input_script_at(s, 0, held);
  for (int p = 0; p < Z3_INPUT_PORTS; p++)
    if (held[p] != expect[p]) abort();
}

/* The button names the hints list (Z3_INPUT_BUTTON_NAMES, ", "-separated) and the
 * bit the parser gives each, read once from the library's own list. */
enum { MAX_BUTTONS = 16 };
static struct { char name[16]; uint16_t bit; } buttons[MAX_BUTTONS];
static size_t button_count;

static void read_button_names(void) {
  const char *p = Z3_INPUT_BUTTON_NAMES;
  while (*p) {
    size_t n = strcspn(p, ", ");
    if (n == 0 || n >= sizeof buttons[0].name || button_count == MAX_BUTTONS) abort();
    memcpy(buttons[button_count].name, p, n);
    if (z3_input_parse_buttons(p, n, &buttons[button_count].bit) != -1) abort();
    button_count++;
    p += n + strspn(p + n, ", ");
  }
}

/* The events written in the documented format, with those names. */
static char *render(const z3_input_script *s) {
  if (!button_count) read_button_names();
  z3_buf b;
  z3_buf_init(&b);
  for (size_t i = 0; i < s->count; i++) {
    const z3_input_event *ev = &s->events[i];
    z3_buf_printf(&b, "%llu %u:", (unsigned long long)ev->frame, ev->port + 1u);
    uint16_t left = ev->buttons;
    for (size_t n = 0; n < button_count; n++) {
      if (left & buttons[n].bit) z3_buf_printf(&b, "%s%s", left == ev->buttons ? "" : "+", buttons[n].name);
      left &= (uint16_t)~buttons[n].bit;
    }
    if (left) abort(); /* a bit no name sets */
    z3_buf_printf(&b, "%s\n", ev->buttons ? "" : "-");
  }
  return z3_buf_take_string(&b);
}

static void check_rendered(const z3_input_script *s) {
  char *text = render(s);
  z3_input_script again;
  if (!text || z3_input_script_parse(&again, text, strlen(text), "rendered", NULL) != Z3_OK) abort();
  if (again.count != s->count) abort();
  for (size_t i = 0; i < s->count; i++)
    if (again.events[i].frame != s->events[i].frame || again.events[i].port != s->events[i].port ||
        again.events[i].buttons != s->events[i].buttons)
      abort();
  z3_input_script_release(&again);
  z3_free(text);
}

/* "fuzz:LINE:COLUMN: what", the line inside the text. */
static void check_message(const char *message, const uint8_t *data, size_t size) {
  unsigned line = 0, column = 0;
  int used = 0;
  if (sscanf(message, "fuzz:%u:%u: %n", &line, &column, &used) != 2 || used == 0 || !message[used]) abort();
  size_t lines = 1;
  for (size_t i = 0; i < size; i++) lines += data[i] == '\n';
  if (line < 1 || line > lines || column < 1) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  z3_input_script s;
  z3_error err;
  z3_error_init(&err);
  if (z3_input_script_parse(&s, (const char *)data, size, "fuzz", &err) != Z3_OK) {
    if (!err.message[0] || s.count != 0 || s.events) abort();
    check_message(err.message, data, size);
    return 0;
  }
  check(&s);
  check_rewind(&s);
  check_rendered(&s);
  z3_input_script_release(&s);
  return 0;
}
