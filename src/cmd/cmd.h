/*
 * cmd: the command table, the single source of truth for every command.
 *
 * Argument parsing and validation, --help text, shell completion, the agent
 * catalog (`agent describe`) and docs/commands.md all read z3_commands[].
 *
 * Adding a command (the whole recipe):
 *   1. write a handler `z3_status cmd_<resource>_<action>(z3_cmd_ctx *, z3_error *)`
 *      in its family's folder (src/cmd/cmd_<resource>.c for ROM work,
 *      src/agent/cmd_*.c for the agent layer, ...): it reads arguments through
 *      z3_arg_*, changes the ROM only through z3_rom_write (or files through
 *      z3_cmd_write_file), fills ctx->result, and never prints;
 *   2. add one entry to the family's table file (table_<family>.c beside the
 *      handlers);
 *   3. run `make docs` to regenerate docs/commands.md and the surface manifest
 *      (tests fail when stale) and add a CLI case under tests/cli/cases/.
 * The dispatcher does the rest from the entry's flags: loads --rom, enforces
 * --dry-run, writes atomically with a backup, honours --output.
 *
 * Adding a command family (a new module's commands, or a new area of one):
 * one table file in the module's own folder holding a static array of entries
 * ended by END_OF_SECTION and one line, Z3_COMMAND_SECTION(array, order), that
 * registers it when the program loads. cmd/ never names the families above
 * it; arrows point down only (tests/arch/layers.sh checks every include).
 *
 * Results: handlers add fields to ctx->result (a jansson object) with the
 * `_new` setters; the app renders it as text, JSON or YAML.
 */
#ifndef Z3_CMD_H
#define Z3_CMD_H

#include <jansson.h>

#include "base/base.h"
#include "snes/rom.h"

typedef enum z3_arg_type {
  Z3_ARG_STRING = 0,
  Z3_ARG_INT,     /* decimal, 0x-hex or $-hex; range min..max when min < max */
  Z3_ARG_ADDRESS, /* SNES address: $BB:AAAA, BB:AAAA, 0xBBAAAA */
  Z3_ARG_PATH,
  Z3_ARG_ENUM,    /* one of `choices` */
  Z3_ARG_BOOL,    /* a flag without a value; true when present */
  Z3_ARG_OUT_PATH,/* a path the command writes (the agent layer keeps these in the sandbox) */
  Z3_ARG_LIST,    /* several values: the flag repeated, or one a,b,c; the handler sees a,b,c */
} z3_arg_type;

typedef struct z3_arg_spec {
  const char *name;             /* without the leading -- */
  z3_arg_type type;
  bool required;
  const char *def;              /* default, as text; NULL = none */
  const char *const *choices;   /* NULL-terminated, for Z3_ARG_ENUM */
  const char *help;
  int64_t min, max;             /* Z3_ARG_INT range when min < max */
} z3_arg_spec;

typedef struct z3_field_spec {
  const char *name;
  const char *type;             /* JSON type: string, integer, boolean, number, object, array */
  const char *help;
} z3_field_spec;

/* What a command may do; the agent layer enforces it. Never renumbered. */
typedef enum z3_safety {
  Z3_SAFETY_READ_ONLY = 0,
  Z3_SAFETY_MUTATES_ROM = 1,
  Z3_SAFETY_WRITES_FILES = 2,
  Z3_SAFETY_RUNS_EMULATOR = 3,
  Z3_SAFETY_NETWORK = 4,
  /* Starts outside programs (compilers, test runners, debuggers, profilers):
   * refused to agents unless the session allows processes. */
  Z3_SAFETY_RUNS_PROCESSES = 5,
} z3_safety;
const char *z3_safety_name(z3_safety s); /* "read-only", "mutates-rom", ... */

