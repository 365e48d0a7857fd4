/* Patch manifests for patch create / patch info: the change in game terms, code ranges named by --labels. */
#include <string.h>

#include "cmd/location.h"
#include "cmd/patch_manifest.h"
#include "snes/patch.h"
#include "zelda3/manifest.h"

/* Names a range by the label it starts in (Label+N); false when no label holds it. */
static bool label_range(json_t *r, const z3_symbols *labels, const z3_rom *to) {
  uint64_t offset = 0;
  const char *text = json_string_value(json_object_get(r, "offset"));
  uint32_t address;
  const z3_symbol *sym = NULL;
  if (text && z3_parse_u64(text, &offset) && z3_rom_to_snes(to, (size_t)offset, &address, NULL) == Z3_OK)
    sym = z3_symbols_nearest(labels, address);
  if (!sym) return false;
  char name[160];
  if (sym->address == address) snprintf(name, sizeof name, "%s", sym->name);
  else snprintf(name, sizeof name, "%s+%u", sym->name, (unsigned)(address - sym->address));
  json_object_set_new(r, "label", json_string(name));
  return true;
}

/* Unmodelled ranges that lie in a label's routine or table become code ranges
 * named Label+N; free space put to use gets its label too. */
static void name_code(json_t *m, const z3_symbols *labels, const z3_rom *to) {
  json_t *unmodelled = json_object_get(m, "unmodelled"), *code = json_array(), *rest = json_array();
  size_t i;
  json_t *r;
  json_array_foreach(unmodelled, i, r) json_array_append(label_range(r, labels, to) ? code : rest, r);
  json_array_foreach(json_object_get(m, "free_space"), i, r) label_range(r, labels, to);
  json_object_set_new(m, "code", code);
  json_object_set_new(m, "unmodelled", rest);
  json_t *summary = json_object_get(m, "summary");
  json_object_set_new(summary, "code_ranges", json_integer((json_int_t)json_array_size(code)));
}

z3_status z3_cmd__manifest(const z3_cmd_ctx *ctx, const z3_buf *from, const z3_buf *to, json_t **out,
                           z3_error *err) {
  z3_rom *a = NULL, *b = NULL;
  z3_symbols labels;
  z3_symbols_init(&labels);
  z3_status st = z3_rom_from_memory(&a, from->data, from->len, "the original", err);
  if (st == Z3_OK) st = z3_rom_from_memory(&b, to->data, to->len, "the changed ROM", err);
  if (st == Z3_OK) st = z3_cmd__load_labels(ctx, "labels", NULL, b, &labels, err);
  if (st == Z3_OK) st = z3_manifest_build(a, b, out, err);
  if (st == Z3_OK && labels.count) name_code(*out, &labels, b);
  z3_symbols_release(&labels);
  z3_rom_free(a);
  z3_rom_free(b);
  return st;
}

void z3_cmd__add_manifest(z3_cmd_ctx *ctx, json_t *manifest, const char *source) {
  json_object_set_new(ctx->result, "manifest_source", json_string(source));
  if (ctx->format != Z3_FORMAT_TEXT) {
    json_object_set_new(ctx->result, "manifest", manifest);
    return;
  }
  char *text = z3_manifest_text(manifest); /* people get the lines, not the object */
  json_object_set_new(ctx->result, "manifest_text", json_string(text ? text : ""));
  z3_free(text);
  json_decref(manifest);
}

z3_status z3_cmd__embedded_manifest(const uint8_t *patch, size_t len, json_t **out, z3_error *err) {
  size_t at = 0, n = 0;
  z3_status st = z3_bps_metadata(patch, len, &at, &n, err);
  if (st) return st;
  if (n == 0) {
    z3_error_set(err, Z3_E_NOT_FOUND, "the patch carries no metadata, so no manifest");
    z3_error_hint(err, "give --rom BASE to compute the manifest, or make the patch with --embed-manifest");
    return Z3_E_NOT_FOUND;
  }
  return z3_manifest_parse((const char *)patch + at, n, out, err);
}
