/* `debug analyze` (one routine) and `debug references` (who touches an
 * address): a static walk of the code plus what the trace ring saw run. */
#include <string.h>

#include "debug/analyze.h"
#include "debug/debug_internal.h"
#include "debug/report.h"
#include "debug/walk.h"

enum { R_A = 1, R_X = 2, R_Y = 4, R_S = 8, R_D = 16, R_B = 32, ROUTINE_MAX = 20000, PROGRAM_MAX = 400000 };

typedef struct reg_use {
  const char *mnemonic;
  uint8_t reads, writes;
} reg_use;

static const reg_use uses[] = {
    {"LDA", 0, R_A}, {"LDX", 0, R_X}, {"LDY", 0, R_Y}, {"STA", R_A, 0}, {"STX", R_X, 0}, {"STY", R_Y, 0},
    {"TAX", R_A, R_X}, {"TAY", R_A, R_Y}, {"TXA", R_X, R_A}, {"TYA", R_Y, R_A}, {"TXY", R_X, R_Y},
    {"TYX", R_Y, R_X}, {"TSX", R_S, R_X}, {"TXS", R_X, R_S}, {"TCD", R_A, R_D}, {"TDC", R_D, R_A},
    {"TCS", R_A, R_S}, {"TSC", R_S, R_A}, {"INX", R_X, R_X}, {"DEX", R_X, R_X}, {"INY", R_Y, R_Y},
    {"DEY", R_Y, R_Y}, {"ADC", R_A, R_A}, {"SBC", R_A, R_A}, {"AND", R_A, R_A}, {"ORA", R_A, R_A},
    {"EOR", R_A, R_A}, {"CMP", R_A, 0}, {"CPX", R_X, 0}, {"CPY", R_Y, 0}, {"BIT", R_A, 0},
    {"PHA", R_A | R_S, R_S}, {"PLA", R_S, R_A | R_S}, {"PHX", R_X | R_S, R_S}, {"PLX", R_S, R_X | R_S},
    {"PHY", R_Y | R_S, R_S}, {"PLY", R_S, R_Y | R_S}, {"PHB", R_B | R_S, R_S}, {"PLB", R_S, R_B | R_S},
    {"PHD", R_D | R_S, R_S}, {"PLD", R_S, R_D | R_S}, {"PHP", R_S, R_S}, {"PLP", R_S, R_S},
    {"PHK", R_S, R_S}, {"PEA", R_S, R_S}, {"PEI", R_S | R_D, R_S}, {"PER", R_S, R_S}, {"XBA", R_A, R_A},
    {"MVN", R_A | R_X | R_Y, R_A | R_X | R_Y | R_B}, {"MVP", R_A | R_X | R_Y, R_A | R_X | R_Y | R_B},
    {"JSR", R_S, R_S}, {"JSL", R_S, R_S}, {"RTS", R_S, R_S}, {"RTL", R_S, R_S}, {"RTI", R_S, R_S},
};

/* Registers an instruction reads and writes, its addressing included. */
static void registers_of(const z3_insn *in, uint8_t *reads, uint8_t *writes) {
  *reads = *writes = 0;
  for (size_t i = 0; i < sizeof uses / sizeof uses[0]; i++)
    if (!strcmp(uses[i].mnemonic, in->info->mnemonic)) *reads = uses[i].reads, *writes = uses[i].writes;
  z3_asm_mode mode = in->info->mode;
  if (mode == Z3_AM_ACCUMULATOR) *reads |= R_A, *writes |= R_A;
  if (mode == Z3_AM_DIRECT_X || mode == Z3_AM_ABSOLUTE_X || mode == Z3_AM_LONG_X || mode == Z3_AM_DIRECT_X_IND ||
      mode == Z3_AM_ABSOLUTE_X_IND)
    *reads |= R_X;
  if (mode == Z3_AM_DIRECT_Y || mode == Z3_AM_ABSOLUTE_Y || mode == Z3_AM_DIRECT_IND_Y ||
      mode == Z3_AM_DIRECT_INDL_Y || mode == Z3_AM_STACK_IND_Y)
    *reads |= R_Y;
  if (mode >= Z3_AM_DIRECT && mode <= Z3_AM_DIRECT_INDL_Y) *reads |= R_D;
  if ((mode >= Z3_AM_ABSOLUTE && mode <= Z3_AM_ABSOLUTE_Y) || mode == Z3_AM_DIRECT_IND ||
      mode == Z3_AM_DIRECT_X_IND || mode == Z3_AM_DIRECT_IND_Y || mode == Z3_AM_STACK_IND_Y)
    if (in->info->flow == Z3_FLOW_NEXT) *reads |= R_B;
  if (mode == Z3_AM_STACK || mode == Z3_AM_STACK_IND_Y) *reads |= R_S;
}

