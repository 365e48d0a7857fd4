/*
 * debug/debug: a debugging session over one console (emu/snes.h), layered on
 * it through its hooks as mGBA layers its debugger on its cores: the CPU hook
 * (with its program-counter filter) for execution breakpoints, stepping, the
 * trace ring and the call stack; the bus watch for read and write
 * watchpoints. With no breakpoint set and tracking off the console runs with
 * no hook at all.
 *
 * Everything is synchronous: an operation runs the console until it stops
 * (a breakpoint, the step done, a frame limit) and returns why. The session
 * server (debug/server.c) and the commands call these.
 */
#ifndef Z3_DEBUG_DEBUG_H
#define Z3_DEBUG_DEBUG_H

#include <stdbool.h>
#include <stdint.h>

#include "asm/symbols.h"
#include "base/base.h"
#include "debug/expr.h"
#include "emu/snes.h"

/* exec, read, write and access are on the CPU bus; the PPU kinds watch
 * writes into VRAM, CGRAM and OAM (addresses are offsets in that memory,
 * written through the ports by the CPU or by DMA); dma stops when a general
 * DMA starts on a channel whose B-bus port ($21xx) is in the range. The SPC700
 * kinds fire inside the APU's catch-up, so the console stops at the next CPU
 * instruction boundary; the stop keeps the SPC700's registers at the hit. */
typedef enum z3_bp_kind {
  Z3_BP_EXEC = 0, Z3_BP_READ, Z3_BP_WRITE, Z3_BP_ACCESS,
  Z3_BP_VRAM_WRITE, Z3_BP_CGRAM_WRITE, Z3_BP_OAM_WRITE, Z3_BP_DMA,
  Z3_BP_SPC_EXEC, Z3_BP_SPC_READ, Z3_BP_SPC_WRITE, /* the SPC700's own address space, $0000-$FFFF */
} z3_bp_kind;

typedef struct z3_breakpoint {
  unsigned id;     /* from 1, never reused in a session */
  z3_bp_kind kind;
  uint32_t from, to; /* inclusive 24-bit CPU addresses (WRAM mirrors fold to $7E/$7F) */
  z3_expr cond;    /* cond.ops == NULL: always */
  uint64_t after;  /* stop only once hits > after */
  uint64_t hits;   /* times the address matched and the condition held */
  bool enabled;
} z3_breakpoint;

typedef enum z3_debug_reason {
  Z3_DBG_STEP = 0,    /* the requested instructions ran */
  Z3_DBG_BREAKPOINT,  /* an execution breakpoint, before its instruction */
  Z3_DBG_WATCHPOINT,  /* a read or write watchpoint, after the instruction that accessed */
  Z3_DBG_FRAMES,      /* the requested frames (or the limit of a run) began */
  Z3_DBG_RUN_TO,      /* the program counter reached the requested address */
  Z3_DBG_RETURNED,    /* step-over or step-out: back in the caller */
  Z3_DBG_INTERRUPT,   /* run-to-interrupt: an NMI or IRQ handler was entered */
  Z3_DBG_SCANLINE,    /* run-to-scanline */
  Z3_DBG_STP,         /* the CPU executed STP */
  Z3_DBG_STEP_BACK,   /* step-back arrived */
  Z3_DBG_DMA,         /* a dma breakpoint: after the instruction that started the DMA */
} z3_debug_reason;

typedef struct z3_debug_stop {
  z3_debug_reason reason;
  unsigned breakpoint;  /* id, for BREAKPOINT and WATCHPOINT */
  uint32_t address;     /* WATCHPOINT: the access (in `memory`); DMA: the channel's B-bus port */
  z3_snes_region memory;/* WATCHPOINT: the bus, or VRAM, CGRAM, OAM */
  uint8_t old_value, value; /* DMA: value holds the channels started */
  bool spc;             /* an SPC700 breakpoint: spc_regs as they were at the hit */
  z3_spc700_regs spc_regs;
  bool write;
  bool nmi;             /* INTERRUPT: NMI (else IRQ) */
} z3_debug_stop;

/* One instruction of the trace ring, as it was about to execute. */
typedef struct z3_trace_entry {
  z3_cpu_regs regs;
  uint64_t clock;       /* master clocks since power-on */
  uint32_t frame;
  uint16_t line;
  uint8_t bytes[4];
  uint8_t length;
} z3_trace_entry;

typedef struct z3_call_frame {
  uint32_t call_site;   /* the JSR/JSL, or the interrupted instruction */
  uint32_t target;      /* the routine or handler entered */
  uint32_t return_to;   /* where its return goes */
  uint16_t s;           /* the stack pointer after the call pushed its return address */
  enum { Z3_CALL_JSR, Z3_CALL_JSL, Z3_CALL_NMI, Z3_CALL_IRQ } kind;
} z3_call_frame;

