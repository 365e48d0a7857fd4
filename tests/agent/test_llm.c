/*
 * agent/llm: the real HTTP clients against a local fake server, one test per
 * provider (URL, auth headers, body shape, tools in that provider's dialect,
 * tool results sent back on the second turn, parsing of calls and text), then
 * retries, timeouts and errors, then the replay provider.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agent/llm.h"
#include "agent/tools.h"
#include "fake_llm_server.h"
#include "test.h"

static fake_server *srv;

static int setup(void **state) {
  (void)state;
  /* A proxy in the environment must not catch loopback requests: the client bypasses it. */
  setenv("http_proxy", "http://127.0.0.1:1", 1);
  const char *unset[] = {"no_proxy", "NO_PROXY", "OPENAI_API_KEY", "OPENAI_BASE_URL", "GEMINI_API_KEY", "GOOGLE_API_KEY", "GEMINI_BASE_URL",
                         "GOOGLE_GEMINI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL",
                         "OLLAMA_HOST", "OLLAMA_API_KEY", "Z3ED_MODEL", "Z3ED_LLM_RETRIES", "Z3ED_LLM_TIMEOUT"};
  for (size_t i = 0; i < sizeof unset / sizeof unset[0]; i++) unsetenv(unset[i]);
  setenv("Z3ED_LLM_RETRY_BASE_MS", "1", 1);
  return 0;
}

static int before(void **state) {
  (void)state;
  srv = fake_start();
  return 0;
}

static int after(void **state) {
  (void)state;
  fake_stop(srv);
  srv = NULL;
  return 0;
}

static z3_llm *open_llm(z3_llm_provider p, const char *base, const char *key) {
  z3_llm_config cfg = {.provider = p, .model = "m1", .base_url = base, .api_key = key, .max_retries = -1};
  z3_llm *llm;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_llm_open(&llm, &cfg, &err), &err);
  return llm;
}

static void push_json(int status, const char *headers, json_t *body) {
  char *text = json_dumps(body, JSON_COMPACT);
  fake_push(srv, status, headers, text);
  free(text);
  json_decref(body);
}

/* A conversation with a system prompt and one user line; the tool the tests offer. */
static void start_conv(z3_llm_conv *c, json_t **tools) {
  z3_error err;
  z3_error_init(&err);
  z3_llm_conv_init(c);
  assert_ok(z3_llm_conv_set_system(c, "you edit roms", &err), &err);
  assert_ok(z3_llm_conv_add_user(c, "make the tunic red", &err), &err);
  *tools = z3_agent_tools("palette_get_color", &err);
  assert_non_null(*tools);
  assert_int_equal(json_array_size(*tools), 1);
}

/* Runs a turn, keeps the assistant message and answers its calls: the first
 * with a JSON result, any second one with an error. */
static void answer_turn(z3_llm *llm, z3_llm_conv *c, const json_t *tools, z3_llm_reply *r) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_llm_chat(llm, c, tools, r, &err), &err);
  size_t calls = r->msg.call_count;
  char *ids[2] = {0}, *names[2] = {0};
  for (size_t i = 0; i < calls && i < 2; i++) ids[i] = strdup(r->msg.calls[i].id), names[i] = strdup(r->msg.calls[i].name);
  assert_ok(z3_llm_conv_add_assistant(c, &r->msg, &err), &err);
  if (calls > 0) assert_ok(z3_llm_conv_add_result(c, ids[0], names[0], "{\"color\":\"#40C040\"}", false, &err), &err);
  if (calls > 1) assert_ok(z3_llm_conv_add_result(c, ids[1], names[1], "error (usage): bad index", true, &err), &err);
  for (int i = 0; i < 2; i++) free(ids[i]), free(names[i]);
}

static void no_additional_properties(const json_t *schema) {
  assert_string_equal(json_string_value(json_object_get(schema, "type")), "object");
  assert_null(json_object_get(schema, "additionalProperties"));
  assert_non_null(json_object_get(json_object_get(schema, "properties"), "color"));
}

/* ---- openai -------------------------------------------------------------------------- */

