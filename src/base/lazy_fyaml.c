/* libfyaml on first use (see lazylib.h): YAML is read for policies, suites and
 * --output-format yaml only, so most processes never load it. */
#include <libfyaml.h>
#include <stddef.h>

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

FORWARD(struct fy_document *, fy_document_build_from_string, (const struct fy_parse_cfg *cfg, const char *str, size_t len),
        (cfg, str, len), NULL)
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
