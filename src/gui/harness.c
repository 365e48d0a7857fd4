/* gui/harness: the socket, its frames and the JSON-RPC envelope, served from GTK's main loop (harness.h). */
#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "base/frame.h"
#include "debug/rpc.h"
#include "gui/harness_internal.h"

enum {
  REQUEST_MAX = 1u << 20,   /* a request is small; a larger frame is a broken client */
  WAIT_POLL_MS = 10,
  WAIT_DEFAULT_MS = 5000,
  WAIT_MAX_MS = 600000,
  CLIENTS_MAX = 64,         /* with REQUEST_MAX and READ_PAUSE, bounds what clients can make yaze hold */
  STALL_LIMIT_MS = 2000,    /* replies not taken for this long drop their client */
  READ_PAUSE = 256u << 10,  /* with this much of its replies untaken, a client's requests wait */
};

/* Replies are queued and written as the socket takes them, so the UI never waits on a
 * client: one that does not read has its requests left unread (READ_PAUSE), and is cut
 * off when its replies have not moved for STALL_LIMIT_MS. */
typedef struct client {
  gui_harness *h;
  int fd;
  guint source, stall_source;
  GIOCondition watching;
  z3_frame_reader reader;
  z3_frame_outbox out;
  gint64 moved_at; /* monotonic microseconds: when its replies last moved, or began to wait */
  bool dead; /* cut off: the stream is out of step, its hang-up is awaited */
  bool ended; /* the client sent all it will (EOF): closed once its replies are out */
} client;

typedef struct pending_wait {
  client *c;
  json_t *id, *params;
  gint64 deadline, started; /* monotonic microseconds */
} pending_wait;

struct gui_harness {
  GtkWidget *window;
  char *path;
  int listener;
  guint listen_source, wait_source;
  GPtrArray *clients; /* client * */
  GPtrArray *waits;   /* pending_wait * */
  double tokens;      /* the action rate limit's bucket */
  gint64 refilled;
  gui_tests *tests; /* queued tests and the recording (harness_tests.c) */
};

char *gui_harness_default_path(void) {
  const char *dir = g_get_user_runtime_dir();
  return g_strdup_printf("%s/yaze-harness-%u-%ld.sock", dir && *dir ? dir : "/tmp", (unsigned)getuid(), (long)getpid());
}

/* ---- methods ---- */

typedef z3_status (*method_fn)(gui_harness *h, const json_t *params, json_t *result, z3_error *err);

static z3_status m_ping(gui_harness *h, const json_t *params, json_t *result, z3_error *err);

static z3_status m_discover(gui_harness *h, const json_t *params, json_t *result, z3_error *err) {
  return gui_discover(h->window, params, result, err);
}
static z3_status m_click(gui_harness *h, const json_t *params, json_t *result, z3_error *err) {
  return gui_rpc_click(h->window, params, result, err);
}
static z3_status m_type(gui_harness *h, const json_t *params, json_t *result, z3_error *err) {
  return gui_rpc_type(h->window, params, result, err);
}
static z3_status m_assert(gui_harness *h, const json_t *params, json_t *result, z3_error *err) {
  return gui_rpc_check(h->window, params, result, err);
}
static z3_status m_screenshot(gui_harness *h, const json_t *params, json_t *result, z3_error *err) {
  return gui_rpc_screenshot(h->window, params, result, err);
}
static z3_status m_state(gui_harness *h, const json_t *params, json_t *result, z3_error *err) {
  return gui_rpc_canvas_state(h->window, params, result, err);
}
static z3_status m_simulate(gui_harness *h, const json_t *params, json_t *result, z3_error *err) {
  return gui_rpc_simulate(h->window, params, result, err);
}
static z3_status m_shutdown(gui_harness *h, const json_t *params, json_t *result, z3_error *err) {
  (void)params, (void)err;
  GtkApplication *app = gtk_window_get_application(GTK_WINDOW(h->window));
  if (app) g_application_quit(G_APPLICATION(app));
  else gtk_window_destroy(GTK_WINDOW(h->window));
  json_object_set_new(result, "stopping", json_true());
  return Z3_OK;
}

#define TESTS_METHOD(fn_name, call)                                                                          \
  static z3_status fn_name(gui_harness *h, const json_t *params, json_t *result, z3_error *err) {                \
    return call(h->tests, params, result, err);                                                                  \
  }
