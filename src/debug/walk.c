/* Static walks following control flow (walk.h). */
#include <string.h>

#include "debug/report.h"
#include "debug/walk.h"

typedef struct pending {
  uint32_t address;
  z3_disasm_state state;
  int depth;
  bool depth_known;
} pending;

typedef struct worklist {
  pending *items;
  size_t count, cap;
} worklist;

static bool push(worklist *l, pending p) {
  if (l->count == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 256;
    pending *n = z3_realloc(l->items, cap * sizeof *n);
    if (!n) return false;
    l->items = n;
    l->cap = cap;
  }
  l->items[l->count++] = p;
  return true;
}

static size_t slot_of(const debug_walk *w, uint32_t address) {
  size_t mask = w->slot_cap - 1, i = (address * 2654435761u) & mask;
  while (w->slots[i] && w->insns[w->slots[i] - 1].in.address != address) i = (i + 1) & mask;
  return i;
}

const debug_walked *debug_walk_find(const debug_walk *w, uint32_t address) {
  if (!w->slot_cap) return NULL;
  size_t i = slot_of(w, address);
  return w->slots[i] ? &w->insns[w->slots[i] - 1] : NULL;
}

static bool grow(debug_walk *w) {
  size_t cap = w->slot_cap ? w->slot_cap * 2 : 4096;
  uint32_t *slots = z3_calloc(cap, sizeof *slots);
  if (!slots) return false;
  z3_free(w->slots);
  w->slots = slots;
  w->slot_cap = cap;
  for (size_t k = 0; k < w->count; k++) w->slots[slot_of(w, w->insns[k].in.address)] = (uint32_t)k + 1;
  return true;
}

static bool add(debug_walk *w, const debug_walked *d) {
  if ((w->count + 1) * 2 > w->slot_cap && !grow(w)) return false;
  if (w->count == w->cap) {
    size_t cap = w->cap ? w->cap * 2 : 256;
    debug_walked *n = z3_realloc(w->insns, cap * sizeof *n);
    if (!n) return false;
    w->insns = n;
    w->cap = cap;
  }
  w->insns[w->count] = *d;
  w->slots[slot_of(w, d->in.address)] = (uint32_t)++w->count;
  return true;
}

int debug_stack_effect(const z3_insn *in, bool *unknown) {
  *unknown = false;
  int a = in->m8 ? 1 : 2, xy = in->x8 ? 1 : 2;
  switch (in->opcode) {
    case 0x48: return a;                   /* PHA */
    case 0xDA: case 0x5A: return xy;       /* PHX PHY */
    case 0x8B: case 0x4B: case 0x08: return 1; /* PHB PHK PHP */
    case 0x0B: case 0xF4: case 0xD4: case 0x62: return 2; /* PHD PEA PEI PER */
    case 0x68: return -a;                  /* PLA */
    case 0xFA: case 0x7A: return -xy;      /* PLX PLY */
    case 0xAB: case 0x28: return -1;       /* PLB PLP */
    case 0x2B: return -2;                  /* PLD */
    case 0x9A: case 0x1B: *unknown = true; return 0; /* TXS TCS */
    default: return 0;
  }
}

/* Where control goes after `in` besides the next instruction. */
static void successors(const debug_walked *d, const debug_walk_opts *opts, worklist *l, const pending *from,
                       bool *ok) {
  const z3_insn *in = &d->in;
  z3_asm_flow flow = in->info->flow;
  pending next = *from;
  bool unknown;
  int effect = debug_stack_effect(in, &unknown);
  next.depth += effect;
  next.depth_known = from->depth_known && !unknown;
  z3_disasm_track(&next.state, in);
  bool to_target = in->target_kind == Z3_TARGET_CODE &&
                   (flow == Z3_FLOW_BRANCH || flow == Z3_FLOW_JUMP || (flow == Z3_FLOW_CALL && opts->follow_calls));
  if (to_target) {
    pending t = next;
    t.address = in->target;
    if (flow == Z3_FLOW_CALL) t.depth = 0, t.depth_known = true; /* a routine of its own */
    *ok = *ok && push(l, t);
  }
  if (flow == Z3_FLOW_NEXT || flow == Z3_FLOW_BRANCH || flow == Z3_FLOW_CALL) {
    next.address = z3_insn_next(in);
    *ok = *ok && push(l, next);
  }
}

z3_status debug_walk_run(debug_walk *w, const z3_snes *snes, const debug_walk_entry *entries, size_t n,
                         const debug_walk_opts *opts, z3_error *err) {
  memset(w, 0, sizeof *w);
  worklist l = {0};
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) {
    pending p = {.address = entries[i].address, .depth_known = true};
    z3_disasm_state_init(&p.state, entries[i].m8, entries[i].x8, opts->dbr);
    ok = push(&l, p);
  }
  while (ok && l.count) {
    pending p = l.items[--l.count];
    const debug_walked *seen = debug_walk_find(w, p.address);
    if (seen) {
      if (seen->in.m8 != p.state.m8 || seen->in.x8 != p.state.x8) {
        if (!w->size_conflicts++) w->first_conflict = p.address;
      }
      continue;
    }
    if (w->count >= opts->max_insns) {
      w->truncated = true;
      break;
    }
    debug_walked d = {.depth = p.depth, .depth_known = p.depth_known};
    uint32_t bad;
    if (!z3_disasm_decode(debug_peek_byte, (void *)snes, p.address, p.state.m8, p.state.x8, p.state.dbr, &d.in, &bad))
      continue;
    ok = add(w, &d);
    if (ok) successors(&w->insns[w->count - 1], opts, &l, &p, &ok);
  }
  z3_free(l.items);
  if (!ok) {
    debug_walk_release(w);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory walking the code");
  }
  return Z3_OK;
}

