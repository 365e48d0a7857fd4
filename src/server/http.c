/*
 * The HTTP/1.1 request-head parser (RFC 9112), strict on purpose: the MCP
 * endpoint serves programs, so anything ambiguous is refused rather than
 * guessed, which also closes the doors request smuggling uses (chunked
 * bodies, two Content-Lengths, obs-fold).
 */
#include <string.h>
#include <strings.h>

#include "server/http.h"

static bool is_tchar(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         (c && strchr("!#$%&'*+-.^_`|~", c) != NULL);
}

/* Field values: visible ASCII, space, tab and obs-text; never CR, LF or NUL. */
static bool is_value_char(unsigned char c) {
  return c == '\t' || (c >= 0x20 && c != 0x7f);
}

typedef struct cursor {
  const char *p, *end;
} cursor;

/* The next line without its CRLF; false when a line does not end in CRLF. */
static bool next_line(cursor *c, const char **line, size_t *n) {
  const char *lf = memchr(c->p, '\n', (size_t)(c->end - c->p));
  if (!lf || lf == c->p || lf[-1] != '\r') return false;
  *line = c->p;
  *n = (size_t)(lf - 1 - c->p);
  c->p = lf + 1;
  return true;
}

static bool copy_field(char *dst, size_t cap, const char *v, size_t n) {
  if (n >= cap) return false;
  memcpy(dst, v, n);
  dst[n] = '\0';
  return true;
}

static int fail(const char **why, int status, const char *reason) {
  *why = reason;
  return status;
}

static int parse_request_line(const char *line, size_t n, z3_http_request *req, const char **why) {
  const char *sp1 = memchr(line, ' ', n);
  if (!sp1) return fail(why, 400, "malformed request line");
  const char *sp2 = memchr(sp1 + 1, ' ', (size_t)(line + n - sp1 - 1));
  if (!sp2) return fail(why, 400, "malformed request line");
  size_t mlen = (size_t)(sp1 - line), tlen = (size_t)(sp2 - sp1 - 1), vlen = (size_t)(line + n - sp2 - 1);
  if (mlen == 0 || mlen >= sizeof req->method) return fail(why, 501, "unknown method");
  for (size_t i = 0; i < mlen; i++)
    if (!is_tchar((unsigned char)line[i])) return fail(why, 400, "malformed method");
  memcpy(req->method, line, mlen);
  req->method[mlen] = '\0';
  const char *target = sp1 + 1;
  if (tlen == 0 || target[0] != '/') return fail(why, 400, "the target must be a path");
  for (size_t i = 0; i < tlen; i++)
    if ((unsigned char)target[i] <= 0x20 || (unsigned char)target[i] >= 0x7f) return fail(why, 400, "bad byte in the target");
  const char *q = memchr(target, '?', tlen);
  size_t plen = q ? (size_t)(q - target) : tlen;
  if (!copy_field(req->path, sizeof req->path, target, plen)) return fail(why, 414, "target too long");
  const char *version = sp2 + 1;
  if (vlen == 8 && memcmp(version, "HTTP/1.1", 8) == 0) req->keep_alive = true;
  else if (vlen == 8 && memcmp(version, "HTTP/1.0", 8) == 0) req->keep_alive = false;
  else return fail(why, vlen == 8 && memcmp(version, "HTTP/", 5) == 0 ? 505 : 400, "not HTTP/1.x");
  return 0;
}

static int parse_length(const char *v, size_t n, z3_http_request *req, const char **why) {
  if (req->has_length) return fail(why, 400, "two Content-Length headers");
  if (n == 0 || n > 10) return fail(why, n > 10 ? 413 : 400, "bad Content-Length");
  size_t len = 0;
  for (size_t i = 0; i < n; i++) {
    if (v[i] < '0' || v[i] > '9') return fail(why, 400, "bad Content-Length");
    len = len * 10 + (size_t)(v[i] - '0');
  }
  if (len > Z3_HTTP_MAX_BODY) return fail(why, 413, "body too large");
  req->has_length = true;
  req->content_length = len;
  return 0;
}

/* A header the endpoint reads, stored once; a second copy is refused. */
static int store_once(char *dst, size_t cap, bool *seen, const char *v, size_t n, const char **why) {
  if (seen && *seen) return fail(why, 400, "a header that may appear once came twice");
  if (!copy_field(dst, cap, v, n)) return fail(why, 431, "a header value is too long");
  if (seen) *seen = true;
  return 0;
}

