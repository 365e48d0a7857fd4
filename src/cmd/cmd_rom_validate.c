/* rom validate: header sanity, checksum, mapping, size; optionally against a golden file. */
#include <libgen.h>
#include <stdio.h>
#include <string.h>

#include "cmd/handlers.h"

json_t *z3_cmd__golden_json(const z3_rom *rom, z3_error *err);

typedef struct findings {
  json_t *list;
  int errors, warnings;
} findings;

static void add(findings *f, const char *severity, const char *code, const char *message) {
  json_t *o = json_object();
  json_object_set_new(o, "severity", json_string(severity));
  json_object_set_new(o, "code", json_string(code));
  json_object_set_new(o, "message", json_string(message));
  json_array_append_new(f->list, o);
  if (strcmp(severity, "error") == 0) f->errors++;
  if (strcmp(severity, "warning") == 0) f->warnings++;
}

static void addf(findings *f, const char *severity, const char *code, const char *fmt, ...)
    Z3_PRINTF(4, 5);
static void addf(findings *f, const char *severity, const char *code, const char *fmt, ...) {
  char text[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  add(f, severity, code, text);
}

static void check_mapping(findings *f, const z3_rom *rom, const z3_rom_header *h) {
  if (rom->mapping_score == 0) {
    add(f, "error", "no_header", "no candidate header looks plausible (reset vector, first opcode, checksum)");
    return;
  }
  static const uint8_t expected_mode[Z3_MAP_COUNT] = {0x20, 0x21, 0x20, 0x25};
  uint8_t mode = h->map_mode & ~0x10;
  if (mode != expected_mode[rom->mapping] && !(rom->mapping == Z3_MAP_EXLOROM && mode == 0x20)) {
    addf(f, "warning", "map_mode_mismatch", "map mode $%02X does not name %s, the layout detected",
         h->map_mode, z3_mapping_name(rom->mapping));
  }
  if (h->emu_vectors[Z3_VEC_RESET] < 0x8000) {
    addf(f, "error", "reset_vector", "reset vector $%04X points below $8000, outside ROM",
         h->emu_vectors[Z3_VEC_RESET]);
  }
}

static void check_size(findings *f, const z3_rom *rom, const z3_rom_header *h) {
  size_t size = rom->data.len;
  if (h->rom_size_code < 8 || h->rom_size_code > 0x0D) {
    addf(f, "error", "rom_size_code", "ROM size byte $%02X is outside $08-$0D (256 KiB to 8 MiB)",
         h->rom_size_code);
    return;
  }
  size_t declared = (size_t)1024 << h->rom_size_code;
  if (declared < size) {
    addf(f, "error", "rom_size_small", "header declares %zu KiB but the image is %zu KiB",
         declared / 1024, size / 1024);
  } else if (declared / 2 >= size) {
    addf(f, "warning", "rom_size_large", "header declares %zu KiB but the image is only %zu KiB",
         declared / 1024, size / 1024);
  }
  if ((size & (size - 1)) != 0) {
    addf(f, "info", "mirrored_size", "%zu KiB is not a power of two; the checksum mirrors the tail",
         size / 1024);
  }
}

static void check_fields(findings *f, const z3_rom *rom, const z3_rom_header *h) {
  for (int i = 0; i < 21; i++) {
    unsigned char c = (unsigned char)h->title[i];
    if (c < 0x20 || c == 0x7F) {
      addf(f, "warning", "title", "title byte %d is $%02X, not a printable character", i, c);
      break;
    }
  }
  if (!z3_region_name(h->region)) addf(f, "warning", "region", "unknown region code $%02X", h->region);
  if (h->sram_size_code > 0x08) addf(f, "warning", "sram_size", "SRAM size byte $%02X is over $08 (256 KiB)", h->sram_size_code);
  if ((uint16_t)(h->checksum ^ h->complement) != 0xFFFF) {
    addf(f, "error", "complement", "checksum $%04X and complement $%04X do not add up to $FFFF",
         h->checksum, h->complement);
  }
  uint16_t computed = z3_rom_compute_checksum(rom);
  if (computed != h->checksum) {
    addf(f, "error", "checksum", "stored checksum $%04X, computed $%04X", h->checksum, computed);
  }
  if (rom->has_copier_header) add(f, "info", "copier_header", "a 512-byte copier header was found and skipped");
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
  char *dir = z3_strdup(rom_path), *name = z3_strdup(rom_path);
  z3_error ignored;
  z3_error_init(&ignored);
  if (dir && name) z3_file_leftovers(dirname(dir), basename(name), report_leftover, f, &ignored);
  z3_free(dir);
  z3_free(name);
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
      json_t *which = a ? a : b;
      addf(f, "error", "golden_bank", "bank %s differs from the golden snapshot",
           json_string_value(json_object_get(which, "bank")));
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
  z3_rom_header h;
  z3_rom_read_header(ctx->rom, &h);
  check_mapping(&f, ctx->rom, &h);
  check_size(&f, ctx->rom, &h);
  check_fields(&f, ctx->rom, &h);
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
    if (f.errors) z3_error_hint(err, "'z3ed rom fix-checksum' repairs checksum findings");
    return Z3_E_CHECK;
  }
  return Z3_OK;
}
