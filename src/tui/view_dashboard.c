/*
 * tui/view_dashboard: the ROM at a glance. Header, mapping and checksum from
 * snes/rom, counts and free space from the world model's map of the ROM
 * (zelda3/romap, what `hex annotate` reads), findings from `rom validate`
 * run through the command table, the open proposals, and the change log's
 * last entries.
 * Recomputed only when the document changed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent/proposal.h"

#include "tui/component.h"
#include "zelda3/romap.h"

/* Palettes are counted per group: key = group * 256 + index. */
enum { MAX_BANKS = 256, MAX_FINDINGS = 4, MAX_KEY = 64 * 256 };

typedef struct structure_count {
  const char *name;
  z3_region_kind kind;
  int count;
} structure_count;

typedef struct dashboard {
  unsigned generation;
  bool fresh;
  z3_rom_header header;
  bool checksum_ok;
  uint16_t computed;
  structure_count counts[6];
  size_t free_per_bank[MAX_BANKS];
  size_t bank_count, free_total;
  char skipped[sizeof ((z3_romap *)0)->skipped];
  int errors, warnings;
  char findings[MAX_FINDINGS][160];
  int finding_count;
  char validate_error[sizeof ((z3_error *)0)->message];
  int proposals_open, proposals_here; /* -1: no registry yet, or registry_error */
  char registry_error[sizeof ((z3_error *)0)->message];
  char registry_hint[sizeof ((z3_error *)0)->hint];
} dashboard;

static const tui_key_help keys[] = {{"r", "recompute (also done after every edit)"}, {NULL, NULL}};

static void count_structures(dashboard *d, const z3_romap *map) {
  static const structure_count init[] = {
      {"rooms", Z3_REGION_ROOM_HEADER, 0}, {"areas", Z3_REGION_AREA_MAP, 0}, {"messages", Z3_REGION_MESSAGE, 0},
      {"sheets", Z3_REGION_SHEET, 0},      {"palettes", Z3_REGION_PALETTE, 0}, {"chests", Z3_REGION_CHEST, 0},
  };
  memcpy(d->counts, init, sizeof init);
  static unsigned char seen[6][MAX_KEY];
  memset(seen, 0, sizeof seen);
  for (size_t i = 0; i < map->count; i++) {
    const z3_region *r = &map->items[i];
    for (int k = 0; k < 6; k++) {
      int key = r->kind == Z3_REGION_PALETTE ? r->part * 256 + r->index : r->index;
      if (r->kind != d->counts[k].kind || key < 0 || key >= (int)sizeof seen[k]) continue;
      if (r->kind == Z3_REGION_AREA_MAP && r->part != 0) continue;
      if (!seen[k][key]) d->counts[k].count++;
      seen[k][key] = 1;
    }
  }
}

static void sum_free(dashboard *d, const z3_rom *rom, const z3_romap *map) {
  size_t bank = z3_mapping_bank_size(rom->mapping);
  memset(d->free_per_bank, 0, sizeof d->free_per_bank);
  d->bank_count = rom->data.len / bank;
  d->free_total = 0;
  for (size_t i = 0; i < map->count; i++) {
    const z3_region *r = &map->items[i];
    if (r->kind != Z3_REGION_FREE) continue;
    for (size_t at = r->offset; at < r->offset + r->length;) {
      size_t b = at / bank, end = (b + 1) * bank < r->offset + r->length ? (b + 1) * bank : r->offset + r->length;
      if (b < MAX_BANKS) d->free_per_bank[b] += end - at;
      d->free_total += end - at;
      at = end;
    }
  }
}

static void run_validate(dashboard *d, z3_doc *doc) {
  const char *words[] = {"rom", "validate"};
  json_t *res = NULL;
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_doc_run(doc, 2, words, &res, &err);
  d->finding_count = 0, d->validate_error[0] = '\0';
  if (!res) {
    snprintf(d->validate_error, sizeof d->validate_error, "%s", st ? err.message : "no result");
    return;
  }
  d->errors = (int)json_integer_value(json_object_get(res, "errors"));
  d->warnings = (int)json_integer_value(json_object_get(res, "warnings"));
  size_t i;
  json_t *f;
  json_array_foreach(json_object_get(res, "findings"), i, f) {
    if (d->finding_count == MAX_FINDINGS) break;
    snprintf(d->findings[d->finding_count++], sizeof d->findings[0], "%s: %s",
             json_string_value(json_object_get(f, "severity")), json_string_value(json_object_get(f, "message")));
  }
  json_decref(res);
}

