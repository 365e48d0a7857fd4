/* Private to src/emu/conformance*.c: one parsed test and the runner's state. */
#ifndef Z3_EMU_CONFORMANCE_INTERNAL_H
#define Z3_EMU_CONFORMANCE_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>

#include "emu/conformance.h"
#include "emu/cpu.h"

/* The registers of a state, in the order they are compared and reported. */
enum { REG_PC, REG_PBR, REG_A, REG_X, REG_Y, REG_S, REG_D, REG_DBR, REG_P, REG_E, REG_COUNT };
extern const char *const z3_conf_reg_names[REG_COUNT];

typedef struct conf_state {
  uint32_t reg[REG_COUNT];
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

/* Reads test `index` of a vector file into *t (which points into `json`).
 * `file` names the file in errors. */
z3_status z3_conf_parse_test(const json_t *json, size_t index, const char *file, conf_test *t,
                             z3_error *err);

enum { CONF_TRACE_MAX = 64 };
typedef struct conf_cycle {
  char kind; /* 'r', 'w' or 'i' (internal) */
  uint8_t value;
  uint32_t addr;
} conf_cycle;

struct z3_conf_runner {
  uint8_t *mem; /* the flat 16 MiB address space */
  uint32_t *touched; /* addresses written since the last clean-up */
  size_t touched_len, touched_cap;
  bool touched_overflow; /* too many to list: clear everything */
  size_t max_failures;
  z3_conf_report rep;
  z3_cpu cpu;
  conf_cycle trace[CONF_TRACE_MAX]; /* the first bus cycles of the current test */
  size_t trace_len;
};

/* Runs one parsed test and adds it to the report under files[file_index]. */
void z3_conf_run_test(z3_conf_runner *run, const conf_test *t, size_t file_index);

#endif