static json_t *register_names(uint8_t set) {
  static const char *const names[] = {"A", "X", "Y", "S", "D", "DBR"};
  json_t *a = json_array();
  for (int i = 0; i < 6; i++)
    if (set & 1 << i) json_array_append_new(a, json_string(names[i]));
  return a;
}

static json_t *label_or_null(z3_debug *dbg, uint32_t address) {
  const char *name = z3_symbols_name_at(&dbg->symbols, address);
  return name ? json_string(name) : json_null();
}

static json_t *place_json(z3_debug *dbg, const char *key, uint32_t address) {
  json_t *o = json_object();
  json_object_set_new(o, key, debug_address_json(address));
  json_object_set_new(o, "label", label_or_null(dbg, address));
  return o;
}

static json_t *text_json(const z3_insn *in) {
  char text[64];
  z3_disasm_instruction_text(in, text, sizeof text);
  return json_string(text);
}

/* The static data address of a walked instruction, the registers' D and
 * DBR standing for the unknown ones; false without one. */
static bool static_address(z3_debug *dbg, const z3_insn *in, uint32_t *address, bool *indexed, bool *pointer) {
  z3_cpu_regs r = dbg->snes->cpu.r;
  r.x = r.y = 0;
  z3_asm_mode mode = in->info->mode;
  *pointer = mode == Z3_AM_DIRECT_IND || mode == Z3_AM_DIRECT_X_IND || mode == Z3_AM_DIRECT_IND_Y ||
             mode == Z3_AM_DIRECT_INDL || mode == Z3_AM_DIRECT_INDL_Y || mode == Z3_AM_STACK_IND_Y;
  *indexed = mode == Z3_AM_DIRECT_X || mode == Z3_AM_DIRECT_Y || mode == Z3_AM_ABSOLUTE_X ||
             mode == Z3_AM_ABSOLUTE_Y || mode == Z3_AM_LONG_X;
  uint32_t base, ea;
  if (*pointer) { /* the pointer's own place is what the code names */
    if (mode == Z3_AM_STACK_IND_Y) return false;
    *address = debug_canonical_address((uint16_t)(r.d + in->operand));
    return true;
  }
  if (!debug_data_address(dbg->snes, &r, in, &base, &ea)) return false;
  *address = debug_canonical_address(base);
  return true;
}

/* ---- analyze ---------------------------------------------------------------- */

static bool has_pc(json_t *pcs, const char *key) {
  size_t i;
  json_t *v;
  json_array_foreach(pcs, i, v) if (!strcmp(json_string_value(v), key)) return true;
  return false;
}

/* One entry per address and access, with the instructions (each once); an
 * observed entry also counts the accesses. */
static void note_memory(z3_debug *dbg, json_t *list, uint32_t address, debug_access access, bool indexed,
                        bool pointer, uint32_t pc, bool counted) {
  char key[10], pc_key[10];
  z3_snes_format_address(address, key);
  z3_snes_format_address(pc, pc_key);
  size_t i;
  json_t *o;
  json_array_foreach(list, i, o) {
    if (strcmp(json_string_value(json_object_get(o, "address")), key) ||
        strcmp(json_string_value(json_object_get(o, "access")), debug_access_name(access)))
      continue;
    json_t *pcs = json_object_get(o, "pcs");
    if (!has_pc(pcs, pc_key)) json_array_append_new(pcs, json_string(pc_key));
    if (counted) json_object_set_new(o, "count", json_integer(json_integer_value(json_object_get(o, "count")) + 1));
    return;
  }
  o = place_json(dbg, "address", address);
  json_object_set_new(o, "access", json_string(debug_access_name(access)));
  if (!counted) {
    json_object_set_new(o, "indexed", json_boolean(indexed));
    json_object_set_new(o, "through_pointer", json_boolean(pointer));
  } else {
    json_object_set_new(o, "count", json_integer(1));
  }
  json_object_set_new(o, "pcs", json_pack("[s]", pc_key));
  json_array_append_new(list, o);
}

