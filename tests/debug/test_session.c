/*
 * debug sessions through the real binary: `z3ed debug start` on a program of
 * ours, commands as a user types them, and raw frames over the socket as a
 * broken client would send them; the session answers every one with a
 * JSON-RPC error and stays up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <jansson.h>

#include "base/frame.h"
#include "test.h"

#define PROGRAMS Z3_BINARY_DIR "/tests/emu/programs/"

static char sock[256];

/* Runs `z3ed debug ARGS --session SOCK --output-format json`; returns the root (caller decrefs). */
static json_t *z3(const char *args, int *code) {
  char *cmd = z3_strfmt("'%s' debug %s --session '%s' --output-format json 2>&1", Z3_EXE, args, sock);
  char *text = z3_test_sh(cmd, code);
  json_t *root = json_loads(text, 0, NULL);
  if (!root) print_error("not JSON from `%s`: %s\n", cmd, text);
  assert_non_null(root);
  free(text);
  free(cmd);
  return root;
}

static bool mentions(const json_t *root, const char *text) {
  char *all = json_dumps(root, 0);
  bool found = all && strstr(all, text);
  free(all);
  return found;
}

static json_t *ok(const char *args, json_t **root) {
  int code;
  *root = z3(args, &code);
  if (code != 0) print_error("debug %s failed with %d\n", args, code);
  assert_int_equal(code, 0);
  return json_object_get(*root, "result");
}

static const char *str(const json_t *o, const char *path1, const char *path2) {
  const json_t *v = json_object_get(o, path1);
  if (path2) v = json_object_get(v, path2);
  assert_non_null(json_string_value(v));
  return json_string_value(v);
}

static int setup(void **state) {
  (void)state;
  char *dir = z3_test_tmpdir();
  snprintf(sock, sizeof sock, "%s/s.sock", dir);
  free(dir);
  char *cmd = z3_strfmt("'%s' debug start --rom '%scalls.sfc' --socket '%s' --idle-timeout 120 -q", Z3_EXE,
                        PROGRAMS, sock);
  int rc = system(cmd);
  free(cmd);
  return rc == 0 ? 0 : -1;
}

static int teardown(void **state) {
  (void)state;
  int code;
  json_decref(z3("stop", &code));
  return 0;
}

Z3_TEST(test_session__break_continue_watch_and_inspect) {
  (void)state;
  json_t *root;
  json_t *r = ok("symbols-load --path '" PROGRAMS "calls.lbl'", &root);
  assert_true(json_integer_value(json_object_get(r, "labels")) >= 8);
  json_decref(root);
  r = ok("break --address inner", &root);
  assert_int_equal(json_integer_value(json_object_get(json_object_get(r, "breakpoint"), "id")), 1);
  json_decref(root);
  r = ok("continue", &root);
  assert_string_equal(str(r, "reason", NULL), "breakpoint");
  assert_string_equal(str(r, "instruction", "label"), "inner");
  json_t *calls = json_object_get(r, "callstack");
  assert_int_equal(json_array_size(calls), 2);
  assert_string_equal(str(json_array_get(calls, 0), "label", NULL), "inner");
  assert_string_equal(str(json_array_get(calls, 1), "label", NULL), "outer");
  json_decref(root);
  ok("disable --id 1", &root);
  json_decref(root);
  r = ok("break --kind write --address '$7E:0110' --condition 'value == 3'", &root);
  json_decref(root);
  r = ok("continue", &root);
  assert_string_equal(str(r, "reason", NULL), "watchpoint");
  assert_string_equal(str(r, "watch", "access"), "write");
  assert_string_equal(str(r, "watch", "old"), "$02");
  assert_string_equal(str(r, "watch", "value"), "$03");
  assert_string_equal(str(r, "instruction", "label"), "store_done");
  json_decref(root);
  r = ok("memory-read --region wram --address '$7E:0110' --length 1", &root);
  assert_string_equal(str(r, "hex", NULL), "03");
  json_decref(root);
  r = ok("step --count 2", &root);
  assert_string_equal(str(r, "reason", NULL), "step");
  json_decref(root);
  r = ok("trace --count 2", &root);
  assert_string_equal(str(json_array_get(json_object_get(r, "trace"), 0), "instruction", "text"), "LDA $0110");
  json_decref(root);
}

