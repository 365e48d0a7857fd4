/*
 * What a proposal changes: base.sfc against rom.sfc, cut into reviewable
 * changes and named by resource.
 *
 * 1. Runs of differing bytes (a grown image is compared against zeros, which
 *    is what `rom expand` appends). The header checksum pair is skipped:
 *    accepting recomputes it, and a checksum is no one's edit.
 * 2. Every differing byte gets a label, painted from spans in rising
 *    priority: the layout (header fields; ALttP palettes and sheets when the
 *    sheet tables resolve) of base.sfc, then of rom.sfc (a sheet moved into
 *    free space lives at its new place), then the reasons tool calls recorded
 *    in changes.jsonl, later calls over earlier.
 * 3. Consecutive bytes with the same label in the same bank form one change;
 *    unlabelled bytes join when fewer than UNNAMED_GAP equal bytes separate them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent/proposal_internal.h"
#include "zelda3/gfx.h"
#include "zelda3/palettes.h"

enum { UNNAMED_GAP = 16, CHECKSUM_PAIR = 4, BYTES_SHOWN = 32, MIN_SHEETS_FOR_ALTTP = 200 };

typedef enum span_kind { SPAN_TEXT, SPAN_PALETTE, SPAN_SHEET_DATA, SPAN_SHEET_POINTER } span_kind;

/* A named byte range [lo, hi); names are formatted only for spans a change uses. */
typedef struct span {
  size_t lo, hi;
  span_kind kind;
  int a, b, c;           /* palette group/index/colour, or sheet index */
  const char *text;      /* SPAN_TEXT: borrowed from the painter's storage */
  bool recorded;
} span;

typedef struct run {
  size_t offset, length, first_label; /* first_label: index into the label array */
} run;

typedef struct painter {
  const z3_rom *base, *rom;
  run *runs;
  size_t run_count;
  int32_t *labels;       /* one per differing byte, -1 = none */
  size_t total;
  z3_buf spans;          /* span[] */
  z3_buf texts;          /* char *[] owned (recorded reasons) */
} painter;

static uint8_t base_byte(const z3_rom *base, size_t i) {
  return i < base->data.len ? base->data.data[i] : 0;
}

static z3_status find_runs(painter *p, size_t checksum, size_t *common_diff, z3_error *err) {
  z3_buf runs;
  z3_buf_init(&runs);
  size_t len = p->rom->data.len, common = len < p->base->data.len ? len : p->base->data.len;
  *common_diff = 0;
  z3_status st = Z3_OK;
  for (size_t i = 0; i < len && st == Z3_OK;) {
    bool skip = i >= checksum && i < checksum + CHECKSUM_PAIR;
    if (skip || p->rom->data.data[i] == base_byte(p->base, i)) {
      i++;
      continue;
    }
    run r = {.offset = i, .first_label = p->total};
    while (i < len && !(i >= checksum && i < checksum + CHECKSUM_PAIR) &&
           p->rom->data.data[i] != base_byte(p->base, i)) {
      *common_diff += i < common;
      i++;
    }
    r.length = i - r.offset;
    p->total += r.length;
    st = z3_buf_append(&runs, &r, sizeof r, err);
  }
  p->runs = (run *)runs.data;
  p->run_count = runs.len / sizeof(run);
  if (st) return st;
  p->labels = z3_malloc((p->total ? p->total : 1) * sizeof *p->labels);
  if (!p->labels) return z3_error_set(err, Z3_E_NOMEM, "out of memory comparing the ROMs");
  for (size_t i = 0; i < p->total; i++) p->labels[i] = -1;
  return Z3_OK;
}