/* Open proposals in the state folder's registry, and how many are for this ROM. */
static void count_proposals(dashboard *d, const z3_doc *doc) {
  d->proposals_open = d->proposals_here = -1;
  d->registry_error[0] = '\0';
  char *dir = z3_state_dir(), *mine = realpath(doc->path, NULL);
  z3_registry *r = NULL;
  z3_proposal *list = NULL;
  size_t n = 0;
  z3_error err;
  z3_error_init(&err);
  if (dir && z3_registry_open_existing(&r, dir, &err) == Z3_OK && z3_registry_list(r, "open", &list, &n, &err) == Z3_OK) {
    d->proposals_open = (int)n, d->proposals_here = 0;
    for (size_t i = 0; i < n; i++) {
      char *theirs = list[i].rom_path ? realpath(list[i].rom_path, NULL) : NULL;
      d->proposals_here += mine && theirs && strcmp(mine, theirs) == 0;
      free(theirs);
    }
  } else if (err.code && err.code != Z3_E_NOT_FOUND) {
    snprintf(d->registry_error, sizeof d->registry_error, "%s", err.message);
    snprintf(d->registry_hint, sizeof d->registry_hint, "%s", err.hint);
  }
  z3_proposal_list_release(list, n);
  z3_registry_close(r);
  free(mine);
  z3_free(dir);
}

static void refresh_data(dashboard *d, z3_doc *doc) {
  z3_rom *rom = doc->rom;
  z3_rom_read_header(rom, &d->header);
  d->computed = z3_rom_compute_checksum(rom);
  d->checksum_ok = z3_rom_checksum_matches(rom, d->computed);
  z3_romap map = {0};
  z3_error err;
  z3_error_init(&err);
  memset(d->counts, 0, sizeof d->counts);
  if (z3_romap_build(rom, &map, &err) == Z3_OK) {
    count_structures(d, &map);
    sum_free(d, rom, &map);
    memcpy(d->skipped, map.skipped, sizeof d->skipped);
  }
  z3_romap_release(&map);
  run_validate(d, doc);
  count_proposals(d, doc);
  d->generation = doc->generation;
  d->fresh = true;
}

static int draw_header(WINDOW *w, const dashboard *d, const z3_rom *rom, int y) {
  const z3_rom_header *h = &d->header;
  char cart[64];
  tui_print(w, y++, 1, A_BOLD, "Title     %s", h->title);
  tui_print(w, y++, 1, 0, "Mapping   %s%s (map mode $%02X)", z3_mapping_name(rom->mapping), h->fast_rom ? ", FastROM" : "", h->map_mode);
  tui_print(w, y++, 1, 0, "Size      %zu bytes (%zu KiB), %zu banks%s", rom->data.len, rom->data.len >> 10, d->bank_count,
            rom->has_copier_header ? ", copier header" : "");
  tui_print(w, y++, 1, 0, "Cart      %s, SRAM %u KiB", z3_cart_type_name(h->cart_type, cart),
            h->sram_size_code ? 1u << h->sram_size_code : 0u);
  const char *region = z3_region_name(h->region);
  tui_print(w, y++, 1, 0, "Region    %s, version %u", region ? region : "unknown", h->version);
  attr_t ok = COLOR_PAIR(d->checksum_ok ? TUI_PAIR_OK : TUI_PAIR_ERROR);
  tui_print(w, y++, 1, ok, "Checksum  $%04X stored, $%04X computed: %s", h->checksum, d->computed,
            d->checksum_ok ? "valid" : "MISMATCH");
  return y;
}

static int draw_counts(WINDOW *w, const dashboard *d, int y) {
  int x = 56;
  tui_print(w, y++, x, A_BOLD, "Structures");
  for (int k = 0; k < 6; k++) tui_print(w, y++, x, 0, "%-9s %5d", d->counts[k].name, d->counts[k].count);
  return y;
}