Z3_TEST(test_llm_openai__request_tools_and_results) {
  (void)state;
  push_json(200, "x-request-id: req_1\r\n",
            json_pack("{s:[{s:{s:s,s:n,s:[{s:s,s:s,s:{s:s,s:s}}]},s:s}],s:{s:i,s:i}}", "choices", "message", "role",
                      "assistant", "content", "tool_calls", "id", "call_7f3a", "type", "function", "function", "name",
                      "palette_get_color", "arguments", "{\"group\":\"armors\",\"index\":0,\"color\":3}",
                      "finish_reason", "tool_calls", "usage", "prompt_tokens", 88, "completion_tokens", 19));
  push_json(200, NULL, json_pack("{s:[{s:{s:s,s:s},s:s}]}", "choices", "message", "role", "assistant", "content",
                                 "it is green", "finish_reason", "stop"));
  char *base = z3_strfmt("%s/v1", srv->url);
  z3_llm *llm = open_llm(Z3_LLM_OPENAI, base, "sk-test");
  z3_llm_conv c;
  json_t *tools;
  start_conv(&c, &tools);
  z3_llm_reply r;
  answer_turn(llm, &c, tools, &r);
  assert_int_equal(r.input_tokens, 88);
  assert_string_equal(r.stop_reason, "tool_calls");
  z3_llm_reply_release(&r);

  const fake_request *q = fake_req(srv, 0);
  assert_string_equal(q->method, "POST");
  assert_string_equal(q->path, "/v1/chat/completions");
  assert_true(fake_has_header(srv, 0, "authorization", "Bearer sk-test"));
  assert_true(fake_has_header(srv, 0, "content-type", "application/json"));
  json_t *b = fake_body(srv, 0);
  assert_string_equal(json_string_value(json_object_get(b, "model")), "m1");
  json_t *msgs = json_object_get(b, "messages");
  assert_string_equal(json_string_value(json_object_get(json_array_get(msgs, 0), "role")), "system");
  assert_string_equal(json_string_value(json_object_get(json_array_get(msgs, 1), "content")), "make the tunic red");
  json_t *tool = json_array_get(json_object_get(b, "tools"), 0);
  assert_string_equal(json_string_value(json_object_get(tool, "type")), "function");
  assert_string_equal(json_string_value(json_object_get(json_object_get(tool, "function"), "name")), "palette_get_color");
  no_additional_properties(json_object_get(json_object_get(tool, "function"), "parameters"));
  assert_string_equal(json_string_value(json_object_get(b, "tool_choice")), "auto");
  assert_non_null(json_object_get(b, "max_tokens")); /* not api.openai.com: the older name */
  json_decref(b);

  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_llm_chat(llm, &c, tools, &r, &err), &err);
  assert_string_equal(r.msg.text, "it is green");
  assert_int_equal(r.msg.call_count, 0);
  b = fake_body(srv, 1);
  msgs = json_object_get(b, "messages");
  json_t *asst = json_array_get(msgs, 2), *result = json_array_get(msgs, 3);
  assert_true(json_is_null(json_object_get(asst, "content")));
  json_t *call = json_array_get(json_object_get(asst, "tool_calls"), 0);
  assert_string_equal(json_string_value(json_object_get(call, "id")), "call_7f3a");
  assert_string_equal(json_string_value(json_object_get(json_object_get(call, "function"), "arguments")),
                      "{\"group\":\"armors\",\"index\":0,\"color\":3}"); /* exactly as the model wrote it */
  assert_string_equal(json_string_value(json_object_get(result, "role")), "tool");
  assert_string_equal(json_string_value(json_object_get(result, "tool_call_id")), "call_7f3a");
  assert_string_equal(json_string_value(json_object_get(result, "content")), "{\"color\":\"#40C040\"}");
  json_decref(b);
  z3_llm_reply_release(&r);
  json_decref(tools);
  z3_llm_conv_release(&c);
  z3_llm_close(llm);
  free(base);
}

/* A saved conversation may hold a call with no arguments (the model sent none);
 * sent back to an OpenAI-style server it carries "{}", and nothing leaks. */
Z3_TEST(test_llm_openai__a_call_without_arguments_goes_back_as_empty) {
  (void)state;
  push_json(200, NULL, json_pack("{s:[{s:{s:s,s:s},s:s}]}", "choices", "message", "role", "assistant", "content",
                                 "done", "finish_reason", "stop"));
  json_t *doc = json_loads("{\"format\":\"z3ed-conversation/1\",\"messages\":["
                           "{\"role\":\"user\",\"text\":\"list rooms\"},"
                           "{\"role\":\"assistant\",\"calls\":[{\"id\":\"c1\",\"name\":\"rom_info\"}]},"
                           "{\"role\":\"tool\",\"call_id\":\"c1\",\"tool\":\"rom_info\",\"text\":\"{}\"}]}",
                           0, NULL);
  assert_non_null(doc);
  z3_llm_conv c;
  z3_llm_conv_init(&c);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_llm_conv_from_json(doc, &c, &err), &err);
  json_decref(doc);
  z3_llm *llm = open_llm(Z3_LLM_OPENAI, srv->url, "sk-test");
  z3_llm_reply r;
  assert_ok(z3_llm_chat(llm, &c, NULL, &r, &err), &err);
  json_t *b = fake_body(srv, 0);
  json_t *call = json_array_get(json_object_get(json_array_get(json_object_get(b, "messages"), 1), "tool_calls"), 0);
  assert_string_equal(json_string_value(json_object_get(json_object_get(call, "function"), "arguments")), "{}");
  json_decref(b);
  z3_llm_reply_release(&r);
  z3_llm_conv_release(&c);
  z3_llm_close(llm);
}

/* Compact discovery through a real provider dialect: the first request offers
 * only describe_tools and names every tool in the system prompt; the schemas the
 * model asks for ride along from then on. The byte budgets are the bench's goals
 * (6,000 and 15,000 tokens at 4 bytes a token) with room to spare. */
