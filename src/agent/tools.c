/* Tool names, schemas and the MCP tool list, all derived from the command table. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "agent/tools.h"

/* Whether text, read as z3_command_tool_name writes it (non-alphanumerics as '_'), starts
 * name; returns the rest of name, or NULL. */
static const char *match_part(const char *name, const char *text) {
  for (; *text; text++, name++) {
    char c = isalnum((unsigned char)*text) ? *text : '_';
    if (*name != c) return NULL;
  }
  return name;
}

/* Compared in place, not through z3_command_tool_name: the MCP server looks every listed
 * tool up at start, and a string made per command per lookup was most of that start. */
const z3_command *z3_tool_find(const char *name) {
  for (size_t i = 0; name && i < z3_command_count; i++) {
    const char *rest = match_part(name, z3_commands[i].resource);
    if (rest && *rest == '_') rest = match_part(rest + 1, z3_commands[i].action);
    else rest = NULL;
    if (rest && *rest == '\0') return &z3_commands[i];
  }
  return NULL;
}

/* "max-ranges" -> "max_ranges"; out has room for 64 bytes. */
static void property_name(const char *flag, char out[64]) {
  size_t i = 0;
  for (; flag[i] && i < 63; i++) out[i] = flag[i] == '-' ? '_' : flag[i];
  out[i] = '\0';
}

static json_t *arg_schema(const z3_arg_spec *a) {
  json_t *p = json_object();
  const char *type = "string";
  char desc[512];
  snprintf(desc, sizeof desc, "%s", a->help);
  switch (a->type) {
    case Z3_ARG_INT: type = "integer"; break;
    case Z3_ARG_BOOL: type = "boolean"; break;
    case Z3_ARG_ADDRESS:
      snprintf(desc, sizeof desc, "%s (SNES address: $BB:AAAA, BB:AAAA or 0xBBAAAA)", a->help);
      json_object_set_new(p, "pattern", json_string("^([$]|0[xX])?[0-9A-Fa-f]{1,2}:?[0-9A-Fa-f]{4}$"));
      break;
    case Z3_ARG_PATH: snprintf(desc, sizeof desc, "%s (file path)", a->help); break;
    case Z3_ARG_OUT_PATH: snprintf(desc, sizeof desc, "%s (file path this call writes)", a->help); break;
    case Z3_ARG_LIST:
      type = "array";
      json_object_set_new(p, "items", json_pack("{s:s}", "type", "string"));
      break;
    default: break;
  }
  json_object_set_new(p, "type", json_string(type));
  json_object_set_new(p, "description", json_string(desc));
  if (a->choices) {
    json_t *e = json_array();
    for (const char *const *c = a->choices; *c; c++) json_array_append_new(e, json_string(*c));
    json_object_set_new(p, "enum", e);
  }
  if (a->type == Z3_ARG_INT && a->min < a->max) {
    json_object_set_new(p, "minimum", json_integer(a->min));
    json_object_set_new(p, "maximum", json_integer(a->max));
  }
  return p;
}

json_t *z3_tool_input_schema(const z3_command *cmd) {
  json_t *schema = json_object(), *props = json_object(), *required = json_array();
  json_object_set_new(schema, "type", json_string("object"));
  for (size_t i = 0; z3_command_arg_at(cmd, i); i++) {
    const z3_arg_spec *a = z3_command_arg_at(cmd, i);
    char name[64];
    property_name(a->name, name);
    json_object_set_new(props, name, arg_schema(a));
    if (a->required) json_array_append_new(required, json_string(name));
  }
  json_object_set_new(schema, "properties", props);
  if (json_array_size(required)) json_object_set_new(schema, "required", required);
  else json_decref(required);
  return schema;
}

json_t *z3_tool_output_schema(const z3_command *cmd) {
  json_t *schema = json_object(), *props = json_object();
  json_object_set_new(schema, "type", json_string("object"));
  for (const z3_field_spec *f = cmd->returns; f && f->name; f++) {
    json_t *p = json_object();
    if (strcmp(f->type, "any") != 0) {
      json_t *types = json_array(); /* a value may be null (nothing written, no match...) */
      json_array_append_new(types, json_string(f->type));
      json_array_append_new(types, json_string("null"));
      json_object_set_new(p, "type", types);
    }
    json_object_set_new(p, "description", json_string(f->help));
    json_object_set_new(props, f->name, p);
  }
  json_object_set_new(schema, "properties", props);
  return schema;
}

json_t *z3_tool_annotations(const z3_command *cmd) {
  json_t *a = json_object();
  bool read_only = cmd->safety == Z3_SAFETY_READ_ONLY || cmd->safety == Z3_SAFETY_RUNS_EMULATOR;
  json_object_set_new(a, "title", json_string(cmd->summary));
  json_object_set_new(a, "readOnlyHint", json_boolean(read_only));
  if (!read_only) {
    /* Overwriting a ROM or a file destroys what was there (a backup is kept, but a
     * client should still ask); writing the same arguments twice gives the same result. */
    json_object_set_new(a, "destructiveHint", json_true());
    json_object_set_new(a, "idempotentHint", json_true());
  }
  json_object_set_new(a, "openWorldHint", json_boolean(cmd->safety == Z3_SAFETY_NETWORK));
  return a;
}

json_t *z3_tools_list(void) {
  json_t *list = json_array();
  for (size_t i = 0; i < z3_command_count; i++) {
    const z3_command *c = &z3_commands[i];
    json_t *t = json_object();
    char *name = z3_command_tool_name(c);
    char *title = z3_strfmt("z3ed %s %s", c->resource, c->action);
    char *desc = z3_strfmt("%s. %s", c->summary, c->description);
    json_object_set_new(t, "name", json_string(name ? name : ""));
    json_object_set_new(t, "title", json_string(title ? title : ""));
    json_object_set_new(t, "description", json_string(desc ? desc : ""));
    json_t *in = z3_tool_input_schema(c);
    json_object_set_new(in, "additionalProperties", json_false());
    json_object_set_new(t, "inputSchema", in);
    json_object_set_new(t, "outputSchema", z3_tool_output_schema(c));
    json_object_set_new(t, "annotations", z3_tool_annotations(c));
    z3_free(name);
    z3_free(title);
    z3_free(desc);
    json_array_append_new(list, t);
  }
  return list;
}

/* Keywords some provider rejects (agent-protocols §4.2); the generated schemas
 * use none of the others on that list (const, oneOf, $ref, type arrays...). */
static void sanitize(json_t *node, z3_provider_dialect d) {
  static const char *const rejected[] = {"$schema", "$id", "$comment", "additionalProperties",
                                         "propertyNames", "patternProperties"};
  if (!json_is_object(node)) return;
  if (d != Z3_DIALECT_MCP) {
    for (size_t i = 0; i < sizeof rejected / sizeof rejected[0]; i++) json_object_del(node, rejected[i]);
  }
  json_t *props = json_object_get(node, "properties");
  const char *key;
  json_t *child;
  json_object_foreach(props, key, child) sanitize(child, d);
  sanitize(json_object_get(node, "items"), d);
}

json_t *z3_tool_schema_for_provider(const json_t *schema, z3_provider_dialect d) {
  json_t *copy = json_deep_copy(schema);
  sanitize(copy, d);
  return copy;
}
