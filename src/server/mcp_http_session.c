/*
 * HTTP sessions: each one is a `z3ed mcp` child on pipes. A child per session
 * keeps sessions apart (their default ROM, session proposal, audit identity,
 * ROM cache) and reuses the stdio server unchanged; it costs one process
 * start per initialize, not per call.
 */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/base.h"
#include "server/mcp_http_internal.h"

extern char **environ;

static bool random_id(char out[33]) {
  unsigned char bytes[16];
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  bool ok = fd >= 0 && read(fd, bytes, sizeof bytes) == (ssize_t)sizeof bytes;
  if (fd >= 0) close(fd);
  for (size_t i = 0; ok && i < sizeof bytes; i++) snprintf(out + 2 * i, 3, "%02x", bytes[i]);
  return ok; /* a guessable session id would let another client into the session */
}

static void session_free(http_session *s) {
  if (s->to_child >= 0) close(s->to_child);
  if (s->from_child) fclose(s->from_child);
  pthread_mutex_destroy(&s->write_lock);
  z3_free(s);
}

/* Drops a reference; gw->lock held. */
static void put_locked(http_session *s) {
  if (--s->refs == 0) session_free(s);
}

void http_session_put(http_session *s) {
  http_gateway *gw = s->gw;
  pthread_mutex_lock(&gw->lock);
  put_locked(s);
  pthread_mutex_unlock(&gw->lock);
}

static void unlist_locked(http_session *s) {
  if (!s->listed) return;
  http_gateway *gw = s->gw;
  for (http_session **p = &gw->sessions; *p; p = &(*p)->next) {
    if (*p != s) continue;
    *p = s->next;
    break;
  }
  s->listed = false;
  gw->session_count--;
  put_locked(s);
}

static void close_input(http_session *s) {
  pthread_mutex_lock(&s->write_lock);
  if (s->to_child >= 0) close(s->to_child);
  s->to_child = -1;
  pthread_mutex_unlock(&s->write_lock);
}

/* A notification for the streamed requests waiting: progress to the one whose
 * token it names, anything else (log lines) to each. gw->lock held. */
static bool route_notification(http_session *s, json_t *msg) {
  const char *method = json_string_value(json_object_get(msg, "method"));
  json_t *token = json_object_get(json_object_get(msg, "params"), "progressToken");
  bool progress = method && strcmp(method, "notifications/progress") == 0;
  bool taken = false;
  for (http_pending *p = s->waiting; p; p = p->next) {
    if (!p->events || (progress && !(p->token && json_equal(p->token, token)))) continue;
    json_array_append(p->events, msg);
    taken = true;
  }
  return taken;
}

/* An answer from the child goes to the request waiting for its id; a
 * notification to the streamed requests it concerns; the rest (answers nobody
 * waits for any more) is dropped. */
static void route(http_session *s, json_t *msg) {
  json_t *id = json_object_get(msg, "id");
  bool answer = id && !json_object_get(msg, "method");
  pthread_mutex_lock(&s->gw->lock);
  bool woke = !answer && !id && route_notification(s, msg);
  for (http_pending *p = s->waiting; answer && p; p = p->next) {
    if (p->reply || !json_equal(p->id, id)) continue;
    p->reply = json_incref(msg);
    woke = true;
    break;
  }
  if (woke) pthread_cond_broadcast(&s->gw->changed);
  pthread_mutex_unlock(&s->gw->lock);
}

static void *reader_main(void *arg) {
  http_session *s = arg;
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  while ((n = getline(&line, &cap, s->from_child)) > 0) {
    json_t *msg = json_loadb(line, (size_t)n, 0, NULL);
    if (json_is_object(msg)) route(s, msg);
    json_decref(msg);
  }
  free(line);
  close_input(s);
  int status;
  while (waitpid(s->pid, &status, 0) < 0 && errno == EINTR) {}
  http_gateway *gw = s->gw;
  pthread_mutex_lock(&gw->lock);
  s->dead = true;
  unlist_locked(s);
  gw->readers--;
  pthread_cond_broadcast(&gw->changed);
  put_locked(s);
  pthread_mutex_unlock(&gw->lock);
  return NULL;
}

