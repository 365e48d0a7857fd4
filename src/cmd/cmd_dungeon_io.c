/* dungeon export / import. */
#include <stdlib.h>
#include <string.h>

#include "cmd/export_text.h"
#include "cmd/handlers_dungeon.h"
#include "zelda3/dungeon_json.h"

z3_status z3_export_room_text(const z3_dungeon *d, int room, z3_buf *out, z3_error *err) {
  json_t *doc = z3_room_export_json(d, room);
  char *text = doc ? json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
  json_decref(doc);
  z3_status st = text ? z3_buf_append(out, text, strlen(text), err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = z3_buf_push(out, '\n', err);
  free(text);
  return st;
}

static z3_status json_text(json_t *doc, z3_buf *out, z3_error *err) {
  char *text = doc ? json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
  json_decref(doc);
  z3_status st = text ? z3_buf_append(out, text, strlen(text), err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = z3_buf_push(out, '\n', err);
  free(text);
  return st;
}

z3_status cmd_dungeon_export(z3_cmd_ctx *ctx, z3_error *err) {
  z3_dungeon *d;
  int room;
  z3_object_list *l;
  z3_status st = z3_cmd__objects_open(ctx, &d, &room, &l, err);
  if (st) return st;
  z3_buf file;
  z3_buf_init(&file);
  st = l ? json_text(z3_list_export_json(l), &file, err) : z3_export_room_text(d, room, &file, err);
  if (l) z3_cmd__list_result(ctx, d, l);
  else json_object_set_new(ctx->result, "room", z3_json_hex((unsigned)room, 3));
  z3_dungeon_free(d);
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "out"), file.data, file.len, err);
  z3_buf_release(&file);
  return st;
}

z3_status cmd_dungeon_import(z3_cmd_ctx *ctx, z3_error *err) {
  const char *path = z3_arg_str(ctx, "in");
  z3_buf file;
  z3_buf_init(&file);
  z3_status st = z3_file_read(&file, path, 1u << 20, err);
  json_t *doc = NULL;
  if (st == Z3_OK) {
    json_error_t jerr;
    doc = json_loadb((const char *)file.data, file.len, 0, &jerr);
    if (!doc) {
      st = z3_error_set(err, Z3_E_INVALID, "'%s' is not JSON: %s at line %d, column %d", path, jerr.text, jerr.line,
                        jerr.column);
    }
  }
  z3_buf_release(&file);
  z3_dungeon *d = NULL;
  int room = -1;
  z3_object_list *l = NULL;
  if (st == Z3_OK) st = z3_cmd__objects_open(ctx, &d, &room, &l, err);
  if (st) {
    json_decref(doc);
    return st;
  }
  z3_error inner;
  z3_error_init(&inner);
  st = l ? z3_list_import_json(l, doc, &inner) : z3_room_import_json(d, room, doc, &inner);
  if (st) {
    z3_error_set(err, st, "'%s': %s", path, inner.message);
    if (inner.hint[0]) z3_error_hint(err, "%s", inner.hint);
  }
  json_decref(doc);
  return l ? z3_cmd__list_commit(ctx, d, l, st, err) : z3_cmd__dungeon_commit(ctx, d, room, st, err);
}
