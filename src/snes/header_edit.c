/* Setting internal-header fields by name, through the change log. */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "snes/rom.h"

typedef enum field_kind { FIELD_TEXT, FIELD_BYTE, FIELD_REGION } field_kind;

static const struct header_field {
  const char *name;
  int offset;     /* from the header base at $FFC0 */
  field_kind kind;
  int width;      /* bytes */
} fields[] = {
    {"title", 0x00, FIELD_TEXT, 21},       {"map_mode", 0x15, FIELD_BYTE, 1},
    {"cart_type", 0x16, FIELD_BYTE, 1},    {"rom_size", 0x17, FIELD_BYTE, 1},
    {"sram_size", 0x18, FIELD_BYTE, 1},    {"region", 0x19, FIELD_REGION, 1},
    {"developer_id", 0x1A, FIELD_BYTE, 1}, {"version", 0x1B, FIELD_BYTE, 1},
    {"maker_code", -0x10, FIELD_TEXT, 2},  {"game_code", -0x0E, FIELD_TEXT, 4},
};
enum { FIELD_COUNT = sizeof fields / sizeof fields[0] };

const char *const z3_header_field_names[] = {"title", "map_mode", "cart_type", "rom_size",
                                             "sram_size", "region", "developer_id", "version",
                                             "maker_code", "game_code", NULL};

static z3_status parse_text(const struct header_field *f, const char *value, uint8_t *out,
                            z3_error *err) {
  size_t n = strlen(value);
  if (n > (size_t)f->width) {
    return z3_error_set(err, Z3_E_INVALID, "%s '%s' is %zu characters; the header holds %d",
                        f->name, value, n, f->width);
  }
  for (size_t i = 0; i < n; i++) {
    if (value[i] < 0x20 || value[i] > 0x7E) {
      return z3_error_set(err, Z3_E_INVALID,
                          "%s has a character outside printable ASCII at position %zu", f->name, i);
    }
  }
  memset(out, ' ', (size_t)f->width);
  memcpy(out, value, n);
  return Z3_OK;
}

static bool parse_region_name(const char *value, uint8_t *out) {
  static const struct { const char *alias; uint8_t code; } aliases[] = {
      {"japan", 0x00}, {"jp", 0x00}, {"usa", 0x01}, {"us", 0x01}, {"north-america", 0x01},
      {"europe", 0x02}, {"eu", 0x02}, {"pal", 0x02}, {"sweden", 0x03}, {"finland", 0x04},
      {"denmark", 0x05}, {"france", 0x06}, {"netherlands", 0x07}, {"spain", 0x08},
      {"germany", 0x09}, {"italy", 0x0A}, {"china", 0x0B}, {"indonesia", 0x0C},
      {"korea", 0x0D}, {"canada", 0x0F}, {"brazil", 0x10}, {"australia", 0x11}};
  for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
    if (strcasecmp(value, aliases[i].alias) == 0) {
      *out = aliases[i].code;
      return true;
    }
  }
  return false;
}

static z3_status parse_byte(const struct header_field *f, const char *value, uint8_t *out,
                            z3_error *err) {
  uint64_t v;
  if (f->kind == FIELD_REGION && !isdigit((unsigned char)value[0]) && value[0] != '$') {
    if (parse_region_name(value, out)) return Z3_OK;
    z3_error_set(err, Z3_E_INVALID, "unknown region '%s'", value);
    z3_error_hint(err, "use a code such as 0x01 or a name: japan, usa, europe, germany, france...");
    return Z3_E_INVALID;
  }
  if (!z3_parse_u64(value, &v) || v > 0xFF) {
    return z3_error_set(err, Z3_E_INVALID, "%s '%s' is not a byte value (0-255)", f->name, value);
  }
  *out = (uint8_t)v;
  return Z3_OK;
}

z3_status z3_rom_set_header_field(z3_rom *rom, const char *field, const char *value,
                                  z3_error *err) {
  const struct header_field *f = NULL;
  for (size_t i = 0; i < FIELD_COUNT; i++)
    if (strcmp(fields[i].name, field) == 0) f = &fields[i];
  if (!f) return z3_error_set(err, Z3_E_INVALID, "unknown header field '%s'", field);
  uint8_t bytes[21];
  z3_status st = f->kind == FIELD_TEXT ? parse_text(f, value, bytes, err)
                                       : parse_byte(f, value, bytes, err);
  if (st) return st;
  size_t at = z3_rom_header_offset(rom) + (size_t)(ptrdiff_t)f->offset;
  char *reason = z3_strfmt("header %s", f->name);
  st = z3_rom_write(rom, at, bytes, (size_t)f->width, reason ? reason : "header", err);
  z3_free(reason);
  return st;
}
