/*
 * Fuzzes the accept-policy reader (agent.yaml is outside data: anyone can
 * commit one to a project). A parse that succeeds must hold only what the
 * header promises (ranges in order, checks with a tool and arguments, named
 * roles), render as JSON and evaluate against a small ROM with every rule
 * reported; a parse that fails must name a line and keep nothing.
 *
 * Checks are not run here (they start real commands); everything else of an
 * evaluation is.
 *
 * The seeds in fuzz/corpora/policy_parse/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agent/policy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *__lsan_default_suppressions(void);

/* libfyaml 0.7.12 leaks a scanner buffer (512 bytes to 2 KiB) when a quoted
 * scalar with '' escapes is never closed (a: ['''''''): the document build
 * fails and nothing of it reaches us to free. Only allocations made inside
 * that library are excused; ours are still checked. */
const char *__lsan_default_suppressions(void) { return "leak:libfyaml.so\n"; }

static z3_rom *small_rom(void) {
  static uint8_t image[0x10000];
  z3_rom *rom = NULL;
  if (z3_rom_from_memory(&rom, image, sizeof image, "fuzz.sfc", NULL) != Z3_OK) abort();
  return rom;
}

static void check_policy(const z3_policy *p) {
  for (size_t i = 0; i < p->range_count; i++) {
    if (p->ranges[i].lo > p->ranges[i].hi || !p->ranges[i].text || p->ranges[i].line < 1) abort();
    if (!p->ranges[i].snes && p->ranges[i].hi >= Z3_ROM_MAX_SIZE) abort();
  }
  for (size_t i = 0; i < p->check_count; i++)
    if (!p->checks[i].tool || !json_is_object(p->checks[i].args) || json_object_get(p->checks[i].args, "rom")) abort();
  for (size_t i = 0; i < p->role_count; i++) if (!p->roles[i]) abort();
  for (size_t i = 0; i < p->reviewer_count; i++) if (!p->reviewers[i].name || !p->reviewers[i].role) abort();
  json_t *j = z3_policy_json(p);
  if (!j || json_array_size(json_object_get(j, "forbidden_ranges")) != p->range_count) abort();
  json_decref(j);
}

static void evaluate(z3_policy *p) {
  static const z3_byte_range changed[] = {{0x0000, 4}, {0x7FC0, 0x40}, {0xFFFF, 1}};
  z3_rom *rom = small_rom();
  size_t checks = p->check_count;
  p->check_count = 0; /* not run: they would start real commands */
  z3_policy_subject s = {.rom = rom, .ranges = changed, .range_count = 3, .bytes_changed = 69,
                         .reviewer = "ana", .role = "maintainer"};
  json_t *v = NULL;
  if (z3_policy_evaluate(p, &s, &v, NULL) != Z3_OK) abort();
  size_t want = (p->max_bytes_changed >= 0) + p->range_count + (p->role_count || p->reviewer_count);
  if (json_array_size(json_object_get(v, "rules")) != want) abort();
  bool passed = json_is_true(json_object_get(v, "passed"));
  if (passed != (json_array_size(json_object_get(v, "reasons")) == 0)) abort();
  json_decref(v);
  p->check_count = checks;
  z3_rom_free(rom);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  z3_policy p;
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_policy_parse(&p, (const char *)data, size, "agent.yaml", &err);
  if (st != Z3_OK) {
    if (!strstr(err.message, "line ") || p.range_count || p.check_count || p.role_count) abort();
    return 0;
  }
  check_policy(&p);
  evaluate(&p);
  z3_policy_release(&p);
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

static void seed(const char *dir, const char *name, const char *text) {
  write_seed(dir, name, text, strlen(text));
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  seed(argv[1], "full",
       "version: 1\nmax_bytes_changed: 4096\nforbidden_ranges:\n  - $00:8000-$00:FFFF\n  - 0x7FC0-0x7FFF\n"
       "  - snes: $0E:8000-$0E:FFFF\n    reason: dungeon code\n  - pc: 0x100000\nrequired_checks:\n"
       "  - rom validate\n  - rom validate --strict\nreviewer_roles: [maintainer, lead]\n"
       "reviewers:\n  ana: maintainer\n  bo: contributor\n");
  seed(argv[1], "flow", "{max_bytes_changed: 16, forbidden_ranges: [$00:FFC0], reviewer_roles: maintainer}\n");
  seed(argv[1], "wide-snes", "forbidden_ranges: [$00:0000-$FF:FFFF, $80:8000-$BF:FFFF]\n");
  seed(argv[1], "comments", "# nothing enforced yet\n\n# max_bytes_changed: 1\n");
  seed(argv[1], "bad-value", "max_bytes_changed: lots\n");
  seed(argv[1], "bad-key", "max_byte_changed: 3\n");
  seed(argv[1], "bad-range", "forbidden_ranges:\n  - $00:9000-$00:8000\n");
  seed(argv[1], "bad-check", "required_checks:\n  - rom fix-checksum\n");
  seed(argv[1], "bad-syntax", "forbidden_ranges: [1\n");
  seed(argv[1], "alias", "max_bytes_changed: &n 5\nforbidden_ranges: *n\n");
  seed(argv[1], "duplicate", "version: 1\nversion: 1\n");
  seed(argv[1], "cut-utf8-after-directive", "%ixmax\xc9 \n%i\xc3"); /* libfyaml 0.7.12 loops on this */
  seed(argv[1], "bad-utf8-lead", "%\xf6\x92\x9e\x84_bytes_changed: *o"); /* and on this */
  seed(argv[1], "range-map-bad-key", "forbidden_ranges:\n  - snes: $00:8000\n    ? [a]\n    : b\n");
  seed(argv[1], "quoted-check", "required_checks:\n  - \"rom validate --golden 'a b.json'\"\n");
  return 0;
}
#endif
