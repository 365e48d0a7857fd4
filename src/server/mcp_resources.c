/*
 * resources/list, resources/templates/list and resources/read.
 *
 * Resources are views through the same tools a client could call (with the
 * same safety rules and limits), plus the catalog and the proposals. The ROM
 * ones exist only when the server was given a ROM. Everything is JSON text.
 */
#include <stdlib.h>
#include <string.h>

#include "server/mcp_internal.h"

enum { MAX_VARS = 4, VAR_MAX = 64 };

typedef struct uri_vars {
  char v[MAX_VARS][VAR_MAX];
} uri_vars;

/* Reads one resource; NULL with err set when it cannot. */
typedef json_t *(*read_fn)(mcp_server *s, const char *arg, const uri_vars *vars, z3_error *err);

typedef struct resource {
  const char *uri;              /* a URI, or an RFC 6570 level-1 template */
  const char *name, *title, *description;
  bool needs_rom;
  read_fn read;
  const char *arg;              /* passed to read: a tool name */
} resource;

/* ---- readers ------------------------------------------------------------------------ */

/* A read-only tool's result, through the session like any call. */
static json_t *read_tool(mcp_server *s, const char *tool, json_t *args, z3_error *err) {
  z3_tool_result res;
  mcp_run_tool(s, tool, args, &res);
  json_decref(args);
  if ((res.status == Z3_OK || res.status == Z3_E_CHECK) && res.result) return res.result;
  *err = res.error;
  if (res.status == Z3_OK) z3_error_set(err, Z3_E_INTERNAL, "%s returned no result", tool);
  z3_tool_result_release(&res);
  return NULL;
}

static json_t *read_plain_tool(mcp_server *s, const char *tool, const uri_vars *vars, z3_error *err) {
  (void)vars;
  return read_tool(s, tool, json_object(), err);
}

/* One entry of a tool's list, picked by its numeric key (a bank, a sheet). */
static json_t *read_entry(mcp_server *s, const char *tool, const char *list, const char *key,
                          const char *wanted, z3_error *err) {
  uint64_t n, k;
  if (!z3_parse_u64(wanted, &n)) {
    z3_error_set(err, Z3_E_NOT_FOUND, "'%s' is not a number (decimal, 0x-hex or $-hex)", wanted);
    return NULL;
  }
  json_t *all = read_tool(s, tool, json_object(), err), *entry, *found = NULL;
  size_t i;
  json_array_foreach(json_object_get(all, list), i, entry) {
    const char *text = json_string_value(json_object_get(entry, key));
    if (text && z3_parse_u64(text, &k) && k == n) found = json_incref(entry);
  }
  if (all && !found) z3_error_set(err, Z3_E_NOT_FOUND, "the ROM has no %s %s", key, wanted);
  json_decref(all);
  return found;
}

static json_t *read_bank(mcp_server *s, const char *arg, const uri_vars *vars, z3_error *err) {
  (void)arg;
  return read_entry(s, "rom_export_state", "banks", "bank", vars->v[0], err);
}

static json_t *read_sheet(mcp_server *s, const char *arg, const uri_vars *vars, z3_error *err) {
  (void)arg;
  return read_entry(s, "gfx_list", "sheets", "sheet", vars->v[0], err);
}

static json_t *read_palette(mcp_server *s, const char *arg, const uri_vars *vars, z3_error *err) {
  (void)arg;
  uint64_t index;
  if (!z3_parse_u64(vars->v[1], &index) || index > 0xFFFF) {
    z3_error_set(err, Z3_E_NOT_FOUND, "palette index '%s' is not a number", vars->v[1]);
    return NULL;
  }
  json_t *args = json_object();
  json_object_set_new(args, "group", json_string(vars->v[0]));
  json_object_set_new(args, "index", json_integer((json_int_t)index));
  return read_tool(s, "palette_get", args, err);
}

static json_t *read_catalog(mcp_server *s, const char *arg, const uri_vars *vars, z3_error *err) {
  (void)s, (void)arg;
  const char *res = vars ? vars->v[0] : NULL;
  if (res && !z3_resource_exists(res)) {
    z3_error_set(err, Z3_E_NOT_FOUND, "no command resource '%s'", res);
    return NULL;
  }
  return z3_catalog_json(res, NULL);
}

/* Proposals come from the agent layer's own read-only tools, pointed at the
 * server's state folder; they open an existing registry only, so reading
 * creates nothing. */
