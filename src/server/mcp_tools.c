/*
 * tools/list and tools/call, and the worker that runs calls.
 *
 * Calls run one at a time, in the order received, on a worker thread, so the
 * reader keeps answering ping, lists and notifications/cancelled meanwhile.
 * A call with a progress token runs on its own short-lived thread while the
 * worker sends a tick every progress_interval; others run on the worker.
 *
 * Cancellation: a queued call is dropped; a running one cannot be stopped
 * (z3_tool_call has no hook for it), so its answer is dropped instead, as the
 * spec allows. Either way no response is sent for it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/mcp_internal.h"

struct mcp_job {
  mcp_job *next;
  mcp_server *s;
  mcp_request req;              /* id and progress_token owned, params NULL */
  char *name;
  json_t *args;
  bool cancelled, done;         /* under s->lock */
  double progress;              /* the last value sent: it must keep growing */
  pthread_cond_t done_cond;
  z3_tool_result result;
};

/* ---- tools/list ------------------------------------------------------------------- */

/* Members a client of an older revision does not know are left out. */
static void shape_tool(const mcp_request *r, json_t *tool) {
  if (!mcp_since(r, "2025-06-18")) {
    json_object_del(tool, "title");
    json_object_del(tool, "outputSchema");
  }
  if (!mcp_since(r, "2025-03-26")) json_object_del(tool, "annotations");
}

void mcp_tools_list(mcp_server *s, mcp_request *r) {
  if (!mcp_check_cursor(s, r)) return;
  json_t *tools = json_deep_copy(s->tools), *t;
  size_t i;
  json_array_foreach(tools, i, t) shape_tool(r, t);
  json_t *result = json_object();
  json_object_set_new(result, "tools", tools);
  mcp_cacheable(r, result, 3600000, false);
  mcp_reply(s, r, result);
}

/* ---- results ------------------------------------------------------------------------- */

static json_t *text_block(const char *text) {
  json_t *b = json_object();
  json_object_set_new(b, "type", json_string("text"));
  json_object_set_new(b, "text", json_string(text ? text : ""));
  return b;
}

/*
 * A tool's outcome as a CallToolResult. A check that found problems (rom
 * validate, rom diff) ran fine and is a result; every failure is isError with
 * the message and hint, and without structuredContent, which the SDK would
 * check against the output schema.
 */
static json_t *call_result(const mcp_request *r, const z3_tool_result *res) {
  json_t *result = json_object(), *content = json_array();
  bool ran = res->result && (res->status == Z3_OK || res->status == Z3_E_CHECK);
  if (ran) {
    char *text = json_dumps(res->result, JSON_COMPACT);
    json_array_append_new(content, text_block(text));
    free(text);
    if (res->status == Z3_E_CHECK) {
      char *verdict = z3_strfmt("check found problems: %s", res->error.message);
      json_array_append_new(content, text_block(verdict));
      z3_free(verdict);
    }
    if (mcp_since(r, "2025-06-18") && json_is_object(res->result))
      json_object_set(result, "structuredContent", res->result);
  } else {
    z3_status st = res->status == Z3_OK ? Z3_E_INTERNAL : res->status;
    const char *msg = res->status == Z3_OK ? "the tool returned no result" : res->error.message;
    char *text = res->error.hint[0] ? z3_strfmt("%s: %s\nhint: %s", z3_status_name(st), msg, res->error.hint)
                                    : z3_strfmt("%s: %s", z3_status_name(st), msg);
    json_array_append_new(content, text_block(text));
    z3_free(text);
    json_object_set_new(result, "isError", json_true());
  }
  json_object_set_new(result, "content", content);
  return result;
}

/* ---- progress ------------------------------------------------------------------------ */

static void progress(mcp_job *job, bool last, const char *fmt, ...) Z3_PRINTF(3, 4);
static void progress(mcp_job *job, bool last, const char *fmt, ...) {
  char text[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  json_t *p = json_object();
  json_object_set(p, "progressToken", job->req.progress_token);
  json_object_set_new(p, "progress", json_real(job->progress));
  if (last) json_object_set_new(p, "total", json_real(job->progress));
  if (mcp_since(&job->req, "2025-03-26")) json_object_set_new(p, "message", json_string(text));
  mcp_notify(job->s, "notifications/progress", p);
  job->progress += 1;
}

static void *runner_main(void *arg) {
  mcp_job *job = arg;
  mcp_run_tool(job->s, job->name, job->args, &job->result);
  pthread_mutex_lock(&job->s->lock);
  job->done = true;
  pthread_cond_signal(&job->done_cond);
  pthread_mutex_unlock(&job->s->lock);
  return NULL;
}

static struct timespec deadline_after(double seconds) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  double ns = (double)ts.tv_nsec + seconds * 1e9;
  ts.tv_sec += (time_t)(ns / 1e9);
  ts.tv_nsec = (long)(ns - (double)(time_t)(ns / 1e9) * 1e9);
  return ts;
}

