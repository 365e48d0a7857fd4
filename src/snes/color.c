/* BGR555 <-> 8-bit RGB by bit replication and truncation (color.h), and the
 * colour spellings users type on the command line and in palette files. */
#include <string.h>

#include "snes/color.h"

static uint8_t widen(unsigned x5) { return (uint8_t)(x5 << 3 | x5 >> 2); }

z3_rgb z3_color_to_rgb(uint16_t bgr555) {
  z3_rgb c = {widen(bgr555 & 31), widen(bgr555 >> 5 & 31), widen(bgr555 >> 10 & 31)};
  return c;
}

uint16_t z3_color_from_rgb(z3_rgb rgb) {
  return (uint16_t)((rgb.r >> 3) | (rgb.g >> 3) << 5 | (rgb.b >> 3) << 10);
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Exactly `len` hex digits (len <= 8) and nothing after them. */
static bool parse_hex(const char *s, size_t len, uint32_t *out) {
  if (strlen(s) != len) return false;
  uint32_t v = 0;
  for (size_t i = 0; i < len; i++) {
    int d = hex_digit(s[i]);
    if (d < 0) return false;
    v = v << 4 | (uint32_t)d;
  }
  *out = v;
  return true;
}

static bool parse_rrggbb(const char *s, uint16_t *out) {
  uint32_t v;
  if (!parse_hex(s, 6, &v)) return false;
  z3_rgb c = {(uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
  *out = z3_color_from_rgb(c);
  return true;
}

/* "$7FFF" / "0x7FFF": one to four hex digits; bit 15 is not a colour bit, and a
 * value that has it set is more likely a typo than a colour, so it is refused. */
static bool parse_word(const char *digits, uint16_t *out) {
  size_t len = strlen(digits);
  uint32_t v;
  if (len < 1 || len > 4 || !parse_hex(digits, len, &v) || v > 0x7FFF) return false;
  *out = (uint16_t)v;
  return true;
}

/* One decimal 0-255 component with optional blanks around it; advances *s. */
static bool parse_component(const char **s, uint8_t *out) {
  const char *p = *s;
  while (*p == ' ' || *p == '\t') p++;
  unsigned v = 0;
  int digits = 0;
  for (; *p >= '0' && *p <= '9'; p++) {
    if (++digits > 3) return false;
    v = v * 10 + (unsigned)(*p - '0');
  }
  while (*p == ' ' || *p == '\t') p++;
  if (!digits || v > 255) return false;
  *out = (uint8_t)v;
  *s = p;
  return true;
}

static bool parse_triplet(const char *s, uint16_t *out) {
  z3_rgb c;
  if (!parse_component(&s, &c.r) || *s++ != ',') return false;
  if (!parse_component(&s, &c.g) || *s++ != ',') return false;
  if (!parse_component(&s, &c.b) || *s) return false;
  *out = z3_color_from_rgb(c);
  return true;
}

bool z3_color_parse(const char *text, uint16_t *out) {
  if (!text || !out) return false;
  if (text[0] == '#') return parse_rrggbb(text + 1, out);
  if (text[0] == '$') return parse_word(text + 1, out);
  if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) return parse_word(text + 2, out);
  if (strchr(text, ',')) return parse_triplet(text, out);
  return parse_rrggbb(text, out);
}

void z3_color_format_hex(uint16_t bgr555, char out[8]) {
  static const char digits[] = "0123456789ABCDEF";
  z3_rgb c = z3_color_to_rgb(bgr555);
  uint8_t v[3] = {c.r, c.g, c.b};
  out[0] = '#';
  for (int i = 0; i < 3; i++) {
    out[1 + 2 * i] = digits[v[i] >> 4];
    out[2 + 2 * i] = digits[v[i] & 15];
  }
  out[7] = '\0';
}