static const char *exit_kind(const z3_insn *in) {
  switch (in->opcode) {
    case 0x60: return "rts";
    case 0x6B: return "rtl";
    case 0x40: return "rti";
    case 0xDB: return "stp";
    default: return in->target_kind == Z3_TARGET_POINTER ? "jump-indirect" : "other";
  }
}

static void analyze_static(z3_debug *dbg, const debug_walk *w, json_t *out) {
  uint8_t reads = 0, writes = 0;
  json_t *memory = json_array(), *calls = json_array(), *exits = json_array();
  int max_depth = 0;
  bool balanced = true;
  for (size_t i = 0; i < w->count; i++) {
    const debug_walked *d = &w->insns[i];
    const z3_insn *in = &d->in;
    uint8_t r, wr;
    registers_of(in, &r, &wr);
    reads |= r, writes |= wr;
    if (d->depth_known && d->depth > max_depth) max_depth = d->depth;
    debug_access access = debug_access_of(in);
    uint32_t address;
    bool indexed, pointer;
    if (access != DEBUG_ACCESS_NONE && static_address(dbg, in, &address, &indexed, &pointer))
      note_memory(dbg, memory, address, access, indexed, pointer, in->address, false);
    z3_asm_flow flow = in->info->flow;
    if (flow == Z3_FLOW_CALL) {
      json_t *c = place_json(dbg, "site", in->address);
      json_object_set_new(c, "instruction", text_json(in));
      if (in->target_kind == Z3_TARGET_CODE) {
        json_object_set_new(c, "target", debug_address_json(in->target));
        json_object_set_new(c, "target_label", label_or_null(dbg, in->target));
      }
      json_array_append_new(calls, c);
    }
    bool leaves = flow == Z3_FLOW_RETURN || flow == Z3_FLOW_HALT || flow == Z3_FLOW_INTERRUPT ||
                  (flow == Z3_FLOW_JUMP && in->target_kind != Z3_TARGET_CODE);
    if (!leaves) continue;
    json_t *e = place_json(dbg, "pc", in->address);
    json_object_set_new(e, "kind", json_string(exit_kind(in)));
    json_object_set_new(e, "stack", d->depth_known ? json_integer(d->depth) : json_null());
    if (flow == Z3_FLOW_RETURN && (!d->depth_known || d->depth != 0)) balanced = false;
    json_array_append_new(exits, e);
  }
  json_object_set_new(out, "registers", json_pack("{s:o,s:o}", "reads", register_names(reads), "writes",
                                                  register_names(writes)));
  json_object_set_new(out, "memory", memory);
  json_object_set_new(out, "calls", calls);
  json_object_set_new(out, "exits", exits);
  json_object_set_new(out, "stack", json_pack("{s:b,s:i}", "balanced", balanced, "max_depth", max_depth));
}

/* What the trace ring saw inside the routine. */
static void analyze_observed(z3_debug *dbg, const debug_walk *w, json_t *out) {
  size_t runs = 0, distinct = 0;
  json_t *memory = json_array(), *seen = json_object();
  for (size_t i = 0; i < z3_debug_trace_count(dbg); i++) {
    const z3_trace_entry *t = z3_debug_trace_at(dbg, i);
    uint32_t pc = (uint32_t)t->regs.pbr << 16 | t->regs.pc;
    const debug_walked *d = debug_walk_find(w, pc);
    if (!d) continue;
    runs++;
    char key[10];
    z3_snes_format_address(pc, key);
    if (!json_object_get(seen, key)) distinct++, json_object_set_new(seen, key, json_true());
    debug_access access = debug_access_of(&d->in);
    uint32_t base, ea;
    if (access != DEBUG_ACCESS_NONE && debug_data_address(dbg->snes, &t->regs, &d->in, &base, &ea))
      note_memory(dbg, memory, debug_canonical_address(ea), access, false, false, pc, true);
  }
  json_decref(seen);
  json_t *o = json_object();
  json_object_set_new(o, "executions", json_integer((json_int_t)runs));
  json_object_set_new(o, "instructions_seen", json_integer((json_int_t)distinct));
  json_object_set_new(o, "memory", memory);
  json_object_set_new(out, "observed", o);
}

/* The sizes the routine runs with: from the newest trace entry there, else
 * the registers now. */