Z3_TEST(test_session__memory_write_search_snapshot_diff_and_game_state) {
  (void)state;
  json_t *root;
  json_t *r = ok("snapshot --name before", &root);
  json_decref(root);
  r = ok("memory-write --address '$7E:F36D' --hex 18", &root); /* three hearts of health */
  assert_int_equal(json_integer_value(json_object_get(r, "written")), 1);
  json_decref(root);
  r = ok("memory-write --region wram --address 0x0010 --hex '07 02'", &root); /* dungeon module, step 2 */
  json_decref(root);
  r = ok("diff --from before", &root);
  json_t *changes = json_object_get(r, "changes");
  assert_int_equal(json_integer_value(json_object_get(r, "ranges")), 2);
  assert_string_equal(str(json_array_get(changes, 0), "address", NULL), "$7E:0010");
  assert_string_equal(str(json_array_get(changes, 0), "after", NULL), "0702");
  assert_string_equal(str(json_array_get(changes, 1), "address", NULL), "$7E:F36D");
  json_decref(root);
  r = ok("memory-search --pattern '07 ?? 55'", &root); /* power-on fills WRAM with $55 */
  assert_string_equal(json_string_value(json_array_get(json_object_get(r, "addresses"), 0)), "$7E:0010");
  json_decref(root);
  r = ok("game-state", &root);
  json_t *fields = json_object_get(r, "fields");
  assert_string_equal(str(json_object_get(fields, "module"), "decoded", NULL), "dungeon");
  assert_int_equal(json_integer_value(json_object_get(json_object_get(fields, "submodule"), "value")), 2);
  assert_true(json_real_value(json_object_get(json_object_get(fields, "health"), "decoded")) == 3.0);
  json_decref(root);
  int code;
  root = z3("diff --from nothing", &code);
  assert_int_equal(code, 2);
  assert_true(mentions(root, "no snapshot named 'nothing'"));
  json_decref(root);
  root = z3("memory-write --address '$00:8000' --hex 00", &code);
  assert_int_equal(code, 2);
  assert_true(mentions(root, "not WRAM"));
  json_decref(root);
}

Z3_TEST(test_session__usage_errors_name_the_parameter) {
  (void)state;
  int code;
  json_t *root = z3("break --address nowhere", &code);
  assert_int_equal(code, 2);
  assert_true(mentions(root, "'nowhere' is neither an address nor a loaded label"));
  json_decref(root);
  root = z3("break --address '$00:8000' --condition 'a =='", &code);
  assert_int_equal(code, 2);
  assert_true(mentions(root, "column"));
  json_decref(root);
  root = z3("delete --id 99", &code);
  assert_int_equal(code, 2);
  assert_true(mentions(root, "no breakpoint 99"));
  json_decref(root);
}

/* `debug start` from a savestate (plus flags): 0 when its registers then show pc. */
static int start_from_state(const char *dir, const char *socket, const char *state_path, const char *flags,
                            const char *pc) {
  char *cmd = z3_strfmt("'%s' debug start --rom '%scalls.sfc' --socket '%s/%s' --state '%s' %s --idle-timeout 30 -q "
                        "&& '%s' debug registers --session '%s/%s' --output-format json | grep -q '\"pc\": \"%s\"' "
                        "&& '%s' debug stop --session '%s/%s' -q",
                        Z3_EXE, PROGRAMS, dir, socket, state_path, flags, Z3_EXE, dir, socket, pc, Z3_EXE, dir, socket);
  int rc = system(cmd);
  free(cmd);
  return rc;
}

/* `debug start` from a savestate: 0 when it is refused saying `why`. */
static int start_refused(const char *dir, const char *socket, const char *state_path, const char *why) {
  char *cmd = z3_strfmt("'%s' debug start --rom '%scalls.sfc' --socket '%s/%s' --state '%s' 2>&1 | grep -q '%s'",
                        Z3_EXE, PROGRAMS, dir, socket, state_path, why);
  int rc = system(cmd);
  free(cmd);
  return rc;
}

