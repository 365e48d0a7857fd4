/*
 * server/mcp: z3ed as a Model Context Protocol server on stdio.
 *
 * One JSON-RPC 2.0 message per line in, one per line out; nothing else is
 * ever written to `out`. Both protocol eras are served by the same loop:
 *   handshake   an `initialize` picks 2025-11-25, 2025-06-18, 2025-03-26 or
 *               2024-11-05 (an unknown version gets 2025-11-25); batches
 *               only under 2025-03-26;
 *   stateless   a request whose params._meta names
 *               "io.modelcontextprotocol/protocolVersion" (2026-07-28), and
 *               server/discover, are served on their own, with resultType,
 *               ttlMs and cacheScope in the results.
 *
 * Every command an agent may call is a tool (agent/tools.h; commands for
 * people only are not listed): tool calls run with the agent safety rules
 * on, so without a proposal sandbox anything that would write a file is
 * refused with the reason (dry_run still previews); with --proposal, writes
 * go to that proposal's sandbox and every call is logged in it.
 * Tool calls and resource reads run one at a time on a worker thread, so
 * ping, cancellation and the lists stay answered while a long call runs; the
 * answer of a cancelled call is dropped. While it serves, every fork in the
 * process waits until the server's threads hold no lock (mcp_jobs.c).
 *
 * Resources: the ROM's state, header, sheets and palettes, the catalog and
 * the proposals of the state folder, plus templates (z3ed://rom/bank/{bank},
 * z3ed://proposal/{id}, ...). Prompts: inspect-rom, recolor-palette,
 * review-proposal, compare-roms.
 */
#ifndef Z3_SERVER_MCP_H
#define Z3_SERVER_MCP_H

#include <stdio.h>

#include "agent/tools.h"

/* How a tool is run; z3_tool_call unless a test or the fuzzer substitutes one.
 * May be called from two threads at once (a resource read while a call runs). */
typedef z3_status (*z3_mcp_tool_runner)(void *ctx, const z3_tool_session *s, const char *name,
                                        const json_t *args, z3_tool_result *out);

typedef struct z3_mcp_options {
  const char *rom_path;         /* default ROM for tools and the z3ed://rom resources; NULL = none */
  const char *toolsets;         /* comma-separated: tools/list lists only these toolsets (every
                                   tool stays callable and describable); NULL = all */
  size_t tools_page_size;       /* tools per tools/list page; 0 = 64 */
  int64_t proposal_id;          /* work inside this open proposal's sandbox (its ROM is the
                                   default; calls are logged in it); 0 = none, and then
                                   every write is refused */
  bool read_only;               /* with rom_path and no proposal: refuse writes instead of
                                   opening a session proposal on the first one */
  bool allow_processes;         /* tools that start programs (builds, test runners) may run */
  const char *state_dir;        /* audit log folder; NULL = $Z3ED_HOME, else .z3ed */
  bool no_audit;                /* write no audit log (fuzzing) */
  const char *log_level;        /* stderr diagnostics from this level up; NULL = "warning" */
  FILE *diag;                   /* diagnostics; NULL = stderr */
  double max_seconds;           /* per tool call; 0 = 60 */
  size_t max_output_bytes;      /* per tool result; 0 = 1 MiB */
  double progress_interval;     /* seconds between progress ticks; 0 = 1 */
  bool synchronous;             /* run tools on the reading thread: no worker (fuzzing) */
  z3_mcp_tool_runner run_tool;  /* NULL = z3_tool_call */
  void *run_tool_ctx;
} z3_mcp_options;

enum { Z3_MCP_MAX_LINE = 16 << 20 }; /* longer input lines are refused, not buffered */

/*
 * Serves until `in` ends, then finishes the calls already received and
 * returns 0. Returns non-zero only when it cannot start (bad options,
 * a thread that cannot be made); the reason goes to the diagnostics stream.
 * `in` may be any stream; when it has a file descriptor it is read with
 * read(2), so a blocked read never holds a stdio lock a tool call needs.
 * opts may be NULL.
 */
int z3_mcp_serve(FILE *in, FILE *out, const z3_mcp_options *opts);

/* The Streamable HTTP transport (MCP 2025-11-25), mcp_http*.c. */
typedef struct z3_mcp_http_options {
  const char *listen;           /* "HOST:PORT" (PORT 0: any free port) */
  const char *token;            /* the bearer token every request must carry; NULL = none
                                   (refused unless HOST is a loopback address) */
  const char *allowed_origins;  /* comma-separated Origin values accepted besides the
                                   endpoint's own; NULL = none */
  const char *const *child_args; /* options for each session's `z3ed mcp` (NULL-ended) */
  const char *exe;              /* the z3ed a session runs; NULL = this executable */
  int max_sessions;             /* 0 = 16; the least recently used idle one makes room */
  FILE *ready;                  /* gets "http://HOST:PORT/mcp\n" once listening; may be NULL */
} z3_mcp_http_options;

/*
 * Serves one endpoint, /mcp: POST a JSON-RPC message (answers are
 * application/json; notifications and responses get 202), DELETE ends the
 * session, GET is 405 (no server-initiated stream). An initialize opens a
 * session (MCP-Session-Id); every other message must name a live one (404 for
 * an unknown or ended id). A foreign Origin gets 403, a missing or wrong token
 * 401. Runs until SIGINT or SIGTERM, then ends the sessions and returns 0;
 * non-zero when it cannot start (the reason on stderr).
 */
int z3_mcp_http_serve(const z3_mcp_http_options *opts);

/*
 * `z3ed mcp [--rom R | --proposal ID] [--toolsets A,B] [--project DIR] [--log-level L]`: moves into DIR (so
 * relative paths, --rom included, and the state folder .z3ed are the
 * project's), keeps stray writes to stdout away from the protocol, ignores
 * SIGPIPE and serves stdin/stdout. Returns the process exit code.
 */
int z3_mcp_main(int argc, char **argv);

#endif
