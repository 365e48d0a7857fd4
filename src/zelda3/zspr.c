/* ZSPR files: reading and writing (zspr.h has the layout). */
#include "zelda3/zspr.h"

#include <string.h>

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static void wr16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static void wr32(uint8_t *p, uint32_t v) { wr16(p, v & 0xFFFF), wr16(p + 2, v >> 16); }

/* Appends code point cp as UTF-8 (at most 4 bytes). */
static size_t utf8_put(char *out, uint32_t cp) {
  if (cp < 0x80) return out[0] = (char)cp, 1;
  if (cp < 0x800) return out[0] = (char)(0xC0 | cp >> 6), out[1] = (char)(0x80 | (cp & 0x3F)), 2;
  if (cp < 0x10000) {
    out[0] = (char)(0xE0 | cp >> 12), out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = (char)(0xF0 | cp >> 18), out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  out[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), out[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

/* A UTF-16LE string ended by 0x0000 at data[*at], as UTF-8; *at moves past the terminator. */
static z3_status read_utf16(const uint8_t *data, size_t len, size_t *at, const char *what, char **out,
                            z3_error *err) {
  char *s = z3_malloc(Z3_ZSPR_NAME_MAX * 4 + 1);
  if (!s) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  size_t n = 0, chars = 0, p = *at;
  for (;;) {
    if (p + 2 > len) {
      z3_free(s);
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)p, "%s: the file ends at 0x%zX inside the string", what, len);
    }
    uint32_t u = rd16(data + p);
    p += 2;
    if (u == 0) break;
    if (u >= 0xD800 && u < 0xDC00 && p + 2 <= len && rd16(data + p) >= 0xDC00 && rd16(data + p) < 0xE000) {
      u = 0x10000 + ((u - 0xD800) << 10) + (rd16(data + p) - 0xDC00);
      p += 2;
    } else if (u >= 0xD800 && u < 0xE000) {
      z3_free(s);
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)(p - 2), "%s: unpaired UTF-16 surrogate 0x%04X at 0x%zX",
                             what, (unsigned)u, p - 2);
    }
    if (++chars > Z3_ZSPR_NAME_MAX) {
      z3_free(s);
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)*at, "%s at 0x%zX is longer than %d characters", what, *at,
                             Z3_ZSPR_NAME_MAX);
    }
    n += utf8_put(s + n, u);
  }
  s[n] = 0;
  *at = p, *out = s;
  return Z3_OK;
}

static z3_status read_ascii(const uint8_t *data, size_t len, size_t *at, char **out, z3_error *err) {
  size_t p = *at;
  while (p < len && data[p] && p - *at <= Z3_ZSPR_NAME_MAX) {
    if (data[p] < 0x20 || data[p] > 0x7E)
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)p, "author short name: byte 0x%02X at 0x%zX is not printable ASCII",
                             data[p], p);
    p++;
  }
  if (p >= len) return z3_error_set_at(err, Z3_E_INVALID, (int64_t)*at, "author short name: the file ends inside it");
  if (p - *at > Z3_ZSPR_NAME_MAX)
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)*at, "author short name is longer than %d characters", Z3_ZSPR_NAME_MAX);
  *out = z3_malloc(p - *at + 1);
  if (!*out) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  memcpy(*out, data + *at, p - *at);
  (*out)[p - *at] = 0;
  *at = p + 1;
  return Z3_OK;
}

static z3_status check_range(size_t len, uint32_t off, size_t size, const char *what, z3_error *err) {
  if ((uint64_t)off + size <= len) return Z3_OK;
  return z3_error_set_at(err, Z3_E_INVALID, (int64_t)off,
                         "%s data at 0x%X (0x%zX bytes) runs past the end of the file (0x%zX bytes): truncated", what,
                         (unsigned)off, size, len);
}

static uint16_t file_sum(const uint8_t *data, size_t len) {
  uint32_t sum = 0;
  for (size_t i = 0; i < len; i++) sum += data[i];
  return (uint16_t)sum;
}

z3_status z3_zspr_parse(const uint8_t *data, size_t len, z3_zspr *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  if (len < 4 || memcmp(data, "ZSPR", 4) != 0) return z3_error_set_at(err, Z3_E_INVALID, 0, "not a ZSPR file: no \"ZSPR\" magic at offset 0");
  if (len < Z3_ZSPR_HEADER_SIZE)
    return z3_error_set(err, Z3_E_INVALID, "ZSPR header needs 0x%X bytes, the file has 0x%zX: truncated", Z3_ZSPR_HEADER_SIZE, len);
  out->version = data[4];
  if (out->version != Z3_ZSPR_VERSION)
    return z3_error_set_at(err, Z3_E_INVALID, 4, "ZSPR format version %d at offset 4 is not supported (only 1)", out->version);
  out->checksum = rd16(data + 5), out->complement = rd16(data + 7);
  out->checksum_ok = file_sum(data, len) == out->checksum && (unsigned)out->checksum + out->complement == 0xFFFFu;
  out->pixels_offset = rd32(data + 9), out->pixels_size = rd16(data + 0x0D);
  out->palette_offset = rd32(data + 0x0F), out->palette_size = rd16(data + 0x13);
  out->sprite_type = rd16(data + 0x15);
  size_t at = Z3_ZSPR_HEADER_SIZE;
  z3_status st = read_utf16(data, len, &at, "display name", &out->name, err);
  if (st == Z3_OK) st = read_utf16(data, len, &at, "author", &out->author, err);
  if (st == Z3_OK) st = read_ascii(data, len, &at, &out->author_short, err);
  if (st == Z3_OK) st = check_range(len, out->pixels_offset, out->pixels_size, "pixel", err);
  if (st == Z3_OK) st = check_range(len, out->palette_offset, out->palette_size, "palette", err);
  if (st) {
    z3_zspr_release(out);
    return st;
  }
  out->pixels = data + out->pixels_offset, out->palette = data + out->palette_offset;
  return Z3_OK;
}

