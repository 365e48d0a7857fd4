/* Memory methods: write, search, named snapshots and their diffs. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "debug/debug_internal.h"
#include "debug/methods_internal.h"
#include "debug/report.h"

enum { MAX_WRITE = 4096, MAX_MATCHES = 256, MAX_DIFF_RANGES = 256, SHOWN_BYTES = 32 };

/* The memories a snapshot holds, in its byte order. */
static const z3_snes_region snapshot_regions[] = {Z3_REGION_WRAM, Z3_REGION_VRAM, Z3_REGION_CGRAM,
                                                  Z3_REGION_OAM, Z3_REGION_SRAM, Z3_REGION_APU};
enum { SNAPSHOT_REGIONS = sizeof snapshot_regions / sizeof snapshot_regions[0] };

static uint8_t *region_bytes(z3_snes *snes, z3_snes_region r) { return z3_snes_region_bytes(snes, r); }

/* A bus address as the region and offset behind it, for the writable ones. */
static bool bus_to_region(const z3_snes *snes, uint32_t addr, z3_snes_region *r, uint32_t *off) {
  uint32_t bank = addr >> 16, low = addr & 0xFFFF;
  if (bank == 0x7E || bank == 0x7F) return *r = Z3_REGION_WRAM, *off = addr - 0x7E0000, true;
  if ((bank < 0x40 || (bank >= 0x80 && bank < 0xC0)) && low < 0x2000) return *r = Z3_REGION_WRAM, *off = low, true;
  (void)snes;
  return false;
}

/* WRAM offsets as CPU addresses ($7E:0010), other regions as offsets. */
static json_t *where_json(z3_snes_region r, size_t at) {
  char where[40];
  if (r == Z3_REGION_WRAM) snprintf(where, sizeof where, "$%02zX:%04zX", 0x7E + (at >> 16), at & 0xFFFF);
  else snprintf(where, sizeof where, "0x%06zX", at);
  return json_string(where);
}

/* "A9 00 8D" or "a9008d", with "??" for any byte when wildcards are allowed. */
static z3_status parse_hex(call *c, const char *name, const char *text, uint8_t *bytes, bool *any, size_t cap,
                           size_t *len) {
  *len = 0;
  for (const char *p = text; *p;) {
    if (isspace((unsigned char)*p)) {
      p++;
      continue;
    }
    if (*len == cap) return bad_param(c, name, "too many bytes");
    if (p[0] == '?' && p[1] == '?' && any) {
      any[*len] = true, bytes[(*len)++] = 0, p += 2;
      continue;
    }
    if (!isxdigit((unsigned char)p[0]) || !isxdigit((unsigned char)p[1]))
      return bad_param(c, name, any ? "expected hex bytes (two digits each) or ??" : "expected hex bytes (two digits each)");
    char pair[3] = {p[0], p[1], 0};
    if (any) any[*len] = false;
    bytes[(*len)++] = (uint8_t)strtoul(pair, NULL, 16);
    p += 2;
  }
  return *len ? Z3_OK : bad_param(c, name, "no bytes given");
}

z3_status m_memory_write(call *c) {
  z3_snes_region region;
  uint32_t addr;
  const char *hex;
  uint8_t bytes[MAX_WRITE];
  size_t len;
  z3_status st = region_param(c, &region);
  if (!st) st = param_address(c, "address", &addr);
  if (!st) st = param_required(c, "hex");
  if (!st) st = param_str(c, "hex", &hex);
  if (!st) st = parse_hex(c, "hex", hex, bytes, NULL, sizeof bytes, &len);
  if (st) return st;
  z3_snes *snes = z3_debug_console(c->dbg);
  if (region == Z3_REGION_BUS && !bus_to_region(snes, addr, &region, &addr))
    return z3_error_set(c->err, Z3_E_USAGE, "bus address $%06X is not WRAM: the debugger writes WRAM through the "
                        "bus, and other memories by region (vram, cgram, oam, sram, apu); ROM is read-only", addr);
  if (region == Z3_REGION_WRAM && addr >= 0x7E0000 && addr <= 0x7FFFFF) addr -= 0x7E0000;
  size_t size = z3_snes_region_size(snes, region);
  uint8_t *mem = region_bytes(snes, region);
  if (!mem || addr >= size || len > size - addr)
    return z3_error_set(c->err, Z3_E_USAGE, "%zu bytes at 0x%X do not fit in %s (0x%zX bytes)", len, addr,
                        z3_snes_region_name(region), size);
  memcpy(mem + addr, bytes, len);
  debug_history_changed(c->dbg); /* replays must not cross this write */
  char where[16];
  snprintf(where, sizeof where, "0x%06X", addr);
  json_object_set_new(c->result, "region", json_string(z3_snes_region_name(region)));
  json_object_set_new(c->result, "address", json_string(where));
  json_object_set_new(c->result, "written", json_integer((json_int_t)len));
  return Z3_OK;
}

