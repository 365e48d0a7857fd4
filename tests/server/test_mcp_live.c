/*
 * The MCP server while it runs: the test writes requests over a pipe and
 * reads answers as they come, so it can cancel a call that is still running,
 * reuse an id in flight, or close the input with calls pending. The last
 * tests run the z3ed binary itself.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "agent/tools.h"
#include "mcp_harness.h"


static int setup(void **state) {
  (void)state;
  signal(SIGPIPE, SIG_IGN);
  return mcp_folder_make(&here);
}

static int teardown(void **state) {
  (void)state;
  mcp_folder_remove(&here);
  return 0;
}

/* ---- a line reader over a descriptor, with a timeout ---------------------------------------- */

typedef struct lines {
  int fd;
  char buf[1 << 16];
  size_t len;
  json_t *seen;                 /* every message read */
} lines;

/* The next message, or NULL at EOF; fails the test after 30 s of silence. */
static json_t *next_message(lines *L) {
  z3_buf line;
  z3_buf_init(&line);
  for (;;) {
    char *nl = memchr(L->buf, '\n', L->len);
    if (nl) {
      size_t n = (size_t)(nl - L->buf);
      z3_buf_append(&line, L->buf, n, NULL);
      memmove(L->buf, nl + 1, L->len - n - 1);
      L->len -= n + 1;
      break;
    }
    z3_buf_append(&line, L->buf, L->len, NULL);
    L->len = 0;
    struct pollfd p = {.fd = L->fd, .events = POLLIN};
    int rc = poll(&p, 1, 30000);
    if (rc == 0) print_error("no message from the server for 30 s\n");
    assert_true(rc > 0);
    ssize_t n = read(L->fd, L->buf, sizeof L->buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      assert_int_equal(line.len, 0); /* nothing may be cut off */
      z3_buf_release(&line);
      return NULL;
    }
    L->len = (size_t)n;
  }
  z3_buf_push(&line, '\n', NULL);
  json_t *one = mcp_parse_output((const char *)line.data, line.len);
  z3_buf_release(&line);
  json_t *m = json_incref(json_array_get(one, 0));
  json_decref(one);
  json_array_append_new(L->seen, m);
  return m;
}

/* Reads until the response with this id arrives and returns it. */
static json_t *wait_for(lines *L, const char *id_json) {
  json_t *id = json_loads(id_json, JSON_DECODE_ANY, NULL);
  for (;;) {
    json_t *m = next_message(L);
    if (!m) print_error("the server ended before answering %s\n", id_json);
    assert_non_null(m);
    if (!json_object_get(m, "method") && json_equal(json_object_get(m, "id"), id)) {
      json_decref(id);
      return m;
    }
  }
}

static void send_line(int fd, const char *single_quoted) {
  char *text = mcp_quotes(single_quoted);
  char *line = z3_strfmt("%s\n", text);
  assert_int_equal(write(fd, line, strlen(line)), (ssize_t)strlen(line));
  z3_free(line);
  z3_free(text);
}

/* ---- the server in a thread, fed through pipes ------------------------------------------------- */

typedef struct live {
  int to_server;
  lines from;
  FILE *in, *out;
  z3_mcp_options opts;
  pthread_t thread;
  int rc;
  mcp_stub stub;
} live;

static void *serve_thread(void *arg) {
  live *L = arg;
  L->rc = z3_mcp_serve(L->in, L->out, &L->opts);
  fclose(L->out); /* the reader sees EOF */
  fclose(L->in);
  return NULL;
}

