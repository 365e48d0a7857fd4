/*
 * tools/list and tools/call. A call is a job (mcp_jobs.c): it runs on the
 * worker. A call with a progress token runs on its own short-lived thread
 * while the worker sends a tick every progress_interval.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "server/mcp_internal.h"

/* ---- tools/list ------------------------------------------------------------------- */

/* Members a client of an older revision does not know are left out. */
static void shape_tool(const mcp_request *r, json_t *tool) {
  if (!mcp_since(r, "2025-06-18")) {
    json_object_del(tool, "title");
    json_object_del(tool, "outputSchema");
  }
  if (!mcp_since(r, "2025-03-26")) json_object_del(tool, "annotations");
}

/* Cursors are "tools@<offset>": opaque to the client, checked here. */
static bool read_cursor(mcp_server *s, mcp_request *r, size_t *from) {
  json_t *cursor = json_object_get(r->params, "cursor");
  *from = 0;
  if (!cursor) return true;
  const char *text = json_string_value(cursor);
  uint64_t n = 0;
  if (text && strncmp(text, "tools@", 6) == 0 && z3_parse_u64(text + 6, &n) && n > 0 &&
      n < json_array_size(s->listed)) {
    *from = (size_t)n;
    return true;
  }
  mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, "invalid cursor: pass back a nextCursor of tools/list unchanged");
  return false;
}

void mcp_tools_list(mcp_server *s, mcp_request *r) {
  size_t from, total = json_array_size(s->listed);
  if (!read_cursor(s, r, &from)) return;
  size_t to = from + s->opts.tools_page_size < total ? from + s->opts.tools_page_size : total;
  json_t *tools = json_array();
  for (size_t i = from; i < to; i++) {
    json_t *t = json_deep_copy(json_array_get(s->listed, i));
    shape_tool(r, t);
    json_array_append_new(tools, t);
  }
  json_t *result = json_object();
  json_object_set_new(result, "tools", tools);
  if (to < total) {
    char next[32];
    snprintf(next, sizeof next, "tools@%zu", to);
    json_object_set_new(result, "nextCursor", json_string(next));
  }
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
  z3_vformat(text, sizeof text, fmt, ap);
  va_end(ap);
  json_t *p = json_object();
  json_object_set(p, "progressToken", job->req.progress_token);
  json_object_set_new(p, "progress", json_real(job->progress));
  if (last) json_object_set_new(p, "total", json_real(job->progress));
  if (mcp_since(&job->req, "2025-03-26")) json_object_set_new(p, "message", json_string(text));
  mcp_notify(job->s, "notifications/progress", p);
  job->progress += 1;
}

/* A long command's latest progress line (z3_cmd_progress: a build's output).
 * The page is shared, so a call that runs in a forked child reports too; seq
 * is odd while a line is being written. */
typedef struct shared_line {
  atomic_uint seq;
  char text[200];
} shared_line;

static void store_line(const char *message, void *data) {
  shared_line *l = data;
  atomic_fetch_add(&l->seq, 1);
  snprintf(l->text, sizeof l->text, "%s", message);
  atomic_fetch_add(&l->seq, 1);
}

