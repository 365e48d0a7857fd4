/*
 * server/http: the small, strict HTTP/1.1 request-head parser behind
 * `z3ed mcp --http`. It reads only what the MCP endpoint needs and refuses
 * everything else with a status code: no chunked bodies, no folded headers,
 * no bare LF line ends, no duplicated headers that matter, bounded sizes.
 * Pure (no I/O, no allocation), so it is fuzzed on its own (fuzz/http_request_fuzzer.c).
 */
#ifndef Z3_SERVER_HTTP_H
#define Z3_SERVER_HTTP_H

#include <stdbool.h>
#include <stddef.h>

enum {
  Z3_HTTP_MAX_HEAD = 16384,      /* request line and headers, blank line included */
  Z3_HTTP_MAX_HEADERS = 64,
  Z3_HTTP_MAX_BODY = 16 << 20,   /* as Z3_MCP_MAX_LINE: one JSON-RPC message */
  Z3_HTTP_MORE = 0,              /* z3_http_parse_head: the head is not complete yet */
  Z3_HTTP_DONE = 1,              /* ... a whole, valid head */
};

typedef struct z3_http_request {
  char method[8];
  char path[256];                /* the target without its query */
  char host[256];
  char origin[256];
  char authorization[512];
  char session_id[128];          /* MCP-Session-Id */
  char protocol_version[32];     /* MCP-Protocol-Version */
  char content_type[128];
  char accept[256];
  bool has_origin, has_session_id, has_protocol_version, has_length;
  size_t content_length;
  bool keep_alive;               /* HTTP/1.1 without "Connection: close" */
  bool expect_continue;          /* "Expect: 100-continue": the client waits before the body */
  size_t head_len;               /* bytes of the head, the blank line included */
} z3_http_request;

/*
 * Parses the head at the start of buf[0..len). Returns Z3_HTTP_DONE (req
 * filled, the body starts at buf + req->head_len), Z3_HTTP_MORE (no blank line
 * yet and still under the limit), or an HTTP error status (400, 413, 414, 431,
 * 501, 505) with *why set to a short reason.
 */
int z3_http_parse_head(const char *buf, size_t len, z3_http_request *req, const char **why);

/* The reason phrase of a status code ("Not Found"); "Error" for unknown ones. */
const char *z3_http_reason(int status);

#endif
