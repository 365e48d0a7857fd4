/* valgrind memcheck logs and massif.out files into leaks and allocation sites. */
#define _GNU_SOURCE
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devtools/code_support.h"
#include "devtools/memory.h"

enum { MAX_LINE = 4096, MAX_STACK = 16 };

typedef struct lines {
  const char *text;
  size_t len, pos;
  char line[MAX_LINE];
} lines;

static bool next_line(lines *l) {
  if (l->pos >= l->len) return false;
  const char *start = l->text + l->pos;
  const char *nl = memchr(start, '\n', l->len - l->pos);
  size_t n = nl ? (size_t)(nl - start) : l->len - l->pos;
  l->pos += n + 1;
  if (n >= MAX_LINE) n = MAX_LINE - 1;
  memcpy(l->line, start, n);
  l->line[n] = '\0';
  l->line[strcspn(l->line, "\r")] = '\0';
  z3_utf8_fix(l->line);
  return true;
}

/* "4,140" → 4140. */
static long long number_with_commas(const char *s, const char **end) {
  long long v = 0;
  while (isdigit((unsigned char)*s) || (*s == ',' && isdigit((unsigned char)s[1]))) {
    if (*s != ',' && v <= (LLONG_MAX - 9) / 10) v = v * 10 + (*s - '0'); /* saturates: no overflow on junk */
    s++;
  }
  if (end) *end = s;
  return v;
}

/* After the "==PID== " prefix valgrind puts on every line. */
static const char *body(const char *s) {
  if (s[0] == '=' && s[1] == '=') {
    const char *e = strstr(s + 2, "==");
    if (e) s = e + 2;
  }
  while (*s == ' ') s++;
  return s;
}

/* "file.c:12" or "in /path/lib.so" inside the frame's last parentheses. */
static void frame_location(json_t *f, const char *loc, size_t n) {
  char buf[MAX_LINE];
  if (n >= sizeof buf) n = sizeof buf - 1;
  memcpy(buf, loc, n);
  buf[n] = '\0';
  if (strncmp(buf, "in ", 3) == 0) {
    json_object_set_new(f, "module", json_string(buf + 3));
    return;
  }
  char *colon = strrchr(buf, ':');
  if (colon && isdigit((unsigned char)colon[1])) {
    *colon = '\0';
    json_object_set_new(f, "line", json_integer(strtol(colon + 1, NULL, 10)));
  }
  json_object_set_new(f, "file", json_string(buf));
}

json_t *z3_valgrind_frame(const char *line) {
  const char *s = body(line);
  if (strncmp(s, "at 0x", 5) != 0 && strncmp(s, "by 0x", 5) != 0) s = strstr(s, "0x");
  else s += 3;
  if (!s || strncmp(s, "0x", 2) != 0) return NULL;
  size_t alen = strspn(s + 2, "0123456789abcdefABCDEF") + 2;
  if (s[alen] != ':') return NULL;
  json_t *f = json_object();
  json_object_set_new(f, "address", json_stringn(s, alen));
  const char *fn = s + alen + 1;
  while (*fn == ' ') fn++;
  size_t n = strlen(fn);
  const char *open = n && fn[n - 1] == ')' ? memrchr(fn, '(', n) : NULL;
  if (open && open > fn) {
    size_t fnlen = (size_t)(open - fn);
    while (fnlen && fn[fnlen - 1] == ' ') fnlen--;
    json_object_set_new(f, "function", json_stringn(fn, fnlen));
    frame_location(f, open + 1, (size_t)(fn + n - 1 - open - 1));
  } else {
    json_object_set_new(f, "function", json_string(fn));
  }
  return f;
}

/* ---- memcheck ------------------------------------------------------------ */

static void read_stack(lines *l, json_t *stack) {
  while (next_line(l)) {
    json_t *f = z3_valgrind_frame(l->line);
    if (!f) return;
    if (json_array_size(stack) < MAX_STACK) json_array_append_new(stack, f);
    else json_decref(f);
  }
}

/* "40 bytes in 1 blocks are definitely lost in loss record 1 of 3" */
static json_t *leak_record(const char *s) {
  const char *p;
  long long bytes = number_with_commas(s, &p);
  if (p == s || strncmp(p, " bytes in ", 10) != 0) return NULL;
  long long blocks = number_with_commas(p + 10, &p);
  const char *kind = strstr(p, " are ");
  const char *lost = strstr(p, " lost in loss record");
  if (!kind || !lost || lost < kind) return NULL;
  kind += 5;
  json_t *leak = json_object();
  json_object_set_new(leak, "bytes", json_integer(bytes));
  json_object_set_new(leak, "blocks", json_integer(blocks));
  json_object_set_new(leak, "kind", json_stringn(kind, (size_t)(lost - kind)));
  return leak;
}

static const char *const error_starts[] = {
    "Invalid read of size", "Invalid write of size", "Invalid free()", "Mismatched free()",
    "Conditional jump or move depends on uninitialised value", "Use of uninitialised value",
    "Syscall param", "Source and destination overlap", NULL,
};

static bool is_error_start(const char *s) {
  for (size_t i = 0; error_starts[i]; i++)
    if (strncmp(s, error_starts[i], strlen(error_starts[i])) == 0) return true;
  return false;
}

