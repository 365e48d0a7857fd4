/* script run/show/list/record and agent learn: argument handling over agent/script.h. */
#include <string.h>

#include "agent/script.h"
#include "agent/handlers_script.h"

/* A file, or the name of a learned workflow. Caller frees. */
static char *script_file(const char *given) {
  char *learned = z3_script_learned_path(given);
  return learned ? learned : z3_strdup(given);
}

z3_status cmd_script_run(z3_cmd_ctx *ctx, z3_error *err) {
  char *file = script_file(z3_arg_str(ctx, "file"));
  if (!file) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_script s;
  z3_status st = z3_script_load(&s, file, err);
  z3_free(file);
  if (st) return st;
  z3_script_run_opts o = {
      .rom = z3_arg_str(ctx, "rom"),
      .dry_run = z3_arg_bool(ctx, "dry-run"),
      .no_backup = z3_arg_bool(ctx, "no-backup"),
      .continue_on_error = z3_arg_bool(ctx, "continue-on-error"),
  };
  json_t *result = NULL;
  st = z3_script_run(&s, &o, &result, err);
  if (result) json_object_update(ctx->result, result);
  json_decref(result);
  z3_script_release(&s);
  return st;
}

static void metadata(json_t *out, const z3_script *s) {
  json_object_set_new(out, "file", json_string(s->file));
  json_object_set_new(out, "name", s->name ? json_string(s->name) : json_null());
  json_object_set_new(out, "description", s->description ? json_string(s->description) : json_null());
  json_object_set_new(out, "rom_sha1", s->rom_sha1 ? json_string(s->rom_sha1) : json_null());
  json_object_set_new(out, "created", s->created ? json_string(s->created) : json_null());
  json_t *duration = json_object_get(s->doc, "duration"), *success = json_object_get(s->doc, "success");
  json_object_set_new(out, "duration", duration ? json_incref(duration) : json_null());
  json_object_set_new(out, "success", success ? json_incref(success) : json_null());
}

