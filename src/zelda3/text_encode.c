/* Readable text → message bytes: token parsing, then dictionary compression. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "zelda3/text.h"
#include "zelda3/text_internal.h"

#define TOKEN_HINT                                                                             \
  "tokens: [1] [2] [3] [V] [K] for lines and waits, [W:xx] [C:xx] [S:xx] ... for commands with " \
  "a hex argument, [UP] [A] [...] ... for symbols, [D:xx] for a dictionary entry; see docs/messages.md"

/* A parsed message before compression: each byte, and whether it is a plain
 * character the dictionary may replace (command bytes, their arguments and
 * explicit [D:xx] / [BYTE:xx] tokens are kept as written). */
typedef struct parsed {
  z3_buf bytes;
  z3_buf literal; /* one flag byte per entry of bytes */
} parsed;

static z3_status put(parsed *p, uint8_t b, bool literal) {
  z3_status st = z3_buf_push(&p->bytes, b, NULL);
  return st ? st : z3_buf_push(&p->literal, literal, NULL);
}

/* Byte of each ASCII character the font has, or -1. */
static void ascii_glyphs(int16_t table[128]) {
  for (int c = 0; c < 128; c++) table[c] = -1;
  for (int b = 0; b < Z3_TEXT_GLYPH_COUNT; b++) {
    const char *g = z3_text__glyph((uint8_t)b);
    if (g[1] == '\0') table[(unsigned char)g[0]] = (int16_t)b;
  }
}

/* One or two hex digits. */
static bool parse_hex_byte(const char *s, size_t len, uint8_t *out) {
  if (len < 1 || len > 2) return false;
  unsigned v = 0;
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
          : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return false;
    v = v * 16 + (unsigned)d;
  }
  *out = (uint8_t)v;
  return true;
}

/* Token with an argument: [D:xx], [BYTE:xx] or a command. */
static z3_status token_with_arg(parsed *p, const char *name, size_t nlen, const char *arg,
                                size_t alen, size_t at, z3_error *err) {
  uint8_t v;
  if (!parse_hex_byte(arg, alen, &v)) {
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at,
                           "token [%.*s:%.*s] at offset %zu: the argument must be a hex byte (00-FF)",
                           (int)nlen, name, (int)alen, arg, at);
  }
  if (nlen == 1 && (name[0] == 'D' || name[0] == 'd')) {
    if (v >= Z3_TEXT_DICT_COUNT)
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at,
                             "token [D:%02X] at offset %zu: the dictionary has entries 00-%02X", v,
                             at, Z3_TEXT_DICT_COUNT - 1);
    return put(p, (uint8_t)(Z3_TEXT_DICT_BASE + v), false);
  }
  if (nlen == 4 && strncasecmp(name, "BYTE", 4) == 0) {
    if (!z3_text__is_plain_byte(v)) {
      z3_error_set_at(err, Z3_E_INVALID, (int64_t)at,
                      "token [BYTE:%02X] at offset %zu: byte 0x%02X has a meaning of its own", v, at, v);
      z3_error_hint(err, "write it as its character or token; [BYTE:xx] is for 5F-66, 7B-7D, 81-87, E9-FE");
      return Z3_E_INVALID;
    }
    return put(p, v, false);
  }
  const z3_text_command *cmd = z3_text__command_named(name, nlen);
  if (!cmd) return Z3_E_NOT_FOUND;
  if (!cmd->args)
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at,
                           "token [%s] at offset %zu takes no argument", cmd->name, at);
  z3_status st = put(p, cmd->byte, false);
  return st ? st : put(p, v, false);
}

static z3_status token(parsed *p, const char *body, size_t len, size_t at, z3_error *err) {
  if (len == 3 && memcmp(body, "...", 3) == 0) return put(p, 0x43, true);
  const char *colon = memchr(body, ':', len);
  z3_status st;
  if (colon) {
    st = token_with_arg(p, body, (size_t)(colon - body), colon + 1, len - (size_t)(colon - body) - 1,
                        at, err);
    if (st != Z3_E_NOT_FOUND) return st;
  } else {
    char bracketed[40];
    int g = len + 2 < sizeof bracketed
                ? (snprintf(bracketed, sizeof bracketed, "[%.*s]", (int)len, body),
                   z3_text__glyph_named(bracketed, len + 2))
                : -1;
    if (g >= 0) return put(p, (uint8_t)g, true);
    const z3_text_command *cmd = z3_text__command_named(body, len);
    if (cmd && cmd->args)
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at,
                             "token [%s] at offset %zu needs an argument, e.g. [%s:00]", cmd->name,
                             at, cmd->name);
    if (cmd) return put(p, cmd->byte, false);
  }
  z3_error_set_at(err, Z3_E_INVALID, (int64_t)at, "unknown token [%.*s] at offset %zu",
                  (int)(len > 40 ? 40 : len), body, at);
  z3_error_hint(err, TOKEN_HINT);
  return Z3_E_INVALID;
}

