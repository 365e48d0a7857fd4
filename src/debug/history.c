/*
 * Going back in time: periodic checkpoints (raw savestates plus what
 * tracking knew) and deterministic replay between them.
 *
 * A checkpoint is taken every CHECKPOINT_FRAMES frames of running, and at
 * once after anything that changes the console from outside (a memory
 * write, a reset, a loaded state), so a replay from a checkpoint never
 * crosses such a change: replays only go from one checkpoint to the next.
 *
 * Positions in time are hook points: instruction boundaries after any
 * interrupt entry, where a step can stop. They are named by the CPU's
 * instruction counter there (strictly increasing from one to the next; an
 * interrupt entry makes the counter skip one). `step-back N` finds the N-th
 * hook point before now by replaying segments from the newest back, then
 * restores that segment's checkpoint and replays, tracking on, to it, so
 * the trace and the call stack are as they were.
 */
#include <string.h>

#include "debug/debug_internal.h"
#include "emu/savestate.h"

enum { CHECKPOINT_FRAMES = 20 };

static debug_checkpoint *newest(z3_debug *dbg) {
  return dbg->history_count ? &dbg->history[dbg->history_count - 1] : NULL;
}

static void drop_from(z3_debug *dbg, size_t first) {
  for (size_t i = first; i < dbg->history_count; i++) z3_buf_release(&dbg->history[i].state);
  if (first < dbg->history_count) dbg->history_count = first;
}

void debug_history_clear(z3_debug *dbg) { drop_from(dbg, 0); }

void debug_history_release(z3_debug *dbg) {
  debug_history_clear(dbg);
  z3_free(dbg->history);
  dbg->history = NULL;
}

/* The trace's pending entry is confirmed first, so a checkpoint's
 * trace_pending means "the entry for this very boundary was recorded". */
static void checkpoint(z3_debug *dbg) {
  z3_snes *snes = dbg->snes;
  if (dbg->tracking) z3_debug_trace_count(dbg);
  if (!dbg->history && !(dbg->history = z3_calloc(MAX_CHECKPOINTS, sizeof *dbg->history))) return;
  /* a checkpoint at this very count replaces the old one (the console may have changed since) */
  size_t keep = dbg->history_count;
  while (keep && dbg->history[keep - 1].instructions >= snes->cpu.instructions) keep--;
  drop_from(dbg, keep);
  z3_buf reuse; /* the oldest's memory, already paged in: fresh pages cost more than the copy */
  z3_buf_init(&reuse);
  if (dbg->history_count == MAX_CHECKPOINTS) { /* forget the oldest */
    reuse = dbg->history[0].state;
    reuse.len = 0;
    memmove(dbg->history, dbg->history + 1, (MAX_CHECKPOINTS - 1) * sizeof *dbg->history);
    dbg->history_count--;
  }
  debug_checkpoint *c = &dbg->history[dbg->history_count];
  c->state = reuse;
  if (z3_snes_state_capture(snes, &c->state, NULL) != Z3_OK) { /* out of memory: no checkpoint */
    z3_buf_release(&c->state);
    return;
  }
  c->instructions = snes->cpu.instructions;
  c->clock = snes->clock;
  c->frame = snes->frame;
  c->track = dbg->tk;
  dbg->history_count++;
}

void debug_history_note(z3_debug *dbg) {
  debug_checkpoint *c = newest(dbg);
  if (!c || dbg->snes->frame >= c->frame + CHECKPOINT_FRAMES) checkpoint(dbg);
}

void debug_history_changed(z3_debug *dbg) {
  if (dbg->snes->cpu.instructions < (newest(dbg) ? newest(dbg)->instructions : 0))
    debug_history_clear(dbg); /* a reset: the counter starts again */
  checkpoint(dbg);
}

uint64_t debug_history_frames_until_checkpoint(const z3_debug *dbg) {
  if (!dbg->history_count) return 0;
  uint64_t due = dbg->history[dbg->history_count - 1].frame + CHECKPOINT_FRAMES;
  return due > dbg->snes->frame ? due - dbg->snes->frame : 0;
}

/* ---- replay --------------------------------------------------------------------------------- */

