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

bool z3_text_dict_equal(const z3_text_dict *a, const z3_text_dict *b) {
  size_t n = a->start[Z3_TEXT_DICT_COUNT];
  return memcmp(a->start, b->start, sizeof a->start) == 0 && memcmp(a->data, b->data, n) == 0;
}

z3_status z3_text_dict_entry_text(const z3_text_dict *dict, int n, z3_buf *out, z3_error *err) {
  return z3_text_decode(dict, dict->data + dict->start[n], (size_t)(dict->start[n + 1] - dict->start[n]),
                        true, out, err);
}

/* An entry's text to its bytes: characters, symbols and [BYTE:xx] below the
 * commands, as the game's word lookup copies them to the screen unread. */
static z3_status entry_bytes(const z3_text_dict *dict, int n, const char *text, bool may_be_empty, z3_buf *out,
                             z3_error *err) {
  z3_status st = z3_text_encode(dict, text, false, out, err);
  if (st) return st;
  if (out->len == 0 && !may_be_empty)
    return z3_error_set(err, Z3_E_INVALID, "dictionary entry 0x%02X would be empty; an entry needs at "
                        "least one character", n);
  for (size_t i = 0; i < out->len; i++) {
    if (out->data[i] < Z3_TEXT_CMD_FIRST) continue;
    z3_error_set(err, Z3_E_INVALID, "dictionary entry 0x%02X: '%s' holds byte 0x%02X, a command or "
                 "dictionary byte", n, text, out->data[i]);
    z3_error_hint(err, "entries hold characters and symbols only ([UP], [A], [...] are fine)");
    return Z3_E_INVALID;
  }
  return Z3_OK;
}

static bool entry_empty(const z3_text_dict *d, int n) {
  return d && d->start[n] == d->start[n + 1];
}

z3_status z3_text_dict_build(const char *const texts[Z3_TEXT_DICT_COUNT], const z3_text_dict *was,
                             z3_text_dict *out, int *bad, z3_error *err) {
  z3_text_dict d;
  z3_buf b;
  z3_buf_init(&b);
  size_t at = 0;
  z3_status st = Z3_OK;
  for (int n = 0; n < Z3_TEXT_DICT_COUNT && st == Z3_OK; n++) {
    *bad = n;
    /* no compression: d's entries are never read */
    st = entry_bytes(&d, n, texts[n], entry_empty(was, n), &b, err);
    if (st == Z3_OK && at + b.len > Z3_TEXT_DICT_DATA_MAX)
      st = z3_error_set(err, Z3_E_INVALID, "the dictionary entries take more than %d bytes",
                        Z3_TEXT_DICT_DATA_MAX);
    if (st) break;
    d.start[n] = (uint16_t)at;
    memcpy(d.data + at, b.data, b.len);
    at += b.len;
  }
  z3_buf_release(&b);
  if (st) return st;
  d.start[Z3_TEXT_DICT_COUNT] = (uint16_t)at;
  *out = d;
  return Z3_OK;
}

z3_status z3_text_dict_set_entry(z3_text_dict *dict, int n, const char *text, z3_error *err) {
  if (n < 0 || n >= Z3_TEXT_DICT_COUNT)
    return z3_error_set(err, Z3_E_NOT_FOUND, "dictionary entry %d does not exist (entries 0x00-0x%02X)", n,
                        Z3_TEXT_DICT_COUNT - 1);
  z3_buf b;
  z3_buf_init(&b);
  z3_status st = entry_bytes(dict, n, text, false, &b, err);
  size_t old_len = (size_t)(dict->start[n + 1] - dict->start[n]), total = dict->start[Z3_TEXT_DICT_COUNT];
  if (st == Z3_OK && total - old_len + b.len > Z3_TEXT_DICT_DATA_MAX)
    st = z3_error_set(err, Z3_E_INVALID, "the dictionary entries would take more than %d bytes",
                      Z3_TEXT_DICT_DATA_MAX);
  if (st == Z3_OK) {
    uint8_t *tail = dict->data + dict->start[n + 1];
    memmove(dict->data + dict->start[n] + b.len, tail, total - dict->start[n + 1]);
    memcpy(dict->data + dict->start[n], b.data, b.len);
    for (int k = n + 1; k <= Z3_TEXT_DICT_COUNT; k++)
      dict->start[k] = (uint16_t)(dict->start[k] - old_len + b.len);
  }
  z3_buf_release(&b);
  return st;
}

/* Where the ROM keeps the entries and how many bytes may go there: the
 * game's 274 bytes before the code at 0x748D9, or, for a dictionary a hack
 * moved, only the bytes it takes now (what follows it is unknown). */
static void data_region(const z3_rom *rom, size_t *base, size_t *cap) {
  const uint8_t *d = rom->data.data + Z3_TEXT_DICT_PTR_PC;
  size_t first = DICT_BANK_PC + ((d[0] | d[1] << 8) & 0x7FFF);
  size_t last = DICT_BANK_PC + ((d[2 * Z3_TEXT_DICT_COUNT] | d[2 * Z3_TEXT_DICT_COUNT + 1] << 8) & 0x7FFF);
  *base = first;
  *cap = first == Z3_TEXT_DICT_DATA_PC ? Z3_TEXT_DICT_DATA_END_PC - first : last - first;
}

size_t z3_text_dict_capacity(const z3_rom *rom) {
  size_t base, cap;
  data_region(rom, &base, &cap);
  return cap;
}

z3_status z3_text_dict_check_fits(const z3_rom *rom, const z3_text_dict *dict, z3_error *err) {
  if (rom->data.len < Z3_TEXT_DICT_DATA_END_PC)
    return z3_error_set(err, Z3_E_INVALID, "the ROM is too small for the text dictionary");
  size_t base, cap, need = dict->start[Z3_TEXT_DICT_COUNT];
  data_region(rom, &base, &cap);
  if (need <= cap) return Z3_OK;
  z3_error_set(err, Z3_E_INVALID, "the dictionary does not fit: its entries need %zu bytes, its space at "
               "0x%zX holds %zu (code follows)", need, base, cap);
  z3_error_hint(err, "shorten other entries by %zu byte%s first", need - cap, need - cap == 1 ? "" : "s");
  return Z3_E_INVALID;
}

z3_status z3_text_dict_write(z3_rom *rom, const z3_text_dict *dict, z3_error *err) {
  z3_status st = z3_text_dict_check_fits(rom, dict, err);
  if (st) return st;
  size_t base, cap;
  data_region(rom, &base, &cap);
  uint8_t ptrs[2 * (Z3_TEXT_DICT_COUNT + 1)];
  for (int n = 0; n <= Z3_TEXT_DICT_COUNT; n++) {
    unsigned w = 0x8000u | (unsigned)(base - DICT_BANK_PC + dict->start[n]);
    ptrs[2 * n] = (uint8_t)w, ptrs[2 * n + 1] = (uint8_t)(w >> 8);
  }
  st = z3_rom_write_changed(rom, Z3_TEXT_DICT_PTR_PC, ptrs, sizeof ptrs, 16, "text dictionary pointers", err);
  if (st) return st;
  return z3_rom_write_changed(rom, base, dict->data, dict->start[Z3_TEXT_DICT_COUNT], 16,
                              "text dictionary entries", err);
}