void debug_walk_release(debug_walk *w) {
  z3_free(w->insns);
  z3_free(w->slots);
  memset(w, 0, sizeof *w);
}

static uint16_t peek16(const z3_snes *snes, uint32_t a) {
  return (uint16_t)(z3_snes_peek(snes, a) | z3_snes_peek(snes, (a & 0xFF0000) | ((a + 1) & 0xFFFF)) << 8);
}
static uint32_t peek24(const z3_snes *snes, uint32_t a) {
  return peek16(snes, a) | (uint32_t)z3_snes_peek(snes, (a + 2) & 0xFFFF) << 16;
}

bool debug_data_address(const z3_snes *snes, const z3_cpu_regs *r, const z3_insn *in, uint32_t *base,
                        uint32_t *ea) {
  bool x8 = r->e || (r->p & Z3_CPU_X);
  uint32_t x = x8 ? (r->x & 0xFF) : r->x, y = x8 ? (r->y & 0xFF) : r->y;
  uint32_t dbr = (uint32_t)r->dbr << 16, dp = (uint16_t)(r->d + in->operand), index = 0;
  switch (in->info->mode) {
    case Z3_AM_DIRECT: *base = dp; break;
    case Z3_AM_DIRECT_X: *base = dp, index = x; break;
    case Z3_AM_DIRECT_Y: *base = dp, index = y; break;
    case Z3_AM_ABSOLUTE: *base = dbr | in->operand; break;
    case Z3_AM_ABSOLUTE_X: *base = dbr | in->operand, index = x; break;
    case Z3_AM_ABSOLUTE_Y: *base = dbr | in->operand, index = y; break;
    case Z3_AM_LONG: *base = in->operand; break;
    case Z3_AM_LONG_X: *base = in->operand, index = x; break;
    case Z3_AM_DIRECT_IND: *base = dbr | peek16(snes, dp); break;
    case Z3_AM_DIRECT_X_IND: *base = dbr | peek16(snes, (uint16_t)(dp + x)); break;
    case Z3_AM_DIRECT_IND_Y: *base = dbr | peek16(snes, dp), index = y; break;
    case Z3_AM_DIRECT_INDL: *base = peek24(snes, dp); break;
    case Z3_AM_DIRECT_INDL_Y: *base = peek24(snes, dp), index = y; break;
    case Z3_AM_STACK_IND_Y: *base = dbr | peek16(snes, (uint16_t)(r->s + in->operand)), index = y; break;
    default: return false;
  }
  bool direct = in->info->mode == Z3_AM_DIRECT_X || in->info->mode == Z3_AM_DIRECT_Y;
  *ea = direct ? (uint16_t)(*base + index) : (*base + index) & 0xFFFFFF; /* direct page stays in bank 0 */
  return true;
}

debug_access debug_access_of(const z3_insn *in) {
  static const char *const reads[] = {"LDA", "LDX", "LDY", "ADC", "SBC", "AND", "ORA", "EOR",
                                      "CMP", "CPX", "CPY", "BIT", "PEI"};
  static const char *const writes[] = {"STA", "STX", "STY", "STZ"};
  static const char *const rmw[] = {"ASL", "LSR", "ROL", "ROR", "INC", "DEC", "TSB", "TRB"};
  const char *m = in->info->mnemonic;
  z3_asm_mode mode = in->info->mode;
  if (mode == Z3_AM_IMPLIED || mode == Z3_AM_ACCUMULATOR || mode == Z3_AM_IMMEDIATE_M ||
      mode == Z3_AM_IMMEDIATE_X || mode == Z3_AM_IMMEDIATE_8 || mode == Z3_AM_IMMEDIATE_16)
    return DEBUG_ACCESS_NONE;
  for (size_t i = 0; i < sizeof reads / sizeof reads[0]; i++) if (!strcmp(m, reads[i])) return DEBUG_ACCESS_READ;
  for (size_t i = 0; i < sizeof writes / sizeof writes[0]; i++) if (!strcmp(m, writes[i])) return DEBUG_ACCESS_WRITE;
  for (size_t i = 0; i < sizeof rmw / sizeof rmw[0]; i++) if (!strcmp(m, rmw[i])) return DEBUG_ACCESS_RMW;
  return DEBUG_ACCESS_NONE;
}

const char *debug_access_name(debug_access a) {
  static const char *const names[] = {"none", "read", "write", "read-modify-write"};
  return names[a];
}
