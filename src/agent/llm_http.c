/*
 * One provider request over libcurl: timeouts, retries on 408/409/429/5xx/529
 * with backoff that honours what the server asks for, and errors that say
 * which URL failed and how, without ever showing a key.
 */
#define _DEFAULT_SOURCE /* strncasecmp */
#include <ctype.h>
#include <curl/curl.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "agent/llm_internal.h"

enum { MAX_BODY = 32 << 20, MAX_BACKOFF_MS = 8000, ERROR_TEXT_MAX = 300 };

typedef struct http_resp {
  long status;
  z3_buf body;
  bool too_big;
  z3_llm_headers headers;
} http_resp;

static size_t on_body(char *p, size_t size, size_t n, void *ud) {
  http_resp *r = ud;
  size_t len = size * n;
  if (r->body.len + len > MAX_BODY) {
    r->too_big = true;
    return 0; /* libcurl stops with CURLE_WRITE_ERROR */
  }
  return z3_buf_append(&r->body, p, len, NULL) == Z3_OK ? len : 0;
}

/* Trimmed, cut to cap, control bytes as '?': a request id ends up in messages printed to a terminal. */
static void copy_value(char *dst, size_t cap, const char *v, size_t n) {
  while (n > 0 && isspace((unsigned char)*v)) v++, n--;
  while (n > 0 && isspace((unsigned char)v[n - 1])) n--;
  if (n >= cap) n = cap - 1;
  for (size_t i = 0; i < n; i++) dst[i] = (unsigned char)v[i] < 0x20 || v[i] == 0x7F ? '?' : v[i];
  dst[n] = '\0';
}

static bool header_is(const char *p, size_t name_len, const char *name) {
  return name_len == strlen(name) && strncasecmp(p, name, name_len) == 0;
}

void z3_llm__header_line(z3_llm_headers *h, const char *p, size_t len) {
  if (len >= 5 && strncmp(p, "HTTP/", 5) == 0) { /* a new response (after a 100): forget the old one's */
    memset(h, 0, sizeof *h);
    return;
  }
  const char *colon = memchr(p, ':', len);
  if (!colon) return;
  size_t name_len = (size_t)(colon - p), vlen = len - name_len - 1;
  if (header_is(p, name_len, "retry-after")) copy_value(h->retry_after, sizeof h->retry_after, colon + 1, vlen);
  else if (header_is(p, name_len, "retry-after-ms")) copy_value(h->retry_after_ms, sizeof h->retry_after_ms, colon + 1, vlen);
  else if (header_is(p, name_len, "x-request-id") || header_is(p, name_len, "request-id"))
    copy_value(h->request_id, sizeof h->request_id, colon + 1, vlen);
  else if (header_is(p, name_len, "x-should-retry")) copy_value(h->should_retry, sizeof h->should_retry, colon + 1, vlen);
}

static size_t on_header(char *p, size_t size, size_t n, void *ud) {
  http_resp *r = ud;
  z3_llm__header_line(&r->headers, p, size * n);
  return size * n;
}

/* ---- errors --------------------------------------------------------------------- */

/* Printable, one line, bounded: error bodies are outside data. */
static char *clean_text(const char *s, size_t n) {
  if (n > ERROR_TEXT_MAX) n = ERROR_TEXT_MAX;
  char *out = z3_malloc(n + 4);
  if (!out) return NULL;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) out[k++] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? ' ' : s[i];
  while (k > 0 && out[k - 1] == ' ') k--;
  strcpy(out + k, n == ERROR_TEXT_MAX ? "..." : "");
  return out;
}

static const char *error_member(const json_t *v) {
  if (json_is_array(v)) v = json_array_get(v, 0); /* Gemini's streaming endpoints wrap it */
  const json_t *e = json_object_get(v, "error");
  const char *s = json_string_value(json_object_get(e, "message"));
  if (!s) s = json_string_value(e);
  if (!s) s = z3_llm__str(v, "message");
  if (!s) s = z3_llm__str(v, "detail");
  return s;
}

