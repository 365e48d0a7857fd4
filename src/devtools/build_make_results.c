/*
 * build: the verdicts of `make check` / `make test` from their output. Two
 * forms are common: automake's test driver ("PASS: t/one", "FAIL: t/two",
 * with each test's output in t/two.log) and TAP from the test programs
 * themselves ("ok 1 - name", "not ok 2 - name # SKIP why").
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "devtools/build_results.h"
#include "devtools/diag.h"
#include "devtools/diag_internal.h"

typedef struct tally {
  json_int_t run, passed, failed, skipped;
  json_t *failures;
} tally;

static const struct {
  const char *head;
  int verdict; /* 0 passed, 1 failed, 2 skipped */
} automake[] = {{"PASS: ", 0}, {"XFAIL: ", 0}, {"FAIL: ", 1}, {"XPASS: ", 1}, {"ERROR: ", 1}, {"SKIP: ", 2}};

static void count(tally *t, int verdict, json_t *failure) {
  t->run += verdict != 2;
  t->passed += verdict == 0;
  t->skipped += verdict == 2;
  if (verdict == 1) {
    t->failed++;
    json_array_append_new(t->failures, failure);
  } else {
    json_decref(failure);
  }
}

/* "not ok 3 - name # TODO why": verdict and name; false when not a TAP result. */
static bool tap_result(text_span l, int *verdict, text_span *name) {
  bool bad = span_starts(l, "not ok");
  if (!bad && !span_starts(l, "ok")) return false;
  text_span rest = {l.p + (bad ? 6 : 2), l.n - (bad ? 6 : 2)};
  if (rest.n && rest.p[0] != ' ') return false; /* "okay", "oks" */
  rest = span_trim(rest);
  size_t i = 0;
  while (i < rest.n && rest.p[i] >= '0' && rest.p[i] <= '9') i++;
  rest.p += i, rest.n -= i;
  rest = span_trim(rest);
  if (span_starts(rest, "- ")) rest.p += 2, rest.n -= 2;
  size_t hash = span_find(rest, " # ");
  text_span directive = hash == SIZE_MAX ? (text_span){"", 0} : span_trim((text_span){rest.p + hash + 3, rest.n - hash - 3});
  *name = hash == SIZE_MAX ? rest : (text_span){rest.p, hash};
  bool skip = directive.n >= 4 && strncasecmp(directive.p, "skip", 4) == 0;
  bool todo = directive.n >= 4 && strncasecmp(directive.p, "todo", 4) == 0;
  *verdict = skip ? 2 : bad && !todo ? 1 : 0;
  return true;
}

/* The output from a failing TAP line to the next result: its diagnostics. */
static size_t tap_block_end(const char *out, size_t len, size_t from) {
  for (size_t i = from; i < len;) {
    const char *nl = memchr(out + i, '\n', len - i);
    size_t n = nl ? (size_t)(nl - out) - i : len - i;
    int verdict;
    text_span name;
    if (i > from && tap_result((text_span){out + i, n}, &verdict, &name)) return i;
    i += n + 1;
  }
  return len;
}

json_t *z3_build_make_results(const char *out, size_t len, const char *root) {
  tally t = {.failures = json_array()};
  for (size_t i = 0; i < len;) {
    const char *nl = memchr(out + i, '\n', len - i);
    size_t n = nl ? (size_t)(nl - out) - i : len - i;
    text_span l = {out + i, n};
    if (l.n && l.p[l.n - 1] == '\r') l.n--;
    int verdict = -1;
    text_span name;
    for (size_t k = 0; k < sizeof automake / sizeof automake[0] && verdict < 0; k++) {
      if (!span_starts(l, automake[k].head)) continue;
      verdict = automake[k].verdict;
      name = span_trim((text_span){l.p + strlen(automake[k].head), l.n - strlen(automake[k].head)});
    }
    bool tap = verdict < 0 && tap_result(l, &verdict, &name);
    if (verdict >= 0) {
      json_t *f = json_pack("{s:o}", "name", z3_diag_text(name.p, name.n));
      if (tap && verdict == 1) {
        size_t end = tap_block_end(out, len, i);
        z3_build_failure_details(f, out + i, end - i, root);
      }
      count(&t, verdict, f);
    }
    i += n + 1;
  }
  return json_pack("{s:I, s:I, s:I, s:I, s:o}", "tests_run", t.run, "passed", t.passed, "failed", t.failed,
                   "skipped", t.skipped, "failures", t.failures);
}
