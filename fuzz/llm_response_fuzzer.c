/*
 * Fuzzes everything z3ed reads from a model provider or a replay script: the
 * input is parsed as a response of each provider, as an error body (message
 * and Gemini RetryInfo), as response headers (one line per \n, as libcurl
 * gives them: the wait asked for is -1 or 0 to a day, values are printable)
 * and as a replay script, which is then played to its end. A parse that succeeds must give calls that each have a name, an id and
 * either an argument object or the reason there is none; one that fails must
 * say why and leave the reply empty.
 *
 * The seeds in fuzz/corpora/llm_response/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agent/llm_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_reply(const z3_llm_reply *r) {
  if (r->msg.role != Z3_LLM_ASSISTANT) abort();
  for (size_t i = 0; i < r->msg.call_count; i++) {
    const z3_llm_call *c = &r->msg.calls[i];
    if (!c->name || !c->name[0] || !c->id || !c->id[0]) abort();
    if (!c->args == !c->args_error) abort(); /* exactly one of them */
    if (c->args && !json_is_object(c->args)) abort();
  }
}

static void parse_as(z3_llm_provider p, const char *text, size_t size) {
  z3_llm_reply r;
  z3_error err;
  z3_error_init(&err);
  if (z3_llm_parse_response(p, text, size, &r, &err) != Z3_OK) {
    if (!err.message[0] || r.msg.call_count || r.msg.text || r.stop_reason) abort();
    return;
  }
  check_reply(&r);
  z3_llm_reply_release(&r);
}

static void error_body(const char *text, size_t size) {
  char *msg = z3_llm__error_text(text, size);
  if (!msg || strlen(msg) > 303) abort();
  for (const char *p = msg; *p; p++)
    if ((unsigned char)*p < 0x20) abort();
  z3_free(msg);
  long ms = z3_llm__retry_info_ms(text, size);
  if (ms < -1 || ms > 86400L * 1000) abort();
}

/* A script that loads is played turn by turn against a one-line conversation. */
static void replay(const char *text, size_t size) {
  z3_llm_replay *r;
  z3_error err;
  z3_error_init(&err);
  if (z3_llm__replay_parse(&r, text, size, "fuzz", &err) != Z3_OK) {
    if (!err.message[0]) abort();
    return;
  }
  z3_llm_conv conv;
  z3_llm_conv_init(&conv);
  z3_llm_conv_add_user(&conv, "fuzz", &err);
  json_t *tools = json_pack("[{s:s}]", "name", "rom_info");
  for (int turn = 0; turn < 64; turn++) {
    z3_llm_reply reply;
    z3_error_init(&err);
    z3_status st = z3_llm__replay_chat(r, &conv, tools, &reply, &err);
    if (st != Z3_OK) {
      if (st != Z3_E_CHECK && st != Z3_E_INVALID && st != Z3_E_NOMEM) abort();
      break;
    }
    check_reply(&reply);
    z3_llm_reply_release(&reply);
  }
  json_decref(tools);
  z3_llm_conv_release(&conv);
  z3_llm__replay_free(r);
}

static void check_value(const char *v, size_t cap) {
  size_t n = strnlen(v, cap);
  if (n == cap) abort();
  for (size_t i = 0; i < n; i++)
    if ((unsigned char)v[i] < 0x20 || v[i] == 0x7F) abort();
}

