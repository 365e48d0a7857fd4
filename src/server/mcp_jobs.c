/*
 * The worker: requests that run commands (tools/call, resources/read) are
 * jobs, run one at a time in the order received on one worker thread, so the
 * reader keeps answering ping, lists and notifications/cancelled meanwhile.
 *
 * Cancellation: a queued job is dropped; a running one cannot be stopped
 * (z3_tool_call has no hook for it), so its answer is dropped instead, as the
 * spec allows. Either way no response is sent for it.
 *
 * Fork safety. z3_tool_call forks to enforce its time limit, and a child of a
 * threaded process inherits every lock another thread held at that moment
 * (the allocator's under ASan, libc's time zone lock, ...). Two rules keep the
 * child clean:
 *  1. only the worker (or the one call thread it waits for) runs commands, so
 *     no other thread is ever inside a command when one forks;
 *  2. a server thread doing anything else holds the busy lock, and a
 *     pthread_atfork handler takes that lock before every fork, so a fork
 *     waits until the other threads are blocked in read(2) or in a wait.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/mcp_internal.h"

/* ---- the busy lock ----------------------------------------------------------------- */

static pthread_mutex_t busy = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t guard_once = PTHREAD_ONCE_INIT;

static void before_fork(void) { pthread_mutex_lock(&busy); }
static void after_fork(void) { pthread_mutex_unlock(&busy); }
static void install_guard(void) { pthread_atfork(before_fork, after_fork, after_fork); }

void mcp_busy(void) {
  pthread_once(&guard_once, install_guard);
  pthread_mutex_lock(&busy);
}

void mcp_idle(void) { pthread_mutex_unlock(&busy); }

/* ---- jobs --------------------------------------------------------------------------- */

mcp_job *mcp_job_new(mcp_server *s, const mcp_request *r, mcp_job_fn run, const char *label) {
  mcp_job *job = calloc(1, sizeof *job);
  if (!job) return NULL;
  job->s = s;
  job->run = run;
  job->req = *r;
  /* Copies, not references: the reader frees the message while the worker runs,
   * and jansson's reference counts are not safe to share between threads. */
  job->req.id = json_deep_copy(r->id);
  job->req.params = r->params ? json_deep_copy(r->params) : NULL;
  job->req.progress_token = r->progress_token ? json_deep_copy(r->progress_token) : NULL;
  job->label = z3_strdup(label);
  z3_error_init(&job->result.error);
  pthread_cond_init(&job->done_cond, NULL);
  if (!job->label || (r->params && !job->req.params)) {
    mcp_job_free(job);
    return NULL;
  }
  return job;
}

void mcp_job_free(mcp_job *job) {
  if (!job) return;
  json_decref(job->req.id);
  json_decref(job->req.params);
  json_decref(job->req.progress_token);
  z3_free(job->label);
  z3_tool_result_release(&job->result);
  pthread_cond_destroy(&job->done_cond);
  free(job);
}

bool mcp_job_cancelled(mcp_server *s, mcp_job *job) {
  pthread_mutex_lock(&s->lock);
  bool c = job->cancelled;
  pthread_mutex_unlock(&s->lock);
  return c;
}

z3_status mcp_run_tool(mcp_server *s, const char *name, json_t *args, z3_tool_result *out) {
  memset(out, 0, sizeof *out);
  z3_error_init(&out->error);
  mcp_idle(); /* the call may fork: let it (rule 2) */
  z3_status st = s->opts.run_tool(s->opts.run_tool_ctx, &s->session, name, args, out);
  mcp_busy();
  return st;
}

/* ---- the worker ------------------------------------------------------------------------ */

static void finish(mcp_server *s, mcp_job *job) {
  pthread_mutex_lock(&s->lock);
  s->running = NULL;
  bool waited = job->waited;
  job->finished = true;
  pthread_cond_broadcast(&s->finished);
  pthread_mutex_unlock(&s->lock);
  if (!waited) mcp_job_free(job); /* a batch's job belongs to the reader waiting for it */
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
    atomic_store(&s->cancel_running, false);
    pthread_mutex_unlock(&s->lock);
    mcp_busy();
    if (!mcp_client_gone(s)) job->run(s, job); /* else nobody would read the answer */
    finish(s, job);
    mcp_idle();
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

bool mcp_worker_idle(mcp_server *s) {
  pthread_mutex_lock(&s->lock);
  bool idle = !s->queue_head && !s->running;
  pthread_mutex_unlock(&s->lock);
  return idle;
}

/* True when a job with this id is still queued or running (ids must not be reused meanwhile). */
static bool id_in_use(mcp_server *s, const json_t *id) {
  bool used = s->running && json_equal(s->running->req.id, (json_t *)id);
  for (mcp_job *j = s->queue_head; j && !used; j = j->next) used = json_equal(j->req.id, (json_t *)id);
  return used;
}

/* Appends job to the queue unless its id is in use; false (job untouched) then. */
static bool enqueue(mcp_server *s, mcp_job *job) {
  pthread_mutex_lock(&s->lock);
  bool clash = !job->waited && id_in_use(s, job->req.id);
  if (!clash) {
    if (s->queue_tail) s->queue_tail->next = job;
    else s->queue_head = job;
    s->queue_tail = job;
    pthread_cond_signal(&s->wake);
  }
  pthread_mutex_unlock(&s->lock);
  return !clash;
}

/* A batch's answers go out together: its jobs are waited for. */
static void run_and_wait(mcp_server *s, mcp_job *job) {
  job->waited = true;
  enqueue(s, job);
  mcp_idle(); /* the worker needs the busy lock to run it */
  pthread_mutex_lock(&s->lock);
  while (!job->finished) pthread_cond_wait(&s->finished, &s->lock);
  pthread_mutex_unlock(&s->lock);
  mcp_busy();
  mcp_job_free(job);
}

void mcp_submit(mcp_server *s, mcp_request *r, mcp_job_fn run, const char *label) {
  mcp_job *job = mcp_job_new(s, r, run, label);
  if (!job) {
    mcp_reply_error(s, r, MCP_INTERNAL_ERROR, NULL, "out of memory");
    return;
  }
  if (!s->worker_started) { /* synchronous: this thread is the only one */
    run(s, job);
    mcp_job_free(job);
  } else if (r->batch) {
    run_and_wait(s, job);
  } else if (!enqueue(s, job)) {
    mcp_reply_error(s, r, MCP_INVALID_REQUEST, NULL, "request id is still in use by a request in progress");
    mcp_job_free(job);
  }
}

void mcp_cancel(mcp_server *s, const json_t *request_id) {
  mcp_job *dropped = NULL;
  pthread_mutex_lock(&s->lock);
  for (mcp_job **p = &s->queue_head, *prev = NULL; *p; prev = *p, p = &(*p)->next) {
    if ((*p)->waited || !json_equal((*p)->req.id, (json_t *)request_id)) continue;
    dropped = *p;
    *p = dropped->next;
    if (s->queue_tail == dropped) s->queue_tail = prev;
    break;
  }
  bool running = !dropped && s->running && !s->running->waited && json_equal(s->running->req.id, (json_t *)request_id);
  if (running) {
    s->running->cancelled = true;
    atomic_store(&s->cancel_running, true); /* stops the tool's process, not only its answer */
  }
  pthread_mutex_unlock(&s->lock);
  /* An unknown or finished id is ignored, as the spec asks. */
  if (dropped || running)
    mcp_log(s, NULL, MCP_INFO, NULL, "cancelled a %s request", dropped ? "queued" : "running");
  mcp_job_free(dropped);
}
