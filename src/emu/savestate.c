/*
 * Savestates: one walk over the console's state (see savestate.h). Each
 * visit_* function names every field of one component once; in save mode a
 * field's value is appended, in load mode it is read back and, where the
 * emulator indexes an array with it, checked against the range a running
 * console can produce.
 */
#include "emu/savestate.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

/* A payload is about 0.5-1 MiB; files are compressed. Past these, it is not a state. */
enum { MAX_PAYLOAD = 8u << 20, MAX_STATE_FILE = 16u << 20 };
static const uint8_t MAGIC[8] = {'Z', '3', 'S', 'T', 'A', 'T', 'E', 0x1A};

typedef struct visit {
  bool load;
  z3_buf *out;                 /* save */
  const uint8_t *in;           /* load */
  size_t len, pos;
  const char *name;            /* load: the file, for messages (or NULL) */
  const char *section;
  size_t section_at;           /* save: where the section's length goes; load: its end */
  z3_status st;
  z3_error *err;
} visit;

static bool ok(const visit *v) { return v->st == Z3_OK; }

static void fail(visit *v, const char *field, const char *what) {
  if (!ok(v)) return;
  v->st = z3_error_set(v->err, Z3_E_INVALID, "%s%ssavestate section %s, field %s at payload offset %zu: %s",
                       v->name ? v->name : "", v->name ? ": " : "", v->section, field, v->pos, what);
  z3_error_hint(v->err, "the state was changed or damaged after z3ed wrote it; make it again");
}

static void put(visit *v, const void *p, size_t n) {
  if (ok(v)) v->st = z3_buf_append(v->out, p, n, v->err);
}

static bool take(visit *v, void *p, size_t n, const char *field) {
  if (!ok(v)) return false;
  if (n > v->len - v->pos) {
    fail(v, field, "the state ends here (truncated)");
    return false;
  }
  memcpy(p, v->in + v->pos, n);
  v->pos += n;
  return true;
}

static void v_bytes(visit *v, void *p, size_t n, const char *field) {
  if (v->load) take(v, p, n, field);
  else put(v, p, n);
}

/* Integers as little-endian bytes of their width, whatever the host (the
 * payload's fields and the file header alike). */
static void put_le(uint8_t *p, uint64_t value, unsigned bytes) {
  for (unsigned i = 0; i < bytes; i++) p[i] = (uint8_t)(value >> 8 * i);
}

static uint64_t get_le(const uint8_t *p, unsigned bytes) {
  uint64_t r = 0;
  for (unsigned i = 0; i < bytes; i++) r |= (uint64_t)p[i] << 8 * i;
  return r;
}

static uint64_t v_uint(visit *v, uint64_t value, unsigned bytes, const char *field) {
  uint8_t b[8];
  if (!v->load) {
    put_le(b, value, bytes);
    put(v, b, bytes);
    return value;
  }
  return take(v, b, bytes, field) ? get_le(b, bytes) : value;
}

static void v_u8(visit *v, uint8_t *x, const char *f) { *x = (uint8_t)v_uint(v, *x, 1, f); }
static void v_u16(visit *v, uint16_t *x, const char *f) { *x = (uint16_t)v_uint(v, *x, 2, f); }
static void v_u32(visit *v, uint32_t *x, const char *f) { *x = (uint32_t)v_uint(v, *x, 4, f); }
static void v_u64(visit *v, uint64_t *x, const char *f) { *x = v_uint(v, *x, 8, f); }
static void v_i16(visit *v, int16_t *x, const char *f) { *x = (int16_t)(uint16_t)v_uint(v, (uint16_t)*x, 2, f); }
static void v_int(visit *v, int *x, const char *f) { *x = (int)(int32_t)(uint32_t)v_uint(v, (uint32_t)*x, 4, f); }
static void v_uns(visit *v, unsigned *x, const char *f) { *x = (unsigned)v_uint(v, *x, 4, f); }

/* A row of 32-bit values in one piece (the frame has 122,000 of them). */
static void v_u32s(visit *v, uint32_t *x, size_t n, const char *f) {
  uint8_t chunk[4 * 512];
  for (size_t at = 0; at < n && ok(v); at += 512) {
    size_t k = n - at < 512 ? n - at : 512;
    if (!v->load) {
      for (size_t i = 0; i < k; i++) put_le(chunk + 4 * i, x[at + i], 4);
      put(v, chunk, 4 * k);
    } else if (take(v, chunk, 4 * k, f)) {
      for (size_t i = 0; i < k; i++) x[at + i] = (uint32_t)get_le(chunk + 4 * i, 4);
    }
  }
}

