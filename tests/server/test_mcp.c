/*
 * The MCP server, in-process through memory streams: every method's answers
 * and errors in both protocol eras, tools, progress, logging, resources,
 * prompts and proposals. Tool calls use the real dispatcher on the sample ROM
 * unless a test needs the stub. The JSON-RPC layer (lifecycle, framing,
 * errors, the reader) is in test_mcp_jsonrpc.c, live behaviour (cancellation,
 * pipes, the binary) in test_mcp_live.c, the stateless revision in
 * test_mcp_stateless.c.
 */
#include <sys/stat.h>
#include <unistd.h>

#include "agent/tools.h"
#include "mcp_harness.h"

static char *rom2; /* game.sfc with one byte changed */

static int setup(void **state) {
  (void)state;
  int rc = mcp_folder_make(&here);
  rom2 = z3_strfmt("%s/hack.sfc", here.dir);
  char *cmd = z3_strfmt("cp '%s' '%s' && printf 'X' | dd of='%s' bs=1 seek=70000 conv=notrunc 2>/dev/null",
                        Z3_SAMPLE, rom2, rom2);
  rc |= system(cmd);
  z3_free(cmd);
  return rc;
}

static int teardown(void **state) {
  (void)state;
  mcp_folder_remove(&here);
  z3_free(rom2);
  return 0;
}

static json_t *run(const char *input) { return mcp_run_here(input); }

static json_t *run_with(z3_mcp_options *o, const char *input) { return mcp_run(input, o); }

static json_t *run_stub(const char *input, mcp_stub *st) {
  z3_mcp_options o = mcp_opts(here.dir, here.rom);
  o.run_tool = mcp_stub_run, o.run_tool_ctx = st;
  return mcp_run(input, &o);
}

/* ---- tools -------------------------------------------------------------------------------- */

static json_t *tools_of(json_t *msgs) { return json_object_get(mcp_result(msgs, "1"), "tools"); }

/* Every page of tools/list, followed through nextCursor, as one array (the caller's). */
static json_t *all_pages(const char *extra_input, z3_mcp_options *o) {
  json_t *all = json_array();
  char *cursor = NULL;
  for (int page = 0; page < 50; page++) {
    char *params = cursor ? z3_strfmt(",'params':{'cursor':'%s'}", cursor) : z3_strdup("");
    char *input = z3_strfmt(INIT("2025-11-25") "%s{'jsonrpc':'2.0','id':1,'method':'tools/list'%s}\n",
                            extra_input ? extra_input : "", params);
    json_t *msgs = mcp_run(input, o);
    json_t *result = mcp_result(msgs, "1");
    assert_non_null(result);
    json_array_extend(all, json_object_get(result, "tools"));
    z3_free(cursor);
    const char *next = json_string_value(json_object_get(result, "nextCursor"));
    cursor = next ? z3_strdup(next) : NULL;
    json_decref(msgs);
    z3_free(params);
    z3_free(input);
    if (!cursor) break;
  }
  assert_null(cursor);
  return all;
}

Z3_TEST(test_tools_list__every_command_with_schemas_shaped_for_the_revision) {
  (void)state;
  z3_mcp_options o = mcp_opts(here.dir, here.rom);
  o.tools_page_size = 25; /* several pages, the last one short */
  json_t *tools = all_pages(NULL, &o), *t;
  assert_int_equal(json_array_size(tools), mcp_offered_count() + 1); /* + describe_tools, first */
  assert_string_equal(json_string_value(json_object_get(json_array_get(tools, 0), "name")), "describe_tools");
  assert_true(mcp_offered_count() > 20);
  size_t i;
  json_array_foreach(tools, i, t) {
    if (i == 0) continue;
    const z3_command *cmd = z3_tool_find(json_string_value(json_object_get(t, "name")));
    assert_non_null(cmd);
    assert_string_equal(json_string_value(json_object_get(json_object_get(t, "inputSchema"), "type")), "object");
    assert_string_equal(json_string_value(json_object_get(json_object_get(t, "outputSchema"), "type")), "object");
    assert_true(json_is_string(json_object_get(t, "title")));
    json_t *ann = json_object_get(t, "annotations");
    assert_int_equal(json_is_true(json_object_get(ann, "readOnlyHint")),
                     cmd->safety == Z3_SAFETY_READ_ONLY || cmd->safety == Z3_SAFETY_RUNS_EMULATOR);
    assert_false(json_is_true(json_object_get(ann, "openWorldHint")) && cmd->safety != Z3_SAFETY_NETWORK);
    /* with a server ROM, "rom" is optional and says what it defaults to */
    json_t *rom_prop = json_object_get(json_object_get(json_object_get(t, "inputSchema"), "properties"), "rom");
    json_t *req, *required = json_object_get(json_object_get(t, "inputSchema"), "required");
    size_t k;
    json_array_foreach(required, k, req) assert_string_not_equal(json_string_value(req), "rom");
    if (rom_prop) assert_non_null(strstr(json_string_value(json_object_get(rom_prop, "description")), "game.sfc"));
  }
  json_decref(tools);
  /* a cursor we did not hand out, or one past the end, is -32602 */
  json_t *msgs = run_with(&o, INIT("2025-11-25") "{'jsonrpc':'2.0','id':2,'method':'tools/list','params':{'cursor':'x'}}\n"
                                                 "{'jsonrpc':'2.0','id':3,'method':'tools/list','params':{'cursor':'tools@0'}}\n"
                                                 "{'jsonrpc':'2.0','id':4,'method':'tools/list','params':{'cursor':'tools@99999'}}\n"
                                                 "{'jsonrpc':'2.0','id':5,'method':'tools/list','params':{'cursor':7}}\n");
  for (int id = 2; id <= 5; id++) {
    char key[4];
    snprintf(key, sizeof key, "%d", id);
    assert_int_equal(mcp_error_code(msgs, key), -32602);
  }
  json_decref(msgs);
}