z3_status m_memory_search(call *c) {
  z3_snes_region region;
  const char *pattern;
  uint64_t word;
  uint8_t bytes[64];
  bool any[64];
  size_t len;
  z3_status st = region_param(c, &region);
  if (!st) st = param_str(c, "pattern", &pattern);
  if (!st) st = param_int(c, "word", UINT64_MAX, 0, 0xFFFF, &word);
  if (st) return st;
  if (region == Z3_REGION_BUS) region = Z3_REGION_WRAM; /* the bus is 16 MiB of mostly mirrors */
  if (pattern) {
    if ((st = parse_hex(c, "pattern", pattern, bytes, any, sizeof bytes, &len))) return st;
  } else if (word != UINT64_MAX) {
    bytes[0] = (uint8_t)word, bytes[1] = (uint8_t)(word >> 8), any[0] = any[1] = false, len = 2;
  } else {
    return z3_error_set(c->err, Z3_E_USAGE, "memory-search needs --pattern (hex bytes, ?? for any) or --word");
  }
  z3_snes *snes = z3_debug_console(c->dbg);
  const uint8_t *mem = region_bytes(snes, region);
  size_t size = mem ? z3_snes_region_size(snes, region) : 0;
  json_t *found = json_array();
  size_t matches = 0;
  for (size_t a = 0; a + len <= size; a++) {
    size_t k = 0;
    while (k < len && (any[k] || mem[a + k] == bytes[k])) k++;
    if (k < len) continue;
    if (matches++ < MAX_MATCHES) json_array_append_new(found, where_json(region, a));
  }
  json_object_set_new(c->result, "region", json_string(z3_snes_region_name(region)));
  json_object_set_new(c->result, "matches", json_integer((json_int_t)matches));
  json_object_set_new(c->result, "addresses", found);
  json_object_set_new(c->result, "truncated", json_boolean(matches > MAX_MATCHES));
  return Z3_OK;
}

/* ---- snapshots ------------------------------------------------------------ */

static size_t snapshot_size(const z3_snes *snes) {
  size_t n = 0;
  for (size_t i = 0; i < SNAPSHOT_REGIONS; i++) n += z3_snes_region_size(snes, snapshot_regions[i]);
  return n;
}

static void copy_memories(z3_snes *snes, uint8_t *out) {
  for (size_t i = 0; i < SNAPSHOT_REGIONS; i++) {
    size_t n = z3_snes_region_size(snes, snapshot_regions[i]);
    if (n) memcpy(out, region_bytes(snes, snapshot_regions[i]), n);
    out += n;
  }
}

static debug_snapshot *find_snapshot(z3_debug *dbg, const char *name) {
  for (size_t i = 0; i < dbg->snapshot_count; i++)
    if (strcmp(dbg->snapshots[i].name, name) == 0) return &dbg->snapshots[i];
  return NULL;
}

z3_status m_snapshot(call *c) {
  const char *name;
  z3_status st = param_required(c, "name");
  if (!st) st = param_str(c, "name", &name);
  if (st) return st;
  if (!*name || strlen(name) >= sizeof c->dbg->snapshots[0].name)
    return bad_param(c, "name", "must be 1-31 characters");
  z3_debug *dbg = c->dbg;
  debug_snapshot *snap = find_snapshot(dbg, name);
  if (!snap) {
    if (dbg->snapshot_count == MAX_SNAPSHOTS)
      return z3_error_set(c->err, Z3_E_USAGE, "a session keeps %d snapshots: reuse a name to replace one",
                          MAX_SNAPSHOTS);
    snap = &dbg->snapshots[dbg->snapshot_count];
    if (!(snap->bytes = z3_malloc(snapshot_size(dbg->snes))))
      return z3_error_set(c->err, Z3_E_NOMEM, "out of memory for a snapshot");
    dbg->snapshot_count++;
    snprintf(snap->name, sizeof snap->name, "%s", name);
  }
  copy_memories(dbg->snes, snap->bytes);
  snap->frame = dbg->snes->frame;
  json_object_set_new(c->result, "name", json_string(name));
  json_object_set_new(c->result, "frame", json_integer((json_int_t)snap->frame));
  json_object_set_new(c->result, "bytes", json_integer((json_int_t)snapshot_size(dbg->snes)));
  return Z3_OK;
}