static bool spawn_child(http_gateway *gw, http_session *s) {
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) return false;
  if (pipe2(out, O_CLOEXEC) != 0) {
    close(in[0]), close(in[1]);
    return false;
  }
  size_t extra = 0;
  while (gw->opts.child_args && gw->opts.child_args[extra]) extra++;
  char **argv = z3_calloc(extra + 3, sizeof *argv);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
  int rc = ENOMEM;
  if (argv) {
    argv[0] = gw->exe;
    argv[1] = "mcp";
    for (size_t i = 0; i < extra; i++) argv[i + 2] = (char *)gw->opts.child_args[i];
    rc = posix_spawn(&s->pid, gw->exe, &fa, NULL, argv, environ);
  }
  posix_spawn_file_actions_destroy(&fa);
  z3_free(argv);
  close(in[0]), close(out[1]);
  s->to_child = in[1];
  s->from_child = rc == 0 ? fdopen(out[0], "r") : NULL;
  if (!s->from_child) {
    close(out[0]);
    if (rc == 0) { /* the child exits on the closed pipe */
      close(s->to_child), s->to_child = -1;
      waitpid(s->pid, NULL, 0);
    }
    return false;
  }
  return true;
}

/* At the limit, the least recently used session with nothing in flight makes room. */
static bool make_room_locked(http_gateway *gw) {
  int limit = gw->opts.max_sessions > 0 ? gw->opts.max_sessions : 16;
  if (gw->session_count < limit) return true;
  http_session *oldest = NULL;
  for (http_session *s = gw->sessions; s; s = s->next)
    if (!s->waiting && s->refs <= 2 && (!oldest || s->last_used < oldest->last_used)) oldest = s;
  if (!oldest) return false;
  oldest->refs++; /* ours while the lock is let go: the child may die meanwhile */
  unlist_locked(oldest);
  pthread_mutex_unlock(&gw->lock);
  close_input(oldest);
  pthread_mutex_lock(&gw->lock);
  put_locked(oldest);
  return true;
}

http_session *http_session_start(http_gateway *gw, const char **why) {
  http_session *s = z3_calloc(1, sizeof *s);
  if (!s || !random_id(s->id)) {
    z3_free(s);
    *why = "cannot make a session id";
    return NULL;
  }
  pthread_mutex_init(&s->write_lock, NULL);
  s->gw = gw;
  s->to_child = -1;
  pthread_mutex_lock(&gw->lock);
  bool room = make_room_locked(gw);
  pthread_mutex_unlock(&gw->lock);
  if (!room || !spawn_child(gw, s)) {
    *why = room ? "cannot start the session's server" : "too many sessions are busy";
    session_free(s);
    return NULL;
  }
  s->refs = 3; /* the list, the reader, the caller */
  s->listed = true;
  s->last_used = __atomic_add_fetch(&gw->use_clock, 1, __ATOMIC_RELAXED);
  pthread_t t;
  pthread_mutex_lock(&gw->lock);
  s->next = gw->sessions;
  gw->sessions = s;
  gw->session_count++;
  gw->readers++;
  pthread_mutex_unlock(&gw->lock);
  if (pthread_create(&t, NULL, reader_main, s) != 0) {
    close_input(s);
    waitpid(s->pid, NULL, 0);
    pthread_mutex_lock(&gw->lock);
    gw->readers--;
    unlist_locked(s);
    put_locked(s); /* the reader's */
    put_locked(s); /* the caller's */
    pthread_mutex_unlock(&gw->lock);
    *why = "cannot start the session's reader";
    return NULL;
  }
  pthread_detach(t);
  return s;
}

