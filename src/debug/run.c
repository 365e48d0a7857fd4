/* Execution: every operation sets a rule for the hook, runs the console
 * until something stops it, and reports why. */
#include "debug/debug_internal.h"

/* What one operation may cost when nothing stops it: ten seconds of game. */
enum { DEFAULT_FRAME_LIMIT = 600 };

static const char *const reason_names[] = {
    "step", "breakpoint", "watchpoint", "frames", "run-to", "returned", "interrupt", "scanline", "stp",
    "step-back", "dma",
};

const char *z3_debug_reason_name(z3_debug_reason reason) {
  return (unsigned)reason <= Z3_DBG_DMA ? reason_names[reason] : "unknown";
}

/* Runs in pieces that end where a checkpoint is due, so step-back can
 * reach any point of the run; the pieces add up to one z3_snes_run. */
static z3_snes_stop run_with_checkpoints(z3_debug *dbg, uint64_t frames, bool until, uint32_t pc24) {
  z3_snes *snes = dbg->snes;
  uint64_t end = snes->frame + frames;
  z3_snes_stop s = Z3_SNES_STOP_FRAMES;
  while (snes->frame < end && s == Z3_SNES_STOP_FRAMES && !dbg->stopped) {
    debug_history_note(dbg);
    uint64_t piece = debug_history_frames_until_checkpoint(dbg);
    if (piece == 0 || piece > end - snes->frame) piece = end - snes->frame;
    s = z3_snes_run(snes, piece, until, pc24);
  }
  return s;
}

static z3_debug_stop run(z3_debug *dbg, run_mode mode, uint64_t frames, bool until, uint32_t pc24) {
  z3_snes *snes = dbg->snes;
  dbg->mode = mode;
  dbg->stopped = false;
  dbg->skip_breakpoint = true;
  dbg->resume_instructions = snes->cpu.instructions;
  dbg->last_line = snes->line;
  snes->break_requested = false;
  debug_update_hooks(dbg);
  z3_snes_stop s = run_with_checkpoints(dbg, frames ? frames : DEFAULT_FRAME_LIMIT, until, pc24);
  dbg->mode = RUN_FREE;
  debug_update_hooks(dbg);
  if (dbg->stopped) return dbg->stop;
  z3_debug_reason reason = s == Z3_SNES_STOP_STP ? Z3_DBG_STP : s == Z3_SNES_STOP_PC ? Z3_DBG_RUN_TO : Z3_DBG_FRAMES;
  return (z3_debug_stop){.reason = reason};
}

z3_debug_stop z3_debug_step(z3_debug *dbg, uint64_t instructions) {
  dbg->steps_left = instructions;
  return run(dbg, RUN_STEP, 0, false, 0);
}

static uint8_t opcode_at_pc(const z3_debug *dbg, uint8_t *len) {
  const z3_cpu *cpu = &dbg->snes->cpu;
  uint8_t op = z3_snes_peek(dbg->snes, (uint32_t)cpu->r.pbr << 16 | cpu->r.pc);
  *len = debug_instruction_length(cpu, op);
  return op;
}

z3_debug_stop z3_debug_step_over(z3_debug *dbg, uint64_t max_frames) {
  uint8_t len, op = opcode_at_pc(dbg, &len);
  if (op != 0x20 && op != 0x22 && op != 0xFC) return z3_debug_step(dbg, 1);
  const z3_cpu *cpu = &dbg->snes->cpu;
  dbg->target_pc = (uint32_t)cpu->r.pbr << 16 | (uint16_t)(cpu->r.pc + len);
  dbg->target_s = cpu->r.s;
  return run(dbg, RUN_RETURN, max_frames, false, 0);
}

z3_debug_stop z3_debug_step_out(z3_debug *dbg, uint64_t max_frames) {
  dbg->target_s = dbg->snes->cpu.r.s;
  return run(dbg, RUN_OUT, max_frames, false, 0);
}

z3_debug_stop z3_debug_run_to(z3_debug *dbg, uint32_t pc24, uint64_t max_frames) {
  return run(dbg, RUN_FREE, max_frames, true, pc24 & 0xFFFFFF);
}

z3_debug_stop z3_debug_run_frames(z3_debug *dbg, uint64_t frames) {
  return run(dbg, RUN_FREE, frames, false, 0);
}

z3_debug_stop z3_debug_run_to_interrupt(z3_debug *dbg, uint64_t max_frames) {
  return run(dbg, RUN_INTERRUPT, max_frames, false, 0);
}

z3_debug_stop z3_debug_run_to_scanline(z3_debug *dbg, unsigned line, uint64_t max_frames) {
  dbg->target_line = line;
  return run(dbg, RUN_SCANLINE, max_frames, false, 0);
}
