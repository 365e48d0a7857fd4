/*
 * Running one vector: load the state into the flat memory and the CPU, step,
 * compare, clean up only the bytes the test touched (the 16 MiB are reused
 * for every test), and count.
 */
#include <stdio.h>
#include <string.h>

#include "emu/conformance_internal.h"

enum {
  TOUCHED_MAX = 1 << 20,   /* beyond this many writes, clear all memory instead */
  BLOCK_MOVE_STEPS = 1 << 17, /* a full 64 KiB move plus room */
};

static void touch(z3_conf_runner *run, uint32_t addr) {
  if (run->touched_overflow) return;
  if (run->touched_len == run->touched_cap) {
    size_t cap = run->touched_cap ? run->touched_cap * 2 : 1024;
    uint32_t *grown = cap <= TOUCHED_MAX ? z3_realloc(run->touched, cap * sizeof *grown) : NULL;
    if (!grown) {
      run->touched_overflow = true;
      return;
    }
    run->touched = grown;
    run->touched_cap = cap;
  }
  run->touched[run->touched_len++] = addr;
}

static void clean_memory(z3_conf_runner *run) {
  if (run->touched_overflow) memset(run->mem, 0, run->arch->mem_size);
  else for (size_t i = 0; i < run->touched_len; i++) run->mem[run->touched[i]] = 0;
  run->touched_len = 0;
  run->touched_overflow = false;
}

static void trace(z3_conf_runner *run, char kind, uint32_t addr, uint8_t value) {
  if (run->trace_len < CONF_TRACE_MAX) run->trace[run->trace_len++] = (conf_cycle){kind, value, addr};
}

uint8_t z3_conf_bus_read(z3_conf_runner *run, uint32_t addr) {
  addr &= run->arch->mem_size - 1;
  trace(run, 'r', addr, run->mem[addr]);
  return run->mem[addr];
}
void z3_conf_bus_write(z3_conf_runner *run, uint32_t addr, uint8_t v) {
  addr &= run->arch->mem_size - 1;
  trace(run, 'w', addr, v);
  run->mem[addr] = v;
  touch(run, addr);
}
void z3_conf_bus_idle(z3_conf_runner *run) { trace(run, 'i', 0, 0); }

static z3_conf_runner *runner_new(const conf_arch *arch, size_t max_failures) {
  z3_conf_runner *run = z3_calloc(1, sizeof *run);
  if (!run) return NULL;
  run->arch = arch;
  run->mem = z3_calloc(1, arch->mem_size);
  run->max_failures = max_failures;
  if (max_failures) {
    run->rep.failures = z3_calloc(max_failures, sizeof *run->rep.failures);
    run->rep.cycle_mismatches = z3_calloc(max_failures, sizeof *run->rep.cycle_mismatches);
  }
  if (!run->mem || (max_failures && (!run->rep.failures || !run->rep.cycle_mismatches))) {
    z3_conf_free(run);
    return NULL;
  }
  return run;
}

z3_conf_runner *z3_conf_new(size_t max_failures) {
  return runner_new(&z3_conf_arch_65816, max_failures);
}
z3_conf_runner *z3_conf_new_spc700(size_t max_failures) {
  return runner_new(&z3_conf_arch_spc700, max_failures);
}

void z3_conf_free(z3_conf_runner *run) {
  if (!run) return;
  z3_free(run->mem);
  z3_free(run->touched);
  z3_free(run->rep.files);
  z3_free(run->rep.failures);
  z3_free(run->rep.cycle_mismatches);
  z3_free(run);
}

const z3_conf_report *z3_conf_report_of(const z3_conf_runner *run) { return &run->rep; }

void z3_conf_clear(z3_conf_runner *run) {
  z3_conf_report *rep = &run->rep;
  z3_free(rep->files);
  z3_conf_failure *failures = rep->failures, *cycles = rep->cycle_mismatches;
  memset(rep, 0, sizeof *rep);
  rep->failures = failures;
  rep->cycle_mismatches = cycles;
}

static void load_ram(z3_conf_runner *run, const json_t *ram) {
  for (size_t i = 0; i < json_array_size(ram); i++) {
    const json_t *pair = json_array_get(ram, i);
    uint32_t addr = (uint32_t)json_integer_value(json_array_get(pair, 0));
    run->mem[addr] = (uint8_t)json_integer_value(json_array_get(pair, 1));
    touch(run, addr);
  }
}

/* The initial registers, made legal the way the chip would hold them:
 * SingleStepTests' emulation-mode states often carry a stack high byte
 * other than $01, which emulation mode cannot have. */