Z3_TEST(test_tools_list__toolsets_narrow_the_list_and_describe_tools_reaches_the_rest) {
  (void)state;
  z3_mcp_options o = mcp_opts(here.dir, here.rom);
  o.toolsets = "palette, rom";
  json_t *tools = all_pages(NULL, &o), *t;
  size_t i, expected = 1;
  for (size_t k = 0; k < z3_command_count; k++)
    expected += z3_tool_offered_to_agents(&z3_commands[k]) &&
                (strcmp(z3_commands[k].resource, "palette") == 0 || strcmp(z3_commands[k].resource, "rom") == 0);
  assert_int_equal(json_array_size(tools), expected);
  json_array_foreach(tools, i, t) {
    const z3_command *c = z3_tool_find(json_string_value(json_object_get(t, "name")));
    if (i == 0) assert_null(c);
    else assert_true(strcmp(c->resource, "palette") == 0 || strcmp(c->resource, "rom") == 0);
  }
  json_decref(tools);
  /* a tool outside the toolsets is still described and called */
  json_t *msgs = run_with(&o, INIT("2025-11-25")
      "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'describe_tools','arguments':{'names':['gfx_get_pixel','gfx_get_pixel']}}}\n"
      "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'name':'describe_tools'}}\n"
      "{'jsonrpc':'2.0','id':3,'method':'tools/call','params':{'name':'describe_tools','arguments':{'names':['gfx_get_pixle']}}}\n"
      "{'jsonrpc':'2.0','id':4,'method':'tools/call','params':{'name':'describe_tools','arguments':{'toolset':'sprite'}}}\n"
      "{'jsonrpc':'2.0','id':5,'method':'tools/call','params':{'name':'describe_tools','arguments':{'toolset':'nope','x':1}}}\n"
      "{'jsonrpc':'2.0','id':6,'method':'tools/call','params':{'name':'gfx_get_pixel','arguments':{'sheet':0,'x':3,'y':4}}}\n");
  json_t *described = json_object_get(json_object_get(mcp_result(msgs, "1"), "structuredContent"), "tools");
  assert_int_equal(json_array_size(described), 1); /* asked twice, described once */
  json_t *schema = json_object_get(json_array_get(described, 0), "inputSchema");
  assert_non_null(json_object_get(json_object_get(schema, "properties"), "sheet"));
  json_t *index = json_object_get(json_object_get(mcp_result(msgs, "2"), "structuredContent"), "toolsets");
  assert_true(json_array_size(index) > 5);
  assert_string_equal(json_string_value(json_object_get(json_array_get(index, 0), "name")), "rom");
  json_t *first = json_array_get(json_object_get(json_array_get(index, 0), "tools"), 0);
  assert_string_equal(json_string_value(json_object_get(first, "safety")), "read-only");
  assert_true(json_is_string(json_object_get(first, "summary")));
  json_t *typo = mcp_result(msgs, "3");
  assert_true(json_is_true(json_object_get(typo, "isError")));
  assert_non_null(strstr(json_string_value(json_object_get(json_array_get(json_object_get(typo, "content"), 0), "text")),
                         "did you mean 'gfx_get_pixel'"));
  json_t *sprites = json_object_get(json_object_get(mcp_result(msgs, "4"), "structuredContent"), "tools");
  json_array_foreach(sprites, i, t) assert_non_null(strstr(json_string_value(json_object_get(t, "name")), "sprite_"));
  assert_true(json_array_size(sprites) > 0);
  assert_true(json_is_true(json_object_get(mcp_result(msgs, "5"), "isError")));
  assert_null(json_object_get(mcp_result(msgs, "6"), "isError"));
  json_decref(msgs);
}