/* The index names builds and debuggers only for sessions that may run them. */
Z3_TEST(test_llm_agent__index_names_process_tools_only_when_allowed) {
  (void)state;
  char *with = z3_tools_index_text(NULL, true), *without = z3_tools_index_text(NULL, false);
  assert_non_null(strstr(with, "build_compile (runs-processes)"));
  assert_null(strstr(without, "build_compile"));
  assert_non_null(strstr(without, "palette_set_color (mutates-rom)"));
  assert_true(strlen(without) < strlen(with));
  z3_free(with);
  z3_free(without);
}

Z3_TEST(test_llm_agent__compact_discovery_offers_the_index_then_what_was_asked) {
  (void)state;
  push_json(200, NULL, json_pack("{s:[{s:{s:s,s:s,s:[{s:s,s:s,s:{s:s,s:s}}]},s:s}]}", "choices", "message", "role",
                                 "assistant", "content", "looking up", "tool_calls", "id", "c1", "type", "function",
                                 "function", "name", "describe_tools", "arguments",
                                 "{\"names\":[\"palette_get\",\"palette_set_color\",\"nope_tool\"]}", "finish_reason",
                                 "tool_calls"));
  push_json(200, NULL, json_pack("{s:[{s:{s:s,s:s,s:[{s:s,s:s,s:{s:s,s:s}}]},s:s}]}", "choices", "message", "role",
                                 "assistant", "content", "retry", "tool_calls", "id", "c2", "type", "function",
                                 "function", "name", "describe_tools", "arguments",
                                 "{\"names\":[\"palette_get\",\"palette_set_color\"]}", "finish_reason", "tool_calls"));
  push_json(200, NULL, json_pack("{s:[{s:{s:s,s:s,s:[{s:s,s:s,s:{s:s,s:s}}]},s:s}]}", "choices", "message", "role",
                                 "assistant", "content", "plan", "tool_calls", "id", "c3", "type", "function",
                                 "function", "name", "palette_set_color", "arguments",
                                 "{\"group\":\"armors\",\"index\":0,\"color\":1,\"value\":\"#C63131\"}",
                                 "finish_reason", "tool_calls"));
  char *base = z3_strfmt("%s/v1", srv->url);
  z3_llm *llm = open_llm(Z3_LLM_OPENAI, base, "sk-test");
  z3_agent_options o = {.llm = llm, .rom_path = "real.sfc"};
  z3_agent *a;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_agent_new(&a, &o, &err), &err);
  json_t *plan;
  assert_ok(z3_agent_plan(a, "make the tunic red", &plan, &err), &err);
  json_t *calls = json_object_get(plan, "calls");
  assert_int_equal(json_array_size(calls), 1); /* the describes were answered, not planned */
  assert_true(json_is_true(json_object_get(json_array_get(calls, 0), "valid")));
  assert_int_equal(fake_count(srv), 3);
  json_t *b = fake_body(srv, 0);
  json_t *tools = json_object_get(b, "tools");
  assert_int_equal(json_array_size(tools), 1);
  assert_string_equal(json_string_value(json_object_get(json_object_get(json_array_get(tools, 0), "function"), "name")),
                      "describe_tools");
  const char *system = json_string_value(json_object_get(json_array_get(json_object_get(b, "messages"), 0), "content"));
  assert_non_null(strstr(system, "palette: "));
  assert_non_null(strstr(system, "palette_set_color (mutates-rom)"));
  assert_null(strstr(system, "agent_run")); /* people-only tools are not in the index */
  assert_null(strstr(system, "build_compile")); /* nor tools this session would refuse */
  assert_true(strlen(fake_req(srv, 0)->body) < 6000 * 4);
  json_decref(b);
  b = fake_body(srv, 1); /* an unknown name: an error, nothing added */
  assert_int_equal(json_array_size(json_object_get(b, "tools")), 1);
  json_t *msgs = json_object_get(b, "messages");
  assert_non_null(strstr(json_string_value(json_object_get(json_array_get(msgs, json_array_size(msgs) - 1), "content")),
                         "no tool 'nope_tool'"));
  json_decref(b);
  b = fake_body(srv, 2);
  assert_int_equal(json_array_size(json_object_get(b, "tools")), 3);
  msgs = json_object_get(b, "messages");
  assert_non_null(strstr(json_string_value(json_object_get(json_array_get(msgs, json_array_size(msgs) - 1), "content")),
                         "\"described\":[\"palette_get\",\"palette_set_color\"]"));
  json_decref(b);
  size_t total = 0;
  for (int i = 0; i < fake_count(srv); i++) total += strlen(fake_req(srv, i)->body);
  assert_true(total < 15000 * 4);
  json_decref(plan);
  z3_agent_free(a);
  z3_llm_close(llm);
  free(base);
}

