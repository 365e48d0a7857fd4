/* Status codes and the caller-passed error: first (innermost) message wins. */
#include <stdio.h>
#include <string.h>

#include "base.h"

void z3_error_init(z3_error *err) {
  if (!err) return;
  memset(err, 0, sizeof *err);
  err->offset = -1;
}

static z3_status error_vset(z3_error *err, z3_status code, int64_t offset, const char *fmt,
                            va_list ap) {
  if (!err || err->code != Z3_OK) return code;
  err->code = code;
  err->offset = offset;
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  /* messages quote what was read (and may be cut short): kept as text, not dropped from JSON */
  z3_utf8_fix(err->message);
  return code;
}

z3_status z3_error_set(z3_error *err, z3_status code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  error_vset(err, code, -1, fmt, ap);
  va_end(ap);
  return code;
}

z3_status z3_error_set_at(z3_error *err, z3_status code, int64_t offset, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  error_vset(err, code, offset, fmt, ap);
  va_end(ap);
  return code;
}

void z3_error_hint(z3_error *err, const char *fmt, ...) {
  if (!err || err->hint[0]) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->hint, sizeof err->hint, fmt, ap);
  va_end(ap);
  z3_utf8_fix(err->hint);
}

const char *z3_status_name(z3_status code) {
  switch (code) {
    case Z3_OK: return "ok";
    case Z3_E_USAGE: return "usage";
    case Z3_E_INVALID: return "invalid_input";
    case Z3_E_NOT_FOUND: return "not_found";
    case Z3_E_IO: return "io";
    case Z3_E_NOMEM: return "out_of_memory";
    case Z3_E_CHECK: return "check_failed";
    case Z3_E_INTERNAL: return "internal";
  }
  return "internal";
}

int z3_status_exit_code(z3_status st) {
  switch (st) {
    case Z3_OK: return 0;
    case Z3_E_CHECK: return 1;
    case Z3_E_USAGE:
    case Z3_E_INVALID:
    case Z3_E_NOT_FOUND: return 2;
    case Z3_E_IO:
    case Z3_E_NOMEM: return 3;
    case Z3_E_INTERNAL: return 4;
  }
  return 4;
}
