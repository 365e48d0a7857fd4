/* Crash report parser: one pass over the lines, each recognised by its shape. */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "devtools/code_support.h"
#include "devtools/crash.h"

typedef struct crash {
  const char *root;
  const char *format;       /* asan, ubsan, glibc-backtrace, gdb; NULL until known */
  char type[64];
  char signal[16];
  char address[40];
  char access[8];
  long access_size;
  char message[512];
  char region[512];
  json_t *main_frames, *allocated_by, *freed_by;
  json_t *current;          /* where frames go now */
  size_t frame_count, frames_dropped;
  bool gdb_seen;
  /* UBSan's "file:line:col: runtime error:" location: the stack when none follows it */
  bool ubsan_located;
  char ubsan_file[1024];
  long ubsan_line, ubsan_column;
} crash;

/* Cut short, a field ends before a character, never inside one: the lines are valid
 * UTF-8 (z3_utf8_fix), and jansson makes no string of invalid UTF-8, so half a
 * character would turn the field (a crash type, a function, the cause) into null. */
static void copy_field(char *dst, size_t cap, const char *src, size_t n) {
  if (n >= cap) {
    n = cap - 1;
    while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80) n--;
  }
  memcpy(dst, src, n);
  dst[n] = '\0';
}

static void set_once(char *dst, size_t cap, const char *src) {
  if (!dst[0]) copy_field(dst, cap, src, strlen(src));
}

static bool starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

static const char *skip_space(const char *s) {
  while (*s == ' ' || *s == '\t') s++;
  return s;
}

/* ---- user code ----------------------------------------------------------- */

/* A module (a binary) given relatively is looked up in the root; a source
 * file starting with ./ or ../ is glibc's own ("./nptl/...", "../sysdeps/..."). */
static bool is_user_path(const crash *c, const char *path, bool module) {
  if (!c->root || !path || !*path) return false;
  if (path[0] == '/') return z3_dt_root_relative(c->root, path) != NULL;
  if (module && starts(path, "./")) path += 2;
  else if (starts(path, "../") || starts(path, "./")) return false;
  char *full = z3_strfmt("%s/%s", c->root, path);
  struct stat st;
  bool found = full && stat(full, &st) == 0;
  free(full);
  return found;
}

/* ---- frames -------------------------------------------------------------- */

static void add_frame(crash *c, long index, const char *address, const char *function,
                      const char *file, long line, long column, const char *module) {
  if (c->current == c->main_frames) c->frame_count++;
  if (json_array_size(c->current) >= Z3_CRASH_MAX_FRAMES) {
    if (c->current == c->main_frames) c->frames_dropped++;
    return;
  }
  json_t *f = json_object();
  json_object_set_new(f, "frame", json_integer(index));
  if (address && *address) json_object_set_new(f, "address", json_string(address));
  json_object_set_new(f, "function", function && *function ? json_string(function) : json_null());
  if (file && *file) json_object_set_new(f, "file", json_string(file));
  if (line > 0) json_object_set_new(f, "line", json_integer(line));
  if (column > 0) json_object_set_new(f, "column", json_integer(column));
  if (module && *module) json_object_set_new(f, "module", json_string(module));
  bool user = file && *file ? is_user_path(c, file, false) : is_user_path(c, module, true);
  json_object_set_new(f, "is_user_code", json_boolean(user));
  json_array_append_new(c->current, f);
}

/* "path/file.c:12:5" into file, line, column (the last one or two numbers). */
static void split_location(const char *loc, char *file, size_t cap, long *line, long *column) {
  *line = *column = 0;
  size_t n = strlen(loc);
  const char *colon = memrchr(loc, ':', n);
  if (colon && isdigit((unsigned char)colon[1])) {
    long last = strtol(colon + 1, NULL, 10);
    const char *prev = memrchr(loc, ':', (size_t)(colon - loc));
    if (prev && isdigit((unsigned char)prev[1]) && strspn(prev + 1, "0123456789") == (size_t)(colon - prev - 1)) {
      *line = strtol(prev + 1, NULL, 10);
      *column = last;
      n = (size_t)(prev - loc);
    } else {
      *line = last;
      n = (size_t)(colon - loc);
    }
  }
  copy_field(file, cap, loc, n);
}

/* Sanitizer frame: "#3 0x4f5a in func /src/a.c:12:5" or "#3 0x4f5a in func (lib.so+0x12)"
 * or "#3 0x4f5a  (lib.so+0x12)"; an optional "(BuildId: ...)" at the end. */
