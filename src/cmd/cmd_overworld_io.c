/* overworld render, export and import. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/png.h"
#include "cmd/export_text.h"
#include "cmd/handlers.h"
#include "cmd/handlers_overworld.h"
#include "zelda3/overworld_json.h"

static const char *const overlay_names[] = {"sprites", "entrances", "exits", "items"};

/* --overlay a,b,c as Z3_OW_OVERLAY_* bits. */
static z3_status overlay_arg(const z3_cmd_ctx *ctx, unsigned *kinds, z3_error *err) {
  *kinds = 0;
  const char *list = z3_arg_given(ctx, "overlay") ? z3_arg_str(ctx, "overlay") : "";
  while (*list) {
    size_t n = strcspn(list, ",");
    bool known = false;
    for (unsigned k = 0; k < 4; k++)
      if (strlen(overlay_names[k]) == n && strncmp(list, overlay_names[k], n) == 0) *kinds |= 1u << k, known = true;
    if (!known && n) {
      z3_error_set(err, Z3_E_USAGE, "--overlay '%.*s' is not one of: sprites, entrances, exits, items", (int)n, list);
      return Z3_E_USAGE;
    }
    list += n + (list[n] == ',');
  }
  return Z3_OK;
}

static void overlay_result(z3_cmd_ctx *ctx, unsigned kinds, const int counts[4]) {
  if (!kinds) return;
  json_t *o = json_object();
  for (unsigned k = 0; k < 4; k++)
    if (kinds & 1u << k) json_object_set_new(o, overlay_names[k], json_integer(counts[k]));
  json_object_set_new(ctx->result, "overlay", o);
}

z3_status cmd_overworld_render(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0, state = 1, counts[4] = {0};
  unsigned kinds = 0;
  z3_overworld *ow = NULL;
  z3_status st = overlay_arg(ctx, &kinds, err);
  if (st == Z3_OK && z3_arg_given(ctx, "state")) st = z3_cmd__ow_state(ctx, &state, NULL, err);
  if (st == Z3_OK) st = z3_cmd__ow_map(ctx, &id, err);
  if (st == Z3_OK) st = z3_ow_load(&ow, ctx->rom, err);
  z3_ow_image img = {0};
  z3_buf png;
  z3_buf_init(&png);
  if (st == Z3_OK) st = z3_ow_render(ow, ctx->rom, id, &img, err);
  if (st == Z3_OK && z3_arg_bool(ctx, "event-overlay")) st = z3_cmd__ow_draw_event_overlay(ctx, ow, id, &img, err);
  uint8_t palette[133][4];
  if (st == Z3_OK) {
    memcpy(palette, img.palette, sizeof img.palette);
    memcpy(palette[128], z3_ow_marker_rgba, sizeof z3_ow_marker_rgba);
    if (kinds) z3_ow_draw_overlay(ow, id, kinds, state, &img, counts);
    overlay_result(ctx, kinds, counts);
    st = z3_png_write_indexed(&png, img.width, img.height, img.pixels, (const uint8_t(*)[4])palette, kinds ? 133 : 128, err);
  }
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "out"), png.data, png.len, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "map", z3_cmd__hex((uint64_t)id, 2));
    json_object_set_new(ctx->result, "width", json_integer(img.width));
    json_object_set_new(ctx->result, "height", json_integer(img.height));
  }
  z3_buf_release(&png);
  z3_ow_image_release(&img);
  z3_ow_free(ow);
  return st;
}

/* Indented JSON with arrays of plain values kept on one line (a tile32 row per line). */
static z3_status append_json(z3_buf *out, const char *text, z3_error *err) {
  for (const char *p = text; *p; p++) {
    size_t flat = 0;
    if (*p == '[') {
      const char *q = p + 1;
      while (*q && *q != ']' && *q != '[' && *q != '{') q++;
      if (*q == ']') flat = (size_t)(q - p) + 1;
    }
    if (!flat) {
      if (z3_buf_push(out, (uint8_t)*p, err)) return Z3_E_NOMEM;
      continue;
    }
    for (size_t i = 0; i < flat; i++)
      if ((p[i] != '\n' && p[i] != ' ') && z3_buf_push(out, (uint8_t)p[i], err)) return Z3_E_NOMEM;
    p += flat - 1;
  }
  return z3_buf_push(out, '\n', err);
}

z3_status z3_export_area_text(const z3_overworld *ow, int id, z3_buf *out, size_t *screens, z3_error *err) {
  json_t *doc = z3_ow_export_json(ow, id);
  char *text = doc ? json_dumps(doc, JSON_INDENT(1) | JSON_COMPACT) : NULL;
  if (screens) *screens = json_array_size(json_object_get(doc, "screens"));
  json_decref(doc);
  z3_status st = text ? append_json(out, text, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  free(text);
  return st;
}

z3_status cmd_overworld_export(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0;
  z3_overworld *ow = NULL;
  z3_status st = z3_cmd__ow_map(ctx, &id, err);
  if (st == Z3_OK) st = z3_ow_load(&ow, ctx->rom, err);
  if (st) return st;
  z3_buf out;
  z3_buf_init(&out);
  size_t screens = 0;
  st = z3_export_area_text(ow, id, &out, &screens, err);
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "out"), out.data, out.len, err);
  z3_buf_release(&out);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "map", z3_cmd__hex((uint64_t)id, 2));
    json_object_set_new(ctx->result, "screens", json_integer((json_int_t)screens));
  }
  z3_ow_free(ow);
  return st;
}

z3_status cmd_overworld_import(z3_cmd_ctx *ctx, z3_error *err) {
  int id = 0;
  z3_overworld *ow = NULL;
  const char *path = z3_arg_str(ctx, "in");
  z3_status st = z3_cmd__ow_map(ctx, &id, err);
  json_t *doc = NULL;
  if (st == Z3_OK) {
    json_error_t jerr;
    doc = json_load_file(path, 0, &jerr);
    if (!doc)
      st = z3_error_set(err, Z3_E_INVALID, "'%s' is not valid JSON: %s (line %d, column %d)", path, jerr.text, jerr.line,
                        jerr.column);
  }
  if (st == Z3_OK) st = z3_ow_load(&ow, ctx->rom, err);
  if (st == Z3_OK) {
    st = z3_ow_import_json(ow, id, doc, err);
    if (st) z3_error_hint(err, "in '%s'; 'z3ed overworld export' writes a document to start from", path);
  }
  if (st == Z3_OK) st = z3_cmd__ow_commit(ctx, ow, err);
  if (st == Z3_OK) json_object_set_new(ctx->result, "map", z3_cmd__hex((uint64_t)id, 2));
  json_decref(doc);
  z3_ow_free(ow);
  return st;
}
