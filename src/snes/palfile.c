/*
 * Palette files in four formats (palfile.h). Every reader works on untrusted
 * bytes: it bounds the colour count to 256 before storing anything, and every
 * error names where the problem is (JSON entry index, JASC line, COL byte
 * offset, PNG square).
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/png.h"
#include "snes/color.h"
#include "snes/palfile.h"

enum {
  MAX_COLORS = 256,
  COL_SIZE = 0x200,
  COL_FOOTER_SIZE = 0x400,
  SQUARE = 16, /* swatch square side in pixels */
  SQUARES_PER_ROW = 16,
  SWATCH_MAX_PIXELS = 1 << 22, /* a 256-colour swatch is 256x256; allow it scaled up */
  QUOTE_MAX = 40,              /* how much of a bad line an error message repeats */
};

static const char scad_magic[16] = "NAK1989 S-CG-CAD";
static const char *const format_names[] = {"json", "jasc", "col", "png"};

const char *z3_palfile_format_name(z3_palfile_format f) {
  return (unsigned)f < 4 ? format_names[f] : "?";
}

bool z3_palfile_format_parse(const char *name, z3_palfile_format *out) {
  if (!name) return false;
  for (int f = 0; f < 4; f++) {
    if (strcasecmp(name, format_names[f]) == 0) {
      *out = (z3_palfile_format)f;
      return true;
    }
  }
  if (strcasecmp(name, "pal") == 0) { /* the usual extension of JASC files */
    *out = Z3_PALFILE_JASC;
    return true;
  }
  return false;
}

bool z3_palfile_format_from_path(const char *path, z3_palfile_format *out) {
  if (!path) return false;
  const char *slash = strrchr(path, '/');
  const char *dot = strrchr(slash ? slash : path, '.');
  return dot && dot[1] && z3_palfile_format_parse(dot + 1, out);
}

/* ---- writing --------------------------------------------------------------- */

static z3_status check_colors(const uint16_t *colors, size_t n, z3_error *err) {
  if (n < 1 || n > MAX_COLORS)
    return z3_error_set(err, Z3_E_INVALID, "cannot write a palette of %zu colours: 1 to 256 fit",
                        n);
  for (size_t i = 0; i < n; i++)
    if (colors[i] & 0x8000)
      return z3_error_set(err, Z3_E_INVALID,
                          "colour %zu is $%04X: bit 15 is set, so it is not a BGR555 colour", i,
                          colors[i]);
  return Z3_OK;
}

static z3_status json_nomem(z3_error *err) {
  return z3_error_set(err, Z3_E_NOMEM, "out of memory while writing a json palette");
}

/* Both spellings of every colour: "#RRGGBB" for people, "$XXXX" exact. */
static json_t *json_palette(const uint16_t *colors, size_t n) {
  json_t *root = json_object(), *rgb = json_array(), *snes = json_array();
  bool ok = root && rgb && snes;
  for (size_t i = 0; ok && i < n; i++) {
    char hex[8], word[6];
    z3_color_format_hex(colors[i], hex);
    snprintf(word, sizeof word, "$%04X", colors[i]);
    ok = !json_array_append_new(rgb, json_string(hex)) &&
         !json_array_append_new(snes, json_string(word));
  }
  if (ok) ok = !json_object_set(root, "colors", rgb) && !json_object_set(root, "snes", snes);
  json_decref(rgb);
  json_decref(snes);
  if (!ok) {
    json_decref(root);
    return NULL;
  }
  return root;
}

static z3_status write_json(z3_buf *out, const uint16_t *colors, size_t n, z3_error *err) {
  json_t *root = json_palette(colors, n);
  if (!root) return json_nomem(err);
  char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  json_decref(root);
  if (!text) return json_nomem(err);
  z3_status st = z3_buf_append(out, text, strlen(text), err);
  if (!st) st = z3_buf_push(out, '\n', err);
  free(text); /* jansson allocates with the C library's malloc */
  return st;
}