Z3_TEST(test_tools_list__older_revisions_get_only_members_they_know) {
  (void)state;
  json_t *msgs = run(INIT("2025-03-26") "{'jsonrpc':'2.0','id':1,'method':'tools/list'}\n");
  json_t *t = json_array_get(tools_of(msgs), 0);
  assert_non_null(json_object_get(t, "annotations"));
  assert_null(json_object_get(t, "outputSchema"));
  assert_null(json_object_get(t, "title"));
  json_decref(msgs);
  msgs = run(INIT("2024-11-05") "{'jsonrpc':'2.0','id':1,'method':'tools/list'}\n");
  t = json_array_get(tools_of(msgs), 0);
  assert_null(json_object_get(t, "annotations"));
  assert_null(json_object_get(t, "outputSchema"));
  assert_non_null(json_object_get(t, "inputSchema"));
  json_decref(msgs);
}

Z3_TEST(test_tools_call__success_has_text_and_structured_content) {
  (void)state;
  json_t *msgs = run(INIT("2025-11-25")
                     "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'rom_info','arguments':{}}}\n"
                     "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'name':'palette_list'}}\n");
  json_t *res = mcp_result(msgs, "1"), *sc = json_object_get(res, "structuredContent");
  assert_null(json_object_get(res, "isError"));
  assert_int_equal(json_integer_value(json_object_get(sc, "size")), 1048576);
  json_t *block = json_array_get(json_object_get(res, "content"), 0);
  assert_string_equal(json_string_value(json_object_get(block, "type")), "text");
  json_t *parsed = json_loads(json_string_value(json_object_get(block, "text")), 0, NULL);
  assert_true(json_equal(parsed, sc)); /* the text block is the same JSON for older clients */
  json_decref(parsed);
  assert_true(json_array_size(json_object_get(json_object_get(mcp_result(msgs, "2"), "structuredContent"), "groups")) > 0);
  json_decref(msgs);
  msgs = run(INIT("2025-03-26") "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'rom_info'}}\n");
  assert_null(json_object_get(mcp_result(msgs, "1"), "structuredContent"));
  assert_true(json_array_size(json_object_get(mcp_result(msgs, "1"), "content")) > 0);
  json_decref(msgs);
}

static void assert_tool_error(json_t *msgs, const char *id, const char *needle) {
  json_t *res = mcp_result(msgs, id);
  assert_true(json_is_true(json_object_get(res, "isError")));
  assert_null(json_object_get(res, "structuredContent")); /* the SDK would check it against outputSchema */
  const char *text = json_string_value(json_object_get(json_array_get(json_object_get(res, "content"), 0), "text"));
  if (!strstr(text, needle)) print_error("'%s' does not mention '%s'\n", text, needle);
  assert_non_null(strstr(text, needle));
}

Z3_TEST(test_tools_call__failures_are_is_error_results_with_the_reason) {
  (void)state;
  char *input = z3_strfmt(
      INIT("2025-11-25")
      "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'rom_fix_checksum','arguments':{}}}\n"
      "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'name':'rom_info','arguments':{'rom':5}}}\n"
      "{'jsonrpc':'2.0','id':3,'method':'tools/call','params':{'name':'gfx_get_pixel','arguments':{'sheet':'zero','x':1,'y':1}}}\n"
      "{'jsonrpc':'2.0','id':4,'method':'tools/call','params':{'name':'rom_info','arguments':{'rmo':'x'}}}\n"
      "{'jsonrpc':'2.0','id':5,'method':'tools/call','params':{'name':'rom_info','arguments':{'rom':'missing.sfc'}}}\n"
      "{'jsonrpc':'2.0','id':6,'method':'tools/call','params':{'name':'rom_fix_checksum','arguments':{'dry_run':true}}}\n"
      "{'jsonrpc':'2.0','id':7,'method':'tools/call','params':{'name':'rom_expand','arguments':{'size':'2MiB','output':'%s/big.sfc'}}}\n",
      here.dir);
  json_t *msgs = run(input);
  assert_tool_error(msgs, "1", "sandbox");
  assert_tool_error(msgs, "2", "must be");
  assert_tool_error(msgs, "3", "sheet");
  assert_tool_error(msgs, "4", "rmo");
  assert_tool_error(msgs, "5", "missing.sfc");
  assert_null(json_object_get(mcp_result(msgs, "6"), "isError")); /* a dry run writes nothing: allowed */
  assert_tool_error(msgs, "7", "sandbox");
  char *big = z3_strfmt("%s/big.sfc", here.dir);
  assert_false(z3_file_exists(big));
  z3_free(big);
  json_decref(msgs);
  z3_free(input);
}

Z3_TEST(test_tools_call__protocol_errors_for_the_request_itself) {
  (void)state;
  json_t *msgs = run(INIT("2025-11-25")
                     "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'rom_infoo'}}\n"
                     "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'arguments':{}}}\n"
                     "{'jsonrpc':'2.0','id':3,'method':'tools/call','params':{'name':'rom_info','arguments':[1]}}\n"
                     "{'jsonrpc':'2.0','id':4,'method':'tools/call'}\n"
                     "{'jsonrpc':'2.0','id':5,'method':'tools/call','params':{'name':7}}\n");
  assert_int_equal(mcp_error_code(msgs, "1"), -32602);
  assert_non_null(strstr(mcp_error_message(msgs, "1"), "Unknown tool: rom_infoo"));
  assert_non_null(strstr(mcp_error_message(msgs, "1"), "rom_info")); /* did you mean */
  for (int id = 2; id <= 5; id++) {
    char key[8];
    snprintf(key, sizeof key, "%d", id);
    assert_int_equal(mcp_error_code(msgs, key), -32602);
  }
  json_decref(msgs);
}

