/*
 * Fuzzes the debug session's methods (debug/methods.h), which the socket
 * server, `z3ed debug` and the MCP server reach with parameters a client
 * sent. The input is JSON: one request {"method": ..., "params": {...}} or an
 * array of up to 8 run in order on one session on the sample ROM (so a
 * breakpoint set by one request stops the next one's run). Every request is
 * answered with a result object or an error with a message; after each one
 * the session still answers "registers".
 *
 * Kept out, because a fuzzer must not touch files: symbols-load, save-state,
 * load-state and trace-log (their paths are tested in tests/debug). Runs are
 * shortened so an input stays fast: "frames" is 1 and "count" at most 64
 * (numbers only; the parameter parser is the same for every name).
 *
 * Seeds in fuzz/corpora/debug_rpc/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "debug/methods.h"
#include "fuzz_sample.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_REQUESTS = 8, MAX_COUNT = 64 };

static const char *const file_methods[] = {"symbols-load", "save-state", "load-state", "trace-log"};
static const char *const run_methods[] = {"step-over", "step-out", "continue", "run-frames", "run-to", "check"};

static bool named(const char *method, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(method, list[i]) == 0) return true;
  return false;
}

/* A copy of params with the runs shortened. */
static json_t *shortened(const char *method, const json_t *params) {
  json_t *p = json_is_object(params) ? json_deep_copy(params) : json_object();
  json_t *count = json_object_get(p, "count");
  if (json_is_integer(count) && json_integer_value(count) > MAX_COUNT) json_object_set_new(p, "count", json_integer(MAX_COUNT));
  else if (count && !json_is_integer(count) && strcmp(method, "step") == 0) json_object_set_new(p, "count", json_integer(1));
  if (json_object_get(p, "frames") || named(method, run_methods, sizeof run_methods / sizeof *run_methods))
    json_object_set_new(p, "frames", json_integer(1));
  return p;
}

static void call_one(z3_debug *dbg, const json_t *request) {
  const char *method = json_string_value(json_object_get(request, "method"));
  if (!method || named(method, file_methods, sizeof file_methods / sizeof *file_methods)) return;
  const json_t *params = json_object_get(request, "params");
  json_t *p = params && !json_is_object(params) ? json_incref((json_t *)params) : shortened(method, params);
  json_t *result = json_object();
  z3_error err;
  z3_error_init(&err);
  if (z3_debug_call(dbg, method, p, result, &err) != Z3_OK && !err.message[0]) abort();
  json_decref(result);
  json_decref(p);
  result = json_object();
  z3_error_init(&err);
  if (z3_debug_call(dbg, "registers", NULL, result, &err) != Z3_OK || !json_object_get(result, "registers")) abort();
  json_decref(result);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static z3_buf sample;
  static z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  if (!rom) rom = fuzz_sample_rom(&sample, 0);
  json_t *doc = json_loadb((const char *)data, size, 0, NULL);
  if (!doc) return 0;
  z3_debug *dbg = NULL;
  if (z3_debug_open(&dbg, rom, &(z3_debug_opts){.trace_size = 256}, &err) != Z3_OK) abort();
  if (json_is_array(doc)) {
    for (size_t i = 0; i < json_array_size(doc) && i < MAX_REQUESTS; i++) call_one(dbg, json_array_get(doc, i));
  } else {
    call_one(dbg, doc);
  }
  z3_debug_free(dbg);
  json_decref(doc);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  static const struct {
    const char *name, *json;
  } seeds[] = {
      {"registers", "{\"method\": \"registers\"}"},
      {"step", "{\"method\": \"step\", \"params\": {\"count\": 5}}"},
      {"break-continue", "[{\"method\": \"break\", \"params\": {\"kind\": \"exec\", \"address\": \"$00:800F\", "
                         "\"condition\": \"a != 1\"}}, {\"method\": \"continue\"}, {\"method\": \"breakpoints\"}, "
                         "{\"method\": \"disable\", \"params\": {\"id\": 1}}, {\"method\": \"delete\", \"params\": "
                         "{\"id\": 1}}]"},
      {"memory", "[{\"method\": \"memory-write\", \"params\": {\"address\": \"$7E:0100\", \"hex\": \"A9 00 8D\"}}, "
                 "{\"method\": \"memory-read\", \"params\": {\"address\": \"0x7E0100\", \"length\": 16}}, "
                 "{\"method\": \"memory-search\", \"params\": {\"pattern\": \"A9 ?? 8D\", \"region\": \"wram\"}}]"},
      {"history", "[{\"method\": \"step\", \"params\": {\"count\": 20}}, {\"method\": \"step-back\", \"params\": "
                  "{\"count\": 3}}, {\"method\": \"last-write\", \"params\": {\"address\": \"$7E:0010\"}}, "
                  "{\"method\": \"trace\", \"params\": {\"count\": 8}}, {\"method\": \"callstack\"}]"},
      {"views", "[{\"method\": \"disasm\", \"params\": {\"address\": \"$00:8000\", \"count\": 8}}, "
                "{\"method\": \"snapshot\", \"params\": {\"name\": \"a\"}}, {\"method\": \"run-frames\"}, "
                "{\"method\": \"diff\", \"params\": {\"from\": \"a\"}}, {\"method\": \"game-state\"}]"},
      {"analysis", "[{\"method\": \"analyze\", \"params\": {\"address\": \"$00:8000\", \"sizes\": \"8h\"}}, "
                   "{\"method\": \"references\", \"params\": {\"address\": \"$00:8000\"}}, {\"method\": \"check\"}]"},
      {"runs", "[{\"method\": \"run-to\", \"params\": {\"address\": \"$00:8010\"}}, {\"method\": \"step-over\"}, "
               "{\"method\": \"step-out\"}, {\"method\": \"reset\"}]"},
      {"bad-params", "[{\"method\": \"memory-read\", \"params\": {\"address\": \"$ZZ\"}}, {\"method\": \"step\", "
                     "\"params\": {\"count\": -1}}, {\"method\": \"nope\"}, {\"method\": \"break\", \"params\": []}]"},
  };
  for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++)
    write_seed(argv[1], seeds[i].name, seeds[i].json, strlen(seeds[i].json));
  return 0;
}
#endif
