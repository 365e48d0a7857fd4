/* debug/suite_plan: the order a suite's run must keep (suite_internal.h), and the cycles that
 * would make it wait forever, found before anything runs. */
#include <stdlib.h>
#include <string.h>

#include "debug/suite_internal.h"

static size_t index_of(const json_t *list, const char *name) {
  size_t i;
  json_t *x;
  json_array_foreach(list, i, x) if (!strcmp(json_string_value(json_object_get(x, "name")), name)) return i;
  return (size_t)-1;
}

static void add_edge(suite_plan *p, size_t from, size_t to, suite_mark at, size_t *cap) {
  if (p->nedges == *cap) {
    *cap = *cap ? *cap * 2 : 16;
    p->edges = z3_realloc(p->edges, *cap * sizeof *p->edges);
  }
  p->edges[p->nedges++] = (suite_edge){from, to, at};
}


static void test_edges(suite_plan *p, const json_t *tests, size_t *cap) {
  size_t prev_serial = (size_t)-1;
  for (size_t i = 0; i < p->ntests; i++) {
    const json_t *t = json_array_get(tests, i);
    size_t node = suite_plan_node(p, i);
    if (!p->parallel[p->group_of[i]]) {
      if (prev_serial != (size_t)-1) add_edge(p, node, p->ngroups + prev_serial, (suite_mark){0, 0}, cap);
      prev_serial = i;
    }
    suite_mark at = {(int)json_integer_value(json_object_get(t, "line")), (int)json_integer_value(json_object_get(t, "column"))};
    size_t k;
    json_t *d;
    json_array_foreach(json_object_get(t, "depends"), k, d) {
      size_t dep = index_of(tests, json_string_value(d));
      if (dep == (size_t)-1 || p->group_of[dep] == p->group_of[i]) continue; /* earlier in the same group: its order */
      if (!p->parallel[p->group_of[i]] && !p->parallel[p->group_of[dep]]) continue; /* both serial: suite order */
      add_edge(p, node, suite_plan_node(p, dep), at, cap);
    }
  }
}

void suite_plan_make(const json_t *suite, suite_plan *p) {
  const json_t *tests = json_object_get(suite, "tests"), *groups = json_object_get(suite, "groups");
  *p = (suite_plan){.ngroups = json_array_size(groups), .ntests = json_array_size(tests)};
  p->group_of = z3_calloc(p->ntests + 1, sizeof *p->group_of);
  p->parallel = z3_calloc(p->ngroups + 1, sizeof *p->parallel);
  size_t i;
  json_t *x;
  json_array_foreach(groups, i, x) p->parallel[i] = json_is_true(json_object_get(x, "parallel"));
  json_array_foreach(tests, i, x) p->group_of[i] = index_of(groups, json_string_value(json_object_get(x, "group")));
  size_t cap = 0, *first = z3_calloc(p->ngroups + 1, sizeof *first), *last = z3_calloc(p->ngroups + 1, sizeof *last);
  test_edges(p, tests, &cap);
  for (size_t t = p->ntests; t-- > 0;) first[p->group_of[t]] = t;
  for (size_t t = 0; t < p->ntests; t++) last[p->group_of[t]] = t;
  json_array_foreach(groups, i, x) {
    size_t k;
    json_t *d;
    size_t from = p->parallel[i] ? i : p->ngroups + first[i]; /* a serial group waits before its first test */
    json_array_foreach(json_object_get(x, "depends"), k, d) {
      size_t dep = index_of(groups, json_string_value(d));
      json_t *m = json_array_get(json_object_get(x, "depends_at"), k);
      suite_mark at = {(int)json_integer_value(json_array_get(m, 0)), (int)json_integer_value(json_array_get(m, 1))};
      /* a whole group is over when its yaze is, or on the serial lane when its last test is */
      if (dep != (size_t)-1) add_edge(p, from, p->parallel[dep] ? dep : p->ngroups + last[dep], at, &cap);
    }
  }
  z3_free(first), z3_free(last);
}

