/* `agent describe`: the catalog cmd/ derives from the table, as a command of the agent resource. */
#include "agent/handlers_agent.h"

z3_status cmd_agent_describe(z3_cmd_ctx *ctx, z3_error *err) {
  const char *resource = z3_arg_str(ctx, "resource");
  if (resource && !z3_resource_exists(resource)) {
    z3_error_set(err, Z3_E_NOT_FOUND, "unknown resource '%s'", resource);
    const char *near = z3_suggest_resource(resource);
    if (near) z3_error_hint(err, "did you mean '%s'?", near);
    return Z3_E_NOT_FOUND;
  }
  json_t *catalog = z3_catalog_json(resource, z3_arg_str(ctx, "version"));
  json_object_update(ctx->result, catalog);
  json_decref(catalog);
  return Z3_OK;
}
