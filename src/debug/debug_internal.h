/* The session's state, shared by debug/'s files only. */
#ifndef Z3_DEBUG_INTERNAL_H
#define Z3_DEBUG_INTERNAL_H

#include <stdio.h>

#include "debug/debug.h"

typedef enum run_mode {
  RUN_FREE = 0,   /* until a breakpoint or the frame limit */
  RUN_STEP,       /* steps_left more instructions */
  RUN_RETURN,     /* until PC == target_pc with S >= target_s (step over) */
  RUN_OUT,        /* until a return leaves S above target_s (step out) */
  RUN_INTERRUPT,  /* until an interrupt handler is entered */
  RUN_SCANLINE,   /* until the console reaches target_line */
  /* replays (history.c): breakpoints and watchpoints do not fire */
  RUN_SCAN,       /* note each hook point's count until replay_until */
  RUN_SCAN_WRITES,/* until replay_until, noting each instruction's PC for the write watch */
  RUN_COUNT,      /* until the counter reaches replay_until, tracking as usual */
} run_mode;

enum { MAX_CALL_DEPTH = 256, MAX_SNAPSHOTS = 16, MAX_CHECKPOINTS = 48, MAX_STEP_BACK = 1000000 };

/* What tracking knows besides the trace ring; a checkpoint keeps a copy so
 * a replay from it sees the calls and the previous instruction as they were. */
typedef struct debug_track_state {
  bool have_prev;
  uint64_t seen_instructions; /* cpu->instructions at the last hook call */
  uint64_t seen_nmis;
  uint64_t seen_interrupts;
  uint32_t prev_pc;
  uint8_t prev_op, prev_len;
  bool entered_interrupt, entered_nmi; /* between the last two instructions */
  bool trace_pending;          /* trace[trace_head] holds an instruction not yet known to have run */
  uint64_t trace_pending_at;   /* cpu->instructions when it was recorded */
  z3_call_frame calls[MAX_CALL_DEPTH];
  size_t call_depth;
} debug_track_state;

/* A point the session can go back to (history.c). */
typedef struct debug_checkpoint {
  uint64_t instructions, clock, frame; /* where it was taken */
  z3_buf state;                        /* the console, z3_snes_state_capture's payload */
  debug_track_state track;
} debug_checkpoint;

/* A named copy of the console's memories for `debug diff`. */
typedef struct debug_snapshot {
  char name[32];
  uint64_t frame;
  uint8_t *bytes;           /* WRAM, VRAM, CGRAM, OAM, SRAM, one after another */
} debug_snapshot;

struct z3_debug {
  z3_snes *snes;
  z3_rom *rom;             /* a copy, for consoles the analyses run beside the session's */
  z3_symbols symbols;
  /* breakpoints */
  z3_breakpoint *bps;
  size_t bp_count, bp_cap;
  unsigned next_id;
  size_t exec_enabled, watch_enabled, ppu_enabled, dma_enabled, spc_enabled;
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
  /* tracking: what the last instruction was, the call stack, the trace ring */
  bool tracking;
  debug_track_state tk;
  z3_trace_entry *trace;
  size_t trace_size, trace_head, trace_count;
  debug_snapshot snapshots[MAX_SNAPSHOTS];
  size_t snapshot_count;
  /* trace_log.c: every instruction to a file while open */
  FILE *trace_log;
  uint64_t trace_log_lines;
  uint64_t trace_log_at;       /* cpu->instructions of the last line: a boundary is logged once */
  /* history (history.c): checkpoints oldest first, and the replay in progress */
  debug_checkpoint *history;
  size_t history_count;
  bool replaying;
  uint64_t replay_until;
  uint32_t replay_pc;          /* RUN_SCAN_WRITES: the instruction about to run */
  uint64_t *scan_points;       /* RUN_SCAN: a ring of the last scan_size hook points */
  size_t scan_size;
  uint64_t scan_count;
  bool lw_watching;            /* last-write: the replay's watch is installed */
  uint32_t lw_target;
  z3_last_write lw_found;
  uint8_t lw_pages[Z3_SNES_PAGES];
};

/* session.c: installs or removes the CPU hook and the bus watch as the
 * breakpoints and the running operation need them. */
void debug_update_hooks(z3_debug *dbg);
/* A new console in the session's state (its ROM, its current state): the
 * analyses run there so the session does not move. */
z3_status debug_clone_console(z3_debug *dbg, z3_snes **out, z3_error *err);
/* history.c */
void debug_history_note(z3_debug *dbg);    /* a checkpoint when one is due */
void debug_history_changed(z3_debug *dbg); /* the console was changed from outside: a checkpoint now */
void debug_history_clear(z3_debug *dbg);
void debug_history_release(z3_debug *dbg);
/* Frames to run before the next checkpoint is due (0: due now). */
uint64_t debug_history_frames_until_checkpoint(const z3_debug *dbg);
/* While replaying: the write watch of last-write, or none. */
void debug_history_hooks(z3_debug *dbg);

/* trace_log.c: the line of the instruction about to run */
void debug_trace_log_write(z3_debug *dbg, const z3_cpu *cpu);

/* breakpoints.c */
uint32_t debug_canonical_address(uint32_t addr);
/* Marks the 4 KiB pages a CPU access to [from, to] may go through (WRAM mirrors too). */
void debug_mark_watch_pages(uint8_t *pages, uint32_t from, uint32_t to);
bool debug_exec_hit(z3_debug *dbg, uint32_t pc24);
void debug_watch(void *ctx, uint32_t addr, uint8_t value, bool write);
void debug_ppu_watch(void *ctx, z3_snes_region region, uint32_t addr, uint8_t value);
void debug_dma_watch(void *ctx, uint8_t channels);
void debug_spc_watch(void *ctx, uint16_t addr, uint8_t value, int access);
/* The memory a breakpoint kind watches (the bus for the CPU kinds). */
z3_snes_region debug_bp_memory(z3_bp_kind kind);
void debug_release_breakpoints(z3_debug *dbg);
/* track.c: bytes of the instruction `op` starts, under the CPU's M, X and E. */
uint8_t debug_instruction_length(const z3_cpu *cpu, uint8_t op);
/* track.c: called before each instruction while the hook sees them all. */
void debug_track(z3_debug *dbg, const z3_cpu *cpu);
void debug_track_reset(z3_debug *dbg);
/* Records the trace entry of the instruction at the current boundary again
 * (after a rewind dropped it), as pending. */
void debug_track_record_current(z3_debug *dbg);

static inline void debug_set_stop(z3_debug *dbg, z3_debug_stop stop) {
  dbg->stopped = true;
  dbg->stop = stop;
}

#endif