/* Flags the dispatcher acts on (git's RUN_SETUP idea). */
enum {
  Z3_CMD_NEEDS_ROM = 1u << 0,   /* --rom is required and loaded into ctx->rom */
  Z3_CMD_MUTATES_ROM = 1u << 1, /* changes in ctx->rom are saved: --dry-run, --output, --no-backup */
  Z3_CMD_WRITES_FILE = 1u << 2, /* writes files through z3_cmd_write_file: --dry-run honoured */
  Z3_CMD_CHECK = 1u << 3,       /* may end with Z3_E_CHECK (exit 1) having filled a result */
  /* Runs other commands with a person's rights, or changes z3ed's own state
   * (proposals, recordings, learned workflows): never callable by an agent. */
  Z3_CMD_PERSON_ONLY = 1u << 4,
  /* May run for seconds or more although it only reads: an agent session runs
   * it in a child process its time limit can stop, like every write. */
  Z3_CMD_RUNS_LONG = 1u << 5,
  /* The handler only forwards the request to another process (a debug
   * session) and writes nothing itself: agent sessions run it in process,
   * since a child would only add a fork to every step. */
  Z3_CMD_FORWARDS = 1u << 6,
};

typedef struct z3_cmd_ctx z3_cmd_ctx;
typedef z3_status (*z3_handler)(z3_cmd_ctx *ctx, z3_error *err);

typedef struct z3_command {
  const char *resource;
  const char *action;
  const char *summary;          /* one line, lowercase start, no full stop */
  const char *description;      /* a paragraph for --help and the catalog */
  unsigned flags;
  z3_safety safety;
  const char *const *effects;   /* NULL-terminated sentences */
  const z3_arg_spec *args;      /* terminated by an entry with name == NULL */
  const z3_field_spec *returns; /* terminated by an entry with name == NULL */
  const char *const *examples;  /* NULL-terminated command lines */
  z3_handler handler;
} z3_command;

/* The joined table (see table.c): z3_commands[0 .. z3_command_count-1]. */
extern const z3_command *z3_commands;
extern size_t z3_command_count;

/* Adds a family's entries (ended by an entry with resource == NULL) to the
 * table. Sections are joined in ascending `order`, which is the order help,
 * completion, the catalog and MCP list them; one resource's sections take
 * neighbouring orders so its commands stay adjacent. Two sections with one
 * order are a programming error (abort). Called by Z3_COMMAND_SECTION. */
void z3_command_section_add(const z3_command *commands, int order);
/* Registers a table file's array before main() runs. The binaries link libz3
 * whole (CMakeLists.txt), so no section is dropped for want of a reference. */
#define Z3_COMMAND_SECTION(commands, order)                                     \
  __attribute__((constructor)) static void z3_register_##commands(void) {       \
    z3_command_section_add(commands, order);                                    \
  }

/* Arguments every command with a flag gets; listed in help and the catalog. */
extern const z3_arg_spec z3_rom_arg_spec;      /* Z3_CMD_NEEDS_ROM */
extern const z3_arg_spec z3_mutate_arg_specs[]; /* Z3_CMD_MUTATES_ROM: output, dry-run, no-backup */
extern const z3_arg_spec z3_dry_run_arg_spec;   /* Z3_CMD_WRITES_FILE */

const z3_command *z3_command_find(const char *resource, const char *action);
bool z3_resource_exists(const char *resource);
/* Closest resource or "resource action" name for "did you mean"; NULL when nothing is close. */
const char *z3_suggest_resource(const char *word);
const char *z3_suggest_action(const char *resource, const char *word);
/* The command's own argument spec by name, including the implied ones. */
const z3_arg_spec *z3_command_arg(const z3_command *cmd, const char *name);
/* Iterates over own and implied args: returns the i-th or NULL past the end. */
const z3_arg_spec *z3_command_arg_at(const z3_command *cmd, size_t i);
/* Tool name for agents: "rom_info", "rom_header_set". Caller frees. */
char *z3_command_tool_name(const z3_command *cmd);
/* Credentials (arguments named *-key, *token, *password, *secret): never written
 * to recordings or logs. A naming rule, so no table entry can forget a flag. */
