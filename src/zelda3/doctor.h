/*
 * zelda3/doctor: checks that find what breaks a game, on top of the world
 * model's own readers and limits (dungeon.h, overworld.h, gfx.h, text.h,
 * sprite.h, entrance.h, romap.h) and the header checks `rom validate` runs
 * (snes/header_check.h).
 *
 * A finding has a stable kind id ("dungeon.too_many_sprites"), a severity,
 * where (structure, id, file offset) and why. Kinds with a safe repair carry
 * it as table commands ({"tool", "args"} in the agent layer's tool spelling),
 * one repair per finding, which `doctor --fix` (agent/) runs in a proposal's
 * sandbox so a person accepts them one by one. Nothing here writes the ROM.
 *
 * Scopes: rom (everything), dungeon, overworld, graphics, sprite, message.
 * A model that cannot be read is itself a finding (the *.unreadable kinds)
 * and its other checks are skipped.
 */
#ifndef Z3_ZELDA3_DOCTOR_H
#define Z3_ZELDA3_DOCTOR_H

#include <jansson.h>

#include "snes/rom.h"

typedef enum z3_doctor_scope {
  Z3_DOCTOR_ROM = 0, /* every scope, plus the header and overlapping data */
  Z3_DOCTOR_DUNGEON,
  Z3_DOCTOR_OVERWORLD,
  Z3_DOCTOR_GRAPHICS,
  Z3_DOCTOR_SPRITE,
  Z3_DOCTOR_MESSAGE,
  Z3_DOCTOR_SCOPE_COUNT
} z3_doctor_scope;

/* "rom", "dungeon", ... in enum order, NULL-terminated (the command table's choices). */
extern const char *const z3_doctor_scope_names[];

typedef enum z3_severity { Z3_SEVERITY_ERROR = 0, Z3_SEVERITY_WARNING, Z3_SEVERITY_INFO } z3_severity;
const char *z3_severity_name(z3_severity s); /* "error", "warning", "info" */

typedef struct z3_doctor_kind {
  const char *id;        /* stable: "<scope>.<what>" */
  z3_doctor_scope scope; /* the doctor that reports it */
  z3_severity severity;
  const char *about;     /* what it means for the game */
  const char *repair;    /* the automatic repair, or NULL: none is safe */
} z3_doctor_kind;

extern const z3_doctor_kind z3_doctor_kinds[];
extern const size_t z3_doctor_kind_count;
const z3_doctor_kind *z3_doctor_kind_find(const char *id);

typedef struct z3_finding {
  const z3_doctor_kind *kind;
  char structure[24];    /* "room", "sheet", "message", "header", "entrance", "exit", "area", ... */
  long id;               /* the structure's number, or -1 */
  long offset;           /* file offset of the bytes at fault, or -1 */
  char why[256];
  json_t *repair;        /* array of {"tool", "args"}, or NULL */
} z3_finding;

typedef struct z3_doctor_report {
  z3_finding *items;
  size_t count, cap;
  int errors, warnings, infos;
  int repairable;        /* findings with a repair */
  bool oom;              /* a finding was dropped for want of memory */
} z3_doctor_report;

/* Runs the scope's checks on rom. Fails only for want of memory; what is
 * wrong with the ROM is in the report. */
z3_status z3_doctor_run(const z3_rom *rom, z3_doctor_scope scope, z3_doctor_report *out, z3_error *err);
void z3_doctor_report_release(z3_doctor_report *r);

/* {"kind","severity","structure","id","offset","address","why","repair","commands"}. */
json_t *z3_finding_json(const z3_rom *rom, const z3_finding *f);
/* The kinds table as JSON: id, scope, severity, about, repair. */
json_t *z3_doctor_kinds_json(void);

#endif