Z3_TEST(test_llm_openai__broken_arguments_become_a_call_error) {
  (void)state;
  const char *body = "{\"choices\":[{\"message\":{\"content\":\"\",\"tool_calls\":[{\"id\":\"c1\",\"function\":"
                     "{\"name\":\"rom_info\",\"arguments\":\"{\\\"rom\\\": \"}}]},\"finish_reason\":\"stop\"}]}";
  z3_llm_reply r;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_llm_parse_response(Z3_LLM_OPENAI, body, strlen(body), &r, &err), &err);
  assert_int_equal(r.msg.call_count, 1); /* decided by the calls, not by finish_reason */
  assert_null(r.msg.calls[0].args);
  assert_non_null(strstr(r.msg.calls[0].args_error, "not valid JSON"));
  z3_llm_reply_release(&r);
  assert_int_equal(z3_llm_parse_response(Z3_LLM_OPENAI, "{\"choices\":[]}", 14, &r, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "without choices"));
}

/* ---- ollama --------------------------------------------------------------------------- */

Z3_TEST(test_llm_ollama__request_tools_and_results) {
  (void)state;
  /* Older servers give calls no id: results are then matched by tool_name. */
  push_json(200, NULL, json_pack("{s:s,s:{s:s,s:s,s:[{s:{s:s,s:{s:s,s:i,s:i}}}]},s:b,s:s,s:i,s:i}", "model", "m1",
                                 "message", "role", "assistant", "content", "", "tool_calls", "function", "name",
                                 "palette_get_color", "arguments", "group", "armors", "index", 0, "color", 3, "done", 1,
                                 "done_reason", "stop", "prompt_eval_count", 160, "eval_count", 21));
  push_json(200, NULL, json_pack("{s:{s:s,s:s},s:b}", "message", "role", "assistant", "content", "done", "done", 1));
  char *host = z3_strfmt("127.0.0.1:%d", srv->port);
  setenv("OLLAMA_HOST", host, 1); /* host:port without a scheme */
  z3_llm *llm = open_llm(Z3_LLM_OLLAMA, NULL, NULL);
  unsetenv("OLLAMA_HOST");
  char *want = z3_strfmt("http://127.0.0.1:%d/api/chat", srv->port);
  assert_string_equal(z3_llm_endpoint(llm), want);
  z3_llm_conv c;
  json_t *tools;
  start_conv(&c, &tools);
  z3_llm_reply r;
  answer_turn(llm, &c, tools, &r);
  assert_int_equal(r.output_tokens, 21);
  z3_llm_reply_release(&r);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_llm_chat(llm, &c, tools, &r, &err), &err);
  assert_string_equal(r.msg.text, "done");

  assert_string_equal(fake_req(srv, 0)->path, "/api/chat");
  json_t *b = fake_body(srv, 0);
  assert_true(json_is_false(json_object_get(b, "stream")));
  assert_int_equal(json_integer_value(json_object_get(json_object_get(b, "options"), "num_predict")), 4096);
  json_t *fn = json_object_get(json_array_get(json_object_get(b, "tools"), 0), "function");
  no_additional_properties(json_object_get(fn, "parameters"));
  json_decref(b);
  b = fake_body(srv, 1);
  json_t *msgs = json_object_get(b, "messages");
  json_t *asst = json_array_get(msgs, 2), *result = json_array_get(msgs, 3);
  json_t *args = json_object_get(json_object_get(json_array_get(json_object_get(asst, "tool_calls"), 0), "function"), "arguments");
  assert_int_equal(json_integer_value(json_object_get(args, "color")), 3); /* an object, as received */
  assert_string_equal(json_string_value(json_object_get(result, "role")), "tool");
  assert_string_equal(json_string_value(json_object_get(result, "tool_name")), "palette_get_color");
  assert_null(json_object_get(result, "tool_call_id")); /* z3ed's own id is not sent */
  json_decref(b);
  z3_llm_reply_release(&r);
  json_decref(tools);
  z3_llm_conv_release(&c);
  z3_llm_close(llm);
  free(host);
  free(want);
}

/* ---- gemini ---------------------------------------------------------------------------- */