TESTS_METHOD(m_run_test, gui_tests_run)
TESTS_METHOD(m_replay_test, gui_tests_replay)
TESTS_METHOD(m_test_status, gui_tests_status)
TESTS_METHOD(m_list_tests, gui_tests_list)
TESTS_METHOD(m_test_results, gui_tests_results)
TESTS_METHOD(m_record_start, gui_tests_record_start)
TESTS_METHOD(m_record_stop, gui_tests_record_stop)

enum { ACTION = 1, STEP = 2 }; /* counted by the rate limit; may be a step of a queued test */

static const struct {
  const char *name;
  method_fn fn;
  int kind;
} methods[] = {
    {"Ping", m_ping, STEP},
    {"DiscoverWidgets", m_discover, STEP},
    {"Click", m_click, ACTION | STEP},
    {"Type", m_type, ACTION | STEP},
    {"Wait", NULL, 0},
    {"Assert", m_assert, STEP},
    {"Screenshot", m_screenshot, STEP},
    {"GetCanvasState", m_state, STEP},
    {"SimulateAction", m_simulate, ACTION | STEP},
    {"Shutdown", m_shutdown, 0},
    {"RunTest", m_run_test, 0},
    {"ReplayTest", m_replay_test, 0},
    {"GetTestStatus", m_test_status, 0},
    {"ListTests", m_list_tests, 0},
    {"GetTestResults", m_test_results, 0},
    {"StartRecording", m_record_start, 0},
    {"StopRecording", m_record_stop, 0},
};

GtkWidget *gui_harness_window(gui_harness *h) { return h->window; }

z3_status gui_harness_call(gui_harness *h, const char *method, const json_t *params, json_t *result, z3_error *err) {
  for (size_t i = 0; i < G_N_ELEMENTS(methods); i++)
    if (!strcmp(methods[i].name, method) && (methods[i].kind & STEP)) return methods[i].fn(h, params, result, err);
  return z3_error_set(err, Z3_E_USAGE, "'%s' cannot be a step of a queued test", method);
}

static z3_status m_ping(gui_harness *h, const json_t *params, json_t *result, z3_error *err) {
  (void)h, (void)params, (void)err;
  json_t *caps = json_array();
  for (size_t i = 0; i < G_N_ELEMENTS(methods); i++) json_array_append_new(caps, json_string(methods[i].name));
  json_object_set_new(result, "version", json_string(Z3_VERSION));
  json_object_set_new(result, "capabilities", caps);
  json_object_set_new(result, "actions_per_second", json_integer(GUI_HARNESS_ACTIONS_PER_SECOND));
  json_object_set_new(result, "pid", json_integer(getpid())); /* which yaze answers: a runner starts several */
  return Z3_OK;
}

/* A token bucket: bursts up to one second's worth, then the documented rate. */
static bool take_token(gui_harness *h) {
  gint64 now = g_get_monotonic_time();
  h->tokens += (double)(now - h->refilled) * GUI_HARNESS_ACTIONS_PER_SECOND / 1e6;
  if (h->tokens > GUI_HARNESS_ACTIONS_PER_SECOND) h->tokens = GUI_HARNESS_ACTIONS_PER_SECOND;
  h->refilled = now;
  if (h->tokens < 1) return false;
  h->tokens -= 1;
  return true;
}

static int rpc_code(z3_status st) {
  return st == Z3_E_USAGE ? RPC_INVALID_PARAMS : st == Z3_E_NOT_FOUND ? RPC_NO_WIDGET : RPC_FAILED;
}

/* A client that does not take its replies is cut off (logged); the hang-up that follows drops it. */
static void reply_failed(client *c) {
  if (c->dead) return;
  c->dead = true;
  fprintf(stderr, "yaze harness: warning: dropped a client that stopped reading its replies\n");
  shutdown(c->fd, SHUT_RDWR);
}

static void rewatch(client *c);

/* Writes what the socket takes now; false when the client is gone. */
static bool flush_replies(client *c) {
  ssize_t n = z3_frame_outbox_flush(&c->out, c->fd);
  if (n > 0) c->moved_at = g_get_monotonic_time();
  return n >= 0;
}

static gboolean stall_check(gpointer data) {
  client *c = data;
  c->stall_source = 0;
  if (c->dead || !z3_frame_outbox_pending(&c->out)) return G_SOURCE_REMOVE;
  gint64 waited_ms = (g_get_monotonic_time() - c->moved_at) / 1000;
  if (waited_ms >= STALL_LIMIT_MS) reply_failed(c);
  else c->stall_source = g_timeout_add((guint)(STALL_LIMIT_MS - waited_ms), stall_check, c);
  return G_SOURCE_REMOVE;
}

