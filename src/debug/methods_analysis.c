/* The analysis methods: check (bug patterns at run time), analyze and
 * references (static walks plus what the trace saw). */
#include <stdio.h>

#include "debug/analyze.h"
#include "debug/check.h"
#include "debug/methods_internal.h"
#include "debug/report.h"

enum { MAX_CHECK_FRAMES = 3600 };

static json_t *label_json(z3_debug *dbg, uint32_t address) {
  const char *name = z3_symbols_name_at(z3_debug_symbols(dbg), address);
  return name ? json_string(name) : json_null();
}

static json_t *finding_json(z3_debug *dbg, const z3_check_finding *f) {
  json_t *o = json_object();
  json_object_set_new(o, "kind", json_string(z3_check_kind_name(f->kind)));
  json_object_set_new(o, "pc", debug_address_json(f->pc));
  json_object_set_new(o, "label", label_json(dbg, f->pc));
  if (f->routine != Z3_CHECK_NO_ROUTINE) {
    json_object_set_new(o, "routine", debug_address_json(f->routine));
    json_object_set_new(o, "routine_label", label_json(dbg, f->routine));
  }
  json_object_set_new(o, "address", debug_address_json(f->address));
  json_object_set_new(o, "frame", json_integer((json_int_t)f->frame));
  json_object_set_new(o, "scanline", json_integer(f->line));
  json_object_set_new(o, "count", json_integer((json_int_t)f->count));
  json_object_set_new(o, "message", json_string(f->message));
  return o;
}

z3_status m_check(call *c) {
  uint64_t frames;
  z3_status st = param_int(c, "frames", 60, 1, MAX_CHECK_FRAMES, &frames);
  if (st) return st;
  z3_check_report r;
  st = z3_debug_check(c->dbg, frames, &r, c->err);
  if (st) return st;
  json_t *list = json_array(), *counts = json_object();
  for (int k = 0; k < Z3_CHECK_KINDS; k++) json_object_set_new(counts, z3_check_kind_name(k), json_integer(0));
  for (size_t i = 0; i < r.count; i++) {
    json_array_append_new(list, finding_json(c->dbg, &r.findings[i]));
    const char *kind = z3_check_kind_name(r.findings[i].kind);
    json_object_set_new(counts, kind, json_integer(json_integer_value(json_object_get(counts, kind)) + 1));
  }
  json_object_set_new(c->result, "frames", json_integer((json_int_t)r.frames));
  json_object_set_new(c->result, "instructions", json_integer((json_int_t)r.instructions));
  json_object_set_new(c->result, "findings", list);
  json_object_set_new(c->result, "counts", counts);
  z3_check_report_release(&r);
  return Z3_OK;
}

z3_status m_analyze(call *c) {
  uint32_t entry;
  const char *sizes;
  z3_status st = param_required(c, "address");
  if (!st) st = param_address(c, "address", &entry);
  if (!st) st = param_str(c, "sizes", &sizes);
  return st ? st : debug_analyze_routine(c->dbg, entry, sizes, c->result, c->err);
}

z3_status m_references(call *c) {
  uint32_t target;
  z3_status st = param_required(c, "address");
  if (!st) st = param_address(c, "address", &target);
  return st ? st : debug_references(c->dbg, target, c->result, c->err);
}