Z3_TEST(test_llm_gemini__request_tools_and_results) {
  (void)state;
  push_json(200, NULL,
            json_pack("{s:[{s:{s:s,s:[{s:{s:s,s:s,s:{s:s,s:i,s:i}},s:s},{s:{s:s,s:{s:s}}}]},s:s}],s:{s:i,s:i},s:s}",
                      "candidates", "content", "role", "model", "parts", "functionCall", "id", "fc_01", "name",
                      "palette_get_color", "args", "group", "armors", "index", 0, "color", 3, "thoughtSignature",
                      "Cs4BAdHt", "functionCall", "name", "rom_info", "args", "rom", "x.sfc", "finishReason", "STOP",
                      "usageMetadata", "promptTokenCount", 74, "candidatesTokenCount", 12, "responseId", "xyz"));
  push_json(200, NULL, json_pack("{s:[{s:{s:s,s:[{s:s,s:b},{s:s}]},s:s}]}", "candidates", "content", "role", "model",
                                 "parts", "text", "thinking...", "thought", 1, "text", "all done", "finishReason", "STOP"));
  z3_llm *llm = open_llm(Z3_LLM_GEMINI, srv->url, "g-key");
  z3_llm_conv c;
  json_t *tools;
  start_conv(&c, &tools);
  z3_llm_reply r;
  answer_turn(llm, &c, tools, &r);
  z3_llm_reply_release(&r);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_llm_chat(llm, &c, tools, &r, &err), &err);
  assert_string_equal(r.msg.text, "all done"); /* thought parts are not the answer */

  assert_string_equal(fake_req(srv, 0)->path, "/v1beta/models/m1:generateContent");
  assert_true(fake_has_header(srv, 0, "x-goog-api-key", "g-key"));
  assert_null(strstr(fake_req(srv, 0)->path, "key=")); /* the key never rides in the URL */
  json_t *b = fake_body(srv, 0);
  json_t *sys = json_object_get(json_object_get(b, "systemInstruction"), "parts");
  assert_string_equal(json_string_value(json_object_get(json_array_get(sys, 0), "text")), "you edit roms");
  json_t *decls = json_object_get(json_array_get(json_object_get(b, "tools"), 0), "functionDeclarations");
  no_additional_properties(json_object_get(json_array_get(decls, 0), "parameters"));
  assert_string_equal(json_string_value(json_object_get(json_object_get(json_object_get(b, "toolConfig"),
                                                                        "functionCallingConfig"), "mode")), "AUTO");
  json_decref(b);
  b = fake_body(srv, 1);
  json_t *contents = json_object_get(b, "contents");
  json_t *model = json_array_get(contents, 1), *results = json_array_get(contents, 2);
  assert_string_equal(json_string_value(json_object_get(model, "role")), "model");
  assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(model, "parts"), 0),
                                                        "thoughtSignature")), "Cs4BAdHt"); /* sent back unchanged */
  assert_string_equal(json_string_value(json_object_get(results, "role")), "user");
  json_t *fr0 = json_object_get(json_array_get(json_object_get(results, "parts"), 0), "functionResponse");
  json_t *fr1 = json_object_get(json_array_get(json_object_get(results, "parts"), 1), "functionResponse");
  assert_string_equal(json_string_value(json_object_get(fr0, "id")), "fc_01");
  assert_string_equal(json_string_value(json_object_get(json_object_get(json_object_get(fr0, "response"), "output"),
                                                        "color")), "#40C040");
  assert_null(json_object_get(fr1, "id")); /* Gemini gave that call no id */
  assert_string_equal(json_string_value(json_object_get(json_object_get(fr1, "response"), "error")),
                      "error (usage): bad index");
  json_decref(b);
  z3_llm_reply_release(&r);
  json_decref(tools);
  z3_llm_conv_release(&c);
  z3_llm_close(llm);
}

/* ---- anthropic ------------------------------------------------------------------------- */

Z3_TEST(test_llm_anthropic__request_tools_and_results) {
  (void)state;
  push_json(200, "request-id: req_9\r\n",
            json_pack("{s:s,s:s,s:[{s:s,s:s},{s:s,s:s,s:s,s:{s:s,s:i,s:i}},{s:s,s:s,s:s,s:{}}],s:s,s:{s:i,s:i}}",
                      "type", "message", "role", "assistant", "content", "type", "text", "text", "let me look",
                      "type", "tool_use", "id", "toolu_01", "name", "palette_get_color", "input", "group", "armors",
                      "index", 0, "color", 3, "type", "tool_use", "id", "toolu_02", "name", "rom_info", "input",
                      "stop_reason", "tool_use", "usage", "input_tokens", 410, "output_tokens", 52));
  push_json(200, NULL, json_pack("{s:[{s:s,s:s}],s:s}", "content", "type", "text", "text", "finished", "stop_reason",
                                 "end_turn"));
  z3_llm *llm = open_llm(Z3_LLM_ANTHROPIC, srv->url, "a-key");
  z3_llm_conv c;
  json_t *tools;
  start_conv(&c, &tools);
  z3_llm_reply r;
  answer_turn(llm, &c, tools, &r);
  z3_llm_reply_release(&r);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_llm_chat(llm, &c, tools, &r, &err), &err);
  assert_string_equal(r.msg.text, "finished");
  assert_string_equal(r.stop_reason, "end_turn");

  assert_string_equal(fake_req(srv, 0)->path, "/v1/messages");
  assert_true(fake_has_header(srv, 0, "x-api-key", "a-key"));
  assert_true(fake_has_header(srv, 0, "anthropic-version", "2023-06-01"));
  json_t *b = fake_body(srv, 0);
  assert_int_equal(json_integer_value(json_object_get(b, "max_tokens")), 4096);
  assert_string_equal(json_string_value(json_object_get(b, "system")), "you edit roms");
  no_additional_properties(json_object_get(json_array_get(json_object_get(b, "tools"), 0), "input_schema"));
  json_decref(b);
  b = fake_body(srv, 1);
  json_t *msgs = json_object_get(b, "messages");
  assert_int_equal(json_array_size(msgs), 3); /* user, assistant, one user message with both results */
  json_t *asst = json_object_get(json_array_get(msgs, 1), "content");
  assert_string_equal(json_string_value(json_object_get(json_array_get(asst, 0), "text")), "let me look");
  json_t *blocks = json_object_get(json_array_get(msgs, 2), "content");
  json_t *r0 = json_array_get(blocks, 0), *r1 = json_array_get(blocks, 1);
  assert_string_equal(json_string_value(json_object_get(r0, "type")), "tool_result");
  assert_string_equal(json_string_value(json_object_get(r0, "tool_use_id")), "toolu_01");
  assert_null(json_object_get(r0, "is_error"));
  assert_string_equal(json_string_value(json_object_get(r1, "tool_use_id")), "toolu_02");
  assert_true(json_is_true(json_object_get(r1, "is_error")));
  json_decref(b);
  z3_llm_reply_release(&r);
  json_decref(tools);
  z3_llm_conv_release(&c);
  z3_llm_close(llm);
}