static void live_start(live *L) {
  memset(L, 0, sizeof *L);
  int a[2], b[2];
  assert_int_equal(pipe(a), 0);
  assert_int_equal(pipe(b), 0);
  L->in = fdopen(a[0], "r"), L->out = fdopen(b[1], "w");
  L->to_server = a[1];
  L->from.fd = b[0];
  L->from.seen = json_array();
  mcp_stub_init(&L->stub);
  L->stub.gate_closed = true;
  L->opts = mcp_opts(here.dir, NULL);
  L->opts.run_tool = mcp_stub_run, L->opts.run_tool_ctx = &L->stub;
  assert_int_equal(pthread_create(&L->thread, NULL, serve_thread, L), 0);
  send_line(L->to_server, INIT("2025-11-25"));
  wait_for(&L->from, "\"init\"");
}

/* Closes the input, reads to the end and checks the clean exit. */
static void live_stop(live *L) {
  close(L->to_server);
  mcp_stub_open(&L->stub);
  while (next_message(&L->from)) {}
  pthread_join(L->thread, NULL);
  assert_int_equal(L->rc, 0);
  close(L->from.fd);
}

static void live_release(live *L) { json_decref(L->from.seen); }

Z3_TEST(test_cancel__a_running_call_gets_no_answer_and_the_server_goes_on) {
  (void)state;
  live L;
  live_start(&L);
  send_line(L.to_server, "{'jsonrpc':'2.0','id':7,'method':'tools/call','params':{'name':'rom_info','arguments':{'rom':'t7'}}}");
  mcp_stub_wait_started(&L.stub, 1);
  send_line(L.to_server, "{'jsonrpc':'2.0','id':8,'method':'ping'}");
  wait_for(&L.from, "8"); /* answered while 7 is still running */
  send_line(L.to_server, "{'jsonrpc':'2.0','method':'notifications/cancelled','params':{'requestId':7,'reason':'user'}}");
  send_line(L.to_server, "{'jsonrpc':'2.0','id':9,'method':'ping'}");
  wait_for(&L.from, "9");
  mcp_stub_open(&L.stub);
  send_line(L.to_server, "{'jsonrpc':'2.0','id':10,'method':'tools/call','params':{'name':'rom_info','arguments':{'rom':'t10'}}}");
  json_t *r = wait_for(&L.from, "10"); /* calls run in order: 7 ended before 10 */
  assert_string_equal(json_string_value(json_object_get(json_object_get(json_object_get(r, "result"), "structuredContent"), "tag")), "t10");
  live_stop(&L);
  assert_int_equal(mcp_count_responses(L.from.seen, "7"), 0);
  live_release(&L);
}

/* The cancel reaches the running call itself (z3_tool_call then stops its process). */
Z3_TEST(test_cancel__raises_the_sessions_flag_for_the_running_call) {
  (void)state;
  live L;
  live_start(&L);
  send_line(L.to_server, "{'jsonrpc':'2.0','id':11,'method':'tools/call','params':{'name':'rom_info','arguments':{'rom':'t11'}}}");
  mcp_stub_wait_started(&L.stub, 1);
  send_line(L.to_server, "{'jsonrpc':'2.0','method':'notifications/cancelled','params':{'requestId':11}}");
  mcp_stub_wait_cancel(&L.stub); /* without the flag this would wait forever: the gate stays shut */
  send_line(L.to_server, "{'jsonrpc':'2.0','id':12,'method':'tools/call','params':{'name':'rom_info','arguments':{'rom':'t12'}}}");
  mcp_stub_wait_started(&L.stub, 2);
  mcp_stub_open(&L.stub); /* the next call starts with the flag cleared, so it runs */
  json_t *r = wait_for(&L.from, "12");
  assert_string_equal(json_string_value(json_object_get(json_object_get(json_object_get(r, "result"), "structuredContent"), "tag")), "t12");
  live_stop(&L);
  assert_int_equal(mcp_count_responses(L.from.seen, "11"), 0);
  live_release(&L);
}

