/*
 * The assets of a project: every file the export commands write for a ROM,
 * and their import. Files are exported by the same functions as `dungeon
 * export`, `overworld export`, `gfx export` and `message export`
 * (cmd/export_text.h, zelda3/text_bundle.h), and imported by running those
 * commands' import on the ROM in memory, so a build makes exactly the bytes
 * the same edits made by hand would. Songs are `music export`'s text, one file
 * per song of each bank (music/BANK_song_NN.txt).
 *
 * Palettes are one file per group (the import commands take one palette),
 * written by the palette-file library: {"format": "z3ed-palette-group",
 * "group": NAME, "palettes": [{"colors": ["#RRGGBB", ...]}, ...]}, each entry
 * what `palette export --out X.json` writes without its "snes" list.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/export_text.h"
#include "project/project.h"
#include "snes/palfile.h"
#include "zelda3/gfx.h"
#include "zelda3/music.h"
#include "zelda3/palettes.h"
#include "zelda3/text_bundle.h"

#define PALETTE_GROUP_FORMAT "z3ed-palette-group"
enum { KIND_DUNGEON, KIND_OVERWORLD, KIND_GFX, KIND_PALETTES, KIND_MESSAGES, KIND_MUSIC };
enum { SONGS_PER_BANK = 256 }; /* a song asset's index: bank * SONGS_PER_BANK + song */
enum { ASSET_MAX_BYTES = 16u << 20 };

static z3_asset_file *add_file(z3_asset_set *s, int kind, int index, z3_error *err) {
  z3_asset_file *grown = z3_realloc(s->files, (s->count + 1) * sizeof *grown);
  if (!grown) {
    z3_error_set(err, Z3_E_NOMEM, "out of memory");
    return NULL;
  }
  s->files = grown;
  z3_asset_file *f = &s->files[s->count++];
  memset(f, 0, sizeof *f);
  f->kind = kind, f->index = index;
  z3_buf_init(&f->data);
  return f;
}

static z3_status export_rooms(const z3_rom *rom, z3_asset_set *s, z3_error *err) {
  z3_dungeon *d = NULL;
  z3_status st = z3_dungeon_load(rom, &d, err);
  for (int room = 0; st == Z3_OK && room < Z3_ROOM_COUNT; room++) {
    z3_asset_file *f = add_file(s, KIND_DUNGEON, room, err);
    if (!f) st = Z3_E_NOMEM;
    if (f) snprintf(f->rel, sizeof f->rel, "dungeon/room_%03X.json", (unsigned)room);
    if (f) st = z3_export_room_text(d, room, &f->data, err);
  }
  if (d) z3_dungeon_free(d);
  return st;
}

static z3_status export_areas(const z3_rom *rom, z3_asset_set *s, z3_error *err) {
  z3_overworld *ow = NULL;
  z3_status st = z3_ow_load(&ow, rom, err);
  for (int id = 0; st == Z3_OK && id < Z3_OW_AREA_COUNT; id++) {
    if (ow->areas[id].large && ow->areas[id].parent != id) continue; /* inside its parent's file */
    z3_asset_file *f = add_file(s, KIND_OVERWORLD, id, err);
    if (!f) st = Z3_E_NOMEM;
    if (f) snprintf(f->rel, sizeof f->rel, "overworld/area_%02X.json", (unsigned)id);
    if (f) st = z3_export_area_text(ow, id, &f->data, NULL, err);
  }
  z3_ow_free(ow);
  return st;
}

static z3_status export_sheets(const z3_rom *rom, z3_asset_set *s, z3_error *err) {
  z3_status st = Z3_OK;
  for (int i = 0; st == Z3_OK && i < Z3_SHEET_COUNT; i++) {
    z3_asset_file *f = add_file(s, KIND_GFX, i, err);
    if (!f) return Z3_E_NOMEM;
    snprintf(f->rel, sizeof f->rel, "gfx/sheet_%02X.png", (unsigned)i);
    st = z3_export_sheet_png(rom, i, &f->data, err);
  }
  return st;
}

