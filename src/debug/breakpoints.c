/* Breakpoints and watchpoints: the list, the program-counter filter and
 * watched pages the hooks test first, and the checks behind them. */
#include <string.h>
#include <strings.h>

#include "debug/debug_internal.h"

static const char *const kind_names[] = {"exec", "read", "write", "access",
                                         "vram-write", "cgram-write", "oam-write", "dma",
                                         "spc-exec", "spc-read", "spc-write"};

const char *z3_bp_kind_name(z3_bp_kind kind) {
  return (unsigned)kind <= Z3_BP_SPC_WRITE ? kind_names[kind] : "unknown";
}

bool z3_bp_kind_parse(const char *name, z3_bp_kind *out) {
  for (unsigned k = 0; k <= Z3_BP_SPC_WRITE; k++) {
    if (strcasecmp(name, kind_names[k]) == 0) {
      *out = (z3_bp_kind)k;
      return true;
    }
  }
  return false;
}

static bool system_bank(uint32_t bank) { return bank < 0x40 || (bank >= 0x80 && bank < 0xC0); }

/* WRAM has one name per byte: low RAM's mirrors in the system banks fold to $7E. */
uint32_t debug_canonical_address(uint32_t addr) {
  if (system_bank(addr >> 16) && (addr & 0xFFFF) < 0x2000) return 0x7E0000 | (addr & 0xFFFF);
  return addr;
}

static uint32_t canonical(uint32_t addr) { return debug_canonical_address(addr); }

void debug_mark_watch_pages(uint8_t *pages, uint32_t from, uint32_t to) {
  for (uint32_t page = from >> 12; page <= to >> 12; page++) pages[page] = 1;
  /* low RAM is also reached through every system bank's $0000-$1FFF */
  if (from <= 0x7E1FFF && to >= 0x7E0000) {
    for (uint32_t bank = 0; bank < 0x100; bank++)
      if (system_bank(bank)) pages[bank << 4] = pages[(bank << 4) + 1] = 1;
  }
}

static bool in_range(const z3_breakpoint *bp, uint32_t addr) { return addr >= bp->from && addr <= bp->to; }

/* Rebuilds the filter bits and watched pages from the enabled breakpoints. */
static void rebuild(z3_debug *dbg) {
  memset(dbg->exec_filter, 0, sizeof dbg->exec_filter);
  memset(dbg->watch_pages, 0, sizeof dbg->watch_pages);
  dbg->exec_enabled = dbg->watch_enabled = dbg->ppu_enabled = dbg->dma_enabled = dbg->spc_enabled = 0;
  for (size_t i = 0; i < dbg->bp_count; i++) {
    const z3_breakpoint *bp = &dbg->bps[i];
    if (!bp->enabled) continue;
    if (bp->kind >= Z3_BP_SPC_EXEC) {
      dbg->spc_enabled++;
      continue;
    }
    if (bp->kind == Z3_BP_DMA || debug_bp_memory(bp->kind) != Z3_REGION_BUS) {
      bp->kind == Z3_BP_DMA ? dbg->dma_enabled++ : dbg->ppu_enabled++;
      continue;
    }
    if (bp->kind == Z3_BP_EXEC) {
      dbg->exec_enabled++;
      for (uint32_t a = bp->from; a <= bp->to && a - bp->from < 0x10000; a++)
        dbg->exec_filter[(a & 0xFFFF) >> 3] |= (uint8_t)(1u << (a & 7));
      continue;
    }
    dbg->watch_enabled++;
    debug_mark_watch_pages(dbg->watch_pages, bp->from, bp->to);
  }
  debug_update_hooks(dbg);
}

static bool condition_holds(const z3_debug *dbg, const z3_breakpoint *bp, const z3_expr_access *acc) {
  return !bp->cond.ops || z3_expr_eval(&bp->cond, dbg->snes, acc) != 0;
}

bool debug_exec_hit(z3_debug *dbg, uint32_t pc24) {
  if (!(dbg->exec_filter[(pc24 & 0xFFFF) >> 3] & (1u << (pc24 & 7)))) return false;
  for (size_t i = 0; i < dbg->bp_count; i++) {
    z3_breakpoint *bp = &dbg->bps[i];
    if (!bp->enabled || bp->kind != Z3_BP_EXEC || !in_range(bp, pc24)) continue;
    if (!condition_holds(dbg, bp, NULL)) continue;
    if (++bp->hits <= bp->after) continue;
    debug_set_stop(dbg, (z3_debug_stop){.reason = Z3_DBG_BREAKPOINT, .breakpoint = bp->id, .address = pc24});
    return true;
  }
  return false;
}

