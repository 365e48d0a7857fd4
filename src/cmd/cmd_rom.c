/* rom info, validate, export-state, generate-golden, fix-checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/handlers.h"
#include "zelda3/layouts.h"

json_t *z3_cmd__hex(uint64_t value, int digits) {
  char text[24];
  snprintf(text, sizeof text, "0x%0*llx", digits, (unsigned long long)value);
  return json_string(text);
}

static json_t *vector_json(const uint16_t v[6], const char *const names[6]) {
  json_t *o = json_object();
  for (int i = 0; i < 6; i++)
    if (names[i]) json_object_set_new(o, names[i], z3_cmd__hex(v[i], 4));
  return o;
}

/* Titles may hold JIS X 0201 bytes; JSON gets printable ASCII, others as '?'. */
static json_t *title_json(const char *raw) {
  char text[22];
  size_t n = strlen(raw);
  for (size_t i = 0; i < n; i++) text[i] = raw[i] >= 0x20 && raw[i] < 0x7F ? raw[i] : '?';
  text[n] = '\0';
  return json_string(text);
}

json_t *z3_cmd__header_json(const z3_rom *rom) {
  static const char *const native[6] = {"cop", "brk", "abort", "nmi", NULL, "irq"};
  static const char *const emu[6] = {"cop", NULL, "abort", "nmi", "reset", "irq_brk"};
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  char cart[64];
  json_t *o = json_object();
  json_object_set_new(o, "title", title_json(h.title));
  json_object_set_new(o, "map_mode", z3_cmd__hex(h.map_mode, 2));
  json_object_set_new(o, "fast_rom", json_boolean(h.fast_rom));
  json_object_set_new(o, "cart_type", z3_cmd__hex(h.cart_type, 2));
  json_object_set_new(o, "cart_type_name", json_string(z3_cart_type_name(h.cart_type, cart)));
  json_object_set_new(o, "rom_size_code", z3_cmd__hex(h.rom_size_code, 2));
  json_object_set_new(o, "rom_size_kib",
                      json_integer(h.rom_size_code < 24 ? (json_int_t)1 << h.rom_size_code : 0));
  json_object_set_new(o, "sram_size_code", z3_cmd__hex(h.sram_size_code, 2));
  json_object_set_new(o, "sram_size_kib", json_integer(h.sram_size_code == 0 ? 0
                      : h.sram_size_code < 24 ? (json_int_t)1 << h.sram_size_code : 0));
  json_object_set_new(o, "region", z3_cmd__hex(h.region, 2));
  const char *region = z3_region_name(h.region);
  json_object_set_new(o, "region_name", region ? json_string(region) : json_null());
  const char *video = z3_region_video(h.region);
  json_object_set_new(o, "video", video ? json_string(video) : json_null());
  json_object_set_new(o, "developer_id", z3_cmd__hex(h.developer_id, 2));
  json_object_set_new(o, "version", json_integer(h.version));
  json_object_set_new(o, "complement", z3_cmd__hex(h.complement, 4));
  json_object_set_new(o, "checksum", z3_cmd__hex(h.checksum, 4));
  if (h.has_extended) {
    json_object_set_new(o, "maker_code", title_json(h.maker_code));
    json_object_set_new(o, "game_code", title_json(h.game_code));
    json_object_set_new(o, "expansion_ram_code", z3_cmd__hex(h.expansion_ram_code, 2));
    json_object_set_new(o, "special_version", z3_cmd__hex(h.special_version, 2));
    json_object_set_new(o, "cart_subtype", z3_cmd__hex(h.cart_subtype, 2));
  }
  json_object_set_new(o, "native_vectors", vector_json(h.native_vectors, native));
  json_object_set_new(o, "emulation_vectors", vector_json(h.emu_vectors, emu));
  return o;
}

json_t *z3_cmd__banks_json(const z3_rom *rom, bool with_sums, z3_error *err) {
  z3_bank_sum *sums;
  size_t n;
  if (z3_rom_bank_sums(rom, &sums, &n, err)) return NULL;
  json_t *list = json_array();
  for (size_t i = 0; i < n; i++) {
    json_t *b = json_object();
    json_object_set_new(b, "bank", z3_cmd__hex(sums[i].bank, 2));
    json_object_set_new(b, "offset", json_integer((json_int_t)sums[i].offset));
    if (with_sums) json_object_set_new(b, "sum16", z3_cmd__hex(sums[i].sum16, 4));
    json_object_set_new(b, "crc32", z3_cmd__hex(sums[i].crc32, 8));
    json_array_append_new(list, b);
  }
  z3_free(sums);
  return list;
}

