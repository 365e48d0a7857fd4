/*
 * asm/disasm: the 65816 opcode table, a decoder and a formatter.
 *
 * The decoder reads bytes through a callback, so the same code disassembles a
 * ROM image, emulator memory or a test buffer. Decoding is pure: the operand
 * size of immediate instructions comes from the M and X flags the caller
 * passes. Tracking those flags through a linear listing (REP, SEP, XCE, PHP/PLP)
 * is a separate step, z3_disasm_track, so a debugger with the real P register
 * can skip it.
 *
 * Addresses are 24-bit (bank << 16 | offset). The program counter wraps inside
 * its bank, as the CPU's does: an instruction at $00:FFFF takes its operand
 * from $00:0000 and so on.
 */
#ifndef Z3_ASM_DISASM_H
#define Z3_ASM_DISASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/base.h"

/* Addressing modes, named as the WDC data sheet groups them. Never renumbered. */
typedef enum z3_asm_mode {
  Z3_AM_IMPLIED = 0,      /* CLC */
  Z3_AM_ACCUMULATOR,      /* ASL A */
  Z3_AM_IMMEDIATE_M,      /* LDA #$12 / #$1234: one byte when M=1, two when M=0 */
  Z3_AM_IMMEDIATE_X,      /* LDX #$12 / #$1234: by the X flag */
  Z3_AM_IMMEDIATE_8,      /* REP #$30, and the signature byte of BRK, COP, WDM */
  Z3_AM_IMMEDIATE_16,     /* PEA $1234 (pushes the value) */
  Z3_AM_DIRECT,           /* $12 */
  Z3_AM_DIRECT_X,         /* $12,X */
  Z3_AM_DIRECT_Y,         /* $12,Y */
  Z3_AM_DIRECT_IND,       /* ($12) (also PEI) */
  Z3_AM_DIRECT_X_IND,     /* ($12,X) */
  Z3_AM_DIRECT_IND_Y,     /* ($12),Y */
  Z3_AM_DIRECT_INDL,      /* [$12] */
  Z3_AM_DIRECT_INDL_Y,    /* [$12],Y */
  Z3_AM_STACK,            /* $12,S */
  Z3_AM_STACK_IND_Y,      /* ($12,S),Y */
  Z3_AM_ABSOLUTE,         /* $1234 (data in the data bank; JMP/JSR: program bank) */
  Z3_AM_ABSOLUTE_X,       /* $1234,X */
  Z3_AM_ABSOLUTE_Y,       /* $1234,Y */
  Z3_AM_ABSOLUTE_IND,     /* ($1234): JMP, pointer in bank 0 */
  Z3_AM_ABSOLUTE_X_IND,   /* ($1234,X): JMP/JSR, pointer in the program bank */
  Z3_AM_ABSOLUTE_INDL,    /* [$1234]: JML, 24-bit pointer in bank 0 */
  Z3_AM_LONG,             /* $123456 */
  Z3_AM_LONG_X,           /* $123456,X */
  Z3_AM_RELATIVE,         /* branch, signed 8-bit displacement */
  Z3_AM_RELATIVE_LONG,    /* BRL, PER: signed 16-bit displacement */
  Z3_AM_BLOCK_MOVE,       /* MVN/MVP src,dst (stored as opcode, dst, src) */
} z3_asm_mode;
enum { Z3_AM_COUNT = Z3_AM_BLOCK_MOVE + 1 };

/* What an instruction does to the flow of control, for listings and stepping. */
typedef enum z3_asm_flow {
  Z3_FLOW_NEXT = 0,  /* falls through */
  Z3_FLOW_BRANCH,    /* conditional branch: target or next */
  Z3_FLOW_JUMP,      /* BRA, BRL, JMP, JML */
  Z3_FLOW_CALL,      /* JSR, JSL: target, then returns to next */
  Z3_FLOW_RETURN,    /* RTS, RTL, RTI */
  Z3_FLOW_INTERRUPT, /* BRK, COP: through a vector */
  Z3_FLOW_HALT,      /* STP, WAI */
} z3_asm_flow;

typedef struct z3_opcode {
  const char *mnemonic; /* upper case: "LDA" */
  z3_asm_mode mode;
  z3_asm_flow flow;
} z3_opcode;

/* The table, indexed by opcode byte: all 256 are defined on the 65816. */
extern const z3_opcode z3_opcodes[256];

/* Operand bytes of a mode under the given flags (0..3). */
int z3_asm_operand_length(z3_asm_mode mode, bool m8, bool x8);
/* "immediate_m", "direct_x", ... (stable; used in JSON). */
const char *z3_asm_mode_name(z3_asm_mode mode);

/* Reads the byte at a 24-bit address; false when nothing is mapped there. */
typedef bool (*z3_disasm_read_fn)(void *user, uint32_t address, uint8_t *byte);