void debug_watch(void *ctx, uint32_t addr, uint8_t value, bool write) {
  z3_debug *dbg = ctx;
  if (dbg->snes->break_requested) return; /* the first hit of an instruction is the one reported */
  uint32_t where = canonical(addr);
  z3_bp_kind kind = write ? Z3_BP_WRITE : Z3_BP_READ;
  for (size_t i = 0; i < dbg->bp_count; i++) {
    z3_breakpoint *bp = &dbg->bps[i];
    if (!bp->enabled || (bp->kind != kind && bp->kind != Z3_BP_ACCESS) || !in_range(bp, where)) continue;
    z3_expr_access acc = {where, value};
    if (!condition_holds(dbg, bp, &acc)) continue;
    if (++bp->hits <= bp->after) continue;
    uint8_t old = write ? z3_snes_peek(dbg->snes, addr) : value;
    debug_set_stop(dbg, (z3_debug_stop){.reason = Z3_DBG_WATCHPOINT, .breakpoint = bp->id, .address = where, .memory = Z3_REGION_BUS,
                                        .old_value = old, .value = value, .write = write});
    dbg->snes->break_requested = true;
    return;
  }
}

z3_snes_region debug_bp_memory(z3_bp_kind kind) {
  switch (kind) {
    case Z3_BP_VRAM_WRITE: return Z3_REGION_VRAM;
    case Z3_BP_CGRAM_WRITE: return Z3_REGION_CGRAM;
    case Z3_BP_OAM_WRITE: return Z3_REGION_OAM;
    default: return Z3_REGION_BUS;
  }
}

static z3_bp_kind kind_of_memory(z3_snes_region region) {
  return region == Z3_REGION_VRAM ? Z3_BP_VRAM_WRITE : region == Z3_REGION_CGRAM ? Z3_BP_CGRAM_WRITE : Z3_BP_OAM_WRITE;
}

static uint8_t ppu_byte(const z3_snes *snes, z3_snes_region region, uint32_t addr) {
  return region == Z3_REGION_VRAM ? snes->ppu.vram[addr] : region == Z3_REGION_CGRAM ? snes->ppu.cgram[addr] : snes->ppu.oam[addr];
}

void debug_ppu_watch(void *ctx, z3_snes_region region, uint32_t addr, uint8_t value) {
  z3_debug *dbg = ctx;
  if (dbg->snes->break_requested) return;
  z3_bp_kind kind = kind_of_memory(region);
  for (size_t i = 0; i < dbg->bp_count; i++) {
    z3_breakpoint *bp = &dbg->bps[i];
    if (!bp->enabled || bp->kind != kind || !in_range(bp, addr)) continue;
    z3_expr_access acc = {addr, value};
    if (!condition_holds(dbg, bp, &acc) || ++bp->hits <= bp->after) continue;
    debug_set_stop(dbg, (z3_debug_stop){.reason = Z3_DBG_WATCHPOINT, .breakpoint = bp->id, .address = addr,
                                        .memory = region, .old_value = ppu_byte(dbg->snes, region, addr),
                                        .value = value, .write = true});
    dbg->snes->break_requested = true;
    return;
  }
}

void debug_dma_watch(void *ctx, uint8_t channels) {
  z3_debug *dbg = ctx;
  if (dbg->snes->break_requested) return;
  for (size_t i = 0; i < dbg->bp_count; i++) {
    z3_breakpoint *bp = &dbg->bps[i];
    if (!bp->enabled || bp->kind != Z3_BP_DMA) continue;
    for (unsigned ch = 0; ch < 8; ch++) {
      uint32_t port = 0x2100u | dbg->snes->dma[ch].bbad;
      if (!(channels & 1u << ch) || !in_range(bp, port)) continue;
      if (!condition_holds(dbg, bp, NULL) || ++bp->hits <= bp->after) break;
      debug_set_stop(dbg, (z3_debug_stop){.reason = Z3_DBG_DMA, .breakpoint = bp->id, .address = port,
                                          .value = channels});
      dbg->snes->break_requested = true;
      return;
    }
  }
}

void debug_spc_watch(void *ctx, uint16_t addr, uint8_t value, int access) {
  z3_debug *dbg = ctx;
  if (dbg->snes->break_requested) return;
  z3_bp_kind kind = access == Z3_APU_EXEC ? Z3_BP_SPC_EXEC : access == Z3_APU_READ ? Z3_BP_SPC_READ : Z3_BP_SPC_WRITE;
  for (size_t i = 0; i < dbg->bp_count; i++) {
    z3_breakpoint *bp = &dbg->bps[i];
    if (!bp->enabled || bp->kind != kind || !in_range(bp, addr)) continue;
    if (++bp->hits <= bp->after) continue;
    const z3_apu *apu = &dbg->snes->apu;
    debug_set_stop(dbg, (z3_debug_stop){.reason = kind == Z3_BP_SPC_EXEC ? Z3_DBG_BREAKPOINT : Z3_DBG_WATCHPOINT,
                                        .breakpoint = bp->id, .address = addr, .memory = Z3_REGION_BUS,
                                        .old_value = kind == Z3_BP_SPC_WRITE ? apu->ram[addr] : value,
                                        .value = value, .write = kind == Z3_BP_SPC_WRITE, .spc = true,
                                        .spc_regs = apu->spc.r});
    dbg->snes->break_requested = true;
    return;
  }
}