/* One palette as `palette export --out X.json` writes it, parsed, "colors" only. */
static json_t *palette_json(const z3_rom *rom, const z3_palette_group *g, int index, z3_error *err) {
  uint16_t colors[Z3_PALETTE_MAX_COLORS];
  z3_buf file;
  z3_buf_init(&file);
  json_t *doc = NULL;
  z3_status st = z3_palette_read(rom, g, index, colors, err);
  if (st == Z3_OK) st = z3_palfile_write(&file, Z3_PALFILE_JSON, colors, (size_t)g->colors, err);
  if (st == Z3_OK) doc = json_loadb((const char *)file.data, file.len, 0, NULL);
  if (st == Z3_OK && !doc) z3_error_set(err, Z3_E_INTERNAL, "palette %s:%d did not export as JSON", g->name, index);
  /* One list only, so an edit cannot go to the list the reader ignores; #RRGGBB
   * holds the five bits of each BGR555 channel exactly. */
  if (doc) json_object_del(doc, "snes");
  z3_buf_release(&file);
  return doc;
}

static z3_status dump_json(const json_t *doc, z3_buf *out, z3_error *err) {
  char *text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  z3_status st = text ? z3_buf_append(out, text, strlen(text), err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = z3_buf_push(out, '\n', err);
  free(text);
  return st;
}

static z3_status export_palettes(const z3_rom *rom, z3_asset_set *s, z3_error *err) {
  z3_status st = Z3_OK;
  for (size_t gi = 0; st == Z3_OK && gi < z3_palette_group_count; gi++) {
    const z3_palette_group *g = &z3_palette_groups[gi];
    json_t *list = json_array();
    for (int i = 0; st == Z3_OK && i < g->count; i++) {
      json_t *one = palette_json(rom, g, i, err);
      if (!one) st = err->code ? err->code : Z3_E_NOMEM;
      else json_array_append_new(list, one);
    }
    json_t *doc = json_pack("{s:s,s:i,s:s,s:o}", "format", PALETTE_GROUP_FORMAT, "version", 1, "group", g->name,
                            "palettes", list);
    z3_asset_file *f = st == Z3_OK ? add_file(s, KIND_PALETTES, (int)gi, err) : NULL;
    if (st == Z3_OK && !f) st = Z3_E_NOMEM;
    if (f) snprintf(f->rel, sizeof f->rel, "palettes/%s.json", g->name);
    if (f) st = dump_json(doc, &f->data, err);
    json_decref(doc);
  }
  return st;
}

static z3_status export_messages(const z3_rom *rom, z3_asset_set *s, z3_error *err) {
  z3_text text;
  z3_status st = z3_text_load(rom, &text, err);
  if (st) return st;
  z3_asset_file *f = add_file(s, KIND_MESSAGES, 0, err);
  if (!f) st = Z3_E_NOMEM;
  if (f) snprintf(f->rel, sizeof f->rel, "messages.txt");
  if (f) st = z3_text_bundle_write_text(&text, &f->data, err);
  z3_text_release(&text);
  return st;
}

/* Every readable song of every bank, as `music export --song N --bank B` writes it;
 * a bank that does not load (no song table) has no files. */
static z3_status export_songs(const z3_rom *rom, z3_asset_set *s, z3_error *err) {
  z3_music_image *img = z3_malloc(sizeof *img);
  if (!img) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  for (int bank = 0; st == Z3_OK && bank < Z3_MUSIC_BANK_COUNT; bank++) {
    if (z3_music_image_load(rom, (z3_music_bank_id)bank, img, NULL) != Z3_OK) continue;
    for (int id = 1; st == Z3_OK && id <= img->slots && id < SONGS_PER_BANK; id++) {
      z3_music_song song;
      if (z3_music_song_read(img, id, &song, NULL) != Z3_OK) continue;
      z3_asset_file *f = add_file(s, KIND_MUSIC, bank * SONGS_PER_BANK + id, err);
      if (!f) st = Z3_E_NOMEM;
      if (f) snprintf(f->rel, sizeof f->rel, "music/%s_song_%02d.txt", z3_music_bank_names[bank], id);
      if (f) st = z3_music_text_write(img, &song, &f->data, err);
      z3_music_song_release(&song);
    }
  }
  z3_free(img);
  return st;
}

z3_status z3_assets_export(const z3_rom *rom, z3_asset_set *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  z3_status st = export_rooms(rom, out, err);
  if (st == Z3_OK) st = export_areas(rom, out, err);
  if (st == Z3_OK) st = export_sheets(rom, out, err);
  if (st == Z3_OK) st = export_palettes(rom, out, err);
  if (st == Z3_OK) st = export_messages(rom, out, err);
  if (st == Z3_OK) st = export_songs(rom, out, err);
  if (st) z3_asset_set_release(out);
  return st;
}

void z3_asset_set_release(z3_asset_set *s) {
  for (size_t i = 0; i < s->count; i++) z3_buf_release(&s->files[i].data);
  z3_free(s->files);
  memset(s, 0, sizeof *s);
}

const z3_asset_file *z3_asset_find(const z3_asset_set *s, const char *rel) {
  for (size_t i = 0; i < s->count; i++)
    if (strcmp(s->files[i].rel, rel) == 0) return &s->files[i];
  return NULL;
}

/* ---- import ----------------------------------------------------------------- */

/* Runs one table command on rom in memory: words, then --rom rom_name. */
static z3_status run_on(z3_rom *rom, const char *rom_name, const char **words, int n, z3_error *err) {
  char *argv[16];
  for (int i = 0; i < n; i++) argv[i] = (char *)words[i];
  argv[n++] = "--rom";
  argv[n++] = (char *)rom_name;
  z3_cmd_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  z3_status st = z3_cmd_parse(&ctx, n, argv, err);
  if (st == Z3_OK) st = z3_cmd_run_on(&ctx, rom, err);
  z3_cmd_ctx_release(&ctx);
  return st;
}

static z3_status palette_entry(const json_t *entry, const z3_palette_group *g, size_t i, uint16_t *colors,
                               z3_error *err) {
  char *text = json_dumps(entry, JSON_COMPACT);
  size_t n = 0;
  uint16_t all[256];
  z3_error inner;
  z3_error_init(&inner);
  z3_status st = text ? z3_palfile_read(all, 256, &n, Z3_PALFILE_JSON, (const uint8_t *)text, strlen(text), &inner)
                      : z3_error_set(&inner, Z3_E_NOMEM, "out of memory");
  free(text);
  if (st) return z3_error_set(err, st, "$.palettes[%zu]: %s", i, inner.message);
  if (n != (size_t)g->colors)
    return z3_error_set(err, Z3_E_INVALID, "$.palettes[%zu]: holds %zu colours; group '%s' stores %d per palette", i, n,
                        g->name, g->colors);
  memcpy(colors, all, n * sizeof *colors);
  return Z3_OK;
}

/* Writes the palettes of a group file that differ from the ROM's. */
static z3_status import_palettes(z3_rom *rom, const z3_palette_group *g, const json_t *doc, z3_error *err) {
  const json_t *list = json_object_get(doc, "palettes");
  const char *format = json_string_value(json_object_get(doc, "format"));
  if (!format || strcmp(format, PALETTE_GROUP_FORMAT) != 0)
    return z3_error_set(err, Z3_E_INVALID, "$.format: not \"%s\"", PALETTE_GROUP_FORMAT);
  const char *group = json_string_value(json_object_get(doc, "group"));
  if (!group || strcmp(group, g->name) != 0)
    return z3_error_set(err, Z3_E_INVALID, "$.group: '%s' is not this file's group '%s'", group ? group : "", g->name);
  if (!json_is_array(list) || json_array_size(list) != (size_t)g->count)
    return z3_error_set(err, Z3_E_INVALID, "$.palettes: group '%s' has %d palettes", g->name, g->count);
  z3_status st = Z3_OK;
  for (size_t i = 0; st == Z3_OK && i < json_array_size(list); i++) {
    uint16_t want[Z3_PALETTE_MAX_COLORS], have[Z3_PALETTE_MAX_COLORS];
    st = palette_entry(json_array_get(list, i), g, i, want, err);
    if (st == Z3_OK) st = z3_palette_read(rom, g, (int)i, have, err);
    if (st == Z3_OK && memcmp(want, have, (size_t)g->colors * sizeof *want) != 0)
      st = z3_palette_write(rom, g, (int)i, want, err);
  }
  return st;
}

/* Like a palette command run by the dispatcher: a checksum valid before is kept valid. */
static z3_status import_palette_file(z3_rom *rom, const char *path, const z3_palette_group *g, z3_error *err) {
  json_error_t jerr;
  json_t *doc = json_load_file(path, 0, &jerr);
  if (!doc) return z3_error_set(err, Z3_E_INVALID, "not JSON: %s at line %d, column %d", jerr.text, jerr.line, jerr.column);
  bool checksum_was_valid = z3_rom_checksum_ok(rom);
  z3_status st = import_palettes(rom, g, doc, err);
  if (st == Z3_OK && checksum_was_valid && !z3_rom_checksum_ok(rom)) st = z3_rom_fix_checksum(rom, err);
  json_decref(doc);
  return st;
}

static z3_status import_by_command(z3_rom *rom, const char *rom_name, const char *path, const z3_asset_file *f,
                                   z3_error *err) {
  char id[16];
  snprintf(id, sizeof id, "0x%X", (unsigned)(f->kind == KIND_MUSIC ? f->index % SONGS_PER_BANK : f->index));
  const char *words[10];
  int n = 0;
  switch (f->kind) {
    case KIND_MUSIC:
      words[n++] = "music", words[n++] = "import", words[n++] = "--bank";
      words[n++] = z3_music_bank_names[f->index / SONGS_PER_BANK], words[n++] = "--song";
      break;
    case KIND_DUNGEON: words[n++] = "dungeon", words[n++] = "import", words[n++] = "--room"; break;
    case KIND_OVERWORLD: words[n++] = "overworld", words[n++] = "import", words[n++] = "--map"; break;
    case KIND_GFX: words[n++] = "gfx", words[n++] = "import", words[n++] = "--sheet"; break;
    default: words[n++] = "message", words[n++] = "import"; break;
  }
  if (f->kind != KIND_MESSAGES) words[n++] = id;
  words[n++] = "--in";
  words[n++] = path;
  return run_on(rom, rom_name, words, n, err);
}

z3_status z3_asset_import(z3_rom *rom, const char *rom_name, const char *dir, const z3_asset_file *f,
                          z3_error *err) {
  char *rel = z3_strfmt("assets/%s", f->rel);
  char *path = rel ? z3_project_path(dir, rel) : NULL;
  if (!path) {
    z3_free(rel);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  }
  z3_error inner;
  z3_error_init(&inner);
  z3_status st = f->kind == KIND_PALETTES ? import_palette_file(rom, path, &z3_palette_groups[f->index], &inner)
                                          : import_by_command(rom, rom_name, path, f, &inner);
  if (st) {
    /* The import commands name the file already; the palette reader does not. */
    if (strstr(inner.message, path)) z3_error_set(err, st, "%s", inner.message);
    else z3_error_set(err, st, "%s: %s", rel, inner.message);
    if (inner.hint[0]) z3_error_hint(err, "%s", inner.hint);
  }
  z3_free(path);
  z3_free(rel);
  return st;
}
