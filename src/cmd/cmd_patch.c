/* patch apply / create / info: IPS and BPS on whole files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/handlers.h"
#include "cmd/patch_manifest.h"
#include "snes/patch.h"
#include "snes/rom.h"

/* Patches and their targets: a ROM is at most 16 MiB (plus a copier header);
 * a patch cannot sensibly be larger than the data it rebuilds. */
#define PATCH_FILE_MAX ((size_t)Z3_ROM_MAX_SIZE * 2)
#define SOURCE_FILE_MAX ((size_t)Z3_ROM_MAX_SIZE + Z3_COPIER_HEADER_SIZE)

static void add_stats(json_t *o, z3_patch_format fmt, const z3_patch_stats *s) {
  json_object_set_new(o, "format", json_string(z3_patch_format_name(fmt)));
  json_object_set_new(o, "records", json_integer((json_int_t)s->records));
  if (fmt == Z3_PATCH_IPS) {
    json_object_set_new(o, "rle_records", json_integer((json_int_t)s->rle_records));
    json_object_set_new(o, "truncates", json_boolean(s->truncates));
    return;
  }
  json_t *actions = json_object();
  json_object_set_new(actions, "source_read", json_integer((json_int_t)s->source_reads));
  json_object_set_new(actions, "target_read", json_integer((json_int_t)s->target_reads));
  json_object_set_new(actions, "source_copy", json_integer((json_int_t)s->source_copies));
  json_object_set_new(actions, "target_copy", json_integer((json_int_t)s->target_copies));
  json_object_set_new(o, "actions", actions);
  json_object_set_new(o, "source_crc32", z3_cmd__hex(s->source_crc32, 8));
  json_object_set_new(o, "target_crc32", z3_cmd__hex(s->target_crc32, 8));
  json_object_set_new(o, "patch_crc32", z3_cmd__hex(s->patch_crc32, 8));
}

static size_t count_changed(const z3_buf *a, const z3_buf *b) {
  size_t common = a->len < b->len ? a->len : b->len, n = 0;
  for (size_t i = 0; i < common; i++) n += a->data[i] != b->data[i];
  return n + (a->len > b->len ? a->len - common : b->len - common);
}

/* ---- IPS patches and copier headers --------------------------------------------
 * An IPS patch addresses file offsets, so one made for a ROM with a 512-byte copier
 * header lands 512 bytes off on a ROM without one, and the other way round, and
 * nothing in the format tells. The ROM's checksum does: a patch that keeps it valid
 * one way and breaks it the other was made for the other. */
enum { COPIER = Z3_COPIER_HEADER_SIZE };

static bool file_headered(const z3_buf *b) { return z3_rom_has_copier_header(b->len); }

static bool checksum_valid(const uint8_t *data, size_t len) {
  z3_rom *rom = NULL;
  z3_error ignored;
  z3_error_init(&ignored);
  bool ok = z3_rom_from_memory(&rom, data, len, "", &ignored) == Z3_OK && z3_rom_checksum_ok(rom);
  z3_rom_free(rom);
  return ok;
}

/* The patch applied as made for a ROM with (for_headered) or without a copier header;
 * the result keeps the file's own header, or lack of one. */
static z3_status apply_as(z3_buf *out, const z3_buf *src, bool for_headered, const z3_buf *patch,
                          z3_patch_stats *stats, z3_error *err) {
  if (file_headered(src) == for_headered) return z3_patch_apply(out, src->data, src->len, patch->data, patch->len, stats, err);
  if (file_headered(src)) { /* the patch sees the image past the header */
    z3_buf image;
    z3_buf_init(&image);
    z3_status st = z3_patch_apply(&image, src->data + COPIER, src->len - COPIER, patch->data, patch->len, stats, err);
    if (!st) st = z3_buf_copy(out, src->data, COPIER, err);
    if (!st) st = z3_buf_append(out, image.data, image.len, err);
    z3_buf_release(&image);
    return st;
  }
  z3_buf padded; /* the patch sees a blank header in front, dropped afterwards */
  z3_buf_init(&padded);
  z3_status st = z3_buf_resize(&padded, COPIER, err);
  if (!st) memset(padded.data, 0, COPIER), st = z3_buf_append(&padded, src->data, src->len, err);
  if (!st) st = z3_patch_apply(out, padded.data, padded.len, patch->data, patch->len, stats, err);
  if (!st && out->len < COPIER) st = z3_error_set(err, Z3_E_INVALID, "the patch cuts the file shorter than a copier header");
  if (!st) memmove(out->data, out->data + COPIER, out->len - COPIER), out->len -= COPIER;
  z3_buf_release(&padded);
  return st;
}