Z3_TEST(test_tools_call__a_check_that_finds_problems_is_a_result) {
  (void)state;
  char *input = z3_strfmt(INIT("2025-11-25")
                          "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'rom_diff','arguments':{'from':'%s','to':'%s'}}}\n",
                          here.rom, rom2);
  json_t *msgs = run(input);
  json_t *res = mcp_result(msgs, "1");
  assert_null(json_object_get(res, "isError"));
  assert_true(json_is_false(json_object_get(json_object_get(res, "structuredContent"), "identical")));
  assert_int_equal(json_array_size(json_object_get(res, "content")), 2);
  json_decref(msgs);
  z3_free(input);
}

Z3_TEST(test_tools_call__limits_and_session_are_the_agent_ones) {
  (void)state;
  z3_mcp_options o = mcp_opts(here.dir, here.rom);
  o.max_output_bytes = 200;
  json_t *msgs = mcp_run(INIT("2025-11-25") "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'rom_export_state'}}\n", &o);
  assert_tool_error(msgs, "1", "limit");
  json_decref(msgs);
  mcp_stub st;
  mcp_stub_init(&st);
  msgs = run_stub(INIT("2025-11-25") "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'rom_info'}}\n", &st);
  assert_non_null(mcp_result(msgs, "1"));
  assert_true(st.seen.agent);
  assert_null(st.seen.sandbox_dir); /* no sandbox: the dispatcher refuses every write */
  assert_false(st.seen.allow_network);
  assert_string_equal(st.seen_rom, here.rom);
  assert_true(st.seen.limits.max_seconds == 60);
  assert_int_equal(st.seen.limits.max_output_bytes, 1u << 20);
  char *audit = z3_strfmt("%s/audit.jsonl", here.dir);
  assert_string_equal(st.seen_audit, audit);
  z3_free(audit);
  json_decref(msgs);
}

/* A forked child inherits the locks other threads hold; the server must make
 * every fork wait until its other threads hold none (see mcp_jobs.c). Under
 * ASan a child that inherited the allocator's lock hangs until the time limit,
 * so a short limit turns that into a quick failure here. */
Z3_TEST(test_tools_call__real_calls_and_reads_mixed_with_requests_never_hang) {
  (void)state;
  z3_buf in;
  z3_buf_init(&in);
  z3_buf_printf(&in, "%s", INIT("2025-03-26"));
  z3_buf pings; /* keeps the reader allocating while the worker forks */
  z3_buf_init(&pings);
  for (int k = 0; k < 150; k++) z3_buf_printf(&pings, "{'jsonrpc':'2.0','id':'p%d','method':'prompts/list'}\n", k);
  char *busywork = z3_buf_take_string(&pings);
  for (int i = 0; i < 12; i++) {
    z3_buf_printf(&in, "{'jsonrpc':'2.0','id':%d,'method':'tools/call','params':{'name':'rom_info','_meta':{'progressToken':%d}}}\n"
                       "{'jsonrpc':'2.0','id':%d,'method':'resources/read','params':{'uri':'z3ed://rom/state'}}\n"
                       "{'jsonrpc':'2.0','id':%d,'method':'tools/list'}\n"
                       "%s"
                       "[{'jsonrpc':'2.0','id':%d,'method':'resources/read','params':{'uri':'z3ed://rom/bank/1'}},"
                       "{'jsonrpc':'2.0','id':%d,'method':'ping'}]\n",
                  100 + i, i, 200 + i, 300 + i, busywork, 400 + i, 500 + i);
  }
  free(busywork);
  z3_mcp_options o = mcp_opts(here.dir, here.rom);
  o.max_seconds = 10;
  json_t *msgs = mcp_run((const char *)in.data, &o);
  for (int i = 0; i < 12; i++) {
    char key[8];
    snprintf(key, sizeof key, "%d", 100 + i);
    assert_null(json_object_get(mcp_result(msgs, key), "isError"));
    snprintf(key, sizeof key, "%d", 200 + i);
    assert_non_null(json_object_get(mcp_result(msgs, key), "contents"));
  }
  assert_int_equal(mcp_count_method(msgs, "notifications/progress"), 24);
  json_decref(msgs);
  z3_buf_release(&in);
}

/* ---- progress and logging ---------------------------------------------------------------------- */

