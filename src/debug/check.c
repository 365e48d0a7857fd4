/* Bug patterns seen at run time (check.h): a hook before every instruction
 * follows calls and returns, a watch on every access sees the writes. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/disasm.h"
#include "debug/check.h"
#include "debug/debug_internal.h"
#include "debug/report.h"
#include "debug/walk.h"

enum {
  OP_JSR = 0x20, OP_JSL = 0x22, OP_JSR_INDIRECT = 0xFC, OP_RTS = 0x60, OP_RTL = 0x6B, OP_RTI = 0x40,
  OP_PHB = 0x8B, OP_REP = 0xC2, OP_SEP = 0xE2, OP_PLP = 0x28, OP_XCE = 0xFB,
  MAX_DEPTH = 256, MX_LOOKAHEAD = 16, MAX_FINDINGS = 1000,
};

typedef struct check_call {
  uint32_t site, target, return_to;
  uint16_t s_after;      /* S once the return has pulled what the call pushed */
  uint8_t dbr;           /* the data bank when the routine was entered */
  unsigned phb;          /* PHBs it ran */
} check_call;

/* How a routine was first called: its target, the call site and the sizes. */
typedef struct call_target {
  uint32_t target, site;
  uint8_t sizes;         /* bit 0: M 8-bit, bit 1: X 8-bit; 0xFF: empty slot */
  bool reported;
} call_target;

typedef struct checker {
  z3_snes *snes;
  const z3_symbols *syms;
  z3_check_report *report;
  check_call calls[MAX_DEPTH];
  size_t depth;
  uint64_t seen_interrupts;
  bool returning;        /* the previous instruction was RTS, RTL or RTI */
  uint32_t return_pc;
  uint32_t pc;           /* the instruction running, for the watch */
  call_target *targets;  /* open addressing, a power of two */
  size_t target_cap, target_count;
  bool oom;
} checker;

static const char *const kind_names[Z3_CHECK_KINDS] = {"stack", "phb-plb", "mx-call", "bank-cross",
                                                       "dma-display", "rom-write"};

const char *z3_check_kind_name(z3_check_kind kind) {
  return (unsigned)kind < Z3_CHECK_KINDS ? kind_names[kind] : "?";
}

static uint32_t pc24_of(const z3_cpu *cpu) { return (uint32_t)cpu->r.pbr << 16 | cpu->r.pc; }
static uint8_t peek(const checker *ck, uint32_t a) { return z3_snes_peek(ck->snes, a & 0xFFFFFF); }
static uint16_t peek16(const checker *ck, uint32_t a) {
  return (uint16_t)(peek(ck, a) | peek(ck, (a & 0xFF0000) | ((a + 1) & 0xFFFF)) << 8);
}
static bool m8_of(const z3_cpu *cpu) { return cpu->r.e || (cpu->r.p & Z3_CPU_M); }
static bool x8_of(const z3_cpu *cpu) { return cpu->r.e || (cpu->r.p & Z3_CPU_X); }

/* "$00:8123 (label)" into out. */
static const char *place(const checker *ck, uint32_t a, char out[64]) {
  const char *name = z3_symbols_name_at(ck->syms, a);
  if (name) snprintf(out, 64, "$%02X:%04X (%.40s)", a >> 16, a & 0xFFFF, name);
  else snprintf(out, 64, "$%02X:%04X", a >> 16, a & 0xFFFF);
  return out;
}

static void add_finding(checker *ck, z3_check_kind kind, uint32_t pc, uint32_t address, const char *fmt, ...)
    Z3_PRINTF(5, 6);
static void add_finding(checker *ck, z3_check_kind kind, uint32_t pc, uint32_t address, const char *fmt, ...) {
  z3_check_report *r = ck->report;
  for (size_t i = 0; i < r->count; i++)
    if (r->findings[i].kind == kind && r->findings[i].pc == pc) {
      r->findings[i].count++;
      return;
    }
  if (r->count == MAX_FINDINGS) return;
  if (r->count == r->cap) {
    size_t cap = r->cap ? r->cap * 2 : 16;
    z3_check_finding *f = z3_realloc(r->findings, cap * sizeof *f);
    if (!f) {
      ck->oom = true;
      return;
    }
    r->findings = f;
    r->cap = cap;
  }
  z3_check_finding *f = &r->findings[r->count++];
  *f = (z3_check_finding){.kind = kind, .pc = pc, .address = address, .frame = ck->snes->frame,
                          .line = ck->snes->line, .count = 1,
                          .routine = ck->depth ? ck->calls[ck->depth - 1].target : Z3_CHECK_NO_ROUTINE};
  va_list ap;
  va_start(ap, fmt);
  z3_vformat(f->message, sizeof f->message, fmt, ap);
  va_end(ap);
}