static z3_status refuse_misaligned(const char *patch_path, bool for_headered, z3_error *err) {
  z3_error_set(err, Z3_E_INVALID, "'%s' looks made for this ROM %s a 512-byte copier header: applied to the file "
               "as it is, the ROM's checksum goes from valid to wrong; applied %s, it stays valid", patch_path,
               for_headered ? "with" : "without", for_headered ? "as if the header were there" : "past the header");
  z3_error_hint(err, "pass --made-for %s to apply it so (the file keeps its own header), or --made-for %s to "
                "apply it to the file as it is", for_headered ? "headered" : "unheadered",
                for_headered ? "unheadered" : "headered");
  return Z3_E_INVALID;
}

/* --made-for auto: as the file is, unless the checksum shows the patch was made for the other. */
static z3_status apply_ips(const z3_cmd_ctx *ctx, z3_buf *out, const z3_buf *src, const z3_buf *patch,
                           z3_patch_stats *stats, z3_error *err) {
  const char *made_for = z3_arg_str(ctx, "made-for");
  if (strcmp(made_for, "auto") != 0) return apply_as(out, src, strcmp(made_for, "headered") == 0, patch, stats, err);
  z3_status st = apply_as(out, src, file_headered(src), patch, stats, err);
  if (st || checksum_valid(out->data, out->len) || !checksum_valid(src->data, src->len)) return st;
  z3_buf other;
  z3_buf_init(&other);
  z3_patch_stats other_stats = {0};
  z3_error ignored;
  z3_error_init(&ignored);
  bool other_fits = apply_as(&other, src, !file_headered(src), patch, &other_stats, &ignored) == Z3_OK &&
                    checksum_valid(other.data, other.len);
  z3_buf_release(&other);
  return other_fits ? refuse_misaligned(z3_arg_str(ctx, "patch"), !file_headered(src), err) : Z3_OK;
}

z3_status cmd_patch_apply(z3_cmd_ctx *ctx, z3_error *err) {
  const char *rom_path = z3_arg_str(ctx, "rom"), *patch_path = z3_arg_str(ctx, "patch");
  const char *dest = z3_arg_given(ctx, "output") ? z3_arg_str(ctx, "output") : rom_path;
  z3_buf src, patch, out;
  z3_buf_init(&src);
  z3_buf_init(&patch);
  z3_buf_init(&out);
  z3_patch_stats stats = {0};
  z3_status st = z3_file_read(&src, rom_path, SOURCE_FILE_MAX, err);
  if (st == Z3_OK) st = z3_file_read(&patch, patch_path, PATCH_FILE_MAX, err);
  z3_patch_format fmt = z3_patch_detect(patch.data, patch.len);
  if (st == Z3_OK && fmt != Z3_PATCH_IPS && strcmp(z3_arg_str(ctx, "made-for"), "auto") != 0)
    st = z3_error_set(err, Z3_E_USAGE, "--made-for is for IPS patches: '%s' is %s, whose source check sees the header",
                      patch_path, z3_patch_format_name(fmt));
  if (st == Z3_OK && fmt == Z3_PATCH_IPS) st = apply_ips(ctx, &out, &src, &patch, &stats, err);
  else if (st == Z3_OK) st = z3_patch_apply(&out, src.data, src.len, patch.data, patch.len, &stats, err);
  if (st == Z3_E_INVALID && err->message[0] && !strstr(err->message, patch_path)) {
    char *msg = z3_strfmt("'%s': %s", patch_path, err->message);
    if (msg) {
      size_t n = strlen(msg) < sizeof err->message - 1 ? strlen(msg) : sizeof err->message - 1;
      memcpy(err->message, msg, n);
      err->message[n] = '\0';
      z3_free(msg);
    }
  }
  if (st == Z3_OK) {
    add_stats(ctx->result, fmt, &stats);
    json_object_set_new(ctx->result, "source_size", json_integer((json_int_t)src.len));
    json_object_set_new(ctx->result, "target_size", json_integer((json_int_t)out.len));
    json_object_set_new(ctx->result, "bytes_changed", json_integer((json_int_t)count_changed(&src, &out)));
    json_object_set_new(ctx->result, "target_crc32", z3_cmd__hex(z3_crc32(out.data, out.len), 8));
    json_object_set_new(ctx->result, "dry_run", json_boolean(ctx->dry_run));
    st = z3_cmd_write_file(ctx, dest, out.data, out.len, err);
  }
  z3_buf_release(&src);
  z3_buf_release(&patch);
  z3_buf_release(&out);
  return st;
}

