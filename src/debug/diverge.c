/* Two builds side by side (diverge.h). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "asm/disasm.h"
#include "debug/diverge.h"
#include "debug/report.h"
#include "emu/savestate.h"
#include "emu/snes.h"

enum { MAX_STEP_WRITES = 64, CONTEXT = 8, RUN_LIMIT_FRAMES = 2 };

typedef struct cpu_write {
  uint32_t address;
  uint8_t value;
} cpu_write;

typedef struct side {
  z3_snes *snes;
  uint64_t hash;                 /* every instruction and CPU write since the frame began */
  uint64_t hashed_at;            /* cpu->instructions + 1 of the last instruction hashed (0: none) */
  uint64_t stop_at;              /* break before the instruction when the count reaches it (0: never) */
  cpu_write writes[MAX_STEP_WRITES];
  size_t write_count;            /* CPU writes of the step running (more are counted, not kept) */
  z3_buf start;                  /* the raw state where the frame began */
} side;

typedef struct memory_area {
  const char *name;
  size_t offset;                 /* into z3_snes */
  size_t size;
  uint32_t base;                 /* how addresses are shown */
} memory_area;

static const memory_area areas[] = {
    {"wram", offsetof(z3_snes, wram), Z3_SNES_WRAM_SIZE, 0x7E0000},
    {"vram", offsetof(z3_snes, ppu.vram), Z3_SNES_VRAM_SIZE, 0},
    {"cgram", offsetof(z3_snes, ppu.cgram), Z3_SNES_CGRAM_SIZE, 0},
    {"oam", offsetof(z3_snes, ppu.oam), Z3_SNES_OAM_SIZE, 0},
    {"apu-ram", offsetof(z3_snes, apu.ram), Z3_APU_RAM_SIZE, 0},
};

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001B3ull; }

static uint32_t pc_of(const z3_cpu *cpu) { return (uint32_t)cpu->r.pbr << 16 | cpu->r.pc; }

/* Bytes of the instruction at PC under the CPU's sizes. */
static uint32_t length_at_pc(const z3_snes *snes) {
  const z3_cpu *cpu = &snes->cpu;
  bool m8 = cpu->r.e || (cpu->r.p & Z3_CPU_M), x8 = cpu->r.e || (cpu->r.p & Z3_CPU_X);
  return 1 + (uint32_t)z3_asm_operand_length(z3_opcodes[z3_snes_peek(snes, pc_of(cpu))].mode, m8, x8);
}

static bool side_hook(void *ctx, const z3_cpu *cpu) {
  side *s = ctx;
  if (s->stop_at && cpu->instructions >= s->stop_at) return true;
  if (s->hashed_at == cpu->instructions + 1) return false; /* seen (a resumed boundary) */
  s->hashed_at = cpu->instructions + 1;
  const z3_cpu_regs *r = &cpu->r;
  uint32_t pc = pc_of(cpu);
  uint64_t h = mix(s->hash, pc);
  h = mix(h, (uint64_t)r->a << 32 | (uint64_t)r->x << 16 | r->y);
  h = mix(h, (uint64_t)r->s << 32 | (uint64_t)r->d << 16 | (uint64_t)r->dbr << 8 | r->p);
  for (uint32_t i = 0, n = length_at_pc(s->snes); i < n; i++)
    h = mix(h, z3_snes_peek(s->snes, (pc & 0xFF0000) | ((pc + i) & 0xFFFF)));
  s->hash = mix(h, r->e);
  return false;
}

static void side_watch(void *ctx, uint32_t addr, uint8_t value, bool write) {
  side *s = ctx;
  if (!write) return;
  s->hash = mix(s->hash, (uint64_t)addr << 8 | value);
  if (s->write_count < MAX_STEP_WRITES) s->writes[s->write_count] = (cpu_write){addr, value};
  s->write_count++;
}

static z3_status side_open(side *s, const z3_rom *rom, const uint8_t *pages, z3_error *err) {
  memset(s, 0, sizeof *s);
  z3_buf_init(&s->start);
  z3_status st = z3_snes_create(&s->snes, rom, err);
  if (st) return st;
  s->snes->cpu.hook = side_hook;
  s->snes->cpu.hook_ctx = s;
  s->snes->watch_pages = pages;
  s->snes->watch = side_watch;
  s->snes->watch_ctx = s;
  return Z3_OK;
}

static void side_close(side *s) {
  z3_snes_free(s->snes);
  z3_buf_release(&s->start);
}

static z3_status side_mark(side *s, z3_error *err) {
  s->start.len = 0;
  s->hash = 0;
  s->hashed_at = 0;
  return z3_snes_state_capture(s->snes, &s->start, err);
}