static void v_bool(visit *v, bool *x, const char *f) {
  uint8_t b = *x;
  v_u8(v, &b, f);
  if (v->load && b > 1) fail(v, f, "a flag must be 0 or 1");
  *x = b != 0;
}

/* A loaded value the emulator relies on being in [lo, hi]. */
static void v_range(visit *v, long long value, long long lo, long long hi, const char *f) {
  if (!v->load || (value >= lo && value <= hi)) return;
  char what[96];
  snprintf(what, sizeof what, "%lld is outside %lld-%lld", value, lo, hi);
  fail(v, f, what);
}

static void section_begin(visit *v, const char *tag) {
  if (!ok(v)) return;
  v->section = tag;
  if (!v->load) {
    put(v, tag, 4);
    v->section_at = v->out->len;
    put(v, "\0\0\0\0", 4);
    return;
  }
  char got[4];
  uint32_t len = 0;
  if (!take(v, got, 4, "tag")) return;
  if (memcmp(got, tag, 4)) {
    fail(v, "tag", "another section stands here (sections come in a fixed order)");
    return;
  }
  v_u32(v, &len, "length");
  if (ok(v) && len > v->len - v->pos) fail(v, "length", "the section runs past the end of the state");
  v->section_at = v->pos + len;
}

static void section_end(visit *v) {
  if (!ok(v)) return;
  if (!v->load) {
    uint32_t len = (uint32_t)(v->out->len - v->section_at - 4);
    for (int i = 0; i < 4; i++) v->out->data[v->section_at + i] = (uint8_t)(len >> 8 * i);
  } else if (v->pos != v->section_at) {
    fail(v, "length", "the section's length does not match its fields (another format version?)");
  }
}

/* ---- components ---------------------------------------------------------------------------- */

static void visit_cpu(visit *v, z3_cpu *c) {
  section_begin(v, "CPU ");
  v_u16(v, &c->r.a, "a"), v_u16(v, &c->r.x, "x"), v_u16(v, &c->r.y, "y");
  v_u16(v, &c->r.s, "s"), v_u16(v, &c->r.d, "d"), v_u16(v, &c->r.pc, "pc");
  v_u8(v, &c->r.dbr, "dbr"), v_u8(v, &c->r.pbr, "pbr"), v_u8(v, &c->r.p, "p");
  v_bool(v, &c->r.e, "e");
  v_u64(v, &c->cycles, "cycles"), v_u64(v, &c->instructions, "instructions");
  v_u64(v, &c->interrupts, "interrupts");
  v_bool(v, &c->nmi_pending, "nmi_pending"), v_bool(v, &c->irq_line, "irq_line");
  v_bool(v, &c->abort_pending, "abort_pending"), v_bool(v, &c->waiting, "waiting");
  v_bool(v, &c->stopped, "stopped");
  section_end(v);
}

static void visit_memory(visit *v, z3_snes *s) {
  section_begin(v, "WRAM");
  v_bytes(v, s->wram, sizeof s->wram, "wram");
  section_end(v);
  section_begin(v, "SRAM");
  uint32_t size = (uint32_t)s->cart.sram_size;
  v_u32(v, &size, "size");
  if (v->load && size != s->cart.sram_size) fail(v, "size", "the cartridge's SRAM has another size");
  if (size) v_bytes(v, s->cart.sram, size, "sram");
  section_end(v);
}