Z3_TEST(test_progress__start_ticks_and_end_before_the_answer) {
  (void)state;
  mcp_stub st;
  mcp_stub_init(&st);
  st.sleep_seconds = 0.25;
  z3_mcp_options o = mcp_opts(here.dir, here.rom);
  o.run_tool = mcp_stub_run, o.run_tool_ctx = &st, o.progress_interval = 0.05;
  json_t *msgs = mcp_run(INIT("2025-11-25")
                         "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'rom_info','_meta':{'progressToken':'tok'}}}\n"
                         "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'name':'rom_info'}}\n",
                         &o);
  size_t i, answer_at = 0, seen = 0;
  double last = -1;
  json_t *m, *final = NULL, *one = json_integer(1);
  json_array_foreach(msgs, i, m) {
    if (json_equal(json_object_get(m, "id"), one) && !json_object_get(m, "method")) answer_at = i;
    if (!json_object_get(m, "method") || strcmp(json_string_value(json_object_get(m, "method")), "notifications/progress") != 0)
      continue;
    json_t *p = json_object_get(m, "params");
    assert_string_equal(json_string_value(json_object_get(p, "progressToken")), "tok");
    double v = json_number_value(json_object_get(p, "progress"));
    assert_true(v > last); /* progress must keep growing */
    assert_true(answer_at == 0); /* and come before the answer */
    last = v, seen++, final = p;
  }
  json_decref(one);
  assert_true(answer_at > 0);
  assert_true(seen >= 3); /* start, at least one tick, end */
  assert_true(json_number_value(json_object_get(final, "total")) == last);
  assert_non_null(mcp_result(msgs, "2"));
  json_decref(msgs);
}

Z3_TEST(test_logging__set_level_chooses_which_messages_reach_the_client) {
  (void)state;
  mcp_stub st;
  mcp_stub_init(&st);
  json_t *msgs = run_stub(INIT("2025-11-25")
                          "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'rom_info'}}\n", &st);
  assert_int_equal(mcp_count_method(msgs, "notifications/message"), 0); /* quiet until asked */
  json_decref(msgs);
  msgs = run_stub(INIT("2025-11-25")
                  "{'jsonrpc':'2.0','id':1,'method':'logging/setLevel','params':{'level':'info'}}\n"
                  "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'name':'rom_info'}}\n"
                  "{'jsonrpc':'2.0','id':3,'method':'tools/call','params':{'name':'rom_validate'}}\n"
                  "{'jsonrpc':'2.0','id':4,'method':'logging/setLevel','params':{'level':'loud'}}\n"
                  "{'jsonrpc':'2.0','id':5,'method':'logging/setLevel','params':{}}\n",
                  &st);
  assert_int_equal(json_object_size(mcp_result(msgs, "1")), 0);
  assert_int_equal(mcp_count_method(msgs, "notifications/message"), 2);
  json_t *m;
  size_t i;
  json_array_foreach(msgs, i, m) {
    if (!json_object_get(m, "method") || strcmp(json_string_value(json_object_get(m, "method")), "notifications/message")) continue;
    json_t *p = json_object_get(m, "params");
    assert_true(strcmp(json_string_value(json_object_get(p, "level")), "info") == 0 ||
                strcmp(json_string_value(json_object_get(p, "level")), "notice") == 0);
    const char *tool = json_string_value(json_object_get(json_object_get(p, "data"), "tool"));
    assert_true(strcmp(tool, "rom_info") == 0 || strcmp(tool, "rom_validate") == 0);
    assert_true(json_is_string(json_object_get(json_object_get(p, "data"), "message")));
  }
  assert_tool_error(msgs, "3", "stub failure");
  assert_non_null(strstr(json_string_value(json_object_get(json_array_get(json_object_get(mcp_result(msgs, "3"), "content"), 0), "text")), "hint: stub hint"));
  assert_int_equal(mcp_error_code(msgs, "4"), -32602);
  assert_int_equal(mcp_error_code(msgs, "5"), -32602);
  json_decref(msgs);
  msgs = run_stub(INIT("2025-11-25")
                  "{'jsonrpc':'2.0','id':1,'method':'logging/setLevel','params':{'level':'error'}}\n"
                  "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'name':'rom_validate'}}\n", &st);
  assert_int_equal(mcp_count_method(msgs, "notifications/message"), 0);
  json_decref(msgs);
}

/* ---- resources and prompts -------------------------------------------------------------------- */

static const char *content_text(json_t *msgs, const char *id) {
  json_t *item = json_array_get(json_object_get(mcp_result(msgs, id), "contents"), 0);
  assert_string_equal(json_string_value(json_object_get(item, "mimeType")), "application/json");
  return json_string_value(json_object_get(item, "text"));
}