bool z3_arg_is_secret(const z3_arg_spec *spec);
/* The same rule for a name in either spelling (api-key or api_key, as tool arguments have it). */
bool z3_arg_name_is_secret(const char *name);

/* ---- a parsed invocation ------------------------------------------------- */

enum { Z3_MAX_ARGS = 48 };

typedef enum z3_format { Z3_FORMAT_TEXT = 0, Z3_FORMAT_JSON, Z3_FORMAT_YAML } z3_format;

typedef struct z3_arg_value {
  const z3_arg_spec *spec;
  const char *text;             /* as given (or the default); a repeated list flag: joined by commas */
  char *joined;                 /* owns `text` when a list flag was repeated */
  int64_t number;               /* Z3_ARG_INT, Z3_ARG_ADDRESS, Z3_ARG_BOOL */
  bool given;                   /* on the command line, not from a default */
} z3_arg_value;

struct z3_cmd_ctx {
  const z3_command *cmd;
  z3_arg_value values[Z3_MAX_ARGS];
  size_t value_count;
  z3_format format;
  bool dry_run;
  bool quiet;
  bool no_backup;
  bool help;                    /* --help was given */
  bool keep_checksum;           /* a handler that set the checksum on purpose says so */
  const char *output;           /* --output */
  size_t max_bytes_changed;     /* 0 = no limit; a ROM edit over it is refused before saving */
  const char *rom_path;         /* --rom */
  z3_rom *rom;                  /* loaded by the dispatcher for Z3_CMD_NEEDS_ROM */
  bool rom_borrowed;            /* rom belongs to the ROM cache (see z3_cmd_rom_cache_enable) */
  z3_file_stamp rom_stamp;      /* the ROM file as it was read: an in-place save is refused if it changed since */
  /* z3_cmd_run_on: the ROM is the caller's, kept in memory (never loaded or
   * saved here), and this command's changes start at changes[first_change]. */
  bool rom_caller_owned;
  size_t first_change;
  json_t *result;               /* object the handler fills */
  /* Files the handler wrote through z3_cmd_write_file, replaced together
   * only when the whole command succeeds. */
  z3_write_batch *batch;
};

/*
 * Parses argv (after the program name: "rom", "info", "--rom", "x.sfc" ...)
 * against the table, with global flags accepted anywhere. On success *ctx is
 * ready for z3_cmd_run. Usage errors say which word was wrong and suggest the
 * closest valid one.
 */
z3_status z3_cmd_parse(z3_cmd_ctx *ctx, int argc, char **argv, z3_error *err);
/* Loads the ROM when needed, runs the handler, then saves or reports per the
 * command's flags. On Z3_E_CHECK the result is filled as well. Every
 * registered observer sees the command before and after. */
z3_status z3_cmd_run(z3_cmd_ctx *ctx, z3_error *err);

/* The same on a ROM the caller keeps in memory (an editor's open document):
 * observers, the handler, the checksum rule, the change report and the
 * byte limit as z3_cmd_run does them, but nothing is loaded or saved; the
 * command's changes are appended to rom's change log, and --rom only names
 * the document. ctx->rom is NULL again on return, so releasing ctx leaves
 * rom alone. */
z3_status z3_cmd_run_on(z3_cmd_ctx *ctx, z3_rom *rom, z3_error *err);

/* Watches every command z3_cmd_run runs, from a shell, a script or a tool
 * call, without the dispatcher knowing who watches: `before` gets the parsed
 * command (ROM not loaded yet), `after` the same context with its ROM, result
 * and change log, the status and the error. Calls nest: a command run inside
 * another's handler is seen between the outer one's before and after. */
typedef struct z3_cmd_observer {
  void (*before)(const z3_cmd_ctx *ctx, void *data);
  void (*after)(const z3_cmd_ctx *ctx, z3_status st, const z3_error *err, void *data);
  void *data;
} z3_cmd_observer;
/* Adds an observer (copied); call it from a constructor, before any command runs. */
void z3_cmd_observe(const z3_cmd_observer *observer);
void z3_cmd_ctx_release(z3_cmd_ctx *ctx);

