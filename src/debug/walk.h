/*
 * debug/walk: static code walks over the console's memory, the way a
 * disassembler that follows control flow reads a program: from entry points,
 * through branches and jumps (and calls when asked), tracking M and X through
 * REP/SEP/PHP/PLP, and the bytes each routine has pushed. Used by analyze
 * (one routine) and references (the whole program).
 */
#ifndef Z3_DEBUG_WALK_H
#define Z3_DEBUG_WALK_H

#include "asm/disasm.h"
#include "emu/snes.h"

typedef struct debug_walked {
  z3_insn in;
  int depth;          /* stack bytes pushed since the entry, before this instruction */
  bool depth_known;   /* false after TXS/TCS or a path that met it */
} debug_walked;

typedef struct debug_walk_entry {
  uint32_t address;
  bool m8, x8;
} debug_walk_entry;

typedef struct debug_walk {
  debug_walked *insns;   /* in the order reached */
  size_t count, cap;
  uint32_t *slots;       /* open addressing: index + 1 into insns, 0 empty */
  size_t slot_cap;
  bool truncated;        /* stopped at max instructions */
  size_t size_conflicts; /* instructions reached again under other M/X sizes */
  uint32_t first_conflict;
} debug_walk;

typedef struct debug_walk_opts {
  bool follow_calls;     /* walk into JSR/JSL targets too (else: note them, go on after) */
  size_t max_insns;
  uint8_t dbr;           /* data bank assumed for absolute operands */
} debug_walk_opts;

z3_status debug_walk_run(debug_walk *w, const z3_snes *snes, const debug_walk_entry *entries, size_t n,
                         const debug_walk_opts *opts, z3_error *err);
const debug_walked *debug_walk_find(const debug_walk *w, uint32_t address);
void debug_walk_release(debug_walk *w);

/* Stack bytes an instruction pushes (positive) or pulls (negative) under
 * its sizes; *unknown for TXS and TCS. */
int debug_stack_effect(const z3_insn *in, bool *unknown);

/* The data an instruction reads or writes, under registers r and the
 * console's memory now (for pointers): *base before indexing, *ea the
 * access. False for modes without a data address here (immediate, direct
 * page without indirection, stack, block moves, implied). */
bool debug_data_address(const z3_snes *snes, const z3_cpu_regs *r, const z3_insn *in, uint32_t *base,
                        uint32_t *ea);

typedef enum debug_access { DEBUG_ACCESS_NONE = 0, DEBUG_ACCESS_READ, DEBUG_ACCESS_WRITE, DEBUG_ACCESS_RMW } debug_access;
/* What an instruction does to its memory operand. */
debug_access debug_access_of(const z3_insn *in);
const char *debug_access_name(debug_access a);

#endif