/* CRLF, as Paint Shop Pro wrote these files; our reader takes either. */
static z3_status write_jasc(z3_buf *out, const uint16_t *colors, size_t n, z3_error *err) {
  z3_status st = z3_buf_printf(out, "JASC-PAL\r\n0100\r\n%zu\r\n", n);
  for (size_t i = 0; !st && i < n; i++) {
    z3_rgb c = z3_color_to_rgb(colors[i]);
    st = z3_buf_printf(out, "%u %u %u\r\n", c.r, c.g, c.b);
  }
  return st ? z3_error_set(err, st, "out of memory while writing a jasc palette") : Z3_OK;
}

static z3_status write_col(z3_buf *out, const uint16_t *colors, size_t n, z3_error *err) {
  z3_status st = z3_buf_resize(out, COL_SIZE, err);
  for (size_t i = 0; !st && i < n; i++) {
    out->data[2 * i] = (uint8_t)colors[i];
    out->data[2 * i + 1] = (uint8_t)(colors[i] >> 8);
  }
  return st;
}

/* Squares left of the last row's end point at one extra, transparent palette
 * entry, which the reader drops again so the colour count survives. */
static z3_status write_png(z3_buf *out, const uint16_t *colors, size_t n, z3_error *err) {
  uint8_t palette[MAX_COLORS][4];
  for (size_t i = 0; i < n; i++) {
    z3_rgb c = z3_color_to_rgb(colors[i]);
    palette[i][0] = c.r, palette[i][1] = c.g, palette[i][2] = c.b, palette[i][3] = 255;
  }
  size_t rows = (n + SQUARES_PER_ROW - 1) / SQUARES_PER_ROW;
  size_t filler = n;
  if (n < rows * SQUARES_PER_ROW) memset(palette[filler], 0, 4);
  uint32_t w = SQUARES_PER_ROW * SQUARE, h = (uint32_t)(rows * SQUARE);
  uint8_t *pixels = z3_malloc((size_t)w * h);
  if (!pixels) return z3_error_set(err, Z3_E_NOMEM, "out of memory while writing a png swatch");
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      size_t sq = (y / SQUARE) * SQUARES_PER_ROW + x / SQUARE;
      pixels[(size_t)y * w + x] = (uint8_t)(sq < n ? sq : filler);
    }
  int plen = (int)(n < rows * SQUARES_PER_ROW ? n + 1 : n);
  z3_status st = z3_png_write_indexed(out, w, h, pixels, (const uint8_t(*)[4])palette, plen, err);
  z3_free(pixels);
  return st;
}

z3_status z3_palfile_write(z3_buf *out, z3_palfile_format f, const uint16_t *colors, size_t n,
                           z3_error *err) {
  out->len = 0;
  z3_status st = check_colors(colors, n, err);
  if (st) return st;
  switch (f) {
    case Z3_PALFILE_JSON: return write_json(out, colors, n, err);
    case Z3_PALFILE_JASC: return write_jasc(out, colors, n, err);
    case Z3_PALFILE_COL: return write_col(out, colors, n, err);
    case Z3_PALFILE_PNG: return write_png(out, colors, n, err);
  }
  return z3_error_set(err, Z3_E_INTERNAL, "unknown palette file format %d", (int)f);
}

/* ---- reading --------------------------------------------------------------- */

/* What was read: colours land in out[0..max) and count says how many there are. */
typedef struct sink {
  uint16_t *out;
  size_t max;
  size_t count;
} sink;

static void sink_put(sink *s, uint16_t color) {
  if (s->count < s->max) s->out[s->count] = color;
  s->count++;
}

/* Copies up to QUOTE_MAX bytes of untrusted text for an error message, with
 * anything unprintable shown as '?'. */