Z3_TEST(test_llm_keys__hosted_providers_need_one) {
  (void)state;
  z3_llm_config cfg = {.provider = Z3_LLM_ANTHROPIC, .max_retries = -1};
  z3_llm *llm;
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_llm_open(&llm, &cfg, &err), Z3_E_USAGE);
  assert_string_equal(err.message, "anthropic needs an API key");
  assert_non_null(strstr(err.hint, "ANTHROPIC_API_KEY"));
  setenv("GEMINI_API_KEY", "from-env", 1);
  setenv("GEMINI_BASE_URL", srv->url, 1);
  cfg.provider = Z3_LLM_GEMINI;
  z3_error_init(&err);
  assert_ok(z3_llm_open(&llm, &cfg, &err), &err);
  char *want = z3_strfmt("%s/v1beta/models/gemini-2.5-flash:generateContent", srv->url);
  assert_string_equal(z3_llm_endpoint(llm), want);
  free(want);
  z3_llm_close(llm);
  unsetenv("GEMINI_API_KEY");
  unsetenv("GEMINI_BASE_URL");
}

/* ---- retries, timeouts, errors --------------------------------------------------------- */

static const char ok_openai[] = "{\"choices\":[{\"message\":{\"content\":\"ok\"},\"finish_reason\":\"stop\"}]}";

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One user line to an openai client at the fake server; returns the status. */
static z3_status ask_once(z3_llm_config *cfg, z3_error *err, char **text) {
  z3_llm *llm;
  z3_status st = z3_llm_open(&llm, cfg, err);
  if (st) return st;
  z3_llm_conv c;
  z3_llm_conv_init(&c);
  z3_llm_conv_add_user(&c, "hi", err);
  z3_llm_reply r;
  st = z3_llm_chat(llm, &c, NULL, &r, err);
  if (st == Z3_OK && text) *text = strdup(r.msg.text ? r.msg.text : "");
  if (st == Z3_OK) z3_llm_reply_release(&r);
  z3_llm_conv_release(&c);
  z3_llm_close(llm);
  return st;
}

static z3_llm_config openai_cfg(const char *base) {
  return (z3_llm_config){.provider = Z3_LLM_OPENAI, .model = "m1", .base_url = base, .max_retries = -1};
}

Z3_TEST(test_llm_retry__429_honours_retry_after) {
  (void)state;
  fake_push(srv, 429, "Retry-After: 1\r\n", "{\"error\":{\"message\":\"slow down\"}}");
  fake_push(srv, 429, "retry-after-ms: 30\r\n", "{\"error\":{\"message\":\"slow down\"}}");
  fake_push(srv, 200, NULL, ok_openai);
  z3_llm_config cfg = openai_cfg(srv->url);
  z3_error err;
  z3_error_init(&err);
  char *text = NULL;
  double t0 = now();
  assert_ok(ask_once(&cfg, &err, &text), &err);
  double took = now() - t0;
  assert_string_equal(text, "ok");
  assert_int_equal(fake_count(srv), 3);
  assert_true(took >= 1.0); /* Retry-After: 1, then 30 ms, not the 1 ms base */
  assert_true(took < 5.0);
  free(text);
}

Z3_TEST(test_llm_retry__500_then_success_and_repeated_500) {
  (void)state;
  fake_push(srv, 500, NULL, "{\"error\":{\"message\":\"boom\"}}");
  fake_push(srv, 503, NULL, "upstream down");
  fake_push(srv, 200, NULL, ok_openai);
  z3_llm_config cfg = openai_cfg(srv->url);
  z3_error err;
  z3_error_init(&err);
  assert_ok(ask_once(&cfg, &err, NULL), &err);
  assert_int_equal(fake_count(srv), 3);

  /* the id is outside data printed to a terminal: its escape byte shows as '?' */
  for (int i = 0; i < 3; i++) fake_push(srv, 500, "x-request-id: req_\x1b" "42\r\n", "{\"error\":{\"message\":\"boom\"}}");
  cfg.max_retries = 2;
  z3_error_init(&err);
  assert_int_equal(ask_once(&cfg, &err, NULL), Z3_E_IO);
  assert_int_equal(fake_count(srv), 6);
  char *want = z3_strfmt("openai answered HTTP 500 at %s/chat/completions after 3 attempts: boom (request id req_?42)", srv->url);
  assert_string_equal(err.message, want);
  free(want);
}

