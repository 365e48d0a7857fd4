/*
 * The MCP server's JSON-RPC layer, in-process through memory streams: the
 * lifecycle, ids, parse errors, invalid requests, unknown methods,
 * notifications, batches, error messages, and the line reader on a real file.
 */
#include "mcp_harness.h"

static json_t *run(const char *input) { return mcp_run_here(input); }

/* ---- lifecycle ------------------------------------------------------------------------------ */

Z3_TEST(test_initialize__each_supported_version_is_echoed_and_others_get_the_newest) {
  (void)state;
  const char *asked[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "1999-01-01", "2026-07-28", "2024-10-07"};
  const char *answer[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2025-11-25", "2025-11-25", "2025-11-25"};
  for (size_t i = 0; i < sizeof asked / sizeof *asked; i++) {
    char *input = z3_strfmt("{'jsonrpc':'2.0','id':0,'method':'initialize','params':{'protocolVersion':'%s',"
                            "'capabilities':{},'clientInfo':{'name':'t','version':'1'}}}\n", asked[i]);
    json_t *msgs = run(input);
    json_t *res = mcp_result(msgs, "0");
    assert_string_equal(json_string_value(json_object_get(res, "protocolVersion")), answer[i]);
    assert_string_equal(json_string_value(json_object_get(json_object_get(res, "serverInfo"), "name")), "z3ed");
    assert_true(json_is_string(json_object_get(json_object_get(res, "serverInfo"), "version")));
    json_t *caps = json_object_get(res, "capabilities");
    assert_non_null(json_object_get(caps, "tools"));
    assert_non_null(json_object_get(caps, "resources"));
    assert_non_null(json_object_get(caps, "prompts"));
    assert_non_null(json_object_get(caps, "logging"));
    assert_null(json_object_get(caps, "completions")); /* not implemented, so not declared */
    assert_true(json_is_string(json_object_get(res, "instructions")));
    assert_int_equal(json_array_size(msgs), 1);
    json_decref(msgs);
    z3_free(input);
  }
}

Z3_TEST(test_initialize__twice_or_without_a_version_is_refused) {
  (void)state;
  json_t *msgs = run(INIT("2025-06-18")
                     "{'jsonrpc':'2.0','id':1,'method':'initialize','params':{'protocolVersion':'2025-11-25','capabilities':{},'clientInfo':{'name':'t','version':'1'}}}\n"
                     "{'jsonrpc':'2.0','id':2,'method':'ping'}\n");
  assert_int_equal(mcp_error_code(msgs, "1"), -32600);
  assert_non_null(mcp_result(msgs, "2"));
  json_decref(msgs);
  msgs = run("{'jsonrpc':'2.0','id':1,'method':'initialize','params':{'capabilities':{}}}\n"
             "{'jsonrpc':'2.0','id':2,'method':'initialize'}\n"
             "{'jsonrpc':'2.0','id':3,'method':'tools/list'}\n");
  assert_int_equal(mcp_error_code(msgs, "1"), -32602);
  assert_int_equal(mcp_error_code(msgs, "2"), -32602);
  assert_int_equal(mcp_error_code(msgs, "3"), -32600); /* still not initialized */
  json_decref(msgs);
}

Z3_TEST(test_lifecycle__only_ping_before_initialize) {
  (void)state;
  json_t *msgs = run("{'jsonrpc':'2.0','id':1,'method':'tools/list'}\n"
                     "{'jsonrpc':'2.0','id':2,'method':'ping'}\n"
                     "{'jsonrpc':'2.0','id':3,'method':'tools/call','params':{'name':'rom_info'}}\n"
                     "{'jsonrpc':'2.0','id':4,'method':'no/such/method'}\n"
                     "{'jsonrpc':'2.0','id':5,'method':'server/discovery'}\n");
  assert_int_equal(mcp_error_code(msgs, "1"), -32600);
  /* an unknown method is -32601 even before initialize (JSON-RPC's rule, at every stage) */
  assert_int_equal(mcp_error_code(msgs, "4"), -32601);
  assert_non_null(strstr(mcp_error_message(msgs, "4"), "no/such/method"));
  assert_int_equal(mcp_error_code(msgs, "5"), -32601);
  assert_non_null(strstr(mcp_error_message(msgs, "1"), "initialize"));
  assert_non_null(strstr(mcp_error_message(msgs, "1"), "2025-11-25"));
  assert_int_equal(json_object_size(mcp_result(msgs, "2")), 0); /* ping answers exactly {} */
  assert_int_equal(mcp_error_code(msgs, "3"), -32600);
  json_decref(msgs);
}

/* ---- JSON-RPC framing and errors ------------------------------------------------------------ */

Z3_TEST(test_ids__integers_and_strings_come_back_unchanged) {
  (void)state;
  json_t *msgs = run(INIT("2025-11-25")
                     "{'jsonrpc':'2.0','id':0,'method':'ping'}\n"
                     "{'jsonrpc':'2.0','id':'0','method':'ping'}\n"
                     "{'jsonrpc':'2.0','id':-5,'method':'ping'}\n"
                     "{'jsonrpc':'2.0','id':9007199254740993,'method':'ping'}\n"
                     "{'jsonrpc':'2.0','id':'x y\\u00e9','method':'nope'}\n");
  assert_int_equal(json_array_size(msgs), 6);
  assert_true(json_is_integer(json_object_get(mcp_response(msgs, "0"), "id")));
  assert_true(json_is_string(json_object_get(mcp_response(msgs, "\"0\""), "id")));
  assert_non_null(mcp_result(msgs, "-5"));
  assert_non_null(mcp_result(msgs, "9007199254740993"));
  assert_int_equal(mcp_error_code(msgs, "\"x y\\u00e9\""), -32601);
  json_decref(msgs);
}

Z3_TEST(test_parse_errors__answered_without_id_and_the_server_goes_on) {
  (void)state;
  json_t *msgs = run(INIT("2025-11-25")
                     "garbage\n"
                     "{'jsonrpc':'2.0','id':1,'method':'ping'\n"
                     "{'jsonrpc':'2.0','id':2,'method':'ping'}\n"
                     "\n"
                     "   \r\n"
                     "{'jsonrpc':'2.0','id':3,'method':'ping'}\r\n"
                     "{'jsonrpc':'2.0','id':4,'method':'ping'}"); /* no final newline */
  assert_int_equal(mcp_idless_errors(msgs, -32700), 2);
  assert_null(mcp_response(msgs, "1"));
  assert_non_null(mcp_result(msgs, "2"));
  assert_non_null(mcp_result(msgs, "3"));
  assert_non_null(mcp_result(msgs, "4"));
  assert_int_equal(json_array_size(msgs), 6); /* blank lines got no answer */
  json_decref(msgs);
}

Z3_TEST(test_invalid_requests__32600_with_the_id_only_when_it_is_readable) {
  (void)state;
  json_t *msgs = run(INIT("2025-11-25")
                     "1\n\"text\"\nnull\n{}\n"
                     "{'jsonrpc':'2.0','id':null,'method':'ping'}\n"
                     "{'jsonrpc':'2.0','id':1.5,'method':'ping'}\n"
                     "{'jsonrpc':'2.0','id':{'a':1},'method':'ping'}\n"
                     "{'jsonrpc':'2.0','id':true,'method':'ping'}\n"
                     "{'jsonrpc':'1.0','id':3,'method':'ping'}\n"
                     "{'id':4,'method':'ping'}\n"
                     "{'jsonrpc':'2.0','id':5,'method':7}\n"
                     "{'jsonrpc':'2.0','id':6}\n"
                     "{'jsonrpc':'2.0','id':7,'method':'ping','params':[1]}\n"
                     "{'jsonrpc':'2.0','id':8,'method':'tools/list','params':'x'}\n"
                     "{'jsonrpc':'2.0','id':9,'method':'ping'}\n");
  assert_int_equal(mcp_idless_errors(msgs, -32600), 8);
  assert_int_equal(mcp_error_code(msgs, "3"), -32600);
  assert_int_equal(mcp_error_code(msgs, "4"), -32600);
  assert_int_equal(mcp_error_code(msgs, "5"), -32600);
  assert_int_equal(mcp_error_code(msgs, "6"), -32600);
  assert_int_equal(mcp_error_code(msgs, "7"), -32602);
  assert_int_equal(mcp_error_code(msgs, "8"), -32602);
  assert_non_null(mcp_result(msgs, "9"));
  json_decref(msgs);
}

Z3_TEST(test_methods__unknown_is_32601_and_notifications_are_never_answered) {
  (void)state;
  json_t *msgs = run(INIT("2025-11-25")
                     "{'jsonrpc':'2.0','id':1,'method':'tools/destroy'}\n"
                     "{'jsonrpc':'2.0','id':2,'method':'completion/complete','params':{}}\n"
                     "{'jsonrpc':'2.0','method':'ping'}\n"
                     "{'jsonrpc':'2.0','method':'tools/call','params':{'name':'rom_info'}}\n"
                     "{'jsonrpc':'2.0','method':'notifications/whatever','params':{'x':1}}\n"
                     "{'jsonrpc':'2.0','method':'notifications/cancelled','params':[1]}\n"
                     "{'jsonrpc':'2.0','method':'notifications/cancelled'}\n"
                     "{'jsonrpc':'2.0','method':'notifications/cancelled','params':{'requestId':999}}\n"
                     "{'jsonrpc':'2.0','method':'notifications/roots/list_changed'}\n"
                     "{'jsonrpc':'2.0','id':77,'result':{}}\n"
                     "{'jsonrpc':'2.0','id':78,'error':{'code':1,'message':'m'}}\n"
                     "{'jsonrpc':'2.0','id':3,'method':'ping'}\n");
  assert_int_equal(mcp_error_code(msgs, "1"), -32601);
  assert_int_equal(mcp_error_code(msgs, "2"), -32601);
  assert_non_null(mcp_result(msgs, "3"));
  assert_null(mcp_response(msgs, "77"));
  assert_null(mcp_response(msgs, "78"));
  assert_int_equal(json_array_size(msgs), 4); /* init, 1, 2, 3: nothing for the rest */
  json_decref(msgs);
}

/* Error text is cut at a fixed size; a cut inside a two-byte character must still leave a message
 * (JSON-RPC requires one), not an error object without it. */
Z3_TEST(test_errors__a_long_name_cut_inside_a_character_keeps_the_message) {
  (void)state;
  z3_buf in;
  z3_buf_init(&in);
  z3_buf_printf(&in, "%s", INIT("2025-11-25"));
  for (int shift = 0; shift < 2; shift++) {
    z3_buf name;
    z3_buf_init(&name);
    z3_buf_printf(&name, "%s", shift ? "x" : "");
    for (int i = 0; i < 400; i++) z3_buf_printf(&name, "\xC3\xA9");
    char *n = z3_buf_take_string(&name);
    z3_buf_printf(&in, "{'jsonrpc':'2.0','id':%d,'method':'%s'}\n", 1 + shift, n);
    z3_buf_printf(&in, "{'jsonrpc':'2.0','id':%d,'method':'tools/call','params':{'name':'%s'}}\n", 3 + shift, n);
    z3_free(n);
  }
  char *text = z3_buf_take_string(&in);
  json_t *msgs = run(text);
  static const char *const ids[] = {"1", "2", "3", "4"};
  for (size_t i = 0; i < 4; i++) {
    assert_int_equal(mcp_error_code(msgs, ids[i]), i < 2 ? -32601 : -32602);
    assert_non_null(mcp_error_message(msgs, ids[i]));
  }
  json_decref(msgs);
  z3_free(text);
}

Z3_TEST(test_batches__accepted_only_under_2025_03_26) {
  (void)state;
  json_t *msgs = run(INIT("2025-03-26")
                     "[{'jsonrpc':'2.0','id':1,'method':'ping'},{'jsonrpc':'2.0','method':'notifications/x'},"
                     "{'jsonrpc':'2.0','id':2,'method':'nope'},5,"
                     "{'jsonrpc':'2.0','id':3,'method':'initialize','params':{'protocolVersion':'2025-03-26'}},"
                     "{'jsonrpc':'2.0','id':4,'method':'tools/call','params':{'name':'rom_info','arguments':{}}}]\n"
                     "[{'jsonrpc':'2.0','method':'notifications/initialized'}]\n"
                     "[]\n"
                     "{'jsonrpc':'2.0','id':5,'method':'ping'}\n");
  assert_int_equal(json_array_size(msgs), 4); /* init, one batch answer, the empty batch's error, 5 */
  json_t *batch = json_array_get(msgs, 1);
  assert_true(json_is_array(batch));
  assert_int_equal(json_array_size(batch), 5);
  assert_non_null(mcp_result(batch, "1"));
  assert_int_equal(mcp_error_code(batch, "2"), -32601);
  assert_int_equal(mcp_idless_errors(batch, -32600), 1); /* the 5 */
  assert_int_equal(mcp_error_code(batch, "3"), -32600);
  assert_null(json_object_get(mcp_result(batch, "4"), "structuredContent")); /* 2025-03-26 has none */
  assert_true(json_array_size(json_object_get(mcp_result(batch, "4"), "content")) > 0);
  assert_int_equal(mcp_idless_errors(msgs, -32600), 1);
  json_decref(msgs);
  const char *others[] = {INIT("2025-11-25"), INIT("2025-06-18"), INIT("2024-11-05"), ""};
  for (size_t i = 0; i < 4; i++) {
    char *input = z3_strfmt("%s[{'jsonrpc':'2.0','id':1,'method':'ping'}]\n", others[i]);
    msgs = run(input);
    assert_int_equal(mcp_idless_errors(msgs, -32600), 1);
    assert_null(mcp_response(msgs, "1"));
    json_decref(msgs);
    z3_free(input);
  }
}

/* ---- the reader ------------------------------------------------------------------------------------ */

/* Runs input through a real file (the read(2) path) instead of a memory stream. */
static json_t *run_through_file(const char *text, size_t len) {
  FILE *in = tmpfile(), *out = tmpfile();
  assert_non_null(in);
  assert_int_equal(fwrite(text, 1, len, in), len);
  rewind(in);
  z3_mcp_options o = mcp_opts(here.dir, here.rom);
  assert_int_equal(z3_mcp_serve(in, out, &o), 0);
  long n = ftell(out);
  rewind(out);
  char *buf = malloc((size_t)n + 1);
  assert_int_equal(fread(buf, 1, (size_t)n, out), (size_t)n);
  json_t *msgs = mcp_parse_output(buf, (size_t)n);
  free(buf);
  fclose(in), fclose(out);
  return msgs;
}

Z3_TEST(test_reader__descriptor_path_lines_and_an_over_long_message) {
  (void)state;
  char *init = mcp_quotes(INIT("2025-11-25") "{'jsonrpc':'2.0','id':1,'method':'ping'}\r\n\n");
  size_t big = (size_t)Z3_MCP_MAX_LINE + 100000, head = strlen(init);
  const char *tail = "\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}";
  char *text = malloc(head + big + strlen(tail) + 1);
  memcpy(text, init, head);
  memset(text + head, 'x', big);
  strcpy(text + head + big, tail);
  json_t *msgs = run_through_file(text, head + big + strlen(tail));
  assert_non_null(mcp_result(msgs, "1"));
  assert_int_equal(mcp_idless_errors(msgs, -32600), 1);
  assert_non_null(mcp_result(msgs, "2")); /* the last line has no newline and still counts */
  assert_int_equal(json_array_size(msgs), 4);
  json_decref(msgs);
  free(text);
  z3_free(init);
}

Z3_TEST(test_reader__empty_input_ends_cleanly) {
  (void)state;
  json_t *msgs = run("");
  assert_int_equal(json_array_size(msgs), 0);
  json_decref(msgs);
  z3_mcp_options o = mcp_opts(here.dir, here.rom);
  o.log_level = "chatty";
  FILE *in = fmemopen((void *)"x", 1, "r");
  assert_int_equal(z3_mcp_serve(in, stdout, &o), 2); /* a bad option is a start-up error */
  fclose(in);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_initialize__each_supported_version_is_echoed_and_others_get_the_newest),
      cmocka_unit_test(test_initialize__twice_or_without_a_version_is_refused),
      cmocka_unit_test(test_lifecycle__only_ping_before_initialize),
      cmocka_unit_test(test_ids__integers_and_strings_come_back_unchanged),
      cmocka_unit_test(test_parse_errors__answered_without_id_and_the_server_goes_on),
      cmocka_unit_test(test_invalid_requests__32600_with_the_id_only_when_it_is_readable),
      cmocka_unit_test(test_methods__unknown_is_32601_and_notifications_are_never_answered),
      cmocka_unit_test(test_errors__a_long_name_cut_inside_a_character_keeps_the_message),
      cmocka_unit_test(test_batches__accepted_only_under_2025_03_26),
      cmocka_unit_test(test_reader__descriptor_path_lines_and_an_over_long_message),
      cmocka_unit_test(test_reader__empty_input_ends_cleanly),
  };
  return cmocka_run_group_tests(tests, mcp_group_setup, mcp_group_teardown);
}
