/* The catalog (`agent describe`): the command table as JSON data. */
#include <string.h>

#include "cmd/cmd.h"

static const char *arg_type_name(z3_arg_type t) {
  switch (t) {
    case Z3_ARG_STRING: return "string";
    case Z3_ARG_INT: return "int";
    case Z3_ARG_ADDRESS: return "address";
    case Z3_ARG_PATH: return "path";
    case Z3_ARG_ENUM: return "enum";
    case Z3_ARG_BOOL: return "bool";
    case Z3_ARG_OUT_PATH: return "output-path";
    case Z3_ARG_LIST: return "list";
  }
  return "string";
}

static json_t *string_list(const char *const *items) {
  json_t *a = json_array();
  for (; items && *items; items++) json_array_append_new(a, json_string(*items));
  return a;
}

static json_t *arg_json(const z3_arg_spec *a) {
  json_t *o = json_object();
  json_object_set_new(o, "name", json_string(a->name));
  json_object_set_new(o, "type", json_string(arg_type_name(a->type)));
  json_object_set_new(o, "required", json_boolean(a->required));
  if (a->def) json_object_set_new(o, "default", json_string(a->def));
  if (a->choices) json_object_set_new(o, "choices", string_list(a->choices));
  if (a->type == Z3_ARG_INT && a->min < a->max) {
    json_object_set_new(o, "min", json_integer(a->min));
    json_object_set_new(o, "max", json_integer(a->max));
  }
  json_object_set_new(o, "help", json_string(a->help));
  return o;
}

static json_t *command_json(const z3_command *c) {
  json_t *o = json_object();
  char *tool = z3_command_tool_name(c);
  json_object_set_new(o, "name", json_string(tool ? tool : ""));
  z3_free(tool);
  json_object_set_new(o, "resource", json_string(c->resource));
  json_object_set_new(o, "action", json_string(c->action));
  json_object_set_new(o, "summary", json_string(c->summary));
  json_object_set_new(o, "description", json_string(c->description));
  json_object_set_new(o, "safety", json_string(z3_safety_name(c->safety)));
  json_object_set_new(o, "needs_rom", json_boolean(c->flags & Z3_CMD_NEEDS_ROM));
  json_object_set_new(o, "supports_dry_run",
                      json_boolean(c->flags & (Z3_CMD_MUTATES_ROM | Z3_CMD_WRITES_FILE)));
  json_object_set_new(o, "check", json_boolean(c->flags & Z3_CMD_CHECK));
  json_object_set_new(o, "person_only", json_boolean(c->flags & Z3_CMD_PERSON_ONLY));
  json_object_set_new(o, "effects", string_list(c->effects));
  json_t *args = json_array();
  for (size_t i = 0; z3_command_arg_at(c, i); i++) json_array_append_new(args, arg_json(z3_command_arg_at(c, i)));
  json_object_set_new(o, "arguments", args);
  json_t *returns = json_array();
  for (const z3_field_spec *f = c->returns; f && f->name; f++) {
    json_t *r = json_object();
    json_object_set_new(r, "name", json_string(f->name));
    json_object_set_new(r, "type", json_string(f->type));
    json_object_set_new(r, "help", json_string(f->help));
    json_array_append_new(returns, r);
  }
  json_object_set_new(o, "returns", returns);
  json_object_set_new(o, "examples", string_list(c->examples));
  return o;
}

static json_t *exit_codes_json(void) {
  json_t *o = json_object();
  json_object_set_new(o, "0", json_string("success"));
  json_object_set_new(o, "1", json_string("a check ran and found problems"));
  json_object_set_new(o, "2", json_string("usage error or invalid input"));
  json_object_set_new(o, "3", json_string("I/O or environment error"));
  json_object_set_new(o, "4", json_string("internal error"));
  return o;
}

json_t *z3_catalog_json(const char *resource, const char *version) {
  json_t *cat = json_object();
  json_object_set_new(cat, "schema", json_string("z3ed-catalog/1"));
  json_object_set_new(cat, "tool", json_string("z3ed"));
  json_object_set_new(cat, "version", json_string(version ? version : Z3_VERSION));
  json_object_set_new(cat, "exit_codes", exit_codes_json());
  json_t *cmds = json_array();
  for (size_t i = 0; i < z3_command_count; i++) {
    if (resource && strcmp(resource, z3_commands[i].resource) != 0) continue;
    json_array_append_new(cmds, command_json(&z3_commands[i]));
  }
  json_object_set_new(cat, "commands", cmds);
  return cat;
}