Z3_TEST(test_llm_retry__client_errors_are_not_retried) {
  (void)state;
  fake_push(srv, 401, NULL, "{\"error\":{\"message\":\"Incorrect API key\",\"type\":\"invalid_request_error\"}}");
  z3_llm_config cfg = openai_cfg(srv->url);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(ask_once(&cfg, &err, NULL), Z3_E_USAGE);
  assert_int_equal(fake_count(srv), 1);
  assert_non_null(strstr(err.message, "HTTP 401"));
  assert_non_null(strstr(err.message, "Incorrect API key"));
  assert_non_null(strstr(err.hint, "API key"));
  fake_push(srv, 404, NULL, "{\"error\":\"model \\\"m1\\\" not found, try pulling it first\"}"); /* ollama's shape */
  z3_error_init(&err);
  assert_int_equal(ask_once(&cfg, &err, NULL), Z3_E_NOT_FOUND);
  assert_non_null(strstr(err.message, "model \"m1\" not found"));
}

Z3_TEST(test_llm_retry__waits_are_capped) {
  (void)state;
  fake_push(srv, 429, "Retry-After: 3600\r\n", "{}");
  z3_llm_config cfg = openai_cfg(srv->url);
  z3_error err;
  z3_error_init(&err);
  double t0 = now();
  assert_int_equal(ask_once(&cfg, &err, NULL), Z3_E_IO);
  assert_true(now() - t0 < 2.0); /* refused at once instead of sleeping an hour */
  assert_non_null(strstr(err.hint, "retry in 3600.0 s"));
  /* Gemini's RetryInfo in the body counts as the server's word too. */
  fake_push(srv, 429, NULL, "{\"error\":{\"code\":429,\"status\":\"RESOURCE_EXHAUSTED\",\"message\":\"quota\",\"details\":"
                            "[{\"@type\":\"type.googleapis.com/google.rpc.RetryInfo\",\"retryDelay\":\"0.05s\"}]}}");
  fake_push(srv, 200, NULL, "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"ok\"}]}}]}");
  cfg = (z3_llm_config){.provider = Z3_LLM_GEMINI, .base_url = srv->url, .api_key = "k", .max_retries = -1};
  z3_error_init(&err);
  assert_ok(ask_once(&cfg, &err, NULL), &err);
}

Z3_TEST(test_llm_errors__malformed_json_refused_and_timeout) {
  (void)state;
  fake_push(srv, 200, NULL, "{\"choices\": [ {\"message\": ");
  z3_llm_config cfg = openai_cfg(srv->url);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(ask_once(&cfg, &err, NULL), Z3_E_INVALID);
  char *want = z3_strfmt("openai answered with malformed JSON at %s/chat/completions", srv->url);
  assert_non_null(strstr(err.message, want));
  free(want);
  assert_non_null(strstr(err.hint, "the answer began"));

  char *dead = z3_strfmt("http://127.0.0.1:%d", fake_dead_port());
  cfg = (z3_llm_config){.provider = Z3_LLM_OLLAMA, .base_url = dead, .max_retries = -1};
  z3_error_init(&err);
  assert_int_equal(ask_once(&cfg, &err, NULL), Z3_E_IO);
  want = z3_strfmt("cannot connect to ollama at %s/api/chat: connection refused", dead);
  assert_string_equal(err.message, want);
  assert_non_null(strstr(err.hint, "ollama serve"));
  free(want);
  free(dead);

  fake_push_slow(srv, 200, NULL, ok_openai, 3000);
  cfg = openai_cfg(srv->url);
  cfg.timeout_seconds = 0.3;
  z3_error_init(&err);
  double t0 = now();
  assert_int_equal(ask_once(&cfg, &err, NULL), Z3_E_IO);
  assert_true(now() - t0 < 2.0);
  assert_non_null(strstr(err.message, "did not answer within 0.3 s"));
  assert_non_null(strstr(err.hint, "--timeout"));
}

/* ---- replay ----------------------------------------------------------------------------- */

static z3_status replay_from(const char *script, z3_llm **llm, z3_error *err) {
  char *dir = z3_test_tmpdir(), *path = z3_strfmt("%s/script.json", dir);
  z3_file_write_atomic(path, script, strlen(script), NULL, err);
  z3_llm_config cfg = {.provider = Z3_LLM_REPLAY, .replay_path = path, .max_retries = -1};
  z3_status st = z3_llm_open(llm, &cfg, err);
  free(dir);
  free(path);
  return st;
}

