/* Joypad scripts: parsing and frame-by-frame lookup (format in input_script.h). */
#include "emu/input_script.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* A frame bound far past anything `emu run` allows, so a typo with extra
 * digits is caught instead of silently meaning "never". */
#define MAX_FRAME 100000000ull

static const struct {
  const char *name;
  uint16_t bit;
} button_names[] = {
    {"b", 0x8000},  {"y", 0x4000},    {"select", 0x2000}, {"start", 0x1000},
    {"up", 0x0800}, {"down", 0x0400}, {"left", 0x0200},   {"right", 0x0100},
    {"a", 0x0080},  {"x", 0x0040},    {"l", 0x0020},      {"r", 0x0010},
};

static bool button_bit(const char *text, size_t len, uint16_t *bit) {
  for (size_t i = 0; i < sizeof button_names / sizeof button_names[0]; i++) {
    if (strlen(button_names[i].name) == len && strncasecmp(button_names[i].name, text, len) == 0) {
      *bit = button_names[i].bit;
      return true;
    }
  }
  return false;
}

long z3_input_parse_buttons(const char *text, size_t len, uint16_t *buttons) {
  *buttons = 0;
  size_t i = 0;
  while (i < len) {
    size_t n = 0;
    while (i + n < len && text[i + n] != ',' && text[i + n] != '+') n++;
    uint16_t bit;
    if (!button_bit(text + i, n, &bit)) return (long)i;
    *buttons |= bit;
    i += n + 1;
    if (i == len) return (long)(i - 1); /* a trailing separator names nothing */
  }
  return -1;
}

typedef struct cursor {
  const char *text;
  size_t len, pos, line_start;
  unsigned line;
  const char *name;
} cursor;

static bool at_end_of_line(const cursor *c) {
  return c->pos >= c->len || c->text[c->pos] == '\n' || c->text[c->pos] == '#';
}

static void skip_blanks(cursor *c) {
  while (c->pos < c->len && (c->text[c->pos] == ' ' || c->text[c->pos] == '\t' || c->text[c->pos] == '\r'))
    c->pos++;
}

static z3_status fail(const cursor *c, size_t at, z3_error *err, const char *what, const char *hint) {
  z3_error_set(err, Z3_E_INVALID, "%s:%u:%zu: %s", c->name, c->line, at - c->line_start + 1, what);
  if (hint) z3_error_hint(err, "%s", hint);
  return Z3_E_INVALID;
}

static const char *const line_hint =
    "each line is FRAME [PORT:]BUTTONS, e.g. `120 start`, `300 2:a+up` or `126 -` to release; "
    "buttons are " Z3_INPUT_BUTTON_NAMES;

static z3_status parse_frame(cursor *c, uint64_t *frame, z3_error *err) {
  size_t start = c->pos;
  uint64_t v = 0;
  while (c->pos < c->len && c->text[c->pos] >= '0' && c->text[c->pos] <= '9') {
    v = v * 10 + (uint64_t)(c->text[c->pos++] - '0');
    if (v > MAX_FRAME) return fail(c, start, err, "frame number too large (at most 100000000)", NULL);
  }
  if (c->pos == start) return fail(c, start, err, "expected a frame number", line_hint);
  *frame = v;
  return Z3_OK;
}

/* "[PORT:]BUTTONS" up to the next blank or comment. */
static z3_status parse_pad(cursor *c, z3_input_event *ev, z3_error *err) {
  size_t start = c->pos, end = c->pos;
  while (end < c->len && !strchr(" \t\r\n#", c->text[end])) end++;
  if (end == start) return fail(c, start, err, "expected buttons after the frame number", line_hint);
  ev->port = 0;
  if (end - start >= 2 && c->text[start + 1] == ':') {
    char p = c->text[start];
    if (p < '1' || p > '4') return fail(c, start, err, "controller port must be 1-4", line_hint);
    ev->port = (uint8_t)(p - '1');
    start += 2;
  }
  c->pos = end;
  if (end - start == 1 && c->text[start] == '-') {
    ev->buttons = 0;
    return Z3_OK;
  }
  long bad = z3_input_parse_buttons(c->text + start, end - start, &ev->buttons);
  if (bad < 0) return Z3_OK;
  size_t at = start + (size_t)bad, n = 0;
  while (at + n < end && c->text[at + n] != ',' && c->text[at + n] != '+') n++;
  if (n == 0)
    return fail(c, at, err, "an empty button name (two separators in a row, or one at the end)",
                "buttons are " Z3_INPUT_BUTTON_NAMES ", joined with + or , ; - for none");
  char what[96];
  snprintf(what, sizeof what, "'%.*s' is not a controller button", (int)(n > 32 ? 32 : n), c->text + at);
  return fail(c, at, err, what, "buttons are " Z3_INPUT_BUTTON_NAMES ", joined with + or , ; - for none");
}

