/* The label container, format detection and file loading; the parsers are in symbols_parse.c. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "asm/symbols.h"
#include "asm/symbols_internal.h"

const char *z3_symfile_format_name(z3_symfile_format f) {
  switch (f) {
    case Z3_SYMFILE_WLA: return "wla";
    case Z3_SYMFILE_CA65: return "ca65";
    case Z3_SYMFILE_VICE: return "vice";
    case Z3_SYMFILE_MESEN: return "mesen";
    case Z3_SYMFILE_AUTO: break;
  }
  return "auto";
}

void z3_symbols_init(z3_symbols *s) { memset(s, 0, sizeof *s); }

void z3_symbols_release(z3_symbols *s) {
  for (size_t i = 0; i < s->count; i++) z3_free(s->items[i].name);
  z3_free(s->items);
  z3_symbols_init(s);
}

z3_status z3_symbols_add(z3_symbols *s, uint32_t address, const char *name, size_t name_len,
                         z3_error *err) {
  for (size_t i = 0; i < name_len; i++)
    if ((unsigned char)name[i] < 0x20) return z3_error_set(err, Z3_E_INVALID, "label name has a control character");
  if (name_len == 0) return z3_error_set(err, Z3_E_INVALID, "label name is empty");
  if (!z3_utf8_valid(name, name_len)) return z3_error_set(err, Z3_E_INVALID, "label name is not UTF-8 text");
  if (s->count == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 64;
    z3_symbol *items = z3_realloc(s->items, cap * sizeof *items);
    if (!items) return z3_error_set(err, Z3_E_NOMEM, "out of memory reading symbols");
    s->items = items;
    s->cap = cap;
  }
  char *copy = z3_malloc(name_len + 1);
  if (!copy) return z3_error_set(err, Z3_E_NOMEM, "out of memory reading symbols");
  memcpy(copy, name, name_len);
  copy[name_len] = '\0';
  s->items[s->count].address = address & 0xFFFFFFu;
  s->items[s->count].name = copy;
  s->count++;
  return Z3_OK;
}

/* Merge sort: stable, so the first label of an address stays first. */
static void merge_sort(z3_symbol *v, z3_symbol *tmp, size_t n) {
  if (n < 2) return;
  size_t half = n / 2;
  merge_sort(v, tmp, half);
  merge_sort(v + half, tmp, n - half);
  size_t i = 0, j = half, k = 0;
  while (i < half && j < n) tmp[k++] = v[j].address < v[i].address ? v[j++] : v[i++];
  while (i < half) tmp[k++] = v[i++];
  while (j < n) tmp[k++] = v[j++];
  memcpy(v, tmp, n * sizeof *v);
}

void z3_symbols_sort(z3_symbols *s) {
  if (s->count < 2) return;
  z3_symbol *tmp = z3_malloc(s->count * sizeof *tmp);
  if (!tmp) return; /* lookups then fall back to a linear scan */
  merge_sort(s->items, tmp, s->count);
  z3_free(tmp);
}

static bool is_sorted(const z3_symbols *s) {
  for (size_t i = 1; i < s->count; i++)
    if (s->items[i].address < s->items[i - 1].address) return false;
  return true;
}

const char *z3_symbols_name_at(const z3_symbols *s, uint32_t address) {
  if (!s || !s->count) return NULL;
  size_t lo = 0, hi = s->count;
  while (lo < hi) { /* first item with address >= the one asked */
    size_t mid = lo + (hi - lo) / 2;
    if (s->items[mid].address < address) lo = mid + 1;
    else hi = mid;
  }
  if (lo < s->count && s->items[lo].address == address) return s->items[lo].name;
  if (is_sorted(s)) return NULL;
  for (size_t i = 0; i < s->count; i++)
    if (s->items[i].address == address) return s->items[i].name;
  return NULL;
}

const z3_symbol *z3_symbols_nearest(const z3_symbols *s, uint32_t address) {
  if (!s || !s->count || !is_sorted(s)) return NULL;
  size_t lo = 0, hi = s->count;
  while (lo < hi) { /* first item past the address */
    size_t mid = lo + (hi - lo) / 2;
    if (s->items[mid].address <= address) lo = mid + 1;
    else hi = mid;
  }
  if (lo == 0) return NULL;
  size_t i = lo - 1;
  while (i > 0 && s->items[i - 1].address == s->items[i].address) i--; /* the first of a tie, as name_at */
  return (s->items[i].address >> 16) == (address >> 16) ? &s->items[i] : NULL;
}

