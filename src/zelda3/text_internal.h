/* Pieces of the text codec shared between text*.c files; zelda3/ only. */
#ifndef Z3_ZELDA3_TEXT_INTERNAL_H
#define Z3_ZELDA3_TEXT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "zelda3/text.h"

enum {
  Z3_TEXT_GLYPH_COUNT = 0x5F, /* bytes 0x00-0x5E have a character or symbol */
  Z3_TEXT_CMD_FIRST = 0x67,
  Z3_TEXT_CMD_LAST = 0x7E,
};

typedef struct z3_text_command {
  uint8_t byte;
  const char *name; /* token name without brackets; NULL = written as [BYTE:xx] */
  int args;         /* argument bytes: 0 or 1 */
} z3_text_command;

/* "A", "[UP]" ...; NULL above 0x5E. */
const char *z3_text__glyph(uint8_t byte);
/* Byte of a bracketed symbol token ("[UP]", any case), or -1. */
int z3_text__glyph_named(const char *token, size_t len);
const z3_text_command *z3_text__command(uint8_t byte);
const z3_text_command *z3_text__command_named(const char *name, size_t len);
bool z3_text__is_plain_byte(uint8_t b);
/* The expanded bank's messages fit where they would be written (no-op without one). */
z3_status z3_text__exp_check(const z3_text *t, const z3_rom *rom, z3_error *err);

#endif