static void visit_ppu_ports(visit *v, z3_snes_ppu *p) {
  section_begin(v, "PPU ");
  v_bytes(v, p->vram, sizeof p->vram, "vram");
  v_bytes(v, p->cgram, sizeof p->cgram, "cgram");
  v_bytes(v, p->oam, sizeof p->oam, "oam");
  v_u8(v, &p->inidisp, "inidisp"), v_u8(v, &p->setini, "setini"), v_u8(v, &p->vmain, "vmain");
  v_u16(v, &p->vmadd, "vmadd"), v_u16(v, &p->vram_buffer, "vram_buffer");
  v_u8(v, &p->cgadd, "cgadd"), v_bool(v, &p->cg_high, "cg_high"), v_u8(v, &p->cg_latch, "cg_latch");
  v_u16(v, &p->oam_reload, "oam_reload");
  v_range(v, p->oam_reload, 0, 0x1FF, "oam_reload");
  v_u16(v, &p->oam_addr, "oam_addr");
  v_range(v, p->oam_addr, 0, 0x3FF, "oam_addr");
  v_u8(v, &p->oam_latch, "oam_latch"), v_bool(v, &p->oam_priority, "oam_priority");
  v_i16(v, &p->m7a, "m7a"), v_i16(v, &p->m7b, "m7b"), v_u8(v, &p->m7_latch, "m7_latch");
  v_u16(v, &p->hcount_latch, "hcount_latch"), v_u16(v, &p->vcount_latch, "vcount_latch");
  v_bool(v, &p->hcount_high, "hcount_high"), v_bool(v, &p->vcount_high, "vcount_high");
  v_bool(v, &p->counters_latched, "counters_latched");
  v_u8(v, &p->ppu1_mdr, "ppu1_mdr"), v_u8(v, &p->ppu2_mdr, "ppu2_mdr");
  section_end(v);
}

static void visit_ppu_regs(visit *v, z3_ppu_regs *r) {
  section_begin(v, "PPUR");
  v_u8(v, &r->obsel, "obsel"), v_u8(v, &r->bgmode, "bgmode"), v_u8(v, &r->mosaic, "mosaic");
  for (int i = 0; i < 4; i++) {
    v_u8(v, &r->bgsc[i], "bgsc"), v_u8(v, &r->bgnba[i], "bgnba");
    v_u16(v, &r->hofs[i], "hofs"), v_u16(v, &r->vofs[i], "vofs");
  }
  v_u8(v, &r->scroll_prev, "scroll_prev"), v_u8(v, &r->m7sel, "m7sel");
  v_i16(v, &r->m7c, "m7c"), v_i16(v, &r->m7d, "m7d"), v_i16(v, &r->m7x, "m7x");
  v_i16(v, &r->m7y, "m7y"), v_i16(v, &r->m7hofs, "m7hofs"), v_i16(v, &r->m7vofs, "m7vofs");
  for (int i = 0; i < 3; i++) v_u8(v, &r->wsel[i], "wsel");
  for (int i = 0; i < 4; i++) v_u8(v, &r->wh[i], "wh");
  v_u8(v, &r->wbglog, "wbglog"), v_u8(v, &r->wobjlog, "wobjlog");
  v_u8(v, &r->tm, "tm"), v_u8(v, &r->ts, "ts"), v_u8(v, &r->tmw, "tmw"), v_u8(v, &r->tsw, "tsw");
  v_u8(v, &r->cgwsel, "cgwsel"), v_u8(v, &r->cgadsub, "cgadsub");
  for (int i = 0; i < 3; i++) {
    v_u8(v, &r->fixed[i], "fixed");
    v_range(v, r->fixed[i], 0, 31, "fixed");
  }
  section_end(v);
}

/* The last frame too, so a screenshot right after loading shows what the
 * saved console showed. */
static void visit_ppu_frame(visit *v, z3_ppu_render *pr) {
  section_begin(v, "FRAM");
  v_bool(v, &pr->range_over, "range_over"), v_bool(v, &pr->time_over, "time_over");
  v_u16(v, &pr->height, "height");
  if (v->load && pr->height != 224 && pr->height != 239) fail(v, "height", "must be 224 or 239");
  v_bool(v, &pr->interlace, "interlace"), v_bool(v, &pr->field, "field");
  v_u16(v, &pr->mosaic_start, "mosaic_start");
  v_range(v, pr->mosaic_start, 0, Z3_PPU_MAX_HEIGHT, "mosaic_start");
  v_u16(v, &pr->backdrop, "backdrop");
  v_u16(v, &pr->frame_height, "frame_height");
  v_range(v, pr->frame_height, 0, Z3_PPU_MAX_HEIGHT, "frame_height");
  v_u64(v, &pr->frames_rendered, "frames_rendered");
  v_u16(v, &pr->drawn_line, "drawn_line"), v_u16(v, &pr->drawn_x, "drawn_x");
  v_range(v, pr->drawn_x, 0, Z3_PPU_WIDTH, "drawn_x");
  v_bytes(v, pr->obj_pixel, sizeof pr->obj_pixel, "obj_pixel");
  v_bytes(v, pr->obj_attr, sizeof pr->obj_attr, "obj_attr");
  v_bool(v, &pr->frame_woven, "frame_woven");
  v_range(v, pr->frame_height, 0, pr->frame_woven ? Z3_PPU_MAX_HEIGHT : Z3_PPU_MAX_HEIGHT / 2, "frame_height");
  /* Only what can still be seen: the rows of the last frame's and the
   * drawing frame's lines (two per line, woven), and of a line that is not
   * hi-res its first 256 pixels. */
  unsigned last = pr->frame_woven ? pr->frame_height / 2u : pr->frame_height;
  unsigned rows = 2u * (pr->height > last ? pr->height : last);
  for (unsigned y = 0; y < rows && ok(v); y++) {
    v_bool(v, &pr->line_hires[y], "line_hires");
    v_u32s(v, pr->frame[y], pr->line_hires[y] ? Z3_PPU_HIRES_WIDTH : Z3_PPU_WIDTH, "frame");
  }
  section_end(v);
}