/* Labels the differing bytes inside [s.lo, s.hi) with a new span. */
static void paint(painter *p, span s) {
  if (s.hi <= s.lo || !p->run_count) return;
  size_t lo = 0, hi = p->run_count; /* first run ending after s.lo */
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (p->runs[mid].offset + p->runs[mid].length <= s.lo) lo = mid + 1;
    else hi = mid;
  }
  if (lo == p->run_count || p->runs[lo].offset >= s.hi) return; /* nothing changed there */
  int32_t id = (int32_t)(p->spans.len / sizeof(span));
  if (z3_buf_append(&p->spans, &s, sizeof s, NULL)) return; /* out of memory: stays unnamed */
  for (size_t r = lo; r < p->run_count && p->runs[r].offset < s.hi; r++) {
    const run *x = &p->runs[r];
    size_t a = s.lo > x->offset ? s.lo : x->offset;
    size_t b = s.hi < x->offset + x->length ? s.hi : x->offset + x->length;
    for (size_t i = a; i < b; i++) p->labels[x->first_label + (i - x->offset)] = id;
  }
}

static void paint_text(painter *p, size_t lo, size_t len, const char *text, bool recorded) {
  paint(p, (span){.lo = lo, .hi = lo + len, .kind = SPAN_TEXT, .text = text, .recorded = recorded});
}

static void paint_header(painter *p, const z3_rom *rom) {
  static const struct { const char *name; int at, len; } fields[] = {
      {"header title", 0x00, 21},        {"header map_mode", 0x15, 1},
      {"header cart_type", 0x16, 1},     {"header rom_size", 0x17, 1},
      {"header sram_size", 0x18, 1},     {"header region", 0x19, 1},
      {"header developer_id", 0x1A, 1},  {"header version", 0x1B, 1},
      {"header native vectors", 0x20, 16}, {"header emulation vectors", 0x30, 16},
  };
  static const struct { const char *name; int at, len; } extended[] = {
      {"header maker_code", -0x10, 2}, {"header game_code", -0x0E, 4},
      {"header expansion", -0x0A, 10},
  };
  size_t base = z3_rom_header_offset(rom);
  if (base + 0x40 > rom->data.len || base < 0x10) return;
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
    paint_text(p, base + (size_t)fields[i].at, (size_t)fields[i].len, fields[i].name, false);
  if (rom->data.data[base + 0x1A] != 0x33) return; /* no extended header */
  for (size_t i = 0; i < sizeof extended / sizeof extended[0]; i++)
    paint_text(p, base - (size_t)-extended[i].at, (size_t)extended[i].len, extended[i].name, false);
}

static void paint_palettes(painter *p, const z3_rom *rom) {
  for (size_t g = 0; g < z3_palette_group_count; g++) {
    const z3_palette_group *grp = &z3_palette_groups[g];
    for (int i = 0; i < grp->count; i++) {
      for (int c = 0; c < grp->colors; c++) {
        size_t at[Z3_PALETTE_MAX_COPIES];
        int n = z3_palette_color_offsets(grp, i, c, at);
        for (int k = 0; k < n; k++) {
          if (at[k] + 2 > rom->data.len) continue;
          paint(p, (span){.lo = at[k], .hi = at[k] + 2, .kind = SPAN_PALETTE, .a = (int)g, .b = i, .c = c});
        }
      }
    }
  }
}

/* Returns how many sheets read, so the caller knows whether this is ALttP. */
static int paint_sheets(painter *p, const z3_rom *rom) {
  z3_gfx_tables t;
  if (z3_gfx_find_tables(rom, &t, NULL) != Z3_OK) return 0;
  int good = 0;
  for (int i = 0; i < Z3_SHEET_COUNT; i++) {
    z3_sheet_info info;
    if (z3_gfx_sheet_read(rom, i, &info, NULL, NULL) != Z3_OK) continue;
    good++;
    if (info.alias_of >= 0 && info.alias_of < i) continue; /* named by the lowest alias */
    paint(p, (span){.lo = info.offset, .hi = info.offset + info.stored_size, .kind = SPAN_SHEET_DATA, .a = i});
    size_t table[3] = {t.bank, t.high, t.low};
    for (int k = 0; k < 3; k++) {
      size_t at = table[k] + (size_t)i;
      if (at < rom->data.len) paint(p, (span){.lo = at, .hi = at + 1, .kind = SPAN_SHEET_POINTER, .a = i});
    }
  }
  return good;
}