static void quote(char *dst, const char *src, size_t len) {
  size_t n = len < QUOTE_MAX ? len : QUOTE_MAX;
  for (size_t i = 0; i < n; i++) dst[i] = src[i] >= 0x20 && src[i] < 0x7F ? src[i] : '?';
  strcpy(dst + n, len > QUOTE_MAX ? "..." : "");
}

/* -- json -- */

static z3_status json_entries(sink *s, json_t *list, const char *name, z3_error *err) {
  size_t n = json_array_size(list);
  if (n == 0) return z3_error_set(err, Z3_E_INVALID, "json palette: %s[] holds no colours", name);
  if (n > MAX_COLORS)
    return z3_error_set(err, Z3_E_INVALID, "json palette: %s[] holds %zu colours, over 256", name,
                        n);
  for (size_t i = 0; i < n; i++) {
    json_t *e = json_array_get(list, i);
    const char *text = json_string_value(e);
    uint16_t c;
    if (!text)
      return z3_error_set(err, Z3_E_INVALID, "json palette: %s[%zu] is not a string", name, i);
    size_t len = json_string_length(e);
    if (strlen(text) != len || !z3_color_parse(text, &c)) {
      char q[QUOTE_MAX + 4];
      quote(q, text, len);
      return z3_error_set(err, Z3_E_INVALID, "json palette: %s[%zu] is not a colour: \"%s\"", name,
                          i, q);
    }
    sink_put(s, c);
  }
  return Z3_OK;
}

/* Takes "snes" over "colors" when both are there: BGR555 words are exact,
 * while "#RRGGBB" may have been edited to a value between two SNES colours. */
static z3_status json_pick(json_t *root, json_t **list, const char **name, z3_error *err) {
  if (json_is_array(root)) {
    *list = root, *name = "";
    return Z3_OK;
  }
  if (!json_is_object(root))
    return z3_error_set(err, Z3_E_INVALID,
                        "json palette must be an object with \"snes\" or \"colors\", or an array");
  *name = "snes";
  *list = json_object_get(root, "snes");
  if (!*list) *name = "colors", *list = json_object_get(root, "colors");
  if (!*list)
    return z3_error_set(err, Z3_E_INVALID, "json palette has neither \"snes\" nor \"colors\"");
  if (!json_is_array(*list))
    return z3_error_set(err, Z3_E_INVALID, "json palette: \"%s\" is not an array", *name);
  return Z3_OK;
}

static z3_status read_json(sink *s, const uint8_t *data, size_t len, z3_error *err) {
  json_error_t jerr;
  json_t *root =
      json_loadb((const char *)data, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr);
  if (!root)
    return z3_error_set_at(err, Z3_E_INVALID, jerr.position,
                           "json palette: %s at line %d, column %d", jerr.text, jerr.line,
                           jerr.column);
  json_t *list = NULL; /* set by json_pick on success; -O3 cannot tell */
  const char *name = "";
  z3_status st = json_pick(root, &list, &name, err);
  if (!st) st = json_entries(s, list, name, err);
  json_decref(root);
  return st;
}

/* -- jasc -- */

typedef struct lines {
  const char *p, *end;
  const char *line; /* the current line, without its end or trailing blanks */
  size_t len;
  int number;    /* 1-based */
  size_t offset; /* of the current line in the file */
  const char *start;
} lines;

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Next line; tolerates LF and CRLF ends and trailing spaces. */
static bool next_line(lines *ls) {
  if (ls->p >= ls->end) return false;
  const char *nl = memchr(ls->p, '\n', (size_t)(ls->end - ls->p));
  const char *stop = nl ? nl : ls->end;
  ls->line = ls->p;
  ls->offset = (size_t)(ls->p - ls->start);
  ls->len = (size_t)(stop - ls->p);
  while (ls->len && is_blank(ls->line[ls->len - 1])) ls->len--;
  ls->number++;
  ls->p = nl ? nl + 1 : ls->end;
  return true;
}

