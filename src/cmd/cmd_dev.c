/* dev cpu-conformance and spc-conformance: the vector runner (emu/conformance.h) as commands. */
#include <string.h>

#include "cmd/handlers.h"
#include "cmd/handlers_dev.h"
#include "emu/conformance.h"

static void add_counts(json_t *o, const z3_conf_counts *c) {
  json_object_set_new(o, "tests", json_integer((json_int_t)c->tests));
  json_object_set_new(o, "passed", json_integer((json_int_t)c->passed));
  json_object_set_new(o, "failed", json_integer((json_int_t)(c->tests - c->passed)));
  json_object_set_new(o, "cycle_tests", json_integer((json_int_t)c->cycle_tests));
  json_object_set_new(o, "cycle_count_agree", json_integer((json_int_t)c->cycle_agree));
  json_object_set_new(o, "bus_cycles_agree", json_integer((json_int_t)c->bus_agree));
}

static json_t *by_opcode(const z3_conf_report *rep) {
  json_t *list = json_array();
  for (int op = 0; op < 256; op++) {
    if (!rep->by_opcode[op].tests) continue;
    json_t *o = json_object();
    json_object_set_new(o, "opcode", z3_cmd__hex((uint64_t)op, 2));
    add_counts(o, &rep->by_opcode[op]);
    json_array_append_new(list, o);
  }
  return list;
}

static json_t *by_file(const z3_conf_report *rep) {
  json_t *list = json_array();
  for (size_t i = 0; i < rep->file_count; i++) {
    json_t *o = json_object();
    json_object_set_new(o, "file", json_string(rep->files[i].name));
    add_counts(o, &rep->files[i].counts);
    json_array_append_new(list, o);
  }
  return list;
}

/* Registers and bytes as hex of their width; counts ("cycles") as numbers. */
static json_t *value_json(const z3_conf_runner *run, const char *field, uint32_t v) {
  unsigned digits = z3_conf_value_digits(run, field);
  return digits ? z3_cmd__hex(v, (int)digits) : json_integer(v);
}

static json_t *failures_json(const z3_conf_runner *run, const z3_conf_failure *f, size_t n,
                             bool with_count) {
  json_t *list = json_array();
  for (size_t i = 0; i < n; i++) {
    json_t *o = json_object();
    json_object_set_new(o, "file", json_string(f[i].file));
    json_object_set_new(o, "test", json_string(f[i].test));
    json_object_set_new(o, "field", json_string(f[i].field));
    json_object_set_new(o, "expected", value_json(run, f[i].field, f[i].expected));
    json_object_set_new(o, "actual", value_json(run, f[i].field, f[i].actual));
    if (with_count) json_object_set_new(o, "fields_differing", json_integer(f[i].fields_differing));
    json_array_append_new(list, o);
  }
  return list;
}

static void fill_result(z3_cmd_ctx *ctx, const z3_conf_runner *run) {
  const z3_conf_report *rep = z3_conf_report_of(run);
  const z3_conf_counts *t = &rep->total;
  json_t *r = ctx->result;
  json_object_set_new(r, "passed_all", json_boolean(t->passed == t->tests));
  json_object_set_new(r, "files", json_integer((json_int_t)rep->file_count));
  add_counts(r, t);
  json_object_set_new(r, "by_opcode", by_opcode(rep));
  json_object_set_new(r, "by_file", by_file(rep));
  json_object_set_new(r, "failures", failures_json(run, rep->failures, rep->failure_count, true));
  json_object_set_new(r, "failures_listed", json_integer((json_int_t)rep->failure_count));
  json_object_set_new(r, "cycle_mismatches",
                      failures_json(run, rep->cycle_mismatches, rep->cycle_mismatch_count, false));
}

static z3_status run_conformance(z3_cmd_ctx *ctx, z3_conf_runner *run, z3_error *err) {
  const char *dir = z3_arg_str(ctx, "dir");
  if (!run) return z3_error_set(err, Z3_E_NOMEM, "out of memory for the test memory");
  z3_status st = z3_conf_run_path(run, dir, err);
  const z3_conf_report *rep = z3_conf_report_of(run);
  if (st == Z3_OK) {
    fill_result(ctx, run);
    uint64_t failed = rep->total.tests - rep->total.passed;
    if (failed) {
      st = z3_error_set(err, Z3_E_CHECK, "%llu of %llu test(s) under '%s' failed",
                        (unsigned long long)failed, (unsigned long long)rep->total.tests, dir);
    }
  }
  z3_conf_free(run);
  return st;
}

z3_status cmd_dev_cpu_conformance(z3_cmd_ctx *ctx, z3_error *err) {
  return run_conformance(ctx, z3_conf_new((size_t)z3_arg_int(ctx, "max-failures")), err);
}

z3_status cmd_dev_spc_conformance(z3_cmd_ctx *ctx, z3_error *err) {
  return run_conformance(ctx, z3_conf_new_spc700((size_t)z3_arg_int(ctx, "max-failures")), err);
}