/* Without --file: the recording under way, else the last one, else nothing. */
static z3_status show_recording(z3_cmd_ctx *ctx, char **file, z3_error *err) {
  json_t *status = json_object();
  z3_status st = z3_record_status(status, err);
  bool recording = json_is_true(json_object_get(status, "recording"));
  json_decref(status);
  if (st || !recording) {
    *file = z3_script_last_recording();
    if (!*file && !st) {
      json_object_set_new(ctx->result, "file", json_null());
      json_object_set_new(ctx->result, "steps", json_array());
      json_object_set_new(ctx->result, "note", json_string("nothing recorded yet; start with 'z3ed script record start'"));
    }
    return st;
  }
  json_t *doc = NULL, *counts = json_object();
  char *log = z3_script_state_path("recording.jsonl");
  json_t *m = json_object();
  st = log && counts && m ? z3_record_to_doc(log, m, &doc, counts, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  json_object_set_new(ctx->result, "file", json_null());
  json_object_set_new(ctx->result, "recording", json_true());
  json_object_set_new(ctx->result, "steps", !st ? json_deep_copy(json_object_get(doc, "step")) : json_array());
  json_decref(doc), json_decref(counts), json_decref(m);
  z3_free(log);
  return st;
}

z3_status cmd_script_show(z3_cmd_ctx *ctx, z3_error *err) {
  char *file = NULL;
  if (!z3_arg_given(ctx, "file")) {
    z3_status st = show_recording(ctx, &file, err);
    if (st || !file) return st;
  } else if (!(file = script_file(z3_arg_str(ctx, "file")))) {
    return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  }
  z3_script s;
  z3_status st = z3_script_load(&s, file, err);
  z3_free(file);
  if (st) return st;
  json_t *problems = json_array();
  size_t n = z3_script_check(&s, problems);
  metadata(ctx->result, &s);
  json_object_set_new(ctx->result, "valid", json_boolean(n == 0));
  json_object_set_new(ctx->result, "problems", problems);
  json_object_set_new(ctx->result, "steps", z3_script_steps_json(&s));
  if (n) {
    json_t *first = json_array_get(problems, 0);
    z3_error_set(err, Z3_E_CHECK, "%s:%d:%d: step %d: %s%s", s.file,
                 (int)json_integer_value(json_object_get(first, "line")),
                 (int)json_integer_value(json_object_get(first, "column")),
                 (int)json_integer_value(json_object_get(first, "step")),
                 json_string_value(json_object_get(first, "message")),
                 n > 1 ? " (and more problems listed above)" : "");
    const char *hint = json_string_value(json_object_get(first, "hint"));
    if (hint) z3_error_hint(err, "%s", hint);
  }
  z3_script_release(&s);
  return n ? Z3_E_CHECK : Z3_OK;
}

static z3_status list_learned(z3_cmd_ctx *ctx, z3_error *err) {
  json_t *index;
  z3_status st = z3_script_learned_list(&index, err);
  if (st) return st;
  json_t *list = json_object_get(index, "workflows");
  json_object_set_new(ctx->result, "count", json_integer((json_int_t)json_array_size(list)));
  json_object_set(ctx->result, "workflows", list);
  json_decref(index);
  return Z3_OK;
}

z3_status cmd_script_list(z3_cmd_ctx *ctx, z3_error *err) { return list_learned(ctx, err); }

z3_status cmd_script_record_start(z3_cmd_ctx *ctx, z3_error *err) {
  if (ctx->dry_run) {
    json_t *status = json_object();
    z3_status st = z3_record_status(status, err);
    json_object_set_new(ctx->result, "recording", json_false());
    json_object_set_new(ctx->result, "already_recording", json_incref(json_object_get(status, "recording")));
    json_object_set_new(ctx->result, "dry_run", json_true());
    json_decref(status);
    return st;
  }
  return z3_record_start(z3_arg_str(ctx, "file"), z3_arg_str(ctx, "name"), z3_arg_str(ctx, "description"),
                         ctx->result, err);
}

z3_status cmd_script_record_stop(z3_cmd_ctx *ctx, z3_error *err) {
  return z3_record_stop(z3_arg_str(ctx, "file"), z3_arg_str(ctx, "name"), z3_arg_str(ctx, "description"),
                        ctx->dry_run, ctx->result, err);
}

z3_status cmd_script_record_status(z3_cmd_ctx *ctx, z3_error *err) { return z3_record_status(ctx->result, err); }

/* Writes both files of a learned workflow as one batch; state files keep no .bak. */
static z3_status write_learned(z3_cmd_ctx *ctx, const z3_script_learned *l, z3_error *err) {
  if (!ctx->dry_run) {
    char *dir = z3_script_state_path("learned");
    z3_status st = dir ? z3_script_mkdirs(dir, err) : z3_error_set(err, Z3_E_NOMEM, "out of memory");
    z3_free(dir);
    if (st) return st;
  }
  ctx->no_backup = true;
  z3_status st = z3_cmd_write_file(ctx, l->script_path, l->script_text, strlen(l->script_text), err);
  if (!st) st = z3_cmd_write_file(ctx, l->index_path, l->index_text, strlen(l->index_text), err);
  return st;
}

z3_status cmd_agent_learn(z3_cmd_ctx *ctx, z3_error *err) {
  const char *name = z3_arg_str(ctx, "name");
  if (z3_arg_bool(ctx, "list")) {
    if (name) return z3_error_set(err, Z3_E_USAGE, "--list takes no --name");
    return list_learned(ctx, err);
  }
  if (!name) {
    z3_error_set(err, Z3_E_USAGE, "'agent learn' needs --name (or --list)");
    z3_error_hint(err, "z3ed agent learn --name retitle --description \"set the title and region\"");
    return Z3_E_USAGE;
  }
  z3_script_learned l;
  z3_status st = z3_script_learn(z3_arg_str(ctx, "from"), name, z3_arg_str(ctx, "description"),
                                 z3_arg_bool(ctx, "replace"), &l, err);
  if (st) return st;
  json_object_update(ctx->result, l.entry);
  st = write_learned(ctx, &l, err);
  z3_script_learned_release(&l);
  return st;
}
