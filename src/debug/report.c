/* JSON views of a session: registers, the instruction at an address, the
 * call stack, a stop. Shared by the methods and the commands' results. */
#include <stdio.h>

#include "asm/disasm.h"
#include "debug/report.h"

json_t *debug_hex_json(unsigned value, int digits) {
  char text[16];
  snprintf(text, sizeof text, "$%0*X", digits, value);
  return json_string(text);
}

json_t *debug_address_json(uint32_t address) {
  char text[10];
  z3_snes_format_address(address & 0xFFFFFF, text);
  return json_string(text);
}

json_t *debug_registers_json(const z3_cpu *cpu) {
  const z3_cpu_regs *r = &cpu->r;
  bool m8 = r->e || (r->p & Z3_CPU_M), x8 = r->e || (r->p & Z3_CPU_X);
  json_t *o = json_object();
  json_object_set_new(o, "pc", debug_address_json((uint32_t)r->pbr << 16 | r->pc));
  json_object_set_new(o, "a", debug_hex_json(m8 ? r->a & 0xFF : r->a, m8 ? 2 : 4));
  if (m8) json_object_set_new(o, "b", debug_hex_json(r->a >> 8, 2));
  json_object_set_new(o, "x", debug_hex_json(r->x, x8 ? 2 : 4));
  json_object_set_new(o, "y", debug_hex_json(r->y, x8 ? 2 : 4));
  json_object_set_new(o, "s", debug_hex_json(r->s, 4));
  json_object_set_new(o, "d", debug_hex_json(r->d, 4));
  json_object_set_new(o, "dbr", debug_hex_json(r->dbr, 2));
  json_object_set_new(o, "pbr", debug_hex_json(r->pbr, 2));
  json_object_set_new(o, "p", debug_hex_json(r->p, 2));
  char flags[9];
  const char *names = r->e ? "NV1BDIZC" : "NVMXDIZC";
  for (int i = 0; i < 8; i++) flags[i] = (r->p >> (7 - i) & 1) ? names[i] : '-';
  flags[8] = '\0';
  json_object_set_new(o, "flags", json_string(flags));
  json_object_set_new(o, "e", json_boolean(r->e));
  json_object_set_new(o, "m8", json_boolean(m8));
  json_object_set_new(o, "x8", json_boolean(x8));
  return o;
}

bool debug_peek_byte(void *user, uint32_t address, uint8_t *byte) {
  *byte = z3_snes_peek(user, address & 0xFFFFFF);
  return true;
}

void debug_bytes_text(const z3_insn *insn, char out[16]) {
  out[0] = '\0';
  for (int i = 0; i < insn->length && i < 4; i++) snprintf(out + 3 * i, 16 - 3 * (size_t)i, "%02X ", insn->bytes[i]);
  if (insn->length) out[3 * (insn->length < 4 ? insn->length : 4) - 1] = '\0';
}

json_t *debug_instruction_json(z3_debug *dbg, uint32_t address, bool m8, bool x8) {
  z3_snes *snes = z3_debug_console(dbg);
  z3_insn insn;
  uint32_t bad;
  z3_disasm_decode(debug_peek_byte, snes, address, m8, x8, snes->cpu.r.dbr, &insn, &bad);
  char text[64], bytes[16] = "";
  z3_disasm_instruction_text(&insn, text, sizeof text);
  debug_bytes_text(&insn, bytes);
  json_t *o = json_object();
  json_object_set_new(o, "address", debug_address_json(address));
  json_object_set_new(o, "bytes", json_string(bytes));
  json_object_set_new(o, "text", json_string(text));
  const char *label = z3_symbols_name_at(z3_debug_symbols(dbg), address);
  if (label) json_object_set_new(o, "label", json_string(label));
  const char *target = z3_disasm_target_label(&insn, z3_debug_symbols(dbg));
  if (target) json_object_set_new(o, "target_label", json_string(target));
  return o;
}