static z3_status side_rewind(side *s, z3_error *err) {
  s->hash = 0;
  s->hashed_at = 0;
  return z3_snes_state_restore(s->snes, s->start.data, s->start.len, err);
}

/* Runs until `count` instructions have completed (stopping before the next). */
static void side_run_to(side *s, uint64_t count) {
  s->stop_at = count;
  s->write_count = 0;
  while (s->snes->cpu.instructions < count && !s->snes->cpu.stopped)
    if (z3_snes_run(s->snes, RUN_LIMIT_FRAMES, false, 0) == Z3_SNES_STOP_STP) break;
  s->stop_at = 0;
}

/* ---- what differs ------------------------------------------------------------ */

typedef struct report_ctx {
  const z3_diverge_opts *opts;
  json_t *out;
} report_ctx;

static json_t *side_json(const report_ctx *rc, const side *s) {
  const z3_cpu *cpu = &s->snes->cpu;
  uint32_t pc = pc_of(cpu), bad;
  json_t *o = json_object();
  json_object_set_new(o, "pc", debug_address_json(pc));
  const char *name = z3_symbols_name_at(rc->opts->syms, pc);
  json_object_set_new(o, "label", name ? json_string(name) : json_null());
  json_object_set_new(o, "registers", debug_registers_json(cpu));
  z3_insn in;
  bool m8 = cpu->r.e || (cpu->r.p & Z3_CPU_M), x8 = cpu->r.e || (cpu->r.p & Z3_CPU_X);
  if (z3_disasm_decode(debug_peek_byte, s->snes, pc, m8, x8, cpu->r.dbr, &in, &bad)) {
    char text[64], bytes[16];
    z3_disasm_instruction_text(&in, text, sizeof text);
    debug_bytes_text(&in, bytes);
    json_object_set_new(o, "instruction", json_pack("{s:s,s:s}", "bytes", bytes, "text", text));
  }
  return o;
}

/* Names the registers that differ ("A, X"), or "" when none. */
static void register_diff(const z3_cpu_regs *a, const z3_cpu_regs *b, char *out, size_t cap) {
  struct { const char *name; bool differs; } regs[] = {
      {"PC", a->pc != b->pc || a->pbr != b->pbr}, {"A", a->a != b->a}, {"X", a->x != b->x},
      {"Y", a->y != b->y}, {"S", a->s != b->s}, {"D", a->d != b->d}, {"DBR", a->dbr != b->dbr},
      {"P", a->p != b->p || a->e != b->e}};
  out[0] = '\0';
  for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
    if (regs[i].differs) snprintf(out + strlen(out), cap - strlen(out), "%s%s", out[0] ? ", " : "", regs[i].name);
}

static bool same_bytes_at_pc(const side *a, const side *b) {
  uint32_t pc = pc_of(&a->snes->cpu);
  for (uint32_t i = 0, n = length_at_pc(a->snes); i < n; i++) {
    uint32_t at = (pc & 0xFF0000) | ((pc + i) & 0xFFFF);
    if (z3_snes_peek(a->snes, at) != z3_snes_peek(b->snes, at)) return false;
  }
  return true;
}

/* The first difference in the memories; false when all are equal. */
static bool memory_diff(const side *a, const side *b, json_t **out) {
  json_t *list = json_array();
  for (size_t k = 0; k < sizeof areas / sizeof areas[0]; k++) {
    const uint8_t *x = (const uint8_t *)a->snes + areas[k].offset, *y = (const uint8_t *)b->snes + areas[k].offset;
    size_t first = SIZE_MAX, count = 0;
    for (size_t i = 0; i < areas[k].size; i++)
      if (x[i] != y[i]) count++, first = first == SIZE_MAX ? i : first;
    if (!count) continue;
    char where[16];
    uint32_t at = areas[k].base + (uint32_t)first;
    if (areas[k].base) snprintf(where, sizeof where, "$%02X:%04X", at >> 16, at & 0xFFFF);
    else snprintf(where, sizeof where, "$%04X", at);
    json_array_append_new(list, json_pack("{s:s,s:s,s:i,s:i,s:I}", "region", areas[k].name, "address", where, "a",
                                          x[first], "b", y[first], "bytes", (json_int_t)count));
  }
  if (!json_array_size(list)) {
    json_decref(list);
    return false;
  }
  *out = list;
  return true;
}

static json_t *first_json(const report_ctx *rc, const side *a, const side *b, const char *kind, const char *what,
                          uint64_t index) {
  json_t *o = json_object();
  json_object_set_new(o, "kind", json_string(kind));
  json_object_set_new(o, "what", json_string(what));
  json_object_set_new(o, "frame", json_integer((json_int_t)a->snes->frame));
  json_object_set_new(o, "scanline", json_integer(a->snes->line));
  json_object_set_new(o, "instruction", json_integer((json_int_t)index));
  json_object_set_new(o, "a", side_json(rc, a));
  json_object_set_new(o, "b", side_json(rc, b));
  return o;
}

