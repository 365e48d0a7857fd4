/*
 * THE command table. Each area declares its commands in its own file
 * (table_rom.c, table_patch.c, table_gfx.c, table_agent.c, ...); this file
 * lists the sections in the order help and the catalog show them. Everything
 * else (parsing, help, completion, catalog, MCP schemas, docs/commands.md) is
 * derived from the joined table. See cmd.h for the recipe to add a command.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmd/table_macros.h"

extern const z3_command z3_cmds_rom[], z3_cmds_gfx[], z3_cmds_overworld[], z3_cmds_dungeon[],
    z3_cmds_sprite[], z3_cmds_message[], z3_cmds_patch[], z3_cmds_asm[], z3_cmds_emu[],
    z3_cmds_dev[], z3_cmds_agent[], z3_cmds_proposal[], z3_cmds_llm[], z3_cmds_script[];

/* A resource's commands must be adjacent: the agent sections follow each other. */
static const z3_command *const sections[] = {
    z3_cmds_rom,   z3_cmds_gfx,   z3_cmds_overworld, z3_cmds_dungeon, z3_cmds_sprite,
    z3_cmds_message, z3_cmds_patch, z3_cmds_asm,     z3_cmds_emu,     z3_cmds_dev,
    z3_cmds_agent, z3_cmds_proposal, z3_cmds_llm,    z3_cmds_script};

enum { MAX_COMMANDS = 512 };
static z3_command joined[MAX_COMMANDS];

const z3_command *z3_commands = joined;
size_t z3_command_count;

/* Joins the sections before main() so the table reads as one array everywhere. */
__attribute__((constructor)) static void join_sections(void) {
  for (size_t s = 0; s < sizeof sections / sizeof sections[0]; s++) {
    for (const z3_command *c = sections[s]; c->resource; c++) {
      if (z3_command_count == MAX_COMMANDS) {
        fputs("z3ed: internal error: more than 512 commands; raise MAX_COMMANDS\n", stderr);
        abort();
      }
      joined[z3_command_count++] = *c;
    }
  }
}