/* ---- calls and returns ---------------------------------------------------- */

static void push_call(checker *ck, check_call call) {
  if (ck->depth == MAX_DEPTH) { /* runaway recursion: forget the oldest */
    memmove(ck->calls, ck->calls + 1, (MAX_DEPTH - 1) * sizeof ck->calls[0]);
    ck->depth--;
  }
  ck->calls[ck->depth++] = call;
}

/* Counting PHB against PLB says nothing ("PHA : PLB" and "PHK : PLB" set
 * the bank without a PHB); what breaks callers is a saved bank not restored. */
static void check_saved_bank(checker *ck, const check_call *c, const z3_cpu *cpu) {
  char where[64];
  if (c->phb && cpu->r.dbr != c->dbr)
    add_finding(ck, Z3_CHECK_PHB_PLB, ck->return_pc, c->target,
                "routine %s saved the data bank $%02X with PHB but returned with $%02X",
                place(ck, c->target, where), c->dbr, cpu->r.dbr);
}

/* The previous instruction returned to pc with S == s. A return to no
 * caller on the stack is a jump (the push-address-and-RTS idiom); one that
 * skips frames is a jump table dropping its own return address. */
static void finish_return(checker *ck, const z3_cpu *cpu, uint32_t pc, uint16_t s) {
  ck->returning = false;
  for (size_t i = ck->depth; i-- > 0;) {
    check_call *c = &ck->calls[i];
    if (c->return_to != pc) continue;
    char a[64], b[64];
    if (c->s_after != s && i == ck->depth - 1)
      add_finding(ck, Z3_CHECK_STACK, ck->return_pc, c->target,
                  "routine %s returned to %s with S=$%04X instead of $%04X: %d byte(s) %s",
                  place(ck, c->target, a), place(ck, pc, b), s, c->s_after, abs((int)c->s_after - (int)s),
                  s < c->s_after ? "left on the stack" : "pulled too many");
    else if (c->s_after != s) continue;
    else check_saved_bank(ck, c, cpu);
    ck->depth = i;
    return;
  }
}

static uint32_t interrupt_return(const checker *ck, const z3_cpu *cpu) {
  uint16_t s = cpu->r.s;
  uint32_t bank = cpu->r.e ? 0 : peek(ck, (uint16_t)(s + 4));
  return bank << 16 | peek16(ck, (uint16_t)(s + 2));
}

/* Whether the first instructions at target decode differently under the two
 * sizes (before anything sets the flags again); *at gets the instruction. */
static bool decodes_differ(checker *ck, uint32_t target, uint8_t a, uint8_t b, uint32_t *at) {
  uint32_t addr = target, bad;
  for (int i = 0; i < MX_LOOKAHEAD; i++) {
    z3_insn ia, ib;
    if (!z3_disasm_decode(debug_peek_byte, ck->snes, addr, a & 1, a & 2, 0, &ia, &bad) ||
        !z3_disasm_decode(debug_peek_byte, ck->snes, addr, b & 1, b & 2, 0, &ib, &bad))
      return false;
    if (ia.length != ib.length) {
      *at = addr;
      return true;
    }
    uint8_t op = ia.opcode;
    if (op == OP_REP || op == OP_SEP || op == OP_PLP || op == OP_XCE || ia.info->flow != Z3_FLOW_NEXT) return false;
    addr = z3_insn_next(&ia);
  }
  return false;
}

static call_target *target_slot(checker *ck, uint32_t target) {
  size_t mask = ck->target_cap - 1, i = (target * 2654435761u) & mask;
  while (ck->targets[i].sizes != 0xFF && ck->targets[i].target != target) i = (i + 1) & mask;
  return &ck->targets[i];
}

static bool grow_targets(checker *ck) {
  call_target *old = ck->targets;
  size_t old_cap = ck->target_cap, cap = old_cap ? old_cap * 2 : 1024;
  call_target *t = z3_malloc(cap * sizeof *t);
  if (!t) return false;
  for (size_t i = 0; i < cap; i++) t[i].sizes = 0xFF;
  ck->targets = t;
  ck->target_cap = cap;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i].sizes != 0xFF) *target_slot(ck, old[i].target) = old[i];
  z3_free(old);
  return true;
}