static json_t *proposal_args(mcp_server *s, const uri_vars *vars, z3_error *err) {
  json_t *args = json_object();
  json_object_set_new(args, "state_dir", json_string(s->state_dir));
  uint64_t id;
  if (!vars) return args;
  if (!z3_parse_u64(vars->v[0], &id) || id == 0 || id > INT64_MAX) {
    json_decref(args);
    z3_error_set(err, Z3_E_NOT_FOUND, "'%s' is not a proposal number", vars->v[0]);
    return NULL;
  }
  json_object_set_new(args, "proposal_id", json_integer((json_int_t)id));
  return args;
}

static json_t *read_proposal_tool(mcp_server *s, const char *tool, const uri_vars *vars, z3_error *err) {
  json_t *args = proposal_args(s, vars, err);
  return args ? read_tool(s, tool, args, err) : NULL;
}

/* ---- the tables ------------------------------------------------------------------------ */

static const resource fixed[] = {
    {"z3ed://rom/state", "rom-state", "ROM state",
     "the server's ROM as `rom export-state` sees it: header, mapping, checksum, hashes and "
     "per-bank sums; start here", true, read_plain_tool, "rom_export_state"},
    {"z3ed://rom/header", "rom-header", "ROM header", "every field of the internal header", true,
     read_plain_tool, "rom_header_get"},
    {"z3ed://rom/sheets", "rom-sheets", "Graphics sheets",
     "the 223 graphics sheets: kind, address, sizes, aliases", true, read_plain_tool, "gfx_list"},
    {"z3ed://palettes", "palette-groups", "Palette groups",
     "every ALttP palette group with its size and address", false, read_plain_tool, "palette_list"},
    {"z3ed://catalog", "catalog", "Command catalog",
     "every z3ed command with arguments, safety class, effects and returned fields", false, read_catalog, NULL},
    {"z3ed://proposals", "proposals", "Proposals",
     "reviewable change sets in the state folder, newest first, with their status", false, read_proposal_tool,
     "agent_proposal_list"},
};

static const resource templates[] = {
    {"z3ed://rom/bank/{bank}", "rom-bank", "ROM bank",
     "offset, 16-bit sum and CRC32 of one 32 KiB bank (bank as 0x1F or 31)", true, read_bank, NULL},
    {"z3ed://rom/sheet/{sheet}", "rom-sheet", "Graphics sheet",
     "where one graphics sheet lives and how big it is (sheet 0-222 or 0x00-0xDE)", true, read_sheet, NULL},
    {"z3ed://rom/palette/{group}/{index}", "rom-palette", "Palette",
     "the colours of one palette as #RRGGBB and SNES BGR555 (groups: z3ed://palettes)", true, read_palette, NULL},
    {"z3ed://catalog/{resource}", "catalog-resource", "Commands of one resource",
     "the catalog entries of one resource: rom, gfx, palette, patch, compress, agent, ...", false, read_catalog, NULL},
    {"z3ed://proposal/{id}", "proposal", "Proposal",
     "one proposal: status, decision, history, logs and test results", false, read_proposal_tool,
     "agent_proposal_show"},
    {"z3ed://proposal/{id}/diff", "proposal-diff", "Proposal changes",
     "a proposal's changes by resource and bank, numbered as accepting takes them", false, read_proposal_tool,
     "agent_proposal_diff"},
};

enum { FIXED_COUNT = sizeof fixed / sizeof *fixed, TEMPLATE_COUNT = sizeof templates / sizeof *templates };

/* ---- listing ------------------------------------------------------------------------- */

static json_t *describe(const mcp_request *r, const resource *d, bool is_template) {
  json_t *o = json_object();
  json_object_set_new(o, is_template ? "uriTemplate" : "uri", json_string(d->uri));
  json_object_set_new(o, "name", json_string(d->name));
  if (mcp_since(r, "2025-06-18")) json_object_set_new(o, "title", json_string(d->title));
  json_object_set_new(o, "description", json_string(d->description));
  json_object_set_new(o, "mimeType", json_string("application/json"));
  return o;
}

