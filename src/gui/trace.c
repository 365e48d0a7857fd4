/* gui/trace: see trace.h. The origin is the process's start time (/proc/self/stat, in clock
 * ticks since boot) on CLOCK_BOOTTIME, so what runs before main() (the loader relocating GTK and
 * its libraries) is counted too; the tick is 10 ms, coarse but unbiased. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gui/trace.h"

static int enabled = -1; /* -1: not looked up yet */
static double origin_ms;

static double boottime_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_BOOTTIME, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Field 22 of /proc/self/stat, after the command name in parentheses (which may hold spaces). */
static double start_ms(void) {
  char buf[1024] = "";
  FILE *f = fopen("/proc/self/stat", "r");
  size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
  if (f) fclose(f);
  buf[n] = 0;
  const char *p = strrchr(buf, ')');
  unsigned long long ticks = 0;
  if (p && sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu", &ticks) == 1)
    return (double)ticks * 1e3 / (double)sysconf(_SC_CLK_TCK);
  return boottime_ms();
}

void gui_trace(const char *phase) {
  if (enabled < 0) {
    enabled = getenv("YAZE_TRACE") != NULL;
    if (enabled) origin_ms = start_ms();
  }
  if (enabled) fprintf(stderr, "yaze-trace %7.1f %s\n", boottime_ms() - origin_ms, phase);
}