/* changes.jsonl: {"offset":N,"length":N,"reason":"..."} per line; bad lines are skipped. */
static void paint_recorded(painter *p, const char *sandbox_dir) {
  char *path = z3_strfmt("%s/changes.jsonl", sandbox_dir);
  z3_buf text;
  z3_buf_init(&text);
  if (!path || z3_file_read(&text, path, 64u << 20, NULL) != Z3_OK || !text.len) {
    z3_free(path);
    z3_buf_release(&text);
    return;
  }
  z3_free(path);
  for (size_t at = 0; at < text.len;) {
    const char *line = (const char *)text.data + at;
    const char *end = memchr(line, '\n', text.len - at);
    size_t n = end ? (size_t)(end - line) : text.len - at;
    at += n + 1;
    json_t *j = json_loadb(line, n, 0, NULL);
    json_int_t off = json_integer_value(json_object_get(j, "offset"));
    json_int_t len = json_integer_value(json_object_get(j, "length"));
    const char *reason = json_string_value(json_object_get(j, "reason"));
    char *copy = reason && off >= 0 && len > 0 ? z3_strdup(reason) : NULL;
    if (copy && z3_buf_append(&p->texts, &copy, sizeof copy, NULL) == Z3_OK) {
      paint_text(p, (size_t)off, (size_t)len, copy, true);
    } else {
      z3_free(copy);
    }
    json_decref(j);
  }
  z3_buf_release(&text);
}

static void painter_release(painter *p) {
  z3_free(p->runs);
  z3_free(p->labels);
  z3_buf_release(&p->spans);
  char **texts = (char **)p->texts.data;
  for (size_t i = 0; i < p->texts.len / sizeof(char *); i++) z3_free(texts[i]);
  z3_buf_release(&p->texts);
}

/* ---- cutting into changes ----------------------------------------------------- */

static char *span_name(const span *s) {
  switch (s->kind) {
    case SPAN_TEXT: return z3_strdup(s->text);
    case SPAN_PALETTE:
      return z3_strfmt("palette %s:%d colour %d", z3_palette_groups[s->a].name, s->b, s->c);
    case SPAN_SHEET_DATA: return z3_strfmt("sheet 0x%02X data", s->a);
    case SPAN_SHEET_POINTER: return z3_strfmt("sheet 0x%02X pointer", s->a);
  }
  return NULL;
}

static z3_status add_change(z3_change_set *set, z3_buf *list, const painter *p, z3_prop_change c,
                            int32_t label, z3_error *err) {
  if (label >= 0) {
    const span *s = &((const span *)p->spans.data)[label];
    char *name = span_name(s);
    char **grown = name ? z3_realloc(set->names, (set->name_count + 1) * sizeof *grown) : NULL;
    if (!grown) {
      z3_free(name);
      return z3_error_set(err, Z3_E_NOMEM, "out of memory naming changes");
    }
    set->names = grown;
    set->names[set->name_count++] = name;
    c.resource = name;
    c.source = s->recorded ? "recorded" : "layout";
  }
  return z3_buf_append(list, &c, sizeof c, err);
}

static z3_status cut(z3_change_set *set, const painter *p, z3_buf *list, z3_error *err) {
  size_t bank_size = z3_mapping_bank_size(p->rom->mapping);
  z3_prop_change cur = {0};
  int32_t cur_label = -1;
  bool open = false;
  z3_status st = Z3_OK;
  for (size_t r = 0; r < p->run_count && st == Z3_OK; r++) {
    const run *x = &p->runs[r];
    for (size_t i = x->offset; i < x->offset + x->length && st == Z3_OK; i++) {
      int32_t label = p->labels[x->first_label + (i - x->offset)];
      size_t end = cur.offset + cur.length;
      bool joins = open && label == cur_label && i / bank_size == cur.offset / bank_size &&
                   (label >= 0 || i - end < UNNAMED_GAP);
      if (joins) {
        cur.length = i + 1 - cur.offset;
        cur.bytes_changed++;
        continue;
      }
      if (open) st = add_change(set, list, p, cur, cur_label, err);
      cur = (z3_prop_change){.offset = i, .length = 1, .bytes_changed = 1};
      cur_label = label;
      open = true;
    }
  }
  if (open && st == Z3_OK) st = add_change(set, list, p, cur, cur_label, err);
  return st;
}

