/*
 * The four symbol-file parsers. Each walks the text line by line; a line it
 * is responsible for and cannot read is an error "FILE:LINE: what was
 * expected, got '...'", and nothing is kept.
 */
#include <string.h>
#include <strings.h>

#include "asm/symbols_internal.h"

typedef struct line_iter {
  const char *p, *end;
  int number;
} line_iter;

/* The next line, trimmed of surrounding blanks and '\r'; false at the end. */
static bool next_line(line_iter *it, const char **line, size_t *n) {
  if (it->p >= it->end) return false;
  const char *eol = memchr(it->p, '\n', (size_t)(it->end - it->p));
  const char *stop = eol ? eol : it->end;
  const char *a = it->p, *b = stop;
  while (a < b && (*a == ' ' || *a == '\t' || *a == '\r')) a++;
  while (b > a && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\r')) b--;
  *line = a;
  *n = (size_t)(b - a);
  it->p = eol ? eol + 1 : it->end;
  it->number++;
  return true;
}

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Exactly n (1..8) hex digits. */
static bool parse_hex(const char *p, size_t n, uint32_t *out) {
  if (n == 0 || n > 8) return false;
  uint32_t v = 0;
  for (size_t i = 0; i < n; i++) {
    int d = hex_digit(p[i]);
    if (d < 0) return false;
    v = v << 4 | (uint32_t)d;
  }
  *out = v;
  return true;
}

/* Length of the token at p (up to a blank or the end). */
static size_t token_len(const char *p, size_t n) {
  size_t i = 0;
  while (i < n && !is_blank(p[i])) i++;
  return i;
}

/* A label name: printable, no blanks or control bytes (a NUL would cut it short). */
static bool valid_name(const char *p, size_t n) {
  if (n == 0) return false;
  for (size_t i = 0; i < n; i++)
    if ((unsigned char)p[i] <= 0x20 || p[i] == 0x7F) return false;
  return true;
}

/* A name in another encoding (Latin-1, Shift JIS) is refused where it stands: kept, it
 * would vanish from JSON output and could match no UTF-8 pattern. */
static z3_status check_utf8_name(z3_error *err, const char *file, int line_no, const char *line,
                                 const char *label, size_t n) {
  const unsigned char *p = (const unsigned char *)label;
  size_t i = 0, k;
  while (i < n && (k = z3_utf8_char_len(p + i, n - i)) != 0) i += k;
  if (i == n) return Z3_OK;
  z3_error_set(err, Z3_E_INVALID, "%s:%d:%zu: label name is not UTF-8 text (byte 0x%02X)", file, line_no,
               (size_t)(label - line) + i + 1, p[i]);
  z3_error_hint(err, "symbol files are read as UTF-8; convert this one first (iconv -f LATIN1 -t UTF-8)");
  return Z3_E_INVALID;
}

static z3_status bad_line(z3_error *err, const char *file, int line, const char *expected,
                          const char *text, size_t n) {
  return z3_error_set(err, Z3_E_INVALID, "%s:%d: expected %s, got '%.*s'", file, line, expected,
                      (int)(n > 60 ? 60 : n), text);
}

/* ---- WLA DX .sym (asar --symbols=wla) ------------------------------------- */

/* "BB:AAAA" with a bank of at most $FF and an offset of at most four digits, or eight digits. */
static bool parse_bank_address(const char *p, size_t n, uint32_t *out) {
  const char *colon = memchr(p, ':', n);
  uint32_t bank, offset;
  if (!colon) return n == 8 && parse_hex(p, 8, out) && *out <= 0xFFFFFF; /* no$sns: 00BBAAAA */
  size_t bn = (size_t)(colon - p), an = n - bn - 1;
  if (!parse_hex(p, bn, &bank) || bank > 0xFF || an > 4 || !parse_hex(colon + 1, an, &offset)) return false;
  *out = bank << 16 | offset;
  return true;
}

bool z3_symbols__looks_like_wla(const char *line, size_t n) {
  uint32_t a;
  size_t t = token_len(line, n);
  return t < n && parse_bank_address(line, t, &a);
}

z3_status z3_symbols__parse_wla(z3_symbols *s, const char *text, size_t len, const char *name,
                                z3_error *err) {
  static const char expected[] = "'BB:AAAA name' in [labels]";
  line_iter it = {text, text + len, 0};
  const char *line;
  size_t n;
  bool in_labels = true; /* files without sections are all labels */
  while (next_line(&it, &line, &n)) {
    if (n == 0 || line[0] == ';') continue;
    if (line[0] == '[') {
      if (line[n - 1] != ']') return bad_line(err, name, it.number, "a section name like [labels]", line, n);
      in_labels = n == 8 && strncasecmp(line, "[labels]", 8) == 0;
      continue;
    }
    if (!in_labels) continue;
    size_t t = token_len(line, n);
    uint32_t address;
    if (!parse_bank_address(line, t, &address)) return bad_line(err, name, it.number, expected, line, n);
    const char *label = line + t;
    size_t rest = n - t;
    while (rest && is_blank(*label)) label++, rest--;
    size_t ln = token_len(label, rest);
    if (!valid_name(label, ln)) return bad_line(err, name, it.number, expected, line, n);
    z3_status st = check_utf8_name(err, name, it.number, line, label, ln);
    if (st == Z3_OK) st = z3_symbols_add(s, address, label, ln, err);
    if (st) return st;
  }
  return Z3_OK;
}

/* ---- VICE label files (ld65 -Ln) ------------------------------------------ */

z3_status z3_symbols__parse_vice(z3_symbols *s, const char *text, size_t len, const char *name,
                                 z3_error *err) {
  static const char expected[] = "'al 00AAAA .name'";
  line_iter it = {text, text + len, 0};
  const char *line;
  size_t n;
  while (next_line(&it, &line, &n)) {
    if (n == 0 || line[0] == '#' || line[0] == ';') continue;
    if (n < 4 || memcmp(line, "al", 2) != 0 || !is_blank(line[2])) return bad_line(err, name, it.number, expected, line, n);
    const char *p = line + 3;
    size_t rest = n - 3;
    while (rest && is_blank(*p)) p++, rest--;
    if (rest >= 2 && (p[0] == 'C' || p[0] == 'c') && p[1] == ':') p += 2, rest -= 2; /* VICE's memory space */
    size_t t = token_len(p, rest);
    uint32_t address;
    if (t > 6 || !parse_hex(p, t, &address)) return bad_line(err, name, it.number, expected, line, n);
    p += t, rest -= t;
    while (rest && is_blank(*p)) p++, rest--;
    if (rest && *p == '.') p++, rest--;
    size_t ln = token_len(p, rest);
    if (!valid_name(p, ln)) return bad_line(err, name, it.number, expected, line, n);
    z3_status st = check_utf8_name(err, name, it.number, line, p, ln);
    if (st == Z3_OK) st = z3_symbols_add(s, address, p, ln, err);
    if (st) return st;
  }
  return Z3_OK;
}

/* ---- ca65 debug info (ld65 --dbgfile) ------------------------------------- */

enum { CA65_MAX_SEGS = 256 };

typedef struct ca65_fields {
  const char *name;
  size_t name_len;
  bool has_val, has_seg;
  uint32_t val, seg, id;
  char type[8], addrsize[12];
  uint32_t start; /* seg lines */
} ca65_fields;

/* 0x-hex or decimal, as ld65 writes numbers. */
static bool parse_number(const char *p, size_t n, uint32_t *out) {
  if (n > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) return parse_hex(p + 2, n - 2, out);
  if (n == 0 || n > 9) return false;
  uint32_t v = 0;
  for (size_t i = 0; i < n; i++) {
    if (p[i] < '0' || p[i] > '9') return false;
    v = v * 10 + (uint32_t)(p[i] - '0');
  }
  *out = v;
  return true;
}

static void copy_word(char *dst, size_t cap, const char *p, size_t n) {
  if (n >= cap) n = cap - 1;
  memcpy(dst, p, n);
  dst[n] = '\0';
}

/* One key=value; false when the value does not read. */
static bool ca65_field(ca65_fields *f, const char *key, size_t kn, const char *v, size_t vn) {
  if (kn == 4 && memcmp(key, "name", 4) == 0) {
    if (vn < 2 || v[0] != '"' || v[vn - 1] != '"') return false;
    f->name = v + 1, f->name_len = vn - 2;
  } else if (kn == 3 && memcmp(key, "val", 3) == 0) {
    f->has_val = parse_number(v, vn, &f->val);
    return f->has_val;
  } else if (kn == 3 && memcmp(key, "seg", 3) == 0) {
    f->has_seg = parse_number(v, vn, &f->seg);
    return f->has_seg;
  } else if (kn == 2 && memcmp(key, "id", 2) == 0) {
    return parse_number(v, vn, &f->id);
  } else if (kn == 5 && memcmp(key, "start", 5) == 0) {
    return parse_number(v, vn, &f->start);
  } else if (kn == 4 && memcmp(key, "type", 4) == 0) {
    copy_word(f->type, sizeof f->type, v, vn);
  } else if (kn == 8 && memcmp(key, "addrsize", 8) == 0) {
    copy_word(f->addrsize, sizeof f->addrsize, v, vn);
  }
  return true;
}

/* Splits "a=1,name="x,y",b=2" into fields; quoted values may hold commas. */
static bool ca65_fields_read(const char *p, size_t n, ca65_fields *f) {
  memset(f, 0, sizeof *f);
  size_t i = 0;
  while (i < n) {
    size_t k = i;
    while (k < n && p[k] != '=' && p[k] != ',') k++;
    if (k == n || p[k] != '=' || k == i) return false;
    size_t v = k + 1, e = v;
    bool quoted = false;
    while (e < n && (quoted || p[e] != ',')) {
      if (p[e] == '"') quoted = !quoted;
      e++;
    }
    if (quoted || !ca65_field(f, p + i, k - i, p + v, e - v)) return false;
    i = e + 1;
  }
  return true;
}

/* A label, or an equate that names an address (not a zero-page constant). */
static bool ca65_is_address(const ca65_fields *f) {
  if (strcmp(f->type, "lab") == 0) return true;
  return strcmp(f->type, "equ") == 0 && (strcmp(f->addrsize, "absolute") == 0 || strcmp(f->addrsize, "far") == 0);
}

z3_status z3_symbols__parse_ca65(z3_symbols *s, const char *text, size_t len, const char *name,
                                 z3_error *err) {
  uint32_t seg_bank[CA65_MAX_SEGS] = {0}; /* bank of each segment's start, for 16-bit values */
  line_iter it = {text, text + len, 0};
  const char *line;
  size_t n;
  while (next_line(&it, &line, &n)) {
    size_t t = token_len(line, n);
    bool is_sym = t == 3 && memcmp(line, "sym", 3) == 0, is_seg = t == 3 && memcmp(line, "seg", 3) == 0;
    if (!is_sym && !is_seg) continue;
    const char *rest = line + t;
    size_t rn = n - t;
    while (rn && is_blank(*rest)) rest++, rn--;
    ca65_fields f;
    if (!ca65_fields_read(rest, rn, &f)) return bad_line(err, name, it.number, "key=value fields", line, n);
    if (is_seg) {
      if (f.id < CA65_MAX_SEGS) seg_bank[f.id] = f.start & 0xFF0000u;
      continue;
    }
    if (!f.name) return bad_line(err, name, it.number, "a sym line with name=\"...\"", line, n);
    if (!ca65_is_address(&f)) continue; /* imports, constants */
    if (!f.has_val) return bad_line(err, name, it.number, "val= on a label", line, n);
    if (f.val > 0xFFFFFFu) return bad_line(err, name, it.number, "a 24-bit val=", line, n);
    uint32_t address = f.val;
    if (address <= 0xFFFF && f.has_seg && f.seg < CA65_MAX_SEGS) address |= seg_bank[f.seg];
    if (f.name_len == 0) continue;
    if (!valid_name(f.name, f.name_len)) return bad_line(err, name, it.number, "a printable label name", line, n);
    z3_status st = check_utf8_name(err, name, it.number, line, f.name, f.name_len);
    if (st == Z3_OK) st = z3_symbols_add(s, address, f.name, f.name_len, err);
    if (st) return st;
  }
  return Z3_OK;
}

/* ---- Mesen .mlb ----------------------------------------------------------- */

typedef enum mesen_space { SPACE_ROM, SPACE_WRAM, SPACE_SRAM, SPACE_REG, SPACE_OTHER } mesen_space;

static mesen_space mesen_space_of(const char *p, size_t n) {
  static const struct { const char *name; mesen_space space; } names[] = {
      {"SnesPrgRom", SPACE_ROM}, {"PRG", SPACE_ROM},        {"SnesWorkRam", SPACE_WRAM},
      {"WORK", SPACE_WRAM},      {"WRAM", SPACE_WRAM},      {"SnesSaveRam", SPACE_SRAM},
      {"SAVE", SPACE_SRAM},      {"SRAM", SPACE_SRAM},      {"SnesRegister", SPACE_REG},
      {"REG", SPACE_REG},        {"Register", SPACE_REG},
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strlen(names[i].name) == n && memcmp(names[i].name, p, n) == 0) return names[i].space;
  return SPACE_OTHER;
}

static bool is_identifier(const char *p, size_t n) {
  if (n == 0) return false;
  for (size_t i = 0; i < n; i++) {
    char c = p[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

bool z3_symbols__looks_like_mesen(const char *line, size_t n) {
  const char *colon = memchr(line, ':', n);
  return colon && is_identifier(line, (size_t)(colon - line)) && mesen_space_of(line, (size_t)(colon - line)) != SPACE_OTHER;
}

/* Save RAM offsets: LoROM boards map it at $70:0000 in 32 KiB pages, HiROM at $20:6000 in 8 KiB pages. */
static uint32_t sram_address(const z3_symbols_map *map, uint32_t offset) {
  bool hirom = map && (map->mapping == Z3_MAP_HIROM || map->mapping == Z3_MAP_EXHIROM);
  if (hirom) return (0x20u + offset / 0x2000u) << 16 | (0x6000u + offset % 0x2000u);
  return (0x70u + offset / 0x8000u) << 16 | (offset % 0x8000u);
}

static z3_status mesen_address(mesen_space space, uint32_t offset, const z3_symbols_map *map,
                               const char *file, int line, uint32_t *out, z3_error *err) {
  z3_error local;
  z3_error_init(&local);
  switch (space) {
    case SPACE_ROM:
      if (!map) return z3_error_set(err, Z3_E_INVALID, "%s:%d: a ROM offset needs the ROM's mapping", file, line);
      if (z3_pc_to_snes(map->mapping, map->rom_size, offset, out, &local) != Z3_OK)
        return z3_error_set(err, Z3_E_INVALID, "%s:%d: %s", file, line, local.message);
      return Z3_OK;
    case SPACE_WRAM:
      if (offset >= 0x20000u) return z3_error_set(err, Z3_E_INVALID, "%s:%d: work RAM offset $%X is past 128 KiB", file, line, offset);
      *out = 0x7E0000u + offset;
      return Z3_OK;
    case SPACE_SRAM:
      if (offset >= 0x80000u) return z3_error_set(err, Z3_E_INVALID, "%s:%d: save RAM offset $%X is past 512 KiB", file, line, offset);
      *out = sram_address(map, offset);
      return Z3_OK;
    case SPACE_REG:
      if (offset > 0xFFFFu) return z3_error_set(err, Z3_E_INVALID, "%s:%d: register $%X is past $FFFF", file, line, offset);
      *out = offset;
      return Z3_OK;
    case SPACE_OTHER: break;
  }
  return Z3_E_NOT_FOUND;
}

z3_status z3_symbols__parse_mesen(z3_symbols *s, const char *text, size_t len, const char *name,
                                  const z3_symbols_map *map, z3_error *err) {
  static const char expected[] = "'TYPE:OFFSET:name[:comment]'";
  line_iter it = {text, text + len, 0};
  const char *line;
  size_t n;
  while (next_line(&it, &line, &n)) {
    if (n == 0 || line[0] == ';' || line[0] == '#') continue;
    const char *c1 = memchr(line, ':', n);
    const char *c2 = c1 ? memchr(c1 + 1, ':', n - (size_t)(c1 + 1 - line)) : NULL;
    if (!c2 || !is_identifier(line, (size_t)(c1 - line))) return bad_line(err, name, it.number, expected, line, n);
    const char *off = c1 + 1;
    size_t on = (size_t)(c2 - off);
    const char *dash = memchr(off, '-', on);
    uint32_t offset, end;
    if (dash && !parse_hex(dash + 1, on - (size_t)(dash + 1 - off), &end)) return bad_line(err, name, it.number, expected, line, n);
    if (!parse_hex(off, dash ? (size_t)(dash - off) : on, &offset)) return bad_line(err, name, it.number, expected, line, n);
    const char *label = c2 + 1;
    const char *c3 = memchr(label, ':', n - (size_t)(label - line));
    size_t ln = c3 ? (size_t)(c3 - label) : n - (size_t)(label - line);
    mesen_space space = mesen_space_of(line, (size_t)(c1 - line));
    if (space == SPACE_OTHER || ln == 0) continue; /* VRAM, SPC RAM...; or a comment with no name */
    if (!valid_name(label, ln)) return bad_line(err, name, it.number, "a printable label name", line, n);
    uint32_t address;
    z3_status st = check_utf8_name(err, name, it.number, line, label, ln);
    if (st == Z3_OK) st = mesen_address(space, offset, map, name, it.number, &address, err);
    if (st == Z3_OK) st = z3_symbols_add(s, address, label, ln, err);
    if (st) return st;
  }
  return Z3_OK;
}