static void check_call_sizes(checker *ck, const z3_cpu *cpu, uint32_t site, uint32_t target) {
  if (ck->target_count * 4 >= ck->target_cap * 3 && !grow_targets(ck)) {
    ck->oom = true;
    return;
  }
  uint8_t sizes = (uint8_t)(m8_of(cpu) | x8_of(cpu) << 1);
  call_target *t = target_slot(ck, target);
  if (t->sizes == 0xFF) {
    *t = (call_target){.target = target, .site = site, .sizes = sizes};
    ck->target_count++;
    return;
  }
  uint32_t at;
  if (t->reported || t->sizes == sizes || !decodes_differ(ck, target, t->sizes, sizes, &at)) return;
  t->reported = true;
  char a[64], b[64], c[64];
  add_finding(ck, Z3_CHECK_MX_CALL, site, target,
              "routine %s is called with %s,%s here and with %s,%s from %s; its instruction at %s decodes "
              "differently under the two",
              place(ck, target, a), sizes & 1 ? "m8" : "m16", sizes & 2 ? "x8" : "x16",
              t->sizes & 1 ? "m8" : "m16", t->sizes & 2 ? "x8" : "x16", place(ck, t->site, b), place(ck, at, c));
}

static void note_call(checker *ck, const z3_cpu *cpu, uint32_t pc, uint8_t op) {
  uint8_t len = debug_instruction_length(cpu, op);
  uint32_t bank = pc & 0xFF0000, operand = peek16(ck, bank | ((pc + 1) & 0xFFFF));
  uint32_t target = bank | operand;
  if (op == OP_JSL) target = operand | (uint32_t)peek(ck, bank | ((pc + 3) & 0xFFFF)) << 16;
  if (op == OP_JSR_INDIRECT) target = bank | peek16(ck, bank | ((operand + cpu->r.x) & 0xFFFF));
  check_call_sizes(ck, cpu, pc, target);
  push_call(ck, (check_call){.site = pc, .target = target, .return_to = bank | ((pc + len) & 0xFFFF),
                             .s_after = cpu->r.s, .dbr = cpu->r.dbr});
}

/* ---- reads past a bank's end --------------------------------------------- */

static void check_bank_cross(checker *ck, const z3_cpu *cpu, uint32_t pc) {
  z3_insn in;
  uint32_t bad, base, ea;
  if (!z3_disasm_decode(debug_peek_byte, ck->snes, pc, m8_of(cpu), x8_of(cpu), cpu->r.dbr, &in, &bad)) return;
  debug_access access = debug_access_of(&in);
  z3_asm_mode mode = in.info->mode;
  if (access != DEBUG_ACCESS_READ && access != DEBUG_ACCESS_RMW) return;
  if (mode == Z3_AM_DIRECT || mode == Z3_AM_DIRECT_X || mode == Z3_AM_DIRECT_Y) return; /* wraps in bank 0 */
  if (!debug_data_address(ck->snes, &cpu->r, &in, &base, &ea)) return;
  const char *m = in.info->mnemonic;
  bool index_sized = m[2] == 'X' || m[2] == 'Y'; /* LDX, CPY... (not the accumulator's) */
  uint32_t width = (index_sized ? x8_of(cpu) : m8_of(cpu)) ? 1 : 2;
  uint32_t last = (ea + width - 1) & 0xFFFFFF;
  if ((last >> 16) == (base >> 16)) return;
  char text[40];
  z3_disasm_instruction_text(&in, text, sizeof text);
  add_finding(ck, Z3_CHECK_BANK_CROSS, pc, ea,
              "%s reads $%02X:%04X, past the end of bank $%02X (from $%02X:%04X)", text, last >> 16,
              last & 0xFFFF, base >> 16, base >> 16, base & 0xFFFF);
}

/* ---- writes ---------------------------------------------------------------- */

static const char *ppu_port(uint8_t bbad, bool to_a) {
  switch (bbad) {
    case 0x04: return to_a ? NULL : "OAM";
    case 0x18: case 0x19: return to_a ? NULL : "VRAM";
    case 0x22: return to_a ? NULL : "CGRAM";
    case 0x38: return to_a ? "OAM" : NULL;
    case 0x39: case 0x3A: return to_a ? "VRAM" : NULL;
    case 0x3B: return to_a ? "CGRAM" : NULL;
    default: return NULL;
  }
}