Z3_TEST(test_resources__lists_and_reads) {
  (void)state;
  json_t *msgs = run(INIT("2025-11-25")
                     "{'jsonrpc':'2.0','id':1,'method':'resources/list'}\n"
                     "{'jsonrpc':'2.0','id':2,'method':'resources/templates/list'}\n"
                     "{'jsonrpc':'2.0','id':3,'method':'resources/read','params':{'uri':'z3ed://rom/state'}}\n"
                     "{'jsonrpc':'2.0','id':4,'method':'resources/read','params':{'uri':'z3ed://catalog'}}\n"
                     "{'jsonrpc':'2.0','id':5,'method':'resources/read','params':{'uri':'z3ed://catalog/palette'}}\n"
                     "{'jsonrpc':'2.0','id':6,'method':'resources/read','params':{'uri':'z3ed://rom/bank/0x1F'}}\n"
                     "{'jsonrpc':'2.0','id':7,'method':'resources/read','params':{'uri':'z3ed://rom/palette/ow_main/0'}}\n"
                     "{'jsonrpc':'2.0','id':8,'method':'resources/read','params':{'uri':'z3ed://rom/sheet/3'}}\n"
                     "{'jsonrpc':'2.0','id':9,'method':'resources/read','params':{'uri':'z3ed://proposals'}}\n"
                     "{'jsonrpc':'2.0','id':10,'method':'resources/read','params':{'uri':'z3ed://palettes'}}\n"
                     "{'jsonrpc':'2.0','id':11,'method':'resources/read','params':{'uri':'z3ed://rom/header'}}\n");
  json_t *list = json_object_get(mcp_result(msgs, "1"), "resources");
  assert_true(json_array_size(list) >= 5);
  assert_string_equal(json_string_value(json_object_get(json_array_get(list, 0), "uri")), "z3ed://rom/state");
  json_t *templates = json_object_get(mcp_result(msgs, "2"), "resourceTemplates");
  assert_true(json_array_size(templates) >= 4);
  assert_non_null(json_object_get(json_array_get(templates, 0), "uriTemplate"));
  json_t *v = json_loads(content_text(msgs, "3"), 0, NULL);
  assert_string_equal(json_string_value(json_object_get(v, "format")), "z3ed-state/1");
  json_decref(v);
  v = json_loads(content_text(msgs, "4"), 0, NULL);
  assert_int_equal(json_array_size(json_object_get(v, "commands")), z3_command_count);
  json_decref(v);
  assert_null(strstr(content_text(msgs, "5"), "\"rom_info\""));
  assert_non_null(strstr(content_text(msgs, "5"), "\"palette_get\""));
  assert_non_null(strstr(content_text(msgs, "6"), "\"0x1f\""));
  assert_non_null(strstr(content_text(msgs, "7"), "\"colors\""));
  assert_non_null(strstr(content_text(msgs, "8"), "\"0x03\""));
  assert_non_null(strstr(content_text(msgs, "9"), "\"proposals\""));
  assert_non_null(strstr(content_text(msgs, "10"), "ow_main"));
  assert_non_null(strstr(content_text(msgs, "11"), "THE LEGEND OF ZELDA"));
  json_decref(msgs);
}

Z3_TEST(test_resources__proposals_come_from_the_registry) {
  (void)state;
  char *cmd = z3_strfmt("'%s' agent proposal create --rom '%s' --title 'brighter grass' --state-dir '%s' -q", Z3_EXE, here.rom, here.dir);
  assert_int_equal(system(cmd), 0);
  z3_free(cmd);
  json_t *msgs = run(INIT("2025-11-25")
                     "{'jsonrpc':'2.0','id':1,'method':'resources/read','params':{'uri':'z3ed://proposals'}}\n"
                     "{'jsonrpc':'2.0','id':2,'method':'resources/read','params':{'uri':'z3ed://proposal/1'}}\n"
                     "{'jsonrpc':'2.0','id':3,'method':'resources/read','params':{'uri':'z3ed://proposal/1/diff'}}\n"
                     "{'jsonrpc':'2.0','id':4,'method':'resources/read','params':{'uri':'z3ed://proposal/99'}}\n"
                     "{'jsonrpc':'2.0','id':5,'method':'resources/read','params':{'uri':'z3ed://proposal/x/diff'}}\n");
  json_t *list = json_loads(content_text(msgs, "1"), 0, NULL);
  assert_int_equal(json_integer_value(json_object_get(list, "count")), 1);
  assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(list, "proposals"), 0), "title")),
                      "brighter grass");
  json_decref(list);
  assert_non_null(strstr(content_text(msgs, "2"), "\"status\":\"open\""));
  assert_non_null(strstr(content_text(msgs, "3"), "\"change_count\":0"));
  assert_int_equal(mcp_error_code(msgs, "4"), -32002);
  assert_int_equal(mcp_error_code(msgs, "5"), -32002);
  json_decref(msgs);
}

