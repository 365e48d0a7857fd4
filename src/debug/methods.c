/* The session's operations by name (methods.h). */
#include "debug/methods_internal.h"

#include <stdio.h>
#include <string.h>

#include "asm/disasm.h"
#include "debug/report.h"

enum { MAX_FRAMES = 36000, MAX_READ = 0x10000, MAX_TRACE_LIST = 10000, MAX_DISASM = 1000 };


/* ---- parameters ---------------------------------------------------------- */

z3_status bad_param(call *c, const char *name, const char *what) {
  z3_error_set(c->err, Z3_E_USAGE, "parameter '%s': %s", name, what);
  return Z3_E_USAGE;
}

/* An integer parameter: a JSON number, or text in the CLI's forms. */
z3_status param_int(call *c, const char *name, uint64_t def, uint64_t min, uint64_t max, uint64_t *out) {
  const json_t *v = c->params ? json_object_get(c->params, name) : NULL;
  *out = def;
  if (!v || json_is_null(v)) return Z3_OK;
  uint64_t n;
  uint32_t addr;
  if (json_is_integer(v) && json_integer_value(v) >= 0) n = (uint64_t)json_integer_value(v);
  else if (json_is_true(v)) n = 1;
  else if (json_is_string(v) && z3_parse_u64(json_string_value(v), &n)) {
  } else if (json_is_string(v) && z3_snes_parse_address(json_string_value(v), &addr)) n = addr;
  else return bad_param(c, name, "expected a non-negative integer ($-hex, 0x-hex, decimal or $BB:AAAA)");
  if (n < min || n > max) {
    char what[96];
    snprintf(what, sizeof what, "%llu is out of range %llu..%llu", (unsigned long long)n,
             (unsigned long long)min, (unsigned long long)max);
    return bad_param(c, name, what);
  }
  *out = n;
  return Z3_OK;
}

z3_status param_required(call *c, const char *name) {
  const json_t *v = c->params ? json_object_get(c->params, name) : NULL;
  return v && !json_is_null(v) ? Z3_OK : bad_param(c, name, "required");
}

z3_status param_str(call *c, const char *name, const char **out) {
  const json_t *v = c->params ? json_object_get(c->params, name) : NULL;
  *out = NULL;
  if (!v || json_is_null(v)) return Z3_OK;
  if (!json_is_string(v)) return bad_param(c, name, "expected a string");
  *out = json_string_value(v);
  return Z3_OK;
}

z3_status param_bool(call *c, const char *name, bool *out) {
  const json_t *v = c->params ? json_object_get(c->params, name) : NULL;
  *out = false;
  if (!v || json_is_null(v)) return Z3_OK;
  if (!json_is_boolean(v)) return bad_param(c, name, "expected true or false");
  *out = json_is_true(v);
  return Z3_OK;
}

/* An address: a number in any of param_int's forms, or a loaded label. */
z3_status param_address(call *c, const char *name, uint32_t *out) {
  const json_t *v = c->params ? json_object_get(c->params, name) : NULL;
  const char *text = json_string_value(v);
  uint64_t n;
  *out = 0;
  if (text && z3_symbols_find(z3_debug_symbols(c->dbg), text, out)) return Z3_OK;
  if (text && !z3_parse_u64(text, &n) && !z3_snes_parse_address(text, out)) {
    z3_error_set(c->err, Z3_E_USAGE, "parameter '%s': '%s' is neither an address nor a loaded label", name, text);
    z3_error_hint(c->err, "write $BB:AAAA, 0xBBAAAA or $BBAAAA, or load labels with `z3ed debug symbols-load`");
    return Z3_E_USAGE;
  }
  z3_status st = param_required(c, name);
  if (!st) st = param_int(c, name, 0, 0, 0xFFFFFF, &n);
  if (!st) *out = (uint32_t)n;
  return st;
}

/* ---- execution ----------------------------------------------------------- */

static z3_status report(call *c, z3_debug_stop stop) {
  debug_stop_json(c->dbg, &stop, c->result);
  return Z3_OK;
}

static z3_status m_step(call *c) {
  uint64_t n;
  z3_status st = param_int(c, "count", 1, 1, 1000000000, &n);
  return st ? st : report(c, z3_debug_step(c->dbg, n));
}

static z3_status m_step_over(call *c) {
  uint64_t frames;
  z3_status st = param_int(c, "frames", 600, 1, MAX_FRAMES, &frames);
  return st ? st : report(c, z3_debug_step_over(c->dbg, frames));
}

