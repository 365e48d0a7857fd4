/* Helpers shared by the dungeon_*.c files only. */
#ifndef Z3_ZELDA3_DUNGEON_INTERNAL_H
#define Z3_ZELDA3_DUNGEON_INTERNAL_H

#include <stdarg.h>

#include "zelda3/dungeon.h"

uint32_t z3_dungeon__long(const z3_rom *rom, size_t pc);
uint16_t z3_dungeon__word(const z3_rom *rom, size_t pc);
void z3_dungeon__chest_note(z3_dungeon *d, const char *fmt, ...) Z3_PRINTF(2, 3);

/* Free space for `need` bytes that stays inside one LoROM bank and overlaps
 * no room data; when `bank` is >= 0 only that bank is searched. Same regions
 * as z3_rom_find_free. */
z3_status z3_dungeon__alloc(const z3_dungeon *d, const z3_rom *rom, size_t need, int bank, size_t *out,
                            z3_error *err);

/* Layouts and overlays (dungeon_lists.c): read through their tables, written when dirty. */
z3_status z3_dungeon__load_lists(const z3_rom *rom, z3_dungeon *d, z3_error *err);
void z3_dungeon__free_lists(z3_dungeon *d);
z3_status z3_dungeon__save_lists(z3_dungeon *d, z3_rom *rom, z3_error *err);
void z3_dungeon__append_note(char **notes, const char *fmt, va_list ap);

#endif
