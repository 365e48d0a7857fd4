/* devtools over MCP and the tool layer: process-running tools refused to agents unless the
 * session allows them (z3ed mcp --allow-processes); fs write from an agent only beneath
 * its sandbox, judged by where --root really leads. */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "agent/tools.h"
#include "server/mcp_harness.h"

static char *tmp;

static int setup(void **state) {
  (void)state;
  tmp = z3_test_tmpdir();
  char *cmd = z3_strfmt("cp -r '%s/tests/devtools/fixtures/build-include' '%s/proj'", Z3_SOURCE_DIR, tmp);
  int rc = system(cmd);
  z3_free(cmd);
  return rc;
}

static int teardown(void **state) {
  (void)state;
  char *cmd = z3_strfmt("rm -rf '%s'", tmp);
  if (system(cmd) != 0) print_error("cannot remove %s\n", tmp);
  z3_free(cmd);
  z3_free(tmp);
  return 0;
}

static const char *tool_text(json_t *msgs, const char *id) {
  json_t *res = mcp_result(msgs, id);
  return json_string_value(json_object_get(json_array_get(json_object_get(res, "content"), 0), "text"));
}

Z3_TEST(test_build_mcp__processes_refused_unless_the_session_allows_them) {
  (void)state;
  char *input = z3_strfmt(INIT("2025-11-25")
                          "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'build_compile',"
                          "'arguments':{'root':'%s/proj','timeout':30}}}\n",
                          tmp);
  z3_mcp_options o = mcp_opts(tmp, NULL);
  json_t *msgs = mcp_run(input, &o);
  assert_true(json_is_true(json_object_get(mcp_result(msgs, "1"), "isError")));
  assert_non_null(strstr(tool_text(msgs, "1"), "starts other programs"));
  json_decref(msgs);
  o.allow_processes = true;
  msgs = mcp_run(input, &o);
  json_t *res = mcp_result(msgs, "1");
  assert_null(json_object_get(res, "isError")); /* a failed build is a result, not an error */
  json_t *sc = json_object_get(res, "structuredContent");
  assert_string_equal(json_string_value(json_object_get(sc, "status")), "failed");
  json_t *first = json_array_get(json_object_get(sc, "diagnostics"), 0);
  assert_string_equal(json_string_value(json_object_get(first, "message")), "nosuch.h: No such file or directory");
  json_decref(msgs);
  z3_free(input);
}

/* The build's own output lines become the messages of the progress ticks. */
Z3_TEST(test_build_mcp__build_output_streams_as_progress) {
  (void)state;
  char *hang = z3_strfmt("%s/hang", tmp);
  char *cmd = z3_strfmt("mkdir -p '%s' && printf 'all:\\n\\t@echo compiling-room-12\\n\\tsleep 30\\n' > '%s/Makefile'",
                        hang, hang);
  assert_int_equal(system(cmd), 0);
  char *input = z3_strfmt(INIT("2025-11-25")
                          "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'build_compile',"
                          "'_meta':{'progressToken':'b'},'arguments':{'root':'%s','timeout':2}}}\n",
                          hang);
  z3_mcp_options o = mcp_opts(tmp, NULL);
  o.allow_processes = true, o.progress_interval = 0.2;
  json_t *msgs = mcp_run(input, &o);
  bool streamed = false;
  size_t i;
  json_t *m;
  json_array_foreach(msgs, i, m) {
    const char *text = json_string_value(json_object_get(json_object_get(m, "params"), "message"));
    if (text && strstr(text, "build_compile: ")) streamed = true;
  }
  assert_true(streamed);
  json_t *sc = json_object_get(mcp_result(msgs, "1"), "structuredContent");
  assert_string_equal(json_string_value(json_object_get(sc, "status")), "timed_out");
  json_decref(msgs);
  z3_free(input), z3_free(cmd), z3_free(hang);
}

static z3_status agent_write(const char *sandbox, const char *root, z3_tool_result *r) {
  z3_tool_session s = {.agent = true, .sandbox_dir = sandbox};
  json_t *args = json_pack("{s:s, s:s, s:s, s:b}", "root", root, "path", "note.txt", "content", "hi\n",
                           "no_backup", 1);
  z3_status st = z3_tool_call(&s, "fs_write", args, r);
  json_decref(args);
  return st;
}

Z3_TEST(test_build_mcp__agent_fs_write_stays_in_the_sandbox) {
  (void)state;
  char *sandbox = z3_strfmt("%s/sandbox", tmp), *inner = z3_strfmt("%s/sandbox/work", tmp);
  char *out = z3_strfmt("%s/elsewhere", tmp), *link = z3_strfmt("%s/sandbox/door", tmp);
  assert_int_equal(mkdir(sandbox, 0777), 0);
  assert_int_equal(mkdir(inner, 0777), 0);
  assert_int_equal(mkdir(out, 0777), 0);
  assert_int_equal(symlink(out, link), 0);
  z3_tool_result r;
  assert_int_equal(agent_write(sandbox, inner, &r), Z3_OK);
  z3_tool_result_release(&r);
  assert_int_equal(agent_write(sandbox, sandbox, &r), Z3_OK);
  z3_tool_result_release(&r);
  assert_int_equal(agent_write(sandbox, out, &r), Z3_E_USAGE);
  assert_non_null(strstr(r.error.message, "outside the sandbox"));
  z3_tool_result_release(&r);
  assert_int_equal(agent_write(sandbox, link, &r), Z3_E_USAGE); /* a symlink inside leading out */
  z3_tool_result_release(&r);
  assert_int_equal(agent_write(NULL, inner, &r), Z3_E_USAGE);
  assert_non_null(strstr(r.error.message, "no proposal sandbox"));
  z3_tool_result_release(&r);
  char *written = z3_strfmt("%s/note.txt", inner), *escaped = z3_strfmt("%s/note.txt", out);
  assert_true(z3_file_exists(written));
  assert_false(z3_file_exists(escaped));
  z3_free(written), z3_free(escaped), z3_free(sandbox), z3_free(inner), z3_free(out), z3_free(link);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_build_mcp__processes_refused_unless_the_session_allows_them),
      cmocka_unit_test(test_build_mcp__agent_fs_write_stays_in_the_sandbox),
      cmocka_unit_test(test_build_mcp__build_output_streams_as_progress),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