static z3_status m_step_out(call *c) {
  uint64_t frames;
  z3_status st = param_int(c, "frames", 600, 1, MAX_FRAMES, &frames);
  return st ? st : report(c, z3_debug_step_out(c->dbg, frames));
}

static z3_status run_frames_default(call *c, uint64_t def) {
  uint64_t frames;
  z3_status st = param_int(c, "frames", def, 1, MAX_FRAMES, &frames);
  return st ? st : report(c, z3_debug_run_frames(c->dbg, frames));
}

static z3_status m_continue(call *c) { return run_frames_default(c, 600); }
static z3_status m_run_frames(call *c) { return run_frames_default(c, 1); }

static z3_status m_run_to(call *c) {
  uint64_t frames, line;
  bool interrupt;
  z3_status st = param_int(c, "frames", 600, 1, MAX_FRAMES, &frames);
  if (!st) st = param_bool(c, "interrupt", &interrupt);
  if (!st) st = param_int(c, "scanline", UINT64_MAX, 0, 261, &line);
  if (st) return st;
  if (interrupt) return report(c, z3_debug_run_to_interrupt(c->dbg, frames));
  if (line != UINT64_MAX) return report(c, z3_debug_run_to_scanline(c->dbg, (unsigned)line, frames));
  uint32_t pc;
  if ((st = param_required(c, "address")))
    return z3_error_set(c->err, Z3_E_USAGE, "run-to needs an address, --interrupt or --scanline");
  if ((st = param_address(c, "address", &pc))) return st;
  return report(c, z3_debug_run_to(c->dbg, pc, frames));
}

static z3_status m_reset(call *c) {
  z3_debug_reset(c->dbg);
  json_object_set_new(c->result, "registers", debug_registers_json(&z3_debug_console(c->dbg)->cpu));
  return Z3_OK;
}

/* The stop report without a reason: where the session stands. */
static z3_status m_registers(call *c) {
  report(c, (z3_debug_stop){.reason = Z3_DBG_STEP});
  json_object_del(c->result, "reason");
  return Z3_OK;
}

/* ---- breakpoints --------------------------------------------------------- */

static json_t *breakpoint_json(const z3_breakpoint *bp) {
  json_t *o = json_object();
  json_object_set_new(o, "id", json_integer(bp->id));
  json_object_set_new(o, "kind", json_string(z3_bp_kind_name(bp->kind)));
  json_object_set_new(o, "address", debug_address_json(bp->from));
  if (bp->to != bp->from) json_object_set_new(o, "to", debug_address_json(bp->to));
  if (bp->cond.text) json_object_set_new(o, "condition", json_string(bp->cond.text));
  if (bp->after) json_object_set_new(o, "after", json_integer((json_int_t)bp->after));
  json_object_set_new(o, "hits", json_integer((json_int_t)bp->hits));
  json_object_set_new(o, "enabled", json_boolean(bp->enabled));
  return o;
}

static z3_status m_break(call *c) {
  const char *kind_text, *cond;
  uint32_t from = 0;
  uint64_t to, after;
  z3_bp_kind kind = Z3_BP_EXEC;
  z3_status st = param_str(c, "kind", &kind_text);
  if (!st && kind_text && !z3_bp_kind_parse(kind_text, &kind))
    return bad_param(c, "kind", "expected exec, read, write, access, vram-write, cgram-write, oam-write or dma");
  if (!st) st = param_address(c, "address", &from);
  to = from;
  if (!st && c->params && json_object_get(c->params, "to")) {
    uint32_t last;
    st = param_address(c, "to", &last);
    to = last;
  }
  if (!st) st = param_str(c, "condition", &cond);
  if (!st) st = param_int(c, "after", 0, 0, UINT32_MAX, &after);
  unsigned id;
  if (!st) st = z3_debug_break_add(c->dbg, kind, from, (uint32_t)to, cond, after, &id, c->err);
  if (st) return st;
  size_t count;
  const z3_breakpoint *bps = z3_debug_breakpoints(c->dbg, &count);
  json_object_set_new(c->result, "breakpoint", breakpoint_json(&bps[count - 1]));
  return Z3_OK;
}

static z3_status m_breakpoints(call *c) {
  size_t count;
  const z3_breakpoint *bps = z3_debug_breakpoints(c->dbg, &count);
  json_t *a = json_array();
  for (size_t i = 0; i < count; i++) json_array_append_new(a, breakpoint_json(&bps[i]));
  json_object_set_new(c->result, "breakpoints", a);
  return Z3_OK;
}