static void summary_field(json_t *summary, const char *s, const char *label, const char *key) {
  const char *p = strstr(s, label);
  if (p) json_object_set_new(summary, key, json_integer(number_with_commas(p + strlen(label), NULL)));
}

z3_status z3_memcheck_parse(const char *text, size_t len, size_t max_entries, json_t **out, z3_error *err) {
  lines l = {.text = text, .len = len};
  json_t *leaks = json_array(), *errors = json_array(), *summary = json_object();
  bool memcheck = false;
  size_t leak_count = 0, error_count = 0;
  while (next_line(&l)) {
    const char *s = body(l.line);
    if (strstr(s, "Memcheck, a memory error detector")) memcheck = true;
    json_t *leak = leak_record(s);
    if (leak || is_error_start(s)) {
      json_t *entry = leak ? leak : json_pack("{ss}", "kind", s);
      json_t *stack = json_array();
      read_stack(&l, stack);
      json_object_set_new(entry, "stack", stack);
      json_t *list = leak ? leaks : errors;
      size_t *count = leak ? &leak_count : &error_count;
      if (json_array_size(list) < max_entries) json_array_append_new(list, entry);
      else json_decref(entry);
      (*count)++;
      s = body(l.line);
    }
    summary_field(summary, s, "definitely lost: ", "definitely_lost_bytes");
    summary_field(summary, s, "indirectly lost: ", "indirectly_lost_bytes");
    summary_field(summary, s, "possibly lost: ", "possibly_lost_bytes");
    summary_field(summary, s, "still reachable: ", "still_reachable_bytes");
    summary_field(summary, s, "ERROR SUMMARY: ", "error_contexts");
  }
  if (!memcheck) {
    json_decref(leaks);
    json_decref(errors);
    json_decref(summary);
    return z3_error_set(err, Z3_E_INVALID, "not a valgrind memcheck log (no \"Memcheck\" banner)");
  }
  *out = json_pack("{so so so sI sI}", "leaks", leaks, "errors", errors, "leak_summary", summary,
                   "leak_records", (json_int_t)leak_count, "error_records", (json_int_t)error_count);
  return Z3_OK;
}

/* ---- massif -------------------------------------------------------------- */

typedef struct snapshot {
  long long heap;
  size_t tree_at; /* offset of the first tree line; 0 = no detailed tree */
  bool peak;
} snapshot;

/* " n0: 4000 0x1091AD: main (leak.c:7)" at depth one: a direct allocation site. */
static json_t *massif_site(const char *s, long long peak) {
  const char *p = s + 1;
  if (*p != 'n' || !isdigit((unsigned char)p[1])) return NULL;
  p = strchr(p, ':');
  if (!p) return NULL;
  const char *after;
  long long bytes = number_with_commas(p + 2, &after);
  if (after == p + 2) return NULL;
  while (*after == ' ') after++;
  json_t *f = z3_valgrind_frame(after);
  if (!f) f = json_pack("{ss}", "function", after); /* "in 1 place, below massif's threshold" */
  json_object_set_new(f, "bytes", json_integer(bytes));
  json_object_set_new(f, "share", json_real(peak ? (double)bytes * 100.0 / (double)peak : 0.0));
  return f;
}

static json_t *massif_sites(lines *l, size_t at, long long peak, size_t max_entries) {
  json_t *sites = json_array();
  l->pos = at;
  if (!next_line(l) || l->line[0] != 'n') return sites; /* the root: all heap allocation functions */
  while (next_line(l) && l->line[0] == ' ') {
    if (l->line[1] == ' ') continue; /* deeper: callers of a site */
    json_t *site = massif_site(l->line, peak);
    if (site && json_array_size(sites) < max_entries) json_array_append_new(sites, site);
    else json_decref(site);
  }
  return sites;
}

z3_status z3_massif_parse(const char *text, size_t len, size_t max_entries, json_t **out, z3_error *err) {
  lines l = {.text = text, .len = len};
  snapshot best = {0}, cur = {0};
  size_t snapshots = 0;
  bool massif = false;
  while (next_line(&l)) {
    if (strncmp(l.line, "time_unit:", 10) == 0) massif = true;
    if (strncmp(l.line, "snapshot=", 9) == 0) snapshots++, cur = (snapshot){0};
    if (strncmp(l.line, "mem_heap_B=", 11) == 0) cur.heap = strtoll(l.line + 11, NULL, 10);
    if (strncmp(l.line, "heap_tree=", 10) == 0 && strcmp(l.line + 10, "empty") != 0) {
      cur.tree_at = l.pos;
      cur.peak = strcmp(l.line + 10, "peak") == 0;
      bool better = cur.peak ? !best.peak || cur.heap >= best.heap : !best.peak && cur.heap > best.heap;
      if (better || !best.tree_at) best = cur;
    }
  }
  if (!massif || snapshots == 0)
    return z3_error_set(err, Z3_E_INVALID, "not a massif output file (no time_unit or snapshot lines)");
  json_t *sites = best.tree_at ? massif_sites(&l, best.tree_at, best.heap, max_entries) : json_array();
  *out = json_pack("{sI sI so}", "peak_heap_bytes", (json_int_t)best.heap, "snapshots", (json_int_t)snapshots,
                   "largest_allocations", sites);
  return Z3_OK;
}