/* --manifest / --embed-manifest: the manifest, and the metadata text the BPS carries. */
static z3_status create_manifest(z3_cmd_ctx *ctx, bool bps, const z3_buf *from, const z3_buf *to, json_t **manifest,
                                 char **metadata, z3_error *err) {
  bool embed = z3_arg_bool(ctx, "embed-manifest");
  if (!embed && !z3_arg_bool(ctx, "manifest")) return Z3_OK;
  if (embed && !bps) return z3_error_set(err, Z3_E_USAGE, "--embed-manifest needs a BPS patch: IPS has no metadata");
  if (embed && z3_arg_given(ctx, "metadata"))
    return z3_error_set(err, Z3_E_USAGE, "--embed-manifest and --metadata both fill the BPS metadata; give one");
  z3_status st = z3_cmd__manifest(ctx, from, to, manifest, err);
  if (st == Z3_OK && embed) {
    *metadata = json_dumps(*manifest, JSON_COMPACT | JSON_PRESERVE_ORDER);
    if (!*metadata) st = z3_error_set(err, Z3_E_NOMEM, "out of memory writing the manifest");
  }
  return st;
}

z3_status cmd_patch_create(z3_cmd_ctx *ctx, z3_error *err) {
  z3_buf from, to, out;
  z3_buf_init(&from);
  z3_buf_init(&to);
  z3_buf_init(&out);
  z3_patch_stats stats = {0};
  const char *dest = z3_arg_str(ctx, "output");
  const char *ext = strrchr(dest, '.');
  bool bps = z3_arg_given(ctx, "format") ? strcmp(z3_arg_str(ctx, "format"), "bps") == 0
                                         : !(ext && strcasecmp(ext, ".ips") == 0);
  json_t *manifest = NULL;
  char *embedded = NULL;
  z3_status st = z3_file_read(&from, z3_arg_str(ctx, "from"), SOURCE_FILE_MAX, err);
  if (st == Z3_OK) st = z3_file_read(&to, z3_arg_str(ctx, "to"), SOURCE_FILE_MAX, err);
  if (st == Z3_OK) st = create_manifest(ctx, bps, &from, &to, &manifest, &embedded, err);
  if (st == Z3_OK) {
    const char *metadata = embedded ? embedded : z3_arg_str(ctx, "metadata");
    st = bps ? z3_bps_create(&out, from.data, from.len, to.data, to.len, metadata, &stats, err)
             : z3_ips_create(&out, from.data, from.len, to.data, to.len, &stats, err);
  }
  if (st == Z3_OK) {
    add_stats(ctx->result, bps ? Z3_PATCH_BPS : Z3_PATCH_IPS, &stats);
    json_object_set_new(ctx->result, "source_size", json_integer((json_int_t)from.len));
    json_object_set_new(ctx->result, "target_size", json_integer((json_int_t)to.len));
    json_object_set_new(ctx->result, "bytes_changed", json_integer((json_int_t)count_changed(&from, &to)));
    json_object_set_new(ctx->result, "patch_size", json_integer((json_int_t)out.len));
    json_object_set_new(ctx->result, "metadata_size", json_integer((json_int_t)stats.metadata_size));
    if (manifest) z3_cmd__add_manifest(ctx, manifest, "computed"), manifest = NULL;
    st = z3_cmd_write_file(ctx, dest, out.data, out.len, err);
  }
  json_decref(manifest);
  free(embedded);
  z3_buf_release(&from);
  z3_buf_release(&to);
  z3_buf_release(&out);
  return st;
}