static uint8_t cpu_read(void *ctx, uint32_t addr) { return z3_conf_bus_read(ctx, addr); }
static void cpu_write(void *ctx, uint32_t addr, uint8_t v) { z3_conf_bus_write(ctx, addr, v); }
static void cpu_idle(void *ctx) { z3_conf_bus_idle(ctx); }

static void cpu_begin(z3_conf_runner *run, const conf_state *s) {
  z3_cpu_init(&run->cpu, (z3_cpu_bus){run, cpu_read, cpu_write, cpu_idle});
  z3_cpu_regs *r = &run->cpu.r;
  r->pc = (uint16_t)s->reg[REG_PC], r->pbr = (uint8_t)s->reg[REG_PBR];
  r->a = (uint16_t)s->reg[REG_A], r->x = (uint16_t)s->reg[REG_X], r->y = (uint16_t)s->reg[REG_Y];
  r->s = (uint16_t)s->reg[REG_S], r->d = (uint16_t)s->reg[REG_D];
  r->dbr = (uint8_t)s->reg[REG_DBR], r->p = (uint8_t)s->reg[REG_P], r->e = s->reg[REG_E];
  if (r->e) {
    r->s = (uint16_t)(0x100 | (r->s & 0xFF));
    r->p |= Z3_CPU_M | Z3_CPU_X;
  }
  if (r->p & Z3_CPU_X) r->x &= 0xFF, r->y &= 0xFF;
}

static void cpu_read_regs(const z3_conf_runner *run, uint32_t reg[CONF_REG_MAX]) {
  const z3_cpu_regs *r = &run->cpu.r;
  reg[REG_PC] = r->pc, reg[REG_PBR] = r->pbr, reg[REG_A] = r->a, reg[REG_X] = r->x;
  reg[REG_Y] = r->y, reg[REG_S] = r->s, reg[REG_D] = r->d, reg[REG_DBR] = r->dbr;
  reg[REG_P] = r->p, reg[REG_E] = r->e;
}

static uint32_t pc24_of(const z3_cpu *cpu) { return (uint32_t)cpu->r.pbr << 16 | cpu->r.pc; }
static uint32_t cpu_pc(const z3_conf_runner *run) { return pc24_of(&run->cpu); }
static uint64_t cpu_cycles(const z3_conf_runner *run) { return run->cpu.cycles; }

static void cpu_execute(z3_conf_runner *run, const conf_test *t) {
  uint32_t start = pc24_of(&run->cpu);
  z3_cpu_step(&run->cpu, 1);
  for (int i = 0; t->block_move && pc24_of(&run->cpu) == start && i < BLOCK_MOVE_STEPS; i++) {
    z3_cpu_step(&run->cpu, 1);
  }
}

static const char *const cpu_reg_names[REG_COUNT] = {"pc", "pbr", "a", "x", "y",
                                                     "s",  "d",   "dbr", "p", "e"};
static const uint32_t cpu_reg_max[REG_COUNT] = {0xFFFF, 0xFF, 0xFFFF, 0xFFFF, 0xFFFF,
                                                0xFFFF, 0xFFFF, 0xFF, 0xFF, 1};

const conf_arch z3_conf_arch_65816 = {
    .reg_count = REG_COUNT, .reg_names = cpu_reg_names, .reg_max = cpu_reg_max, .p_reg = REG_P,
    .mem_size = 1u << 24, .readme = "../shared/testdata/65816/README.md",
    .begin = cpu_begin, .execute = cpu_execute, .read_regs = cpu_read_regs, .pc = cpu_pc,
    .cycles = cpu_cycles,
};

static void record(z3_conf_failure *list, size_t *count, size_t cap, const char *file,
                   const conf_test *t, const char *field, uint32_t expected, uint32_t actual,
                   int differing) {
  if (*count >= cap) return;
  z3_conf_failure *f = &list[(*count)++];
  snprintf(f->file, sizeof f->file, "%s", file);
  snprintf(f->test, sizeof f->test, "%s", t->name);
  snprintf(f->field, sizeof f->field, "%s", field);
  f->expected = expected, f->actual = actual, f->fields_differing = differing;
}

/* Compares registers then memory; fills the first difference. Returns how
 * many fields differ. */
