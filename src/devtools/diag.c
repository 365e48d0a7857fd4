/* diag: compiler, linker and CMake messages into JSON (see diag.h). */
#include <stdio.h>
#include <string.h>

#include "base/base.h"
#include "devtools/diag.h"
#include "devtools/diag_internal.h"

typedef struct parser {
  json_t *list;     /* top-level diagnostics */
  json_t *last_top; /* the last one that is not a note (notes nest under it) */
  json_t *last;     /* the last one of any kind (fix-its attach to it) */
  json_t *chain;    /* pending "In file included from" chain */
  bool in_chain;
  json_t *function; /* "In function 'f'" (compiler: for diagnostics in function_file) or "in function `f'" (linker) */
  json_t *function_file;
  json_t *cmake;    /* a CMake message still collecting its indented lines */
  diag_caret caret; /* the source quoted under the last diagnostic */
  json_int_t errors, warnings, notes;
} parser;

static const char *const severities[] = {"fatal error", "error", "warning", "note", NULL};

/* The linker names the function once per error; GCC once for all the diagnostics in it. */
static void take_function(parser *p, json_t *d, bool keep) {
  if (!p->function) return;
  json_t *file = json_object_get(d, "file");
  if (keep && !(file && p->function_file && json_equal(file, p->function_file))) return;
  json_object_set(d, "function", p->function);
  if (keep) return;
  json_decref(p->function);
  json_decref(p->function_file);
  p->function = p->function_file = NULL;
}

static void add_diag(parser *p, json_t *d, const char *severity) {
  json_object_set_new(d, "severity", json_string(severity));
  if (p->chain) json_object_set_new(d, "included_from", p->chain);
  p->chain = NULL;
  p->in_chain = false;
  if (strcmp(severity, "note") == 0 && p->last_top) {
    json_t *notes = json_object_get(p->last_top, "notes");
    if (!notes) json_object_set_new(p->last_top, "notes", notes = json_array());
    json_array_append_new(notes, d);
    p->notes++;
  } else {
    if (strcmp(severity, "note") == 0) p->notes++;
    else if (strcmp(severity, "warning") == 0) p->warnings++;
    else p->errors++;
    json_array_append_new(p->list, d);
    p->last_top = d;
  }
  p->last = d;
  diag_caret_reset(&p->caret);
}

/* "file:line:col: sev: message [-Wopt]" */
static bool compiler_line(parser *p, text_span l) {
  size_t at = SIZE_MAX, sev_len = 0;
  int which = -1;
  for (int i = 0; severities[i]; i++) {
    char marker[24];
    size_t n = (size_t)snprintf(marker, sizeof marker, ": %s: ", severities[i]);
    size_t pos = span_find(l, marker);
    if (pos < at) at = pos, which = i, sev_len = n;
  }
  if (which < 0 || at == 0) return false;
  json_t *d = json_object();
  diag_location(d, (text_span){l.p, at});
  bool placed = json_object_get(d, "line") != NULL;
  json_object_set_new(d, "kind", json_string(placed ? "compiler" : "tool"));
  if (!placed) { /* "collect2: error: ...", "cc1: warning: ...": a program, not a file */
    json_object_set_new(d, "tool", json_incref(json_object_get(d, "file")));
    json_object_del(d, "file");
  }
  text_span msg = {l.p + at + sev_len, l.n - at - sev_len};
  size_t open = msg.n > 3 && msg.p[msg.n - 1] == ']' ? span_rfind(msg, " [") : SIZE_MAX;
  if (open != SIZE_MAX && msg.p[open + 2] == '-') {
    json_object_set_new(d, "option", diag_text(msg.p + open + 2, msg.n - open - 3));
    msg.n = open;
  }
  json_object_set_new(d, "message", diag_text(msg.p, msg.n));
  if (which == 0) json_object_set_new(d, "fatal", json_true());
  if (which != 3) take_function(p, d, true);
  add_diag(p, d, which == 0 ? "error" : severities[which]);
  return true;
}

static bool include_line(parser *p, text_span l) {
  static const char head[] = "In file included from ";
  text_span rest;
  if (span_starts(l, head)) {
    rest = (text_span){l.p + sizeof head - 1, l.n - sizeof head + 1};
    if (!p->chain) p->chain = json_array(); /* clang repeats the head for each level */
  } else if (p->in_chain && l.n > 0 && l.p[0] == ' ' && span_starts(span_trim(l), "from ")) {
    text_span t = span_trim(l);
    rest = (text_span){t.p + 5, t.n - 5};
  } else {
    return false;
  }
  while (rest.n > 0 && (rest.p[rest.n - 1] == ':' || rest.p[rest.n - 1] == ',')) rest.n--;
  json_t *where = json_object();
  diag_location(where, rest);
  json_array_append_new(p->chain, where);
  p->in_chain = true;
  return true;
}

/* "file.c: In function 'main':" (GCC) and "ld: x.o: in function `main':" (ld). */
static bool function_line(parser *p, text_span l) {
  size_t at = span_find(l, ": In function ");
  if (at == SIZE_MAX) at = span_find(l, ": in function ");
  if (at == SIZE_MAX) at = span_find(l, ": In member function ");
  bool top = at == SIZE_MAX;
  if (top) at = span_find(l, ": At top level:");
  if (at == SIZE_MAX) return false;
  json_decref(p->function);
  json_decref(p->function_file);
  p->function = top ? NULL : diag_quoted(l, at);
  p->function_file = top ? NULL : diag_text(l.p, at);
  return true;
}

static json_t *diag_new_parser_result(parser *p) {
  json_t *out = json_object();
  json_object_set_new(out, "diagnostics", p->list);
  json_object_set_new(out, "errors", json_integer(p->errors));
  json_object_set_new(out, "warnings", json_integer(p->warnings));
  json_object_set_new(out, "notes", json_integer(p->notes));
  json_decref(p->chain);
  json_decref(p->function);
  json_decref(p->function_file);
  diag_caret_reset(&p->caret);
  return out;
}

static void one_line(parser *p, text_span l) {
  if (p->cmake && diag_cmake_more(p->cmake, l)) return;
  p->cmake = NULL;
  bool warning = false;
  json_t *d = diag_cmake_start(l, &warning);
  if (d) {
    p->cmake = d;
    add_diag(p, d, warning ? "warning" : "error");
    return;
  }
  if (include_line(p, l)) return;
  p->in_chain = false;
  if (p->caret.added && p->last && span_starts(l, "fix-it:\"")) { /* the exact form replaces the text form */
    json_object_del(p->last, "fixits");
    p->caret.added = false;
  }
  if (diag_fixit_line(p->last, l)) return;
  if (diag_linker_note(p->last, l)) return;
  d = diag_linker_line(l);
  if (d) {
    take_function(p, d, false);
    add_diag(p, d, "error");
    return;
  }
  if (compiler_line(p, l) || function_line(p, l)) return;
  diag_caret_line(&p->caret, p->last, l);
}

json_t *z3_diag_parse(const char *text, size_t len) {
  parser p = {.list = json_array()};
  if (!p.list) return NULL;
  for (size_t i = 0; i < len;) {
    const char *nl = memchr(text + i, '\n', len - i);
    size_t n = nl ? (size_t)(nl - text) - i : len - i;
    text_span l = {text + i, n};
    if (l.n > 0 && l.p[l.n - 1] == '\r') l.n--;
    one_line(&p, l);
    i += n + 1;
  }
  return diag_new_parser_result(&p);
}