static z3_status restore(z3_debug *dbg, const debug_checkpoint *c, z3_error *err) {
  z3_status st = z3_snes_state_restore(dbg->snes, c->state.data, c->state.len, err);
  if (st == Z3_OK) dbg->tk = c->track;
  return st;
}

/* Runs from the restored checkpoint, the hook in `mode`, until the
 * instruction counter reaches `until` at a hook point. */
static z3_status replay(z3_debug *dbg, run_mode mode, uint64_t until, uint64_t frames, z3_error *err) {
  dbg->mode = mode;
  dbg->replay_until = until;
  dbg->replaying = true;
  dbg->stopped = false;
  debug_update_hooks(dbg);
  z3_snes_stop s = z3_snes_run(dbg->snes, frames + 2, false, 0);
  dbg->replaying = false;
  dbg->mode = RUN_FREE;
  debug_update_hooks(dbg);
  if (s != Z3_SNES_STOP_BREAK && dbg->snes->cpu.instructions < until && !dbg->snes->cpu.stopped)
    return z3_error_set(err, Z3_E_INTERNAL, "a replay did not reach instruction %llu (the console is not "
                        "deterministic here: a bug in z3ed)", (unsigned long long)until);
  return Z3_OK;
}

/* Replays segment `seg` up to the count `end`, noting its hook points in the
 * scan ring (the last scan_size of them); how many it saw. */
static z3_status scan(z3_debug *dbg, size_t seg, uint64_t end, uint64_t end_frame, size_t *found,
                      z3_error *err) {
  const debug_checkpoint *c = &dbg->history[seg];
  dbg->scan_count = 0;
  z3_status st = restore(dbg, c, err);
  if (st == Z3_OK) st = replay(dbg, RUN_SCAN, end, end_frame - c->frame, err);
  *found = dbg->scan_count;
  return st;
}

/* The k-th newest point the last scan saw (0: the newest; k < scan_count and scan_size). */
static uint64_t scanned(const z3_debug *dbg, size_t k) {
  size_t newest_at = (size_t)((dbg->scan_count - 1) % dbg->scan_size);
  return dbg->scan_points[(newest_at + dbg->scan_size - k) % dbg->scan_size];
}

/* Drops the trace entries recorded at or after the checkpoint; the replay
 * records them again. */
static void rewind_trace(z3_debug *dbg, const debug_checkpoint *c) {
  while (dbg->trace_count) {
    size_t last = (dbg->trace_head + dbg->trace_size - 1) % dbg->trace_size;
    if (dbg->trace[last].clock < c->clock) break;
    dbg->trace_head = last;
    dbg->trace_count--;
  }
  if (dbg->tk.trace_pending) debug_track_record_current(dbg);
}

static z3_status go_to(z3_debug *dbg, size_t seg, uint64_t target, uint64_t end_frame, z3_error *err) {
  const debug_checkpoint *c = &dbg->history[seg];
  z3_status st = restore(dbg, c, err);
  if (st) return st;
  if (dbg->tracking) rewind_trace(dbg, c);
  uint64_t frames = end_frame > c->frame ? end_frame - c->frame : 0;
  if (target > c->instructions || !dbg->tk.have_prev || dbg->tk.seen_instructions != target)
    st = replay(dbg, RUN_COUNT, target, frames, err);
  drop_from(dbg, seg + 1); /* the future: running forward again makes it anew */
  return st;
}

