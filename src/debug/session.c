/* A debugging session: the console, the hook that serves every stop rule,
 * and which hooks are installed when. */
#include <string.h>

#include "debug/debug_internal.h"
#include "emu/savestate.h"

/* Replays (history.c) stop at a count and never at a breakpoint. */
static bool replay_arrived(z3_debug *dbg, const z3_cpu *cpu) {
  if (cpu->instructions < dbg->replay_until) return false;
  debug_set_stop(dbg, (z3_debug_stop){.reason = Z3_DBG_STEP_BACK});
  return true;
}

static bool replay_hook(z3_debug *dbg, const z3_cpu *cpu) {
  if (replay_arrived(dbg, cpu)) return true;
  if (dbg->mode == RUN_SCAN) dbg->scan_points[dbg->scan_count++ % dbg->scan_size] = cpu->instructions;
  else dbg->replay_pc = (uint32_t)cpu->r.pbr << 16 | cpu->r.pc;
  return false;
}

/* Before each instruction the hook sees: tracking first (it must see every
 * instruction once), then execution breakpoints, then the operation's rule. */
static bool debug_hook(void *ctx, const z3_cpu *cpu) {
  z3_debug *dbg = ctx;
  if (dbg->mode == RUN_SCAN || dbg->mode == RUN_SCAN_WRITES) return replay_hook(dbg, cpu);
  bool repeat = dbg->tk.have_prev && cpu->instructions == dbg->tk.seen_instructions;
  if (!repeat && (dbg->tracking || dbg->mode != RUN_FREE)) debug_track(dbg, cpu);
  if (dbg->trace_log && !dbg->replaying && cpu->instructions != dbg->trace_log_at) debug_trace_log_write(dbg, cpu);
  if (dbg->mode == RUN_COUNT) return replay_arrived(dbg, cpu);
  uint32_t pc24 = (uint32_t)cpu->r.pbr << 16 | cpu->r.pc;
  /* a resume does not stop again on the breakpoint it stopped at */
  bool resuming = dbg->skip_breakpoint && cpu->instructions == dbg->resume_instructions;
  dbg->skip_breakpoint = false;
  if (!resuming && dbg->exec_enabled && debug_exec_hit(dbg, pc24)) return true;
  switch (dbg->mode) {
    case RUN_FREE:
    case RUN_SCAN:
    case RUN_SCAN_WRITES:
    case RUN_COUNT: return false; /* (replays are answered above) */
    case RUN_STEP:
      if (dbg->steps_left == 0) break;
      dbg->steps_left--;
      return false;
    case RUN_RETURN:
      if (pc24 == dbg->target_pc && cpu->r.s >= dbg->target_s) {
        debug_set_stop(dbg, (z3_debug_stop){.reason = Z3_DBG_RETURNED});
        return true;
      }
      return false;
    case RUN_OUT:
      if ((dbg->tk.prev_op == 0x60 || dbg->tk.prev_op == 0x6B || dbg->tk.prev_op == 0x40) && cpu->r.s > dbg->target_s) {
        debug_set_stop(dbg, (z3_debug_stop){.reason = Z3_DBG_RETURNED});
        return true;
      }
      return false;
    case RUN_INTERRUPT:
      if (dbg->tk.entered_interrupt) {
        debug_set_stop(dbg, (z3_debug_stop){.reason = Z3_DBG_INTERRUPT, .nmi = dbg->tk.entered_nmi});
        return true;
      }
      return false;
    case RUN_SCANLINE: {
      bool arrived = dbg->snes->line == dbg->target_line && dbg->last_line != dbg->target_line;
      dbg->last_line = dbg->snes->line;
      if (arrived) debug_set_stop(dbg, (z3_debug_stop){.reason = Z3_DBG_SCANLINE});
      return arrived;
    }
  }
  debug_set_stop(dbg, (z3_debug_stop){.reason = Z3_DBG_STEP});
  return true;
}