Z3_TEST(test_cancel__a_queued_call_never_runs) {
  (void)state;
  live L;
  live_start(&L);
  send_line(L.to_server, "{'jsonrpc':'2.0','id':20,'method':'tools/call','params':{'name':'rom_info','arguments':{'rom':'t20'}}}");
  mcp_stub_wait_started(&L.stub, 1);
  send_line(L.to_server, "{'jsonrpc':'2.0','id':'21','method':'tools/call','params':{'name':'rom_info','arguments':{'rom':'t21'}}}");
  send_line(L.to_server, "{'jsonrpc':'2.0','method':'notifications/cancelled','params':{'requestId':21}}"); /* wrong type: not 21 */
  send_line(L.to_server, "{'jsonrpc':'2.0','id':'22','method':'tools/call','params':{'name':'rom_info','arguments':{'rom':'t22'}}}");
  send_line(L.to_server, "{'jsonrpc':'2.0','method':'notifications/cancelled','params':{'requestId':'22'}}");
  send_line(L.to_server, "{'jsonrpc':'2.0','id':23,'method':'ping'}");
  wait_for(&L.from, "23");
  mcp_stub_open(&L.stub);
  wait_for(&L.from, "20");
  wait_for(&L.from, "\"21\"");
  live_stop(&L);
  assert_int_equal(mcp_count_responses(L.from.seen, "\"22\""), 0);
  assert_int_equal(L.stub.started, 2);
  assert_string_equal(L.stub.tags[0], "t20");
  assert_string_equal(L.stub.tags[1], "t21");
  live_release(&L);
}

Z3_TEST(test_cancel__unknown_finished_and_malformed_are_ignored) {
  (void)state;
  live L;
  live_start(&L);
  mcp_stub_open(&L.stub);
  send_line(L.to_server, "{'jsonrpc':'2.0','id':30,'method':'tools/call','params':{'name':'rom_info'}}");
  wait_for(&L.from, "30");
  send_line(L.to_server, "{'jsonrpc':'2.0','method':'notifications/cancelled','params':{'requestId':30}}");
  send_line(L.to_server, "{'jsonrpc':'2.0','method':'notifications/cancelled','params':{'requestId':'nope'}}");
  send_line(L.to_server, "{'jsonrpc':'2.0','method':'notifications/cancelled','params':{'requestId':'init'}}");
  send_line(L.to_server, "{'jsonrpc':'2.0','method':'notifications/cancelled','params':{'requestId':null}}");
  send_line(L.to_server, "{'jsonrpc':'2.0','method':'notifications/cancelled','params':{}}");
  send_line(L.to_server, "{'jsonrpc':'2.0','id':31,'method':'ping'}");
  wait_for(&L.from, "31");
  live_stop(&L);
  assert_int_equal(json_array_size(L.from.seen), 3); /* init, 30, 31: nothing for the notifications */
  live_release(&L);
}

Z3_TEST(test_ids__an_id_still_in_flight_is_refused) {
  (void)state;
  live L;
  live_start(&L);
  send_line(L.to_server, "{'jsonrpc':'2.0','id':40,'method':'tools/call','params':{'name':'rom_info','arguments':{'rom':'first'}}}");
  mcp_stub_wait_started(&L.stub, 1);
  send_line(L.to_server, "{'jsonrpc':'2.0','id':40,'method':'tools/call','params':{'name':'rom_info','arguments':{'rom':'again'}}}");
  json_t *r = wait_for(&L.from, "40");
  assert_int_equal(json_integer_value(json_object_get(json_object_get(r, "error"), "code")), -32600);
  mcp_stub_open(&L.stub);
  r = wait_for(&L.from, "40");
  assert_string_equal(json_string_value(json_object_get(json_object_get(json_object_get(r, "result"), "structuredContent"), "tag")), "first");
  live_stop(&L);
  assert_int_equal(L.stub.started, 1);
  live_release(&L);
}