/* Back in time and whole-console states, through the binary. */
Z3_TEST(test_session__step_back_last_write_and_states) {
  (void)state;
  json_t *root, *r;
  ok("delete --id 1", &root), json_decref(root);
  ok("delete --id 2", &root), json_decref(root);
  char *cmd;
  r = ok("step --count 500", &root);
  char *pc = strdup(str(r, "registers", "pc"));
  json_decref(root);
  ok("step --count 20", &root), json_decref(root);
  r = ok("step-back --count 20", &root);
  assert_string_equal(str(r, "reason", NULL), "step-back");
  assert_string_equal(str(r, "registers", "pc"), pc);
  json_decref(root);

  r = ok("last-write --address '$00:0110'", &root);
  assert_true(json_is_true(json_object_get(r, "found")));
  assert_string_equal(str(r, "address", NULL), "$7E:0110");
  assert_string_equal(str(r, "instruction", "text"), "STA $0110");
  assert_string_equal(str(r, "instruction", "bytes"), "8D 10 01");
  assert_true(json_integer_value(json_object_get(r, "instructions_ago")) > 0);
  json_decref(root);

  char *dir = z3_test_tmpdir();
  char *args = z3_strfmt("save-state --path '%s/here.z3s'", dir);
  r = ok(args, &root);
  assert_true(json_integer_value(json_object_get(r, "bytes")) > 48);
  json_decref(root);
  free(args);
  ok("step --count 300", &root), json_decref(root);
  args = z3_strfmt("load-state --path '%s/here.z3s'", dir);
  r = ok(args, &root);
  assert_string_equal(str(r, "registers", "pc"), pc);
  json_decref(root);
  free(args);
  int code;
  args = z3_strfmt("load-state --path '%scalls.lbl'", PROGRAMS); /* not a savestate: refused, session unchanged */
  root = z3(args, &code);
  assert_int_equal(code, 2);
  assert_true(mentions(root, "not a z3ed savestate"));
  json_decref(root);
  free(args);
  r = ok("registers", &root);
  assert_string_equal(str(r, "registers", "pc"), pc);
  json_decref(root);
  /* a state of another ROM (its SHA-1 changed): refused, then loaded with --any-rom */
  char *here = z3_strfmt("%s/here.z3s", dir), *other = z3_strfmt("%s/other.z3s", dir);
  z3_buf bytes;
  z3_buf_init(&bytes);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_read(&bytes, here, 1u << 24, &err), &err);
  bytes.data[12] ^= 1;
  assert_ok(z3_file_write_atomic(other, bytes.data, bytes.len, NULL, &err), &err);
  z3_buf_release(&bytes);
  ok("step --count 300", &root), json_decref(root);
  args = z3_strfmt("load-state --path '%s'", other);
  root = z3(args, &code);
  assert_int_equal(code, 2);
  assert_true(mentions(root, "saved from another ROM"));
  json_decref(root);
  free(args);
  args = z3_strfmt("load-state --path '%s' --any-rom", other);
  r = ok(args, &root);
  assert_true(json_is_true(json_object_get(r, "state_from_other_rom")));
  assert_string_equal(str(r, "registers", "pc"), pc);
  json_decref(root);
  free(args);
  z3_free(here);
  root = z3("step-back --count 1000000", &code);
  assert_int_equal(code, 2);
  assert_true(mentions(root, "no history to step back into"));
  json_decref(root);

  /* trace to a file: one line per instruction run, replays not logged */
  args = z3_strfmt("trace-log --path '%s/run.log'", dir);
  r = ok(args, &root);
  assert_true(json_is_true(json_object_get(r, "logging")));
  json_decref(root);
  free(args);
  ok("step --count 40", &root), json_decref(root);
  ok("step-back --count 10", &root), json_decref(root);
  r = ok("trace-log --stop", &root);
  assert_int_equal(json_integer_value(json_object_get(r, "lines")), 41); /* 40 ran, and the one about to */
  json_decref(root);
  cmd = z3_strfmt("test $(grep -c ' A:[0-9A-F]\\{4\\} X:' '%s/run.log') = 41 && grep -q '^inner:$' '%s/run.log' "
                  "&& grep -q 'STA \\$0110 .* P:[nN][vV][mM][xX]' '%s/run.log'", dir, dir, dir);
  assert_int_equal(system(cmd), 0);
  free(cmd);

  /* a session started from the state; not from a file that is none, nor from another
   * ROM's state unless --any-rom */
  char *saved = z3_strfmt("%s/here.z3s", dir);
  assert_int_equal(start_from_state(dir, "t.sock", saved, "", pc), 0);
  assert_int_equal(start_refused(dir, "u.sock", PROGRAMS "calls.lbl", "not a z3ed savestate"), 0);
  assert_int_equal(start_refused(dir, "v.sock", other, "saved from another ROM"), 0);
  assert_int_equal(start_from_state(dir, "w.sock", other, "--any-rom", pc), 0);
  z3_free(saved);
  z3_free(other);
  free(dir);
  free(pc);
}