/* ---- side by side ------------------------------------------------------------ */

typedef struct run {
  report_ctx rc;
  side a, b;
  uint64_t base;                 /* the instruction count both started at */
  uint32_t context[CONTEXT];     /* the last PCs both ran alike */
  size_t context_count;
  json_t *first;
} run;

static z3_status rewind_both(run *r, z3_error *err) {
  z3_status st = side_rewind(&r->a, err);
  return st ? st : side_rewind(&r->b, err);
}

static void run_both_to(run *r, uint64_t count) {
  side_run_to(&r->a, count);
  side_run_to(&r->b, count);
}

static bool writes_differ(const side *a, const side *b, char *what, size_t cap) {
  size_t n = a->write_count < b->write_count ? a->write_count : b->write_count;
  if (n > MAX_STEP_WRITES) n = MAX_STEP_WRITES;
  for (size_t i = 0; i < n; i++) {
    const cpu_write *x = &a->writes[i], *y = &b->writes[i];
    if (x->address == y->address && x->value == y->value) continue;
    snprintf(what, cap, "the instruction writes $%02X to $%02X:%04X in A and $%02X to $%02X:%04X in B", x->value,
             x->address >> 16, x->address & 0xFFFF, y->value, y->address >> 16, y->address & 0xFFFF);
    return true;
  }
  if (a->write_count == b->write_count) return false;
  snprintf(what, cap, "the instruction makes %zu CPU write(s) in A and %zu in B", a->write_count, b->write_count);
  return true;
}

/* Steps both through the frame they began, comparing each instruction before
 * it runs and the writes it made; sets r->first at the first difference. */
static z3_status lockstep(run *r, z3_error *err) {
  z3_status st = rewind_both(r, err);
  uint64_t frame = r->a.snes->frame;
  char what[200], regs[64];
  while (!st && !r->first) {
    const z3_cpu *ca = &r->a.snes->cpu, *cb = &r->b.snes->cpu;
    uint64_t count = ca->instructions;
    register_diff(&ca->r, &cb->r, regs, sizeof regs);
    if (regs[0]) snprintf(what, sizeof what, "registers differ before this instruction: %s", regs);
    else if (!same_bytes_at_pc(&r->a, &r->b)) snprintf(what, sizeof what, "the instruction's bytes differ");
    if (regs[0] || !same_bytes_at_pc(&r->a, &r->b)) {
      r->first = first_json(&r->rc, &r->a, &r->b, "trace", what, count - r->base);
      break;
    }
    if (r->a.snes->frame != frame || ca->stopped || cb->stopped) break;
    r->context[r->context_count++ % CONTEXT] = pc_of(ca);
    run_both_to(r, count + 1);
    if (!writes_differ(&r->a, &r->b, what, sizeof what)) continue;
    st = rewind_both(r, err); /* back to before the instruction that wrote */
    if (st) break;
    run_both_to(r, count);
    r->context_count--;
    r->first = first_json(&r->rc, &r->a, &r->b, "write", what, count - r->base);
  }
  return st;
}

/* The memories part with no instruction to blame: the instruction after
 * which they first differ (a DMA it started, the APU), by bisection. */
static z3_status bisect_memory(run *r, uint64_t from, uint64_t to, z3_error *err) {
  z3_status st = Z3_OK;
  json_t *diff = NULL;
  while (!st && to - from > 1) {
    uint64_t mid = from + (to - from) / 2;
    st = rewind_both(r, err);
    run_both_to(r, mid);
    json_t *d;
    if (memory_diff(&r->a, &r->b, &d)) to = mid, json_decref(d);
    else from = mid;
  }
  if (!st) st = rewind_both(r, err);
  if (st) return st;
  run_both_to(r, to);
  if (!memory_diff(&r->a, &r->b, &diff)) diff = json_array();
  st = rewind_both(r, err);
  if (st) {
    json_decref(diff);
    return st;
  }
  run_both_to(r, from);
  json_t *d0 = json_array_get(diff, 0);
  char what[200] = "the memories differ after this instruction";
  if (d0)
    snprintf(what, sizeof what, "%s %s differs after this instruction ($%02llX in A, $%02llX in B; %lld byte(s) in all) "
                                "though no CPU write differs: a DMA or the APU",
             json_string_value(json_object_get(d0, "region")), json_string_value(json_object_get(d0, "address")),
             (unsigned long long)json_integer_value(json_object_get(d0, "a")),
             (unsigned long long)json_integer_value(json_object_get(d0, "b")),
             (long long)json_integer_value(json_object_get(d0, "bytes")));
  r->first = first_json(&r->rc, &r->a, &r->b, "memory", what, from - r->base);
  json_object_set_new(r->first, "differences", diff);
  return Z3_OK;
}

