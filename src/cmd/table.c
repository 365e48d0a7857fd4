/*
 * THE command table, assembled. Each family declares its commands in its own
 * table file, in the folder of the module that owns them (src/cmd/table_rom.c,
 * src/agent/table_proposal.c, ...), and registers the array with
 * Z3_COMMAND_SECTION(array, order) before main(). This file only joins the
 * sections by order into the one array everything else reads (parsing, help,
 * completion, catalog, MCP schemas, docs/commands.md); it names no family, so
 * cmd/ depends on none of the modules above it. See cmd.h for the recipes.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmd/cmd.h"

enum { MAX_SECTIONS = 64, MAX_COMMANDS = 512 };

typedef struct section {
  const z3_command *commands;
  int order;
} section;

static section sections[MAX_SECTIONS]; /* ascending order */
static size_t section_count;
static z3_command joined[MAX_COMMANDS];

const z3_command *z3_commands = joined;
size_t z3_command_count;

static _Noreturn void table_bug(const char *what) {
  fprintf(stderr, "z3ed: internal error in the command table: %s\n", what);
  abort();
}

static void rejoin(void) {
  z3_command_count = 0;
  for (size_t s = 0; s < section_count; s++) {
    for (const z3_command *c = sections[s].commands; c->resource; c++) {
      if (z3_command_count == MAX_COMMANDS) table_bug("more than 512 commands; raise MAX_COMMANDS");
      joined[z3_command_count++] = *c;
    }
  }
}

/* Runs from constructors, one section at a time, before any thread exists;
 * rejoining on each keeps the table whole whatever order they run in. */
void z3_command_section_add(const z3_command *commands, int order) {
  if (section_count == MAX_SECTIONS) table_bug("more than 64 sections; raise MAX_SECTIONS");
  size_t i = section_count++;
  for (; i > 0 && sections[i - 1].order > order; i--) sections[i] = sections[i - 1];
  if (i > 0 && sections[i - 1].order == order) table_bug("two sections registered with one order");
  sections[i] = (section){commands, order};
  rejoin();
}