Z3_TEST(test_eof__calls_already_received_are_answered_then_a_clean_exit) {
  (void)state;
  live L;
  live_start(&L);
  send_line(L.to_server, "{'jsonrpc':'2.0','id':50,'method':'tools/call','params':{'name':'rom_info'}}");
  send_line(L.to_server, "{'jsonrpc':'2.0','id':51,'method':'tools/call','params':{'name':'rom_validate'}}");
  mcp_stub_wait_started(&L.stub, 1);
  live_stop(&L); /* closes the input while 50 waits at the gate */
  assert_int_equal(mcp_count_responses(L.from.seen, "50"), 1);
  json_t *r = mcp_result(L.from.seen, "51");
  assert_true(json_is_true(json_object_get(r, "isError")));
  live_release(&L);
}

/* ---- the z3ed binary --------------------------------------------------------------------------- */

typedef struct child {
  pid_t pid;
  int in, out, err;
} child;

/* Starts z3ed with args (NULL-terminated after "mcp") in the test folder, Z3ED_HOME=its state/. */
static child spawn(const char *const *args) {
  int a[2], b[2], c[2];
  assert_int_equal(pipe(a) | pipe(b) | pipe(c), 0);
  child ch = {.in = a[1], .out = b[0], .err = c[0]};
  ch.pid = fork();
  assert_true(ch.pid >= 0);
  if (ch.pid == 0) {
    dup2(a[0], 0), dup2(b[1], 1), dup2(c[1], 2);
    close(a[1]), close(b[0]), close(c[0]);
    char *home = z3_strfmt("%s/state", here.dir);
    setenv("Z3ED_HOME", home, 1);
    setenv("ASAN_OPTIONS", "detect_leaks=1", 1);
    if (chdir(here.dir) != 0) _exit(99);
    char *argv[16] = {(char *)Z3_EXE, (char *)"mcp"};
    for (int i = 0; args[i] && i < 13; i++) argv[i + 2] = (char *)args[i];
    execv(Z3_EXE, argv);
    _exit(98);
  }
  close(a[0]), close(b[1]), close(c[1]);
  return ch;
}

/* Closes stdin, reads stdout to the end, and returns the exit status. */
static int finish(child *ch, json_t **messages, char **err_text) {
  close(ch->in);
  lines L = {.fd = ch->out, .seen = json_array()};
  while (next_message(&L)) {}
  close(ch->out);
  z3_buf e;
  z3_buf_init(&e);
  char chunk[4096];
  ssize_t n;
  while ((n = read(ch->err, chunk, sizeof chunk)) > 0) z3_buf_append(&e, chunk, (size_t)n, NULL);
  close(ch->err);
  z3_buf_push(&e, 0, NULL);
  int status = 0;
  assert_int_equal(waitpid(ch->pid, &status, 0), ch->pid);
  *messages = L.seen;
  *err_text = (char *)e.data;
  if (!WIFEXITED(status)) print_error("z3ed mcp died: status %d; stderr:\n%s\n", status, *err_text);
  assert_true(WIFEXITED(status));
  return WEXITSTATUS(status);
}

