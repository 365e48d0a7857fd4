/*
 * Moving a proposal's bytes into the real ROM and back out.
 *
 * The header checksum pair is never compared or taken from the sandbox: the
 * accept recomputes it (see decide.c), and comparing it would make every two
 * edits of the same ROM conflict.
 */
#include <stdio.h>
#include <string.h>

#include "agent/proposal_internal.h"

enum { CHECKSUM_PAIR = 4, BYTES_SHOWN = 32 };

static bool in_checksum(const z3_change_set *s, size_t i) {
  return i >= s->checksum_offset && i < s->checksum_offset + CHECKSUM_PAIR;
}

static uint8_t byte_or_zero(const z3_rom *rom, size_t i) {
  return i < rom->data.len ? rom->data.data[i] : 0;
}

z3_status z3_prop__selected_runs(const z3_change_set *s, const size_t *sel, size_t n,
                                 z3_byte_range **runs, size_t *run_count, size_t *bytes,
                                 z3_error *err) {
  z3_buf out;
  z3_buf_init(&out);
  size_t common = s->base->data.len < s->rom->data.len ? s->base->data.len : s->rom->data.len;
  bool resize_picked = false;
  for (size_t k = 0; k < n; k++) resize_picked |= s->changes[sel[k] - 1].resize;
  *bytes = 0;
  z3_status st = Z3_OK;
  for (size_t k = 0; k < n && st == Z3_OK; k++) {
    const z3_prop_change *c = &s->changes[sel[k] - 1];
    if (c->resize) {
      z3_byte_range r = {c->offset, c->bytes_changed};
      *bytes += c->bytes_changed;
      st = z3_buf_append(&out, &r, sizeof r, err);
      continue;
    }
    if (!(resize_picked && c->offset >= common)) *bytes += c->bytes_changed; /* else counted in the resize */
    for (size_t i = c->offset; i < c->offset + c->length && st == Z3_OK;) {
      if (in_checksum(s, i) || s->rom->data.data[i] == byte_or_zero(s->base, i)) {
        i++;
        continue;
      }
      z3_byte_range r = {i, 0};
      while (i < c->offset + c->length && !in_checksum(s, i) && s->rom->data.data[i] != byte_or_zero(s->base, i)) i++;
      r.length = i - r.offset;
      st = z3_buf_append(&out, &r, sizeof r, err);
    }
  }
  *runs = (z3_byte_range *)out.data;
  *run_count = out.len / sizeof(z3_byte_range);
  if (st) {
    z3_buf_release(&out);
    *runs = NULL;
    *run_count = 0;
  }
  return st;
}

static json_t *conflict_json(const z3_rom *real, const z3_prop_change *c, size_t at) {
  json_t *o = json_object();
  json_object_set_new(o, "change", json_integer((json_int_t)c->index));
  json_object_set_new(o, "resource", c->resource ? json_string(c->resource) : json_null());
  json_object_set_new(o, "offset", json_integer((json_int_t)at));
  uint32_t addr;
  char text[10];
  if (z3_rom_to_snes(real, at, &addr, NULL) == Z3_OK) {
    z3_snes_format_address(addr, text);
    json_object_set_new(o, "address", json_string(text));
  }
  return o;
}

/* Does the real ROM hold, in c's range, something other than base (and other than the proposal)? */
static bool range_conflicts(const z3_change_set *s, const z3_prop_change *c, const z3_rom *real,
                            size_t *first) {
  bool differs_from_base = false, already_applied = true;
  for (size_t i = c->offset; i < c->offset + c->length; i++) {
    if (in_checksum(s, i)) continue;
    uint8_t now = byte_or_zero(real, i);
    if (now != byte_or_zero(s->base, i) && !differs_from_base) {
      differs_from_base = true;
      *first = i;
    }
    already_applied &= now == s->rom->data.data[i];
  }
  return differs_from_base && !already_applied;
}

json_t *z3_prop__conflicts(const z3_change_set *s, const size_t *sel, size_t n, const z3_rom *real) {
  json_t *list = json_array();
  for (size_t k = 0; k < n; k++) {
    const z3_prop_change *c = &s->changes[sel[k] - 1];
    size_t first = c->offset;
    bool conflict;
    if (c->resize) {
      conflict = real->data.len != s->base->data.len && real->data.len != s->rom->data.len;
    } else {
      conflict = range_conflicts(s, c, real, &first);
    }
    if (!conflict) continue;
    json_t *o = conflict_json(real, c, first);
    if (c->resize) json_object_set_new(o, "size", json_integer((json_int_t)real->data.len));
    json_array_append_new(list, o);
  }
  return list;
}

static z3_status write_range(const z3_change_set *s, const z3_prop_change *c, const char *reason,
                             z3_rom *real, z3_error *err) {
  z3_status st = Z3_OK;
  for (size_t i = c->offset; i < c->offset + c->length && st == Z3_OK;) {
    if (in_checksum(s, i)) {
      i++;
      continue;
    }
    size_t start = i;
    while (i < c->offset + c->length && !in_checksum(s, i)) i++;
    if (i > real->data.len) {
      return z3_error_set(err, Z3_E_INVALID, "change %zu lies past the end of the %zu-byte ROM",
                          c->index, real->data.len);
    }
    st = z3_rom_write(real, start, s->rom->data.data + start, i - start, reason, err);
  }
  return st;
}