static void check_dma(checker *ck, uint8_t channels) {
  const z3_snes *snes = ck->snes;
  unsigned vblank = (snes->ppu.setini & 0x04) ? 240 : Z3_SNES_VBLANK_LINE;
  if (snes->line == 0 || snes->line >= vblank || (snes->ppu.inidisp & 0x80)) return;
  for (unsigned ch = 0; ch < 8; ch++) {
    if (!(channels & 1u << ch)) continue;
    const z3_snes_dma *d = &snes->dma[ch];
    const char *port = ppu_port(d->bbad, d->dmap & 0x80);
    if (!port) continue;
    add_finding(ck, Z3_CHECK_DMA_DISPLAY, ck->pc, 0x2100u | d->bbad,
                "DMA channel %u to %s ($21%02X) starts on line %u, during active display with the screen "
                "on: the PPU ignores it (do it in vblank or under forced blank)",
                ch, port, d->bbad, snes->line);
    return;
  }
}

static void check_watch(void *ctx, uint32_t addr, uint8_t value, bool write) {
  checker *ck = ctx;
  if (!write) return;
  uint32_t page = addr >> 12, bank = addr >> 16, off = addr & 0xFFFF;
  if (ck->snes->read_page[page] && !ck->snes->write_page[page])
    add_finding(ck, Z3_CHECK_ROM_WRITE, ck->pc, addr,
                "writes $%02X to $%02X:%04X, which the cartridge maps to ROM (the write is lost)", value, bank, off);
  if ((bank & 0x40) == 0 && off == 0x420B && value) check_dma(ck, value);
}

/* ---- the hook -------------------------------------------------------------- */

static bool check_hook(void *ctx, const z3_cpu *cpu) {
  checker *ck = ctx;
  uint32_t pc = pc24_of(cpu);
  bool interrupted = cpu->interrupts != ck->seen_interrupts;
  ck->seen_interrupts = cpu->interrupts;
  uint16_t pushed = cpu->r.e ? 3 : 4;
  if (ck->returning)
    finish_return(ck, cpu, interrupted ? interrupt_return(ck, cpu) : pc,
                  interrupted ? (uint16_t)(cpu->r.s + pushed) : cpu->r.s);
  if (interrupted) {
    uint32_t back = interrupt_return(ck, cpu);
    push_call(ck, (check_call){.site = back, .target = pc, .return_to = back,
                               .s_after = (uint16_t)(cpu->r.s + pushed), .dbr = cpu->r.dbr});
  }
  ck->pc = pc;
  uint8_t op = peek(ck, pc);
  check_call *top = ck->depth ? &ck->calls[ck->depth - 1] : NULL;
  if (op == OP_JSR || op == OP_JSL || op == OP_JSR_INDIRECT) note_call(ck, cpu, pc, op);
  else if (op == OP_RTS || op == OP_RTL || op == OP_RTI) ck->returning = true, ck->return_pc = pc;
  else if (op == OP_PHB && top) top->phb++;
  check_bank_cross(ck, cpu, pc);
  return false;
}

z3_status z3_debug_check(z3_debug *dbg, uint64_t frames, z3_check_report *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  z3_snes *copy;
  z3_status st = debug_clone_console(dbg, &copy, err);
  if (st) return st;
  uint8_t every_page[Z3_SNES_PAGES];
  memset(every_page, 1, sizeof every_page);
  checker ck = {.snes = copy, .syms = &dbg->symbols, .report = out, .seen_interrupts = copy->cpu.interrupts};
  if (!grow_targets(&ck)) st = z3_error_set(err, Z3_E_NOMEM, "out of memory for the checker");
  copy->cpu.hook = check_hook;
  copy->cpu.hook_ctx = &ck;
  copy->cpu.hook_filter = NULL;
  copy->watch_pages = every_page;
  copy->watch = check_watch;
  copy->watch_ctx = &ck;
  uint64_t start_frame = copy->frame, start_instructions = copy->cpu.instructions;
  while (!st && copy->frame < start_frame + frames &&
         z3_snes_run(copy, start_frame + frames - copy->frame, false, 0) != Z3_SNES_STOP_STP) {
  }
  if (!st && ck.oom) st = z3_error_set(err, Z3_E_NOMEM, "out of memory while checking");
  out->frames = copy->frame - start_frame;
  out->instructions = copy->cpu.instructions - start_instructions;
  z3_free(ck.targets);
  z3_snes_free(copy);
  if (st) z3_check_report_release(out);
  return st;
}

void z3_check_report_release(z3_check_report *r) {
  z3_free(r->findings);
  memset(r, 0, sizeof *r);
}