void suite_plan_free(suite_plan *p) {
  z3_free(p->group_of);
  z3_free(p->parallel);
  z3_free(p->edges);
  *p = (suite_plan){0};
}

static const char *node_group(const suite_plan *p, const json_t *suite, size_t node) {
  size_t g = node < p->ngroups ? node : p->group_of[node - p->ngroups];
  return json_string_value(json_object_get(json_array_get(json_object_get(suite, "groups"), g), "name"));
}

/* Peels off nodes whose waits are all over, as a run would (Kahn's order); whatever stays
 * waits in a circle. */
static bool *stuck_nodes(const suite_plan *p, size_t nnodes) {
  size_t *waits = z3_calloc(nnodes, sizeof *waits), *first = z3_calloc(nnodes + 1, sizeof *first);
  size_t *waiters = z3_calloc(p->nedges + 1, sizeof *waiters), *queue = z3_calloc(nnodes + 1, sizeof *queue), head = 0, tail = 0;
  bool *stuck = z3_calloc(nnodes, sizeof *stuck);
  for (size_t e = 0; e < p->nedges; e++) waits[p->edges[e].from]++, first[p->edges[e].to + 1]++;
  for (size_t n = 0; n < nnodes; n++) first[n + 1] += first[n];
  size_t *fill = z3_calloc(nnodes + 1, sizeof *fill);
  for (size_t e = 0; e < p->nedges; e++) waiters[first[p->edges[e].to] + fill[p->edges[e].to]++] = p->edges[e].from;
  for (size_t i = 0; i < p->ngroups; i++) stuck[i] = p->parallel[i];
  for (size_t i = 0; i < p->ntests; i++) stuck[suite_plan_node(p, i)] = true;
  for (size_t n = 0; n < nnodes; n++)
    if (stuck[n] && !waits[n]) queue[tail++] = n;
  while (head < tail) {
    size_t n = queue[head++];
    stuck[n] = false;
    for (size_t k = first[n]; k < first[n + 1]; k++)
      if (--waits[waiters[k]] == 0) queue[tail++] = waiters[k];
  }
  z3_free(waits), z3_free(first), z3_free(waiters), z3_free(queue), z3_free(fill);
  return stuck;
}

bool suite_plan_cycle(const suite_plan *p, const json_t *suite, char **path, suite_mark *at) {
  size_t nnodes = p->ngroups + p->ntests;
  bool *stuck = stuck_nodes(p, nnodes);
  size_t start = 0;
  while (start < nnodes && !stuck[start]) start++;
  if (start == nnodes) return z3_free(stuck), false;
  /* every stuck node waits on a stuck node: walk until one repeats, then name that loop */
  size_t *via = z3_calloc(nnodes, sizeof *via), n = start;
  bool *has_via = z3_calloc(nnodes, sizeof *has_via), *seen = z3_calloc(nnodes, sizeof *seen);
  for (size_t e = 0; e < p->nedges; e++) {
    size_t from = p->edges[e].from;
    if (stuck[from] && stuck[p->edges[e].to] && !has_via[from]) via[from] = e, has_via[from] = true;
  }
  while (!seen[n]) seen[n] = true, n = p->edges[via[n]].to;
  z3_buf b;
  z3_buf_init(&b);
  const char *last = NULL;
  *at = (suite_mark){0, 0};
  size_t loop = n;
  do {
    const char *g = node_group(p, suite, n);
    if (!last || strcmp(last, g)) z3_buf_printf(&b, "%sgroup '%s'", last ? " -> " : "", g);
    last = g;
    suite_edge e = p->edges[via[n]];
    if (e.at.line && !at->line) *at = e.at;
    if (!e.at.line) z3_buf_printf(&b, " (serial tests run in suite order)");
    n = e.to;
  } while (n != loop);
  z3_buf_printf(&b, " -> group '%s'", node_group(p, suite, loop));
  z3_buf_append(&b, "", 1, NULL);
  *path = (char *)b.data;
  z3_free(seen), z3_free(via), z3_free(has_via), z3_free(stuck);
  return true;
}