static bool frames_alike(const run *r) {
  const z3_snes *a = r->a.snes, *b = r->b.snes;
  json_t *d;
  if (r->a.hash != r->b.hash || a->cpu.instructions != b->cpu.instructions ||
      memcmp(&a->cpu.r, &b->cpu.r, sizeof a->cpu.r))
    return false;
  if (!memory_diff(&r->a, &r->b, &d)) return true;
  json_decref(d);
  return false;
}

static void set_pads(run *r) {
  if (!r->rc.opts->input) return;
  uint16_t held[Z3_INPUT_PORTS];
  z3_input_script_at(r->rc.opts->input, r->a.snes->frame, held);
  for (int port = 0; port < Z3_INPUT_PORTS; port++) {
    z3_snes_set_pad(r->a.snes, port, held[port]);
    z3_snes_set_pad(r->b.snes, port, held[port]);
  }
}

/* Both consoles in the savestate's state (it may belong to either build). */
static z3_status load_state(run *r, const char *path, z3_error *err) {
  z3_buf raw;
  z3_buf_init(&raw);
  side *from = &r->a, *to = &r->b;
  z3_status st = z3_snes_state_load_file(r->a.snes, path, 0, NULL, err);
  if (st) {
    z3_error other;
    z3_error_init(&other);
    if (z3_snes_state_load_file(r->b.snes, path, 0, NULL, &other)) return st;
    z3_error_init(err);
    from = &r->b, to = &r->a;
  }
  st = z3_snes_state_capture(from->snes, &raw, err);
  if (!st) st = z3_snes_state_restore(to->snes, raw.data, raw.len, err);
  if (st) z3_error_hint(err, "the two builds' consoles must be alike (SRAM sizes) to share a state");
  z3_buf_release(&raw);
  return st;
}

static z3_status compare(run *r, uint64_t frames, uint64_t *alike, z3_error *err) {
  z3_status st = Z3_OK;
  for (*alike = 0; !st && *alike < frames; ++*alike) {
    set_pads(r);
    st = side_mark(&r->a, err);
    if (!st) st = side_mark(&r->b, err);
    if (st) break;
    uint64_t from = r->a.snes->cpu.instructions;
    z3_snes_run(r->a.snes, 1, false, 0);
    z3_snes_run(r->b.snes, 1, false, 0);
    if (frames_alike(r)) {
      if (r->a.snes->cpu.stopped && r->b.snes->cpu.stopped) break; /* both halted alike: nothing more to see */
      continue;
    }
    uint64_t to = r->a.snes->cpu.instructions;
    st = lockstep(r, err);
    if (!st && !r->first) st = bisect_memory(r, from, to, err);
    break;
  }
  return st;
}

z3_status z3_debug_diverge(const z3_rom *a, const z3_rom *b, const z3_diverge_opts *opts, json_t *out,
                           z3_error *err) {
  uint8_t pages[Z3_SNES_PAGES];
  memset(pages, 1, sizeof pages);
  run r = {.rc = {.opts = opts, .out = out}};
  z3_status st = side_open(&r.a, a, pages, err);
  if (!st) st = side_open(&r.b, b, pages, err);
  if (!st && opts->state_path) st = load_state(&r, opts->state_path, err);
  uint64_t alike = 0;
  r.base = r.a.snes ? r.a.snes->cpu.instructions : 0;
  if (!st) st = compare(&r, opts->frames, &alike, err);
  if (!st) {
    json_object_set_new(out, "diverged", json_boolean(r.first != NULL));
    json_object_set_new(out, "frames_compared", json_integer((json_int_t)alike));
    json_object_set_new(out, "instructions_compared", json_integer((json_int_t)(r.a.snes->cpu.instructions - r.base)));
    json_t *context = json_array();
    size_t n = r.context_count < CONTEXT ? r.context_count : CONTEXT;
    for (size_t i = r.context_count - n; i < r.context_count; i++) {
      uint32_t pc = r.context[i % CONTEXT];
      const char *name = z3_symbols_name_at(opts->syms, pc);
      json_array_append_new(context, json_pack("{s:o,s:o}", "pc", debug_address_json(pc), "label",
                                               name ? json_string(name) : json_null()));
    }
    json_object_set_new(out, "context", r.first ? context : (json_decref(context), json_array()));
    if (r.first) json_object_set_new(out, "first", r.first);
  } else {
    json_decref(r.first);
  }
  side_close(&r.a);
  side_close(&r.b);
  return st;
}
