/* What the method files of debug/ share: the call and parameter readers. */
#ifndef Z3_DEBUG_METHODS_INTERNAL_H
#define Z3_DEBUG_METHODS_INTERNAL_H

#include "debug/methods.h"

typedef struct call {
  z3_debug *dbg;
  const json_t *params;
  json_t *result;
  z3_error *err;
} call;

/* Parameter readers (methods.c): each names the parameter in its errors. */
z3_status bad_param(call *c, const char *name, const char *what);
z3_status param_int(call *c, const char *name, uint64_t def, uint64_t min, uint64_t max, uint64_t *out);
z3_status param_required(call *c, const char *name);
z3_status param_str(call *c, const char *name, const char **out);
z3_status param_bool(call *c, const char *name, bool *out);
/* A number or a loaded label. */
z3_status param_address(call *c, const char *name, uint32_t *out);
/* "region": wram, vram, cgram, oam, sram, apu or bus (default bus). */
z3_status region_param(call *c, z3_snes_region *region);

/* methods_memory.c */
z3_status m_memory_write(call *c);
z3_status m_memory_search(call *c);
z3_status m_snapshot(call *c);
z3_status m_diff(call *c);
/* methods_history.c */
z3_status m_step_back(call *c);
z3_status m_last_write(call *c);
z3_status m_save_state(call *c);
z3_status m_load_state(call *c);
z3_status m_trace_log(call *c);
/* methods_analysis.c */
z3_status m_check(call *c);
z3_status m_analyze(call *c);
z3_status m_references(call *c);
/* game_state.c */
z3_status m_game_state(call *c);

#endif