Z3_TEST(test_llm_replay__plays_turns_and_checks_what_was_sent) {
  (void)state;
  const char *script =
      "{\"format\":\"z3ed-replay/1\",\"turns\":["
      "{\"expect\":{\"user_contains\":\"tunic\",\"system_contains\":\"roms\",\"tools_include\":[\"palette_get_color\"],"
      "\"tools_exclude\":[\"agent_run\"]},"
      " \"text\":\"reading\",\"tool_calls\":[{\"name\":\"rom_info\",\"arguments\":{}},"
      "{\"id\":\"x2\",\"name\":\"palette_get_color\",\"arguments_text\":\"{oops\"}]},"
      "{\"expect\":{\"tool_results\":[{\"tool\":\"rom_info\",\"is_error\":false,\"contains\":\"#40C040\"},"
      "{\"tool\":\"palette_get_color\",\"is_error\":true}]},\"text\":\"done\"}]}";
  z3_llm *llm;
  z3_error err;
  z3_error_init(&err);
  assert_ok(replay_from(script, &llm, &err), &err);
  z3_llm_conv c;
  json_t *tools;
  start_conv(&c, &tools);
  z3_llm_reply r;
  answer_turn(llm, &c, tools, &r);
  z3_llm_reply_release(&r);
  assert_string_equal(c.msgs[1].calls[0].id, "call_1");
  assert_true(c.msgs[1].calls[0].made_up_id);
  assert_non_null(c.msgs[1].calls[1].args_error);
  assert_ok(z3_llm_chat(llm, &c, tools, &r, &err), &err);
  assert_string_equal(r.msg.text, "done");
  z3_llm_reply_release(&r);
  assert_int_equal(z3_llm_chat(llm, &c, tools, &r, &err), Z3_E_CHECK); /* past the end */
  assert_non_null(strstr(err.message, "has no turn 3"));
  z3_llm_close(llm);
  z3_llm_conv_release(&c);
  json_decref(tools);

  /* A mismatch names the turn and shows what z3ed sent. */
  const char *strict = "{\"turns\":[{\"expect\":{\"user_contains\":\"boots\"},\"text\":\"x\"}]}";
  z3_error_init(&err);
  assert_ok(replay_from(strict, &llm, &err), &err);
  start_conv(&c, &tools);
  assert_int_equal(z3_llm_chat(llm, &c, tools, &r, &err), Z3_E_CHECK);
  assert_non_null(strstr(err.message, "turn 1 expected the user's words to contain 'boots'"));
  assert_non_null(strstr(err.hint, "make the tunic red"));
  z3_llm_close(llm);
  z3_llm_conv_release(&c);
  json_decref(tools);
}

Z3_TEST(test_llm_replay__bad_scripts_are_refused_with_the_turn) {
  (void)state;
  const char *bad[][2] = {
      {"[]", "expected an object"},
      {"{\"turns\":[]}", "non-empty list"},
      {"{\"turns\":[{\"tool_calls\":[{\"arguments\":{}}]}]}", "turn 1: a tool call has no name"},
      {"{\"turns\":[{\"text\":\"a\"},{\"expect\":{\"user_contain\":\"x\"}}]}", "turn 2: \"expect\" takes"},
      {"{\"turns\":[{\"tool_calls\":[{\"name\":\"a\",\"arguments\":[1]}]}]}", "arguments an object"},
      {"{\"format\":\"z3ed-replay/2\",\"turns\":[{}]}", "z3ed-replay/1"},
      {"{\"turns\":[{\"text\":1}]", "is not JSON"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    z3_llm *llm = NULL;
    z3_error err;
    z3_error_init(&err);
    assert_int_equal(replay_from(bad[i][0], &llm, &err), Z3_E_INVALID);
    if (!strstr(err.message, bad[i][1])) print_error("%s -> %s\n", bad[i][0], err.message);
    assert_non_null(strstr(err.message, bad[i][1]));
    assert_null(llm);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_llm_openai__request_tools_and_results, before, after),
      cmocka_unit_test(test_llm_openai__broken_arguments_become_a_call_error),
      cmocka_unit_test_setup_teardown(test_llm_openai__a_call_without_arguments_goes_back_as_empty, before, after),
      cmocka_unit_test_setup_teardown(test_llm_agent__compact_discovery_offers_the_index_then_what_was_asked, before, after),
      cmocka_unit_test_setup_teardown(test_llm_ollama__request_tools_and_results, before, after),
      cmocka_unit_test_setup_teardown(test_llm_gemini__request_tools_and_results, before, after),
      cmocka_unit_test_setup_teardown(test_llm_anthropic__request_tools_and_results, before, after),
      cmocka_unit_test_setup_teardown(test_llm_keys__hosted_providers_need_one, before, after),
      cmocka_unit_test_setup_teardown(test_llm_retry__429_honours_retry_after, before, after),
      cmocka_unit_test_setup_teardown(test_llm_retry__500_then_success_and_repeated_500, before, after),
      cmocka_unit_test_setup_teardown(test_llm_retry__client_errors_are_not_retried, before, after),
      cmocka_unit_test_setup_teardown(test_llm_retry__waits_are_capped, before, after),
      cmocka_unit_test_setup_teardown(test_llm_errors__malformed_json_refused_and_timeout, before, after),
      cmocka_unit_test(test_llm_agent__index_names_process_tools_only_when_allowed),
      cmocka_unit_test(test_llm_replay__plays_turns_and_checks_what_was_sent),
      cmocka_unit_test(test_llm_replay__bad_scripts_are_refused_with_the_turn),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