json_t *debug_instruction_at_regs(z3_debug *dbg, const z3_cpu_regs *r) {
  bool m8 = r->e || (r->p & Z3_CPU_M), x8 = r->e || (r->p & Z3_CPU_X);
  return debug_instruction_json(dbg, (uint32_t)r->pbr << 16 | r->pc, m8, x8);
}

static const char *const call_kinds[] = {"jsr", "jsl", "nmi", "irq"};

json_t *debug_callstack_json(z3_debug *dbg) {
  size_t depth;
  const z3_call_frame *calls = z3_debug_callstack(dbg, &depth);
  json_t *a = json_array();
  for (size_t i = depth; i-- > 0;) { /* innermost first, as debuggers list them */
    json_t *o = json_object();
    json_object_set_new(o, "kind", json_string(call_kinds[calls[i].kind]));
    json_object_set_new(o, "target", debug_address_json(calls[i].target));
    const char *label = z3_symbols_name_at(z3_debug_symbols(dbg), calls[i].target);
    if (label) json_object_set_new(o, "label", json_string(label));
    json_object_set_new(o, "call_site", debug_address_json(calls[i].call_site));
    json_object_set_new(o, "return_to", debug_address_json(calls[i].return_to));
    json_array_append_new(a, o);
  }
  return a;
}

void debug_stop_json(z3_debug *dbg, const z3_debug_stop *stop, json_t *out) {
  z3_snes *snes = z3_debug_console(dbg);
  const z3_cpu *cpu = &snes->cpu;
  json_object_set_new(out, "reason", json_string(z3_debug_reason_name(stop->reason)));
  if (stop->reason == Z3_DBG_BREAKPOINT || stop->reason == Z3_DBG_WATCHPOINT || stop->reason == Z3_DBG_DMA)
    json_object_set_new(out, "breakpoint", json_integer(stop->breakpoint));
  if (stop->reason == Z3_DBG_DMA)
    json_object_set_new(out, "dma", json_pack("{s:o,s:o}", "port", debug_hex_json(stop->address, 4), "channels",
                                              debug_hex_json(stop->value, 2)));
  if (stop->spc) {
    const z3_spc700_regs *r = &stop->spc_regs;
    json_object_set_new(out, "spc", json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:s}", "pc", debug_hex_json(r->pc, 4), "a",
                                              debug_hex_json(r->a, 2), "x", debug_hex_json(r->x, 2), "y",
                                              debug_hex_json(r->y, 2), "sp", debug_hex_json(r->sp, 2), "psw",
                                              debug_hex_json(r->psw, 2), "note",
                                              "the SPC700 as it was at the hit; the console stopped at the next "
                                              "CPU instruction, by which the SPC700 may have run on"));
  }
  if (stop->reason == Z3_DBG_WATCHPOINT) {
    json_t *w = json_object();
    bool bus = stop->memory == Z3_REGION_BUS && !stop->spc;
    json_object_set_new(w, "memory", json_string(stop->spc ? "apu-ram" : z3_snes_region_name(stop->memory)));
    json_object_set_new(w, "address", bus ? debug_address_json(stop->address) : debug_hex_json(stop->address, 4));
    json_object_set_new(w, "access", json_string(stop->write ? "write" : "read"));
    if (stop->write) json_object_set_new(w, "old", debug_hex_json(stop->old_value, 2));
    json_object_set_new(w, "value", debug_hex_json(stop->value, 2));
    json_object_set_new(out, "watch", w);
  }
  if (stop->reason == Z3_DBG_INTERRUPT) json_object_set_new(out, "interrupt", json_string(stop->nmi ? "nmi" : "irq"));
  json_object_set_new(out, "frame", json_integer((json_int_t)snes->frame));
  json_object_set_new(out, "scanline", json_integer(snes->line));
  json_object_set_new(out, "instructions", json_integer((json_int_t)cpu->instructions));
  json_object_set_new(out, "registers", debug_registers_json(cpu));
  json_object_set_new(out, "instruction", debug_instruction_at_regs(dbg, &cpu->r));
  json_object_set_new(out, "callstack", debug_callstack_json(dbg));
}