Z3_TEST(test_process__serves_over_stdio_and_exits_zero_at_eof) {
  (void)state;
  const char *args[] = {"--rom", "game.sfc", "--read-only", NULL};
  child ch = spawn(args);
  send_line(ch.in, INIT("2025-11-25"));
  send_line(ch.in, "{'jsonrpc':'2.0','id':1,'method':'tools/list'}");
  send_line(ch.in, "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'name':'rom_info','arguments':{}}}");
  send_line(ch.in, "{'jsonrpc':'2.0','id':3,'method':'tools/call','params':{'name':'rom_header_set','arguments':{'title':'X'}}}");
  send_line(ch.in, "not json");
  send_line(ch.in, "{'jsonrpc':'2.0','id':4,'method':'resources/read','params':{'uri':'z3ed://rom/state'}}");
  json_t *msgs;
  char *err;
  assert_int_equal(finish(&ch, &msgs, &err), 0);
  json_t *tools = json_object_get(mcp_result(msgs, "1"), "tools"), *t;
  size_t i;
  assert_true(json_array_size(tools) > 20);
  json_array_foreach(tools, i, t) { /* people-only commands are not offered to the agent */
    const z3_command *c = z3_tool_find(json_string_value(json_object_get(t, "name")));
    if (i == 0) assert_string_equal(json_string_value(json_object_get(t, "name")), "describe_tools");
    else assert_false(c->flags & Z3_CMD_PERSON_ONLY);
  }
  assert_int_equal(json_integer_value(json_object_get(json_object_get(mcp_result(msgs, "2"), "structuredContent"), "size")), 1048576);
  assert_true(json_is_true(json_object_get(mcp_result(msgs, "3"), "isError")));
  assert_int_equal(mcp_idless_errors(msgs, -32700), 1);
  assert_non_null(mcp_result(msgs, "4"));
  char *audit = z3_strfmt("%s/state/audit.jsonl", here.dir);
  assert_true(z3_file_exists(audit)); /* every call is logged in the state folder */
  z3_free(audit);
  char *cmp = z3_strfmt("cmp -s '%s' '%s/game.sfc'", Z3_SAMPLE, here.dir);
  assert_int_equal(system(cmp), 0); /* the refused header edit wrote nothing */
  z3_free(cmp);
  json_decref(msgs);
  free(err);
}

Z3_TEST(test_process__start_up_errors_and_options) {
  (void)state;
  struct {
    const char *args[6];
    int code;
    const char *err;
  } cases[] = {
      {{"--rom", "missing.sfc", NULL}, 3, "missing.sfc"},
      {{"--bogus", NULL}, 2, "--bogus"},
      {{"--rom", NULL}, 2, "needs a value"},
      {{"--log-level", "chatty", NULL}, 2, "chatty"},
      {{"--project", "no/such/dir", NULL}, 3, "no/such/dir"},
      {{"--proposal", "first", NULL}, 2, "proposal number"},
      {{"--proposal", "4", NULL}, 3, "registry"},
      {{"--help", NULL}, 0, ""},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    child ch = spawn(cases[i].args);
    json_t *msgs = NULL;
    char *err = NULL;
    if (cases[i].code == 0) { /* --help prints usage, which is not protocol */
      close(ch.in);
      char buf[4096] = {0};
      assert_true(read(ch.out, buf, sizeof buf - 1) > 0);
      assert_non_null(strstr(buf, "usage: z3ed mcp"));
      close(ch.out), close(ch.err);
      int status;
      waitpid(ch.pid, &status, 0);
      assert_int_equal(WEXITSTATUS(status), 0);
      continue;
    }
    assert_int_equal(finish(&ch, &msgs, &err), cases[i].code);
    assert_int_equal(json_array_size(msgs), 0); /* nothing on stdout */
    assert_non_null(strstr(err, cases[i].err));
    json_decref(msgs);
    free(err);
  }
  /* --project: relative paths, --rom included, are the project's */
  char *sub = z3_strfmt("mkdir -p '%s/proj' && cp '%s' '%s/proj/p.sfc'", here.dir, Z3_SAMPLE, here.dir);
  assert_int_equal(system(sub), 0);
  z3_free(sub);
  const char *args[] = {"--project", "proj", "--rom", "p.sfc", NULL};
  child ch = spawn(args);
  send_line(ch.in, INIT("2024-11-05"));
  send_line(ch.in, "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'rom_info'}}");
  json_t *msgs;
  char *err;
  assert_int_equal(finish(&ch, &msgs, &err), 0);
  const char *text = json_string_value(json_object_get(json_array_get(json_object_get(mcp_result(msgs, "1"), "content"), 0), "text"));
  assert_non_null(strstr(text, "\"path\":\"p.sfc\""));
  json_decref(msgs);
  free(err);
}

