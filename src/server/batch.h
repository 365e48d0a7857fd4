/*
 * server/batch: `z3ed batch`, many commands in one process.
 *
 * Input (a file or stdin), one command per line; blank lines and lines
 * starting with # are skipped:
 *   CLI syntax   rom info --rom game.sfc          (a leading "z3ed" is allowed;
 *                'single' and "double" quotes and \ escapes as in a shell)
 *   JSON         {"command": "rom info", "args": {"rom": "game.sfc"}}
 *                ("command" may also be a tool name such as rom_info; args
 *                as MCP tool arguments: flag names with _ or -, lists as arrays)
 * Output: one JSON line per command: {"line":N,"ok":true,"command":"rom info",
 * "result":{...}} or {"line":N,"ok":false,"error":{"code","message","hint"}}.
 * ROMs stay loaded between commands while their files are unchanged.
 */
#ifndef Z3_SERVER_BATCH_H
#define Z3_SERVER_BATCH_H

#include <stdio.h>

#include "cmd/cmd.h"

enum { Z3_BATCH_MAX_WORDS = 2 * Z3_MAX_ARGS + 8 };

typedef struct z3_batch_line {
  char *words[Z3_BATCH_MAX_WORDS];
  int count;    /* 0 for a blank line or a comment */
} z3_batch_line;

/*
 * Splits one input line (no newline; not NUL-terminated) into the words the
 * CLI parser takes. JSON lines are mapped through the tool argument rules.
 * Errors name the column (CLI) or the JSON member; nothing is kept then.
 */
z3_status z3_batch_parse_line(const char *line, size_t len, z3_batch_line *out, z3_error *err);
void z3_batch_line_release(z3_batch_line *l);

/* `z3ed batch [FILE] [--keep-going] [--save each|end] [--no-backup]`; the exit code. */
int z3_batch_main(int argc, char **argv);

#endif