char *z3_llm__error_text(const char *body, size_t len) {
  if (!body || len == 0) return z3_strdup("(empty body)");
  json_t *v = json_loadb(body, len, 0, NULL);
  const char *s = error_member(v);
  char *out = s ? clean_text(s, strlen(s)) : clean_text(body, len);
  json_decref(v);
  return out;
}

long z3_llm__retry_info_ms(const char *body, size_t len) {
  json_t *v = body ? json_loadb(body, len, 0, NULL) : NULL;
  const json_t *root = json_is_array(v) ? json_array_get(v, 0) : v;
  const json_t *details = json_object_get(json_object_get(root, "error"), "details");
  long ms = -1;
  size_t i;
  json_t *d;
  json_array_foreach(details, i, d) {
    const char *type = z3_llm__str(d, "@type"), *delay = z3_llm__str(d, "retryDelay");
    char *end;
    double seconds = delay ? strtod(delay, &end) : -1;
    if (type && strstr(type, "RetryInfo") && delay && end != delay && seconds >= 0 &&
        (*end == '\0' || strcmp(end, "s") == 0) && seconds < 86400) {
      ms = (long)(seconds * 1000);
      break;
    }
  }
  json_decref(v);
  return ms;
}

static const char *connect_hint(const z3_llm *llm) {
  switch (llm->provider) {
    case Z3_LLM_OLLAMA: return "is ollama running? start it with 'ollama serve', or point OLLAMA_HOST or --base-url at it";
    case Z3_LLM_OPENAI: return "is the server running? point OPENAI_BASE_URL or --base-url at it";
    case Z3_LLM_GEMINI: return "check the network, or GEMINI_BASE_URL / --base-url";
    default: return "check the network, or ANTHROPIC_BASE_URL / --base-url";
  }
}

static z3_status transport_error(const z3_llm *llm, const char *url, CURLcode rc, long os_errno,
                                 const char *detail, const http_resp *r, z3_error *err) {
  const char *who = z3_llm_provider_name(llm->provider);
  const char *why = detail[0] ? detail : curl_easy_strerror(rc);
  if (r->too_big) {
    return z3_error_set(err, Z3_E_INVALID, "the answer of %s at %s is larger than %d MiB", who, url, MAX_BODY >> 20);
  }
  switch (rc) {
    case CURLE_COULDNT_CONNECT:
      z3_error_set(err, Z3_E_IO, "cannot connect to %s at %s: %s", who, url,
                   os_errno == ECONNREFUSED ? "connection refused" : os_errno ? strerror((int)os_errno) : why);
      z3_error_hint(err, "%s", connect_hint(llm));
      break;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
      z3_error_set(err, Z3_E_IO, "cannot resolve the host of %s (%s)", url, why);
      z3_error_hint(err, "%s", connect_hint(llm));
      break;
    case CURLE_OPERATION_TIMEDOUT:
      z3_error_set(err, Z3_E_IO, "%s did not answer within %g s at %s", who, llm->timeout_seconds, url);
      z3_error_hint(err, "raise --timeout or Z3ED_LLM_TIMEOUT; local models can take minutes");
      break;
    default:
      z3_error_set(err, Z3_E_IO, "the request to %s at %s failed: %s", who, url, why);
  }
  return Z3_E_IO;
}

static z3_status http_error(const z3_llm *llm, const char *url, const http_resp *r, int attempts,
                            z3_error *err) {
  char *text = z3_llm__error_text((const char *)r->body.data, r->body.len);
  char tries[48] = "", rid[128] = "";
  if (attempts > 1) snprintf(tries, sizeof tries, " after %d attempts", attempts);
  if (r->headers.request_id[0]) snprintf(rid, sizeof rid, " (request id %s)", r->headers.request_id);
  long s = r->status;
  z3_status code = s == 401 || s == 403 ? Z3_E_USAGE : s == 404 ? Z3_E_NOT_FOUND : s < 500 && s != 429 ? Z3_E_INVALID : Z3_E_IO;
  z3_error_set(err, code, "%s answered HTTP %ld at %s%s: %s%s", z3_llm_provider_name(llm->provider), s, url,
               tries, text ? text : "", rid);
  z3_free(text);
  if (code == Z3_E_USAGE) z3_error_hint(err, "check the API key (the provider's variable or --api-key)");
  else if (code == Z3_E_NOT_FOUND) z3_error_hint(err, "check --model '%s' and the base URL", llm->model);
  else if (s == 429) z3_error_hint(err, "rate limited: wait, or raise Z3ED_LLM_RETRIES");
  else if (code == Z3_E_IO) z3_error_hint(err, "the server failed; try again later or raise Z3ED_LLM_RETRIES");
  return code;
}