static z3_status add_event(z3_input_script *s, size_t *cap, const z3_input_event *ev, const cursor *c,
                           size_t at, z3_error *err) {
  if (s->count && ev->frame < s->events[s->count - 1].frame) {
    char what[96];
    snprintf(what, sizeof what, "frame %llu comes after frame %llu: frames must not go backwards",
             (unsigned long long)ev->frame, (unsigned long long)s->events[s->count - 1].frame);
    return fail(c, at, err, what, NULL);
  }
  if (s->count == Z3_INPUT_MAX_EVENTS) return fail(c, at, err, "more than 100000 events", NULL);
  if (s->count == *cap) {
    size_t ncap = *cap ? *cap * 2 : 64;
    z3_input_event *grown = z3_realloc(s->events, ncap * sizeof *grown);
    if (!grown) return z3_error_set(err, Z3_E_NOMEM, "out of memory reading %s", c->name);
    s->events = grown;
    *cap = ncap;
  }
  s->events[s->count++] = *ev;
  return Z3_OK;
}

static z3_status parse_line(cursor *c, z3_input_script *s, size_t *cap, z3_error *err) {
  skip_blanks(c);
  if (at_end_of_line(c)) return Z3_OK;
  size_t start = c->pos;
  z3_input_event ev;
  z3_status st = parse_frame(c, &ev.frame, err);
  if (st) return st;
  size_t before = c->pos;
  skip_blanks(c);
  if (c->pos == before && !at_end_of_line(c))
    return fail(c, c->pos, err, "expected a blank after the frame number", line_hint);
  if ((st = parse_pad(c, &ev, err))) return st;
  skip_blanks(c);
  if (!at_end_of_line(c)) return fail(c, c->pos, err, "unexpected text after the buttons", line_hint);
  return add_event(s, cap, &ev, c, start, err);
}

z3_status z3_input_script_parse(z3_input_script *out, const char *text, size_t len, const char *name,
                                z3_error *err) {
  memset(out, 0, sizeof *out);
  cursor c = {text, len, 0, 0, 1, name ? name : "input"};
  size_t cap = 0;
  z3_status st = Z3_OK;
  if (memchr(text, '\0', len)) {
    cursor at = c;
    size_t nul = (size_t)((const char *)memchr(text, '\0', len) - text);
    for (size_t i = 0; i < nul; i++)
      if (text[i] == '\n') at.line++, at.line_start = i + 1;
    return fail(&at, nul, err, "a NUL byte: this is not a text file", line_hint);
  }
  while (c.pos < c.len && !st) {
    st = parse_line(&c, out, &cap, err);
    while (c.pos < c.len && c.text[c.pos] != '\n') c.pos++; /* the comment, if any */
    c.pos++;
    c.line++;
    c.line_start = c.pos;
  }
  if (st) z3_input_script_release(out);
  return st;
}

void z3_input_script_release(z3_input_script *s) {
  z3_free(s->events);
  memset(s, 0, sizeof *s);
}

void z3_input_script_at(z3_input_script *s, uint64_t frame, uint16_t out[Z3_INPUT_PORTS]) {
  if (s->next && s->events[s->next - 1].frame > frame) {
    s->next = 0;
    memset(s->held, 0, sizeof s->held);
  }
  while (s->next < s->count && s->events[s->next].frame <= frame) {
    const z3_input_event *ev = &s->events[s->next++];
    s->held[ev->port] = ev->buttons;
  }
  memcpy(out, s->held, sizeof s->held);
}

/* Largest joypad script read: a million lines of input is far past any run. */
#define MAX_SCRIPT_BYTES (16u << 20)

z3_status z3_input_script_load(z3_input_script *out, const char *path, z3_error *err) {
  memset(out, 0, sizeof *out);
  if (!path) return Z3_OK;
  z3_buf text;
  z3_buf_init(&text);
  z3_status st = z3_file_read(&text, path, MAX_SCRIPT_BYTES, err);
  if (st == Z3_OK) st = z3_input_script_parse(out, (const char *)text.data, text.len, path, err);
  z3_buf_release(&text);
  return st;
}