static json_t *hex_json(const uint8_t *p, size_t n) {
  char text[2 * SHOWN_BYTES + 1];
  size_t shown = n < SHOWN_BYTES ? n : SHOWN_BYTES;
  for (size_t i = 0; i < shown; i++) snprintf(text + 2 * i, 3, "%02x", p[i]);
  text[2 * shown] = '\0';
  return json_string(text);
}

static json_t *range_json(z3_debug *dbg, z3_snes_region r, size_t at, size_t n, const uint8_t *a, const uint8_t *b) {
  json_t *o = json_object();
  bool wram = r == Z3_REGION_WRAM;
  json_object_set_new(o, "region", json_string(z3_snes_region_name(r)));
  json_object_set_new(o, "address", where_json(r, at));
  json_object_set_new(o, "length", json_integer((json_int_t)n));
  json_object_set_new(o, "before", hex_json(a, n));
  json_object_set_new(o, "after", hex_json(b, n));
  const char *label = wram ? z3_symbols_name_at(z3_debug_symbols(dbg), 0x7E0000 + (uint32_t)at) : NULL;
  if (label) json_object_set_new(o, "label", json_string(label));
  return o;
}

/* Changed ranges between two copies; bytes within 4 of each other join one range. */
static size_t diff_memories(z3_debug *dbg, const uint8_t *a, const uint8_t *b, json_t *out) {
  size_t ranges = 0, offset = 0;
  for (size_t i = 0; i < SNAPSHOT_REGIONS; i++) {
    z3_snes_region r = snapshot_regions[i];
    size_t n = z3_snes_region_size(dbg->snes, r);
    for (size_t k = 0; k < n;) {
      if (a[offset + k] == b[offset + k]) {
        k++;
        continue;
      }
      size_t end = k + 1, gap = 0;
      while (end < n && gap < 4) gap = a[offset + end] == b[offset + end] ? gap + 1 : 0, end++;
      end -= gap;
      if (ranges++ < MAX_DIFF_RANGES) json_array_append_new(out, range_json(dbg, r, k, end - k, a + offset + k, b + offset + k));
      k = end;
    }
    offset += n;
  }
  return ranges;
}

z3_status m_diff(call *c) {
  const char *from_name, *to_name;
  z3_status st = param_required(c, "from");
  if (!st) st = param_str(c, "from", &from_name);
  if (!st) st = param_str(c, "to", &to_name);
  if (st) return st;
  debug_snapshot *from = find_snapshot(c->dbg, from_name), *to = to_name ? find_snapshot(c->dbg, to_name) : NULL;
  const char *missing = !from ? from_name : to_name && !to ? to_name : NULL;
  if (missing) {
    z3_error_set(c->err, Z3_E_NOT_FOUND, "no snapshot named '%s' in this session", missing);
    z3_error_hint(c->err, "take one with `z3ed debug snapshot --name NAME`");
    return Z3_E_NOT_FOUND;
  }
  uint8_t *now = NULL;
  if (!to && !(now = z3_malloc(snapshot_size(c->dbg->snes)))) return z3_error_set(c->err, Z3_E_NOMEM, "out of memory");
  if (now) copy_memories(c->dbg->snes, now);
  json_t *changes = json_array();
  size_t ranges = diff_memories(c->dbg, from->bytes, to ? to->bytes : now, changes);
  z3_free(now);
  json_object_set_new(c->result, "from", json_string(from_name));
  json_object_set_new(c->result, "to", json_string(to ? to_name : "now"));
  json_object_set_new(c->result, "ranges", json_integer((json_int_t)ranges));
  json_object_set_new(c->result, "changes", changes);
  json_object_set_new(c->result, "truncated", json_boolean(ranges > MAX_DIFF_RANGES));
  return Z3_OK;
}