static bool parse_sanitizer_frame(crash *c, const char *s) {
  char *end;
  long index = strtol(s + 1, &end, 10);
  if (end == s + 1) return false;
  const char *p = skip_space(end);
  if (!starts(p, "0x")) return false;
  size_t alen = strspn(p + 2, "0123456789abcdefABCDEF") + 2;
  char address[40], function[512] = "", where[1024] = "", file[1024] = "", module[1024] = "";
  copy_field(address, sizeof address, p, alen);
  p = skip_space(p + alen);
  if (starts(p, "in ")) {
    p += 3;
    size_t fn = strcspn(p, " ");
    copy_field(function, sizeof function, p, fn);
    p = skip_space(p + fn);
  }
  copy_field(where, sizeof where, p, strlen(p));
  char *build_id = strstr(where, " (BuildId:");
  if (build_id) *build_id = '\0';
  long line = 0, column = 0;
  if (where[0] == '(') {
    char *plus = strrchr(where, '+');
    copy_field(module, sizeof module, where + 1, plus ? (size_t)(plus - where - 1) : strcspn(where + 1, ")"));
  } else if (where[0]) {
    split_location(where, file, sizeof file, &line, &column);
  }
  add_frame(c, index, address, function, file, line, column, module);
  return true;
}

/* The "(args)" after a gdb frame's function: returns the text past the closing paren. */
static const char *skip_parens(const char *p) {
  int depth = 0;
  for (; *p; p++) {
    if (*p == '(') depth++;
    if (*p == ')' && --depth == 0) return p + 1;
  }
  return NULL;
}

/* gdb frame: "#0  0x000055555555513d in main () at crash.c:5" or "#1  main (argc=1) at a.c:9"
 * or "#2  0x00007f... in __libc_start_main () from /lib/x86_64-linux-gnu/libc.so.6". */
static bool parse_gdb_frame(crash *c, const char *s) {
  char *end;
  long index = strtol(s + 1, &end, 10);
  if (end == s + 1) return false;
  const char *p = skip_space(end);
  if (index == 0 && c->current == c->main_frames) {
    /* gdb shows frame 0 where it stopped, then again at the top of `bt` */
    json_array_clear(c->main_frames);
    c->frame_count = c->frames_dropped = 0;
  }
  char address[40] = "", function[512], file[1024] = "", module[1024] = "";
  if (starts(p, "0x")) {
    size_t alen = strspn(p + 2, "0123456789abcdefABCDEF") + 2;
    copy_field(address, sizeof address, p, alen);
    p = skip_space(p + alen);
    if (!starts(p, "in ")) return false;
    p += 3;
  }
  size_t fn = strcspn(p, " (");
  if (fn == 0) return false;
  copy_field(function, sizeof function, p, fn);
  const char *rest = skip_parens(skip_space(p + fn));
  if (!rest) return false;
  rest = skip_space(rest);
  long line = 0, column = 0;
  if (starts(rest, "at ")) split_location(rest + 3, file, sizeof file, &line, &column);
  if (starts(rest, "from ")) copy_field(module, sizeof module, rest + 5, strlen(rest + 5));
  add_frame(c, index, address, strcmp(function, "??") == 0 ? NULL : function, file, line, 0, module);
  return true;
}

/* backtrace_symbols_fd: "./prog(func+0x1d)[0x55d2...]", "/lib/libc.so.6(+0x29d90)[0x7f...]",
 * "./prog[0x401136]". */
static bool parse_glibc_frame(crash *c, const char *s) {
  size_t n = strlen(s);
  if (n < 4 || s[n - 1] != ']') return false;
  const char *open = memrchr(s, '[', n);
  if (!open || !starts(open + 1, "0x")) return false;
  char module[1024], function[512] = "", address[40];
  copy_field(address, sizeof address, open + 1, (size_t)(s + n - 1 - open - 1));
  const char *paren = memchr(s, '(', (size_t)(open - s));
  copy_field(module, sizeof module, s, (size_t)((paren ? paren : open) - s));
  if (!module[0] || strchr(module, ' ')) return false;
  if (paren) {
    size_t fn = strcspn(paren + 1, "+)");
    copy_field(function, sizeof function, paren + 1, fn);
  }
  add_frame(c, (long)json_array_size(c->current), address, function, NULL, 0, 0, module);
  return true;
}

/* ---- header lines -------------------------------------------------------- */

static void copy_word(char *dst, size_t cap, const char *p) {
  copy_field(dst, cap, p, strcspn(p, " \t:"));
}

