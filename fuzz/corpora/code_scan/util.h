#ifndef UTIL_H
#define UTIL_H
#include "app.h"
#include <stddef.h>
int util_clamp(int v, int lo, int hi);
#endif