/* Recognises unmodified ALttP dumps by SHA-1 (data reference §1.6). */
static const char *known_dump(const char *sha1) {
  static const struct { const char *sha1, *name; } dumps[] = {
      {"6d4f10a8b10e10dbe624cb23cf03b88bb8252973", "The Legend of Zelda: A Link to the Past (US 1.0)"},
      {"e7e852f0159ce612e3911164878a9b08b3cb9060", "Zelda no Densetsu: Kamigami no Triforce (JP 1.0)"},
      {"7c073a222569b9b8e8ca5fcb5dfec3b5e31da895", "The Legend of Zelda: A Link to the Past (Europe)"},
      {"2e62494967fb0afdf5da1635607f9641df7c6559", "The Legend of Zelda: A Link to the Past (Germany)"},
      {"229364a1b92a05167cd38609b1aa98f7041987cc", "The Legend of Zelda: A Link to the Past (France)"},
      {"c1c6c7f76fff936c534ff11f87a54162fc0aa100", "The Legend of Zelda: A Link to the Past (Canada, French)"},
  };
  for (size_t i = 0; i < sizeof dumps / sizeof dumps[0]; i++)
    if (strcmp(dumps[i].sha1, sha1) == 0) return dumps[i].name;
  return NULL;
}

/* Hashing 1 MiB costs milliseconds: a ROM kept loaded (z3ed mcp, batch) is hashed once. */
static void add_hashes(json_t *o, const z3_rom *rom) {
  json_t *kept = z3_cmd_rom_memo(rom, "rom-hashes");
  if (!kept) {
    char sha1[41];
    z3_sha1_hex(rom->data.data, rom->data.len, sha1);
    const char *known = known_dump(sha1);
    kept = json_pack("{s:o,s:s,s:o}", "crc32", z3_cmd__hex(z3_crc32(rom->data.data, rom->data.len), 8), "sha1", sha1,
                     "known_dump", known ? json_string(known) : json_null());
    z3_cmd_rom_memo_set(rom, "rom-hashes", kept);
  }
  json_object_update(o, kept);
  json_decref(kept);
}

static void add_checksum(json_t *o, const z3_rom *rom) {
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  uint16_t computed = z3_rom_compute_checksum(rom);
  json_t *c = json_object();
  json_object_set_new(c, "stored", z3_cmd__hex(h.checksum, 4));
  json_object_set_new(c, "complement", z3_cmd__hex(h.complement, 4));
  json_object_set_new(c, "computed", z3_cmd__hex(computed, 4));
  json_object_set_new(c, "valid", json_boolean(z3_rom_checksum_matches(rom, computed)));
  json_object_set_new(o, "checksum", c);
}

static json_t *evidence_json(const z3_layout_hit *hit) {
  char text[96];
  z3_layout_hit_evidence(hit, text, sizeof text);
  json_t *e = json_object();
  json_object_set_new(e, "offset", z3_cmd__hex(hit->offset, 6));
  json_object_set_new(e, "found", z3_cmd__hex(hit->found, hit->size * 2));
  json_object_set_new(e, "vanilla", json_string(hit->vanilla));
  json_object_set_new(e, "text", json_string(text));
  return e;
}

json_t *z3_cmd__layouts_json(const z3_rom *rom) {
  z3_layouts found;
  if (!z3_layouts_detect(rom, &found)) return json_null();
  json_t *list = json_array();
  for (size_t i = 0; i < found.count; i++) {
    const z3_layout_info *info = z3_layout_info_of(found.hits[i].layout);
    json_t *o = json_object();
    json_object_set_new(o, "id", json_string(info->id));
    json_object_set_new(o, "name", json_string(info->name));
    json_object_set_new(o, "evidence", evidence_json(&found.hits[i]));
    json_object_set_new(o, "supported", json_boolean(info->supported));
    json_array_append_new(list, o);
  }
  return list;
}

static void add_layout(json_t *o, const z3_rom *rom) {
  json_object_set_new(o, "size", json_integer((json_int_t)rom->data.len));
  json_object_set_new(o, "copier_header", json_boolean(rom->has_copier_header));
  json_object_set_new(o, "mapping", json_string(z3_mapping_name(rom->mapping)));
  json_object_set_new(o, "header_offset", z3_cmd__hex(z3_rom_header_offset(rom), 6));
}

z3_status cmd_rom_info(z3_cmd_ctx *ctx, z3_error *err) {
  (void)err;
  const z3_rom *rom = ctx->rom;
  json_object_set_new(ctx->result, "path", json_string(ctx->rom_path));
  add_layout(ctx->result, rom);
  json_object_set_new(ctx->result, "mapping_score", json_integer(rom->mapping_score));
  json_object_set_new(ctx->result, "header", z3_cmd__header_json(rom));
  add_checksum(ctx->result, rom);
  add_hashes(ctx->result, rom);
  json_object_set_new(ctx->result, "expanded_layouts", z3_cmd__layouts_json(rom));
  return Z3_OK;
}