static void visit_io(visit *v, z3_snes_io *io) {
  section_begin(v, "IO  ");
  v_u8(v, &io->nmitimen, "nmitimen"), v_u8(v, &io->wrio, "wrio"), v_u8(v, &io->memsel, "memsel");
  v_u8(v, &io->hdmaen, "hdmaen"), v_u8(v, &io->wrmpya, "wrmpya"), v_u8(v, &io->wrmpyb, "wrmpyb");
  v_u8(v, &io->wrdivb, "wrdivb"), v_u16(v, &io->wrdiv, "wrdiv");
  v_u16(v, &io->htime, "htime"), v_u16(v, &io->vtime, "vtime");
  v_u16(v, &io->rddiv, "rddiv"), v_u16(v, &io->rdmpy, "rdmpy");
  v_u8(v, &io->alu_steps, "alu_steps"), v_bool(v, &io->alu_divide, "alu_divide");
  v_u32(v, &io->alu_operand, "alu_operand");
  v_bool(v, &io->nmi_flag, "nmi_flag"), v_bool(v, &io->nmi_line, "nmi_line");
  v_bool(v, &io->irq_flag, "irq_flag");
  v_u32(v, &io->wmadd, "wmadd");
  v_range(v, io->wmadd, 0, Z3_SNES_WRAM_SIZE - 1, "wmadd");
  for (int i = 0; i < 4; i++) {
    v_u16(v, &io->joy[i], "joy"), v_u16(v, &io->joy_next[i], "joy_next");
    v_u16(v, &io->pads[i], "pads"), v_u32(v, &io->pad_shift[i], "pad_shift");
  }
  v_u64(v, &io->joy_start, "joy_start"), v_u64(v, &io->joy_end, "joy_end");
  v_bool(v, &io->pad_strobe, "pad_strobe");
  section_end(v);
}

static void visit_dma(visit *v, z3_snes_dma *dma) {
  section_begin(v, "DMA ");
  for (int i = 0; i < 8; i++) {
    z3_snes_dma *d = &dma[i];
    v_u8(v, &d->dmap, "dmap"), v_u8(v, &d->bbad, "bbad"), v_u8(v, &d->a1b, "a1b");
    v_u8(v, &d->dasb, "dasb"), v_u8(v, &d->ntrl, "ntrl"), v_u8(v, &d->unused, "unused");
    v_u16(v, &d->a1t, "a1t"), v_u16(v, &d->das, "das"), v_u16(v, &d->a2a, "a2a");
    v_bool(v, &d->hdma_done, "hdma_done"), v_bool(v, &d->hdma_do_transfer, "hdma_do_transfer");
  }
  section_end(v);
}