Z3_TEST(test_resources__unknown_or_bad_uris_are_not_found) {
  (void)state;
  json_t *msgs = run(INIT("2025-11-25")
                     "{'jsonrpc':'2.0','id':1,'method':'resources/read','params':{'uri':'z3ed://nothing'}}\n"
                     "{'jsonrpc':'2.0','id':2,'method':'resources/read','params':{'uri':'z3ed://rom/bank/0x999'}}\n"
                     "{'jsonrpc':'2.0','id':3,'method':'resources/read','params':{'uri':'z3ed://rom/palette/nope/0'}}\n"
                     "{'jsonrpc':'2.0','id':4,'method':'resources/read','params':{'uri':'z3ed://catalog/nope'}}\n"
                     "{'jsonrpc':'2.0','id':5,'method':'resources/read','params':{'uri':'z3ed://rom/bank/../../etc'}}\n"
                     "{'jsonrpc':'2.0','id':6,'method':'resources/read','params':{}}\n"
                     "{'jsonrpc':'2.0','id':7,'method':'resources/read','params':{'uri':'z3ed://proposal/12345'}}\n"
                     "{'jsonrpc':'2.0','id':8,'method':'resources/list','params':{'cursor':'abc'}}\n");
  for (int id = 1; id <= 5; id++) {
    char key[8];
    snprintf(key, sizeof key, "%d", id);
    assert_int_equal(mcp_error_code(msgs, key), -32002);
    assert_true(json_is_string(json_object_get(json_object_get(json_object_get(mcp_response(msgs, key), "error"), "data"), "uri")));
  }
  assert_int_equal(mcp_error_code(msgs, "6"), -32602);
  assert_int_equal(mcp_error_code(msgs, "7"), -32002);
  assert_int_equal(mcp_error_code(msgs, "8"), -32602);
  json_decref(msgs);
  z3_mcp_options o = mcp_opts(here.dir, NULL); /* no --rom: no ROM resources */
  msgs = mcp_run(INIT("2025-11-25")
                 "{'jsonrpc':'2.0','id':1,'method':'resources/list'}\n"
                 "{'jsonrpc':'2.0','id':2,'method':'resources/read','params':{'uri':'z3ed://rom/state'}}\n"
                 "{'jsonrpc':'2.0','id':3,'method':'resources/read','params':{'uri':'z3ed://catalog'}}\n", &o);
  char *listed = json_dumps(mcp_result(msgs, "1"), 0);
  assert_null(strstr(listed, "z3ed://rom/"));
  free(listed);
  assert_int_equal(mcp_error_code(msgs, "2"), -32002);
  assert_non_null(strstr(mcp_error_message(msgs, "2"), "--rom"));
  assert_non_null(mcp_result(msgs, "3"));
  json_decref(msgs);
}

Z3_TEST(test_prompts__list_get_and_argument_errors) {
  (void)state;
  json_t *msgs = run(INIT("2025-11-25")
                     "{'jsonrpc':'2.0','id':1,'method':'prompts/list'}\n"
                     "{'jsonrpc':'2.0','id':2,'method':'prompts/get','params':{'name':'inspect-rom'}}\n"
                     "{'jsonrpc':'2.0','id':3,'method':'prompts/get','params':{'name':'recolor-palette','arguments':{'group':'ow_main','index':'2','look':'autumn'}}}\n"
                     "{'jsonrpc':'2.0','id':4,'method':'prompts/get','params':{'name':'recolor-palette','arguments':{'group':'ow_main'}}}\n"
                     "{'jsonrpc':'2.0','id':5,'method':'prompts/get','params':{'name':'nope'}}\n"
                     "{'jsonrpc':'2.0','id':6,'method':'prompts/get','params':{'name':'review-proposal','arguments':{'id':7}}}\n"
                     "{'jsonrpc':'2.0','id':7,'method':'prompts/get','params':{'name':'review-proposal','arguments':{'id':'seven'}}}\n"
                     "{'jsonrpc':'2.0','id':8,'method':'prompts/get','params':{'name':'inspect-rom','arguments':{'focus':'music'}}}\n"
                     "{'jsonrpc':'2.0','id':9,'method':'prompts/get','params':{'name':'inspect-rom','arguments':{'colour':'x'}}}\n"
                     "{'jsonrpc':'2.0','id':10,'method':'prompts/get'}\n"
                     "{'jsonrpc':'2.0','id':11,'method':'prompts/get','params':{'name':'compare-roms','arguments':{'from':'a.sfc','to':'b.sfc'}}}\n");
  json_t *prompts = json_object_get(mcp_result(msgs, "1"), "prompts"), *p;
  assert_true(json_array_size(prompts) >= 3);
  size_t i;
  json_array_foreach(prompts, i, p) {
    assert_true(json_is_string(json_object_get(p, "name")));
    assert_true(json_is_array(json_object_get(p, "arguments")));
  }
  json_t *message = json_array_get(json_object_get(mcp_result(msgs, "2"), "messages"), 0);
  assert_string_equal(json_string_value(json_object_get(message, "role")), "user");
  assert_string_equal(json_string_value(json_object_get(json_object_get(message, "content"), "type")), "text");
  assert_non_null(strstr(json_string_value(json_object_get(json_object_get(message, "content"), "text")), "z3ed://rom/state"));
  message = json_array_get(json_object_get(mcp_result(msgs, "3"), "messages"), 0);
  const char *text = json_string_value(json_object_get(json_object_get(message, "content"), "text"));
  assert_non_null(strstr(text, "ow_main"));
  assert_non_null(strstr(text, "autumn"));
  assert_non_null(strstr(text, "palette_set_color"));
  for (int id = 4; id <= 10; id++) {
    char key[8];
    snprintf(key, sizeof key, "%d", id);
    assert_int_equal(mcp_error_code(msgs, key), -32602);
  }
  assert_non_null(strstr(mcp_error_message(msgs, "4"), "index"));
  assert_non_null(mcp_result(msgs, "11"));
  json_decref(msgs);
}