z3_status cmd_rom_export_state(z3_cmd_ctx *ctx, z3_error *err) {
  const z3_rom *rom = ctx->rom;
  json_t *banks = z3_cmd__banks_json(rom, true, err);
  if (!banks) return err->code;
  json_object_set_new(ctx->result, "format", json_string("z3ed-state/1"));
  add_layout(ctx->result, rom);
  json_object_set_new(ctx->result, "header", z3_cmd__header_json(rom));
  add_checksum(ctx->result, rom);
  add_hashes(ctx->result, rom);
  json_object_set_new(ctx->result, "banks", banks);
  return Z3_OK;
}

json_t *z3_cmd__golden_json(const z3_rom *rom, z3_error *err);
json_t *z3_cmd__golden_json(const z3_rom *rom, z3_error *err) {
  json_t *banks = z3_cmd__banks_json(rom, false, err);
  if (!banks) return NULL;
  json_t *g = json_object();
  json_object_set_new(g, "format", json_string("z3ed-golden/1"));
  json_object_set_new(g, "z3ed_version", json_string(Z3_VERSION));
  add_layout(g, rom);
  add_hashes(g, rom);
  json_object_set_new(g, "header", z3_cmd__header_json(rom));
  json_object_set_new(g, "banks", banks);
  return g;
}

z3_status cmd_rom_generate_golden(z3_cmd_ctx *ctx, z3_error *err) {
  json_t *g = z3_cmd__golden_json(ctx->rom, err);
  if (!g) return err->code;
  char *text = json_dumps(g, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  z3_status st = text ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) {
    size_t len = strlen(text);
    text[len] = '\n'; /* json_dumps leaves room for the terminator, reused as newline */
    st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "output"), text, len + 1, err);
  }
  json_object_set_new(ctx->result, "sha1", json_incref(json_object_get(g, "sha1")));
  json_object_set_new(ctx->result, "banks", json_integer((json_int_t)json_array_size(json_object_get(g, "banks"))));
  free(text);
  json_decref(g);
  return st;
}

z3_status cmd_rom_fix_checksum(z3_cmd_ctx *ctx, z3_error *err) {
  z3_rom_header before;
  z3_rom_read_header(ctx->rom, &before);
  bool was_valid = z3_rom_checksum_ok(ctx->rom);
  z3_status st = z3_rom_fix_checksum(ctx->rom, err);
  if (st) return st;
  z3_rom_header after;
  z3_rom_read_header(ctx->rom, &after);
  json_object_set_new(ctx->result, "was_valid", json_boolean(was_valid));
  json_object_set_new(ctx->result, "old_checksum", z3_cmd__hex(before.checksum, 4));
  json_object_set_new(ctx->result, "old_complement", z3_cmd__hex(before.complement, 4));
  json_object_set_new(ctx->result, "checksum", z3_cmd__hex(after.checksum, 4));
  json_object_set_new(ctx->result, "complement", z3_cmd__hex(after.complement, 4));
  return Z3_OK;
}

/* ZSCustomOverworld's version byte (layouts.c reads 0x00, 0xFF and absent as
 * vanilla). Installing the patch needs its assembly, so this only reports. */
z3_status cmd_rom_upgrade(z3_cmd_ctx *ctx, z3_error *err) {
  const z3_rom *rom = ctx->rom;
  uint8_t v = rom->data.len > 0x140145 ? rom->data.data[0x140145] : 0;
  if (v == 0xFF) v = 0;
  char current[32];
  snprintf(current, sizeof current, v ? "zscustom-v%u" : "vanilla", (unsigned)v);
  bool done = v >= 3;
  json_object_set_new(ctx->result, "target", json_string(z3_arg_str(ctx, "to")));
  json_object_set_new(ctx->result, "current", json_string(current));
  json_object_set_new(ctx->result, "done", json_boolean(done));
  if (done) return Z3_OK;
  z3_error_set(err, Z3_E_CHECK, "'%s' has %s; z3ed cannot install ZSCustomOverworld v3: the patch is assembly "
               "that rewrites the overworld code, and z3ed does not carry it", ctx->rom_path,
               v ? current : "no ZSCustomOverworld");
  z3_error_hint(err, "apply ZSCustomOverworld v3 with ZScream (or yaze, which applies it with Asar), then edit the "
                     "ROM with z3ed: 'z3ed overworld set-area' reads and writes its tables");
  return Z3_E_CHECK;
}