static void visit_timing(visit *v, z3_snes *s) {
  section_begin(v, "TIME");
  v_u64(v, &s->clock, "clock");
  v_u32(v, &s->line_clocks, "line_clocks");
  v_range(v, s->line_clocks, Z3_SNES_LINE_CLOCKS - 4, Z3_SNES_LINE_CLOCKS + 4, "line_clocks");
  v_u32(v, &s->hclock, "hclock");
  v_range(v, s->hclock, 0, s->line_clocks - 1, "hclock");
  v_u32(v, &s->next_event, "next_event");
  v_range(v, s->next_event, 0, s->line_clocks, "next_event");
  v_bool(v, &s->pal, "pal");
  s->apu.pal = s->pal;
  v_u16(v, &s->line, "line");
  v_bool(v, &s->field, "field");
  v_bool(v, &s->interlace_latch, "interlace_latch");
  v_range(v, s->line, 0, z3_snes_lines(s) - 1, "line");
  v_uns(v, &s->line_done, "line_done");
  v_u64(v, &s->frame, "frame"), v_u64(v, &s->dma_clocks, "dma_clocks");
  v_u64(v, &s->nmi_count, "nmi_count");
  v_u8(v, &s->dma_pending, "dma_pending"), v_bool(v, &s->dma_armed, "dma_armed");
  v_bool(v, &s->dma_resync, "dma_resync"), v_u64(v, &s->dma_began, "dma_began");
  v_u8(v, &s->mdr, "mdr");
  section_end(v);
}

static void visit_voice(visit *v, z3_dsp_voice *vo) {
  for (int i = 0; i < 2 * Z3_DSP_BRR_BUF; i++) v_i16(v, &vo->buf[i], "voice.buf");
  v_u8(v, &vo->buf_pos, "voice.buf_pos");
  if (v->load && (vo->buf_pos % 4 || vo->buf_pos >= Z3_DSP_BRR_BUF)) fail(v, "voice.buf_pos", "must be 0, 4 or 8");
  v_u16(v, &vo->brr_addr, "voice.brr_addr"), v_u8(v, &vo->brr_offset, "voice.brr_offset");
  v_u16(v, &vo->interp_pos, "voice.interp_pos");
  v_range(v, vo->interp_pos, 0, 0x7FFF, "voice.interp_pos");
  v_int(v, &vo->env, "voice.env");
  v_range(v, vo->env, 0, 0x7FF, "voice.env");
  v_int(v, &vo->hidden_env, "voice.hidden_env");
  uint8_t mode = (uint8_t)vo->env_mode;
  v_u8(v, &mode, "voice.env_mode");
  v_range(v, mode, Z3_ENV_RELEASE, Z3_ENV_SUSTAIN, "voice.env_mode");
  vo->env_mode = (z3_dsp_env_mode)mode;
  v_u8(v, &vo->kon_delay, "voice.kon_delay");
  v_range(v, vo->kon_delay, 0, 5, "voice.kon_delay");
}

static void visit_dsp(visit *v, z3_dsp *d) {
  section_begin(v, "DSP ");
  v_bytes(v, d->regs, sizeof d->regs, "regs");
  for (int i = 0; i < 8; i++) visit_voice(v, &d->voices[i]);
  v_u8(v, &d->new_kon, "new_kon"), v_u8(v, &d->kon, "kon");
  v_bool(v, &d->every_other_sample, "every_other_sample");
  v_int(v, &d->counter, "counter");
  v_range(v, d->counter, 0, 2048 * 15 - 1, "counter");
  v_int(v, &d->noise, "noise");
  v_u16(v, &d->echo_offset, "echo_offset"), v_u16(v, &d->echo_length, "echo_length");
  for (int i = 0; i < 8; i++) v_i16(v, &d->echo_hist[i][0], "echo_hist"), v_i16(v, &d->echo_hist[i][1], "echo_hist");
  v_u64(v, &d->samples, "samples");
  section_end(v);
}

