/* JSON views of a session (report.c), for the methods and commands. */
#ifndef Z3_DEBUG_REPORT_H
#define Z3_DEBUG_REPORT_H

#include <jansson.h>

#include "asm/disasm.h"
#include "debug/debug.h"

json_t *debug_address_json(uint32_t address);
/* "$XX" with `digits` hex digits. */
json_t *debug_hex_json(unsigned value, int digits);
/* Registers with widths as M, X and E set them ("a": "$12" in 8-bit A). */
json_t *debug_registers_json(const z3_cpu *cpu);
/* The instruction at address: bytes, text, its label and its target's. */
json_t *debug_instruction_json(z3_debug *dbg, uint32_t address, bool m8, bool x8);
/* The instruction at regs' PC, decoded with the widths regs' M, X and E give. */
json_t *debug_instruction_at_regs(z3_debug *dbg, const z3_cpu_regs *regs);
/* A disassembler read callback over the console (user: the z3_snes), without side effects. */
bool debug_peek_byte(void *user, uint32_t address, uint8_t *byte);
/* The instruction's bytes as hex pairs ("8D 10 01"). */
void debug_bytes_text(const z3_insn *insn, char out[16]);
/* Innermost call first. */
json_t *debug_callstack_json(z3_debug *dbg);
/* Why the session stopped, the registers, the instruction at PC, the call stack. */
void debug_stop_json(z3_debug *dbg, const z3_debug_stop *stop, json_t *out);

#endif