/* A checksum pair the sandbox repaired (base's was wrong, the sandbox's is
 * right) is a change of its own, so a proposal whose only repair is the
 * checksum (doctor --fix, rom fix-checksum) can be accepted; the bytes are
 * still never copied: accepting recomputes them. A pair that only followed
 * other edits stays out, as before. */
static z3_status add_checksum(z3_change_set *set, z3_buf *list, z3_error *err) {
  size_t at = set->checksum_offset;
  if (z3_rom_checksum_ok(set->base) || !z3_rom_checksum_ok(set->rom) || at + CHECKSUM_PAIR > set->rom->data.len ||
      at + CHECKSUM_PAIR > set->base->data.len) {
    return Z3_OK;
  }
  z3_prop_change c = {.offset = at, .length = CHECKSUM_PAIR, .resource = "header checksum", .source = "layout"};
  for (size_t i = at; i < at + CHECKSUM_PAIR; i++) c.bytes_changed += set->rom->data.data[i] != set->base->data.data[i];
  size_t n = list->len / sizeof c, pos = 0;
  const z3_prop_change *all = (const z3_prop_change *)list->data;
  while (pos < n && all[pos].offset < c.offset) pos++;
  z3_status st = z3_buf_append(list, &c, sizeof c, err);
  if (st) return st;
  z3_prop_change *items = (z3_prop_change *)list->data;
  memmove(&items[pos + 1], &items[pos], (n - pos) * sizeof c);
  items[pos] = c;
  return Z3_OK;
}

/* The size change sits before the changes in the grown tail, which need it. */
static z3_status add_resize(z3_change_set *set, z3_buf *list, z3_error *err) {
  size_t old = set->base->data.len, now = set->rom->data.len;
  if (old == now) return Z3_OK;
  z3_prop_change c = {.offset = old < now ? old : now, .resize = true,
                      .bytes_changed = old < now ? now - old : old - now,
                      .resource = "rom size", .source = "layout"};
  size_t n = list->len / sizeof c, at = 0;
  const z3_prop_change *all = (const z3_prop_change *)list->data;
  while (at < n && all[at].offset < c.offset) at++;
  z3_status st = z3_buf_append(list, &c, sizeof c, err);
  if (st) return st;
  z3_prop_change *items = (z3_prop_change *)list->data;
  memmove(&items[at + 1], &items[at], (n - at) * sizeof c);
  items[at] = c;
  return Z3_OK;
}

