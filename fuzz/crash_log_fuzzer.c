/*
 * Fuzzes the crash-log parser (debug-tools crash) and, on the same bytes, the
 * profiler-output parsers (memcheck, massif, callgrind_annotate, perf report).
 * Checks: a success always names a format and a stack no longer than the cap;
 * a failure names what went wrong and makes no result. A profile's lists hold
 * at most the entries asked for, and every record memcheck counts up to that
 * many (none counted and lost); the result prints as JSON.
 * The crash is parsed without a root, where no frame may be user code, and
 * under two roots ("/src/demo", which the seeds' absolute paths lie under and
 * which need not exist, and "/usr", which does, for relative paths looked up
 * on disk): a root may change which frames are user code and the verdict, and
 * nothing else; the crash site is the first user frame that names its
 * function, else the first user frame, else frame 0.
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

static const char *const frame_lists[] = {"stack_trace", "allocated_by", "freed_by"};

/* The crash site is the stack's first user frame that names its function, else its
 * first user frame, else its first frame (a signal handler's frames are unnamed). */
static void check_site(const json_t *out) {
  const json_t *stack = json_object_get(out, "stack_trace"), *frame, *named = NULL, *unnamed = NULL;
  size_t i;
  json_array_foreach(stack, i, frame) {
    if (!json_is_true(json_object_get(frame, "is_user_code"))) continue;
    if (!named && json_is_string(json_object_get(frame, "function"))) named = frame;
    if (!unnamed) unnamed = frame;
  }
  const json_t *want = named ? named : unnamed ? unnamed : json_array_get(stack, 0);
  const json_t *site = json_object_get(out, "crash_site");
  if (want ? !site || !json_equal(site, want) : site != NULL) abort();
}

/* What a root may change: which frames are user code, and the verdict drawn from them. */
static json_t *without_root_effects(const json_t *out) {
  json_t *copy = json_deep_copy(out), *frame;
  size_t i;
  for (size_t l = 0; l < sizeof frame_lists / sizeof *frame_lists; l++)
    json_array_foreach(json_object_get(copy, frame_lists[l]), i, frame) json_object_del(frame, "is_user_code");
  json_object_del(copy, "crash_site");
  json_object_del(copy, "likely_cause");
  json_object_del(copy, "suggested_fixes");
  return copy;
}

static bool has_user_frame(const json_t *out) {
  const json_t *frame;
  size_t i;
  for (size_t l = 0; l < sizeof frame_lists / sizeof *frame_lists; l++)
    json_array_foreach(json_object_get(out, frame_lists[l]), i, frame) {
      if (json_is_true(json_object_get(frame, "is_user_code"))) return true;
    }
  return false;
}

/* Parses under root (NULL: none); a result is checked and returned, a refusal must say why. */
static json_t *parse_crash(const char *text, size_t size, const char *root) {
  json_t *out = NULL;
  z3_error err;
  z3_error_init(&err);
  if (z3_crash_parse(text, size, root, &out, &err) != Z3_OK) {
    if (out || !err.message[0]) abort();
    return NULL;
  }
  if (!json_string_value(json_object_get(out, "format"))) abort();
  if (json_array_size(json_object_get(out, "stack_trace")) > Z3_CRASH_MAX_FRAMES) abort();
  if (!json_string_value(json_object_get(out, "likely_cause"))) abort();
  check_site(out);
  return out;
}

static void check_crash(const char *text, size_t size) {
  json_t *bare = parse_crash(text, size, NULL);
  if (bare && has_user_frame(bare)) abort();
  json_t *want = bare ? without_root_effects(bare) : NULL;
  static const char *const roots[] = {"/src/demo", "/usr"};
  for (size_t r = 0; r < sizeof roots / sizeof *roots; r++) {
    json_t *rooted = parse_crash(text, size, roots[r]);
    if (!rooted != !bare) abort();
    json_t *got = rooted ? without_root_effects(rooted) : NULL;
    if (got && !json_equal(got, want)) abort();
    json_decref(got);
    json_decref(rooted);
  }
  json_decref(want);
  json_decref(bare);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 1 << 18) return 0;
  const char *text = (const char *)data;
  check_crash(text, size);
  check_profile(z3_memcheck_parse, text, size);
  check_profile(z3_massif_parse, text, size);
  check_profile(z3_callgrind_parse, text, size);
  check_profile(z3_perf_report_parse, text, size);
  return 0;
}
