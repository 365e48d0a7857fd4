/*
 * The stateless revision 2026-07-28 on the same server: server/discover,
 * requests that carry their version in _meta, the per-request fields and
 * their errors, and both eras side by side on one stream.
 */
#include "mcp_harness.h"

static json_t *run(const char *input) { return mcp_run_here(input); }

static json_t *run_stub(const char *input, mcp_stub *st) {
  z3_mcp_options o = mcp_opts(here.dir, here.rom);
  o.run_tool = mcp_stub_run, o.run_tool_ctx = st;
  return mcp_run(input, &o);
}

/* ---- the stateless revision --------------------------------------------------------------------- */

Z3_TEST(test_stateless__discover_and_requests_without_initialize) {
  (void)state;
  json_t *msgs = run("{'jsonrpc':'2.0','id':1,'method':'server/discover','params':{" META "}}\n"
                     "{'jsonrpc':'2.0','id':2,'method':'tools/list','params':{" META "}}\n"
                     "{'jsonrpc':'2.0','id':3,'method':'tools/call','params':{'name':'rom_info'," META "}}\n"
                     "{'jsonrpc':'2.0','id':4,'method':'resources/read','params':{'uri':'z3ed://rom/state'," META "}}\n"
                     "{'jsonrpc':'2.0','id':5,'method':'resources/read','params':{'uri':'z3ed://nope'," META "}}\n"
                     "{'jsonrpc':'2.0','id':6,'method':'prompts/list','params':{" META "}}\n"
                     "{'jsonrpc':'2.0','id':7,'method':'tools/list'}\n");
  json_t *d = mcp_result(msgs, "1");
  assert_string_equal(json_string_value(json_object_get(d, "resultType")), "complete");
  assert_string_equal(json_string_value(json_array_get(json_object_get(d, "supportedVersions"), 0)), "2026-07-28");
  assert_non_null(json_object_get(json_object_get(d, "capabilities"), "tools"));
  assert_true(json_is_integer(json_object_get(d, "ttlMs")));
  assert_true(json_is_string(json_object_get(d, "cacheScope")));
  assert_string_equal(json_string_value(json_object_get(json_object_get(json_object_get(d, "_meta"), "io.modelcontextprotocol/serverInfo"), "name")), "z3ed");
  json_t *tl = mcp_result(msgs, "2");
  assert_string_equal(json_string_value(json_object_get(tl, "resultType")), "complete");
  assert_true(json_integer_value(json_object_get(tl, "ttlMs")) >= 0);
  assert_int_equal(json_array_size(json_object_get(tl, "tools")), 64); /* the first page */
  assert_string_equal(json_string_value(json_object_get(tl, "nextCursor")), "tools@64");
  json_t *call = mcp_result(msgs, "3");
  assert_string_equal(json_string_value(json_object_get(call, "resultType")), "complete");
  assert_non_null(json_object_get(call, "structuredContent"));
  json_t *read = mcp_result(msgs, "4");
  assert_string_equal(json_string_value(json_object_get(read, "cacheScope")), "private");
  assert_int_equal(mcp_error_code(msgs, "5"), -32602); /* not -32002 in 2026-07-28 */
  assert_non_null(json_object_get(mcp_result(msgs, "6"), "ttlMs"));
  assert_int_equal(mcp_error_code(msgs, "7"), -32600); /* a handshake request before initialize */
  json_decref(msgs);
}

Z3_TEST(test_stateless__meta_errors_and_removed_methods) {
  (void)state;
  json_t *msgs = run(
      "{'jsonrpc':'2.0','id':1,'method':'tools/list','params':{'_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28'}}}\n"
      "{'jsonrpc':'2.0','id':2,'method':'tools/list','params':{'_meta':{'io.modelcontextprotocol/protocolVersion':'2025-11-25','io.modelcontextprotocol/clientCapabilities':{}}}}\n"
      "{'jsonrpc':'2.0','id':3,'method':'server/discover'}\n"
      "{'jsonrpc':'2.0','id':4,'method':'ping','params':{" META "}}\n"
      "{'jsonrpc':'2.0','id':5,'method':'logging/setLevel','params':{'level':'debug'," META "}}\n"
      "{'jsonrpc':'2.0','id':6,'method':'tools/list','params':{'_meta':{'io.modelcontextprotocol/protocolVersion':7,'io.modelcontextprotocol/clientCapabilities':{}}}}\n"
      "{'jsonrpc':'2.0','id':7,'method':'tools/list','params':{'_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28','io.modelcontextprotocol/clientCapabilities':{},'io.modelcontextprotocol/logLevel':'loud'}}}\n"
      "{'jsonrpc':'2.0','id':8,'method':'subscriptions/listen','params':{" META "}}\n");
  assert_int_equal(mcp_error_code(msgs, "1"), -32602);
  assert_int_equal(mcp_error_code(msgs, "2"), -32022);
  json_t *data = json_object_get(json_object_get(mcp_response(msgs, "2"), "error"), "data");
  assert_string_equal(json_string_value(json_object_get(data, "requested")), "2025-11-25");
  assert_string_equal(json_string_value(json_array_get(json_object_get(data, "supported"), 0)), "2026-07-28");
  assert_int_equal(mcp_error_code(msgs, "3"), -32602);
  assert_int_equal(mcp_error_code(msgs, "4"), -32601);
  assert_int_equal(mcp_error_code(msgs, "5"), -32601);
  assert_int_equal(mcp_error_code(msgs, "6"), -32602);
  assert_int_equal(mcp_error_code(msgs, "7"), -32602);
  assert_int_equal(mcp_error_code(msgs, "8"), -32601);
  json_decref(msgs);
}

Z3_TEST(test_stateless__log_level_per_request_and_both_eras_side_by_side) {
  (void)state;
  mcp_stub st;
  mcp_stub_init(&st);
  json_t *msgs = run_stub(
      INIT("2025-11-25")
      "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'rom_info','_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28','io.modelcontextprotocol/clientCapabilities':{},'io.modelcontextprotocol/logLevel':'debug'}}}\n"
      "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'name':'rom_info'," META "}}\n"
      "{'jsonrpc':'2.0','id':3,'method':'tools/call','params':{'name':'rom_info'}}\n",
      &st);
  assert_int_equal(mcp_count_method(msgs, "notifications/message"), 1); /* only request 1 asked */
  assert_non_null(json_object_get(mcp_result(msgs, "1"), "resultType"));
  assert_non_null(json_object_get(mcp_result(msgs, "2"), "resultType"));
  assert_null(json_object_get(mcp_result(msgs, "3"), "resultType"));
  json_decref(msgs);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_stateless__discover_and_requests_without_initialize),
      cmocka_unit_test(test_stateless__meta_errors_and_removed_methods),
      cmocka_unit_test(test_stateless__log_level_per_request_and_both_eras_side_by_side),
  };
  return cmocka_run_group_tests(tests, mcp_group_setup, mcp_group_teardown);
}
