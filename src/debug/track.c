/* What the session saw: the previous instruction, interrupt entries, the
 * trace ring and the call stack, updated before each instruction. */
#include <string.h>

#include "asm/disasm.h"
#include "debug/debug_internal.h"

enum { OP_JSR = 0x20, OP_JSL = 0x22, OP_JSR_INDIRECT = 0xFC, OP_RTS = 0x60, OP_RTL = 0x6B, OP_RTI = 0x40 };

uint8_t debug_instruction_length(const z3_cpu *cpu, uint8_t op) {
  bool m8 = cpu->r.e || (cpu->r.p & Z3_CPU_M), x8 = cpu->r.e || (cpu->r.p & Z3_CPU_X);
  return (uint8_t)(1 + z3_asm_operand_length(z3_opcodes[op].mode, m8, x8));
}

static void push_call(z3_debug *dbg, z3_call_frame frame) {
  if (dbg->tk.call_depth == MAX_CALL_DEPTH) { /* runaway recursion: forget the oldest */
    memmove(dbg->tk.calls, dbg->tk.calls + 1, (MAX_CALL_DEPTH - 1) * sizeof dbg->tk.calls[0]);
    dbg->tk.call_depth--;
  }
  dbg->tk.calls[dbg->tk.call_depth++] = frame;
}

static uint8_t peek(const z3_debug *dbg, uint32_t addr) { return z3_snes_peek(dbg->snes, addr & 0xFFFFFF); }

/* An interrupt entry pushed PBR (native mode only), PC and P: read where it returns. */
static uint32_t interrupt_return(const z3_debug *dbg, const z3_cpu *cpu) {
  uint16_t s = cpu->r.s;
  uint32_t pc = peek(dbg, (uint16_t)(s + 2)) | peek(dbg, (uint16_t)(s + 3)) << 8;
  uint32_t bank = cpu->r.e ? 0 : peek(dbg, (uint16_t)(s + 4));
  return bank << 16 | pc;
}

static void track_calls(z3_debug *dbg, const z3_cpu *cpu, uint32_t pc24) {
  if (dbg->tk.entered_interrupt) {
    push_call(dbg, (z3_call_frame){.call_site = interrupt_return(dbg, cpu), .target = pc24,
                                   .return_to = interrupt_return(dbg, cpu), .s = cpu->r.s,
                                   .kind = dbg->tk.entered_nmi ? Z3_CALL_NMI : Z3_CALL_IRQ});
    return;
  }
  uint8_t op = dbg->tk.prev_op;
  if (op == OP_JSR || op == OP_JSR_INDIRECT || op == OP_JSL) {
    uint32_t ret = (dbg->tk.prev_pc & 0xFF0000) | ((dbg->tk.prev_pc + dbg->tk.prev_len) & 0xFFFF);
    push_call(dbg, (z3_call_frame){.call_site = dbg->tk.prev_pc, .target = pc24, .return_to = ret,
                                   .s = cpu->r.s, .kind = op == OP_JSL ? Z3_CALL_JSL : Z3_CALL_JSR});
  } else if (op == OP_RTS || op == OP_RTL || op == OP_RTI) {
    while (dbg->tk.call_depth && dbg->tk.calls[dbg->tk.call_depth - 1].s < cpu->r.s) dbg->tk.call_depth--;
  }
}

static void record_trace(z3_debug *dbg, const z3_cpu *cpu, uint32_t pc24, uint8_t len) {
  z3_trace_entry *t = &dbg->trace[dbg->trace_head];
  t->regs = cpu->r;
  t->clock = dbg->snes->clock;
  t->frame = (uint32_t)dbg->snes->frame;
  t->line = dbg->snes->line;
  t->length = len;
  for (uint8_t i = 0; i < 4; i++)
    t->bytes[i] = i < len ? peek(dbg, (pc24 & 0xFF0000) | ((pc24 + i) & 0xFFFF)) : 0;
  dbg->tk.trace_pending = true; /* counted once it has run (trace_confirm) */
  dbg->tk.trace_pending_at = cpu->instructions;
}

/* The pending entry joins the ring once its instruction has run. */
static void trace_confirm(z3_debug *dbg) {
  if (!dbg->tk.trace_pending || dbg->snes->cpu.instructions <= dbg->tk.trace_pending_at) return;
  dbg->tk.trace_pending = false;
  dbg->trace_head = (dbg->trace_head + 1) % dbg->trace_size;
  if (dbg->trace_count < dbg->trace_size) dbg->trace_count++;
}

void debug_track(z3_debug *dbg, const z3_cpu *cpu) {
  uint32_t pc24 = (uint32_t)cpu->r.pbr << 16 | cpu->r.pc;
  dbg->tk.entered_interrupt = dbg->tk.have_prev && cpu->interrupts != dbg->tk.seen_interrupts;
  dbg->tk.entered_nmi = dbg->tk.entered_interrupt && dbg->snes->nmi_count != dbg->tk.seen_nmis;
  uint8_t op = peek(dbg, pc24);
  uint8_t len = debug_instruction_length(cpu, op);
  if (dbg->tracking) {
    trace_confirm(dbg);
    if (dbg->tk.have_prev) track_calls(dbg, cpu, pc24);
    record_trace(dbg, cpu, pc24, len);
  }
  dbg->tk.have_prev = true;
  dbg->tk.seen_instructions = cpu->instructions;
  dbg->tk.seen_nmis = dbg->snes->nmi_count;
  dbg->tk.seen_interrupts = cpu->interrupts;
  dbg->tk.prev_pc = pc24;
  dbg->tk.prev_op = op;
  dbg->tk.prev_len = len;
}

void debug_track_record_current(z3_debug *dbg) {
  const z3_cpu *cpu = &dbg->snes->cpu;
  uint32_t pc24 = (uint32_t)cpu->r.pbr << 16 | cpu->r.pc;
  record_trace(dbg, cpu, pc24, debug_instruction_length(cpu, peek(dbg, pc24)));
}

void debug_track_reset(z3_debug *dbg) {
  dbg->tk.have_prev = false;
  dbg->tk.call_depth = 0;
  dbg->trace_head = dbg->trace_count = 0;
  dbg->tk.trace_pending = false;
  dbg->tk.seen_instructions = 0;
}

const z3_call_frame *z3_debug_callstack(const z3_debug *dbg, size_t *depth) {
  *depth = dbg->tk.call_depth;
  return dbg->tk.calls;
}

const z3_trace_entry *z3_debug_trace_at(z3_debug *dbg, size_t i) {
  if (dbg->tracking) trace_confirm(dbg);
  if (i >= dbg->trace_count) return NULL;
  return &dbg->trace[(dbg->trace_head + dbg->trace_size - 1 - i) % dbg->trace_size];
}

size_t z3_debug_trace_count(z3_debug *dbg) {
  if (dbg->tracking) trace_confirm(dbg);
  return dbg->trace_count;
}