http_session *http_session_find(http_gateway *gw, const char *id) {
  pthread_mutex_lock(&gw->lock);
  http_session *s = gw->sessions;
  while (s && strcmp(s->id, id) != 0) s = s->next;
  if (s && s->dead) s = NULL;
  if (s) {
    s->refs++;
    s->last_used = __atomic_add_fetch(&gw->use_clock, 1, __ATOMIC_RELAXED);
  }
  pthread_mutex_unlock(&gw->lock);
  return s;
}

void http_session_end(http_session *s) {
  pthread_mutex_lock(&s->gw->lock);
  unlist_locked(s);
  pthread_mutex_unlock(&s->gw->lock);
  close_input(s);
}

bool http_session_send(http_session *s, json_t *msg) {
  char *text = json_dumps(msg, JSON_COMPACT); /* compact: no newline inside a message */
  if (!text) return false;
  size_t n = strlen(text);
  text[n] = '\n';
  pthread_mutex_lock(&s->write_lock);
  size_t done = 0;
  while (s->to_child >= 0 && done <= n) {
    ssize_t w = write(s->to_child, text + done, n + 1 - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) break;
    done += (size_t)w;
  }
  pthread_mutex_unlock(&s->write_lock);
  free(text);
  return done == n + 1;
}

/* Sends the notifications queued for me with the lock dropped; gw->lock held. */
static void flush_events(http_gateway *gw, http_pending *me, http_emit emit, void *ctx, bool *client_gone) {
  json_t *batch = me->events;
  me->events = json_array();
  pthread_mutex_unlock(&gw->lock);
  size_t i;
  json_t *n;
  json_array_foreach(batch, i, n) if (!*client_gone) *client_gone = !emit(ctx, n);
  json_decref(batch);
  pthread_mutex_lock(&gw->lock);
}

json_t *http_session_call_streamed(http_session *s, json_t *msg, json_t *id, json_t *token, bool *busy,
                                   http_emit emit, void *ctx) {
  http_gateway *gw = s->gw;
  http_pending me = {.id = id, .token = token, .events = emit ? json_array() : NULL};
  *busy = false;
  pthread_mutex_lock(&gw->lock);
  for (http_pending *p = s->waiting; p; p = p->next) *busy = *busy || json_equal(p->id, id);
  if (*busy || s->dead) {
    pthread_mutex_unlock(&gw->lock);
    json_decref(me.events);
    return NULL;
  }
  me.next = s->waiting;
  s->waiting = &me;
  pthread_mutex_unlock(&gw->lock);
  bool sent = http_session_send(s, msg), client_gone = false;
  pthread_mutex_lock(&gw->lock);
  for (;;) {
    if (me.events && json_array_size(me.events)) flush_events(gw, &me, emit, ctx, &client_gone);
    if (!sent || me.reply || s->dead) break;
    pthread_cond_wait(&gw->changed, &gw->lock);
  }
  for (http_pending **p = &s->waiting; *p; p = &(*p)->next) {
    if (*p != &me) continue;
    *p = me.next;
    break;
  }
  s->last_used = __atomic_add_fetch(&gw->use_clock, 1, __ATOMIC_RELAXED);
  pthread_mutex_unlock(&gw->lock);
  json_decref(me.events);
  return me.reply;
}

json_t *http_session_call(http_session *s, json_t *msg, json_t *id, bool *busy) {
  return http_session_call_streamed(s, msg, id, NULL, busy, NULL, NULL);
}

void http_sessions_shutdown(http_gateway *gw) {
  pthread_mutex_lock(&gw->lock);
  while (gw->sessions) {
    http_session *s = gw->sessions;
    s->refs++;
    unlist_locked(s);
    pthread_mutex_unlock(&gw->lock);
    close_input(s);
    pthread_mutex_lock(&gw->lock);
    put_locked(s);
  }
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += 10; /* a call still running gets this long to finish */
  while (gw->readers > 0 && pthread_cond_timedwait(&gw->changed, &gw->lock, &until) == 0) {}
  pthread_mutex_unlock(&gw->lock);
}