static void headers(const char *text, size_t size) {
  z3_llm_headers h;
  memset(&h, 0, sizeof h);
  for (size_t at = 0; at < size;) {
    const char *nl = memchr(text + at, '\n', size - at);
    size_t len = nl ? (size_t)(nl - text) - at + 1 : size - at;
    z3_llm__header_line(&h, text + at, len);
    at += len;
  }
  check_value(h.retry_after, sizeof h.retry_after);
  check_value(h.retry_after_ms, sizeof h.retry_after_ms);
  check_value(h.request_id, sizeof h.request_id);
  check_value(h.should_retry, sizeof h.should_retry);
  long ms = z3_llm__asked_delay_ms(&h, text, size);
  if (ms < -1 || ms > 86400L * 1000) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *text = (const char *)data;
  headers(text, size);
  for (int p = 0; p < Z3_LLM_REPLAY; p++) parse_as((z3_llm_provider)p, text, size);
  error_body(text, size);
  replay(text, size);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

static const char *const seeds[][2] = {
    {"openai-call", "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_1\","
                    "\"type\":\"function\",\"function\":{\"name\":\"rom_info\",\"arguments\":\"{\\\"rom\\\":\\\"a.sfc\\\"}\"}}]},"
                    "\"finish_reason\":\"tool_calls\"}],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":3}}"},
    {"openai-text-parts", "{\"choices\":[{\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],"
                          "\"function_call\":{\"name\":\"rom_info\",\"arguments\":\"\"}},\"finish_reason\":\"stop\"}]}"},
    {"ollama-call", "{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\"\",\"tool_calls\":[{\"function\":"
                    "{\"name\":\"palette_get\",\"arguments\":{\"group\":\"armors\",\"index\":0}}}]},\"done\":true,"
                    "\"done_reason\":\"stop\",\"prompt_eval_count\":5,\"eval_count\":2}"},
    {"gemini-call", "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"t\",\"thought\":true},"
                    "{\"functionCall\":{\"id\":\"fc\",\"name\":\"rom_info\",\"args\":{}},\"thoughtSignature\":\"x\"}]},"
                    "\"finishReason\":\"STOP\"}],\"usageMetadata\":{\"promptTokenCount\":1,\"candidatesTokenCount\":2}}"},
    {"gemini-blocked", "{\"promptFeedback\":{\"blockReason\":\"SAFETY\"}}"},
    {"anthropic-call", "{\"type\":\"message\",\"content\":[{\"type\":\"thinking\",\"thinking\":\"..\"},{\"type\":\"text\","
                       "\"text\":\"ok\"},{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"rom_info\",\"input\":{}}],"
                       "\"stop_reason\":\"tool_use\",\"usage\":{\"input_tokens\":3,\"output_tokens\":4}}"},
    {"error-google", "[{\"error\":{\"code\":429,\"message\":\"quota\",\"status\":\"RESOURCE_EXHAUSTED\",\"details\":"
                     "[{\"@type\":\"type.googleapis.com/google.rpc.RetryInfo\",\"retryDelay\":\"30s\"}]}}]"},
    {"error-anthropic", "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"},"
                        "\"request_id\":\"req_1\"}"},
    {"error-plain", "upstream connect error\r\n\tor disconnect"},
    {"headers-429", "HTTP/1.1 100 Continue\r\n\r\nHTTP/2 429\r\nretry-after-ms: 1500.5\r\nRetry-After: 2\r\n"
                    "x-request-id: req_\x1b[31mred\r\nx-should-retry: true\r\n\r\n"},
    {"headers-date", "HTTP/1.1 503 Service Unavailable\r\nRetry-After: Wed, 21 Oct 2099 07:28:00 GMT\r\n"
                     "request-id: abc\r\nX-Should-Retry: false\r\n\r\n"},
    {"replay", "{\"format\":\"z3ed-replay/1\",\"turns\":[{\"expect\":{\"user_contains\":\"fuzz\",\"tools_include\":"
               "[\"rom_info\"]},\"text\":\"a\",\"tool_calls\":[{\"name\":\"rom_info\",\"arguments\":{}},{\"id\":\"x\","
               "\"name\":\"rom_info\",\"arguments_text\":\"{bad\"}]},{\"expect\":{\"tool_results\":[{\"tool\":"
               "\"rom_info\",\"is_error\":false,\"contains\":\"x\"}]},\"text\":\"b\"}]}"},
};

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) write_seed(argv[1], seeds[i][0], seeds[i][1], strlen(seeds[i][1]));
  return 0;
}
#endif