/* ---- raw frames ------------------------------------------------------------ */

static int connect_raw(void) {
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  strcpy(sa.sun_path, sock);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  assert_true(fd >= 0);
  assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
  return fd;
}

static json_t *reply(int fd) {
  z3_buf body;
  z3_buf_init(&body);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_frame_read(fd, &body, 0, &err), &err);
  json_t *msg = json_loadb((const char *)body.data, body.len, 0, NULL);
  z3_buf_release(&body);
  assert_non_null(msg);
  return msg;
}

static long error_code(const json_t *msg) {
  return (long)json_integer_value(json_object_get(json_object_get(msg, "error"), "code"));
}

static void send_text(int fd, const char *text) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_frame_write(fd, text, strlen(text), &err), &err);
}

static void expect_ping(void) {
  int fd = connect_raw();
  send_text(fd, "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}");
  json_t *msg = reply(fd);
  assert_string_equal(json_string_value(json_object_get(msg, "id")), "p");
  assert_non_null(json_object_get(json_object_get(msg, "result"), "version"));
  json_decref(msg);
  close(fd);
}

Z3_TEST(test_session__malformed_requests_get_errors_and_the_server_stays_up) {
  (void)state;
  int fd = connect_raw();
  static const struct {
    const char *text;
    long code;
  } cases[] = {
      {"{not json", -32700},
      {"[1,2]", -32600},
      {"{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}", -32600},
      {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}", -32600},
      {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"fly\"}", -32601},
      {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"step\",\"params\":{\"count\":\"many\"}}", -32602},
      {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"step\",\"params\":[1]}", -32600},
      {"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"memory-read\",\"params\":{\"address\":\"$7E:0000\",\"length\":0}}", -32602},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    send_text(fd, cases[i].text);
    json_t *msg = reply(fd);
    if (error_code(msg) != cases[i].code) print_error("%s -> code %ld\n", cases[i].text, error_code(msg));
    assert_int_equal(error_code(msg), cases[i].code);
    json_decref(msg);
  }
  close(fd);
  /* a frame length the server refuses: an error, then the connection closes */
  fd = connect_raw();
  const uint8_t huge[4] = {0x7F, 0xFF, 0xFF, 0xFF};
  assert_int_equal(write(fd, huge, 4), 4);
  json_t *msg = reply(fd);
  assert_int_equal(error_code(msg), -32600);
  json_decref(msg);
  char byte;
  assert_int_equal(read(fd, &byte, 1), 0);
  close(fd);
  /* a client that vanishes mid-frame */
  fd = connect_raw();
  assert_int_equal(write(fd, "\0\0\0\x20{\"jsonrpc\"", 15), 15);
  close(fd);
  expect_ping();
}

/* `env -u Z3ED_DEBUG_SESSION XDG_RUNTIME_DIR=dir z3ed ARGS 2>&1`: its output and exit code. */
static int z3_in(const char *dir, const char *args, char *text, size_t size) {
  char *cmd = z3_strfmt("env -u Z3ED_DEBUG_SESSION XDG_RUNTIME_DIR='%s' '%s' %s 2>&1", dir, Z3_EXE, args);
  int code;
  char *out = z3_test_sh(cmd, &code);
  snprintf(text, size, "%s", out);
  free(out);
  free(cmd);
  return code;
}

