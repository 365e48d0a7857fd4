/*
 * Fuzzes the HTTP/1.1 request-head parser of `z3ed mcp --http` (server/http.c).
 * Checks: a finished head lies inside the input and ends in the blank line;
 * every field is a NUL-terminated string inside its array; a refusal is an
 * HTTP error status with a reason; "need more" only while under the limit.
 * Also parses every prefix ending at a newline, as a slow client sends it.
 * Seeds in fuzz/corpora/http_request/: a few valid requests and classic attacks.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "server/http.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_field(const char *field, size_t cap) {
  if (!memchr(field, '\0', cap)) abort();
}

static void check(const char *buf, size_t len) {
  z3_http_request r;
  const char *why = NULL;
  int rc = z3_http_parse_head(buf, len, &r, &why);
  if (rc == Z3_HTTP_DONE) {
    if (r.head_len < 4 || r.head_len > len || r.head_len > Z3_HTTP_MAX_HEAD) abort();
    if (memcmp(buf + r.head_len - 4, "\r\n\r\n", 4) != 0) abort();
    if (r.has_length && r.content_length > Z3_HTTP_MAX_BODY) abort();
    check_field(r.method, sizeof r.method);
    check_field(r.path, sizeof r.path);
    check_field(r.origin, sizeof r.origin);
    check_field(r.authorization, sizeof r.authorization);
    check_field(r.session_id, sizeof r.session_id);
    check_field(r.protocol_version, sizeof r.protocol_version);
    if (r.path[0] != '/') abort();
  } else if (rc == Z3_HTTP_MORE) {
    if (len >= Z3_HTTP_MAX_HEAD) abort();
  } else if (rc < 400 || rc > 599 || !why || !why[0]) {
    abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 2 * Z3_HTTP_MAX_HEAD) return 0;
  char *buf = malloc(size ? size : 1); /* exactly size bytes: ASan sees any over-read */
  if (!buf) return 0;
  memcpy(buf, data, size);
  check(buf, size);
  for (size_t i = 0; i < size; i++)
    if (buf[i] == '\n') check(buf, i + 1);
  free(buf);
  return 0;
}
