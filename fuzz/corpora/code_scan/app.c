#include <stdio.h>
#include "app.h"
/* util_clamp(1) in a comment is not a call */
static int scale(int v) { return util_clamp(v * 2, 0, 100); }
int app_run(const app_config *cfg) {
  const char *s = "util_clamp(2) in a string";
  printf("%s %d\n", s, scale(cfg->width));
  return util_clamp(cfg->width, 0, 640);
}
