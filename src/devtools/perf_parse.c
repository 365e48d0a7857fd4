/* callgrind_annotate and `perf report --stdio` listings into hot functions. */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devtools/code_support.h"
#include "devtools/memory.h"

static long long cost_number(const char *s, const char **end) {
  long long v = 0;
  while (isdigit((unsigned char)*s) || (*s == ',' && isdigit((unsigned char)s[1]))) {
    if (*s != ',' && v <= (LLONG_MAX - 9) / 10) v = v * 10 + (*s - '0'); /* saturates: no overflow on junk */
    s++;
  }
  *end = s;
  return v;
}

/* ---- callgrind ----------------------------------------------------------- */

typedef struct callgrind {
  bool seen_header, in_functions;
  long long total;
  size_t max, count;
  json_t *hot;
} callgrind;

/* "63,000,012 (97.03%)  hot.c:spin [/tmp/dt/hot]" */
static void callgrind_line(const char *line, long number, void *data) {
  (void)number;
  callgrind *c = data;
  if (strstr(line, "Profile data file") && strstr(line, "callgrind")) c->seen_header = true;
  if (strstr(line, "file:function")) {
    c->in_functions = true;
    return;
  }
  const char *s = line;
  while (*s == ' ') s++;
  const char *p;
  long long cost = cost_number(s, &p);
  if (p == s) {
    if (c->in_functions && *s && *s != '-') c->in_functions = false;
    return;
  }
  while (*p == ' ') p++;
  if (*p == '(') p = strchr(p, ')') ? strchr(p, ')') + 1 : p;
  while (*p == ' ') p++;
  if (strncmp(p, "PROGRAM TOTALS", 14) == 0) {
    c->total = cost;
    return;
  }
  if (!c->in_functions || !*p) return;
  c->count++;
  if (json_array_size(c->hot) >= c->max) return;
  char where[Z3_DT_MAX_LINE];
  snprintf(where, sizeof where, "%s", p);
  char *binary = strstr(where, " [");
  if (binary) *binary = '\0';
  char *colon = strchr(where, ':');
  json_t *h = json_object();
  json_object_set_new(h, "function", json_string(colon ? colon + 1 : where));
  if (colon) json_object_set_new(h, "file", json_stringn(where, (size_t)(colon - where)));
  if (binary) json_object_set_new(h, "module", json_stringn(binary + 2, strcspn(binary + 2, "]")));
  json_object_set_new(h, "cost", json_integer(cost));
  json_object_set_new(h, "share", json_real(c->total ? (double)cost * 100.0 / (double)c->total : 0.0));
  json_array_append_new(c->hot, h);
}

z3_status z3_callgrind_parse(const char *text, size_t len, size_t max_entries, json_t **out, z3_error *err) {
  callgrind c = {.max = max_entries, .hot = json_array()};
  z3_dt_each_line(text, len, callgrind_line, &c);
  if (!c.seen_header || !c.total) {
    json_decref(c.hot);
    return z3_error_set(err, Z3_E_INVALID, "not callgrind_annotate output (no profile header or PROGRAM TOTALS)");
  }
  *out = json_pack("{so sI sI ss}", "hot_functions", c.hot, "total_cost", (json_int_t)c.total, "functions",
                   (json_int_t)c.count, "cost_unit", "instructions");
  return Z3_OK;
}

/* ---- perf ---------------------------------------------------------------- */

typedef struct perf {
  bool seen_header;
  size_t max, count;
  json_t *hot;
} perf;

/* "    53.12%  hot                   [.] spin" (--sort dso,symbol) */
static void perf_line(const char *line, long number, void *data) {
  (void)number;
  perf *pf = data;
  if (strncmp(line, "# Samples:", 10) == 0 || strncmp(line, "# Overhead", 10) == 0) pf->seen_header = true;
  const char *s = line;
  while (*s == ' ') s++;
  char *end;
  double share = strtod(s, &end);
  if (end == s || *end != '%') return;
  const char *p = end + 1;
  while (*p == ' ') p++;
  const char *mark = strstr(p, "[.] ");
  if (!mark) mark = strstr(p, "[k] ");
  if (!mark) return;
  pf->count++;
  if (json_array_size(pf->hot) >= pf->max) return;
  size_t mlen = (size_t)(mark - p);
  while (mlen && p[mlen - 1] == ' ') mlen--;
  json_t *h = json_object();
  /* columns perf adds after the symbol (IPC) are set off by two or more spaces */
  const char *sym = mark + 4, *gap = strstr(sym, "  ");
  json_object_set_new(h, "function", json_stringn(sym, gap ? (size_t)(gap - sym) : strlen(sym)));
  json_object_set_new(h, "module", json_stringn(p, mlen));
  json_object_set_new(h, "kernel", json_boolean(mark[1] == 'k'));
  json_object_set_new(h, "share", json_real(share));
  json_array_append_new(pf->hot, h);
}

z3_status z3_perf_report_parse(const char *text, size_t len, size_t max_entries, json_t **out, z3_error *err) {
  perf pf = {.max = max_entries, .hot = json_array()};
  z3_dt_each_line(text, len, perf_line, &pf);
  if (!pf.seen_header) {
    json_decref(pf.hot);
    return z3_error_set(err, Z3_E_INVALID, "not `perf report --stdio` output (no # Samples or # Overhead header)");
  }
  *out = json_pack("{so sI ss}", "hot_functions", pf.hot, "functions", (json_int_t)pf.count, "cost_unit", "samples");
  return Z3_OK;
}
