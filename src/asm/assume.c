/* Explicit flag overrides for listings: "$00:8010=m16,x8;Handler=emu". */
#include <string.h>

#include "asm/disasm.h"
#include "asm/symbols.h"

static z3_status bad_entry(z3_error *err, const char *entry, size_t n, const char *why) {
  z3_error_set(err, Z3_E_USAGE, "--assume entry '%.*s': %s", (int)(n > 80 ? 80 : n), entry, why);
  z3_error_hint(err, "write ADDR=FLAGS[;ADDR=FLAGS...], FLAGS from m8, m16, x8, x16, emu, native "
                     "(e.g. '$00:8010=m16,x8')");
  return Z3_E_USAGE;
}

/* One flag word into the entry; false when it is not one. */
static bool apply_word(z3_disasm_assume *a, const char *w, size_t n) {
  static const struct { const char *word; int which, value; } words[] = {
      {"m8", 0, 1}, {"m16", 0, 0}, {"x8", 1, 1}, {"x16", 1, 0}, {"emu", 2, 1}, {"native", 2, 0},
  };
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
    if (strlen(words[i].word) != n || memcmp(words[i].word, w, n) != 0) continue;
    int8_t *field = words[i].which == 0 ? &a->m8 : words[i].which == 1 ? &a->x8 : &a->e;
    *field = (int8_t)words[i].value;
    return true;
  }
  return false;
}

static z3_status parse_entry(const char *entry, size_t n, const struct z3_symbols *syms,
                             z3_disasm_assume *a, z3_error *err) {
  const char *eq = memchr(entry, '=', n);
  if (!eq || eq == entry) return bad_entry(err, entry, n, "expected ADDR=FLAGS");
  char where[128];
  size_t an = (size_t)(eq - entry);
  if (an >= sizeof where) return bad_entry(err, entry, n, "the address is too long");
  memcpy(where, entry, an);
  where[an] = '\0';
  a->m8 = a->x8 = a->e = -1;
  if (!z3_snes_parse_address(where, &a->address) && !z3_symbols_find(syms, where, &a->address))
    return bad_entry(err, entry, n, syms ? "not an address or a label of --symbols" : "not a SNES address");
  const char *p = eq + 1, *end = entry + n;
  if (p == end) return bad_entry(err, entry, n, "no flags after '='");
  while (p < end) {
    const char *comma = memchr(p, ',', (size_t)(end - p));
    const char *stop = comma ? comma : end;
    if (!apply_word(a, p, (size_t)(stop - p))) return bad_entry(err, entry, n, "flags are m8, m16, x8, x16, emu or native");
    p = comma ? comma + 1 : end;
  }
  return Z3_OK;
}

z3_status z3_disasm_parse_assume(const char *text, const struct z3_symbols *syms,
                                 z3_disasm_assume *out, size_t max, size_t *count, z3_error *err) {
  *count = 0;
  const char *p = text;
  while (*p) {
    while (*p == ' ' || *p == ';') p++;
    if (!*p) break;
    size_t n = strcspn(p, "; ");
    if (*count == max) return z3_error_set(err, Z3_E_USAGE, "--assume has more than %zu entries", max);
    z3_status st = parse_entry(p, n, syms, &out[*count], err);
    if (st) return st;
    (*count)++;
    p += n;
  }
  return Z3_OK;
}

void z3_disasm_apply_assume(z3_disasm_state *s, const z3_disasm_assume *list, size_t count,
                            uint32_t address) {
  for (size_t i = 0; i < count; i++) {
    const z3_disasm_assume *a = &list[i];
    if (a->address != (address & 0xFFFFFFu)) continue;
    if (a->e >= 0) s->e = a->e;
    if (a->m8 >= 0) s->m8 = a->m8;
    if (a->x8 >= 0) s->x8 = a->x8;
    if (s->e) s->m8 = s->x8 = true;
  }
}