static int draw_free(WINDOW *w, const dashboard *d, const z3_rom *rom, int y) {
  tui_print(w, y++, 1, A_BOLD, "Free space: %zu bytes (per bank, banks with any)", d->free_total);
  int x = 1, width = getmaxx(w);
  for (size_t b = 0; b < d->bank_count && b < MAX_BANKS; b++) {
    if (!d->free_per_bank[b]) continue;
    uint32_t addr = 0;
    z3_rom_to_snes(rom, b * z3_mapping_bank_size(rom->mapping), &addr, NULL);
    if (x + 15 > width) x = 1, y++;
    tui_print(w, y, x, 0, "$%02X:%6zu", addr >> 16, d->free_per_bank[b]);
    x += 15;
  }
  return y + 1;
}

static int draw_findings(WINDOW *w, const dashboard *d, int y) {
  if (d->validate_error[0]) {
    char line[sizeof d->validate_error + 16];
    snprintf(line, sizeof line, "rom validate: %s", d->validate_error);
    return tui_print_wrapped(w, y, 1, COLOR_PAIR(TUI_PAIR_ERROR), line);
  }
  attr_t a = COLOR_PAIR(d->errors ? TUI_PAIR_ERROR : TUI_PAIR_OK);
  tui_print(w, y++, 1, A_BOLD | a, "rom validate: %d errors, %d warnings", d->errors, d->warnings);
  for (int i = 0; i < d->finding_count; i++) tui_print(w, y++, 3, 0, "%s", d->findings[i]);
  return y;
}

static void draw_changes(WINDOW *w, const z3_rom *rom, int y) {
  int room = getmaxy(w) - y - 1;
  if (room < 1) return;
  tui_print(w, y++, 1, A_BOLD, "Last changes (%zu in the log since opening)", rom->change_count);
  for (size_t i = rom->change_count; i-- > 0 && room-- > 1;) {
    const z3_change *c = &rom->changes[i];
    tui_print(w, y++, 3, 0, "0x%06zx  %4zu bytes  %s", c->offset, c->new_len, c->reason ? c->reason : "");
  }
}

/* The whole error and its hint, wrapped: the way out is at the hint's end. */
static int draw_registry_error(WINDOW *w, const dashboard *d, int y) {
  char line[sizeof d->registry_error + sizeof d->registry_hint + 16];
  snprintf(line, sizeof line, "Proposals: %s", d->registry_error);
  y = tui_print_wrapped(w, y, 1, COLOR_PAIR(TUI_PAIR_ERROR), line);
  if (!d->registry_hint[0]) return y;
  snprintf(line, sizeof line, "hint: %s", d->registry_hint);
  return tui_print_wrapped(w, y, 3, COLOR_PAIR(TUI_PAIR_DIM), line);
}

static void render(tui_view *v, WINDOW *w) {
  dashboard *d = v->state;
  z3_doc *doc = tui_app_doc(v->app);
  if (!d->fresh || d->generation != doc->generation) refresh_data(d, doc);
  int y = draw_header(w, d, doc->rom, 0);
  draw_counts(w, d, 0);
  if (d->skipped[0]) tui_print(w, y++, 1, COLOR_PAIR(TUI_PAIR_DIM), "not read: %s", d->skipped);
  y = draw_free(w, d, doc->rom, y + 1) + 1;
  if (d->registry_error[0]) y = draw_registry_error(w, d, y);
  else if (d->proposals_open < 0) tui_print(w, y++, 1, COLOR_PAIR(TUI_PAIR_DIM), "Proposals: none yet (no registry)");
  else tui_print(w, y++, 1, 0, "Proposals: %d open, %d for this ROM (tab 7)", d->proposals_open, d->proposals_here);
  y = draw_findings(w, d, y + 1);
  draw_changes(w, doc->rom, y + 1);
}

static bool handle_key(tui_view *v, int key) {
  dashboard *d = v->state;
  if (key != 'r') return false;
  d->fresh = false;
  return true;
}

static void destroy(tui_view *v) { z3_free(v->state); }

void tui_dashboard_view(tui_view *v, tui_app *app) {
  *v = (tui_view){.name = "dashboard", .keys = keys, .app = app, .state = z3_calloc(1, sizeof(dashboard)),
                  .render = render, .handle_key = handle_key, .destroy = destroy};
}