/* The PPU kinds' ranges are offsets in their memory; dma's, B-bus ports. */
static z3_status check_range(z3_bp_kind kind, uint32_t from, uint32_t to, z3_error *err) {
  static const struct { z3_bp_kind kind; uint32_t first, last; const char *what; } limits[] = {
      {Z3_BP_VRAM_WRITE, 0, 0xFFFF, "VRAM offsets $0000-$FFFF (bytes; word w is 2w, 2w+1)"},
      {Z3_BP_CGRAM_WRITE, 0, 0x1FF, "CGRAM offsets $000-$1FF (colour c is 2c, 2c+1)"},
      {Z3_BP_OAM_WRITE, 0, 0x21F, "OAM offsets $000-$21F"},
      {Z3_BP_DMA, 0x2100, 0x21FF, "B-bus ports $2100-$21FF (VRAM: $2118, CGRAM: $2122, OAM: $2104)"},
      {Z3_BP_SPC_EXEC, 0, 0xFFFF, "the SPC700's addresses $0000-$FFFF"},
      {Z3_BP_SPC_READ, 0, 0xFFFF, "the SPC700's addresses $0000-$FFFF"},
      {Z3_BP_SPC_WRITE, 0, 0xFFFF, "the SPC700's addresses $0000-$FFFF"},
  };
  for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
    if (limits[i].kind != kind || (from >= limits[i].first && to <= limits[i].last)) continue;
    z3_error_set(err, Z3_E_USAGE, "a %s breakpoint at $%X-$%X: its addresses are %s", z3_bp_kind_name(kind), from, to,
                 limits[i].what);
    return Z3_E_USAGE;
  }
  return Z3_OK;
}

z3_status z3_debug_break_add(z3_debug *dbg, z3_bp_kind kind, uint32_t from, uint32_t to,
                             const char *condition, uint64_t after, unsigned *id, z3_error *err) {
  if (from > 0xFFFFFF || to > 0xFFFFFF || to < from)
    return z3_error_set(err, Z3_E_USAGE, "breakpoint range $%06X-$%06X is not a range of 24-bit addresses", from, to);
  z3_status range = check_range(kind, from, to, err);
  if (range) return range;
  if ((kind == Z3_BP_READ || kind == Z3_BP_WRITE || kind == Z3_BP_ACCESS) && canonical(from) != from)
    return z3_error_set(err, Z3_E_USAGE, "$%06X is a mirror of WRAM $%06X: watch that address instead", from,
                        canonical(from));
  z3_breakpoint bp = {.id = dbg->next_id, .kind = kind, .from = from, .to = to, .after = after, .enabled = true};
  if (condition && *condition) {
    z3_status st = z3_expr_compile(&bp.cond, condition, &dbg->symbols, err);
    if (st) return st;
  }
  if (dbg->bp_count == dbg->bp_cap) {
    size_t cap = dbg->bp_cap ? dbg->bp_cap * 2 : 16;
    z3_breakpoint *grown = z3_realloc(dbg->bps, cap * sizeof *grown);
    if (!grown) {
      z3_expr_release(&bp.cond);
      return z3_error_set(err, Z3_E_NOMEM, "out of memory for a breakpoint");
    }
    dbg->bps = grown;
    dbg->bp_cap = cap;
  }
  dbg->bps[dbg->bp_count++] = bp;
  dbg->next_id++;
  if (id) *id = bp.id;
  rebuild(dbg);
  return Z3_OK;
}

static z3_breakpoint *find(z3_debug *dbg, unsigned id, z3_error *err) {
  for (size_t i = 0; i < dbg->bp_count; i++)
    if (dbg->bps[i].id == id) return &dbg->bps[i];
  z3_error_set(err, Z3_E_NOT_FOUND, "no breakpoint %u in this session", id);
  z3_error_hint(err, "list them with `z3ed debug breakpoints`");
  return NULL;
}

z3_status z3_debug_break_enable(z3_debug *dbg, unsigned id, bool enabled, z3_error *err) {
  z3_breakpoint *bp = find(dbg, id, err);
  if (!bp) return Z3_E_NOT_FOUND;
  bp->enabled = enabled;
  rebuild(dbg);
  return Z3_OK;
}

z3_status z3_debug_break_delete(z3_debug *dbg, unsigned id, z3_error *err) {
  z3_breakpoint *bp = find(dbg, id, err);
  if (!bp) return Z3_E_NOT_FOUND;
  z3_expr_release(&bp->cond);
  size_t i = (size_t)(bp - dbg->bps);
  memmove(bp, bp + 1, (dbg->bp_count - i - 1) * sizeof *bp);
  dbg->bp_count--;
  rebuild(dbg);
  return Z3_OK;
}

const z3_breakpoint *z3_debug_breakpoints(const z3_debug *dbg, size_t *count) {
  *count = dbg->bp_count;
  return dbg->bps;
}

void debug_release_breakpoints(z3_debug *dbg) {
  for (size_t i = 0; i < dbg->bp_count; i++) z3_expr_release(&dbg->bps[i].cond);
  z3_free(dbg->bps);
  dbg->bps = NULL;
  dbg->bp_count = dbg->bp_cap = 0;
}