static void entry_sizes(z3_debug *dbg, uint32_t entry, bool *m8, bool *x8, const char **from) {
  const z3_cpu_regs *r = &dbg->snes->cpu.r;
  *from = "registers";
  for (size_t i = 0; i < z3_debug_trace_count(dbg); i++) {
    const z3_trace_entry *t = z3_debug_trace_at(dbg, i);
    if (((uint32_t)t->regs.pbr << 16 | t->regs.pc) == entry) {
      r = &t->regs;
      *from = "trace";
      break;
    }
  }
  *m8 = r->e || (r->p & Z3_CPU_M);
  *x8 = r->e || (r->p & Z3_CPU_X);
}

z3_status debug_analyze_routine(z3_debug *dbg, uint32_t entry, const char *sizes, json_t *out, z3_error *err) {
  bool m8, x8;
  const char *from;
  entry_sizes(dbg, entry, &m8, &x8, &from);
  if (sizes) {
    if (strlen(sizes) != 2 || !strchr("8h", sizes[0]) || !strchr("8h", sizes[1]))
      return z3_error_set(err, Z3_E_USAGE, "sizes '%s': expected two characters, M then X, each 8 or h (16-bit): 8h, hh, 88", sizes);
    m8 = sizes[0] == '8', x8 = sizes[1] == '8', from = "parameters";
  }
  debug_walk w;
  debug_walk_entry e = {.address = entry, .m8 = m8, .x8 = x8};
  debug_walk_opts opts = {.follow_calls = false, .max_insns = ROUTINE_MAX, .dbr = dbg->snes->cpu.r.dbr};
  z3_status st = debug_walk_run(&w, dbg->snes, &e, 1, &opts, err);
  if (st) return st;
  json_object_set_new(out, "entry", debug_address_json(entry));
  json_object_set_new(out, "label", label_or_null(dbg, entry));
  json_object_set_new(out, "sizes", json_pack("{s:s,s:s,s:s}", "m", m8 ? "8" : "16", "x", x8 ? "8" : "16", "from", from));
  json_object_set_new(out, "instructions", json_integer((json_int_t)w.count));
  json_object_set_new(out, "truncated", json_boolean(w.truncated));
  json_object_set_new(out, "size_conflicts", json_integer((json_int_t)w.size_conflicts));
  analyze_static(dbg, &w, out);
  analyze_observed(dbg, &w, out);
  debug_walk_release(&w);
  return Z3_OK;
}

/* ---- references ------------------------------------------------------------ */

static const char *flow_kind(z3_asm_flow flow) {
  return flow == Z3_FLOW_CALL ? "call" : flow == Z3_FLOW_BRANCH ? "branch" : "jump";
}

/* Where the walk starts: every instruction the trace saw (with its real
 * sizes) and the interrupt and reset vectors. */
static size_t program_entries(z3_debug *dbg, debug_walk_entry *out, size_t cap) {
  size_t n = 0;
  for (size_t i = 0; i < z3_debug_trace_count(dbg) && n < cap; i++) {
    const z3_trace_entry *t = z3_debug_trace_at(dbg, i);
    bool e = t->regs.e;
    out[n++] = (debug_walk_entry){.address = (uint32_t)t->regs.pbr << 16 | t->regs.pc,
                                  .m8 = e || (t->regs.p & Z3_CPU_M), .x8 = e || (t->regs.p & Z3_CPU_X)};
  }
  static const uint16_t vectors[] = {0xFFFC, 0xFFEA, 0xFFEE, 0xFFE4, 0xFFE6, 0xFFFA, 0xFFFE};
  for (size_t i = 0; i < sizeof vectors / sizeof vectors[0] && n < cap; i++) {
    uint16_t v = (uint16_t)(z3_snes_peek(dbg->snes, vectors[i]) | z3_snes_peek(dbg->snes, vectors[i] + 1u) << 8);
    if (v >= 0x8000) out[n++] = (debug_walk_entry){.address = v, .m8 = true, .x8 = true};
  }
  return n;
}

static void add_reference(z3_debug *dbg, json_t *list, uint32_t pc, const char *kind, const z3_insn *in,
                          uint64_t frame, bool counted) {
  char key[10];
  z3_snes_format_address(pc, key);
  size_t i;
  json_t *o;
  json_array_foreach(list, i, o) {
    if (!strcmp(json_string_value(json_object_get(o, "pc")), key) &&
        !strcmp(json_string_value(json_object_get(o, "kind")), kind)) {
      json_object_set_new(o, "count", json_integer(json_integer_value(json_object_get(o, "count")) + 1));
      return;
    }
  }
  o = place_json(dbg, "pc", pc);
  json_object_set_new(o, "kind", json_string(kind));
  json_object_set_new(o, "instruction", text_json(in));
  if (counted) {
    json_object_set_new(o, "count", json_integer(1));
    json_object_set_new(o, "last_frame", json_integer((json_int_t)frame));
  }
  json_array_append_new(list, o);
}

