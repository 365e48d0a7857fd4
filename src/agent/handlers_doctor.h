/* Handler of the doctor commands (table_doctor.c); agent/ only. */
#ifndef Z3_AGENT_HANDLERS_DOCTOR_H
#define Z3_AGENT_HANDLERS_DOCTOR_H

#include "cmd/cmd.h"

/* doctor rom|dungeon|overworld|graphics|sprite|message: the action names the scope. */
z3_status cmd_doctor(z3_cmd_ctx *ctx, z3_error *err);

#endif