void z3_zspr_release(z3_zspr *z) {
  z3_free(z->name), z3_free(z->author), z3_free(z->author_short);
  z->name = z->author = z->author_short = NULL;
}

/* The next code point of UTF-8 text, or -1 when the bytes are not UTF-8. */
static int32_t utf8_next(const unsigned char **s) {
  const unsigned char *p = *s;
  int n = p[0] < 0x80 ? 0 : (p[0] & 0xE0) == 0xC0 ? 1 : (p[0] & 0xF0) == 0xE0 ? 2 : (p[0] & 0xF8) == 0xF0 ? 3 : -1;
  if (n < 0) return -1;
  int32_t cp = n == 0 ? p[0] : p[0] & (0x3F >> n);
  for (int i = 1; i <= n; i++) {
    if ((p[i] & 0xC0) != 0x80) return -1;
    cp = cp << 6 | (p[i] & 0x3F);
  }
  static const int32_t least[4] = {0, 0x80, 0x800, 0x10000};
  if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000)) return -1;
  *s = p + n + 1;
  return cp;
}

static z3_status put_utf16(z3_buf *out, const char *text, const char *what, z3_error *err) {
  const unsigned char *s = (const unsigned char *)(text ? text : "");
  size_t chars = 0;
  z3_status st = Z3_OK;
  while (*s && st == Z3_OK) {
    int32_t cp = utf8_next(&s);
    if (cp < 0) return z3_error_set(err, Z3_E_USAGE, "%s is not valid UTF-8", what);
    if (++chars > Z3_ZSPR_NAME_MAX) return z3_error_set(err, Z3_E_USAGE, "%s is longer than %d characters", what, Z3_ZSPR_NAME_MAX);
    uint8_t w[4];
    if (cp >= 0x10000) {
      wr16(w, 0xD800 + ((unsigned)(cp - 0x10000) >> 10)), wr16(w + 2, 0xDC00 + ((unsigned)(cp - 0x10000) & 0x3FF));
      st = z3_buf_append(out, w, 4, err);
    } else {
      wr16(w, (unsigned)cp);
      st = z3_buf_append(out, w, 2, err);
    }
  }
  return st ? st : z3_buf_append(out, "\0", 2, err);
}

static z3_status put_ascii(z3_buf *out, const char *text, z3_error *err) {
  text = text ? text : "";
  size_t n = strlen(text);
  if (n > Z3_ZSPR_NAME_MAX) return z3_error_set(err, Z3_E_USAGE, "author short name is longer than %d characters", Z3_ZSPR_NAME_MAX);
  for (size_t i = 0; i < n; i++)
    if (text[i] < 0x20 || text[i] > 0x7E)
      return z3_error_set(err, Z3_E_USAGE, "author short name must be printable ASCII; character %zu is not", i + 1);
  return z3_buf_append(out, text, n + 1, err);
}

z3_status z3_zspr_write(z3_buf *out, const z3_zspr_fields *f, z3_error *err) {
  if (f->pixels_size > 0xFFFF || f->palette_size > 0xFFFF)
    return z3_error_set(err, Z3_E_INVALID, "ZSPR data blocks hold at most 0xFFFF bytes");
  size_t start = out->len;
  uint8_t header[Z3_ZSPR_HEADER_SIZE] = {'Z', 'S', 'P', 'R', Z3_ZSPR_VERSION};
  wr16(header + 0x15, (unsigned)f->sprite_type);
  z3_status st = z3_buf_append(out, header, sizeof header, err);
  if (st == Z3_OK) st = put_utf16(out, f->name, "--name", err);
  if (st == Z3_OK) st = put_utf16(out, f->author, "--author", err);
  if (st == Z3_OK) st = put_ascii(out, f->author_short, err);
  size_t pixels_at = out->len - start, palette_at = pixels_at + f->pixels_size;
  if (st == Z3_OK) st = z3_buf_append(out, f->pixels, f->pixels_size, err);
  if (st == Z3_OK) st = z3_buf_append(out, f->palette, f->palette_size, err);
  if (st) {
    out->len = start;
    return st;
  }
  uint8_t *h = out->data + start;
  wr32(h + 9, (uint32_t)pixels_at), wr16(h + 0x0D, (unsigned)f->pixels_size);
  wr32(h + 0x0F, (uint32_t)palette_at), wr16(h + 0x13, (unsigned)f->palette_size);
  /* The checksum words are still zero, so the sum is of every other byte. */
  uint16_t sum = (uint16_t)(file_sum(h, out->len - start) + 0x1FE);
  wr16(h + 5, sum), wr16(h + 7, sum ^ 0xFFFFu);
  return Z3_OK;
}
