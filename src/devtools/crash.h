/*
 * Crash reports into structured results: AddressSanitizer and the other
 * sanitizers' "ERROR:" reports, UBSan runtime errors, glibc backtraces
 * (backtrace_symbols_fd and its "*** ... ***" aborts) and gdb's `bt` output.
 */
#ifndef Z3_DEVTOOLS_CRASH_H
#define Z3_DEVTOOLS_CRASH_H

#include <jansson.h>
#include <stddef.h>

#include "base/base.h"

enum { Z3_CRASH_MAX_FRAMES = 64 };

/*
 * Parses text into *out: format, crash_type, signal, address, access,
 * stack_trace (frame, address, function, file, line, column, module,
 * is_user_code), crash_site, allocated_by / freed_by, likely_cause,
 * suggested_fixes. A frame is user code when its file or module lies under
 * root_real (relative files are looked up there); root_real may be NULL (no
 * frame is user code then). Text in no known format is Z3_E_INVALID.
 */
z3_status z3_crash_parse(const char *text, size_t len, const char *root_real, json_t **out,
                         z3_error *err);

/* The verdict on a parsed crash (crash_cause.c): crash_site (the first user
 * frame that names its function, else the first user frame, else frame 0),
 * likely_cause and suggested_fixes, as an object whose
 * fields the caller merges into its result. */
json_t *z3_crash_conclude(const char *type, const char *signal, const char *address,
                          const json_t *frames, const json_t *freed_by, const char *region);

#endif
