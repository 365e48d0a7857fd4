#ifndef APP_H
#define APP_H
#include "util.h"

typedef struct app_config {
  int width;
  const char *title;
} app_config;

typedef struct {
  int x, y;
} point;

enum color { RED, GREEN };

int app_run(const app_config *cfg);
#endif