/* "==12==ERROR: AddressSanitizer: heap-use-after-free on address 0x6020... at pc ..." */
static bool parse_sanitizer_error(crash *c, const char *s) {
  const char *e = strstr(s, "ERROR: ");
  if (!e) return false;
  const char *tool = e + 7;
  const char *colon = strstr(tool, "Sanitizer: ");
  if (!colon) colon = strstr(tool, "Sanitizer:");
  if (!colon || strcspn(tool, " ") < (size_t)(colon - tool)) return false;
  c->format = starts(tool, "UndefinedBehavior") ? "ubsan" : "asan";
  /* the fatal report's stack replaces a UBSan location seen before it */
  json_array_clear(c->main_frames);
  c->frame_count = c->frames_dropped = 0;
  const char *p = skip_space(colon + 10);
  set_once(c->message, sizeof c->message, p);
  if (starts(p, "attempting double-free")) {
    set_once(c->type, sizeof c->type, "double-free");
  } else if (starts(p, "attempting free on address which was not malloc()-ed")) {
    set_once(c->type, sizeof c->type, "bad-free");
  } else if (starts(p, "detected memory leaks")) {
    set_once(c->type, sizeof c->type, "memory-leak");
  } else {
    copy_word(c->type, sizeof c->type, p);
  }
  const char *addr = strstr(p, " 0x");
  if (addr) copy_word(c->address, sizeof c->address, addr + 1);
  c->current = c->main_frames;
  return true;
}

static const char *ubsan_kind(const char *msg) {
  if (strstr(msg, "null pointer")) return "null-pointer";
  if (strstr(msg, "out of bounds")) return "index-out-of-bounds";
  if (strstr(msg, "misaligned")) return "misaligned-address";
  if (strstr(msg, "shift")) return "invalid-shift";
  if (strstr(msg, "overflow")) return "integer-overflow";
  if (strstr(msg, "division by zero")) return "division-by-zero";
  return "undefined-behavior";
}

/* "a.c:12:5: runtime error: load of null pointer of type 'int'" */
static bool parse_ubsan_error(crash *c, const char *s) {
  const char *r = strstr(s, ": runtime error: ");
  if (!r) return false;
  if (!c->format) c->format = "ubsan";
  if (!c->type[0]) {
    set_once(c->type, sizeof c->type, ubsan_kind(r + 17));
    set_once(c->message, sizeof c->message, r + 17);
    char loc[1024];
    copy_field(loc, sizeof loc, s, (size_t)(r - s));
    split_location(loc, c->ubsan_file, sizeof c->ubsan_file, &c->ubsan_line, &c->ubsan_column);
    c->ubsan_located = true;
    c->current = c->main_frames;
  }
  return true;
}

static const struct {
  const char *text, *type;
} glibc_aborts[] = {
    {"double free", "double-free"},
    {"stack smashing detected", "stack-buffer-overflow"},
    {"buffer overflow detected", "buffer-overflow"},
    {"free(): invalid pointer", "bad-free"},
    {"corrupted", "heap-corruption"},
    {"Segmentation fault", "SIGSEGV"},
    {"Aborted", "SIGABRT"},
};

static bool parse_glibc_message(crash *c, const char *s) {
  for (size_t i = 0; i < sizeof glibc_aborts / sizeof *glibc_aborts; i++) {
    if (strstr(s, glibc_aborts[i].text)) {
      if (!c->type[0] || strcmp(c->type, "SIGABRT") == 0) copy_word(c->type, sizeof c->type, glibc_aborts[i].type);
      set_once(c->message, sizeof c->message, s);
      return true;
    }
  }
  return false;
}

/* "Program received signal SIGSEGV, Segmentation fault." / "Program terminated with signal SIGABRT, Aborted." */
static bool parse_gdb_signal(crash *c, const char *s) {
  const char *p = strstr(s, "Program received signal ");
  if (p) p += 24;
  if (!p && (p = strstr(s, "Program terminated with signal ")) != NULL) p += 31;
  if (!p && c->gdb_seen && starts(s, "$1 = (void *) 0x")) {
    /* the -ex 'p $_siginfo...si_addr' debug-tools crash adds for cores */
    copy_word(c->address, sizeof c->address, s + 14);
    return true;
  }
  if (!p) {
    if (starts(s, "Core was generated by")) c->gdb_seen = true;
    return c->gdb_seen && starts(s, "Core was generated by");
  }
  c->gdb_seen = true;
  c->format = c->format ? c->format : "gdb";
  copy_field(c->signal, sizeof c->signal, p, strcspn(p, ",. "));
  if (!c->type[0] || strcmp(c->type, "SIGABRT") == 0) set_once(c->type, sizeof c->type, c->signal);
  set_once(c->message, sizeof c->message, p);
  c->current = c->main_frames;
  return true;
}