static bool line_is(const lines *ls, const char *text) {
  return ls->len == strlen(text) && memcmp(ls->line, text, ls->len) == 0;
}

static z3_status jasc_error(const lines *ls, z3_error *err, const char *what) {
  char q[QUOTE_MAX + 4];
  quote(q, ls->line, ls->len);
  return z3_error_set_at(err, Z3_E_INVALID, (int64_t)ls->offset, "jasc palette line %d: %s: \"%s\"",
                         ls->number, what, q);
}

/* Decimal numbers separated by blanks, at most `max` of them, each <= limit. */
static int parse_numbers(const char *p, size_t len, unsigned *v, int max, unsigned limit,
                         unsigned *bad) {
  int n = 0;
  size_t i = 0;
  for (;;) {
    while (i < len && (p[i] == ' ' || p[i] == '\t')) i++;
    if (i == len) return n;
    if (n == max || p[i] < '0' || p[i] > '9') return -1;
    unsigned x = 0;
    for (; i < len && p[i] >= '0' && p[i] <= '9'; i++)
      x = x > limit ? x : x * 10 + (unsigned)(p[i] - '0');
    if (i < len && p[i] != ' ' && p[i] != '\t') return -1;
    if (x > limit) {
      *bad = x;
      return -2;
    }
    v[n++] = x;
  }
}

static z3_status jasc_header(lines *ls, unsigned *count, z3_error *err) {
  static const char bom[3] = {(char)0xEF, (char)0xBB, (char)0xBF};
  if (ls->end - ls->p >= 3 && memcmp(ls->p, bom, 3) == 0) ls->p += 3;
  if (!next_line(ls) || !line_is(ls, "JASC-PAL"))
    return ls->number ? jasc_error(ls, err, "expected \"JASC-PAL\"")
                      : z3_error_set(err, Z3_E_INVALID, "jasc palette is empty");
  if (!next_line(ls) || !line_is(ls, "0100"))
    return ls->number == 2 ? jasc_error(ls, err, "expected the version \"0100\"")
                           : z3_error_set(err, Z3_E_INVALID, "jasc palette ends after line 1");
  if (!next_line(ls))
    return z3_error_set(err, Z3_E_INVALID, "jasc palette ends before the colour count (line 3)");
  unsigned bad;
  if (parse_numbers(ls->line, ls->len, count, 1, MAX_COLORS, &bad) != 1 || *count == 0)
    return jasc_error(ls, err, "expected a colour count from 1 to 256");
  return Z3_OK;
}

static z3_status jasc_color(const lines *ls, sink *s, z3_error *err) {
  unsigned v[4], bad = 0;
  int n = parse_numbers(ls->line, ls->len, v, 4, 255, &bad);
  if (n == -2) {
    char what[48];
    snprintf(what, sizeof what, "value %u is over 255", bad);
    return jasc_error(ls, err, what);
  }
  if (n < 3) return jasc_error(ls, err, "expected \"R G B\" (0-255 each)");
  z3_rgb c = {(uint8_t)v[0], (uint8_t)v[1], (uint8_t)v[2]}; /* a 4th value (alpha) is ignored */
  sink_put(s, z3_color_from_rgb(c));
  return Z3_OK;
}

static z3_status read_jasc(sink *s, const uint8_t *data, size_t len, z3_error *err) {
  lines ls = {
      .p = (const char *)data, .end = (const char *)data + len, .start = (const char *)data};
  unsigned count;
  z3_status st = jasc_header(&ls, &count, err);
  if (st) return st;
  int count_line = ls.number;
  for (unsigned i = 0; i < count; i++) {
    if (!next_line(&ls))
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)len,
                             "jasc palette ends after %u colours, but line %d promised %u", i,
                             count_line, count);
    if ((st = jasc_color(&ls, s, err))) return st;
  }
  while (next_line(&ls))
    if (ls.len) {
      char what[64];
      snprintf(what, sizeof what, "more colours than the %u promised on line %d", count,
               count_line);
      return jasc_error(&ls, err, what);
    }
  return Z3_OK;
}

