/*
 * yaze's automation harness (src/gui/harness.h) from outside, as z3ed and agents
 * use it: one yaze process started with --harness on a copy of the sample ROM,
 * spoken to over its socket in raw frames. Malformed input must get errors and
 * leave the editor answering; a Wait must not block other clients.
 */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "base/frame.h"
#include "debug/rpc.h"
#include "test.h"
#include "harness_launch.h"

static char *tmp, *rom, *sock;
static pid_t yaze;

static int connect_harness(void) {
  int fd = -1;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rpc_connect(sock, "yaze harness", NULL, &fd, &err), &err);
  return fd;
}

static void send_text(int fd, const char *text) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_frame_write(fd, text, strlen(text), &err), &err);
}

static json_t *read_reply(int fd) {
  z3_buf buf;
  z3_buf_init(&buf);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_frame_read(fd, &buf, 0, &err), &err);
  json_t *msg = json_loadb((const char *)buf.data, buf.len, 0, NULL);
  z3_buf_release(&buf);
  assert_non_null(msg);
  return msg;
}

/* One request on a new connection; the reply's result, or NULL with *code set to the error's code. */
static json_t *call(const char *method, const char *params_json, int *code) {
  int fd = connect_harness();
  json_t *params = params_json ? json_loads(params_json, 0, NULL) : NULL, *result = NULL;
  z3_error err;
  z3_error_init(&err);
  int c = 0;
  z3_status st = z3_rpc_call(fd, method, params, &result, &c, &err);
  json_decref(params);
  close(fd);
  if (code) *code = c;
  if (st && !code) print_error("%s: %s\n", method, err.message);
  if (!code) assert_int_equal(st, Z3_OK);
  return result;
}

static void assert_alive(void) {
  json_t *r = call("Ping", NULL, NULL);
  assert_string_equal(json_string_value(json_object_get(r, "version")), Z3_VERSION);
  json_decref(r);
}

Z3_TEST(ping_lists_every_method_and_the_socket_is_private) {
  (void)state;
  json_t *r = call("Ping", NULL, NULL);
  const char *want[] = {"Ping", "DiscoverWidgets", "Click", "Type", "Wait", "Assert", "Screenshot", "GetCanvasState"};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    bool found = false;
    size_t k;
    json_t *v;
    json_array_foreach(json_object_get(r, "capabilities"), k, v) found |= strcmp(json_string_value(v), want[i]) == 0;
    if (!found) print_error("capability %s missing\n", want[i]);
    assert_true(found);
  }
  json_decref(r);
  struct stat st;
  assert_int_equal(stat(sock, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0600);
}

/* A second editor asked to serve the same socket says who holds it and how to stop it, and
 * exits 3 (an environment error), so a runner knows it did not start; the first goes on. */
Z3_TEST(a_second_harness_on_the_socket_is_refused) {
  (void)state;
  char *cmd = z3_strfmt("timeout 120 '%s' --harness '%s' --headless '%s' 2>&1 >/dev/null", Z3_YAZE, sock, rom);
  int code;
  char *text = z3_test_sh(cmd, &code);
  if (!strstr(text, "a harness already listens on")) print_error("%s\n", text);
  assert_non_null(strstr(text, "a harness already listens on"));
  assert_non_null(strstr(text, "hint: stop it with `z3ed gui shutdown --socket"));
  assert_int_equal(code, 3);
  assert_alive();
  z3_free(text);
  z3_free(cmd);
}

Z3_TEST(malformed_frames_and_requests_get_errors_and_the_editor_goes_on) {
  (void)state;
  int fd = connect_harness();
  send_text(fd, "{not json");
  json_t *r = read_reply(fd);
  assert_int_equal(json_integer_value(json_object_get(json_object_get(r, "error"), "code")), -32700);
  json_decref(r);
  send_text(fd, "{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"Ping\"}");
  r = read_reply(fd);
  assert_int_equal(json_integer_value(json_object_get(json_object_get(r, "error"), "code")), -32600);
  assert_int_equal(json_integer_value(json_object_get(r, "id")), 3);
  json_decref(r);
  /* a zero length puts the stream out of step: an error, then the connection closes */
  assert_int_equal(write(fd, "\0\0\0\0", 4), 4);
  r = read_reply(fd);
  assert_int_equal(json_integer_value(json_object_get(json_object_get(r, "error"), "code")), -32600);
  json_decref(r);
  char byte;
  assert_int_equal(read(fd, &byte, 1), 0);
  close(fd);
  int code;
  assert_null(call("Explode", NULL, &code));
  assert_int_equal(code, -32601);
  assert_null(call("Click", "{\"target\":\"no-such-widget\"}", &code));
  assert_int_equal(code, -32001);
  assert_null(call("Assert", "{\"condition\":\"shiny\"}", &code));
  assert_int_equal(code, -32602);
  assert_null(call("Type", "{\"target\":\"status\",\"keys\":\"ctrl+nokey+\"}", &code));
  assert_int_equal(code, -32602);
  assert_alive();
}

