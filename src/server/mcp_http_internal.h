/* server/mcp_http: what the HTTP transport's files share. Not a public header. */
#ifndef Z3_SERVER_MCP_HTTP_INTERNAL_H
#define Z3_SERVER_MCP_HTTP_INTERNAL_H

#include <jansson.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include "server/mcp.h"

enum { HTTP_MAX_CONNECTIONS = 32 };

/* A request waiting for its answer from a session's server. */
typedef struct http_pending {
  json_t *id;                   /* the JSON-RPC id (own reference) */
  json_t *reply;                /* the answer once it came (own reference) */
  /* Streamed requests only: the progress token the request carries (borrowed)
   * and the notifications for it not yet sent (own reference), else NULL. */
  json_t *token, *events;
  struct http_pending *next;
} http_pending;

/* Writes one notification of a streamed request to its client; false once
 * the client is gone (the call still waits for its answer, unstreamed). */
typedef bool (*http_emit)(void *ctx, json_t *notification);

typedef struct http_gateway http_gateway;

/*
 * One MCP session: a `z3ed mcp` child process serving stdio, exactly as a
 * desktop client would run it, so tools, proposals and the audit log are the
 * same over both transports. Requests go in as lines; a reader thread hands
 * each answer to the request waiting for its id. Notifications the child sends
 * (progress, log lines) go to the streamed requests waiting then (progress by
 * its token, log lines to every one); with none waiting they are dropped.
 */
typedef struct http_session {
  http_gateway *gw;
  char id[33];                  /* MCP-Session-Id: 128 random bits in hex */
  pid_t pid;
  int to_child;                 /* -1 once closed (under write_lock) */
  FILE *from_child;
  pthread_mutex_t write_lock;
  /* under gw->lock: */
  http_pending *waiting;
  bool dead;                    /* the child's output ended */
  bool listed;                  /* still in gw->sessions */
  int refs;                     /* the list, the reader thread and each request using it */
  uint64_t last_used;           /* gw->use_clock at the last use: seconds would tie */
  bool logging;                 /* the client set a log level: its requests are streamed */
  struct http_session *next;
} http_session;

struct http_gateway {
  z3_mcp_http_options opts;
  uint64_t use_clock;           /* counts session uses, for least-recently-used order */
  char exe[4096];
  char **origins;               /* Origin values accepted besides none at all */
  size_t origin_count;
  pthread_mutex_t lock;
  pthread_cond_t changed;       /* an answer came, a session died, a reader ended */
  http_session *sessions;
  int session_count, readers, connections;
  int conn_fds[HTTP_MAX_CONNECTIONS];             /* open connections (-1: free slot), shut down when stopping */
  time_t log_second;            /* refusals logged in this second, and those not shown */
  int log_said, log_dropped;
};

/* ---- sessions (mcp_http_session.c) ----------------------------------------------- */

/* Starts a child server; NULL with *why set when it cannot (limit reached, spawn failed). */
http_session *http_session_start(http_gateway *gw, const char **why);
/* The live session with this id, with a reference taken; NULL when unknown or ended. */
http_session *http_session_find(http_gateway *gw, const char *id);
void http_session_put(http_session *s);
/* Takes it off the list and closes the child's input: the child finishes what it
 * received and exits. */
void http_session_end(http_session *s);
/* Sends one message (a line) to the child; false when the child is gone. */
bool http_session_send(http_session *s, json_t *msg);
/* Sends a request and waits for its answer (a new reference); NULL when the
 * child ended first. *busy is set when a request with this id is already waiting. */
json_t *http_session_call(http_session *s, json_t *msg, json_t *id, bool *busy);
/* The same, handing the request's notifications to emit as they come (token:
 * the request's progress token or NULL). */
json_t *http_session_call_streamed(http_session *s, json_t *msg, json_t *id, json_t *token, bool *busy,
                                   http_emit emit, void *ctx);
/* Ends every session and waits (a few seconds at most) for their children. */
void http_sessions_shutdown(http_gateway *gw);

#endif