/* After a reply was queued (`waited`: replies were waiting before it): out now if the
 * socket takes it, else when it does. */
static void replied(client *c, bool waited, bool queued) {
  if (!queued || !flush_replies(c)) return reply_failed(c);
  if (!waited && z3_frame_outbox_pending(&c->out)) c->moved_at = g_get_monotonic_time(); /* begins to wait */
  if (z3_frame_outbox_pending(&c->out) && !c->stall_source) c->stall_source = g_timeout_add(STALL_LIMIT_MS, stall_check, c);
  rewatch(c);
}

static void reply_result(client *c, const json_t *id, json_t *result) {
  if (c->dead) return json_decref(result);
  bool waited = z3_frame_outbox_pending(&c->out) > 0;
  replied(c, waited, z3_rpc_queue_result(&c->out, id, result));
}

static void reply_error(client *c, const json_t *id, int code, const z3_error *err) {
  if (c->dead) return;
  bool waited = z3_frame_outbox_pending(&c->out) > 0;
  replied(c, waited, z3_rpc_queue_error(&c->out, id, code, err->message, err));
}

/* ---- Wait: the condition checked every WAIT_POLL_MS from the main loop until met or timed out ---- */

static void finish_wait(gui_harness *h, pending_wait *w, json_t *result) {
  json_object_set_new(result, "waited_ms", json_integer((g_get_monotonic_time() - w->started) / 1000));
  reply_result(w->c, w->id, result);
  g_ptr_array_remove(h->waits, w);
}

static void free_wait(gpointer data) {
  pending_wait *w = data;
  json_decref(w->id);
  json_decref(w->params);
  g_free(w);
}

static void check_waits(gui_harness *h) {
  gint64 now = g_get_monotonic_time();
  for (guint i = h->waits->len; i-- > 0;) {
    pending_wait *w = g_ptr_array_index(h->waits, i);
    json_t *result = json_object();
    z3_error err;
    z3_error_init(&err);
    gui_rpc_check(h->window, w->params, result, &err);
    bool passed = json_is_true(json_object_get(result, "passed"));
    if (passed || now >= w->deadline) {
      if (!passed) json_object_set_new(result, "timed_out", json_true());
      finish_wait(h, w, result);
    } else {
      json_decref(result);
    }
  }
}

static gboolean poll_waits(gpointer data) {
  gui_harness *h = data;
  check_waits(h);
  if (h->waits->len) return G_SOURCE_CONTINUE;
  h->wait_source = 0;
  return G_SOURCE_REMOVE;
}

static z3_status start_wait(gui_harness *h, client *c, const json_t *id, const json_t *params, z3_error *err) {
  json_t *timeout = json_object_get(params, "timeout_ms");
  json_int_t ms = timeout ? json_integer_value(timeout) : WAIT_DEFAULT_MS;
  if (timeout && (!json_is_integer(timeout) || ms < 0 || ms > WAIT_MAX_MS))
    return z3_error_set(err, Z3_E_USAGE, "params.timeout_ms must be an integer from 0 to %d", WAIT_MAX_MS);
  json_t *probe = json_object();
  z3_status st = gui_rpc_check(h->window, params, probe, err); /* a malformed condition fails at once */
  json_decref(probe);
  if (st) return st;
  pending_wait *w = g_new0(pending_wait, 1);
  w->c = c;
  w->id = id ? json_incref((json_t *)id) : NULL;
  w->params = json_deep_copy(params);
  w->started = g_get_monotonic_time();
  w->deadline = w->started + ms * 1000;
  g_ptr_array_add(h->waits, w);
  if (!h->wait_source) h->wait_source = g_timeout_add(WAIT_POLL_MS, poll_waits, h);
  check_waits(h); /* met already: answered now */
  return Z3_OK;
}

