/* Methods that go back in time, keep the whole console or log it: step-back,
 * last-write, save-state, load-state and trace-log. */
#include "debug/debug_internal.h"
#include "debug/methods_internal.h"
#include "debug/report.h"
#include "emu/savestate.h"

z3_status m_step_back(call *c) {
  uint64_t n;
  z3_status st = param_int(c, "count", 1, 1, MAX_STEP_BACK, &n);
  z3_debug_stop stop;
  if (!st) st = z3_debug_step_back(c->dbg, n, &stop, c->err);
  if (!st) debug_stop_json(c->dbg, &stop, c->result);
  return st;
}

z3_status m_last_write(call *c) {
  uint32_t addr;
  z3_status st = param_required(c, "address");
  if (!st) st = param_address(c, "address", &addr);
  z3_last_write w;
  if (!st) st = z3_debug_last_write(c->dbg, addr, &w, c->err);
  if (st) return st;
  json_object_set_new(c->result, "address", debug_address_json(w.address));
  json_object_set_new(c->result, "found", json_boolean(w.found));
  json_object_set_new(c->result, "searched_from_frame", json_integer((json_int_t)w.searched_from_frame));
  if (!w.found) return Z3_OK;
  json_object_set_new(c->result, "pc", debug_address_json(w.pc));
  json_object_set_new(c->result, "instruction", debug_instruction_json(c->dbg, w.pc, false, false));
  json_object_set_new(c->result, "frame", json_integer((json_int_t)w.frame));
  json_object_set_new(c->result, "line", json_integer(w.line));
  json_object_set_new(c->result, "instructions_ago",
                      json_integer((json_int_t)(z3_debug_console(c->dbg)->cpu.instructions - w.instructions)));
  json_object_set_new(c->result, "old_value", debug_hex_json(w.old_value, 2));
  json_object_set_new(c->result, "value", debug_hex_json(w.value, 2));
  return Z3_OK;
}

z3_status m_save_state(call *c) {
  const char *path;
  z3_status st = param_required(c, "path");
  if (!st) st = param_str(c, "path", &path);
  if (st) return st;
  z3_buf data;
  z3_buf_init(&data);
  st = z3_snes_state_save(z3_debug_console(c->dbg), &data, c->err);
  if (!st) st = z3_file_write_atomic(path, data.data, data.len, NULL, c->err);
  if (!st) {
    json_object_set_new(c->result, "path", json_string(path));
    json_object_set_new(c->result, "bytes", json_integer((json_int_t)data.len));
    json_object_set_new(c->result, "frame", json_integer((json_int_t)z3_debug_console(c->dbg)->frame));
  }
  z3_buf_release(&data);
  return st;
}

z3_status z3_debug_load_state(z3_debug *dbg, const char *path, unsigned flags, bool *other_rom, z3_error *err) {
  z3_status st = z3_snes_state_load_file(dbg->snes, path, flags, other_rom, err);
  if (st) return st;
  debug_track_reset(dbg); /* the calls and the trace belong to the old timeline */
  debug_update_hooks(dbg);
  debug_history_clear(dbg);
  debug_history_changed(dbg);
  return Z3_OK;
}

z3_status m_load_state(call *c) {
  const char *path;
  bool any_rom = false, other_rom = false;
  z3_status st = param_required(c, "path");
  if (!st) st = param_str(c, "path", &path);
  if (!st) st = param_bool(c, "any-rom", &any_rom);
  if (!st) st = z3_debug_load_state(c->dbg, path, any_rom ? Z3_STATE_ANY_ROM : 0, &other_rom, c->err);
  if (st) return st;
  z3_debug_stop stop = {.reason = Z3_DBG_STEP};
  debug_stop_json(c->dbg, &stop, c->result);
  json_object_del(c->result, "reason");
  json_object_set_new(c->result, "state_from_other_rom", json_boolean(other_rom));
  return Z3_OK;
}

z3_status m_trace_log(call *c) {
  bool stop = false;
  const char *path = NULL;
  z3_status st = param_bool(c, "stop", &stop);
  if (!st) st = param_str(c, "path", &path);
  if (st) return st;
  if (!stop && !path) return bad_param(c, "path", "give the file to write, or stop: true");
  if (stop) {
    json_object_set_new(c->result, "lines", json_integer((json_int_t)z3_debug_trace_log_close(c->dbg)));
    json_object_set_new(c->result, "logging", json_false());
    return Z3_OK;
  }
  st = z3_debug_trace_log_open(c->dbg, path, c->err);
  if (st) return st;
  json_object_set_new(c->result, "path", json_string(path));
  json_object_set_new(c->result, "logging", json_true());
  return Z3_OK;
}