/* Details asan prints after the header. */
static void parse_sanitizer_detail(crash *c, const char *s) {
  if ((starts(s, "READ of size ") || starts(s, "WRITE of size "))) {
    copy_word(c->access, sizeof c->access, s);
    c->access_size = strtol(strstr(s, "size ") + 5, NULL, 10);
  } else if (strstr(s, "The signal is caused by a ")) {
    copy_word(c->access, sizeof c->access, strstr(s, "caused by a ") + 12);
  } else if (strstr(s, "freed by thread ")) {
    c->current = c->freed_by;
  } else if (strstr(s, "previously allocated by thread ") || strstr(s, "allocated by thread ")) {
    c->current = c->allocated_by;
  } else if (strstr(s, " is located ") && !c->region[0]) {
    set_once(c->region, sizeof c->region, s);
  } else if (strstr(s, "Hint: address points to the zero page")) {
    set_once(c->region, sizeof c->region, "address points to the zero page");
  } else if (strstr(s, "Direct leak of ") || strstr(s, "Indirect leak of ")) {
    c->current = json_array_size(c->main_frames) == 0 ? c->main_frames : c->allocated_by;
  }
}

static void parse_line(const char *raw, long number, void *data) {
  (void)number;
  crash *c = data;
  const char *s = skip_space(raw);
  if (*s == '#' && isdigit((unsigned char)s[1])) {
    bool sanitizer = c->format && strcmp(c->format, "gdb") != 0 && !c->gdb_seen;
    if (sanitizer ? parse_sanitizer_frame(c, s) : parse_gdb_frame(c, s) || parse_sanitizer_frame(c, s)) {
      if (!c->format) c->format = sanitizer ? "asan" : "gdb";
      return;
    }
  }
  if (parse_sanitizer_error(c, s) || parse_ubsan_error(c, s) || parse_gdb_signal(c, s)) return;
  if (c->format && (strcmp(c->format, "asan") == 0 || strcmp(c->format, "ubsan") == 0)) {
    parse_sanitizer_detail(c, s);
    return;
  }
  if (parse_glibc_frame(c, s)) {
    if (!c->format) c->format = "glibc-backtrace";
    return;
  }
  parse_glibc_message(c, s);
}

/* ---- the whole report ---------------------------------------------------- */

static json_t *result_json(crash *c) {
  if (c->ubsan_located && json_array_size(c->main_frames) == 0) {
    /* without print_stacktrace the location is the only frame there is; with it, the
     * stack's frame 0 is the same place, named */
    c->current = c->main_frames;
    add_frame(c, 0, NULL, NULL, c->ubsan_file, c->ubsan_line, c->ubsan_column, NULL);
  }
  json_t *r = json_object();
  json_object_set_new(r, "format", json_string(c->format));
  json_object_set_new(r, "crash_type", json_string(c->type[0] ? c->type : "unknown"));
  if (c->signal[0]) json_object_set_new(r, "signal", json_string(c->signal));
  json_object_set_new(r, "crash_address", c->address[0] ? json_string(c->address) : json_null());
  if (c->access[0]) json_object_set_new(r, "access", json_string(c->access));
  if (c->access_size) json_object_set_new(r, "access_size", json_integer(c->access_size));
  if (c->message[0]) json_object_set_new(r, "message", json_string(c->message));
  if (c->region[0]) json_object_set_new(r, "region", json_string(c->region));
  json_object_set_new(r, "frame_count", json_integer((json_int_t)c->frame_count));
  if (c->frames_dropped)
    json_object_set_new(r, "frames_truncated", json_integer((json_int_t)c->frames_dropped));
  json_object_set(r, "stack_trace", c->main_frames);
  if (json_array_size(c->allocated_by)) json_object_set(r, "allocated_by", c->allocated_by);
  if (json_array_size(c->freed_by)) json_object_set(r, "freed_by", c->freed_by);
  json_t *verdict = z3_crash_conclude(c->type, c->signal, c->address, c->main_frames, c->freed_by, c->region);
  json_object_update(r, verdict);
  json_decref(verdict);
  return r;
}

z3_status z3_crash_parse(const char *text, size_t len, const char *root_real, json_t **out,
                         z3_error *err) {
  crash c = {.root = root_real};
  c.main_frames = json_array();
  c.allocated_by = json_array();
  c.freed_by = json_array();
  c.current = c.main_frames;
  z3_dt_each_line(text, len, parse_line, &c);
  z3_status st = Z3_OK;
  if (!c.format) {
    st = z3_error_set(err, Z3_E_INVALID,
                      "the log is in no format I know: expected an AddressSanitizer or UBSan report, a glibc "
                      "backtrace or gdb `bt` output");
  } else {
    *out = result_json(&c);
  }
  json_decref(c.main_frames);
  json_decref(c.allocated_by);
  json_decref(c.freed_by);
  return st;
}
