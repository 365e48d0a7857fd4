/* libfyaml on first use (see lazylib.h): YAML is read for policies, suites and
 * --output-format yaml only, so most processes never load it. */
#include <errno.h>
#include <fcntl.h>
#include <libfyaml.h>
#include <signal.h>
#include <stddef.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/lazylib.h"

static void *lib;
static bool tried;

static z3_lazylib_fn get(const char *name) { return z3_lazylib_function(&lib, &tried, "libfyaml.so.0", name); }

#define LOOKUP(type, name) Z3_LAZYLIB_LOOKUP(get, type, name)

/* Without the library no document is ever built, so the rest only see NULLs. */
#define FORWARD(ret, name, params, args, fallback) \
  ret name params {                                \
    LOOKUP(ret(*) params, name);                   \
    return fn ? fn args : fallback;                \
  }
#define FORWARD_VOID(name, params, args) \
  void name params {                     \
    LOOKUP(void(*) params, name);        \
    if (fn) fn args;                     \
  }

/* ---- parsing outside text, crash-proof --------------------------------------------
 * libfyaml 0.7.12 (Debian 12's) crashes on some malformed YAML while it cleans up after
 * the parse error (fuzzing found `? -:<tab>-`), and a crash there would take z3ed, a
 * server or the editor down with it. So a text is first parsed in a child process and
 * parsed here only when the child came back: the same parse of the same text takes the
 * same path. A parse that crashed the child returns NULL, as a refused text does. */
typedef struct fy_document *(*build_fn)(const struct fy_parse_cfg *, const char *, size_t);

static _Thread_local bool last_crashed;

bool z3_yaml_parser_crashed(void) { return last_crashed; }

/* The sanitizers' hook, present only in their builds: libFuzzer's would save the
 * text as a crash of the fuzzer's own when the child dies. */
extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

static void child_parse(build_fn fn, const struct fy_parse_cfg *cfg, const char *str, size_t len) {
  int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null >= 0) dup2(null, STDERR_FILENO); /* a crash report is the child's own business */
  if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(NULL);
  static const int deadly[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGALRM};
  for (size_t i = 0; i < sizeof deadly / sizeof deadly[0]; i++) signal(deadly[i], SIG_DFL);
  alarm(10); /* a parse that never ends counts as a crash */
  fn(cfg, str, len);
  _exit(0);
}

static bool parse_survives(build_fn fn, const struct fy_parse_cfg *cfg, const char *str, size_t len) {
  pid_t pid = fork();
  if (pid < 0) return true; /* no process to spare: parse here, as without the guard */
  if (pid == 0) child_parse(fn, cfg, str, len);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return true;
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

struct fy_document *fy_document_build_from_string(const struct fy_parse_cfg *cfg, const char *str, size_t len) {
  LOOKUP(build_fn, fy_document_build_from_string);
  last_crashed = fn && !parse_survives(fn, cfg, str, len);
  return fn && !last_crashed ? fn(cfg, str, len) : NULL;
}
FORWARD(struct fy_document *, fy_document_create, (const struct fy_parse_cfg *cfg), (cfg), NULL)
FORWARD_VOID(fy_document_destroy, (struct fy_document * fyd), (fyd))
FORWARD(struct fy_node *, fy_document_root, (struct fy_document * fyd), (fyd), NULL)
FORWARD(int, fy_document_set_root, (struct fy_document * fyd, struct fy_node *fyn), (fyd, fyn), -1)
FORWARD(char *, fy_emit_document_to_string, (struct fy_document * fyd, enum fy_emitter_cfg_flags flags), (fyd, flags), NULL)
FORWARD(enum fy_node_type, fy_node_get_type, (struct fy_node * fyn), (fyn), FYNT_SCALAR)
FORWARD(enum fy_node_style, fy_node_get_style, (struct fy_node * fyn), (fyn), FYNS_PLAIN)
FORWARD(const char *, fy_node_get_scalar, (struct fy_node * fyn, size_t *lenp), (fyn, lenp), NULL)
FORWARD(struct fy_token *, fy_node_get_scalar_token, (struct fy_node * fyn), (fyn), NULL)
FORWARD(const struct fy_mark *, fy_token_start_mark, (struct fy_token * fyt), (fyt), NULL)
FORWARD(struct fy_node *, fy_node_sequence_iterate, (struct fy_node * fyn, void **prevp), (fyn, prevp), NULL)
FORWARD(struct fy_node_pair *, fy_node_mapping_iterate, (struct fy_node * fyn, void **prevp), (fyn, prevp), NULL)
FORWARD(struct fy_node *, fy_node_pair_key, (struct fy_node_pair * fynp), (fynp), NULL)
FORWARD(struct fy_node *, fy_node_pair_value, (struct fy_node_pair * fynp), (fynp), NULL)
FORWARD(struct fy_node *, fy_node_mapping_lookup_by_string, (struct fy_node * fyn, const char *key, size_t len),
        (fyn, key, len), NULL)
FORWARD(int, fy_node_sequence_item_count, (struct fy_node * fyn), (fyn), -1)
FORWARD(int, fy_node_mapping_item_count, (struct fy_node * fyn), (fyn), -1)
FORWARD(struct fy_node *, fy_node_create_scalar_copy, (struct fy_document * fyd, const char *data, size_t size),
        (fyd, data, size), NULL)
FORWARD(struct fy_node *, fy_node_create_sequence, (struct fy_document * fyd), (fyd), NULL)
FORWARD(struct fy_node *, fy_node_create_mapping, (struct fy_document * fyd), (fyd), NULL)
FORWARD(struct fy_node *, fy_node_build_from_string, (struct fy_document * fyd, const char *str, size_t len),
        (fyd, str, len), NULL)
FORWARD(int, fy_node_sequence_append, (struct fy_node * seq, struct fy_node *fyn), (seq, fyn), -1)
FORWARD(int, fy_node_mapping_append, (struct fy_node * map, struct fy_node *key, struct fy_node *value),
        (map, key, value), -1)
FORWARD(struct fy_diag *, fy_diag_create, (const struct fy_diag_cfg *cfg), (cfg), NULL)
FORWARD_VOID(fy_diag_destroy, (struct fy_diag * diag), (diag))
FORWARD_VOID(fy_diag_cfg_default, (struct fy_diag_cfg * cfg), (cfg))
FORWARD_VOID(fy_diag_set_collect_errors, (struct fy_diag * diag, bool collect), (diag, collect))
FORWARD(const char *, fy_node_get_scalar0, (struct fy_node * fyn), (fyn), NULL)
FORWARD(struct fy_diag_error *, fy_diag_errors_iterate, (struct fy_diag * diag, void **prevp), (diag, prevp), NULL)