Z3_TEST(test_process__a_vanished_client_ends_the_server_cleanly) {
  (void)state;
  const char *args[] = {NULL};
  child ch = spawn(args);
  send_line(ch.in, INIT("2025-11-25"));
  lines L = {.fd = ch.out, .seen = json_array()};
  wait_for(&L, "\"init\"");
  close(ch.out); /* the client stops reading: the next answer fails with EPIPE */
  for (int i = 0; i < 50; i++) {
    char *ping = z3_strfmt("{'jsonrpc':'2.0','id':%d,'method':'ping'}", 100 + i);
    char *text = mcp_quotes(ping);
    char *line = z3_strfmt("%s\n", text);
    if (write(ch.in, line, strlen(line)) < 0) i = 50; /* it already stopped reading */
    z3_free(line), z3_free(text), z3_free(ping);
  }
  close(ch.in);
  int status = 0;
  assert_int_equal(waitpid(ch.pid, &status, 0), ch.pid);
  assert_true(WIFEXITED(status));
  assert_int_equal(WEXITSTATUS(status), 0);
  close(ch.err);
  json_decref(L.seen);
}

/* Debug tools without `session` use the connection's own, started on first
 * use and stopped with the server. */
Z3_TEST(test_process__debug_tools_share_the_connections_own_session) {
  (void)state;
  const char *args[] = {"--rom", "game.sfc", "--read-only", "--log-level", "notice", NULL};
  child ch = spawn(args);
  send_line(ch.in, INIT("2025-11-25"));
  send_line(ch.in, "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'debug_step','arguments':{'count':5}}}");
  send_line(ch.in, "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'name':'debug_registers','arguments':{}}}");
  send_line(ch.in, "{'jsonrpc':'2.0','id':3,'method':'tools/call','params':{'name':'debug_step','arguments':{'count':2}}}");
  json_t *msgs;
  char *err;
  assert_int_equal(finish(&ch, &msgs, &err), 0);
  json_t *step = json_object_get(mcp_result(msgs, "1"), "structuredContent");
  json_t *regs = json_object_get(mcp_result(msgs, "2"), "structuredContent");
  json_t *again = json_object_get(mcp_result(msgs, "3"), "structuredContent");
  assert_string_equal(json_string_value(json_object_get(step, "reason")), "step");
  /* one session: the registers are where the first step left them, and the second step goes on from there */
  assert_string_equal(json_string_value(json_object_get(json_object_get(step, "registers"), "pc")),
                      json_string_value(json_object_get(json_object_get(regs, "registers"), "pc")));
  assert_string_not_equal(json_string_value(json_object_get(json_object_get(again, "registers"), "pc")),
                          json_string_value(json_object_get(json_object_get(regs, "registers"), "pc")));
  const char *started = strstr(err, "started debug session ");
  assert_non_null(started);
  char path[256];
  assert_int_equal(sscanf(started, "started debug session %255s", path), 1);
  bool gone = false; /* the server stopped it on the way out */
  for (int i = 0; i < 100 && !gone; i++) {
    gone = !z3_file_exists(path);
    if (!gone) nanosleep(&(struct timespec){.tv_nsec = 50000000}, NULL);
  }
  assert_true(gone);
  json_decref(msgs);
  free(err);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cancel__a_running_call_gets_no_answer_and_the_server_goes_on),
      cmocka_unit_test(test_cancel__raises_the_sessions_flag_for_the_running_call),
      cmocka_unit_test(test_cancel__a_queued_call_never_runs),
      cmocka_unit_test(test_cancel__unknown_finished_and_malformed_are_ignored),
      cmocka_unit_test(test_ids__an_id_still_in_flight_is_refused),
      cmocka_unit_test(test_eof__calls_already_received_are_answered_then_a_clean_exit),
      cmocka_unit_test(test_process__serves_over_stdio_and_exits_zero_at_eof),
      cmocka_unit_test(test_process__start_up_errors_and_options),
      cmocka_unit_test(test_process__a_vanished_client_ends_the_server_cleanly),
      cmocka_unit_test(test_process__debug_tools_share_the_connections_own_session),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