bool z3_symbols_find(const z3_symbols *s, const char *name, uint32_t *address) {
  for (int pass = 0; s && pass < 2; pass++) {
    for (size_t i = 0; i < s->count; i++) {
      const char *n = s->items[i].name;
      if (pass == 0 ? strcmp(n, name) == 0 : strcasecmp(n, name) == 0) {
        *address = s->items[i].address;
        return true;
      }
    }
  }
  return false;
}

/* ---- detection ------------------------------------------------------------ */

static bool has_extension(const char *name, const char *ext) {
  const char *dot = name ? strrchr(name, '.') : NULL;
  return dot && strcasecmp(dot + 1, ext) == 0;
}

/* The first line that is not blank or a comment. */
static const char *first_content_line(const char *text, size_t len, size_t *line_len) {
  const char *p = text, *end = text + len;
  while (p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    size_t n = eol ? (size_t)(eol - p) : (size_t)(end - p);
    size_t i = 0;
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r')) i++;
    if (i < n && p[i] != ';' && p[i] != '#') {
      *line_len = n - i;
      return p + i;
    }
    p += n + 1;
  }
  return NULL;
}

static bool starts_with(const char *s, size_t n, const char *prefix) {
  size_t k = strlen(prefix);
  return n >= k && memcmp(s, prefix, k) == 0;
}

z3_symfile_format z3_symbols_detect(const char *name, const char *text, size_t len) {
  if (has_extension(name, "dbg")) return Z3_SYMFILE_CA65;
  if (has_extension(name, "mlb")) return Z3_SYMFILE_MESEN;
  size_t n = 0;
  const char *line = first_content_line(text, len, &n);
  if (!line) return has_extension(name, "sym") ? Z3_SYMFILE_WLA : Z3_SYMFILE_AUTO;
  if (starts_with(line, n, "version\tmajor=") || starts_with(line, n, "version major=")) return Z3_SYMFILE_CA65;
  if (starts_with(line, n, "al ")) return Z3_SYMFILE_VICE;
  if (line[0] == '[' || has_extension(name, "sym")) return Z3_SYMFILE_WLA;
  if (z3_symbols__looks_like_mesen(line, n)) return Z3_SYMFILE_MESEN;
  if (z3_symbols__looks_like_wla(line, n)) return Z3_SYMFILE_WLA;
  return Z3_SYMFILE_AUTO;
}

/* ---- entry points --------------------------------------------------------- */

z3_status z3_symbols_parse(z3_symbols *s, const char *text, size_t len, const char *name,
                           z3_symfile_format format, const z3_symbols_map *map, z3_error *err) {
  if (!name) name = "symbols";
  if (!text) text = "", len = 0; /* an empty z3_buf's data: the line walks add offsets to it */
  if (format == Z3_SYMFILE_AUTO) format = z3_symbols_detect(name, text, len);
  z3_status st;
  switch (format) {
    case Z3_SYMFILE_WLA: st = z3_symbols__parse_wla(s, text, len, name, err); break;
    case Z3_SYMFILE_CA65: st = z3_symbols__parse_ca65(s, text, len, name, err); break;
    case Z3_SYMFILE_VICE: st = z3_symbols__parse_vice(s, text, len, name, err); break;
    case Z3_SYMFILE_MESEN: st = z3_symbols__parse_mesen(s, text, len, name, map, err); break;
    default:
      st = z3_error_set(err, Z3_E_INVALID, "%s: not a symbol file z3ed knows", name);
      z3_error_hint(err, "expected WLA .sym ([labels] BB:AAAA name), ca65 .dbg, VICE labels "
                         "(al 00AAAA .name) or Mesen .mlb (SnesPrgRom:OFFSET:name)");
      break;
  }
  if (st != Z3_OK) {
    z3_symbols_release(s);
    return st;
  }
  s->format = format;
  z3_symbols_sort(s);
  return Z3_OK;
}

z3_status z3_symbols_load(z3_symbols *s, const char *path, z3_symfile_format format,
                          const z3_symbols_map *map, z3_error *err) {
  z3_buf file;
  z3_buf_init(&file);
  z3_status st = z3_file_read(&file, path, 64u << 20, err);
  if (st == Z3_OK) st = z3_symbols_parse(s, (const char *)file.data, file.len, path, format, map, err);
  z3_buf_release(&file);
  return st;
}