/* -- col -- */

static z3_status read_col(sink *s, const uint8_t *data, size_t len, z3_error *err) {
  if (len != COL_SIZE && len != COL_FOOTER_SIZE)
    return z3_error_set(err, Z3_E_INVALID,
                        "col palette is %zu bytes (0x%zX); expected 0x200, or 0x400 with the "
                        "scad footer",
                        len, len);
  if (len == COL_FOOTER_SIZE && memcmp(data + COL_SIZE, scad_magic, sizeof scad_magic) != 0)
    return z3_error_set_at(
        err, Z3_E_INVALID, COL_SIZE,
        "col palette of 0x400 bytes has no \"NAK1989 S-CG-CAD\" footer at 0x200");
  for (size_t i = 0; i < COL_SIZE / 2; i++) {
    uint16_t c = (uint16_t)(data[2 * i] | data[2 * i + 1] << 8);
    if (c & 0x8000)
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)(2 * i),
                             "col palette: colour %zu at offset 0x%zX is $%04X, with bit 15 set", i,
                             2 * i, c);
    sink_put(s, c);
  }
  return Z3_OK;
}

/* -- png swatch -- */

static z3_status swatch_colors(sink *s, const z3_image *img, z3_error *err) {
  size_t cols = img->width / SQUARE, total = cols * (img->height / SQUARE), n = total;
  /* The writer pads the last row with transparent squares; they are not colours. */
  while (n > 0) {
    size_t x = (n - 1) % cols * SQUARE + SQUARE / 2, y = (n - 1) / cols * SQUARE + SQUARE / 2;
    if (img->rgba[4 * (y * img->width + x) + 3] != 0) break;
    n--;
  }
  if (n == 0) return z3_error_set(err, Z3_E_INVALID, "png swatch has only transparent squares");
  if (n > MAX_COLORS)
    return z3_error_set(err, Z3_E_INVALID, "png swatch has %zu squares; a palette holds 256", n);
  for (size_t i = 0; i < n; i++) {
    size_t x = i % cols * SQUARE + SQUARE / 2, y = i / cols * SQUARE + SQUARE / 2;
    const uint8_t *px = img->rgba + 4 * (y * img->width + x);
    z3_rgb c = {px[0], px[1], px[2]};
    sink_put(s, z3_color_from_rgb(c));
  }
  return Z3_OK;
}

static z3_status read_png(sink *s, const uint8_t *data, size_t len, z3_error *err) {
  z3_image img;
  z3_status st = z3_png_read(&img, data, len, SWATCH_MAX_PIXELS, err);
  if (st) return st;
  if (img.width % SQUARE || img.height % SQUARE)
    st = z3_error_set(err, Z3_E_INVALID,
                      "png swatch is %ux%u pixels: both sides must be multiples of 16", img.width,
                      img.height);
  if (!st) st = swatch_colors(s, &img, err);
  z3_image_release(&img);
  return st;
}

z3_status z3_palfile_read(uint16_t *colors, size_t max, size_t *n, z3_palfile_format f,
                          const uint8_t *data, size_t len, z3_error *err) {
  sink s = {colors, colors ? max : 0, 0};
  *n = 0;
  if (!data) data = (const uint8_t *)""; /* so empty input needs no special case below */
  z3_status st;
  switch (f) {
    case Z3_PALFILE_JSON: st = read_json(&s, data, len, err); break;
    case Z3_PALFILE_JASC: st = read_jasc(&s, data, len, err); break;
    case Z3_PALFILE_COL: st = read_col(&s, data, len, err); break;
    case Z3_PALFILE_PNG: st = read_png(&s, data, len, err); break;
    default: return z3_error_set(err, Z3_E_INTERNAL, "unknown palette file format %d", (int)f);
  }
  if (!st) *n = s.count;
  return st;
}
