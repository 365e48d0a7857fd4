/* hex read|write|search|dump|annotate: raw bytes, named from the world model. */
#include <ctype.h>
#include <string.h>

#include "cmd/handlers.h"
#include "cmd/handlers_hex.h"
#include "cmd/location.h"
#include "zelda3/romap.h"

enum { MAX_PATTERN = 256, WILDCARD = -1 };

static int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = (char)tolower((unsigned char)c);
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -2;
}

/* "A9 ?? 8D" or "a9??8d": bytes, and WILDCARD for ?? when wildcards are allowed. */
static z3_status parse_bytes(const char *arg, const char *text, bool wildcards, int *out, size_t max,
                             size_t *count, z3_error *err) {
  size_t n = 0;
  for (size_t i = 0; text[i];) {
    if (text[i] == ' ' || text[i] == ',' || text[i] == '\t') { i++; continue; }
    if (n == max) return z3_error_set(err, Z3_E_USAGE, "--%s: more than %zu bytes", arg, max);
    char a = text[i], b = text[i + 1];
    if (a == '?' && b == '?' && wildcards) {
      out[n++] = WILDCARD;
      i += 2;
      continue;
    }
    if (hex_value(a) < 0 || !b || hex_value(b) < 0) {
      z3_error_set(err, Z3_E_USAGE, "--%s: '%.2s' at character %zu is not a hex byte%s", arg, text + i, i + 1,
                   wildcards ? " or ??" : "");
      z3_error_hint(err, "write bytes as two hex digits each, like \"A9 00 8D\"%s",
                    wildcards ? "; ?? matches any byte" : "");
      return Z3_E_USAGE;
    }
    out[n++] = hex_value(a) << 4 | hex_value(b);
    i += 2;
  }
  if (n == 0) return z3_error_set(err, Z3_E_USAGE, "--%s holds no bytes", arg);
  *count = n;
  return Z3_OK;
}

/* What --labels gives, for commands where it is optional. */
static z3_status prepare(z3_cmd_ctx *ctx, z3_symbols *labels, z3_cmd_location *at, z3_error *err) {
  z3_symbols_init(labels);
  z3_status st = z3_cmd__load_labels(ctx, "labels", NULL, ctx->rom, labels, err);
  if (st == Z3_OK) st = z3_cmd__location(ctx, labels, at, err);
  return st;
}

/* --length clipped to the end of the ROM. */
static size_t span(const z3_cmd_ctx *ctx, size_t offset) {
  size_t want = (size_t)z3_arg_int(ctx, "length"), left = ctx->rom->data.len - offset;
  return want < left ? want : left;
}

z3_status cmd_hex_read(z3_cmd_ctx *ctx, z3_error *err) {
  z3_symbols labels;
  z3_cmd_location at;
  z3_status st = prepare(ctx, &labels, &at, err);
  if (st == Z3_OK) {
    size_t n = span(ctx, at.offset);
    z3_cmd__set_location(ctx->result, ctx->rom, at.offset);
    json_object_set_new(ctx->result, "length", json_integer((json_int_t)n));
    char *hex = z3_hex_string(ctx->rom->data.data + at.offset, n, n);
    json_object_set_new(ctx->result, "hex", json_string(hex ? hex : ""));
    z3_free(hex);
  }
  z3_symbols_release(&labels);
  return st;
}

z3_status cmd_hex_write(z3_cmd_ctx *ctx, z3_error *err) {
  z3_symbols labels;
  z3_cmd_location at;
  int values[4096];
  uint8_t bytes[4096];
  size_t n = 0;
  z3_status st = prepare(ctx, &labels, &at, err);
  if (st == Z3_OK) st = parse_bytes("bytes", z3_arg_str(ctx, "bytes"), false, values, sizeof bytes, &n, err);
  if (st == Z3_OK && n > ctx->rom->data.len - at.offset)
    st = z3_error_set(err, Z3_E_INVALID, "%zu bytes at offset 0x%zX run past the end of the %zu-byte ROM", n,
                      at.offset, ctx->rom->data.len);
  if (st == Z3_OK) {
    for (size_t i = 0; i < n; i++) bytes[i] = (uint8_t)values[i];
    char *old = z3_hex_string(ctx->rom->data.data + at.offset, n, n);
    char reason[64];
    snprintf(reason, sizeof reason, "hex write of %zu bytes at offset 0x%06zX", n, at.offset);
    st = z3_rom_write(ctx->rom, at.offset, bytes, n, reason, err);
    z3_cmd__set_location(ctx->result, ctx->rom, at.offset);
    json_object_set_new(ctx->result, "length", json_integer((json_int_t)n));
    json_object_set_new(ctx->result, "old", json_string(old ? old : ""));
    char *neu = z3_hex_string(bytes, n, n);
    json_object_set_new(ctx->result, "new", json_string(neu ? neu : ""));
    z3_free(old);
    z3_free(neu);
  }
  z3_symbols_release(&labels);
  return st;
}