static shared_line *line_page(void) {
  static shared_line *page;
  if (!page) {
    void *p = mmap(NULL, sizeof *page, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    page = p == MAP_FAILED ? NULL : p;
  }
  return page;
}

/* A line newer than *seen, copied whole; false when there is none. */
static bool newest_line(shared_line *l, unsigned *seen, char *out, size_t size) {
  unsigned before = atomic_load(&l->seq);
  if (before == *seen || (before & 1)) return false;
  snprintf(out, size, "%s", l->text);
  if (atomic_load(&l->seq) != before) return false;
  *seen = before;
  return true;
}

/* The call thread: runs the tool while the worker waits idle (so it holds no busy lock). */
static void *runner_main(void *arg) {
  mcp_job *job = arg;
  mcp_server *s = job->s;
  s->opts.run_tool(s->opts.run_tool_ctx, &s->session, job->label, json_object_get(job->req.params, "arguments"),
                   &job->result);
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

/* Runs the call on its own thread and ticks until it ends. The worker is busy
 * on entry and on return, idle while it waits. */
static void run_with_ticks(mcp_server *s, mcp_job *job) {
  shared_line *lines = line_page();
  if (lines) z3_cmd_progress_sink(store_line, lines);
  pthread_t t;
  if (pthread_create(&t, NULL, runner_main, job) != 0) {
    mcp_run_tool(s, job->label, json_object_get(job->req.params, "arguments"), &job->result);
    z3_cmd_progress_sink(NULL, NULL);
    return;
  }
  mcp_idle();
  pthread_mutex_lock(&s->lock);
  unsigned seen = lines ? atomic_load(&lines->seq) : 0;
  char line[sizeof lines->text];
  while (!job->done) {
    struct timespec until = deadline_after(s->opts.progress_interval);
    int rc = pthread_cond_timedwait(&job->done_cond, &s->lock, &until);
    if (rc == ETIMEDOUT && !job->done && !job->cancelled) {
      pthread_mutex_unlock(&s->lock);
      mcp_busy();
      if (lines && newest_line(lines, &seen, line, sizeof line)) progress(job, false, "%s: %s", job->label, line);
      else progress(job, false, "%s is still running", job->label);
      mcp_idle();
      pthread_mutex_lock(&s->lock);
    }
  }
  pthread_mutex_unlock(&s->lock);
  pthread_join(t, NULL);
  z3_cmd_progress_sink(NULL, NULL);
  mcp_busy();
}

/* The job of a tools/call: run, log, answer unless cancelled meanwhile. */
static void tool_job(mcp_server *s, mcp_job *job) {
  json_t *args = mcp_session_prepare(s, job);
  if (!args || mcp_debug_prepare(s, job->label, args, &job->result)) { /* say why, run nothing */
    json_decref(args);
    mcp_reply(s, &job->req, call_result(&job->req, &job->result));
    return;
  }
  if (!job->req.params) job->req.params = json_object();
  json_object_set_new(job->req.params, "arguments", args);
  if (job->req.progress_token) {
    progress(job, false, "running %s", job->label);
    run_with_ticks(s, job);
  } else {
    mcp_run_tool(s, job->label, json_object_get(job->req.params, "arguments"), &job->result);
  }
  pthread_mutex_lock(&s->lock);
  json_object_set_new(s->seconds_by_tool, job->label, json_real(job->result.seconds));
  pthread_mutex_unlock(&s->lock);
  mcp_log_to_proposal(s, job); /* it ran, cancelled or not: the sandbox may have changed */
  mcp_debug_finished(s, job->label, json_object_get(job->req.params, "arguments"));
  z3_tool_result *res = &job->result;
  json_t *data = json_object();
  json_object_set_new(data, "tool", json_string(job->label));
  json_object_set_new(data, "status", json_string(z3_status_name(res->status)));
  json_object_set_new(data, "seconds", json_real(res->seconds));
  if (mcp_job_cancelled(s, job)) {
    mcp_log(s, &job->req, MCP_INFO, data, "%s was cancelled; its answer is dropped", job->label);
    return;
  }
  if (res->status == Z3_OK || res->status == Z3_E_CHECK)
    mcp_log(s, &job->req, MCP_INFO, data, "%s finished in %.2f s", job->label, res->seconds);
  else
    mcp_log(s, &job->req, MCP_NOTICE, data, "%s failed: %s", job->label, res->error.message);
  if (job->req.progress_token) progress(job, true, "%s finished", job->label);
  json_t *result = call_result(&job->req, res);
  if (res->status == Z3_OK) mcp_session_annotate(s, job->label, result);
  mcp_reply(s, &job->req, result);
}

/* ---- tools/call ---------------------------------------------------------------------- */

/*
 * Fast calls skip the worker: handing a call to another thread and back costs
 * a wake-up each way, more than a read-only call itself. Only a read-only tool
 * whose last call took under FAST_SECONDS qualifies (so the first call of each
 * tool, and every slow one, still runs on the worker where ping and
 * cancellation stay answered), and only when nothing else is queued or waiting
 * to be read, so the order of answers and a cancel just sent are kept.
 */
#define FAST_SECONDS 0.005

static bool runs_inline(mcp_server *s, const mcp_request *r, const z3_command *cmd) {
  if (!s->inline_calls || r->batch || r->progress_token || !z3_tool_runs_in_process(cmd)) return false;
  pthread_mutex_lock(&s->lock);
  json_t *last = json_object_get(s->seconds_by_tool, json_string_value(json_object_get(r->params, "name")));
  bool fast = json_is_real(last) && json_real_value(last) < FAST_SECONDS;
  pthread_mutex_unlock(&s->lock);
  return fast && mcp_worker_idle(s) && !mcp_reader_pending(s->reader);
}

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

/* describe_tools reads the server's own lists: answered at once, no job, no audit. */
static void describe_tools(mcp_server *s, mcp_request *r, const json_t *args) {
  z3_tool_result res = {0};
  z3_error_init(&res.error);
  res.status = z3_tools_describe(s->tools, args, &res.result, &res.error);
  json_t *result = call_result(r, &res);
  z3_tool_result_release(&res);
  mcp_reply(s, r, result);
}

void mcp_tools_call(mcp_server *s, mcp_request *r) {
  const char *name = mcp_param_str(r, "name");
  json_t *args = json_object_get(r->params, "arguments");
  if (!name) {
    mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, "tools/call needs params.name, a string");
    return;
  }
  if (strcmp(name, Z3_DESCRIBE_TOOLS) == 0) {
    describe_tools(s, r, args);
    return;
  }
  const z3_command *cmd = z3_tool_find(name);
  if (!cmd) {
    unknown_tool(s, r, name);
    return;
  }
  if (args && !json_is_object(args)) {
    mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, "params.arguments of tools/call must be an object");
    return;
  }
  mcp_job *job = runs_inline(s, r, cmd) ? mcp_job_new(s, r, tool_job, name) : NULL;
  if (job) {
    tool_job(s, job);
    mcp_job_free(job);
    return;
  }
  mcp_submit(s, r, tool_job, name);
}