z3_status z3_debug_step_back(z3_debug *dbg, uint64_t steps, z3_debug_stop *stop, z3_error *err) {
  z3_snes *snes = dbg->snes;
  if (steps == 0) return z3_error_set(err, Z3_E_USAGE, "step back by at least one instruction");
  if (steps > MAX_STEP_BACK)
    return z3_error_set(err, Z3_E_USAGE, "step back by at most %d instructions at once", MAX_STEP_BACK);
  if (!dbg->history_count || dbg->history[0].instructions >= snes->cpu.instructions)
    return z3_error_set(err, Z3_E_INVALID, "no history to step back into: nothing ran since the session started, was reset or loaded a state");
  z3_buf now;
  z3_buf_init(&now);
  debug_track_state tk_now = dbg->tk;
  z3_status st = z3_snes_state_capture(snes, &now, err);
  uint64_t end = snes->cpu.instructions, end_frame = snes->frame, now_frame = snes->frame;
  dbg->scan_size = (size_t)steps;
  if (!st && !(dbg->scan_points = z3_calloc(dbg->scan_size, sizeof *dbg->scan_points)))
    st = z3_error_set(err, Z3_E_NOMEM, "out of memory stepping back");
  uint64_t need = steps, target = 0, seen = 0;
  size_t seg = dbg->history_count;
  while (!st && seg > 0 && need > 0) {
    seg--;
    size_t found;
    st = scan(dbg, seg, end, end_frame, &found, err);
    if (st) break;
    seen += found;
    if (found >= need) target = scanned(dbg, (size_t)need - 1), need = 0;
    else need -= found, end = dbg->history[seg].instructions, end_frame = dbg->history[seg].frame;
  }
  if (!st && need) {
    st = z3_error_set(err, Z3_E_INVALID, "the history holds %llu instruction(s) back from here; asked for %llu",
                      (unsigned long long)seen, (unsigned long long)steps);
    z3_error_hint(err, "checkpoints are kept for the last %d x %d frames of running", MAX_CHECKPOINTS,
                  CHECKPOINT_FRAMES);
  }
  if (!st) st = go_to(dbg, seg, target, now_frame, err);
  if (st) { /* back to where we were */
    z3_snes_state_restore(snes, now.data, now.len, NULL);
    dbg->tk = tk_now;
  }
  z3_free(dbg->scan_points);
  dbg->scan_points = NULL;
  z3_buf_release(&now);
  *stop = (z3_debug_stop){.reason = Z3_DBG_STEP_BACK};
  return st;
}

/* ---- last write ----------------------------------------------------------------------------- */

static void last_write_watch(void *ctx, uint32_t addr, uint8_t value, bool write) {
  z3_debug *dbg = ctx;
  if (!write || debug_canonical_address(addr) != dbg->lw_target) return;
  z3_last_write *w = &dbg->lw_found;
  w->found = true;
  w->pc = dbg->replay_pc;
  w->instructions = dbg->snes->cpu.instructions;
  w->frame = dbg->snes->frame;
  w->line = dbg->snes->line;
  w->old_value = z3_snes_peek(dbg->snes, addr);
  w->value = value;
}

z3_status z3_debug_last_write(z3_debug *dbg, uint32_t addr, z3_last_write *out, z3_error *err) {
  z3_snes *snes = dbg->snes;
  memset(out, 0, sizeof *out);
  out->address = debug_canonical_address(addr & 0xFFFFFF);
  z3_buf now;
  z3_buf_init(&now);
  debug_track_state tk_now = dbg->tk;
  z3_status st = z3_snes_state_capture(snes, &now, err);
  uint64_t end = snes->cpu.instructions, end_frame = snes->frame;
  dbg->lw_target = out->address;
  for (size_t seg = dbg->history_count; !st && seg > 0 && !out->found;) {
    seg--;
    const debug_checkpoint *c = &dbg->history[seg];
    if (c->instructions >= end) continue;
    memset(&dbg->lw_found, 0, sizeof dbg->lw_found);
    st = restore(dbg, c, err);
    if (st) break;
    dbg->lw_watching = true;
    st = replay(dbg, RUN_SCAN_WRITES, end, end_frame - c->frame, err);
    dbg->lw_watching = false;
    if (dbg->lw_found.found) *out = dbg->lw_found, out->address = dbg->lw_target;
    end = c->instructions, end_frame = c->frame;
  }
  out->searched_from_frame = dbg->history_count ? dbg->history[0].frame : snes->frame;
  z3_snes_state_restore(snes, now.data, now.len, NULL);
  dbg->tk = tk_now;
  debug_update_hooks(dbg);
  z3_buf_release(&now);
  return st;
}

/* The watch the replay installs instead of the breakpoints'. */
void debug_history_hooks(z3_debug *dbg) {
  z3_snes *snes = dbg->snes;
  if (!dbg->lw_watching) {
    snes->watch_pages = NULL;
    return;
  }
  memset(dbg->lw_pages, 0, sizeof dbg->lw_pages);
  debug_mark_watch_pages(dbg->lw_pages, dbg->lw_target, dbg->lw_target);
  snes->watch_pages = dbg->lw_pages;
  snes->watch = last_write_watch;
  snes->watch_ctx = dbg;
}