static z3_status by_id(call *c, z3_status (*op)(z3_debug *, unsigned, z3_error *)) {
  uint64_t id;
  z3_status st = param_required(c, "id");
  if (!st) st = param_int(c, "id", 0, 1, UINT32_MAX, &id);
  if (!st) st = op(c->dbg, (unsigned)id, c->err);
  return st ? st : m_breakpoints(c);
}

static z3_status enable_op(z3_debug *d, unsigned id, z3_error *e) { return z3_debug_break_enable(d, id, true, e); }
static z3_status disable_op(z3_debug *d, unsigned id, z3_error *e) { return z3_debug_break_enable(d, id, false, e); }
static z3_status m_enable(call *c) { return by_id(c, enable_op); }
static z3_status m_disable(call *c) { return by_id(c, disable_op); }
static z3_status m_delete(call *c) { return by_id(c, z3_debug_break_delete); }

/* ---- memory, symbols, history --------------------------------------------- */

z3_status region_param(call *c, z3_snes_region *region) {
  const char *name;
  z3_status st = param_str(c, "region", &name);
  *region = Z3_REGION_BUS;
  if (!st && name && !z3_snes_region_parse(name, region))
    return bad_param(c, "region", "expected wram, vram, cgram, oam, sram, apu or bus");
  return st;
}

static z3_status m_memory_read(call *c) {
  z3_snes_region region;
  uint32_t addr;
  uint64_t len;
  z3_status st = region_param(c, &region);
  if (!st) st = param_address(c, "address", &addr);
  if (!st) st = param_int(c, "length", 16, 1, MAX_READ, &len);
  if (st) return st;
  if (region == Z3_REGION_WRAM && addr >= 0x7E0000 && addr <= 0x7FFFFF) addr -= 0x7E0000;
  uint8_t *bytes = z3_malloc(len);
  if (!bytes) return z3_error_set(c->err, Z3_E_NOMEM, "out of memory");
  st = z3_snes_read_region(z3_debug_console(c->dbg), region, addr, len, bytes, c->err);
  if (!st) {
    char *hex = z3_malloc(2 * len + 1);
    for (size_t i = 0; hex && i < len; i++) snprintf(hex + 2 * i, 3, "%02x", bytes[i]);
    json_object_set_new(c->result, "region", json_string(z3_snes_region_name(region)));
    char where[16];
    snprintf(where, sizeof where, "0x%06X", addr);
    json_object_set_new(c->result, "address", json_string(where));
    json_object_set_new(c->result, "length", json_integer((json_int_t)len));
    json_object_set_new(c->result, "hex", json_string(hex ? hex : ""));
    z3_free(hex);
  }
  z3_free(bytes);
  return st;
}

static z3_status m_callstack(call *c) {
  json_object_set_new(c->result, "callstack", debug_callstack_json(c->dbg));
  return Z3_OK;
}

static z3_status m_trace(call *c) {
  uint64_t n;
  z3_status st = param_int(c, "count", 20, 1, MAX_TRACE_LIST, &n);
  if (st) return st;
  json_t *a = json_array();
  for (size_t i = (size_t)n; i-- > 0;) { /* oldest first */
    const z3_trace_entry *t = z3_debug_trace_at(c->dbg, i);
    if (!t) continue;
    json_t *o = json_object();
    z3_cpu fake = {.r = t->regs};
    json_object_set_new(o, "registers", debug_registers_json(&fake));
    json_object_set_new(o, "instruction", debug_instruction_at_regs(c->dbg, &t->regs));
    json_object_set_new(o, "frame", json_integer(t->frame));
    json_object_set_new(o, "scanline", json_integer(t->line));
    json_object_set_new(o, "clock", json_integer((json_int_t)t->clock));
    json_array_append_new(a, o);
  }
  json_object_set_new(c->result, "trace", a);
  json_object_set_new(c->result, "kept", json_integer((json_int_t)z3_debug_trace_count(c->dbg)));
  return Z3_OK;
}

/* How often the trace ring saw the instruction at address run. */
static size_t executions(z3_debug *dbg, uint32_t address) {
  size_t n = 0;
  for (size_t i = 0; i < z3_debug_trace_count(dbg); i++) {
    const z3_trace_entry *t = z3_debug_trace_at(dbg, i);
    n += ((uint32_t)t->regs.pbr << 16 | t->regs.pc) == address;
  }
  return n;
}

static void add_executions(z3_debug *dbg, json_t *listing) {
  size_t i;
  json_t *o;
  json_array_foreach(listing, i, o) {
    uint32_t address;
    if (z3_snes_parse_address(json_string_value(json_object_get(o, "address")), &address))
      json_object_set_new(o, "executions", json_integer((json_int_t)executions(dbg, address)));
  }
}

