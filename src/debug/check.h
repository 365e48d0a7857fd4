/*
 * debug/check: bug patterns seen while a program runs. The checker runs a
 * copy of a session's console (the session does not move) with a hook on
 * every instruction and a watch on every access, and reports each pattern
 * where it shows:
 *
 *   stack       a routine returned with the stack pointer elsewhere than
 *               before its call, or to another address than its caller's
 *   phb-plb     a routine saved the data bank with PHB and returned with
 *               another one (a PLB missing on some path)
 *   mx-call     a routine is called with M or X sizes that decode its first
 *               instructions differently (an immediate operand's length)
 *   bank-cross  an indexed or 16-bit read runs past the end of its bank
 *   dma-display a DMA to VRAM, OAM or CGRAM starts during active display
 *               (the PPU ignores it unless the screen is force-blanked)
 *   rom-write   the CPU writes to an address the cartridge maps to ROM
 *
 * A finding is reported once per pattern and instruction, with how often it
 * recurred.
 */
#ifndef Z3_DEBUG_CHECK_H
#define Z3_DEBUG_CHECK_H

#include "debug/debug.h"

typedef enum z3_check_kind {
  Z3_CHECK_STACK = 0,
  Z3_CHECK_PHB_PLB,
  Z3_CHECK_MX_CALL,
  Z3_CHECK_BANK_CROSS,
  Z3_CHECK_DMA_DISPLAY,
  Z3_CHECK_ROM_WRITE,
} z3_check_kind;
enum { Z3_CHECK_KINDS = Z3_CHECK_ROM_WRITE + 1 };

typedef struct z3_check_finding {
  z3_check_kind kind;
  uint32_t pc;        /* the instruction that showed it (the return, the call, the access) */
  uint32_t routine;   /* the routine it happened in (its entry), or NO_ROUTINE */
  uint32_t address;   /* the access, the call's target or where the return went */
  uint64_t frame;     /* first seen */
  uint16_t line;
  uint64_t count;     /* times seen */
  char message[200];
} z3_check_finding;

enum { Z3_CHECK_NO_ROUTINE = 0xFFFFFFFFu };

typedef struct z3_check_report {
  z3_check_finding *findings;
  size_t count, cap;
  uint64_t frames, instructions;
} z3_check_report;

const char *z3_check_kind_name(z3_check_kind kind);

/* Runs a copy of the session's console `frames` frames from where the
 * session stands and fills `out` (release it with z3_check_report_release). */
z3_status z3_debug_check(z3_debug *dbg, uint64_t frames, z3_check_report *out, z3_error *err);
void z3_check_report_release(z3_check_report *r);

#endif
