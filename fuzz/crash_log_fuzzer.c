/*
 * Fuzzes the crash-log parser (debug-tools crash) and, on the same bytes, the
 * profiler-output parsers (memcheck, massif, callgrind_annotate, perf report).
 * Checks: a success always names a format and a stack no longer than the cap;
 * a failure names what went wrong and makes no result. A profile's lists hold
 * at most the entries asked for, and every record memcheck counts up to that
 * many (none counted and lost); the result prints as JSON. No root is given,
 * so nothing is looked up on disk.
 * Seeds in fuzz/corpora/crash_log/: one log of each kind debug-tools reads.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "devtools/crash.h"
#include "devtools/memory.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef z3_status (*profile_parser)(const char *, size_t, size_t, json_t **, z3_error *);

enum { MAX_ENTRIES = 5 };

/* A list holds at most MAX_ENTRIES; with its count given, exactly min(count, MAX_ENTRIES):
 * a record the reader counted but could not list would be lost from the report. */
static void check_list(const json_t *out, const char *list, const char *count) {
  size_t n = json_array_size(json_object_get(out, list));
  if (n > MAX_ENTRIES) abort();
  json_t *c = count ? json_object_get(out, count) : NULL;
  if (!c) return;
  json_int_t counted = json_integer_value(c);
  if (counted < 0 || n != (counted < MAX_ENTRIES ? (size_t)counted : MAX_ENTRIES)) abort();
}

static void check_profile(profile_parser parse, const char *text, size_t size) {
  json_t *out = NULL;
  z3_error err;
  z3_error_init(&err);
  z3_status st = parse(text, size, MAX_ENTRIES, &out, &err);
  if (st == Z3_OK ? !json_is_object(out) : out != NULL || !err.message[0]) abort();
  if (st == Z3_OK) {
    check_list(out, "leaks", "leak_records");
    check_list(out, "errors", "error_records");
    check_list(out, "largest_allocations", NULL);
    check_list(out, "hot_functions", NULL);
    char *dumped = json_dumps(out, 0); /* what --format json prints */
    if (!dumped) abort();
    free(dumped);
  }
  json_decref(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 1 << 18) return 0;
  const char *text = (const char *)data;
  json_t *out = NULL;
  z3_error err;
  z3_error_init(&err);
  if (z3_crash_parse(text, size, NULL, &out, &err) == Z3_OK) {
    if (!json_string_value(json_object_get(out, "format"))) abort();
    if (json_array_size(json_object_get(out, "stack_trace")) > Z3_CRASH_MAX_FRAMES) abort();
    if (!json_string_value(json_object_get(out, "likely_cause"))) abort();
  } else if (out || !err.message[0]) {
    abort();
  }
  json_decref(out);
  check_profile(z3_memcheck_parse, text, size);
  check_profile(z3_massif_parse, text, size);
  check_profile(z3_callgrind_parse, text, size);
  check_profile(z3_perf_report_parse, text, size);
  return 0;
}
