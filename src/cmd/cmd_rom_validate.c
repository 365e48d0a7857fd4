/* rom validate: the header checks (snes/header_check.c, shared with the doctors), leftovers
 * of killed saves beside the file; optionally against a golden file. */
#include <stdio.h>
#include <string.h>

#include "cmd/handlers.h"
#include "snes/header_check.h"

json_t *z3_cmd__golden_json(const z3_rom *rom, z3_error *err);

typedef struct findings {
  json_t *list;
  int errors, warnings;
  bool checksum; /* a finding fix-checksum repairs */
} findings;

static void add(findings *f, const char *severity, const char *code, const char *message) {
  json_t *o = json_object();
  json_object_set_new(o, "severity", json_string(severity));
  json_object_set_new(o, "code", json_string(code));
  json_object_set_new(o, "message", json_string(message));
  json_array_append_new(f->list, o);
  if (strcmp(severity, "error") == 0) f->errors++;
  if (strcmp(severity, "warning") == 0) f->warnings++;
  if (strcmp(code, "checksum") == 0 || strcmp(code, "complement") == 0) f->checksum = true;
}

static void addf(findings *f, const char *severity, const char *code, const char *fmt, ...)
    Z3_PRINTF(4, 5);
static void addf(findings *f, const char *severity, const char *code, const char *fmt, ...) {
  char text[256];
  va_list ap;
  va_start(ap, fmt);
  z3_vformat(text, sizeof text, fmt, ap);
  va_end(ap);
  add(f, severity, code, text);
}

static void on_header_finding(void *data, const char *severity, const char *code, const char *message) {
  add(data, severity, code, message);
}

static z3_status report_leftover(const z3_leftover *l, void *data) {
  findings *f = data;
  if (l->pid == 0)
    addf(f, "warning", "leftover_temp", "'%s' (%llu bytes) was left by a killed save of an older z3ed; delete it by hand",
         l->name, (unsigned long long)l->size);
  else if (l->owner_alive)
    addf(f, "info", "save_in_progress", "'%s' is a save in progress by process %ld", l->name, l->pid);
  else
    addf(f, "warning", "leftover_temp", "'%s' (%llu bytes) was left by process %ld, killed while saving; the next save removes it",
         l->name, (unsigned long long)l->size, l->pid);
  return Z3_OK;
}

/* Temporaries of killed saves beside the file (base.h, "Leftovers"). */
static void check_leftovers(findings *f, const char *rom_path) {
  if (!rom_path) return;
  z3_error ignored;
  z3_error_init(&ignored);
  z3_file_leftovers_beside(rom_path, report_leftover, f, &ignored);
}

/* Compares against a snapshot written by `rom generate-golden`. */
static z3_status check_golden(findings *f, const z3_rom *rom, const char *path, z3_error *err) {
  json_error_t jerr;
  json_t *want = json_load_file(path, 0, &jerr);
  if (!want) {
    return z3_error_set(err, z3_file_exists(path) ? Z3_E_INVALID : Z3_E_IO,
                        "cannot read golden file '%s': %s (line %d)", path, jerr.text, jerr.line);
  }
  json_t *have = z3_cmd__golden_json(rom, err);
  if (!have) {
    json_decref(want);
    return err->code;
  }
  const char *ws = json_string_value(json_object_get(want, "sha1"));
  if (!ws) {
    json_decref(want);
    json_decref(have);
    return z3_error_set(err, Z3_E_INVALID, "golden file '%s' has no \"sha1\" field", path);
  }
  if (strcmp(ws, json_string_value(json_object_get(have, "sha1"))) != 0) {
    json_t *wb = json_object_get(want, "banks"), *hb = json_object_get(have, "banks");
    size_t n = json_array_size(wb) > json_array_size(hb) ? json_array_size(wb) : json_array_size(hb);
    for (size_t i = 0; i < n; i++) {
      json_t *a = json_array_get(wb, i), *b = json_array_get(hb, i);
      if (a && b && json_equal(a, b)) continue;
      /* our snapshot names the bank; a hand-edited golden file may not */
      const char *bank = json_string_value(json_object_get(b ? b : a, "bank"));
      if (bank) addf(f, "error", "golden_bank", "bank %s differs from the golden snapshot", bank);
      else addf(f, "error", "golden_bank", "bank entry %zu of the golden snapshot is not one z3ed writes", i);
    }
    if (json_array_size(wb) != json_array_size(hb) || n == 0) {
      add(f, "error", "golden_size", "image size differs from the golden snapshot");
    }
  }
  json_decref(want);
  json_decref(have);
  return Z3_OK;
}

z3_status cmd_rom_validate(z3_cmd_ctx *ctx, z3_error *err) {
  findings f = {.list = json_array()};
  z3_header_check(ctx->rom, on_header_finding, &f);
  check_leftovers(&f, ctx->rom_path);
  z3_status st = Z3_OK;
  if (z3_arg_given(ctx, "golden")) st = check_golden(&f, ctx->rom, z3_arg_str(ctx, "golden"), err);
  bool strict = z3_arg_bool(ctx, "strict");
  bool ok = f.errors == 0 && (!strict || f.warnings == 0);
  json_object_set_new(ctx->result, "valid", json_boolean(ok && st == Z3_OK));
  json_object_set_new(ctx->result, "mapping", json_string(z3_mapping_name(ctx->rom->mapping)));
  json_object_set_new(ctx->result, "errors", json_integer(f.errors));
  json_object_set_new(ctx->result, "warnings", json_integer(f.warnings));
  json_object_set_new(ctx->result, "findings", f.list);
  if (st) return st;
  if (!ok) {
    z3_error_set(err, Z3_E_CHECK, "'%s' has %d error(s) and %d warning(s)", ctx->rom_path,
                 f.errors, f.warnings);
    if (f.checksum) z3_error_hint(err, "'z3ed rom fix-checksum' repairs checksum findings");
    return Z3_E_CHECK;
  }
  return Z3_OK;
}