/* ---- one attempt ----------------------------------------------------------------- */

static void global_init(void) {
  static bool done;
  if (!done) curl_global_init(CURL_GLOBAL_DEFAULT);
  done = true;
}

static struct curl_slist *headers_for(const z3_llm_request *req) {
  static const char *const fixed[] = {"Content-Type: application/json", "Accept: application/json",
                                      "Expect:"}; /* no 100-continue round trip for large bodies */
  struct curl_slist *list = NULL;
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0] + (size_t)req->header_count; i++) {
    const char *h = i < 3 ? fixed[i] : req->headers[i - 3];
    struct curl_slist *next = curl_slist_append(list, h);
    if (!next) {
      curl_slist_free_all(list);
      return NULL;
    }
    list = next;
  }
  return list;
}

/* Local model servers are never reached through a proxy, whatever the
 * environment says; the user's own no_proxy list still applies. */
static char *no_proxy_list(void) {
  const char *user = getenv("no_proxy");
  if (!user || !*user) user = getenv("NO_PROXY");
  return z3_strfmt("%s%slocalhost,127.0.0.1,::1", user && *user ? user : "", user && *user ? "," : "");
}

static z3_status perform(const z3_llm *llm, const z3_llm_request *req, const char *body, http_resp *r,
                         z3_error *err) {
  global_init();
  char *no_proxy = no_proxy_list();
  CURL *h = curl_easy_init();
  struct curl_slist *headers = headers_for(req);
  if (!h || !headers || !no_proxy) {
    curl_easy_cleanup(h);
    curl_slist_free_all(headers);
    z3_free(no_proxy);
    return z3_error_set(err, Z3_E_NOMEM, "cannot start an HTTP request");
  }
  char detail[CURL_ERROR_SIZE] = "";
  curl_easy_setopt(h, CURLOPT_URL, req->url);
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(h, CURLOPT_NOPROXY, no_proxy);
  curl_easy_setopt(h, CURLOPT_POST, 1L);
  curl_easy_setopt(h, CURLOPT_POSTFIELDS, body);
  curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)strlen(body));
  curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(h, CURLOPT_USERAGENT, "z3ed/" Z3_VERSION);
  curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, (long)(llm->timeout_seconds * 1000));
  curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, (long)(llm->connect_timeout_seconds * 1000));
  curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(h, CURLOPT_WRITEDATA, r);
  curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(h, CURLOPT_HEADERDATA, r);
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, detail);
  CURLcode rc = curl_easy_perform(h);
  long os_errno = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &r->status);
  curl_easy_getinfo(h, CURLINFO_OS_ERRNO, &os_errno);
  curl_easy_cleanup(h);
  curl_slist_free_all(headers);
  z3_free(no_proxy);
  return rc == CURLE_OK ? Z3_OK : transport_error(llm, req->url, rc, os_errno, detail, r, err);
}

/* ---- retries ----------------------------------------------------------------------- */

static bool retryable(long s) { return s == 408 || s == 409 || s == 429 || (s >= 500 && s <= 504) || s == 529; }

long z3_llm__asked_delay_ms(const z3_llm_headers *h, const char *body, size_t body_len) {
  char *end;
  if (h->retry_after_ms[0]) {
    double ms = strtod(h->retry_after_ms, &end);
    if (*end == '\0' && ms >= 0 && ms < 86400e3) return (long)ms;
  }
  if (h->retry_after[0]) {
    long s = strtol(h->retry_after, &end, 10);
    if (*end == '\0' && s >= 0 && s < 86400) return s * 1000;
    time_t when = curl_getdate(h->retry_after, NULL), now = time(NULL);
    if (when > 0) return when <= now ? 0 : when - now < 86400 ? (long)(when - now) * 1000 : 86400L * 1000;
  }
  return z3_llm__retry_info_ms(body, body_len);
}

