/*
 * base/lazylib: libraries most commands never use, loaded on first use.
 *
 * libcurl alone pulls in some 25 shared libraries (TLS, Kerberos, LDAP...),
 * and YAML is needed by a few commands only;
 * linking it and SQLite normally made every z3ed process, `--version`
 * included, map and relocate all of them. lazy_curl.c, lazy_sqlite.c and lazy_fyaml.c define
 * the functions z3ed calls under their own names and forward to the library
 * opened with dlopen on the first call, so callers are unchanged and the
 * libraries are not on the link line. When one cannot be loaded, the calls
 * fail the way the library reports failure and the reason is said once.
 */
#ifndef Z3_BASE_LAZYLIB_H
#define Z3_BASE_LAZYLIB_H

#include <stdbool.h>

/* dlopen(soname) once per handle slot; NULL when it cannot be loaded (said on stderr once). */
void *z3_lazylib_open(void **slot, bool *tried, const char *soname);
/* The symbol's address as a function pointer's bits, or NULL. */
void *z3_lazylib_sym(void *lib, const char *name);
typedef void (*z3_lazylib_fn)(void);
/* fy_document_build_from_string returns NULL, too, when libfyaml crashed on the
 * text (in a child process, lazy_fyaml.c): true then, until the next parse of
 * this thread. Callers word that error themselves. */
bool z3_yaml_parser_crashed(void);
#define Z3_YAML_CRASHED "not valid YAML: libfyaml 0.7, the YAML reader, crashes on this text (a bug of its own, " \
                        "kept out of z3ed by reading in a separate process); look for a stray '?', tab or colon"
/* The function `name` of the library soname (opened into slot on first use),
 * or NULL when the library or the symbol is missing. */
z3_lazylib_fn z3_lazylib_function(void **slot, bool *tried, const char *soname, const char *name);
/* In a forwarding function: declares `fn`, the library's `name` of type
 * `type`, looked up once through get(name) (threads may race to do it, hence
 * the atomics). */
#define Z3_LAZYLIB_LOOKUP(get, type, name)                              \
  static __typeof__(type) cached;                                       \
  __typeof__(type) fn = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);     \
  if (!fn) {                                                            \
    fn = (__typeof__(type))get(#name);                                  \
    __atomic_store_n(&cached, fn, __ATOMIC_RELEASE);                    \
  }
/* Why the last open failed ("" when it did not). */
const char *z3_lazylib_error(void);

#endif