static void static_references(z3_debug *dbg, const debug_walk *w, uint32_t target, json_t *list) {
  for (size_t i = 0; i < w->count; i++) {
    const z3_insn *in = &w->insns[i].in;
    z3_asm_flow flow = in->info->flow;
    if (in->target_kind == Z3_TARGET_CODE && in->target == target && flow != Z3_FLOW_NEXT)
      add_reference(dbg, list, in->address, flow_kind(flow), in, 0, false);
    else if (in->target_kind == Z3_TARGET_POINTER && debug_canonical_address(in->target) == target)
      add_reference(dbg, list, in->address, "jump-pointer", in, 0, false);
    debug_access access = debug_access_of(in);
    uint32_t address;
    bool indexed, pointer;
    if (access == DEBUG_ACCESS_NONE || !static_address(dbg, in, &address, &indexed, &pointer) || address != target)
      continue;
    add_reference(dbg, list, in->address, pointer ? "pointer" : debug_access_name(access), in, 0, false);
  }
}

static void observed_references(z3_debug *dbg, uint32_t target, json_t *list) {
  for (size_t i = 0; i < z3_debug_trace_count(dbg); i++) { /* newest first */
    const z3_trace_entry *t = z3_debug_trace_at(dbg, i);
    bool e = t->regs.e, m8 = e || (t->regs.p & Z3_CPU_M), x8 = e || (t->regs.p & Z3_CPU_X);
    uint32_t pc = (uint32_t)t->regs.pbr << 16 | t->regs.pc, bad, base, ea;
    z3_insn in;
    if (!z3_disasm_decode(debug_peek_byte, dbg->snes, pc, m8, x8, t->regs.dbr, &in, &bad)) continue;
    z3_asm_flow flow = in.info->flow;
    const z3_trace_entry *after = i ? z3_debug_trace_at(dbg, i - 1) : NULL;
    if (after && (flow == Z3_FLOW_CALL || flow == Z3_FLOW_JUMP || flow == Z3_FLOW_BRANCH) &&
        ((uint32_t)after->regs.pbr << 16 | after->regs.pc) == target)
      add_reference(dbg, list, pc, flow_kind(flow), &in, t->frame, true);
    debug_access access = debug_access_of(&in);
    if (access == DEBUG_ACCESS_NONE || !debug_data_address(dbg->snes, &t->regs, &in, &base, &ea)) continue;
    bool wide = !strchr("XY", in.info->mnemonic[2]) ? !m8 : !x8;
    uint32_t first = debug_canonical_address(ea), second = debug_canonical_address((ea + 1) & 0xFFFFFF);
    if (first == target || (wide && second == target))
      add_reference(dbg, list, pc, debug_access_name(access), &in, t->frame, true);
  }
}

z3_status debug_references(z3_debug *dbg, uint32_t target, json_t *out, z3_error *err) {
  target = debug_canonical_address(target);
  size_t cap = z3_debug_trace_count(dbg) + 8;
  debug_walk_entry *entries = z3_malloc(cap * sizeof *entries);
  if (!entries) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  size_t n = program_entries(dbg, entries, cap);
  debug_walk w;
  debug_walk_opts opts = {.follow_calls = true, .max_insns = PROGRAM_MAX, .dbr = dbg->snes->cpu.r.dbr};
  z3_status st = debug_walk_run(&w, dbg->snes, entries, n, &opts, err);
  z3_free(entries);
  if (st) return st;
  json_t *found = json_array(), *seen = json_array();
  static_references(dbg, &w, target, found);
  observed_references(dbg, target, seen);
  json_object_set_new(out, "address", debug_address_json(target));
  json_object_set_new(out, "label", label_or_null(dbg, target));
  json_object_set_new(out, "static", found);
  json_object_set_new(out, "observed", seen);
  json_object_set_new(out, "walked", json_pack("{s:I,s:I,s:b}", "entries", (json_int_t)n, "instructions",
                                               (json_int_t)w.count, "truncated", w.truncated));
  debug_walk_release(&w);
  return Z3_OK;
}
