/* Trace to a file: one line per instruction as it is about to run, in a
 * text format close to Mesen's trace logger (docs/debugger.md). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "asm/disasm.h"
#include "debug/debug_internal.h"
#include "debug/report.h"

static void flags_text(const z3_cpu_regs *r, char out[9]) {
  static const char names[] = "nvmxdizc";
  for (int i = 0; i < 8; i++) {
    bool set = r->p & (0x80 >> i);
    out[i] = set ? (char)(names[i] - 'a' + 'A') : names[i];
  }
  out[8] = '\0';
}

void debug_trace_log_write(z3_debug *dbg, const z3_cpu *cpu) {
  const z3_cpu_regs *r = &cpu->r;
  z3_snes *snes = dbg->snes;
  uint32_t pc = (uint32_t)r->pbr << 16 | r->pc;
  bool m8 = r->e || (r->p & Z3_CPU_M), x8 = r->e || (r->p & Z3_CPU_X);
  z3_insn insn;
  uint32_t bad;
  z3_disasm_decode(debug_peek_byte, snes, pc, m8, x8, r->dbr, &insn, &bad);
  char text[64], bytes[16] = "", p[9];
  z3_disasm_instruction_text(&insn, text, sizeof text);
  debug_bytes_text(&insn, bytes);
  flags_text(r, p);
  const char *label = z3_symbols_name_at(&dbg->symbols, pc);
  if (label) fprintf(dbg->trace_log, "%s:\n", label);
  fprintf(dbg->trace_log,
          "%02X:%04X  %-11s  %-20s  A:%04X X:%04X Y:%04X S:%04X D:%04X DB:%02X P:%s E:%d V:%u HC:%u Fr:%llu\n",
          r->pbr, r->pc, bytes, text, r->a, r->x, r->y, r->s, r->d, r->dbr, p, r->e, snes->line, snes->hclock,
          (unsigned long long)snes->frame);
  dbg->trace_log_lines++;
  dbg->trace_log_at = cpu->instructions;
}

z3_status z3_debug_trace_log_open(z3_debug *dbg, const char *path, z3_error *err) {
  FILE *f = fopen(path, "w");
  if (!f) return z3_error_set(err, Z3_E_IO, "cannot write the trace log '%s': %s", path, strerror(errno));
  z3_debug_trace_log_close(dbg);
  dbg->trace_log = f;
  dbg->trace_log_lines = 0;
  debug_trace_log_write(dbg, &dbg->snes->cpu); /* the instruction about to run */
  debug_update_hooks(dbg);
  return Z3_OK;
}

uint64_t z3_debug_trace_log_close(z3_debug *dbg) {
  uint64_t lines = dbg->trace_log_lines;
  if (dbg->trace_log) fclose(dbg->trace_log);
  dbg->trace_log = NULL;
  debug_update_hooks(dbg);
  return lines;
}
