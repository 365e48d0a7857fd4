/*
 * Evaluating a policy. Every rule is evaluated even after one fails, so a
 * refusal lists all its reasons at once instead of one per attempt.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "agent/policy.h"
#include "agent/tools.h"

enum { MAX_HITS_SHOWN = 5, MAX_WINDOWS = 512 };

typedef struct verdict {
  json_t *rules, *reasons, *checks;
  bool passed;
} verdict;

static void rule(verdict *v, const char *name, bool passed, int line, const char *fmt, ...) Z3_PRINTF(5, 6);
static void rule(verdict *v, const char *name, bool passed, int line, const char *fmt, ...) {
  char detail[512];
  va_list ap;
  va_start(ap, fmt);
  z3_vformat(detail, sizeof detail, fmt, ap);
  va_end(ap);
  json_t *r = json_pack("{s:s,s:b,s:s}", "rule", name, "passed", passed, "detail", detail);
  if (line > 0) json_object_set_new(r, "line", json_integer(line));
  json_array_append_new(v->rules, r);
  if (!passed) {
    json_array_append_new(v->reasons, json_string(detail));
    v->passed = false;
  }
}

static void max_bytes(verdict *v, const z3_policy *p, const z3_policy_subject *s) {
  if (p->max_bytes_changed < 0) return;
  bool ok = s->bytes_changed <= (size_t)p->max_bytes_changed;
  rule(v, "max_bytes_changed", ok, p->max_bytes_line, "%zu bytes changed; the limit is %lld",
       s->bytes_changed, (long long)p->max_bytes_changed);
}

/* The file-offset intervals a SNES range covers: each 32 KiB half-bank of
 * the range that the mapping places in ROM. Mirrors land on the same bytes. */
static size_t snes_windows(const z3_rom *rom, uint32_t lo, uint32_t hi, z3_byte_range *out) {
  size_t n = 0;
  for (uint32_t bank = lo >> 16; bank <= hi >> 16 && n < MAX_WINDOWS; bank++) {
    for (uint32_t half = 0; half < 2; half++) {
      uint32_t wlo = bank << 16 | half << 15, whi = wlo | 0x7FFF;
      if (whi < lo || wlo > hi) continue;
      uint32_t a = wlo > lo ? wlo : lo, b = whi < hi ? whi : hi;
      size_t pa, pb;
      if (z3_rom_to_pc(rom, a, &pa, NULL) || z3_rom_to_pc(rom, b, &pb, NULL)) continue;
      if (pb < pa || pb - pa != (size_t)(b - a)) continue;
      out[n++] = (z3_byte_range){pa, pb - pa + 1};
    }
  }
  return n;
}

static void describe_hit(const z3_rom *rom, size_t at, size_t len, char *out, size_t cap) {
  uint32_t addr;
  char text[10] = "?";
  if (z3_rom_to_snes(rom, at, &addr, NULL) == Z3_OK) z3_snes_format_address(addr, text);
  snprintf(out, cap, "%s (offset 0x%zx, %zu byte%s)", text, at, len, len == 1 ? "" : "s");
}

static void forbidden(verdict *v, const z3_policy_range *r, const z3_policy_subject *s) {
  z3_byte_range windows[MAX_WINDOWS];
  size_t wn = 1;
  if (r->snes) wn = snes_windows(s->rom, r->lo, r->hi, windows);
  else windows[0] = (z3_byte_range){r->lo, (size_t)(r->hi - r->lo) + 1};
  char shown[400] = "";
  size_t hits = 0;
  for (size_t w = 0; w < wn; w++) {
    for (size_t i = 0; i < s->range_count; i++) {
      const z3_byte_range *c = &s->ranges[i];
      size_t a = c->offset > windows[w].offset ? c->offset : windows[w].offset;
      size_t b1 = c->offset + c->length, b2 = windows[w].offset + windows[w].length;
      size_t b = b1 < b2 ? b1 : b2;
      if (a >= b) continue;
      if (hits++ < MAX_HITS_SHOWN) {
        char one[96];
        describe_hit(s->rom, a, b - a, one, sizeof one);
        size_t used = strlen(shown);
        snprintf(shown + used, sizeof shown - used, "%s%s", used ? ", " : "", one);
      }
    }
  }
  const char *why = r->reason ? r->reason : "";
  if (!hits) {
    rule(v, "forbidden_range", true, r->line, "nothing changed in %s%s%s", r->text, *why ? ": " : "", why);
    return;
  }
  rule(v, "forbidden_range", false, r->line, "%zu change%s in the forbidden range %s%s%s%s: %s%s", hits,
       hits == 1 ? "" : "s", r->text, *why ? " (" : "", *why ? why : "", *why ? ")" : "",
       shown, hits > MAX_HITS_SHOWN ? ", ..." : "");
}