static int parse_header(const char *line, size_t n, z3_http_request *req, const char **why) {
  if (line[0] == ' ' || line[0] == '\t') return fail(why, 400, "folded header lines are not accepted");
  const char *colon = memchr(line, ':', n);
  if (!colon || colon == line) return fail(why, 400, "malformed header");
  size_t nlen = (size_t)(colon - line);
  for (size_t i = 0; i < nlen; i++)
    if (!is_tchar((unsigned char)line[i])) return fail(why, 400, "malformed header name");
  const char *v = colon + 1, *end = line + n;
  while (v < end && (*v == ' ' || *v == '\t')) v++;
  while (end > v && (end[-1] == ' ' || end[-1] == '\t')) end--;
  for (const char *p = v; p < end; p++)
    if (!is_value_char((unsigned char)*p)) return fail(why, 400, "bad byte in a header value");
  size_t vlen = (size_t)(end - v);
#define IS(name) (nlen == sizeof(name) - 1 && strncasecmp(line, name, nlen) == 0)
  if (IS("content-length")) return parse_length(v, vlen, req, why);
  if (IS("transfer-encoding")) return fail(why, 501, "Transfer-Encoding is not supported; send Content-Length");
  if (IS("origin")) return store_once(req->origin, sizeof req->origin, &req->has_origin, v, vlen, why);
  if (IS("mcp-session-id")) return store_once(req->session_id, sizeof req->session_id, &req->has_session_id, v, vlen, why);
  if (IS("mcp-protocol-version"))
    return store_once(req->protocol_version, sizeof req->protocol_version, &req->has_protocol_version, v, vlen, why);
  if (IS("authorization")) {
    if (req->authorization[0]) return fail(why, 400, "two Authorization headers");
    return store_once(req->authorization, sizeof req->authorization, NULL, v, vlen, why);
  }
  if (IS("host")) {
    if (req->host[0]) return fail(why, 400, "two Host headers");
    return store_once(req->host, sizeof req->host, NULL, v, vlen, why);
  }
  if (IS("content-type")) return store_once(req->content_type, sizeof req->content_type, NULL, v, vlen, why);
  if (IS("accept")) return store_once(req->accept, sizeof req->accept, NULL, v, vlen, why);
  if (IS("expect")) {
    if (vlen != 12 || strncasecmp(v, "100-continue", 12) != 0) return fail(why, 417, "only Expect: 100-continue is understood");
    req->expect_continue = true;
    return 0;
  }
  if (IS("connection")) {
    for (const char *p = v; p + 5 <= end; p++)
      if (strncasecmp(p, "close", 5) == 0) req->keep_alive = false;
  }
#undef IS
  return 0;
}

int z3_http_parse_head(const char *buf, size_t len, z3_http_request *req, const char **why) {
  memset(req, 0, sizeof *req);
  *why = "";
  size_t scan = len < Z3_HTTP_MAX_HEAD ? len : Z3_HTTP_MAX_HEAD;
  const char *blank = NULL;
  for (size_t i = 0; i + 4 <= scan && !blank; i++)
    if (memcmp(buf + i, "\r\n\r\n", 4) == 0) blank = buf + i + 4;
  if (!blank) {
    /* Too long, or a bare LF where a CRLF belongs: neither will ever complete. */
    if (len >= Z3_HTTP_MAX_HEAD) return fail(why, 431, "request head too large");
    for (size_t i = 0; i < len; i++)
      if (buf[i] == '\n' && (i == 0 || buf[i - 1] != '\r')) return fail(why, 400, "lines must end in CRLF");
    return Z3_HTTP_MORE;
  }
  cursor c = {buf, blank};
  const char *line;
  size_t n;
  if (!next_line(&c, &line, &n)) return fail(why, 400, "lines must end in CRLF");
  int rc = parse_request_line(line, n, req, why);
  for (int count = 0; rc == 0 && c.p < blank - 2; count++) {
    if (count >= Z3_HTTP_MAX_HEADERS) return fail(why, 431, "too many headers");
    if (!next_line(&c, &line, &n)) return fail(why, 400, "lines must end in CRLF");
    rc = parse_header(line, n, req, why);
  }
  if (rc) return rc;
  req->head_len = (size_t)(blank - buf);
  return Z3_HTTP_DONE;
}

const char *z3_http_reason(int status) {
  switch (status) {
  case 200: return "OK";
  case 202: return "Accepted";
  case 204: return "No Content";
  case 400: return "Bad Request";
  case 401: return "Unauthorized";
  case 403: return "Forbidden";
  case 404: return "Not Found";
  case 405: return "Method Not Allowed";
  case 406: return "Not Acceptable";
  case 408: return "Request Timeout";
  case 411: return "Length Required";
  case 413: return "Content Too Large";
  case 414: return "URI Too Long";
  case 415: return "Unsupported Media Type";
  case 417: return "Expectation Failed";
  case 431: return "Request Header Fields Too Large";
  case 500: return "Internal Server Error";
  case 501: return "Not Implemented";
  case 503: return "Service Unavailable";
  case 505: return "HTTP Version Not Supported";
  default: return "Error";
  }
}