static void list(mcp_server *s, mcp_request *r, const resource *table, size_t n, bool is_template) {
  if (!mcp_check_cursor(s, r)) return;
  json_t *items = json_array();
  for (size_t i = 0; i < n; i++)
    if (!table[i].needs_rom || s->opts.rom_path) json_array_append_new(items, describe(r, &table[i], is_template));
  json_t *result = json_object();
  json_object_set_new(result, is_template ? "resourceTemplates" : "resources", items);
  mcp_cacheable(r, result, 3600000, false);
  mcp_reply(s, r, result);
}

void mcp_resources_list(mcp_server *s, mcp_request *r) { list(s, r, fixed, FIXED_COUNT, false); }

void mcp_resource_templates_list(mcp_server *s, mcp_request *r) {
  list(s, r, templates, TEMPLATE_COUNT, true);
}

/* ---- reading --------------------------------------------------------------------------- */

static bool var_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '$';
}

/* Matches a URI against a template whose variables each fill one path segment. */
static bool match(const char *tmpl, const char *uri, uri_vars *vars) {
  int k = 0;
  while (*tmpl) {
    if (*tmpl != '{') {
      if (*tmpl++ != *uri++) return false;
      continue;
    }
    tmpl = strchr(tmpl, '}') + 1;
    size_t n = 0;
    while (var_char(uri[n])) n++;
    if (n == 0 || n >= VAR_MAX || k == MAX_VARS) return false;
    memcpy(vars->v[k], uri, n);
    vars->v[k++][n] = '\0';
    uri += n;
  }
  return *uri == '\0';
}

static const resource *find(const char *uri, uri_vars *vars, bool *is_template) {
  for (size_t i = 0; i < FIXED_COUNT; i++)
    if (strcmp(fixed[i].uri, uri) == 0) return *is_template = false, &fixed[i];
  for (size_t i = 0; i < TEMPLATE_COUNT; i++)
    if (match(templates[i].uri, uri, vars)) return *is_template = true, &templates[i];
  return NULL;
}

static void not_found(mcp_server *s, const mcp_request *r, const char *uri, const char *why) {
  json_t *data = json_object();
  json_object_set_new(data, "uri", json_string(uri));
  /* -32002 in the handshake revisions; 2026-07-28 folds it into -32602 */
  mcp_reply_error(s, r, r->stateless ? MCP_INVALID_PARAMS : MCP_RESOURCE_NOT_FOUND, data, "Resource not found: %s%s%s",
                  uri, why ? ": " : "", why ? why : "");
}

/* The job of a resources/read: the URI was checked before it was queued. */
static void read_job(mcp_server *s, mcp_job *job) {
  const mcp_request *r = &job->req;
  const char *uri = job->label;
  uri_vars vars;
  bool is_template = false;
  const resource *d = find(uri, &vars, &is_template);
  z3_error err;
  z3_error_init(&err);
  json_t *value = d->read(s, d->arg, is_template ? &vars : NULL, &err);
  if (mcp_job_cancelled(s, job)) {
    json_decref(value);
    return;
  }
  if (!value) {
    if (err.code == Z3_E_NOT_FOUND || err.code == Z3_E_USAGE) not_found(s, r, uri, err.message);
    else mcp_reply_error(s, r, MCP_INTERNAL_ERROR, NULL, "cannot read %s: %s", uri, err.message);
    return;
  }
  char *text = json_dumps(value, JSON_COMPACT);
  json_decref(value);
  json_t *item = json_object(), *contents = json_array(), *result = json_object();
  json_object_set_new(item, "uri", json_string(uri));
  json_object_set_new(item, "mimeType", json_string("application/json"));
  json_object_set_new(item, "text", json_string(text ? text : "null"));
  free(text);
  json_array_append_new(contents, item);
  json_object_set_new(result, "contents", contents);
  mcp_cacheable(r, result, 0, d->needs_rom); /* the ROM may change with the next call */
  mcp_reply(s, r, result);
}

void mcp_resources_read(mcp_server *s, mcp_request *r) {
  const char *uri = mcp_param_str(r, "uri");
  if (!uri) {
    mcp_reply_error(s, r, MCP_INVALID_PARAMS, NULL, "resources/read needs params.uri, a string");
    return;
  }
  uri_vars vars;
  bool is_template = false;
  const resource *d = find(uri, &vars, &is_template);
  if (!d || (d->needs_rom && !s->opts.rom_path)) {
    not_found(s, r, uri, d ? "the server was started without --rom" : NULL);
    return;
  }
  mcp_submit(s, r, read_job, uri); /* reading runs commands: that is the worker's job */
}