/* Exponential from the base, at most 8 s, with +-25 % jitter so clients that
 * failed together do not retry together. */
static long backoff_ms(const z3_llm *llm, int attempt) {
  long d = llm->retry_base_ms;
  for (int i = 0; i < attempt && d < MAX_BACKOFF_MS; i++) d *= 2;
  if (d > MAX_BACKOFF_MS && llm->retry_base_ms <= MAX_BACKOFF_MS) d = MAX_BACKOFF_MS;
  double jitter = 0.75 + 0.5 * ((double)rand() / RAND_MAX);
  return (long)((double)d * jitter);
}

static void sleep_ms(long ms) {
  struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

static z3_status parse_ok(const z3_llm *llm, const z3_llm_request *req, const http_resp *r, json_t **out,
                          z3_error *err) {
  const char *who = z3_llm_provider_name(llm->provider);
  json_error_t je;
  json_t *v = json_loadb((const char *)r->body.data, r->body.len, 0, &je);
  if (!v) {
    char *start = clean_text(r->body.len ? (const char *)r->body.data : "", r->body.len < 60 ? r->body.len : 60);
    z3_error_set(err, Z3_E_INVALID, "%s answered with malformed JSON at %s: %s (line %d, column %d)", who,
                 req->url, je.text, je.line, je.column);
    z3_error_hint(err, "is this a %s server? the answer began: '%s'", who, start ? start : "");
    z3_free(start);
    return Z3_E_INVALID;
  }
  const json_t *e = json_is_object(v) ? json_object_get(v, "error") : NULL;
  if (e && !json_is_null(e)) { /* some servers report failures with a 2xx status */
    char *text = z3_llm__error_text((const char *)r->body.data, r->body.len);
    z3_error_set(err, Z3_E_INVALID, "%s answered with an error at %s: %s", who, req->url, text ? text : "");
    z3_free(text);
    json_decref(v);
    return Z3_E_INVALID;
  }
  *out = v;
  return Z3_OK;
}

z3_status z3_llm__post(const z3_llm *llm, const z3_llm_request *req, json_t **out, z3_error *err) {
  *out = NULL;
  char *body = json_dumps(req->body, JSON_COMPACT);
  if (!body) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  long waited = 0;
  z3_status st;
  for (int attempt = 0;; attempt++) {
    http_resp r;
    memset(&r, 0, sizeof r);
    z3_buf_init(&r.body);
    st = perform(llm, req, body, &r, err);
    bool ok = st == Z3_OK && r.status >= 200 && r.status < 300;
    bool again = st == Z3_OK && !ok && retryable(r.status) && attempt < llm->max_retries &&
                 strcasecmp(r.headers.should_retry, "false") != 0;
    long delay = again ? z3_llm__asked_delay_ms(&r.headers, (const char *)r.body.data, r.body.len) : 0;
    if (again && delay < 0) delay = backoff_ms(llm, attempt);
    if (ok) {
      st = parse_ok(llm, req, &r, out, err);
    } else if (again && waited + delay > llm->retry_max_wait_ms) {
      z3_error_hint(err, "it asked to retry in %.1f s, past z3ed's limit of %.1f s in all (Z3ED_LLM_RETRY_MAX_WAIT_MS)",
                    (double)delay / 1000, (double)llm->retry_max_wait_ms / 1000);
      st = http_error(llm, req->url, &r, attempt + 1, err);
    } else if (again) {
      z3_buf_release(&r.body);
      sleep_ms(delay);
      waited += delay;
      continue;
    } else if (st == Z3_OK) {
      st = http_error(llm, req->url, &r, attempt + 1, err);
    }
    z3_buf_release(&r.body);
    break;
  }
  free(body);
  return st;
}