Z3_TEST(discover_filters_by_window_and_role) {
  (void)state;
  json_t *r = call("DiscoverWidgets", "{\"role\":\"button\"}", NULL);
  assert_true(json_integer_value(json_object_get(r, "count")) >= 6);
  size_t i;
  json_t *w;
  bool saw_undo = false;
  json_array_foreach(json_object_get(r, "widgets"), i, w) {
    assert_string_equal(json_string_value(json_object_get(w, "role")), "button");
    if (!strcmp(json_string_value(json_object_get(w, "name")), "undo")) {
      saw_undo = true;
      assert_string_equal(json_string_value(json_object_get(w, "label")), "Undo");
      assert_true(json_integer_value(json_object_get(json_object_get(w, "bounds"), "width")) > 0);
    }
  }
  assert_true(saw_undo);
  json_decref(r);
  json_decref(call("Click", "{\"editor\":\"palettes\"}", NULL));
  r = call("DiscoverWidgets", "{\"window\":\"palettes\"}", NULL);
  json_t *first = json_array_get(json_object_get(r, "widgets"), 0);
  assert_string_equal(json_string_value(json_object_get(first, "name")), "palettes");
  const char *path = json_string_value(json_object_get(first, "path"));
  assert_non_null(strstr(path, "/editors/palettes"));
  json_decref(r);
}

static void check(const char *params, bool want_passed) {
  json_t *r = call("Assert", params, NULL);
  if (json_is_true(json_object_get(r, "passed")) != want_passed) print_error("Assert %s: %s\n", params, json_dumps(r, 0));
  assert_int_equal(json_is_true(json_object_get(r, "passed")), want_passed);
  json_decref(r);
}

Z3_TEST(click_type_and_assert_an_edit_then_undo_by_chord) {
  (void)state;
  json_decref(call("Click", "{\"editor\":\"palettes\"}", NULL));
  check("{\"condition\":\"undo-depth\",\"equals\":0}", true);
  json_decref(call("Type", "{\"target\":\"pal-value\",\"text\":\"$7FFF\"}", NULL));
  json_decref(call("Click", "{\"target\":\"Set the selected colour to the value\"}", NULL)); /* pal-apply by its label */
  check("{\"condition\":\"undo-depth\",\"equals\":1}", true);
  check("{\"condition\":\"modified\"}", true);
  check("{\"condition\":\"contains\",\"target\":\"pal-info\",\"equals\":\"$7FFF\"}", true);
  json_decref(call("Type", "{\"target\":\"yaze\",\"keys\":\"ctrl+z\"}", NULL));
  check("{\"condition\":\"text\",\"target\":\"status\",\"equals\":\"undone\"}", true);
  check("{\"condition\":\"modified\",\"equals\":false}", true);
  json_t *r = call("Assert", "{\"condition\":\"text\",\"target\":\"status\",\"equals\":\"redone\"}", NULL);
  assert_false(json_is_true(json_object_get(r, "passed")));
  assert_string_equal(json_string_value(json_object_get(r, "expected")), "redone");
  assert_string_equal(json_string_value(json_object_get(r, "actual")), "undone");
  json_decref(r);
}

Z3_TEST(assert_reads_rom_bytes_and_words_of_the_open_rom) {
  (void)state;
  z3_buf data;
  z3_buf_init(&data);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&data, rom, 8u << 20, &err), &err);
  char params[160];
  snprintf(params, sizeof params, "{\"condition\":\"rom-byte\",\"address\":\"0x7FC0\",\"equals\":%d}", data.data[0x7FC0]);
  check(params, true);
  snprintf(params, sizeof params, "{\"condition\":\"rom-word\",\"address\":%d,\"equals\":%d}", 0x7FDE, data.data[0x7FDE] | data.data[0x7FDF] << 8);
  check(params, true);
  snprintf(params, sizeof params, "{\"condition\":\"rom-byte\",\"address\":%d,\"equals\":%d}", 0x7FC0, (data.data[0x7FC0] + 1) & 0xFF);
  check(params, false);
  z3_buf_release(&data);
  int code;
  assert_null(call("Assert", "{\"condition\":\"rom-byte\",\"address\":99999999,\"equals\":0}", &code));
  assert_int_equal(code, -32602);
}


static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

Z3_TEST(wait_times_out_without_blocking_other_clients) {
  (void)state;
  int a = connect_harness();
  double t0 = now_ms();
  send_text(a, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"Wait\",\"params\":{\"condition\":\"exists\",\"target\":\"never-there\",\"timeout_ms\":600}}");
  assert_alive(); /* answered while the Wait is pending */
  assert_true(now_ms() - t0 < 500);
  json_t *r = read_reply(a);
  json_t *result = json_object_get(r, "result");
  assert_false(json_is_true(json_object_get(result, "passed")));
  assert_true(json_is_true(json_object_get(result, "timed_out")));
  assert_true(json_integer_value(json_object_get(result, "waited_ms")) >= 600);
  json_decref(r);
  close(a);
  r = call("Wait", "{\"condition\":\"visible\",\"target\":\"status\",\"timeout_ms\":5000}", NULL);
  assert_true(json_is_true(json_object_get(r, "passed")));
  assert_true(json_integer_value(json_object_get(r, "waited_ms")) < 1000);
  json_decref(r);
}