/* Runs the call on its own thread and ticks until it ends. */
static void run_with_ticks(mcp_server *s, mcp_job *job) {
  pthread_t t;
  if (pthread_create(&t, NULL, runner_main, job) != 0) {
    runner_main(job);
    return;
  }
  pthread_mutex_lock(&s->lock);
  while (!job->done) {
    struct timespec until = deadline_after(s->opts.progress_interval);
    int rc = pthread_cond_timedwait(&job->done_cond, &s->lock, &until);
    if (rc == ETIMEDOUT && !job->done && !job->cancelled) {
      pthread_mutex_unlock(&s->lock);
      progress(job, false, "%s is still running", job->name);
      pthread_mutex_lock(&s->lock);
    }
  }
  pthread_mutex_unlock(&s->lock);
  pthread_join(t, NULL);
}

static void run_job(mcp_server *s, mcp_job *job) {
  if (job->req.progress_token) {
    progress(job, false, "running %s", job->name);
    run_with_ticks(s, job);
  } else {
    mcp_run_tool(s, job->name, job->args, &job->result);
  }
  pthread_mutex_lock(&s->lock);
  bool cancelled = job->cancelled;
  pthread_mutex_unlock(&s->lock);
  z3_tool_result *res = &job->result;
  json_t *data = json_object();
  json_object_set_new(data, "tool", json_string(job->name));
  json_object_set_new(data, "status", json_string(z3_status_name(res->status)));
  json_object_set_new(data, "seconds", json_real(res->seconds));
  if (cancelled) {
    mcp_log(s, &job->req, MCP_INFO, data, "%s was cancelled; its answer is dropped", job->name);
    return;
  }
  if (res->status == Z3_OK || res->status == Z3_E_CHECK)
    mcp_log(s, &job->req, MCP_INFO, data, "%s finished in %.2f s", job->name, res->seconds);
  else
    mcp_log(s, &job->req, MCP_NOTICE, data, "%s failed: %s", job->name, res->error.message);
  if (job->req.progress_token) progress(job, true, "%s finished", job->name);
  mcp_reply(s, &job->req, call_result(&job->req, res));
}

/* ---- jobs and the worker ----------------------------------------------------------- */

static mcp_job *job_new(mcp_server *s, const mcp_request *r, const char *name, json_t *args) {
  mcp_job *job = calloc(1, sizeof *job);
  if (!job) return NULL;
  job->s = s;
  job->req = *r;
  job->req.params = NULL;
  /* Copies, not references: the reader frees the message while the worker runs,
   * and jansson's reference counts are not safe to share between threads. */
  job->req.id = json_deep_copy(r->id);
  job->req.progress_token = r->progress_token ? json_deep_copy(r->progress_token) : NULL;
  job->name = z3_strdup(name);
  job->args = args ? json_deep_copy(args) : NULL;
  pthread_cond_init(&job->done_cond, NULL);
  z3_error_init(&job->result.error);
  return job;
}

static void job_free(mcp_job *job) {
  if (!job) return;
  json_decref(job->req.id);
  json_decref(job->req.progress_token);
  json_decref(job->args);
  z3_free(job->name);
  z3_tool_result_release(&job->result);
  pthread_cond_destroy(&job->done_cond);
  free(job);
}

static void *worker_main(void *arg) {
  mcp_server *s = arg;
  pthread_mutex_lock(&s->lock);
  for (;;) {
    while (!s->queue_head && !s->closing) pthread_cond_wait(&s->wake, &s->lock);
    mcp_job *job = s->queue_head;
    if (!job) break; /* closing, and nothing left */
    s->queue_head = job->next;
    if (!s->queue_head) s->queue_tail = NULL;
    s->running = job;
    pthread_mutex_unlock(&s->lock);
    if (!mcp_client_gone(s)) run_job(s, job); /* nobody would read the answer */
    pthread_mutex_lock(&s->lock);
    s->running = NULL;
    pthread_mutex_unlock(&s->lock);
    job_free(job);
    pthread_mutex_lock(&s->lock);
  }
  pthread_mutex_unlock(&s->lock);
  return NULL;
}