void debug_update_hooks(z3_debug *dbg) {
  z3_cpu *cpu = &dbg->snes->cpu;
  bool every = dbg->tracking || dbg->mode != RUN_FREE || dbg->trace_log;
  if (every || dbg->exec_enabled) {
    cpu->hook = debug_hook;
    cpu->hook_ctx = dbg;
    cpu->hook_filter = every ? NULL : dbg->exec_filter;
  } else {
    cpu->hook_filter = NULL;
  }
  if (!every) dbg->tk.have_prev = false; /* instructions will go by unseen */
  if (!every && !dbg->exec_enabled) {
    cpu->hook = NULL;
  }
  z3_snes *snes = dbg->snes;
  snes->debug_ctx = dbg; /* replays never stop at these */
  snes->ppu_watch = dbg->ppu_enabled && !dbg->replaying ? debug_ppu_watch : NULL;
  snes->dma_watch = dbg->dma_enabled && !dbg->replaying ? debug_dma_watch : NULL;
  snes->apu.watch = dbg->spc_enabled && !dbg->replaying ? debug_spc_watch : NULL;
  snes->apu.watch_ctx = dbg;
  if (dbg->replaying) return debug_history_hooks(dbg);
  snes->watch_pages = dbg->watch_enabled ? dbg->watch_pages : NULL;
  snes->watch = debug_watch;
  snes->watch_ctx = dbg;
}

z3_status z3_debug_open(z3_debug **out, const z3_rom *rom, const z3_debug_opts *opts, z3_error *err) {
  *out = NULL;
  z3_debug *dbg = z3_calloc(1, sizeof *dbg);
  if (!dbg) return z3_error_set(err, Z3_E_NOMEM, "out of memory for a debug session");
  z3_status st = z3_snes_create(&dbg->snes, rom, err);
  if (!st) st = z3_rom_from_memory(&dbg->rom, rom->data.data, rom->data.len, "the session's ROM", err);
  if (!st) dbg->rom->mapping = rom->mapping;
  size_t trace = opts ? opts->trace_size : 0;
  if (!st && trace && !(dbg->trace = z3_calloc(trace, sizeof *dbg->trace)))
    st = z3_error_set(err, Z3_E_NOMEM, "out of memory for a trace of %zu instructions", trace);
  if (st) {
    z3_debug_free(dbg);
    return st;
  }
  dbg->trace_size = trace;
  dbg->tracking = trace > 0;
  dbg->next_id = 1;
  z3_symbols_init(&dbg->symbols);
  debug_update_hooks(dbg);
  debug_history_changed(dbg); /* the first checkpoint: power-on */
  *out = dbg;
  return Z3_OK;
}

void z3_debug_free(z3_debug *dbg) {
  if (!dbg) return;
  debug_release_breakpoints(dbg);
  debug_history_release(dbg);
  if (dbg->trace_log) fclose(dbg->trace_log);
  for (size_t i = 0; i < dbg->snapshot_count; i++) z3_free(dbg->snapshots[i].bytes);
  z3_symbols_release(&dbg->symbols);
  z3_snes_free(dbg->snes);
  z3_rom_free(dbg->rom);
  z3_free(dbg->trace);
  z3_free(dbg);
}

z3_snes *z3_debug_console(z3_debug *dbg) { return dbg->snes; }

z3_status debug_clone_console(z3_debug *dbg, z3_snes **out, z3_error *err) {
  z3_buf state;
  z3_buf_init(&state);
  z3_status st = z3_snes_create(out, dbg->rom, err);
  if (st) return st;
  st = z3_snes_state_capture(dbg->snes, &state, err);
  if (!st) st = z3_snes_state_restore(*out, state.data, state.len, err);
  z3_buf_release(&state);
  if (st) {
    z3_snes_free(*out);
    *out = NULL;
  }
  return st;
}
z3_symbols *z3_debug_symbols(z3_debug *dbg) { return &dbg->symbols; }

void z3_debug_reset(z3_debug *dbg) {
  z3_snes_power_on(dbg->snes);
  debug_track_reset(dbg);
  dbg->mode = RUN_FREE;
  debug_update_hooks(dbg);
  debug_history_clear(dbg);
  debug_history_changed(dbg);
}