/* Instructions before PC come from the trace (what ran), never guessed. */
static z3_status m_disasm(call *c) {
  uint64_t count, before;
  z3_status st = param_int(c, "count", 10, 1, MAX_DISASM, &count);
  if (!st) st = param_int(c, "before", 0, 0, MAX_DISASM, &before);
  if (st) return st;
  z3_snes *snes = z3_debug_console(c->dbg);
  const z3_cpu_regs *r = &snes->cpu.r;
  json_t *a = json_array();
  for (size_t i = (size_t)before; i-- > 0;) {
    const z3_trace_entry *t = z3_debug_trace_at(c->dbg, i);
    if (!t) continue;
    json_array_append_new(a, debug_instruction_at_regs(c->dbg, &t->regs));
  }
  z3_disasm_state s;
  z3_disasm_state_init(&s, r->e || (r->p & Z3_CPU_M), r->e || (r->p & Z3_CPU_X), r->dbr);
  uint32_t addr = (uint32_t)r->pbr << 16 | r->pc;
  for (uint64_t i = 0; i < count; i++) {
    json_t *o = debug_instruction_json(c->dbg, addr, s.m8, s.x8);
    if (i == 0) json_object_set_new(o, "current", json_true());
    json_array_append_new(a, o);
    z3_insn insn;
    uint32_t bad;
    z3_disasm_decode(debug_peek_byte, snes, addr, s.m8, s.x8, s.dbr, &insn, &bad);
    z3_disasm_track(&s, &insn);
    addr = z3_insn_next(&insn);
  }
  add_executions(c->dbg, a);
  json_object_set_new(c->result, "listing", a);
  json_object_set_new(c->result, "executions_over", json_integer((json_int_t)z3_debug_trace_count(c->dbg)));
  return Z3_OK;
}

static z3_status m_symbols_load(call *c) {
  const char *path;
  z3_status st = param_required(c, "path");
  if (!st) st = param_str(c, "path", &path);
  if (st) return st;
  z3_symbols *syms = z3_debug_symbols(c->dbg);
  z3_symbols fresh;
  z3_symbols_init(&fresh);
  st = z3_symbols_load(&fresh, path, Z3_SYMFILE_AUTO, NULL, c->err);
  if (st) {
    z3_symbols_release(&fresh);
    return st;
  }
  z3_symbols_release(syms);
  *syms = fresh;
  json_object_set_new(c->result, "labels", json_integer((json_int_t)syms->count));
  return Z3_OK;
}

/* ---- the table ------------------------------------------------------------- */

static const struct method {
  const char *name;
  z3_status (*run)(call *c);
} methods[] = {
    {"registers", m_registers},     {"step", m_step},
    {"step-over", m_step_over},     {"step-out", m_step_out},
    {"continue", m_continue},       {"run-frames", m_run_frames},
    {"run-to", m_run_to},           {"reset", m_reset},
    {"break", m_break},             {"breakpoints", m_breakpoints},
    {"enable", m_enable},           {"disable", m_disable},
    {"delete", m_delete},           {"memory-read", m_memory_read},
    {"callstack", m_callstack},     {"trace", m_trace},
    {"disasm", m_disasm},           {"symbols-load", m_symbols_load},
    {"memory-write", m_memory_write}, {"memory-search", m_memory_search},
    {"snapshot", m_snapshot},       {"diff", m_diff},
    {"game-state", m_game_state},   {"step-back", m_step_back},
    {"last-write", m_last_write},   {"save-state", m_save_state},
    {"load-state", m_load_state},   {"trace-log", m_trace_log},
    {"check", m_check},             {"analyze", m_analyze},
    {"references", m_references},
};

bool z3_debug_method_exists(const char *method) {
  for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
    if (strcmp(methods[i].name, method) == 0) return true;
  return false;
}

z3_status z3_debug_call(z3_debug *dbg, const char *method, const json_t *params, json_t *result,
                        z3_error *err) {
  if (params && !json_is_object(params) && !json_is_null(params))
    return z3_error_set(err, Z3_E_USAGE, "params of '%s' must be an object", method);
  for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
    if (strcmp(methods[i].name, method) != 0) continue;
    call c = {dbg, params, result, err};
    return methods[i].run(&c);
  }
  /* the names from the table, so none is left out; in the message, as a hint holds 255 bytes */
  char list[Z3_ERROR_MESSAGE_MAX / 2] = "";
  for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
    snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", methods[i].name);
  return z3_error_set(err, Z3_E_NOT_FOUND, "no debug method '%.200s'; the methods are %s", method, list);
}