Z3_TEST(screenshot_and_canvas_state) {
  (void)state;
  json_decref(call("Click", "{\"editor\":\"overworld\"}", NULL));
  char *png = z3_strfmt("{\"target\":\"ow-map\",\"path\":\"%s/area.png\"}", tmp);
  json_t *r = call("Screenshot", png, NULL);
  z3_free(png);
  assert_true(json_integer_value(json_object_get(r, "width")) > 0);
  json_decref(r);
  char *file = z3_strfmt("%s/area.png", tmp);
  struct stat st;
  assert_int_equal(stat(file, &st), 0);
  assert_true(st.st_size > 100);
  z3_free(file);
  r = call("GetCanvasState", NULL, NULL);
  assert_string_equal(json_string_value(json_object_get(r, "editor")), "overworld");
  assert_int_equal(json_integer_value(json_object_get(r, "area")), 0);
  assert_non_null(json_object_get(r, "viewport"));
  assert_non_null(json_object_get(r, "undo_depth"));
  json_decref(r);
  json_decref(call("Click", "{\"target\":\"ow-map\",\"x\":3,\"y\":3}", NULL)); /* paints tile (0, 0) */
  check("{\"condition\":\"undo-depth\",\"equals\":1}", true);
}

enum { BURST = 400 };

typedef struct reader {
  int fd, limited, replies;
} reader;

static void *read_replies(void *arg) {
  reader *rd = arg;
  for (int i = 0; i < BURST; i++) { /* no cmocka asserts off the main thread: a failure shows as too few replies */
    z3_buf buf;
    z3_buf_init(&buf);
    if (z3_frame_read(rd->fd, &buf, 0, NULL) != Z3_OK) break;
    json_t *r = json_loadb((const char *)buf.data, buf.len, 0, NULL);
    z3_buf_release(&buf);
    rd->replies++;
    rd->limited += json_integer_value(json_object_get(json_object_get(r, "error"), "code")) == -32002;
    json_decref(r);
  }
  return NULL;
}

Z3_TEST(actions_past_the_rate_limit_are_refused) {
  (void)state;
  int fd = connect_harness();
  /* the replies are read while the requests go out: a client that sends 400 before reading
   * any can fill the socket both ways, and yaze rightly cuts off a client that stops reading */
  reader rd = {fd, 0, 0};
  pthread_t t;
  assert_int_equal(pthread_create(&t, NULL, read_replies, &rd), 0);
  for (int i = 0; i < BURST; i++) send_text(fd, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"Click\",\"params\":{\"editor\":\"overworld\"}}");
  pthread_join(t, NULL);
  assert_int_equal(rd.replies, BURST);
  int limited = rd.limited;
  close(fd);
  assert_true(limited > 0);
  harness_sleep_ms(1100); /* the bucket fills again */
  json_decref(call("Click", "{\"editor\":\"overworld\"}", NULL));
}

static int setup(void **state) {
  (void)state;
  tmp = z3_test_tmpdir();
  rom = z3_strfmt("%s/h.sfc", tmp);
  sock = z3_strfmt("%s/h.sock", tmp);
  z3_buf data;
  z3_buf_init(&data);
  z3_error err;
  z3_error_init(&err);
  if (z3_file_read(&data, Z3_SAMPLE, 8u << 20, &err) || z3_file_write_atomic(rom, data.data, data.len, &(z3_write_opts){0}, &err))
    return print_error("%s\n", err.message), -1;
  z3_buf_release(&data);
  char *home = z3_strfmt("%s/data", tmp);
  setenv("XDG_DATA_HOME", home, 1);
  z3_free(home);
  return harness_launch(sock, rom, &yaze);
}

static int teardown(void **state) {
  (void)state;
  bool clean = harness_shutdown(sock, yaze);
  z3_free(rom), z3_free(sock), z3_free(tmp);
  return clean ? 0 : -1;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(ping_lists_every_method_and_the_socket_is_private),
      cmocka_unit_test(malformed_frames_and_requests_get_errors_and_the_editor_goes_on),
      cmocka_unit_test(a_second_harness_on_the_socket_is_refused),
      cmocka_unit_test(discover_filters_by_window_and_role),
      cmocka_unit_test(click_type_and_assert_an_edit_then_undo_by_chord),
      cmocka_unit_test(assert_reads_rom_bytes_and_words_of_the_open_rom),
      cmocka_unit_test(wait_times_out_without_blocking_other_clients),
      cmocka_unit_test(screenshot_and_canvas_state),
      cmocka_unit_test(actions_past_the_rate_limit_are_refused),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