typedef struct z3_debug_opts {
  size_t trace_size;    /* instructions kept in the trace ring; 0: no trace and no call stack */
} z3_debug_opts;

typedef struct z3_debug z3_debug;

z3_status z3_debug_open(z3_debug **out, const z3_rom *rom, const z3_debug_opts *opts, z3_error *err);
void z3_debug_free(z3_debug *dbg);
z3_snes *z3_debug_console(z3_debug *dbg);
/* Labels for conditions, disassembly and the call stack (may stay empty). */
z3_symbols *z3_debug_symbols(z3_debug *dbg);
void z3_debug_reset(z3_debug *dbg);

/* ---- breakpoints (breakpoints.c) ---- */
z3_status z3_debug_break_add(z3_debug *dbg, z3_bp_kind kind, uint32_t from, uint32_t to,
                             const char *condition, uint64_t after, unsigned *id, z3_error *err);
z3_status z3_debug_break_enable(z3_debug *dbg, unsigned id, bool enabled, z3_error *err);
z3_status z3_debug_break_delete(z3_debug *dbg, unsigned id, z3_error *err);
const z3_breakpoint *z3_debug_breakpoints(const z3_debug *dbg, size_t *count);
const char *z3_bp_kind_name(z3_bp_kind kind);
bool z3_bp_kind_parse(const char *name, z3_bp_kind *out);

/* ---- execution (run.c); every one stops early at a breakpoint ---- */
z3_debug_stop z3_debug_step(z3_debug *dbg, uint64_t instructions);
/* A JSR/JSL at PC runs to its return; anything else is one step. */
z3_debug_stop z3_debug_step_over(z3_debug *dbg, uint64_t max_frames);
/* Runs until the current routine returns to its caller. */
z3_debug_stop z3_debug_step_out(z3_debug *dbg, uint64_t max_frames);
z3_debug_stop z3_debug_run_to(z3_debug *dbg, uint32_t pc24, uint64_t max_frames);
z3_debug_stop z3_debug_run_frames(z3_debug *dbg, uint64_t frames);
z3_debug_stop z3_debug_run_to_interrupt(z3_debug *dbg, uint64_t max_frames);
z3_debug_stop z3_debug_run_to_scanline(z3_debug *dbg, unsigned line, uint64_t max_frames);
const char *z3_debug_reason_name(z3_debug_reason reason);

/* ---- going back (history.c) ---- */
/* Goes back `steps` steps (hook points: instruction boundaries where a step
 * stops), exactly: registers, memories, the trace and the call stack are as
 * they were. Breakpoints do not fire on the way. Fails, changing nothing,
 * when the checkpoints do not reach that far. */
z3_status z3_debug_step_back(z3_debug *dbg, uint64_t steps, z3_debug_stop *stop, z3_error *err);

typedef struct z3_last_write {
  bool found;
  uint32_t address;         /* canonical (WRAM mirrors fold to $7E) */
  uint32_t pc;              /* the instruction that wrote */
  uint64_t instructions;    /* the CPU's instruction counter then */
  uint64_t frame;
  uint16_t line;
  uint8_t old_value, value;
  uint64_t searched_from_frame; /* the oldest frame the history reached */
} z3_last_write;

/* The CPU's last write to addr before now, found by replaying the history
 * (DMA and the $2180 port are not CPU writes to the address). The console is
 * left as it was. */
z3_status z3_debug_last_write(z3_debug *dbg, uint32_t addr, z3_last_write *out, z3_error *err);

/* Replaces the console's state with a savestate file's (emu/savestate.h);
 * the call stack, trace and history start again from there. */
z3_status z3_debug_load_state(z3_debug *dbg, const char *path, unsigned flags, bool *other_rom, z3_error *err);

/* Writes one line per instruction, as it is about to run, to path until
 * closed (docs/debugger.md has the format); replays are not logged. */
z3_status z3_debug_trace_log_open(z3_debug *dbg, const char *path, z3_error *err);
/* Closes the log (if open); the lines it holds. */
uint64_t z3_debug_trace_log_close(z3_debug *dbg);

/* ---- what the session saw (track.c) ---- */
/* The call stack, outermost first. */
const z3_call_frame *z3_debug_callstack(const z3_debug *dbg, size_t *depth);
/* The i-th most recent trace entry (0: the last instruction that ran); NULL
 * past the end. Only instructions that ran are listed. */
const z3_trace_entry *z3_debug_trace_at(z3_debug *dbg, size_t i);
size_t z3_debug_trace_count(z3_debug *dbg);

#endif
