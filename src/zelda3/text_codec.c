/* One message's bytes ↔ readable text; see text.h for the token syntax. */
#include <string.h>
#include <strings.h>

#include "zelda3/text.h"
#include "zelda3/text_internal.h"

/* Bytes 0x00-0x5E (world reference §5.2): a character or a symbol's token. */
static const char *const glyphs[Z3_TEXT_GLYPH_COUNT] = {
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P",
    "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "a", "b", "c", "d", "e", "f",
    "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v",
    "w", "x", "y", "z", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "!", "?",
    "-", ".", ",", "[...]", ">", "(", ")", "[HY0]", "[HY1]", "[HY2]", "[LFL]", "[LFR]",
    "\"", "[UP]", "[DOWN]", "[LEFT]", "[RIGHT]", "'", "[HP1L]", "[HP1R]", "[HP2L]", "[HP3L]",
    "[HP3R]", "[HP4L]", "[HP4R]", " ", "<", "[A]", "[B]", "[X]", "[Y]",
};

/* Commands 0x67-0x7E (§5.4); NULL name = no token of its own ([BYTE:xx]). */
static const z3_text_command commands[] = {
    {0x67, "IMG", 0},  {0x68, "CH2I", 0}, {0x69, "CHI", 0}, {0x6A, "L", 0},
    {0x6B, "W", 1},    {0x6C, "N", 1},    {0x6D, "P", 1},   {0x6E, "SPD", 1},
    {0x6F, "CH2L", 0}, {0x70, "NONO", 0}, {0x71, "CH3", 0}, {0x72, "CH2", 0},
    {0x73, "V", 0},    {0x74, "1", 0},    {0x75, "2", 0},   {0x76, "3", 0},
    {0x77, "C", 1},    {0x78, "WT", 1},   {0x79, "SFX", 1}, {0x7A, "S", 1},
    {0x7B, NULL, 0},   {0x7C, NULL, 0},   {0x7D, NULL, 0},  {0x7E, "K", 0},
};

const char *z3_text__glyph(uint8_t byte) {
  return byte < Z3_TEXT_GLYPH_COUNT ? glyphs[byte] : NULL;
}

const z3_text_command *z3_text__command(uint8_t byte) {
  if (byte < Z3_TEXT_CMD_FIRST || byte > Z3_TEXT_CMD_LAST) return NULL;
  return &commands[byte - Z3_TEXT_CMD_FIRST];
}

const z3_text_command *z3_text__command_named(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
    const char *n = commands[i].name;
    if (n && strlen(n) == len && strncasecmp(n, name, len) == 0) return &commands[i];
  }
  return NULL;
}

int z3_text__glyph_named(const char *token, size_t len) {
  for (int i = 0; i < Z3_TEXT_GLYPH_COUNT; i++) {
    if (glyphs[i][0] == '[' && strlen(glyphs[i]) == len && strncasecmp(glyphs[i], token, len) == 0)
      return i;
  }
  return -1;
}

/* The bytes that stand for nothing but themselves ([BYTE:xx]): inside a
 * message they are harmless to the stream structure (the game's message scan
 * steps over them as one byte), though the game draws 0x81-0x87 and 0xE9-0xFE
 * as out-of-range dictionary entries. */
bool z3_text__is_plain_byte(uint8_t b) {
  return (b >= Z3_TEXT_GLYPH_COUNT && b < Z3_TEXT_CMD_FIRST) || (b >= 0x7B && b <= 0x7D) ||
         (b > Z3_TEXT_BANK_SWITCH && b < Z3_TEXT_DICT_BASE) ||
         (b >= Z3_TEXT_DICT_BASE + Z3_TEXT_DICT_COUNT && b < Z3_TEXT_FINISH);
}

static z3_status emit_entry(const z3_text_dict *dict, int n, bool expand, z3_buf *out) {
  if (!expand) return z3_buf_printf(out, "[D:%02X]", n);
  for (unsigned i = dict->start[n]; i < dict->start[n + 1]; i++) {
    uint8_t c = dict->data[i];
    z3_status st = c < Z3_TEXT_GLYPH_COUNT ? z3_buf_append(out, glyphs[c], strlen(glyphs[c]), NULL)
                                           : z3_buf_printf(out, "[BYTE:%02X]", c);
    if (st) return st;
  }
  return Z3_OK;
}

z3_status z3_text_decode(const z3_text_dict *dict, const uint8_t *bytes, size_t len, bool expand,
                         z3_buf *out, z3_error *err) {
  out->len = 0;
  z3_status st = z3_buf_printf(out, "%s", "");
  for (size_t i = 0; i < len && st == Z3_OK; i++) {
    uint8_t b = bytes[i];
    const z3_text_command *cmd = z3_text__command(b);
    if (b < Z3_TEXT_GLYPH_COUNT) {
      st = z3_buf_append(out, glyphs[b], strlen(glyphs[b]), NULL);
    } else if (cmd && cmd->name && cmd->args) {
      if (i + 1 >= len)
        return z3_error_set_at(err, Z3_E_INVALID, (int64_t)i,
                               "command [%s] at byte %zu has no argument byte", cmd->name, i);
      st = z3_buf_printf(out, "[%s:%02X]", cmd->name, bytes[++i]);
    } else if (cmd && cmd->name) {
      st = z3_buf_printf(out, "[%s]", cmd->name);
    } else if (b >= Z3_TEXT_DICT_BASE && b < Z3_TEXT_DICT_BASE + Z3_TEXT_DICT_COUNT) {
      st = emit_entry(dict, b - Z3_TEXT_DICT_BASE, expand, out);
    } else if (z3_text__is_plain_byte(b)) {
      st = z3_buf_printf(out, "[BYTE:%02X]", b);
    } else {
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)i,
                             "byte 0x%02X at byte %zu cannot occur inside a message (it ends "
                             "the message or the text)", b, i);
    }
  }
  if (st == Z3_OK) st = z3_buf_push(out, 0, NULL); /* keep the text NUL-terminated */
  if (st) return z3_error_set(err, st, "out of memory decoding a message");
  out->len--;
  return Z3_OK;
}