bool mcp_worker_start(mcp_server *s) {
  int rc = pthread_create(&s->worker, NULL, worker_main, s);
  if (rc != 0) fprintf(s->diag, "z3ed mcp: error: cannot start the worker thread: %s\n", strerror(rc));
  s->worker_started = rc == 0;
  return s->worker_started;
}

void mcp_worker_stop(mcp_server *s) {
  if (!s->worker_started) return;
  pthread_mutex_lock(&s->lock);
  s->closing = true;
  pthread_cond_broadcast(&s->wake);
  pthread_mutex_unlock(&s->lock);
  pthread_join(s->worker, NULL);
  s->worker_started = false;
}

void mcp_cancel(mcp_server *s, const json_t *request_id) {
  mcp_job *dropped = NULL;
  pthread_mutex_lock(&s->lock);
  for (mcp_job **p = &s->queue_head, *prev = NULL; *p; prev = *p, p = &(*p)->next) {
    if (!json_equal((*p)->req.id, (json_t *)request_id)) continue;
    dropped = *p;
    *p = dropped->next;
    if (s->queue_tail == dropped) s->queue_tail = prev;
    break;
  }
  bool running = !dropped && s->running && json_equal(s->running->req.id, (json_t *)request_id);
  if (running) s->running->cancelled = true;
  pthread_mutex_unlock(&s->lock);
  /* An unknown or finished id is ignored, as the spec asks. */
  if (dropped || running)
    mcp_log(s, dropped ? &dropped->req : NULL, MCP_INFO, NULL, "cancelled a %s call to %s",
            dropped ? "queued" : "running", dropped ? dropped->name : "a tool");
  job_free(dropped);
}

/* True when a call with this id is still queued or running (ids must not be reused meanwhile). */
static bool id_in_use(mcp_server *s, const json_t *id) {
  bool used = s->running && json_equal(s->running->req.id, (json_t *)id);
  for (mcp_job *j = s->queue_head; j && !used; j = j->next) used = json_equal(j->req.id, (json_t *)id);
  return used;
}

static void enqueue(mcp_server *s, mcp_request *r, mcp_job *job) {
  pthread_mutex_lock(&s->lock);
  bool clash = id_in_use(s, r->id);
  if (!clash) {
    if (s->queue_tail) s->queue_tail->next = job;
    else s->queue_head = job;
    s->queue_tail = job;
    pthread_cond_signal(&s->wake);
  }
  pthread_mutex_unlock(&s->lock);
  if (clash) {
    mcp_reply_error(s, r, MCP_INVALID_REQUEST, NULL, "request id is still in use by a call in progress");
    job_free(job);
  }
}

/* ---- tools/call ---------------------------------------------------------------------- */

static void unknown_tool(mcp_server *s, mcp_request *r, const char *name) {
  const char *best = NULL;
  size_t best_d = SIZE_MAX, i;
  json_t *t;
  json_array_foreach(s->tools, i, t) {
    const char *n = json_string_value(json_object_get(t, "name"));
    size_t d = z3_edit_distance(name, n);
    if (d < best_d) best_d = d, best = n;
  }
  json_t *data = NULL;
  if (best && best_d <= 3) {
    data = json_object();
    json_object_set_new(data, "hint", json_string(best));
  }
  mcp_reply_error(s, r, MCP_INVALID_PARAMS, data, "Unknown tool: %s%s%s%s", name, data ? " (did you mean " : "",
                  data ? best : "", data ? "?)" : "");
}

void mcp_tools_call(mcp_server *s, mcp_request *r) {
  const char *name = mcp_param_str(r, "name");
  json_t *args = json_object_get(r->params, "arguments");
  if (!name) {
    mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, "tools/call needs params.name, a string");
    return;
  }
  if (!z3_tool_find(name)) {
    unknown_tool(s, r, name);
    return;
  }
  if (args && !json_is_object(args)) {
    mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, "params.arguments of tools/call must be an object");
    return;
  }
  mcp_job *job = job_new(s, r, name, args);
  if (!job || !job->name) {
    job_free(job);
    mcp_reply_error(s, r, MCP_INTERNAL_ERROR, NULL, "out of memory");
    return;
  }
  /* A batch's answers go out together, so its calls run in place. */
  if (r->batch || !s->worker_started) {
    run_job(s, job);
    job_free(job);
    return;
  }
  enqueue(s, r, job);
}

z3_status mcp_run_tool(mcp_server *s, const char *name, json_t *args, z3_tool_result *out) {
  memset(out, 0, sizeof *out);
  z3_error_init(&out->error);
  return s->opts.run_tool(s->opts.run_tool_ctx, &s->session, name, args, out);
}
