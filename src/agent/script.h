/*
 * agent/script: replayable workflows (.z3edscript), recording and learning.
 *
 * A .z3edscript is TOML: metadata (name, description, rom_sha1, created,
 * duration, success, z3ed_version) and [[step]] tables. A step names one
 * command, as `command = "rom header set"` or `tool = "rom_header_set"`, with
 * its arguments in [step.args] under their tool names (max_ranges, dry_run),
 * and optional checks: `expect_exit = N` (the exit code the CLI would give,
 * 0 when absent) and [step.expect] (fields the result must contain).
 *
 * Steps run through z3_tool_call, so a script validates and behaves exactly
 * like the same commands typed by hand.
 *
 * Ownership: everything returned through an out pointer belongs to the
 * caller (json_decref, z3_free, z3_script_release).
 */
#ifndef Z3_AGENT_SCRIPT_H
#define Z3_AGENT_SCRIPT_H

#include <jansson.h>

#include "agent/tools.h"

/* ---- the TOML subset -------------------------------------------------------
 * Tables, arrays of tables, dotted and quoted keys, basic and literal strings
 * (single and multi-line), integers (decimal, 0x, 0o, 0b), floats, booleans,
 * arrays and inline tables. Not supported, each refused with a clear error:
 * dates and times, inf and nan, and the NUL character in strings.
 */

/*
 * Parses TOML into a JSON object (tables -> objects, arrays -> arrays). file
 * names the input in messages, which read "FILE:LINE:COLUMN: what was wrong"
 * (columns count characters, from 1). When positions is not NULL it receives
 * an object mapping each value's path ("step[0].args.rom") to [line, column]
 * of its key or table header.
 */
z3_status z3_toml_parse(const char *text, size_t len, const char *file, json_t **out,
                        json_t **positions, z3_error *err);
/* A TOML document holding `doc` (an object); parsing it gives doc back. NULL
 * when doc holds null or the root is not an object. Caller frees. */
char *z3_toml_write(const json_t *doc);
/* Whether text may stand in a comment: TOML allows no control character there
 * but tab, so a writer that names a file in a comment checks it first. */
bool z3_toml_comment_safe(const char *text);

/* ---- scripts --------------------------------------------------------------- */

typedef struct z3_script_step {
  const char *tool;          /* tool name (rom_header_set), derived from `command` when given that way */
  const char *command;       /* "rom header set" as written, or NULL */
  const z3_command *cmd;     /* NULL when the name is unknown (z3_script_check says so) */
  const json_t *args;        /* object, borrowed from the script's document */
  int expect_exit;           /* 0 unless the step says otherwise */
  const json_t *expect;      /* object or NULL */
  int line, column;          /* of the step's [[step]] header */
} z3_script_step;

typedef struct z3_script {
  char *file;                /* as given, for messages */
  json_t *doc;               /* the parsed TOML */
  json_t *positions;         /* see z3_toml_parse */
  const char *name, *description, *rom_sha1, *created;
  z3_script_step *steps;
  size_t step_count;
  char **tool_names;         /* owned strings behind steps[i].tool */
} z3_script;

/* Parses and checks the shape (keys, types, one of command/tool per step).
 * Tool and argument names are checked by z3_script_check. */
z3_status z3_script_parse(z3_script *out, const char *text, size_t len, const char *file,
                          z3_error *err);
/* Reads a file (at most 4 MiB) and parses it. */
z3_status z3_script_load(z3_script *out, const char *path, z3_error *err);
void z3_script_release(z3_script *s);

/* Checks every step's tool and argument names and argument types against the
 * command table; appends {step, line, column, message, hint} per problem to
 * problems (an array) and returns how many it found. */
size_t z3_script_check(const z3_script *s, json_t *problems);
/* The first problem as an error "FILE:LINE:COL: message" (Z3_E_INVALID); Z3_OK when none. */
z3_status z3_script_check_error(const z3_script *s, z3_error *err);
/* Steps as JSON for `script show`: step, line, tool, command, arguments, checks. */
json_t *z3_script_steps_json(const z3_script *s);