static void visit_apu(visit *v, z3_apu *a) {
  section_begin(v, "SPC ");
  z3_spc700 *c = &a->spc;
  v_u8(v, &c->r.a, "a"), v_u8(v, &c->r.x, "x"), v_u8(v, &c->r.y, "y");
  v_u8(v, &c->r.sp, "sp"), v_u8(v, &c->r.psw, "psw"), v_u16(v, &c->r.pc, "pc");
  v_u64(v, &c->cycles, "cycles"), v_u64(v, &c->instructions, "instructions");
  v_bool(v, &c->halted, "halted");
  section_end(v);
  visit_dsp(v, &a->dsp);
  section_begin(v, "APU ");
  v_bytes(v, a->ram, sizeof a->ram, "ram");
  v_bytes(v, a->from_cpu, 4, "from_cpu"), v_bytes(v, a->to_cpu, 4, "to_cpu");
  v_u8(v, &a->test, "test"), v_u8(v, &a->control, "control"), v_u8(v, &a->dspaddr, "dspaddr");
  for (int i = 0; i < 3; i++) {
    z3_apu_timer *t = &a->timers[i];
    v_u8(v, &t->target, "timer.target"), v_u8(v, &t->stage2, "timer.stage2");
    v_u8(v, &t->out, "timer.out"), v_bool(v, &t->enabled, "timer.enabled");
    v_range(v, t->out, 0, 15, "timer.out");
  }
  v_u64(v, &a->cycles, "cycles");
  uint8_t ipl = (uint8_t)a->ipl;
  v_u8(v, &ipl, "ipl");
  v_range(v, ipl, Z3_IPL_OFF, Z3_IPL_BLOCK, "ipl");
  a->ipl = (z3_apu_ipl_state)ipl;
  v_u8(v, &a->ipl_index, "ipl_index"), v_bool(v, &a->ipl_carry, "ipl_carry");
  section_end(v);
}

/* The one walk both directions share. */
static void visit_console(visit *v, z3_snes *s) {
  visit_cpu(v, &s->cpu);
  visit_memory(v, s);
  visit_ppu_ports(v, &s->ppu);
  visit_ppu_regs(v, &s->ppu.render.r);
  visit_ppu_frame(v, &s->ppu.render);
  visit_io(v, &s->io);
  visit_dma(v, s->dma);
  visit_timing(v, s);
  visit_apu(v, &s->apu);
  if (v->load && ok(v) && v->pos != v->len) {
    v->section = "(end)";
    fail(v, "-", "bytes follow the last section");
  }
}

/* ---- raw payloads -------------------------------------------------------------------------- */

z3_status z3_snes_state_capture(const z3_snes *snes, z3_buf *out, z3_error *err) {
  visit v = {.load = false, .out = out, .section = "-", .err = err};
  /* One allocation for the whole payload (the memories and the frame make most of it). */
  v.st = z3_buf_reserve(out, out->len + sizeof *snes + snes->cart.sram_size, err);
  /* Saving reads through the same field pointers loading writes through. */
  visit_console(&v, (z3_snes *)snes);
  return v.st;
}

/* Loads into a copy (with its own SRAM) so a refused state changes nothing. */
static z3_status restore(z3_snes *snes, const uint8_t *data, size_t len, const char *name, z3_error *err) {
  z3_snes *copy = z3_malloc(sizeof *copy);
  uint8_t *sram = snes->cart.sram_size ? z3_malloc(snes->cart.sram_size) : NULL;
  if (!copy || (snes->cart.sram_size && !sram)) {
    z3_free(copy);
    z3_free(sram);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory loading a savestate");
  }
  memcpy(copy, snes, sizeof *copy);
  copy->cart.sram = sram;
  visit v = {.load = true, .in = data, .len = len, .name = name, .section = "-", .err = err};
  visit_console(&v, copy);
  if (v.st == Z3_OK) {
    if (sram) memcpy(snes->cart.sram, sram, snes->cart.sram_size);
    copy->cart.sram = snes->cart.sram;
    memcpy(snes, copy, sizeof *snes);
  }
  z3_free(sram);
  z3_free(copy);
  return v.st;
}

z3_status z3_snes_state_restore(z3_snes *snes, const uint8_t *data, size_t len, z3_error *err) {
  return restore(snes, data, len, NULL, err);
}

/* ---- files --------------------------------------------------------------------------------- */

static void rom_sha1(const z3_snes *snes, uint8_t out[20]) {
  z3_sha1(snes->cart.rom, snes->cart.rom_size, out);
}

static z3_status compress_payload(const z3_buf *raw, z3_buf *out, z3_error *err) {
  uLongf bound = compressBound((uLong)raw->len);
  size_t at = out->len;
  z3_status st = z3_buf_resize(out, at + bound, err);
  if (st) return st;
  if (compress2(out->data + at, &bound, raw->data, (uLong)raw->len, Z_BEST_SPEED) != Z_OK)
    return z3_error_set(err, Z3_E_INTERNAL, "zlib could not compress the savestate");
  return z3_buf_resize(out, at + bound, err);
}