static void dispatch(gui_harness *h, client *c, const json_t *id, const char *method, const json_t *params) {
  z3_error err;
  z3_error_init(&err);
  size_t i = 0;
  while (i < G_N_ELEMENTS(methods) && strcmp(methods[i].name, method) != 0) i++;
  if (i == G_N_ELEMENTS(methods)) {
    z3_error_set(&err, Z3_E_NOT_FOUND, "unknown method '%s'", method);
    z3_error_hint(&err, "Ping lists the methods as its capabilities");
    if (id) reply_error(c, id, RPC_NO_METHOD, &err);
    return;
  }
  json_t *empty = json_object();
  if (!params) params = empty;
  z3_status st = Z3_OK;
  if ((methods[i].kind & ACTION) && !take_token(h)) {
    z3_error_set(&err, Z3_E_IO, "more than %d actions a second", GUI_HARNESS_ACTIONS_PER_SECOND);
    z3_error_hint(&err, "wait a little and send it again");
    if (id) reply_error(c, id, RPC_RATE_LIMITED, &err);
  } else if (!methods[i].fn) {
    st = start_wait(h, c, id, params, &err);
    if (!st) gui_tests_note(h->tests, method, params);
  } else {
    json_t *result = json_object();
    st = methods[i].fn(h, params, result, &err);
    if (!st && !json_is_false(json_object_get(result, "passed"))) gui_tests_note(h->tests, method, params); /* what held */
    if (st) json_decref(result);
    else reply_result(c, id, result);
  }
  if (st && id) reply_error(c, id, rpc_code(st), &err);
  json_decref(empty);
}

static const char *envelope_problem(const json_t *req) {
  const json_t *id = json_object_get(req, "id"), *params = json_object_get(req, "params");
  const json_t *version = json_object_get(req, "jsonrpc");
  if (!json_is_object(req)) return "a request must be a JSON object";
  if (!json_is_string(version) || strcmp(json_string_value(version), "2.0") != 0) return "\"jsonrpc\" must be \"2.0\"";
  if (!json_is_string(json_object_get(req, "method"))) return "\"method\" must be a string";
  if (id && !json_is_string(id) && !json_is_integer(id) && !json_is_null(id)) return "\"id\" must be a string, an integer or null";
  if (params && !json_is_object(params)) return "\"params\" must be an object";
  return NULL;
}

static void handle_frame(gui_harness *h, client *c, const uint8_t *body, size_t len) {
  json_error_t jerr;
  json_t *req = json_loadb((const char *)body, len, JSON_REJECT_DUPLICATES, &jerr);
  z3_error err;
  z3_error_init(&err);
  if (!req) {
    z3_error_set(&err, Z3_E_INVALID, "invalid JSON at line %d, column %d: %s", jerr.line, jerr.column, jerr.text);
    reply_error(c, NULL, RPC_PARSE, &err);
    return;
  }
  const char *problem = envelope_problem(req);
  if (problem) {
    z3_error_set(&err, Z3_E_INVALID, "%s", problem);
    reply_error(c, json_is_object(req) ? json_object_get(req, "id") : NULL, RPC_INVALID_REQUEST, &err);
  } else {
    dispatch(h, c, json_object_get(req, "id"), json_string_value(json_object_get(req, "method")),
             json_object_get(req, "params"));
  }
  json_decref(req);
}

/* ---- connections ---- */

static void drop_client(client *c) {
  gui_harness *h = c->h;
  for (guint i = h->waits->len; i-- > 0;)
    if (((pending_wait *)g_ptr_array_index(h->waits, i))->c == c) g_ptr_array_remove_index(h->waits, i);
  if (c->source) g_source_remove(c->source);
  if (c->stall_source) g_source_remove(c->stall_source);
  if (!c->dead) z3_frame_outbox_flush(&c->out, c->fd); /* a last error reply, if the socket takes it */
  close(c->fd);
  z3_frame_reader_release(&c->reader);
  z3_frame_outbox_release(&c->out);
  g_ptr_array_remove(h->clients, c);
  g_free(c);
}

/* Handles the whole requests read so far, while the client takes its replies; false when
 * the connection is to be closed. */
static bool serve_requests(client *c) {
  z3_error err;
  z3_error_init(&err);
  const uint8_t *body;
  size_t len;
  int got = 0;
  while (!c->dead && z3_frame_outbox_pending(&c->out) < READ_PAUSE &&
         (got = z3_frame_next(&c->reader, &body, &len, &err)) == 1)
    handle_frame(c->h, c, body, len);
  if (got < 0) {
    fprintf(stderr, "yaze harness: warning: refused a client's frame: %s\n", err.message);
    reply_error(c, NULL, RPC_INVALID_REQUEST, &err);
    return false; /* the stream is out of step */
  }
  return !c->dead;
}

/* Reads what arrived; false when the connection is to be closed. */
static bool read_requests(client *c) {
  z3_frame_receipt got = z3_frame_receive(&c->reader, c->fd);
  c->ended |= got == Z3_FRAME_ENDED;
  return got == Z3_FRAME_GOT ? serve_requests(c) : got != Z3_FRAME_BROKEN;
}

