/* server/mcp: what the server's files share. Not a public header. */
#ifndef Z3_SERVER_MCP_INTERNAL_H
#define Z3_SERVER_MCP_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "agent/proposal.h"
#include "server/mcp.h"

/* JSON-RPC and MCP error codes (agent-protocols §1.9). */
enum {
  MCP_PARSE_ERROR = -32700,
  MCP_INVALID_REQUEST = -32600,
  MCP_METHOD_NOT_FOUND = -32601,
  MCP_INVALID_PARAMS = -32602,
  MCP_INTERNAL_ERROR = -32603,
  MCP_RESOURCE_NOT_FOUND = -32002,      /* handshake era; stateless uses -32602 */
  MCP_UNSUPPORTED_VERSION = -32022,     /* stateless era */
};

/* RFC 5424 order, as MCP's logging levels. */
typedef enum mcp_level {
  MCP_DEBUG = 0, MCP_INFO, MCP_NOTICE, MCP_WARNING, MCP_ERROR, MCP_CRITICAL, MCP_ALERT, MCP_EMERGENCY,
  MCP_LOG_OFF,
} mcp_level;

#define MCP_LATEST_HANDSHAKE "2025-11-25"
#define MCP_STATELESS "2026-07-28"
#define MCP_META_VERSION "io.modelcontextprotocol/protocolVersion"

typedef struct mcp_server {
  z3_mcp_options opts;          /* defaults filled in */
  FILE *out, *diag;
  pthread_mutex_t out_lock;     /* one whole line at a time on `out` */
  pthread_mutex_t lock;         /* everything below */
  bool out_failed;              /* the client is gone: stop reading */
  bool initialized;             /* initialize was answered */
  char version[16];             /* the negotiated handshake revision */
  mcp_level log_level;          /* handshake era: notifications/message from here up */
  mcp_level diag_level;         /* stderr from here up */
  z3_tool_session session;
  char *state_dir, *audit_path;
  char *instructions;           /* what initialize and server/discover tell the client */
  z3_proposal proposal;         /* --proposal: the session works in its sandbox */
  bool has_proposal;
  /* Session proposals (mcp_session.c): with --rom and no --proposal, the first
   * write opens (or resumes) a proposal of that ROM; the worker alone touches these. */
  bool session_proposals;       /* allowed in this server */
  bool session_opened;          /* has_proposal came from a session proposal */
  char *real_rom;               /* the ROM a person named, before the sandbox took its place */
  char *client_name;            /* from initialize (under lock) */
  char session_id[33];          /* random, for the audit log */
  json_t *tools;                /* every tool an agent may call, adjusted once for the default ROM */
  json_t *listed;               /* what tools/list pages through: describe_tools, then --toolsets' tools */
  /* the worker: a FIFO of jobs, one running at a time (mcp_jobs.c) */
  pthread_t worker;
  bool worker_started, closing;
  pthread_cond_t wake, finished;
  struct mcp_job *queue_head, *queue_tail, *running;
  atomic_bool cancel_running;   /* the session's cancel flag: set for the running job, cleared per job */
  /* fast calls on the reading thread (mcp_tools.c): only with the real runner */
  bool inline_calls;
  json_t *seconds_by_tool;      /* how long each tool's last call took (under lock) */
  struct mcp_reader *reader;    /* to see whether more input waits */
  char *debug_session;          /* mcp_debug.c: the connection's own debug session, or NULL */
} mcp_server;

/* One request or notification being handled. */
typedef struct mcp_request {
  json_t *id;                   /* NULL for a notification; borrowed from msg */
  const char *method;
  json_t *params;               /* an object or NULL */
  char version[16];             /* the revision this request is served under */
  bool stateless;
  mcp_level log_level;          /* stateless: from _meta (default off); handshake: unused */
  json_t *progress_token;       /* borrowed; NULL when none */
  json_t *batch;                /* answers are collected here instead of written */
} mcp_request;

/* ---- set-up (mcp_setup.c) ------------------------------------------------------ */

/* Fills s from opts; non-zero (the exit code, the reason on diag) when it cannot serve. */
int mcp_server_init(mcp_server *s, FILE *out, const z3_mcp_options *opts);
void mcp_server_release(mcp_server *s);

/* ---- output (mcp_io.c) ------------------------------------------------------ */

/* Writes msg as one line (steals the reference). */
void mcp_send(mcp_server *s, json_t *msg);
/* True once a write failed: the client is gone and nothing more is read or run. */
bool mcp_client_gone(mcp_server *s);
/* Answers r with result (stolen): adds the stateless members when r is stateless. */
void mcp_reply(mcp_server *s, const mcp_request *r, json_t *result);
/* Answers r (or, with r == NULL, no id) with an error; data is stolen and may be NULL. */
void mcp_reply_error(mcp_server *s, const mcp_request *r, int code, json_t *data, const char *fmt, ...)
    Z3_PRINTF(5, 6);
void mcp_notify(mcp_server *s, const char *method, json_t *params);
/* A log line: to stderr from diag_level up, and as notifications/message to the
 * client from the level it asked for (r: the request it concerns, or NULL). */
void mcp_log(mcp_server *s, const mcp_request *r, mcp_level level, json_t *data, const char *fmt, ...)
    Z3_PRINTF(5, 6);
