/* The text dictionary: the game's own entries, and reading a ROM's. */
#include <string.h>

#include "zelda3/text.h"
#include "zelda3/text_internal.h"

/* World reference §5.3, in entry order (byte 0x88 + n). */
static const char *const vanilla_entries[Z3_TEXT_DICT_COUNT] = {
    "    ", "   ",  "  ",   "'s ",  "and ", "are ", "all ", "ain",   "and",  "at ",  "ast",
    "an",   "at",   "ble",  "ba",   "be",   "bo",   "can ", "che",   "com",  "ck",   "des",
    "di",   "do",   "en ",  "er ",  "ear",  "ent",  "ed ",  "en",    "er",   "ev",   "for",
    "fro",  "give ", "get", "go",   "have", "has",  "her",  "hi",    "ha",   "ight ", "ing ",
    "in",   "is",   "it",   "just", "know", "ly ",  "la",   "lo",    "man",  "ma",   "me",
    "mu",   "n't ", "non",  "not",  "open", "ound", "out ", "of",    "on",   "or",   "per",
    "ple",  "pow",  "pro",  "re ",  "re",   "some", "se",   "sh",    "so",   "st",   "ter ",
    "thin", "ter",  "tha",  "the",  "thi",  "to",   "tr",   "up",    "ver",  "with", "wa",
    "we",   "wh",   "wi",   "you",  "Her",  "Tha",  "The",  "Thi",   "You",
};

static uint8_t glyph_byte(char c) {
  for (int b = 0; b < Z3_TEXT_GLYPH_COUNT; b++) {
    const char *g = z3_text__glyph((uint8_t)b);
    if (g[0] == c && g[1] == '\0') return (uint8_t)b;
  }
  return 0; /* not reached: the entries use letters, space and ' only */
}

void z3_text_dict_vanilla(z3_text_dict *out) {
  size_t at = 0;
  for (int n = 0; n < Z3_TEXT_DICT_COUNT; n++) {
    out->start[n] = (uint16_t)at;
    for (const char *c = vanilla_entries[n]; *c; c++) out->data[at++] = glyph_byte(*c);
  }
  out->start[Z3_TEXT_DICT_COUNT] = (uint16_t)at;
}

enum { DICT_BANK_PC = 0x70000 }; /* bank $0E */

z3_status z3_text_dict_read(const z3_rom *rom, z3_text_dict *out, z3_error *err) {
  const uint8_t *d = rom->data.data;
  size_t table_end = Z3_TEXT_DICT_PTR_PC + 2 * (Z3_TEXT_DICT_COUNT + 1);
  if (rom->data.len < table_end)
    return z3_error_set(err, Z3_E_INVALID, "the ROM is too small for the text dictionary at 0x%X",
                        Z3_TEXT_DICT_PTR_PC);
  size_t first = 0, prev = 0;
  for (int n = 0; n <= Z3_TEXT_DICT_COUNT; n++) {
    size_t at = Z3_TEXT_DICT_PTR_PC + 2 * (size_t)n;
    unsigned w = d[at] | d[at + 1] << 8;
    size_t pc = DICT_BANK_PC + (w & 0x7FFF);
    if (w < 0x8000 || (n > 0 && pc < prev) || pc - (n ? first : pc) > Z3_TEXT_DICT_DATA_MAX ||
        pc > rom->data.len) {
      z3_error_set_at(err, Z3_E_INVALID, (int64_t)at,
                      "text dictionary pointer %d at 0x%zX ($0E:%04X) is out of order or out of range",
                      n, at, w);
      z3_error_hint(err, "the 98 words at 0x74703 must ascend within bank $0E");
      return Z3_E_INVALID;
    }
    if (n == 0) first = pc;
    out->start[n] = (uint16_t)(pc - first);
    prev = pc;
  }
  memcpy(out->data, d + first, prev - first);
  for (int n = 0; n < Z3_TEXT_DICT_COUNT; n++) {
    for (unsigned i = out->start[n]; i < out->start[n + 1]; i++) {
      if (out->data[i] >= Z3_TEXT_CMD_FIRST)
        return z3_error_set_at(err, Z3_E_INVALID, (int64_t)(first + i),
                               "text dictionary entry 0x%02X holds byte 0x%02X at 0x%zX, which is "
                               "not a character", n, out->data[i], first + i);
    }
  }
  return Z3_OK;
}
