/*
 * debug/methods: the session's operations by name, with JSON parameters and
 * results. The socket server, the commands and the MCP server all reach a
 * session through z3_debug_call, so the three always agree.
 *
 * Parameters carry the command's argument names (`count`, `address`, ...):
 * integers as JSON numbers or as text in the CLI's forms ("$7E:0010",
 * "0x10", "$10"). A wrong type or range is Z3_E_USAGE naming the parameter.
 */
#ifndef Z3_DEBUG_METHODS_H
#define Z3_DEBUG_METHODS_H

#include <jansson.h>

#include "debug/debug.h"

/* Runs `method` on the session and fills `result` (an object). Returns
 * Z3_E_NOT_FOUND with a hint listing the methods for an unknown name. */
z3_status z3_debug_call(z3_debug *dbg, const char *method, const json_t *params, json_t *result,
                        z3_error *err);
/* True for a method z3_debug_call knows. */
bool z3_debug_method_exists(const char *method);

#endif
