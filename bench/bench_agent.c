/*
 * What an agent task costs in model input: "make Link's green tunic red" run
 * through the real agent loop against a local fake OpenAI-style server (the
 * tests' fake_llm_server.h), which plays a model that first asks for the two
 * palette tools' schemas, then makes the three calls, then answers. Tokens are
 * counted as request bytes / 4 (the fake server's own usage figures are
 * canned, so they would prove nothing). The same task with every schema
 * offered (the old way) is printed beside it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function" /* the tests' helpers this bench does not need */
#include "../tests/agent/fake_llm_server.h"
#pragma GCC diagnostic pop
#include "agent/llm.h"
#include "bench.h"
#include "zelda3/sample.h"

/* each turn in parentheses: one string of several literals, not several strings */
static const char *const model_turns[] = {
    ("{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"Looking up the palette tools.\","
    "\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"describe_tools\","
    "\"arguments\":\"{\\\"names\\\":[\\\"palette_get\\\",\\\"palette_set_color\\\"]}\"}}]},"
    "\"finish_reason\":\"tool_calls\"}]}"),
    ("{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"Link's mail is armors:0.\",\"tool_calls\":["
    "{\"id\":\"c2\",\"type\":\"function\",\"function\":{\"name\":\"palette_get\",\"arguments\":"
    "\"{\\\"group\\\":\\\"armors\\\",\\\"index\\\":0}\"}},"
    "{\"id\":\"c3\",\"type\":\"function\",\"function\":{\"name\":\"palette_set_color\",\"arguments\":"
    "\"{\\\"group\\\":\\\"armors\\\",\\\"index\\\":0,\\\"color\\\":1,\\\"value\\\":\\\"#C63131\\\"}\"}},"
    "{\"id\":\"c4\",\"type\":\"function\",\"function\":{\"name\":\"palette_set_color\",\"arguments\":"
    "\"{\\\"group\\\":\\\"armors\\\",\\\"index\\\":0,\\\"color\\\":2,\\\"value\\\":\\\"#E75A5A\\\"}\"}}]},"
    "\"finish_reason\":\"tool_calls\"}]}"),
    ("{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"Done: the tunic is red.\"},"
    "\"finish_reason\":\"stop\"}]}"),
};
enum { TURNS = sizeof model_turns / sizeof *model_turns };

typedef struct task_cost {
  size_t first, total; /* estimated input tokens */
  int requests, calls;
  bool finished;
} task_cost;

/* A sandbox folder with the sample ROM in it: the loop's writes stay there. */
static char *make_sandbox(char rom_path[256]) {
  char *dir = z3_strdup("/tmp/z3-bench-agent-XXXXXX");
  z3_rom *rom = NULL;
  if (!dir || !mkdtemp(dir) || z3_sample_rom(&rom, NULL, NULL) != Z3_OK) {
    z3_free(dir);
    return NULL;
  }
  snprintf(rom_path, 256, "%s/rom.sfc", dir);
  bool ok = z3_rom_save(rom, rom_path, NULL, NULL) == Z3_OK;
  z3_rom_free(rom);
  return ok ? dir : (z3_free(dir), NULL);
}

static bool run_task(const char *filter, task_cost *cost) {
  char rom_path[256];
  char *dir = make_sandbox(rom_path);
  fake_server *srv = dir ? fake_start() : NULL;
  if (!srv) return false;
  for (int i = 0; i < TURNS; i++) fake_push(srv, 200, NULL, model_turns[i]);
  z3_error err;
  z3_error_init(&err);
  z3_llm_config cfg = {.provider = Z3_LLM_OPENAI, .model = "bench", .base_url = srv->url, .api_key = "k", .max_retries = -1};
  z3_tool_session session = {.agent = true, .sandbox_dir = dir, .default_rom = rom_path};
  z3_agent_options o = {.session = &session, .rom_path = rom_path, .tools = filter};
  z3_agent *a = NULL;
  json_t *report = NULL;
  bool ok = z3_llm_open(&o.llm, &cfg, &err) == Z3_OK && z3_agent_new(&a, &o, &err) == Z3_OK &&
            z3_agent_turn(a, "make Link's green tunic red", &report, &err) == Z3_OK;
  memset(cost, 0, sizeof *cost);
  cost->requests = fake_count(srv);
  for (int i = 0; i < cost->requests; i++) {
    size_t tokens = (strlen(fake_req(srv, i)->body) + 3) / 4;
    if (i == 0) cost->first = tokens;
    cost->total += tokens;
  }
  cost->finished = ok && json_is_true(json_object_get(report, "finished"));
  cost->calls = (int)json_integer_value(json_object_get(report, "tool_calls"));
  if (!ok) fprintf(stderr, "bench agent: %s\n", err.message);
  json_decref(report);
  z3_agent_free(a);
  z3_llm_close(o.llm);
  fake_stop(srv);
  char *cmd = z3_strfmt("rm -rf '%s'", dir);
  if (cmd && system(cmd) != 0) { /* a temporary folder left behind is harmless */ }
  z3_free(cmd);
  z3_free(dir);
  return ok;
}

/* Every resource named: the loop then offers every schema in every request, as before the index. */
static char *every_resource(void) {
  z3_buf b;
  z3_buf_init(&b);
  for (size_t i = 0; i < z3_command_count; i++)
    if (z3_tool_offered_to_agents(&z3_commands[i]) && !strstr((const char *)b.data ? (const char *)b.data : "", z3_commands[i].resource))
      z3_buf_printf(&b, "%s%s", b.len ? "," : "", z3_commands[i].resource);
  return z3_buf_take_string(&b);
}

static void report(const char *name, const char *filter) {
  task_cost c;
  if (!run_task(filter, &c) || !c.finished || c.calls != 3) {
    bench_report_error(name, "the tunic task did not finish with its three calls");
    return;
  }
  printf("{\"bench\":\"%s\",\"first_request_tokens\":%zu,\"total_input_tokens\":%zu,\"requests\":%d,"
         "\"tool_calls\":%d,\"counted_as\":\"request bytes / 4\"}\n", name, c.first, c.total, c.requests, c.calls);
  fflush(stdout);
}

void bench_agent_tokens(const bench_ctx *ctx) {
  if (bench_selected(ctx, "agent_tunic_tokens")) report("agent_tunic_tokens", NULL);
  if (bench_selected(ctx, "agent_tunic_tokens_all_schemas")) {
    char *all = every_resource();
    report("agent_tunic_tokens_all_schemas", all);
    z3_free(all);
  }
}