static void run_check(verdict *v, const z3_policy_check *c, const z3_policy_subject *s) {
  z3_tool_session session = {.agent = true, .sandbox_dir = s->sandbox_dir, .default_rom = s->sandbox_rom};
  z3_tool_result r;
  z3_status st = z3_tool_call(&session, c->tool, c->args, &r);
  bool ok = st == Z3_OK;
  json_t *entry = json_pack("{s:s,s:b,s:s,s:f,s:i}", "command", c->command, "passed", ok, "status",
                            z3_status_name(st), "seconds", r.seconds, "line", c->line);
  if (!ok) json_object_set_new(entry, "message", json_string(r.error.message));
  json_array_append_new(v->checks, entry);
  if (ok) rule(v, "required_check", true, c->line, "'%s' passed", c->command);
  else rule(v, "required_check", false, c->line, "'%s' failed: %s", c->command, r.error.message);
  z3_tool_result_release(&r);
}

static const char *reviewer_role(const z3_policy *p, const char *name) {
  for (size_t i = 0; name && i < p->reviewer_count; i++)
    if (strcmp(p->reviewers[i].name, name) == 0) return p->reviewers[i].role;
  return NULL;
}

static void roles(verdict *v, const z3_policy *p, const z3_policy_subject *s) {
  if (!p->role_count && !p->reviewer_count) return;
  const char *role = s->role;
  if (p->reviewer_count && s->reviewer) {
    const char *listed = reviewer_role(p, s->reviewer);
    if (!listed) {
      rule(v, "reviewer", false, p->roles_line, "reviewer '%s' is not listed in the policy's reviewers", s->reviewer);
      return;
    }
    if (role && strcmp(role, listed) != 0) {
      rule(v, "reviewer", false, p->roles_line, "reviewer '%s' has the role %s in the policy, not %s",
           s->reviewer, listed, role);
      return;
    }
    role = listed;
  }
  if (!p->role_count) {
    if (s->reviewer) rule(v, "reviewer", true, p->roles_line, "reviewer '%s' is listed", s->reviewer);
    else rule(v, "reviewer", false, p->roles_line, "accepting needs a listed reviewer (--reviewer NAME)");
    return;
  }
  char allowed[256] = "";
  for (size_t i = 0; i < p->role_count; i++) {
    size_t used = strlen(allowed);
    snprintf(allowed + used, sizeof allowed - used, "%s%s", i ? ", " : "", p->roles[i]);
  }
  bool ok = false;
  for (size_t i = 0; role && s->reviewer && i < p->role_count; i++) ok |= strcmp(p->roles[i], role) == 0;
  if (ok) rule(v, "reviewer_role", true, p->roles_line, "%s accepts as %s", s->reviewer, role);
  else if (!s->reviewer || !role)
    rule(v, "reviewer_role", false, p->roles_line, "accepting needs a reviewer with the role %s (--reviewer NAME --role ROLE)", allowed);
  else rule(v, "reviewer_role", false, p->roles_line, "role %s may not accept; allowed: %s", role, allowed);
}

z3_status z3_policy_evaluate(const z3_policy *p, const z3_policy_subject *s, json_t **out,
                             z3_error *err) {
  verdict v = {.rules = json_array(), .reasons = json_array(), .checks = json_array(), .passed = true};
  if (!v.rules || !v.reasons || !v.checks) {
    json_decref(v.rules);
    json_decref(v.reasons);
    json_decref(v.checks);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory evaluating the policy");
  }
  max_bytes(&v, p, s);
  for (size_t i = 0; i < p->range_count; i++) forbidden(&v, &p->ranges[i], s);
  for (size_t i = 0; i < p->check_count; i++) run_check(&v, &p->checks[i], s);
  roles(&v, p, s);
  *out = json_pack("{s:b,s:o,s:o,s:o}", "passed", v.passed, "rules", v.rules, "reasons", v.reasons,
                   "checks", v.checks);
  return *out ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory evaluating the policy");
}