/*
 * The ROM cache of long-lived processes (rom_cache.c). Off by default; when on,
 * commands that do not change the ROM borrow a copy kept loaded while the file
 * on disk stays the same file, and may memoize what they derive from it (a
 * hash) under a key. Memos of a ROM outside the cache are never kept.
 */
void z3_cmd_rom_cache_enable(bool on);
bool z3_cmd_rom_cache_active(void);
/* The one-shot command line maps the ROM (z3_rom_load_mapped) instead of reading it,
 * for commands that do not run long; it handles the SIGBUS that comes with that. */
void z3_cmd_rom_map_enable(bool on);
/* Loads a ROM the command reads (--rom, or another argument naming one): mapped when the
 * process enabled it and the command does not run long, else onto the heap. */
z3_status z3_cmd_load_rom(const z3_cmd_ctx *ctx, const char *path, z3_rom **out, z3_error *err);
/* *borrowed: rom is the cache's (give it back); false: a private copy (free it). */
z3_status z3_cmd_rom_cache_borrow(const char *path, z3_rom **out, bool *borrowed, z3_error *err);
void z3_cmd_rom_cache_give_back(const z3_rom *rom);
/* A new reference, or NULL when nothing is kept for key. */
json_t *z3_cmd_rom_memo(const z3_rom *rom, const char *key);
void z3_cmd_rom_memo_set(const z3_rom *rom, const char *key, json_t *value);

/* Long commands say what they are doing now (a build's latest output line);
 * the front end shows it: a live line on a terminal, the message of MCP
 * progress notifications. One sink per process; without one, nothing. */
typedef void (*z3_progress_sink)(const char *message, void *data);
void z3_cmd_progress_sink(z3_progress_sink sink, void *data);
void z3_cmd_progress(const char *fmt, ...) Z3_PRINTF(1, 2);

/* Argument access for handlers. Unknown names are a programming error (abort). */
bool z3_arg_given(const z3_cmd_ctx *ctx, const char *name);
const char *z3_arg_str(const z3_cmd_ctx *ctx, const char *name);  /* NULL when absent */
int64_t z3_arg_int(const z3_cmd_ctx *ctx, const char *name);      /* 0 when absent */
bool z3_arg_bool(const z3_cmd_ctx *ctx, const char *name);
/* A Z3_ARG_ENUM's value as its index in the spec's choices; -1 when absent. */
int z3_arg_choice(const z3_cmd_ctx *ctx, const char *name);

/* Writes a file on the command's behalf: atomic, backup of a previous file
 * unless --no-backup, and only recorded (not written) under --dry-run. The
 * result gains a "files" entry either way. The files of one command are
 * replaced together after the handler succeeds (one flush for all of them);
 * if the command fails, none is. */
z3_status z3_cmd_write_file(z3_cmd_ctx *ctx, const char *path, const void *data, size_t len,
                            z3_error *err);

/* ---- generated views of the table ---------------------------------------- */

/* The catalog as a JSON value: every command (or one resource's) with
 * arguments, safety, effects, returns, examples. resource may be NULL. */
json_t *z3_catalog_json(const char *resource, const char *version);
/* Help text for the top level, a resource, or one command. Caller frees. */
char *z3_help_text(const char *resource, const z3_command *cmd);
/* Markdown reference of every command (docs/commands.md). Caller frees. */
char *z3_help_markdown(void);
/* Shell completion script for "bash" or "zsh"; NULL for another shell. Caller frees. */
char *z3_completion_script(const char *shell);

/* Hex rendering shared by handlers: "a9 00 8d" (at most max bytes, then "..."). */
char *z3_hex_string(const uint8_t *bytes, size_t len, size_t max);

#endif