/* Names a character the font lacks: printable ASCII as itself, the rest as a
 * code point. */
static z3_status unencodable(const char *text, size_t at, z3_error *err) {
  const unsigned char *s = (const unsigned char *)text + at;
  char what[48];
  if (*s >= 0x20 && *s < 0x7F) {
    snprintf(what, sizeof what, "'%c'", *s);
  } else if (*s < 0x80) {
    snprintf(what, sizeof what, "0x%02X (%s)", *s, *s == '\n' ? "a newline" : "a control character");
  } else {
    unsigned cp = 0;
    int extra = *s >= 0xF0 ? 3 : *s >= 0xE0 ? 2 : *s >= 0xC0 ? 1 : 0;
    cp = *s & (0x3F >> extra);
    for (int i = 1; i <= extra && (s[i] & 0xC0) == 0x80; i++) cp = (cp << 6) | (s[i] & 0x3F);
    snprintf(what, sizeof what, "'%.*s' (U+%04X)", extra + 1, (const char *)s, cp);
  }
  z3_error_set_at(err, Z3_E_INVALID, (int64_t)at, "character %s at offset %zu cannot be encoded",
                  what, at);
  z3_error_hint(err, "the font has A-Z a-z 0-9 ! ? - . , ' \" ( ) < > and space; use [2] [3] [V] "
                     "for new lines, [...] for an ellipsis, [UP] [A] ... for symbols");
  return Z3_E_INVALID;
}

static z3_status parse(const char *text, parsed *p, z3_error *err) {
  int16_t glyph_of[128];
  ascii_glyphs(glyph_of);
  for (size_t i = 0; text[i];) {
    z3_status st;
    if (text[i] == '[') {
      const char *end = strchr(text + i, ']');
      if (!end) {
        z3_error_set_at(err, Z3_E_INVALID, (int64_t)i, "token at offset %zu has no closing ']'", i);
        z3_error_hint(err, TOKEN_HINT);
        return Z3_E_INVALID;
      }
      size_t len = (size_t)(end - text) - i - 1;
      st = token(p, text + i + 1, len, i, err);
      i += len + 2;
    } else if ((unsigned char)text[i] == 0xE2 && (unsigned char)text[i + 1] == 0x80 &&
               (unsigned char)text[i + 2] == 0xA6) { /* "…" */
      st = put(p, 0x43, true);
      i += 3;
    } else {
      int g = (unsigned char)text[i] < 128 ? glyph_of[(unsigned char)text[i]] : -1;
      if (g < 0) return unencodable(text, i, err);
      st = put(p, (uint8_t)g, true);
      i++;
    }
    if (st == Z3_E_NOMEM) return z3_error_set(err, st, "out of memory encoding a message");
    if (st) return st;
  }
  return Z3_OK;
}

/* Length of the longest entry matching literal bytes at i, and its number. */
static size_t longest_entry(const z3_text_dict *dict, const parsed *p, size_t i, int *entry) {
  size_t best = 0;
  for (int n = 0; n < Z3_TEXT_DICT_COUNT; n++) {
    size_t l = (size_t)(dict->start[n + 1] - dict->start[n]);
    if (l <= best || i + l > p->bytes.len || dict->data[dict->start[n]] != p->bytes.data[i]) continue;
    if (memchr(p->literal.data + i, 0, l)) continue;
    if (memcmp(p->bytes.data + i, dict->data + dict->start[n], l) == 0) best = l, *entry = n;
  }
  return best;
}

/* The game's text was compressed this way: at each character, the longest
 * entry that matches (with the vanilla dictionary this is also the first
 * matching entry in dictionary order, since a longer entry precedes each of
 * its prefixes). */
static z3_status compress_runs(const z3_text_dict *dict, const parsed *p, z3_buf *out) {
  for (size_t i = 0; i < p->bytes.len;) {
    int entry = 0;
    size_t l = p->literal.data[i] ? longest_entry(dict, p, i, &entry) : 0;
    z3_status st = l ? z3_buf_push(out, (uint8_t)(Z3_TEXT_DICT_BASE + entry), NULL)
                     : z3_buf_push(out, p->bytes.data[i], NULL);
    if (st) return st;
    i += l ? l : 1;
  }
  return Z3_OK;
}

z3_status z3_text_encode(const z3_text_dict *dict, const char *text, bool compress, z3_buf *out,
                         z3_error *err) {
  parsed p;
  z3_buf_init(&p.bytes);
  z3_buf_init(&p.literal);
  z3_status st = parse(text, &p, err);
  if (st == Z3_OK) {
    out->len = 0;
    if (!compress && p.literal.len) memset(p.literal.data, 0, p.literal.len);
    st = compress_runs(dict, &p, out);
    if (st) z3_error_set(err, st, "out of memory encoding a message");
  }
  z3_buf_release(&p.bytes);
  z3_buf_release(&p.literal);
  return st;
}
