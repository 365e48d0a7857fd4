/* Private to src/emu/conformance*.c: one parsed test and the runner's state. */
#ifndef Z3_EMU_CONFORMANCE_INTERNAL_H
#define Z3_EMU_CONFORMANCE_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>

#include "emu/conformance.h"
#include "emu/cpu.h"
#include "emu/spc700.h"

/* The 65C816's registers, in the order they are compared and reported. */
enum { REG_PC, REG_PBR, REG_A, REG_X, REG_Y, REG_S, REG_D, REG_DBR, REG_P, REG_E, REG_COUNT };
/* The SPC700's. */
enum { SREG_PC, SREG_A, SREG_X, SREG_Y, SREG_SP, SREG_PSW, SREG_COUNT };
enum { CONF_REG_MAX = REG_COUNT };

typedef struct conf_state {
  uint32_t reg[CONF_REG_MAX];
  unsigned present;   /* bit REG_x set when the key is there */
  const json_t *ram;  /* validated list of [address, value] */
} conf_state;

typedef struct conf_test {
  const char *name;
  conf_state initial, final;
  const json_t *cycles; /* validated list of [address, byte or null, pins], or NULL */
  bool has_p_mask;
  uint8_t p_mask;
  bool block_move;
} conf_test;

/* What differs between the processors a runner can test: the registers a
 * state names (with their widths), the memory size, and how to load, run
 * and read back the core. */
typedef struct conf_arch {
  int reg_count;
  const char *const *reg_names;
  const uint32_t *reg_max;
  int p_reg;          /* the status register p_mask applies to, or -1 */
  uint32_t mem_size;  /* a power of two; addresses in files must be below it */
  const char *readme; /* where the vector shape is described, for hints */
  void (*begin)(z3_conf_runner *run, const conf_state *initial); /* core init + registers */
  void (*execute)(z3_conf_runner *run, const conf_test *t);
  void (*read_regs)(const z3_conf_runner *run, uint32_t reg[CONF_REG_MAX]);
  uint32_t (*pc)(const z3_conf_runner *run); /* where the opcode is fetched */
  uint64_t (*cycles)(const z3_conf_runner *run);
} conf_arch;

extern const conf_arch z3_conf_arch_65816, z3_conf_arch_spc700;

/* Reads test `index` of a vector file into *t (which points into `json`).
 * `file` names the file in errors. */
z3_status z3_conf_parse_test(const conf_arch *arch, const json_t *json, size_t index,
                             const char *file, conf_test *t, z3_error *err);

enum { CONF_TRACE_MAX = 64 };
typedef struct conf_cycle {
  char kind; /* 'r', 'w' or 'i' (internal) */
  uint8_t value;
  uint32_t addr;
} conf_cycle;

struct z3_conf_runner {
  const conf_arch *arch;
  uint8_t *mem; /* the flat address space, arch->mem_size bytes */
  uint32_t *touched; /* addresses written since the last clean-up */
  size_t touched_len, touched_cap;
  bool touched_overflow; /* too many to list: clear everything */
  size_t max_failures;
  z3_conf_report rep;
  union {
    z3_cpu cpu;
    z3_spc700 spc;
  };
  conf_cycle trace[CONF_TRACE_MAX]; /* the first bus cycles of the current test */
  size_t trace_len;
};

/* The flat memory as a bus, recording each cycle in `trace`. */
uint8_t z3_conf_bus_read(z3_conf_runner *run, uint32_t addr);
void z3_conf_bus_write(z3_conf_runner *run, uint32_t addr, uint8_t v);
void z3_conf_bus_idle(z3_conf_runner *run);

/* Runs one parsed test and adds it to the report under files[file_index]. */
void z3_conf_run_test(z3_conf_runner *run, const conf_test *t, size_t file_index);

#endif