bool mcp_parse_level(const char *name, mcp_level *out);
/* True when the revision of r has the feature that came with `since`. */
bool mcp_since(const mcp_request *r, const char *since);
/* params[key] as a string, or NULL. */
const char *mcp_param_str(const mcp_request *r, const char *key);

/* Reads lines from a stream: read(2) when it has a descriptor, else getline. */
typedef struct mcp_reader {
  FILE *fp;
  int fd;
  char *buf;
  size_t len, cap, scan;        /* bytes held, room, how far a newline was searched */
  bool eof, skipping;           /* skipping: the rest of an over-long line */
} mcp_reader;
void mcp_reader_init(mcp_reader *rd, FILE *fp);
void mcp_reader_release(mcp_reader *rd);
/* Next line without its "\n" (caller frees), NULL at the end. *too_long is set
 * for a line over Z3_MCP_MAX_LINE, which comes back empty. */
char *mcp_reader_next(mcp_reader *rd, size_t *len, bool *too_long);
/* True when input is buffered or readable right now (never blocks). */
bool mcp_reader_pending(const mcp_reader *rd);
/* True when no job is queued or running. */
bool mcp_worker_idle(mcp_server *s);

/* ---- jobs: requests that run commands (mcp_jobs.c) ----------------------------- */

typedef struct mcp_job mcp_job;
typedef void (*mcp_job_fn)(mcp_server *s, mcp_job *job);

struct mcp_job {
  mcp_job *next;
  mcp_server *s;
  mcp_request req;              /* id, params and progress_token are the job's own copies */
  mcp_job_fn run;
  char *label;                  /* the tool name or URI, for logs */
  bool cancelled, waited, finished; /* under s->lock */
  bool done;                    /* the call thread ended (under s->lock) */
  double progress;              /* the last value sent: it must keep growing */
  pthread_cond_t done_cond;
  z3_tool_result result;
};

/* Runs r's work as a job: queued for the worker, waited for inside a batch,
 * or at once when there is no worker. */
void mcp_submit(mcp_server *s, mcp_request *r, mcp_job_fn run, const char *label);
mcp_job *mcp_job_new(mcp_server *s, const mcp_request *r, mcp_job_fn run, const char *label);
void mcp_job_free(mcp_job *job);
bool mcp_job_cancelled(mcp_server *s, mcp_job *job);
/* notifications/cancelled: drops a queued job or marks the running one. */
void mcp_cancel(mcp_server *s, const json_t *request_id);
bool mcp_worker_start(mcp_server *s);
/* Lets the queue drain, then joins the worker. */
void mcp_worker_stop(mcp_server *s);
/* Runs a tool with the session's rules; called only from jobs (see mcp_jobs.c). */
z3_status mcp_run_tool(mcp_server *s, const char *name, json_t *args, z3_tool_result *out);
/* The busy lock: held by a server thread while it works, so a fork waits. */
void mcp_busy(void);
void mcp_idle(void);

/* Before a call runs on the worker: opens the session proposal when this call
 * writes and none is open, and points a "rom" argument naming the real ROM at the
 * sandbox. Returns the arguments to run with (a new reference) or NULL after
 * filling job->result with the reason it cannot. */
json_t *mcp_session_prepare(mcp_server *s, mcp_job *job);
/* After a writing call in a session proposal: the proposal, its diff and how a
 * person accepts it, as a text block (added to content) and _meta. */
void mcp_session_annotate(mcp_server *s, const char *tool, json_t *call_result);
void mcp_session_release(mcp_server *s);

/* ---- the connection's debug session (mcp_debug.c) ------------------------------------- */

/* A debug tool without `session` gets the connection's (started on first
 * use); non-zero with res filled when none can be started. */
z3_status mcp_debug_prepare(mcp_server *s, const char *tool, json_t *args, z3_tool_result *res);
/* After a call: a debug_stop of the connection's session forgets it. */
void mcp_debug_finished(mcp_server *s, const char *tool, const json_t *args);
/* Stops the connection's session, if any. */
void mcp_debug_release(mcp_server *s);

/* Appends a finished tools/call to the proposal's command log (with --proposal). */
void mcp_log_to_proposal(mcp_server *s, mcp_job *job);

/* ---- methods (mcp_tools.c, mcp_resources.c, mcp_prompts.c) ------------------- */

void mcp_tools_list(mcp_server *s, mcp_request *r);
void mcp_tools_call(mcp_server *s, mcp_request *r);

void mcp_resources_list(mcp_server *s, mcp_request *r);
void mcp_resource_templates_list(mcp_server *s, mcp_request *r);
void mcp_resources_read(mcp_server *s, mcp_request *r);

void mcp_prompts_list(mcp_server *s, mcp_request *r);
void mcp_prompts_get(mcp_server *s, mcp_request *r);

/* Rejects a cursor (only tools/list hands them out); true when the request may go on. */
bool mcp_check_cursor(mcp_server *s, const mcp_request *r);
/* Adds ttlMs and cacheScope to a stateless list or read result. */
void mcp_cacheable(const mcp_request *r, json_t *result, int ttl_ms, bool private_data);

#endif
