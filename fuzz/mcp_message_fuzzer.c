/*
 * Fuzzes the MCP server loop with arbitrary input lines. The first byte picks
 * how the session opens (an initialize for one of the four handshake
 * revisions, or none, which leaves the stateless and pre-initialize paths);
 * the rest is fed as stdin: through a pipe, as `z3ed mcp` reads it (the
 * reader that buffers a file descriptor), when the first byte / 5 is odd and
 * the input fits the pipe, else from memory (the getline reader). The server must not crash, must return 0, and
 * every line it writes must be one well-formed JSON-RPC message: an object
 * (or a non-empty batch of them) with "jsonrpc": "2.0", an id that is a
 * string or an integer when present, and exactly one of result, error, method.
 *
 * Tools run through a stub (no processes, no files), synchronously.
 *
 * The seeds in fuzz/corpora/mcp_message/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/mcp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const openings[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};

static z3_status stub(void *ctx, const z3_tool_session *s, const char *name, const json_t *args,
                      z3_tool_result *out) {
  (void)ctx, (void)s;
  if (json_object_size(args) % 3 == 2) {
    out->status = z3_error_set(&out->error, Z3_E_USAGE, "stub refuses '%s'", name);
    z3_error_hint(&out->error, "a hint");
    return out->status;
  }
  out->status = json_object_size(args) % 3 == 1 ? Z3_E_CHECK : Z3_OK;
  if (out->status == Z3_E_CHECK) z3_error_set(&out->error, Z3_E_CHECK, "stub check failed");
  out->result = json_pack("{s:s, s:i, s:O}", "tool", name, "count", (int)json_object_size(args), "args",
                          args ? (json_t *)args : json_null());
  return out->status;
}

static void check_message(const json_t *m, bool in_batch) {
  if (json_is_array(m) && !in_batch) {
    size_t i;
    json_t *item;
    if (json_array_size(m) == 0) abort();
    json_array_foreach(m, i, item) check_message(item, true);
    return;
  }
  if (!json_is_object(m)) abort();
  const char *v = json_string_value(json_object_get(m, "jsonrpc"));
  if (!v || strcmp(v, "2.0") != 0) abort();
  json_t *id = json_object_get(m, "id");
  if (id && !json_is_string(id) && !json_is_integer(id)) abort();
  int kinds = !!json_object_get(m, "result") + !!json_object_get(m, "error") + !!json_object_get(m, "method");
  if (kinds != 1) abort();
  json_t *e = json_object_get(m, "error");
  if (e && (!json_is_integer(json_object_get(e, "code")) || !json_is_string(json_object_get(e, "message")))) abort();
}

static void check_output(const char *buf, size_t len) {
  for (size_t start = 0; start < len;) {
    const char *nl = memchr(buf + start, '\n', len - start);
    if (!nl) abort(); /* every message ends its line */
    json_t *m = json_loadb(buf + start, (size_t)(nl - buf - start), 0, NULL);
    if (!m) abort();
    check_message(m, false);
    json_decref(m);
    start = (size_t)(nl - buf) + 1;
  }
}