static bool matches(const uint8_t *d, const int *pattern, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (pattern[i] != WILDCARD && pattern[i] != d[i]) return false;
  return true;
}

static json_t *match_json(const z3_rom *rom, const z3_romap *map, size_t offset, size_t n) {
  json_t *o = json_object();
  z3_cmd__set_location(o, rom, offset);
  char *hex = z3_hex_string(rom->data.data + offset, n, 16);
  json_object_set_new(o, "bytes", json_string(hex ? hex : ""));
  z3_free(hex);
  const z3_region *r = z3_romap_find(map, offset);
  char owner[96] = "unknown";
  if (r) z3_region_describe(r, owner, sizeof owner);
  json_object_set_new(o, "owner", json_string(owner));
  return o;
}

z3_status cmd_hex_search(z3_cmd_ctx *ctx, z3_error *err) {
  int pattern[MAX_PATTERN];
  size_t n = 0;
  z3_status st = parse_bytes("pattern", z3_arg_str(ctx, "pattern"), true, pattern, MAX_PATTERN, &n, err);
  if (st == Z3_OK && pattern[0] == WILDCARD)
    st = z3_error_set(err, Z3_E_USAGE, "--pattern starts with ??, which matches everywhere; start with a byte");
  z3_romap map = {0};
  if (st == Z3_OK) st = z3_romap_build(ctx->rom, &map, err);
  if (st) return st;
  size_t max = (size_t)z3_arg_int(ctx, "max"), found = 0;
  const uint8_t *d = ctx->rom->data.data;
  size_t len = ctx->rom->data.len;
  json_t *list = json_array();
  for (size_t i = 0; n <= len && i <= len - n; i++) {
    const uint8_t *hit = memchr(d + i, pattern[0], len - n + 1 - i);
    if (!hit) break;
    i = (size_t)(hit - d);
    if (!matches(hit, pattern, n)) continue;
    if (found++ < max) json_array_append_new(list, match_json(ctx->rom, &map, i, n));
  }
  json_object_set_new(ctx->result, "pattern_length", json_integer((json_int_t)n));
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)found));
  json_object_set_new(ctx->result, "truncated", json_boolean(found > max));
  json_object_set_new(ctx->result, "matches", list);
  z3_romap_release(&map);
  return Z3_OK;
}

static void dump_line(z3_buf *out, const z3_rom *rom, size_t offset, size_t n) {
  uint32_t address;
  char where[10] = "--:----";
  if (z3_rom_to_snes(rom, offset, &address, NULL) == Z3_OK) z3_snes_format_address(address, where);
  z3_buf_printf(out, "%s %06zX ", where, offset);
  const uint8_t *d = rom->data.data + offset;
  for (size_t i = 0; i < 16; i++) {
    if (i < n) z3_buf_printf(out, " %02x", d[i]);
    else z3_buf_printf(out, "   ");
  }
  z3_buf_printf(out, "  |");
  for (size_t i = 0; i < n; i++) z3_buf_printf(out, "%c", d[i] >= 0x20 && d[i] < 0x7F ? d[i] : '.');
  z3_buf_printf(out, "|");
}

z3_status cmd_hex_dump(z3_cmd_ctx *ctx, z3_error *err) {
  z3_symbols labels;
  z3_cmd_location at;
  z3_status st = prepare(ctx, &labels, &at, err);
  if (st == Z3_OK) {
    size_t n = span(ctx, at.offset);
    z3_buf text;
    z3_buf_init(&text);
    for (size_t i = 0; i < n; i += 16) {
      if (i) z3_buf_printf(&text, "\n");
      dump_line(&text, ctx->rom, at.offset + i, n - i < 16 ? n - i : 16);
    }
    z3_cmd__set_location(ctx->result, ctx->rom, at.offset);
    json_object_set_new(ctx->result, "length", json_integer((json_int_t)n));
    char *s = z3_buf_take_string(&text);
    json_object_set_new(ctx->result, "dump", json_string(s ? s : ""));
    z3_free(s);
    z3_buf_release(&text);
  }
  z3_symbols_release(&labels);
  return st;
}
