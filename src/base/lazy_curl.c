/*
 * libcurl on first use (see lazylib.h): the functions z3ed calls, forwarded.
 * curl_easy_setopt and curl_easy_getinfo are variadic; their one argument's
 * type follows from the option number, as libcurl itself reads it.
 */
#define CURL_DISABLE_TYPECHECK /* the typecheck macros would rename the definitions below */
#include <curl/curl.h>
#include <stdarg.h>

#include "base/lazylib.h"

static void *lib;
static bool tried;

static z3_lazylib_fn get(const char *name) { return z3_lazylib_function(&lib, &tried, "libcurl.so.4", name); }

#define LOOKUP(type, name) Z3_LAZYLIB_LOOKUP(get, type, name)

CURLcode curl_global_init(long flags) {
  LOOKUP(CURLcode (*)(long), curl_global_init);
  return fn ? fn(flags) : CURLE_FAILED_INIT;
}

CURL *curl_easy_init(void) {
  LOOKUP(CURL *(*)(void), curl_easy_init);
  return fn ? fn() : NULL;
}

CURLcode curl_easy_perform(CURL *h) {
  LOOKUP(CURLcode (*)(CURL *), curl_easy_perform);
  return fn ? fn(h) : CURLE_FAILED_INIT;
}

void curl_easy_cleanup(CURL *h) {
  LOOKUP(void (*)(CURL *), curl_easy_cleanup);
  if (fn) fn(h);
}

const char *curl_easy_strerror(CURLcode code) {
  LOOKUP(const char *(*)(CURLcode), curl_easy_strerror);
  return fn ? fn(code) : z3_lazylib_error();
}

time_t curl_getdate(const char *text, const time_t *unused) {
  LOOKUP(time_t (*)(const char *, const time_t *), curl_getdate);
  return fn ? fn(text, unused) : -1;
}

struct curl_slist *curl_slist_append(struct curl_slist *list, const char *s) {
  LOOKUP(struct curl_slist *(*)(struct curl_slist *, const char *), curl_slist_append);
  return fn ? fn(list, s) : NULL;
}

void curl_slist_free_all(struct curl_slist *list) {
  LOOKUP(void (*)(struct curl_slist *), curl_slist_free_all);
  if (fn) fn(list);
}

CURLcode curl_easy_setopt(CURL *h, CURLoption option, ...) {
  LOOKUP(CURLcode (*)(CURL *, CURLoption, ...), curl_easy_setopt);
  if (!fn) return CURLE_FAILED_INIT;
  va_list ap;
  va_start(ap, option);
  CURLcode rc;
  if (option < CURLOPTTYPE_OBJECTPOINT) rc = fn(h, option, va_arg(ap, long));
  else if (option < CURLOPTTYPE_FUNCTIONPOINT) rc = fn(h, option, va_arg(ap, void *));
  else if (option < CURLOPTTYPE_OFF_T) rc = fn(h, option, va_arg(ap, z3_lazylib_fn));
  else if (option < CURLOPTTYPE_BLOB) rc = fn(h, option, va_arg(ap, curl_off_t));
  else rc = fn(h, option, va_arg(ap, void *));
  va_end(ap);
  return rc;
}

CURLcode curl_easy_getinfo(CURL *h, CURLINFO info, ...) {
  LOOKUP(CURLcode (*)(CURL *, CURLINFO, ...), curl_easy_getinfo);
  if (!fn) return CURLE_FAILED_INIT;
  va_list ap;
  va_start(ap, info);
  CURLcode rc = fn(h, info, va_arg(ap, void *)); /* every CURLINFO takes a pointer */
  va_end(ap);
  return rc;
}
