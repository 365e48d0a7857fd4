/* debug/suite_junit: a suite run's report as JUnit XML (suite.h). */
#include <string.h>

#include "debug/suite.h"

static void xml_text(z3_buf *b, const char *s) {
  for (; s && *s; s++) {
    switch (*s) {
      case '&': z3_buf_printf(b, "&amp;"); break;
      case '<': z3_buf_printf(b, "&lt;"); break;
      case '>': z3_buf_printf(b, "&gt;"); break;
      case '"': z3_buf_printf(b, "&quot;"); break;
      default: z3_buf_printf(b, "%c", *s); break;
    }
  }
}

static void testcase(z3_buf *b, const char *suite, const json_t *o) {
  const char *status = json_string_value(json_object_get(o, "status"));
  const char *message = json_string_value(json_object_get(o, "message"));
  z3_buf_printf(b, "    <testcase name=\"");
  xml_text(b, json_string_value(json_object_get(o, "name")));
  z3_buf_printf(b, "\" classname=\"");
  xml_text(b, suite);
  z3_buf_printf(b, ".");
  xml_text(b, json_string_value(json_object_get(o, "group")));
  z3_buf_printf(b, "\" time=\"%.3f\">\n", json_real_value(json_object_get(o, "time_ms")) / 1e3);
  const char *element = !strcmp(status, "failed") ? "failure" : !strcmp(status, "error") ? "error" : !strcmp(status, "skipped") ? "skipped" : NULL;
  if (element) {
    z3_buf_printf(b, "      <%s message=\"", element);
    xml_text(b, message ? message : status);
    z3_buf_printf(b, "\"%s/>\n", strcmp(element, "skipped") ? " type=\"harness\"" : "");
  }
  if (json_integer_value(json_object_get(o, "tries")) > 1)
    z3_buf_printf(b, "      <system-out>%s after %d tries</system-out>\n", json_is_true(json_object_get(o, "flaky")) ? "flaky: passed" : "still failing",
                  (int)json_integer_value(json_object_get(o, "tries")));
  z3_buf_printf(b, "    </testcase>\n");
}

static void group_counts(const json_t *tests, const char *group, int n[4], double *secs) {
  size_t i;
  json_t *o;
  memset(n, 0, 4 * sizeof n[0]);
  *secs = 0;
  json_array_foreach(tests, i, o) {
    if (strcmp(json_string_value(json_object_get(o, "group")), group) != 0) continue;
    const char *s = json_string_value(json_object_get(o, "status"));
    n[0]++;
    n[1] += !strcmp(s, "failed");
    n[2] += !strcmp(s, "error");
    n[3] += !strcmp(s, "skipped");
    *secs += json_real_value(json_object_get(o, "time_ms")) / 1e3;
  }
}

char *z3_suite_junit(const json_t *suite, const json_t *report) {
  const json_t *tests = json_object_get(report, "tests");
  const char *name = json_string_value(json_object_get(suite, "name"));
  z3_buf b;
  z3_buf_init(&b);
  z3_buf_printf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"");
  xml_text(&b, name);
  z3_buf_printf(&b, "\" tests=\"%zu\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.3f\">\n", json_array_size(tests),
                (int)json_integer_value(json_object_get(report, "failed")), (int)json_integer_value(json_object_get(report, "errors")),
                (int)json_integer_value(json_object_get(report, "skipped")), json_real_value(json_object_get(report, "time_ms")) / 1e3);
  json_t *seen = json_object();
  size_t i;
  json_t *o;
  json_array_foreach(tests, i, o) {
    const char *group = json_string_value(json_object_get(o, "group"));
    if (json_object_get(seen, group)) continue;
    json_object_set_new(seen, group, json_true());
    int n[4];
    double secs;
    group_counts(tests, group, n, &secs);
    z3_buf_printf(&b, "  <testsuite name=\"");
    xml_text(&b, group);
    z3_buf_printf(&b, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.3f\">\n", n[0], n[1], n[2], n[3], secs);
    size_t k;
    json_t *t;
    json_array_foreach(tests, k, t) if (!strcmp(json_string_value(json_object_get(t, "group")), group)) testcase(&b, name, t);
    z3_buf_printf(&b, "  </testsuite>\n");
  }
  json_decref(seen);
  z3_buf_printf(&b, "</testsuites>\n");
  z3_buf_append(&b, "", 1, NULL);
  return (char *)b.data;
}