static gboolean client_ready(gint fd, GIOCondition cond, gpointer data);

/* Watches for requests only while the client takes its replies, and for room to write
 * only while replies wait. */
static void rewatch(client *c) {
  size_t waiting = z3_frame_outbox_pending(&c->out);
  GIOCondition want = G_IO_HUP | G_IO_ERR | (waiting < READ_PAUSE && !c->ended ? G_IO_IN : 0) | (waiting ? G_IO_OUT : 0);
  if (c->source && want == c->watching) return;
  if (c->source) g_source_remove(c->source);
  c->watching = want;
  c->source = g_unix_fd_add(c->fd, want, client_ready, c);
}

static gboolean client_ready(gint fd, GIOCondition cond, gpointer data) {
  (void)fd;
  client *c = data;
  bool keep = true;
  if (cond & G_IO_OUT) keep = flush_replies(c) && serve_requests(c); /* room again: the requests read meanwhile */
  if (keep && (cond & G_IO_IN)) keep = read_requests(c);
  else if (keep && (cond & (G_IO_HUP | G_IO_ERR))) keep = false;
  if (!keep || (c->ended && !z3_frame_outbox_pending(&c->out))) {
    drop_client(c);
    return G_SOURCE_REMOVE;
  }
  rewatch(c); /* may replace this source by one watching for other conditions */
  return G_SOURCE_CONTINUE;
}

static gboolean accept_ready(gint fd, GIOCondition cond, gpointer data) {
  (void)cond;
  gui_harness *h = data;
  int cfd = accept(fd, NULL, NULL);
  if (cfd < 0) return G_SOURCE_CONTINUE;
  fcntl(cfd, F_SETFD, FD_CLOEXEC);
  struct timeval send_limit = {.tv_sec = STALL_LIMIT_MS / 1000}; /* the refusal below only */
  setsockopt(cfd, SOL_SOCKET, SO_SNDTIMEO, &send_limit, sizeof send_limit);
  if (h->clients->len >= CLIENTS_MAX) {
    z3_error err;
    z3_error_init(&err);
    z3_error_set(&err, Z3_E_IO, "more than %d connections to the harness", CLIENTS_MAX);
    z3_error_hint(&err, "close one and connect again");
    fprintf(stderr, "yaze harness: warning: refused a connection: %s\n", err.message);
    z3_rpc_send_error(cfd, NULL, RPC_RATE_LIMITED, err.message, &err);
    close(cfd);
    return G_SOURCE_CONTINUE;
  }
  client *c = g_new0(client, 1);
  c->h = h;
  c->fd = cfd;
  z3_frame_reader_init(&c->reader, REQUEST_MAX);
  z3_frame_outbox_init(&c->out);
  rewatch(c);
  g_ptr_array_add(h->clients, c);
  return G_SOURCE_CONTINUE;
}

static z3_status listen_on(const char *path, int *out, z3_error *err) {
  char *hint = z3_strfmt("stop it with `z3ed gui shutdown --socket %s`, or choose another path", path);
  z3_status st = z3_rpc_listen(path, "harness", hint, out, err);
  z3_free(hint);
  return st;
}

gui_harness *gui_harness_start(GtkWidget *window, const char *path, z3_error *err) {
  int fd = -1;
  if (listen_on(path, &fd, err)) return NULL;
  signal(SIGPIPE, SIG_IGN); /* a client that hangs up must not end the editor */
  gui_harness *h = g_new0(gui_harness, 1);
  h->window = window;
  h->path = g_strdup(path);
  h->listener = fd;
  h->clients = g_ptr_array_new();
  h->waits = g_ptr_array_new_with_free_func(free_wait);
  h->tokens = GUI_HARNESS_ACTIONS_PER_SECOND;
  h->refilled = g_get_monotonic_time();
  h->listen_source = g_unix_fd_add(fd, G_IO_IN, accept_ready, h);
  h->tests = gui_tests_new(h);
  return h;
}

void gui_harness_stop(gui_harness *h) {
  if (!h) return;
  while (h->clients->len) drop_client(g_ptr_array_index(h->clients, h->clients->len - 1));
  if (h->wait_source) g_source_remove(h->wait_source);
  gui_tests_free(h->tests);
  g_source_remove(h->listen_source);
  close(h->listener);
  unlink(h->path);
  g_ptr_array_unref(h->clients);
  g_ptr_array_unref(h->waits);
  g_free(h->path);
  g_free(h);
}