typedef struct z3_script_run_opts {
  const char *rom;                  /* overrides the rom of every step that takes one, or NULL */
  bool dry_run;                     /* passes dry_run to every step that writes */
  bool no_backup;                   /* passes no_backup to every step that takes it */
  bool continue_on_error;           /* run the remaining steps after a failure */
  const z3_tool_session *session;   /* NULL: a person's session (no agent rules) */
} z3_script_run_opts;

/*
 * Runs the steps in order through z3_tool_call. *result gets the per-step
 * results, the ROM's SHA-1 compared with the recorded one (a mismatch is a
 * warning, not a failure), and totals. Returns Z3_OK when every step passed
 * its checks, Z3_E_CHECK when one did not (err names the step, its line and
 * why), or another error when nothing could run (bad script).
 */
z3_status z3_script_run(const z3_script *s, const z3_script_run_opts *o, json_t **result,
                        z3_error *err);

/* SHA-1 of a ROM image as `rom info` reports it (copier header stripped). */
z3_status z3_script_rom_sha1(const char *path, char out[41], z3_error *err);

/* ---- the state folder ------------------------------------------------------ */

/* "<state>/<name>" where state is $Z3ED_HOME, else ".z3ed". Caller frees. */
char *z3_script_state_path(const char *name);
/* Creates a folder and its parents when missing. */
z3_status z3_script_mkdirs(const char *path, z3_error *err);

/* ---- recording (agent/record.c) --------------------------------------------
 * `script record start` leaves <state>/recording.json; while it exists every
 * command that runs through z3_cmd_run appends one line (record.c registers
 * itself as an observer of the dispatcher, see z3_cmd_observe) to
 * <state>/recording.jsonl. Commands that ran other commands (script run, an
 * agent loop) are left out when stopping, since their inner commands are
 * recorded themselves; so are the script and learn commands.
 */

/* Starts recording into `file` (NULL: <state>/recordings/recording-TIME.z3edscript). */
z3_status z3_record_start(const char *file, const char *name, const char *description,
                          json_t *result, z3_error *err);
/* Ends the recording: writes the script (file overrides the one given at start)
 * and removes the recording. Under dry_run nothing is written or removed. */
z3_status z3_record_stop(const char *file, const char *name, const char *description,
                         bool dry_run, json_t *result, z3_error *err);
z3_status z3_record_status(json_t *result, z3_error *err);
/* The script a recording would become, as a JSON document (for tests and stop). */
z3_status z3_record_to_doc(const char *jsonl_path, const json_t *marker, json_t **doc,
                           json_t *result, z3_error *err);

/* ---- learned workflows (agent/script_learn.c) ------------------------------ */

/* Path of the last finished recording, or NULL. Caller frees. */
char *z3_script_last_recording(void);
/* The file of a learned workflow when `name_or_path` is no file but a learned name; else NULL. */
char *z3_script_learned_path(const char *name_or_path);
/* <state>/learned/index.json as {"workflows": [...]}; an empty list when none. */
z3_status z3_script_learned_list(json_t **out, z3_error *err);

/* What `agent learn` writes: the script under its name and the new index.
 * The caller writes both files (as one batch). */
typedef struct z3_script_learned {
  char *script_path, *script_text;   /* <state>/learned/NAME.z3edscript */
  char *index_path, *index_text;     /* <state>/learned/index.json */
  json_t *entry;                     /* the workflow's index entry */
} z3_script_learned;

/* Prepares learning the script `from` (NULL: the last recording) as `name`
 * (lowercase letters, digits, '-', '_'). The script must pass
 * z3_script_check. An existing name is refused unless replace. */
z3_status z3_script_learn(const char *from, const char *name, const char *description, bool replace,
                          z3_script_learned *out, z3_error *err);
void z3_script_learned_release(z3_script_learned *l);

/* A JSON state file z3ed wrote itself (a recording marker, the learned index),
 * or NULL when it is missing, over max_bytes or not JSON. */
json_t *z3_script_read_json_file(const char *path, size_t max_bytes);

#endif