Z3_TEST(test_session__no_session_is_a_clear_error) {
  (void)state;
  char text[1024];
  assert_int_equal(z3_in("/nonexistent", "debug registers --session /nonexistent/z3.sock", text, sizeof text), 3);
  assert_non_null(strstr(text, "no debug session at '/nonexistent/z3.sock'"));
  assert_non_null(strstr(text, "z3ed debug start"));
}

/* Started under umask 0, the socket is still 0600 (the socket is the whole emulator and
 * writes files: nobody else may connect); a second session on it is refused with advice. */
Z3_TEST(test_session__the_socket_is_its_users_alone_and_taken_once) {
  (void)state;
  char *dir = z3_test_tmpdir(), text[2048], *path = z3_strfmt("%s/mine.sock", dir);
  char *start = z3_strfmt("debug start --rom '%scalls.sfc' --socket '%s' --idle-timeout 60", PROGRAMS, path);
  mode_t old = umask(0);
  int rc = z3_in(dir, start, text, sizeof text);
  umask(old);
  assert_int_equal(rc, 0);
  struct stat st;
  assert_int_equal(stat(path, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0600);
  assert_int_equal(z3_in(dir, start, text, sizeof text), 3);
  assert_non_null(strstr(text, "a session already listens on"));
  assert_non_null(strstr(text, "hint: stop it with `z3ed debug stop --session"));
  char *stop = z3_strfmt("debug stop --session '%s'", path);
  assert_int_equal(z3_in(dir, stop, text, sizeof text), 0);
  free(stop);
  free(start);
  free(path);
  free(dir);
}

/* What a killed session leaves: a socket file nobody listens on. */
static void leave_dead_socket(const char *path) {
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
  close(fd);
}

Z3_TEST(test_session__without_session_the_only_one_running_answers) {
  (void)state;
  char *dir = z3_test_tmpdir(), text[2048], first[512], *start = z3_strfmt(
      "debug start --rom '%scalls.sfc' --idle-timeout 60 --output-format json", PROGRAMS);
  char *dead = z3_strfmt("%s/z3ed-debug-%ld-1.sock", dir, (long)getuid());
  leave_dead_socket(dead);
  assert_int_equal(z3_in(dir, "debug registers", text, sizeof text), 2);
  assert_non_null(strstr(text, "no session: give --session PATH or set Z3ED_DEBUG_SESSION"));

  assert_int_equal(z3_in(dir, start, text, sizeof text), 0);
  json_t *started = json_loads(text, 0, NULL);
  snprintf(first, sizeof first, "%s", json_string_value(json_object_get(json_object_get(started, "result"), "session")));
  json_decref(started);
  assert_non_null(strstr(first, dir));
  assert_int_equal(z3_in(dir, "debug registers --output-format json", text, sizeof text), 0);
  assert_non_null(strstr(text, "\"pc\""));

  assert_int_equal(z3_in(dir, start, text, sizeof text), 0);
  assert_int_equal(z3_in(dir, "debug registers", text, sizeof text), 2);
  assert_non_null(strstr(text, "2 sessions are running ("));
  assert_non_null(strstr(text, first));
  assert_null(strstr(text, dead));

  char *stop = z3_strfmt("debug stop --session '%s'", first);
  assert_int_equal(z3_in(dir, stop, text, sizeof text), 0);
  assert_int_equal(z3_in(dir, "debug stop", text, sizeof text), 0); /* the other one, now the only one */
  assert_int_equal(z3_in(dir, "debug registers", text, sizeof text), 2);
  assert_non_null(strstr(text, "no session"));
  free(stop);
  free(dead);
  free(start);
  free(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_session__break_continue_watch_and_inspect),
      cmocka_unit_test(test_session__memory_write_search_snapshot_diff_and_game_state),
      cmocka_unit_test(test_session__usage_errors_name_the_parameter),
      cmocka_unit_test(test_session__step_back_last_write_and_states),
      cmocka_unit_test(test_session__malformed_requests_get_errors_and_the_server_stays_up),
      cmocka_unit_test(test_session__no_session_is_a_clear_error),
      cmocka_unit_test(test_session__without_session_the_only_one_running_answers),
      cmocka_unit_test(test_session__the_socket_is_its_users_alone_and_taken_once),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
