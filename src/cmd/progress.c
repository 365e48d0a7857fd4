/* Progress of long commands, handed to whichever front end listens (cmd.h). */
#include <stdarg.h>
#include <stdio.h>

#include "cmd/cmd.h"

static z3_progress_sink current_sink;
static void *current_data;

void z3_cmd_progress_sink(z3_progress_sink sink, void *data) {
  current_sink = sink;
  current_data = data;
}

void z3_cmd_progress(const char *fmt, ...) {
  if (!current_sink) return;
  char text[256];
  va_list ap;
  va_start(ap, fmt);
  z3_vformat(text, sizeof text, fmt, ap);
  va_end(ap);
  current_sink(text, current_data);
}
