/* Shared by the doctor's check files (see doctor.h). */
#ifndef Z3_ZELDA3_DOCTOR_INTERNAL_H
#define Z3_ZELDA3_DOCTOR_INTERNAL_H

#include "zelda3/doctor.h"

/* Adds a finding of kind `id` (which must be in z3_doctor_kinds); repair
 * (stolen, may be NULL) is an array of {"tool","args"}. Returns the finding,
 * or NULL when memory ran out (report->oom is set). */
z3_finding *z3_doctor__add(z3_doctor_report *r, const char *id, const char *structure, long sid, long offset,
                           json_t *repair, const char *fmt, ...) Z3_PRINTF(7, 8);
/* One command of a repair: {"tool": tool, "args": args (stolen)}. */
json_t *z3_doctor__command(const char *tool, json_t *args);

void z3_doctor__dungeon(const z3_rom *rom, z3_doctor_report *r);
struct z3_dungeon;
/* The pause-screen maps (doctor_dungeon_map.c); d (may be NULL) judges whether a room has content. */
void z3_doctor__dungeon_maps(const z3_rom *rom, const struct z3_dungeon *d, z3_doctor_report *r);
/* say_why_unreadable: report a dungeon that does not load (when the dungeon doctor does not run). */
void z3_doctor__sprites(const z3_rom *rom, z3_doctor_report *r, bool say_why_unreadable);
void z3_doctor__overworld(const z3_rom *rom, z3_doctor_report *r);
void z3_doctor__graphics(const z3_rom *rom, z3_doctor_report *r);
void z3_doctor__messages(const z3_rom *rom, z3_doctor_report *r);
void z3_doctor__overlaps(const z3_rom *rom, z3_doctor_report *r);

#endif
