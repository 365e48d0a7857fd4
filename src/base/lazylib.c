/* Loading libraries on first use (see lazylib.h). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "base/lazylib.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char last_error[256];

void *z3_lazylib_open(void **slot, bool *tried, const char *soname) {
  pthread_mutex_lock(&lock);
  if (!*tried) {
    *tried = true;
    /* RTLD_LOCAL: its symbols must never resolve our forwarding functions of the same names. */
    *slot = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!*slot) {
      const char *why = dlerror();
      snprintf(last_error, sizeof last_error, "cannot load %s: %s", soname, why ? why : "unknown reason");
      fprintf(stderr, "z3ed: error: %s\n", last_error);
    }
  }
  void *lib = *slot;
  pthread_mutex_unlock(&lock);
  return lib;
}

void *z3_lazylib_sym(void *lib, const char *name) {
  return lib ? dlsym(lib, name) : NULL;
}

z3_lazylib_fn z3_lazylib_function(void **slot, bool *tried, const char *soname, const char *name) {
  void *p = z3_lazylib_sym(z3_lazylib_open(slot, tried, soname), name);
  z3_lazylib_fn f;
  memcpy(&f, &p, sizeof f); /* object to function pointer: the POSIX way, without a cast */
  return p ? f : NULL;
}

const char *z3_lazylib_error(void) {
  return last_error;
}