z3_status z3_snes_state_save(const z3_snes *snes, z3_buf *out, z3_error *err) {
  z3_buf raw;
  z3_buf_init(&raw);
  z3_status st = z3_snes_state_capture(snes, &raw, err);
  uint8_t h[Z3_STATE_HEADER_SIZE] = {0};
  memcpy(h, MAGIC, 8);
  put_le(h + 8, Z3_STATE_VERSION, 2);
  rom_sha1(snes, h + 12);
  put_le(h + 32, snes->cart.rom_size, 4);
  put_le(h + 36, snes->frame, 8);
  put_le(h + 44, raw.len, 4);
  if (st == Z3_OK) st = z3_buf_append(out, h, sizeof h, err);
  if (st == Z3_OK) st = compress_payload(&raw, out, err);
  z3_buf_release(&raw);
  return st;
}

static z3_status check_header(const z3_snes *snes, const uint8_t *data, size_t len, const char *name,
                              unsigned flags, bool *other_rom, z3_error *err) {
  if (len < Z3_STATE_HEADER_SIZE || memcmp(data, MAGIC, 8))
    return z3_error_set(err, Z3_E_INVALID, "%s: not a z3ed savestate (no Z3STATE header)", name);
  unsigned version = (unsigned)get_le(data + 8, 2);
  if (version != Z3_STATE_VERSION) {
    z3_error_set(err, Z3_E_INVALID, "%s: savestate format version %u; this z3ed reads version %d", name,
                 version, Z3_STATE_VERSION);
    z3_error_hint(err, "make the state again with this z3ed (states are not converted between versions)");
    return Z3_E_INVALID;
  }
  uint8_t sha[20];
  rom_sha1(snes, sha);
  bool other = memcmp(sha, data + 12, 20) || get_le(data + 32, 4) != snes->cart.rom_size;
  if (other_rom) *other_rom = other;
  if (other && !(flags & Z3_STATE_ANY_ROM)) {
    char want[41], have[41];
    for (int i = 0; i < 20; i++) snprintf(want + 2 * i, 3, "%02x", data[12 + i]), snprintf(have + 2 * i, 3, "%02x", sha[i]);
    z3_error_set(err, Z3_E_INVALID, "%s: saved from another ROM (SHA-1 %s, %llu bytes); this ROM is %s, %zu bytes",
                 name, want, (unsigned long long)get_le(data + 32, 4), have, snes->cart.rom_size);
    z3_error_hint(err, "load it with the ROM it was made from (`z3ed rom info` shows a ROM's SHA-1); a state of "
                  "this ROM before an edit loads with --any-rom (emu run, debug start, debug load-state): the console goes "
                  "on with this ROM's code and data");
    return Z3_E_INVALID;
  }
  return Z3_OK;
}

z3_status z3_snes_state_load(z3_snes *snes, const uint8_t *data, size_t len, const char *name, unsigned flags,
                             bool *other_rom, z3_error *err) {
  z3_status st = check_header(snes, data, len, name, flags, other_rom, err);
  if (st) return st;
  uLongf size = (uLongf)get_le(data + 44, 4);
  if (size == 0 || size > MAX_PAYLOAD)
    return z3_error_set(err, Z3_E_INVALID, "%s: header offset 44: payload size %lu is not a console's state", name,
                        (unsigned long)size);
  z3_buf raw;
  z3_buf_init(&raw);
  st = z3_buf_resize(&raw, size, err);
  uLongf got = size;
  if (st == Z3_OK && (uncompress(raw.data, &got, data + Z3_STATE_HEADER_SIZE,
                                 (uLong)(len - Z3_STATE_HEADER_SIZE)) != Z_OK || got != size))
    st = z3_error_set(err, Z3_E_INVALID, "%s: the compressed payload after offset %d is truncated or corrupt",
                      name, Z3_STATE_HEADER_SIZE);
  if (st == Z3_OK) st = restore(snes, raw.data, raw.len, name, err);
  z3_buf_release(&raw);
  return st;
}

z3_status z3_snes_state_load_file(z3_snes *snes, const char *path, unsigned flags, bool *other_rom,
                                  z3_error *err) {
  z3_buf data;
  z3_buf_init(&data);
  z3_status st = z3_file_read(&data, path, MAX_STATE_FILE, err);
  if (st == Z3_OK) st = z3_snes_state_load(snes, data.data, data.len, path, flags, other_rom, err);
  z3_buf_release(&data);
  return st;
}