z3_status z3_prop__apply(const z3_change_set *s, const size_t *sel, size_t n, int64_t id,
                         z3_rom *real, z3_error *err) {
  z3_status st = Z3_OK;
  for (size_t k = 0; k < n && st == Z3_OK; k++) {
    const z3_prop_change *c = &s->changes[sel[k] - 1];
    char *reason = c->resource ? z3_strfmt("proposal %lld: %s", (long long)id, c->resource)
                               : z3_strfmt("proposal %lld change %zu", (long long)id, c->index);
    if (!reason) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    st = c->resize ? z3_rom_resize(real, s->rom->data.len, reason, err) : write_range(s, c, reason, real, err);
    z3_free(reason);
  }
  return st;
}

/* ---- the record of an accept --------------------------------------------------- */

static char *hex_all(const uint8_t *bytes, size_t len) {
  char *out = z3_malloc(len * 2 + 1);
  if (!out) return NULL;
  static const char digits[] = "0123456789abcdef";
  for (size_t i = 0; i < len; i++) {
    out[2 * i] = digits[bytes[i] >> 4];
    out[2 * i + 1] = digits[bytes[i] & 15];
  }
  out[len * 2] = '\0';
  return out;
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Decodes into out (caller frees); false on bad text. */
static bool unhex(const char *text, z3_buf *out) {
  size_t n = text ? strlen(text) : 0;
  if (!text || n % 2 || z3_buf_resize(out, n / 2, NULL)) return false;
  for (size_t i = 0; i < n / 2; i++) {
    int hi = hex_digit(text[2 * i]), lo = hex_digit(text[2 * i + 1]);
    if (hi < 0 || lo < 0) return false;
    out->data[i] = (uint8_t)(hi << 4 | lo);
  }
  return true;
}

json_t *z3_prop__writes_json(const z3_rom *real, bool full) {
  json_t *list = json_array();
  for (size_t i = 0; i < real->change_count; i++) {
    const z3_change *c = &real->changes[i];
    if (z3_change_is_noop(c)) continue;
    char *old = full ? hex_all(c->old_bytes, c->old_len) : z3_hex_string(c->old_bytes, c->old_len, BYTES_SHOWN);
    char *now = full ? hex_all(c->new_bytes, c->new_len) : z3_hex_string(c->new_bytes, c->new_len, BYTES_SHOWN);
    json_t *o = json_pack("{s:I,s:I,s:s,s:s,s:s}", "offset", (json_int_t)c->offset, "length",
                          (json_int_t)c->new_len, "old", old ? old : "", "new", now ? now : "",
                          "reason", c->reason ? c->reason : "");
    if (c->old_len != c->new_len) json_object_set_new(o, "old_length", json_integer((json_int_t)c->old_len));
    uint32_t addr;
    char text[10];
    if (!full && z3_rom_to_snes(real, c->offset, &addr, NULL) == Z3_OK) {
      z3_snes_format_address(addr, text);
      json_object_set_new(o, "address", json_string(text));
    }
    z3_free(old);
    z3_free(now);
    json_array_append_new(list, o);
  }
  return list;
}

/* One write of accepted.json, undone if the bytes it wrote are still there. */
static z3_status unapply_one(const json_t *w, int64_t id, size_t cs, z3_rom *real, json_t *conflicts,
                             z3_error *err) {
  z3_buf old, now;
  z3_buf_init(&old);
  z3_buf_init(&now);
  json_int_t off = json_integer_value(json_object_get(w, "offset"));
  const char *reason = json_string_value(json_object_get(w, "reason"));
  z3_status st = Z3_OK;
  if (off < 0 || !unhex(json_string_value(json_object_get(w, "old")), &old) ||
      !unhex(json_string_value(json_object_get(w, "new")), &now)) {
    st = z3_error_set(err, Z3_E_INVALID, "accepted.json of proposal %lld is damaged", (long long)id);
  }
  size_t at = (size_t)off;
  bool same = st == Z3_OK && (old.len == now.len ? at + now.len <= real->data.len : real->data.len == at + now.len);
  for (size_t i = 0; same && i < now.len; i++) {
    bool checksum = at + i >= cs && at + i < cs + CHECKSUM_PAIR;
    same = checksum || real->data.data[at + i] == now.data[i];
  }
  if (st == Z3_OK && !same) {
    uint32_t addr;
    char text[10] = "?";
    if (z3_rom_to_snes(real, at, &addr, NULL) == Z3_OK) z3_snes_format_address(addr, text);
    json_array_append_new(conflicts, json_pack("{s:I,s:s,s:I,s:s}", "offset", (json_int_t)at, "address",
                                               text, "length", (json_int_t)now.len, "reason", reason ? reason : ""));
  }
  char *why = z3_strfmt("revert of %s", reason && *reason ? reason : "a write");
  if (st == Z3_OK && !why) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK && same && old.len != now.len) st = z3_rom_resize(real, at + old.len, why, err);
  if (st == Z3_OK && same && old.len) st = z3_rom_write(real, at, old.data, old.len, why, err);
  z3_free(why);
  z3_buf_release(&old);
  z3_buf_release(&now);
  return st;
}

/* Writes are undone last first: a later write may have covered an earlier one. */
z3_status z3_prop__unapply(const json_t *accepted, int64_t id, z3_rom *real, json_t **conflicts,
                           z3_error *err) {
  *conflicts = json_array();
  const json_t *writes = json_object_get(accepted, "writes");
  if (!json_is_array(writes)) {
    return z3_error_set(err, Z3_E_INVALID, "accepted.json of proposal %lld lists no writes", (long long)id);
  }
  size_t cs = z3_rom_header_offset(real) + 0x1C;
  z3_status st = Z3_OK;
  for (size_t i = json_array_size(writes); i-- > 0 && st == Z3_OK;) {
    st = unapply_one(json_array_get(writes, i), id, cs, real, *conflicts, err);
  }
  return st;
}
