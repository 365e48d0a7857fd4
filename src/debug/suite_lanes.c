/* debug/suite_lanes: a whole suite run (suite.h). Serial tests run in suite order on the --socket
 * yaze (the main thread); each parallel group runs on a yaze of its own (a thread per group, at
 * most --jobs yaze at once); every wait the plan names is kept; outcomes come back in suite order. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "debug/rpc.h"
#include "debug/suite_internal.h"

typedef struct run {
  const json_t *suite, *tests, *groups;
  const z3_suite_opts *opts;
  suite_plan plan;
  char *yaze_bin;
  pthread_mutex_t mu; /* guards what follows */
  pthread_cond_t changed;
  bool *done;       /* per plan node */
  json_t **results; /* per test, in suite order */
  json_t *passed;   /* names of the tests that passed */
  int running;      /* parallel groups with a yaze up */
  double t0;        /* when the run began */
} run;

typedef struct group_job {
  run *r;
  size_t group;
  pthread_t thread;
} group_job;

static bool waits_over(const run *r, size_t node) { /* under mu */
  for (size_t e = 0; e < r->plan.nedges; e++)
    if (r->plan.edges[e].from == node && !r->done[r->plan.edges[e].to]) return false;
  return true;
}

static void finish_node(run *r, size_t node) {
  pthread_mutex_lock(&r->mu);
  r->done[node] = true;
  pthread_cond_broadcast(&r->changed);
  pthread_mutex_unlock(&r->mu);
}

/* The first dependency of test i that did not pass, or NULL (under mu). */
static const char *missing_dependency(const run *r, const json_t *test) {
  size_t k;
  json_t *d;
  json_array_foreach(json_object_get(test, "depends"), k, d) if (!json_object_get(r->passed, json_string_value(d))) return json_string_value(d);
  return NULL;
}

static void record(run *r, size_t i, json_t *o, int pid, const char *socket) {
  if (pid > 0) json_object_set_new(o, "pid", json_integer(pid));
  if (socket) json_object_set_new(o, "socket", json_string(socket));
  pthread_mutex_lock(&r->mu);
  r->results[i] = o;
  if (!strcmp(json_string_value(json_object_get(o, "status")), "passed")) json_object_set_new(r->passed, json_string_value(json_object_get(o, "name")), json_true());
  pthread_mutex_unlock(&r->mu);
}

/* Runs test i on fd; false when the connection failed (err says how). */
static bool run_one(run *r, size_t i, int fd, int pid, const char *socket, z3_error *err) {
  const json_t *test = json_array_get(r->tests, i);
  pthread_mutex_lock(&r->mu);
  const char *missing = missing_dependency(r, test);
  char *missing_copy = missing ? z3_strdup(missing) : NULL;
  pthread_mutex_unlock(&r->mu);
  double started = suite_now_ms() - r->t0;
  json_t *o = suite_run_test(fd, test, missing_copy, r->opts, err);
  z3_free(missing_copy);
  if (!o) return false;
  json_object_set_new(o, "started_ms", json_real(started)); /* shows what overlapped and what waited */
  record(r, i, o, pid, socket);
  return true;
}

static void record_error(run *r, size_t i, const char *message) {
  const json_t *t = json_array_get(r->tests, i);
  record(r, i, json_pack("{s:O,s:O,s:s,s:i,s:b,s:f,s:s}", "name", json_object_get(t, "name"), "group", json_object_get(t, "group"), "status",
                         "error", "tries", 0, "flaky", 0, "time_ms", 0.0, "message", message), 0, NULL);
}

static char *rom_path(const run *r, const json_t *start) {
  const char *rom = json_string_value(json_object_get(start, "rom"));
  const char *base = r->opts->base_dir;
  return rom[0] == '/' || !base || !*base ? z3_strdup(rom) : z3_strfmt("%s/%s", base, rom);
}

static void run_group(run *r, size_t g) {
  const json_t *group = json_array_get(r->groups, g), *start = json_object_get(group, "start");
  const char *name = json_string_value(json_object_get(group, "name"));
  char *rom = rom_path(r, start);
  suite_yaze y;
  z3_error err;
  z3_error_init(&err);
  z3_status st = suite_yaze_start(r->yaze_bin, rom, json_string_value(json_object_get(start, "editor")), &y, &err);
  char *why = st ? z3_strfmt("group '%s': its yaze (%s, ROM %s) did not start: %s", name, r->yaze_bin, rom, err.message) : NULL;
  for (size_t i = 0; i < r->plan.ntests; i++) {
    if (r->plan.group_of[i] != g) continue;
    if (!why && !run_one(r, i, y.fd, y.pid, y.socket, &err)) why = z3_strfmt("group '%s': its yaze went away: %s", name, err.message);
    if (why) record_error(r, i, why);
  }
  suite_yaze_stop(&y);
  z3_free(why), z3_free(rom);
}

static void *group_main(void *arg) {
  group_job *job = arg;
  run *r = job->r;
  pthread_mutex_lock(&r->mu);
  while (!waits_over(r, job->group) || r->running >= r->opts->jobs) pthread_cond_wait(&r->changed, &r->mu);
  r->running++;
  pthread_mutex_unlock(&r->mu);
  run_group(r, job->group);
  pthread_mutex_lock(&r->mu);
  r->running--;
  pthread_mutex_unlock(&r->mu);
  finish_node(r, job->group);
  return NULL;
}

/* The serial lane. A lost connection ends it with err; the tests it did not reach count as
 * finished so no group waits for them forever. */