static z3_status load_pair(const z3_proposal *p, z3_change_set *out, z3_error *err) {
  char *base = z3_strfmt("%s/base.sfc", p->sandbox_dir);
  z3_status st = base ? z3_rom_load(&out->base, base, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = z3_rom_load(&out->rom, p->sandbox_rom, err);
  if (st) z3_error_hint(err, "the sandbox of proposal %lld is damaged or was removed", (long long)p->id);
  z3_free(base);
  return st;
}

z3_status z3_proposal_changes(const z3_proposal *p, z3_change_set *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  z3_status st = load_pair(p, out, err);
  if (st) {
    z3_change_set_release(out);
    return st;
  }
  out->checksum_offset = z3_rom_header_offset(out->base) + 0x1C;
  painter pt = {.base = out->base, .rom = out->rom};
  z3_buf_init(&pt.spans);
  z3_buf_init(&pt.texts);
  z3_buf list;
  z3_buf_init(&list);
  size_t common_diff = 0;
  st = find_runs(&pt, out->checksum_offset, &common_diff, err);
  if (st == Z3_OK) {
    paint_header(&pt, out->base);
    if (paint_sheets(&pt, out->base) >= MIN_SHEETS_FOR_ALTTP) paint_palettes(&pt, out->base);
    paint_sheets(&pt, out->rom);
    paint_recorded(&pt, p->sandbox_dir);
    st = cut(out, &pt, &list, err);
  }
  if (st == Z3_OK) st = add_checksum(out, &list, err);
  if (st == Z3_OK) st = add_resize(out, &list, err);
  painter_release(&pt);
  out->changes = (z3_prop_change *)list.data;
  out->count = list.len / sizeof(z3_prop_change);
  for (size_t i = 0; i < out->count; i++) out->changes[i].index = i + 1;
  size_t old = out->base->data.len, now = out->rom->data.len;
  out->bytes_changed = common_diff + (old < now ? now - old : old - now);
  if (st) z3_change_set_release(out);
  return st;
}

void z3_change_set_release(z3_change_set *s) {
  z3_rom_free(s->base);
  z3_rom_free(s->rom);
  z3_free(s->changes);
  for (size_t i = 0; i < s->name_count; i++) z3_free(s->names[i]);
  z3_free(s->names);
  memset(s, 0, sizeof *s);
}

/* ---- presenting and selecting ---------------------------------------------------- */

static json_t *hex_json(const uint8_t *bytes, size_t len) {
  char *hex = z3_hex_string(bytes, len, BYTES_SHOWN);
  json_t *v = json_string(hex ? hex : "");
  z3_free(hex);
  return v;
}

static void bank_label(const z3_rom *rom, size_t offset, char out[8]) {
  uint32_t addr = 0;
  if (z3_rom_to_snes(rom, offset, &addr, NULL) == Z3_OK) snprintf(out, 8, "$%02X", (unsigned)(addr >> 16));
  else snprintf(out, 8, "?");
}

static json_t *change_json(const z3_change_set *s, const z3_prop_change *c) {
  json_t *o = json_object();
  json_object_set_new(o, "index", json_integer((json_int_t)c->index));
  json_object_set_new(o, "resource", c->resource ? json_string(c->resource) : json_null());
  json_object_set_new(o, "source", c->source ? json_string(c->source) : json_null());
  if (c->resize) {
    json_object_set_new(o, "resize", json_true());
    json_object_set_new(o, "old_size", json_integer((json_int_t)s->base->data.len));
    json_object_set_new(o, "new_size", json_integer((json_int_t)s->rom->data.len));
    json_object_set_new(o, "bytes_changed", json_integer((json_int_t)c->bytes_changed));
    return o;
  }
  json_object_set_new(o, "offset", json_integer((json_int_t)c->offset));
  uint32_t addr;
  char text[10], bank[8];
  if (z3_rom_to_snes(s->rom, c->offset, &addr, NULL) == Z3_OK) {
    z3_snes_format_address(addr, text);
    json_object_set_new(o, "address", json_string(text));
  }
  bank_label(s->rom, c->offset, bank);
  json_object_set_new(o, "bank", json_string(bank));
  json_object_set_new(o, "length", json_integer((json_int_t)c->length));
  json_object_set_new(o, "bytes_changed", json_integer((json_int_t)c->bytes_changed));
  uint8_t old[BYTES_SHOWN];
  size_t shown = c->length < BYTES_SHOWN ? c->length : BYTES_SHOWN;
  for (size_t i = 0; i < shown; i++) old[i] = base_byte(s->base, c->offset + i);
  json_object_set_new(o, "old", hex_json(old, shown));
  json_object_set_new(o, "new", hex_json(s->rom->data.data + c->offset, shown));
  return o;
}

static json_t *banks_json(const z3_change_set *s) {
  json_t *banks = json_array();
  json_t *cur = NULL;
  char last[8] = "";
  for (size_t i = 0; i < s->count; i++) {
    const z3_prop_change *c = &s->changes[i];
    if (c->resize) continue;
    char bank[8];
    bank_label(s->rom, c->offset, bank);
    if (!cur || strcmp(bank, last) != 0) {
      cur = json_pack("{s:s,s:I,s:[]}", "bank", bank, "bytes_changed", (json_int_t)0, "changes");
      json_array_append_new(banks, cur);
      snprintf(last, sizeof last, "%s", bank);
    }
    json_t *n = json_object_get(cur, "bytes_changed");
    json_integer_set(n, json_integer_value(n) + (json_int_t)c->bytes_changed);
    json_array_append_new(json_object_get(cur, "changes"), json_integer((json_int_t)c->index));
  }
  return banks;
}

static json_t *checksum_json(const z3_change_set *s) {
  char base[8], now[8];
  size_t at = s->checksum_offset + 2;
  bool in = at + 2 <= s->base->data.len && at + 2 <= s->rom->data.len;
  snprintf(base, sizeof base, "0x%04X", in ? s->base->data.data[at] | s->base->data.data[at + 1] << 8 : 0);
  snprintf(now, sizeof now, "0x%04X", in ? s->rom->data.data[at] | s->rom->data.data[at + 1] << 8 : 0);
  return json_pack("{s:s,s:s,s:b,s:s}", "base", base, "sandbox", now, "sandbox_valid",
                   z3_rom_checksum_ok(s->rom), "note", "not listed as a change: accepting recomputes it");
}

json_t *z3_change_set_json(const z3_change_set *s, size_t max_changes) {
  json_t *o = json_object();
  json_object_set_new(o, "bytes_changed", json_integer((json_int_t)s->bytes_changed));
  json_object_set_new(o, "change_count", json_integer((json_int_t)s->count));
  json_t *list = json_array();
  size_t shown = max_changes && max_changes < s->count ? max_changes : s->count;
  for (size_t i = 0; i < shown; i++) json_array_append_new(list, change_json(s, &s->changes[i]));
  json_object_set_new(o, "changes", list);
  json_object_set_new(o, "changes_truncated", json_boolean(shown < s->count));
  json_object_set_new(o, "banks", banks_json(s));
  json_object_set_new(o, "size", json_pack("{s:I,s:I}", "base", (json_int_t)s->base->data.len,
                                           "sandbox", (json_int_t)s->rom->data.len));
  json_object_set_new(o, "checksum", checksum_json(s));
  return o;
}

static int cmp_size(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return x < y ? -1 : x > y;
}

static z3_status bad_item(const char *list, const char *item, size_t len, z3_error *err) {
  z3_error_set(err, Z3_E_USAGE, "--changes '%s': '%.*s' is not a change number or range", list,
               (int)len, item);
  z3_error_hint(err, "write numbers and ranges from the diff, like 1,3,5-7");
  return Z3_E_USAGE;
}

static z3_status parse_item(const char *list, const char *item, size_t len, size_t *lo, size_t *hi,
                            z3_error *err) {
  char text[32];
  if (len == 0 || len >= sizeof text) return bad_item(list, item, len, err);
  memcpy(text, item, len);
  text[len] = '\0';
  char *dash = strchr(text, '-');
  if (dash) *dash = '\0';
  uint64_t a, b;
  if (!z3_parse_u64(text, &a) || (dash && !z3_parse_u64(dash + 1, &b))) return bad_item(list, item, len, err);
  *lo = (size_t)a;
  *hi = dash ? (size_t)b : (size_t)a;
  if (*lo == 0 || *hi < *lo) return bad_item(list, item, len, err);
  return Z3_OK;
}

z3_status z3_change_set_select(const z3_change_set *s, const char *list, size_t **out,
                               size_t *count, z3_error *err) {
  *out = NULL;
  *count = 0;
  z3_buf picked;
  z3_buf_init(&picked);
  z3_status st = Z3_OK;
  for (const char *p = list; st == Z3_OK;) {
    size_t n = strcspn(p, ",");
    size_t lo = 0, hi = 0;
    st = parse_item(list, p, n, &lo, &hi, err);
    if (st == Z3_OK && hi > s->count) {
      z3_error_set(err, Z3_E_USAGE, "there is no change %zu: the proposal has %zu change%s", hi,
                   s->count, s->count == 1 ? "" : "s");
      z3_error_hint(err, "see the numbers with 'z3ed agent proposal diff'");
      st = Z3_E_USAGE;
    }
    for (size_t i = lo; st == Z3_OK && i <= hi; i++) st = z3_buf_append(&picked, &i, sizeof i, err);
    if (!p[n]) break;
    p += n + 1;
  }
  size_t n = picked.len / sizeof(size_t);
  size_t *items = (size_t *)picked.data;
  if (st) {
    z3_buf_release(&picked);
    return st;
  }
  qsort(items, n, sizeof *items, cmp_size);
  size_t unique = 0;
  for (size_t i = 0; i < n; i++)
    if (!unique || items[unique - 1] != items[i]) items[unique++] = items[i];
  *out = items;
  *count = unique;
  return Z3_OK;
}