/* The bytes behind a pipe's read end (a pipe holds 64 KiB, so the write never blocks). */
static FILE *piped(const char *bytes, size_t len) {
  int fds[2];
  if (pipe(fds) != 0) abort();
  if (write(fds[1], bytes, len) != (ssize_t)len) abort();
  close(fds[1]);
  FILE *in = fdopen(fds[0], "r");
  if (!in) abort();
  return in;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static FILE *quiet;
  if (!quiet) quiet = fopen("/dev/null", "w");
  if (size == 0) return 0;
  char *init = data[0] % 5 < 4
                   ? z3_strfmt("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                               "\"%s\",\"capabilities\":{},\"clientInfo\":{\"name\":\"fuzz\",\"version\":\"1\"}}}\n",
                               openings[data[0] % 5])
                   : z3_strdup("");
  size_t head = strlen(init), len = head + size - 1;
  char *input = malloc(len + 1);
  memcpy(input, init, head);
  memcpy(input + head, data + 1, size - 1);
  z3_free(init);
  char *buf = NULL;
  size_t n = 0;
  FILE *in = len && data[0] / 5 % 2 && len <= 65536 ? piped(input, len) : len ? fmemopen(input, len, "r") : NULL;
  FILE *out = open_memstream(&buf, &n);
  if (in && out) {
    z3_mcp_options opts = {.no_audit = true, .synchronous = true, .run_tool = stub, .diag = quiet,
                           .rom_path = "fuzz.sfc", .log_level = "emergency"};
    if (z3_mcp_serve(in, out, &opts) != 0) abort();
    fflush(out);
    check_output(buf, n);
  }
  if (in) fclose(in);
  if (out) fclose(out);
  free(buf);
  free(input);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

static void seed(const char *dir, const char *name, char opening, const char *lines) {
  z3_buf b;
  z3_buf_init(&b);
  z3_buf_push(&b, (uint8_t)opening, NULL);
  for (const char *p = lines; *p; p++) z3_buf_push(&b, (uint8_t)(*p == '\'' ? '"' : *p), NULL);
  write_seed(dir, name, b.data, b.len);
  z3_buf_release(&b);
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  const char *d = argv[1];
  seed(d, "session", 0,
       "{'jsonrpc':'2.0','method':'notifications/initialized'}\n"
       "{'jsonrpc':'2.0','id':1,'method':'tools/list'}\n"
       "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'name':'rom_info','arguments':{},'_meta':{'progressToken':'p'}}}\n"
       "{'jsonrpc':'2.0','id':'3','method':'tools/call','params':{'name':'rom_diff','arguments':{'from':'a','to':'b'}}}\n"
       "{'jsonrpc':'2.0','id':4,'method':'tools/call','params':{'name':'rom_infoo'}}\n"
       "{'jsonrpc':'2.0','method':'notifications/cancelled','params':{'requestId':4}}\n"
       "{'jsonrpc':'2.0','id':5,'method':'ping'}\n");
  seed(d, "resources-prompts", 1,
       "{'jsonrpc':'2.0','id':1,'method':'resources/list'}\n"
       "{'jsonrpc':'2.0','id':2,'method':'resources/templates/list','params':{'cursor':'c'}}\n"
       "{'jsonrpc':'2.0','id':3,'method':'resources/read','params':{'uri':'z3ed://rom/bank/0x1f'}}\n"
       "{'jsonrpc':'2.0','id':4,'method':'resources/read','params':{'uri':'z3ed://rom/palette/ow_main/2'}}\n"
       "{'jsonrpc':'2.0','id':5,'method':'resources/read','params':{'uri':'z3ed://catalog/rom'}}\n"
       "{'jsonrpc':'2.0','id':6,'method':'prompts/list'}\n"
       "{'jsonrpc':'2.0','id':7,'method':'prompts/get','params':{'name':'recolor-palette','arguments':{'group':'g','index':'1','look':'x'}}}\n"
       "{'jsonrpc':'2.0','id':8,'method':'logging/setLevel','params':{'level':'debug'}}\n");
  seed(d, "batch", 2,
       "[{'jsonrpc':'2.0','id':1,'method':'ping'},{'jsonrpc':'2.0','method':'notifications/x'},"
       "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'name':'rom_info','arguments':{'a':1}}},7]\n"
       "[]\n[{'jsonrpc':'2.0','method':'notifications/initialized'}]\n");
  seed(d, "stateless", 4,
       "{'jsonrpc':'2.0','id':1,'method':'server/discover','params':{'_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28','io.modelcontextprotocol/clientCapabilities':{}}}}\n"
       "{'jsonrpc':'2.0','id':2,'method':'tools/call','params':{'name':'rom_info','_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28','io.modelcontextprotocol/clientCapabilities':{},'io.modelcontextprotocol/logLevel':'debug'}}}\n"
       "{'jsonrpc':'2.0','id':3,'method':'ping','params':{'_meta':{'io.modelcontextprotocol/protocolVersion':'1999-01-01','io.modelcontextprotocol/clientCapabilities':{}}}}\n"
       "{'jsonrpc':'2.0','id':4,'method':'tools/list'}\n");
  seed(d, "malformed", 3,
       "garbage\n{}\n[1,2]\nnull\n{'jsonrpc':'2.0','id':null,'method':'ping'}\n"
       "{'jsonrpc':'2.0','id':1.5,'method':'ping'}\n{'jsonrpc':'2.0','id':2,'method':'ping','params':[]}\n"
       "{'jsonrpc':'2.0','id':3,'result':{}}\n\r\n{'jsonrpc':'2.0','id':4,'method':'initialize'}\n"
       "{'jsonrpc':'2.0','id':5,'method':'ping'");
  return 0;
}
#endif
