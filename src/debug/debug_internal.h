/* The session's state, shared by debug/'s files only. */
#ifndef Z3_DEBUG_INTERNAL_H
#define Z3_DEBUG_INTERNAL_H

#include "debug/debug.h"

typedef enum run_mode {
  RUN_FREE = 0,   /* until a breakpoint or the frame limit */
  RUN_STEP,       /* steps_left more instructions */
  RUN_RETURN,     /* until PC == target_pc with S >= target_s (step over) */
  RUN_OUT,        /* until a return leaves S above target_s (step out) */
  RUN_INTERRUPT,  /* until an interrupt handler is entered */
  RUN_SCANLINE,   /* until the console reaches target_line */
} run_mode;

enum { MAX_CALL_DEPTH = 256, MAX_SNAPSHOTS = 16 };

/* A named copy of the console's memories for `debug diff`. */
typedef struct debug_snapshot {
  char name[32];
  uint64_t frame;
  uint8_t *bytes;           /* WRAM, VRAM, CGRAM, OAM, SRAM, one after another */
} debug_snapshot;

struct z3_debug {
  z3_snes *snes;
  z3_symbols symbols;
  /* breakpoints */
  z3_breakpoint *bps;
  size_t bp_count, bp_cap;
  unsigned next_id;
  size_t exec_enabled, watch_enabled;
  uint8_t exec_filter[Z3_CPU_HOOK_FILTER_BYTES];
  uint8_t watch_pages[Z3_SNES_PAGES];
  /* the operation running */
  run_mode mode;
  uint64_t steps_left;
  uint32_t target_pc;
  uint16_t target_s;
  unsigned target_line;
  bool skip_breakpoint;   /* the instruction a resume starts on does not break again */
  uint64_t resume_instructions; /* cpu->instructions when the resume began */
  unsigned last_line;     /* RUN_SCANLINE: the line of the previous instruction */
  bool stopped;
  z3_debug_stop stop;
  /* tracking: what the last instruction was, the trace ring, the call stack */
  bool tracking;
  bool have_prev;
  uint64_t seen_instructions; /* cpu->instructions at the last hook call */
  uint64_t seen_nmis;
  uint64_t seen_interrupts;
  uint32_t prev_pc;
  uint8_t prev_op, prev_len;
  bool entered_interrupt, entered_nmi; /* between the last two instructions */
  z3_trace_entry *trace;
  size_t trace_size, trace_head, trace_count;
  bool trace_pending;          /* trace[trace_head] holds an instruction not yet known to have run */
  uint64_t trace_pending_at;   /* cpu->instructions when it was recorded */
  z3_call_frame calls[MAX_CALL_DEPTH];
  size_t call_depth;
  debug_snapshot snapshots[MAX_SNAPSHOTS];
  size_t snapshot_count;
};

/* session.c: installs or removes the CPU hook and the bus watch as the
 * breakpoints and the running operation need them. */
void debug_update_hooks(z3_debug *dbg);
/* breakpoints.c */
bool debug_exec_hit(z3_debug *dbg, uint32_t pc24);
void debug_watch(void *ctx, uint32_t addr, uint8_t value, bool write);
void debug_release_breakpoints(z3_debug *dbg);
/* track.c: bytes of the instruction `op` starts, under the CPU's M, X and E. */
uint8_t debug_instruction_length(const z3_cpu *cpu, uint8_t op);
/* track.c: called before each instruction while the hook sees them all. */
void debug_track(z3_debug *dbg, const z3_cpu *cpu);
void debug_track_reset(z3_debug *dbg);

static inline void debug_set_stop(z3_debug *dbg, z3_debug_stop stop) {
  dbg->stopped = true;
  dbg->stop = stop;
}

#endif