/* What the target of an instruction is, when it has one. */
typedef enum z3_target_kind {
  Z3_TARGET_NONE = 0,
  Z3_TARGET_CODE,    /* where a branch, jump or call goes */
  Z3_TARGET_POINTER, /* where an indirect jump reads its destination (X taken as 0) */
  Z3_TARGET_DATA,    /* the effective address of an absolute or long operand (index taken as 0) */
} z3_target_kind;

typedef struct z3_insn {
  uint32_t address;   /* 24-bit */
  uint8_t bytes[4];
  uint8_t length;     /* 1..4 */
  uint8_t opcode;
  const z3_opcode *info;
  uint32_t operand;   /* the operand as stored: 0..0xFFFFFF; block moves: src << 8 | dst */
  bool m8, x8;        /* the flags it was decoded under */
  z3_target_kind target_kind;
  uint32_t target;    /* 24-bit, when target_kind != NONE */
} z3_insn;

/*
 * Decodes the instruction at `address` under the given M and X flags. The data
 * bank for absolute data operands is `dbr` (the target of `LDA $1234` is
 * dbr:$1234). Returns false when a byte could not be read; *out then holds
 * the bytes read so far (length = how many) and *bad_address the first
 * address that failed.
 */
bool z3_disasm_decode(z3_disasm_read_fn read, void *user, uint32_t address, bool m8, bool x8,
                      uint8_t dbr, z3_insn *out, uint32_t *bad_address);
/* Address of the instruction after insn (PC wraps inside the bank). */
uint32_t z3_insn_next(const z3_insn *insn);

/* ---- flag tracking for linear listings ------------------------------------ */

enum { Z3_DISASM_PHP_DEPTH = 16 };

/*
 * What a listing knows of the processor between instructions. Carry is
 * tracked only as far as CLC/SEC/REP/SEP tell it (XCE needs it); PHP saves
 * M and X and PLP restores them; a PLP with no PHP seen, or RTI, leaves them
 * as they were (unknown). Callers may change m8/x8/e at any point (overrides).
 */
typedef struct z3_disasm_state {
  bool m8, x8;
  bool e;            /* emulation mode: M and X are forced to 1 */
  int carry;         /* 0, 1, or -1 when unknown */
  uint8_t dbr;       /* data bank assumed for absolute operands */
  uint8_t php_depth; /* saved flags pushed by PHP and not yet pulled */
  uint8_t php_saved[Z3_DISASM_PHP_DEPTH];
} z3_disasm_state;

/* Native mode with the given sizes, carry unknown, data bank dbr. */
void z3_disasm_state_init(z3_disasm_state *s, bool m8, bool x8, uint8_t dbr);
/* Applies what insn does to M, X, E and carry. */
void z3_disasm_track(z3_disasm_state *s, const z3_insn *insn);
/* Decodes under s and then tracks: the call a linear listing makes. */
bool z3_disasm_next(z3_disasm_read_fn read, void *user, uint32_t address, z3_disasm_state *s,
                    z3_insn *out, uint32_t *bad_address);

/* ---- overrides -------------------------------------------------------------- */

/* "At this address the flags are ...": for code that tracking cannot follow
 * (a routine entered with other sizes, flags set by a PLP of unknown origin).
 * Each field is -1 (keep), 0 or 1. */
typedef struct z3_disasm_assume {
  uint32_t address;
  int8_t m8, x8, e;
} z3_disasm_assume;

struct z3_symbols;

/*
 * Parses "ADDR=FLAGS[;ADDR=FLAGS...]" where ADDR is $BB:AAAA, BB:AAAA, 0xBBAAAA
 * or a label of syms (may be NULL), and FLAGS is a comma list of m8, m16, x8,
 * x16, emu (emulation mode) and native. Fills at most max entries.
 */
z3_status z3_disasm_parse_assume(const char *text, const struct z3_symbols *syms,
                                 z3_disasm_assume *out, size_t max, size_t *count, z3_error *err);
/* Applies every entry for `address` to s (emulation forces 8-bit sizes). */
void z3_disasm_apply_assume(z3_disasm_state *s, const z3_disasm_assume *list, size_t count,
                            uint32_t address);

/* ---- formatting ----------------------------------------------------------- */

/* The operand as an assembler reads it: "#$12", "($12),Y", "$8012" (branch
 * targets as the 16-bit address), "$7E,$7F" (MVN src,dst); "" when none.
 * Writes at most cap bytes including the NUL; returns the length. */
size_t z3_disasm_operand_text(const z3_insn *insn, char *out, size_t cap);
/* "LDA #$12" */
size_t z3_disasm_instruction_text(const z3_insn *insn, char *out, size_t cap);
/* The name of the target, when syms has a label for it (also through the
 * low-RAM and FastROM mirrors); NULL otherwise. syms may be NULL. */
const char *z3_disasm_target_label(const z3_insn *insn, const struct z3_symbols *syms);
/* One listing line like a trace: address, bytes, instruction, label at the
 * address, comment (target with its label, flag changes). No newline. */
z3_status z3_disasm_format_line(const z3_insn *insn, const struct z3_symbols *syms, z3_buf *out,
                                z3_error *err);

#endif