/* ---- working inside a proposal ------------------------------------------------------------------ */

static size_t count_lines_of(const char *path) {
  z3_buf b;
  z3_buf_init(&b);
  size_t n = 0;
  if (z3_file_read(&b, path, 1u << 24, NULL) == Z3_OK)
    for (size_t i = 0; i < b.len; i++) n += b.data[i] == '\n';
  z3_buf_release(&b);
  return n;
}

Z3_TEST(test_proposal__writes_go_to_its_sandbox_and_every_call_is_logged) {
  (void)state;
  char *pstate = z3_strfmt("%s/pstate", here.dir);
  char *cmd = z3_strfmt("'%s' agent proposal create --rom '%s' --title 'mcp edit' --state-dir '%s' -q", Z3_EXE, here.rom, pstate);
  assert_int_equal(system(cmd), 0);
  z3_free(cmd);
  z3_mcp_options o = mcp_opts(pstate, NULL);
  o.proposal_id = 1;
  char *input = z3_strfmt(
      INIT("2025-11-25")
      "{'jsonrpc':'2.0','id':1,'method':'tools/call','params':{'name':'rom_header_set','arguments':{'title':'MCP EDIT'}}}\n"
      "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'name':'rom_header_get','arguments':{'field':'title'}}}\n"
      "{'jsonrpc':'2.0','id':3,'method':'tools/call','params':{'name':'rom_expand','arguments':{'size':'2MiB','output':'%s/out.sfc'}}}\n"
      "{'jsonrpc':'2.0','id':4,'method':'resources/read','params':{'uri':'z3ed://proposal/1/diff'}}\n",
      here.dir);
  json_t *msgs = mcp_run(input, &o);
  assert_non_null(strstr(json_string_value(json_object_get(mcp_result(msgs, "\"init\""), "instructions")), "proposal 1"));
  assert_null(json_object_get(mcp_result(msgs, "1"), "isError"));
  assert_non_null(strstr(json_string_value(json_object_get(json_object_get(mcp_result(msgs, "2"), "structuredContent"), "value")),
                         "MCP EDIT"));
  assert_tool_error(msgs, "3", "outside the sandbox");
  assert_non_null(strstr(content_text(msgs, "4"), "header title"));
  char *same = z3_strfmt("cmp -s '%s' '%s'", Z3_SAMPLE, here.rom);
  assert_int_equal(system(same), 0); /* the real ROM is untouched */
  z3_free(same);
  char *log = z3_strfmt("%s/proposals/1/commands.jsonl", pstate);
  assert_int_equal(count_lines_of(log), 3); /* every call, refused ones too */
  z3_free(log);
  json_decref(msgs);
  z3_free(input);
  o.proposal_id = 99;
  FILE *in = fmemopen((void *)"x", 1, "r");
  assert_int_equal(z3_mcp_serve(in, stdout, &o), 3); /* no such proposal: nothing to serve */
  o.proposal_id = 1, o.rom_path = here.rom;
  assert_int_equal(z3_mcp_serve(in, stdout, &o), 2);
  fclose(in);
  z3_free(pstate);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tools_list__every_command_with_schemas_shaped_for_the_revision),
      cmocka_unit_test(test_tools_list__toolsets_narrow_the_list_and_describe_tools_reaches_the_rest),
      cmocka_unit_test(test_tools_list__older_revisions_get_only_members_they_know),
      cmocka_unit_test(test_tools_call__success_has_text_and_structured_content),
      cmocka_unit_test(test_tools_call__failures_are_is_error_results_with_the_reason),
      cmocka_unit_test(test_tools_call__protocol_errors_for_the_request_itself),
      cmocka_unit_test(test_tools_call__a_check_that_finds_problems_is_a_result),
      cmocka_unit_test(test_tools_call__limits_and_session_are_the_agent_ones),
      cmocka_unit_test(test_tools_call__real_calls_and_reads_mixed_with_requests_never_hang),
      cmocka_unit_test(test_progress__start_ticks_and_end_before_the_answer),
      cmocka_unit_test(test_logging__set_level_chooses_which_messages_reach_the_client),
      cmocka_unit_test(test_resources__lists_and_reads),
      cmocka_unit_test(test_resources__proposals_come_from_the_registry),
      cmocka_unit_test(test_resources__unknown_or_bad_uris_are_not_found),
      cmocka_unit_test(test_prompts__list_get_and_argument_errors),
      cmocka_unit_test(test_proposal__writes_go_to_its_sandbox_and_every_call_is_logged),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
