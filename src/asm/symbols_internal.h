/* Shared between symbols.c and symbols_parse.c; asm/ only. */
#ifndef Z3_ASM_SYMBOLS_INTERNAL_H
#define Z3_ASM_SYMBOLS_INTERNAL_H

#include "asm/symbols.h"

z3_status z3_symbols__parse_wla(z3_symbols *s, const char *text, size_t len, const char *name,
                                z3_error *err);
z3_status z3_symbols__parse_ca65(z3_symbols *s, const char *text, size_t len, const char *name,
                                 z3_error *err);
z3_status z3_symbols__parse_vice(z3_symbols *s, const char *text, size_t len, const char *name,
                                 z3_error *err);
z3_status z3_symbols__parse_mesen(z3_symbols *s, const char *text, size_t len, const char *name,
                                  const z3_symbols_map *map, z3_error *err);
/* Content tests for detection: one line, without its newline. */
bool z3_symbols__looks_like_mesen(const char *line, size_t n);
bool z3_symbols__looks_like_wla(const char *line, size_t n);

#endif