/* --manifest for patch info: applied to --rom when given, else the one the BPS carries. */
static z3_status info_manifest(z3_cmd_ctx *ctx, const z3_buf *patch, z3_patch_format fmt, z3_error *err) {
  json_t *manifest = NULL;
  const char *base_path = z3_arg_str(ctx, "rom");
  z3_status st = Z3_OK;
  if (base_path) {
    z3_buf base, target;
    z3_buf_init(&base);
    z3_buf_init(&target);
    st = z3_file_read(&base, base_path, SOURCE_FILE_MAX, err);
    if (st == Z3_OK) st = z3_patch_apply(&target, base.data, base.len, patch->data, patch->len, NULL, err);
    if (st == Z3_OK) st = z3_cmd__manifest(ctx, &base, &target, &manifest, err);
    z3_buf_release(&base);
    z3_buf_release(&target);
  } else if (fmt == Z3_PATCH_BPS) {
    st = z3_cmd__embedded_manifest(patch->data, patch->len, &manifest, err);
  } else {
    st = z3_error_set(err, Z3_E_USAGE, "an IPS patch carries no manifest; give --rom BASE to compute it");
  }
  if (st == Z3_OK) z3_cmd__add_manifest(ctx, manifest, base_path ? "computed" : "embedded");
  return st;
}

z3_status cmd_patch_info(z3_cmd_ctx *ctx, z3_error *err) {
  z3_buf patch;
  z3_buf_init(&patch);
  const char *path = z3_arg_str(ctx, "patch");
  z3_status st = z3_file_read(&patch, path, PATCH_FILE_MAX, err);
  z3_patch_format fmt = st == Z3_OK ? z3_patch_detect(patch.data, patch.len) : Z3_PATCH_UNKNOWN;
  z3_patch_stats stats = {0};
  if (st == Z3_OK && fmt == Z3_PATCH_BPS) st = z3_bps_read_info(&stats, patch.data, patch.len, err);
  if (st == Z3_OK && fmt == Z3_PATCH_UNKNOWN) {
    st = z3_error_set_at(err, Z3_E_INVALID, 0, "'%s' is neither an IPS nor a BPS patch", path);
    z3_error_hint(err, "IPS patches start with \"PATCH\", BPS patches with \"BPS1\"");
  }
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "format", json_string(z3_patch_format_name(fmt)));
    json_object_set_new(ctx->result, "size", json_integer((json_int_t)patch.len));
    if (fmt == Z3_PATCH_BPS) {
      json_object_set_new(ctx->result, "source_size", json_integer((json_int_t)stats.source_size));
      json_object_set_new(ctx->result, "target_size", json_integer((json_int_t)stats.target_size));
      json_object_set_new(ctx->result, "source_crc32", z3_cmd__hex(stats.source_crc32, 8));
      json_object_set_new(ctx->result, "target_crc32", z3_cmd__hex(stats.target_crc32, 8));
      json_object_set_new(ctx->result, "metadata_size", json_integer((json_int_t)stats.metadata_size));
    }
  }
  if (st == Z3_OK && z3_arg_bool(ctx, "manifest")) st = info_manifest(ctx, &patch, fmt, err);
  z3_buf_release(&patch);
  return st;
}