static int compare(z3_conf_runner *run, const conf_test *t, char *field, size_t field_cap,
                   uint32_t *expected, uint32_t *actual) {
  const conf_arch *arch = run->arch;
  uint32_t now[CONF_REG_MAX];
  arch->read_regs(run, now);
  int differing = 0;
  for (int r = 0; r < arch->reg_count; r++) {
    if (!(t->final.present & 1u << r)) continue;
    uint32_t want = t->final.reg[r], got = now[r];
    if (r == arch->p_reg && t->has_p_mask) want &= t->p_mask, got &= t->p_mask;
    if (want == got) continue;
    if (differing++ == 0) {
      snprintf(field, field_cap, "%s", arch->reg_names[r]);
      *expected = want, *actual = got;
    }
  }
  const json_t *ram = t->final.ram;
  for (size_t i = 0; i < json_array_size(ram); i++) {
    const json_t *pair = json_array_get(ram, i);
    uint32_t addr = (uint32_t)json_integer_value(json_array_get(pair, 0));
    uint32_t want = (uint32_t)json_integer_value(json_array_get(pair, 1));
    if (run->mem[addr] == want) continue;
    if (differing++ == 0) {
      snprintf(field, field_cap, arch->mem_size > 0x10000 ? "ram[$%06X]" : "ram[$%04X]",
               (unsigned)addr);
      *expected = want, *actual = run->mem[addr];
    }
  }
  return differing;
}

/* The first listed cycle the trace disagrees with, or -1. A null byte is an
 * internal cycle (the test bench drives no data then); otherwise the kind
 * (pins[3] is 'r' or 'w'), address and byte must match. */
static int first_bus_difference(const z3_conf_runner *run, const json_t *cycles) {
  size_t n = json_array_size(cycles);
  for (size_t i = 0; i < n && i < CONF_TRACE_MAX; i++) {
    const json_t *c = json_array_get(cycles, i), *value = json_array_get(c, 1);
    const conf_cycle *got = i < run->trace_len ? &run->trace[i] : NULL;
    if (!got) return (int)i;
    if (json_is_null(value)) {
      if (got->kind != 'i') return (int)i;
      continue;
    }
    const char *pins = json_string_value(json_array_get(c, 2));
    char kind = strcmp(pins, "write") == 0 || pins[3] == 'w' ? 'w' : 'r';
    if (got->kind != kind || got->addr != (uint32_t)json_integer_value(json_array_get(c, 0)) ||
        got->value != (uint8_t)json_integer_value(value)) {
      return (int)i;
    }
  }
  return -1;
}

typedef struct outcome {
  bool passed, has_cycles, cycles_agree, bus_agree;
} outcome;

static void count(z3_conf_counts *c, outcome o) {
  c->tests++;
  c->passed += o.passed;
  c->cycle_tests += o.has_cycles;
  c->cycle_agree += o.has_cycles && o.cycles_agree;
  c->bus_agree += o.has_cycles && o.cycles_agree && o.bus_agree;
}

static void check_cycles(z3_conf_runner *run, const conf_test *t, const char *file, outcome *o) {
  z3_conf_report *rep = &run->rep;
  size_t listed = json_array_size(t->cycles);
  o->has_cycles = t->cycles != NULL;
  uint64_t spent = run->arch->cycles(run);
  o->cycles_agree = !o->has_cycles || spent == listed;
  o->bus_agree = o->cycles_agree;
  if (!o->cycles_agree) {
    record(rep->cycle_mismatches, &rep->cycle_mismatch_count, run->max_failures, file, t, "cycles",
           (uint32_t)listed, (uint32_t)spent, 1);
    return;
  }
  int at = o->has_cycles ? first_bus_difference(run, t->cycles) : -1;
  if (at < 0) return;
  o->bus_agree = false;
  char field[Z3_CONF_FIELD_MAX];
  snprintf(field, sizeof field, "cycle[%d]", at);
  const json_t *c = json_array_get(t->cycles, (size_t)at);
  record(rep->cycle_mismatches, &rep->cycle_mismatch_count, run->max_failures, file, t, field,
         (uint32_t)json_integer_value(json_array_get(c, 0)), run->trace[at].addr, 1);
}

void z3_conf_run_test(z3_conf_runner *run, const conf_test *t, size_t file_index) {
  z3_conf_report *rep = &run->rep;
  const char *file = rep->files[file_index].name;
  const conf_arch *arch = run->arch;
  arch->begin(run, &t->initial);
  load_ram(run, t->initial.ram);
  uint8_t opcode = run->mem[arch->pc(run)];
  run->trace_len = 0;
  arch->execute(run, t);

  char field[Z3_CONF_FIELD_MAX] = "";
  uint32_t expected = 0, actual = 0;
  int differing = compare(run, t, field, sizeof field, &expected, &actual);
  if (differing) {
    record(rep->failures, &rep->failure_count, run->max_failures, file, t, field, expected, actual,
           differing);
  }
  outcome o = {.passed = differing == 0};
  check_cycles(run, t, file, &o);
  count(&rep->total, o);
  count(&rep->by_opcode[opcode], o);
  count(&rep->files[file_index].counts, o);
  clean_memory(run);
}