static z3_status run_serial(run *r, int fd, int pid, z3_error *err) {
  z3_status st = Z3_OK;
  for (size_t i = 0; i < r->plan.ntests; i++) {
    if (r->plan.parallel[r->plan.group_of[i]]) continue;
    size_t node = r->plan.ngroups + i;
    pthread_mutex_lock(&r->mu);
    while (!st && !waits_over(r, node)) pthread_cond_wait(&r->changed, &r->mu);
    pthread_mutex_unlock(&r->mu);
    if (!st && !run_one(r, i, fd, pid, r->opts->socket_path, err)) st = err->code;
    finish_node(r, node);
  }
  return st;
}

static void count(json_t *report, const char *key) {
  json_object_set_new(report, key, json_integer(json_integer_value(json_object_get(report, key)) + 1));
}

static json_t *merge(const run *r) {
  json_t *rep = json_pack("{s:s,s:i,s:i,s:i,s:i,s:i,s:[]}", "suite", json_string_value(json_object_get(r->suite, "name")), "passed", 0, "failed", 0,
                          "errors", 0, "skipped", 0, "flaky", 0, "tests");
  for (size_t i = 0; i < r->plan.ntests; i++) {
    json_t *o = r->results[i];
    const char *s = json_string_value(json_object_get(o, "status"));
    count(rep, !strcmp(s, "passed") ? "passed" : !strcmp(s, "failed") ? "failed" : !strcmp(s, "error") ? "errors" : "skipped");
    if (json_is_true(json_object_get(o, "flaky"))) count(rep, "flaky");
    json_array_append(json_object_get(rep, "tests"), o);
  }
  return rep;
}

bool z3_suite_has_serial(const json_t *suite) {
  size_t i;
  json_t *g;
  json_array_foreach(json_object_get(suite, "groups"), i, g) if (!json_is_true(json_object_get(g, "parallel"))) return true;
  return false;
}

static bool has_parallel(const run *r) {
  for (size_t g = 0; g < r->plan.ngroups; g++)
    if (r->plan.parallel[g]) return true;
  return false;
}

/* The serial yaze, connected, and the pid its Ping gives. */
static z3_status connect_serial(const z3_suite_opts *opts, int *fd, int *pid, z3_error *err) {
  z3_status st = z3_rpc_connect(opts->socket_path, "yaze harness", "start one with `yaze --harness PATH ROM` (under xvfb-run without a display)", fd, err);
  json_t *ping = NULL;
  if (!st && (st = z3_rpc_call(*fd, "Ping", NULL, &ping, NULL, err))) close(*fd), *fd = -1;
  *pid = (int)json_integer_value(json_object_get(ping, "pid"));
  json_decref(ping);
  return st;
}

static z3_status run_lanes(run *r, int fd, int pid, z3_error *err) {
  group_job *jobs = z3_calloc(r->plan.ngroups + 1, sizeof *jobs);
  suite_signals_install();
  for (size_t g = 0; g < r->plan.ngroups; g++) {
    jobs[g] = (group_job){.r = r, .group = g};
    if (r->plan.parallel[g] && pthread_create(&jobs[g].thread, NULL, group_main, &jobs[g]) != 0) abort();
  }
  z3_status st = run_serial(r, fd, pid, err);
  for (size_t g = 0; g < r->plan.ngroups; g++)
    if (r->plan.parallel[g]) pthread_join(jobs[g].thread, NULL);
  suite_signals_restore();
  z3_free(jobs);
  return st;
}

z3_status z3_suite_run(const json_t *suite, const z3_suite_opts *opts, json_t **report, z3_error *err) {
  *report = NULL;
  run r = {.suite = suite, .tests = json_object_get(suite, "tests"), .groups = json_object_get(suite, "groups"), .opts = opts};
  suite_plan_make(suite, &r.plan);
  int fd = -1, pid = 0;
  z3_status st = Z3_OK;
  if (has_parallel(&r) && !(r.yaze_bin = opts->yaze_path && *opts->yaze_path ? z3_strdup(opts->yaze_path) : suite_yaze_default()))
  {
    st = z3_error_set(err, Z3_E_USAGE, "parallel groups need a yaze to start, and none is beside z3ed or on PATH");
    z3_error_hint(err, "give --yaze PATH");
  }
  if (!st && z3_suite_has_serial(suite)) st = connect_serial(opts, &fd, &pid, err);
  if (st) return suite_plan_free(&r.plan), z3_free(r.yaze_bin), st;
  pthread_mutex_init(&r.mu, NULL);
  pthread_cond_init(&r.changed, NULL);
  r.done = z3_calloc(r.plan.ngroups + r.plan.ntests + 1, sizeof *r.done);
  r.results = z3_calloc(r.plan.ntests + 1, sizeof *r.results);
  r.passed = json_object();
  r.t0 = suite_now_ms();
  st = run_lanes(&r, fd, pid, err);
  if (fd >= 0) close(fd);
  if (!st) {
    *report = merge(&r);
    json_object_set_new(*report, "time_ms", json_real(suite_now_ms() - r.t0));
  }
  for (size_t i = 0; i < r.plan.ntests; i++) json_decref(r.results[i]);
  z3_free(r.results), z3_free(r.done), z3_free(r.yaze_bin);
  json_decref(r.passed);
  pthread_cond_destroy(&r.changed);
  pthread_mutex_destroy(&r.mu);
  suite_plan_free(&r.plan);
  return st;
}
