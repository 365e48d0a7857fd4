/* Directives: mapping, org and friends, freespace and autoclean, data,
 * tables, fills, includes, messages and checks. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "asm/assembler_internal.h"

typedef z3_status (*directive_fn)(asm_state *st, char *args);

static z3_status eval_known(asm_state *st, const char *what, const char *text, asm_value *v) {
  if (!*asm_skip_space(text)) return asm_fail(st, text, "%s needs a value", what);
  if (asm_eval(st, text, v)) return st->failed;
  if (v->unknown) return asm_fail(st, text, "%s takes a value known before this line (labels defined later cannot be used)", what);
  return Z3_OK;
}

/* A file name, quoted or not; out has room for 512. */
static z3_status file_arg(asm_state *st, const char *args, char *out) {
  const char *p = asm_skip_space(args);
  if (*p == '"') {
    const char *end = asm_parse_string(p, out, 512);
    if (!end || *asm_skip_space(end)) return asm_fail(st, p, "expected one file name in quotes");
    return Z3_OK;
  }
  snprintf(out, 512, "%s", p);
  if (!out[0]) return asm_fail(st, p, "expected a file name");
  return Z3_OK;
}

static z3_status set_mapping(asm_state *st, z3_mapping m) {
  st->mapping = m;
  st->norom = false;
  return Z3_OK;
}
static z3_status d_lorom(asm_state *st, char *a) { (void)a; return set_mapping(st, Z3_MAP_LOROM); }
static z3_status d_hirom(asm_state *st, char *a) { (void)a; return set_mapping(st, Z3_MAP_HIROM); }
static z3_status d_exlorom(asm_state *st, char *a) { (void)a; return set_mapping(st, Z3_MAP_EXLOROM); }
static z3_status d_exhirom(asm_state *st, char *a) { (void)a; return set_mapping(st, Z3_MAP_EXHIROM); }
static z3_status d_norom(asm_state *st, char *a) {
  (void)a;
  st->norom = true;
  return Z3_OK;
}

static z3_status d_org(asm_state *st, char *a) {
  asm_value v;
  if (eval_known(st, "org", a, &v)) return st->failed;
  if (v.v < 0 || v.v > 0xFFFFFF) return asm_fail(st, a, "org $%llX is not a 24-bit address", (unsigned long long)v.v);
  return asm_set_org(st, (uint32_t)v.v, a);
}

static z3_status d_base(asm_state *st, char *a) {
  if (strcasecmp(asm_skip_space(a), "off") == 0) {
    st->base_delta = 0;
    return Z3_OK;
  }
  asm_value v;
  if (eval_known(st, "base", a, &v)) return st->failed;
  st->base_delta = (v.v & 0xFFFFFF) - (int64_t)st->address;
  return Z3_OK;
}

static z3_status d_pushpc(asm_state *st, char *a) {
  (void)a;
  if (st->pcstack_depth == 32) return asm_fail(st, NULL, "pushpc nested deeper than 32");
  st->pcstack[st->pcstack_depth++] = (asm_pcsave){st->offset, st->address, st->have_pc, st->base_delta, st->in_freespace, st->freeblock};
  return Z3_OK;
}

static z3_status d_pullpc(asm_state *st, char *a) {
  (void)a;
  if (!st->pcstack_depth) return asm_fail(st, NULL, "pullpc without pushpc");
  const asm_pcsave *s = &st->pcstack[--st->pcstack_depth];
  st->offset = s->offset;
  st->address = s->address;
  st->have_pc = s->have;
  st->base_delta = s->delta;
  st->in_freespace = s->in_free;
  st->freeblock = s->block;
  return Z3_OK;
}

/* ---- freespace ------------------------------------------------------------------ */

static z3_status d_freespace(asm_state *st, char *a) {
  char *opts[8];
  int n = *asm_skip_space(a) ? asm_split_args(a, opts, 8) : 0;
  for (int i = 0; i < n; i++) {
    static const char *const known[] = {"ram", "noram", "align", "cleaned", "static", "bank"};
    bool ok = false;
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) ok |= strncasecmp(opts[i], known[k], strlen(known[k])) == 0;
    if (!ok) return asm_fail(st, opts[i], "unknown freespace option '%s' (ram, noram, align, cleaned, static)", opts[i]);
  }
  if (st->block_seen == st->block_count) {
    if (st->block_count == st->block_cap) {
      size_t cap = st->block_cap ? st->block_cap * 2 : 8;
      asm_freeblock *b = z3_realloc(st->blocks, cap * sizeof *b);
      if (!b) return asm_fail(st, NULL, "out of memory");
      st->blocks = b;
      st->block_cap = cap;
    }
    memset(&st->blocks[st->block_count++], 0, sizeof st->blocks[0]);
  }
  size_t index = st->block_seen++;
  asm_freeblock *b = &st->blocks[index];
  b->one_bank = true;
  b->file = st->loc->file;
  b->line = st->loc->line;
  st->have_pc = true;
  st->base_delta = 0;
  st->in_freespace = true;
  st->freeblock = index;
  if (b->allocated) {
    st->offset = b->offset;
    if (z3_pc_to_snes(st->mapping, st->opt->rom_size, b->offset, &st->address, NULL) != Z3_OK)
      return asm_fail(st, NULL, "freespace at offset 0x%zx has no address under this mapping", b->offset);
  } else {
    st->offset = 0;
    st->address = 0xFF8000; /* a placeholder until the block has a place */
  }
  /* RATS tag: "STAR", size-1, its complement: what autoclean and other tools look for */
  size_t size = b->prev_size ? b->prev_size : 1;
  uint16_t len = (uint16_t)(size - 1);
  uint8_t tag[8] = {'S', 'T', 'A', 'R', (uint8_t)len, (uint8_t)(len >> 8), (uint8_t)~len, (uint8_t)(~len >> 8)};
  if (asm_emit(st, tag, 8, a)) return st->failed;
  b->size = 0;
  return Z3_OK;
}

/* The RATS-tagged block the ROM's pointer at `offset` (3 bytes) leads to. */
static void clean_old_block(asm_state *st, size_t offset) {
  const uint8_t *rom = st->opt->rom;
  size_t size = st->opt->rom_size, target;
  if (offset + 3 > size) return;
  uint32_t ptr = (uint32_t)rom[offset] | (uint32_t)rom[offset + 1] << 8 | (uint32_t)rom[offset + 2] << 16;
  if (z3_snes_to_pc(st->mapping, size, ptr, &target, NULL) != Z3_OK || target < 8) return;
  const uint8_t *t = rom + target - 8;
  if (memcmp(t, "STAR", 4) != 0) return;
  size_t len = (size_t)(t[4] | t[5] << 8), inv = (size_t)(t[6] | t[7] << 8);
  if ((len ^ 0xFFFF) != inv || target + len + 1 > size) return;
  for (size_t i = 0; i < st->clean_count; i++)
    if (st->cleans[i].offset == target - 8) return;
  if (st->clean_count == st->clean_cap) {
    size_t cap = st->clean_cap ? st->clean_cap * 2 : 4;
    z3_asm_range *c = z3_realloc(st->cleans, cap * sizeof *c);
    if (!c) return;
    st->cleans = c;
    st->clean_cap = cap;
  }
  st->cleans[st->clean_count++] = (z3_asm_range){target - 8, len + 1 + 8};
}

static z3_status d_autoclean(asm_state *st, char *a) {
  char word[8] = "";
  const char *p = asm_skip_space(a);
  size_t n = 0;
  while (asm_ident_char(p[n]) && n < 7) word[n] = p[n], n++;
  word[n] = '\0';
  bool jump = strcasecmp(word, "jsl") == 0 || strcasecmp(word, "jml") == 0;
  bool data = strcasecmp(word, "dl") == 0;
  if (!jump && !data) return asm_fail(st, p, "autoclean takes jsl, jml or dl followed by a label");
  bool is_virtual = st->in_freespace && !st->blocks[st->freeblock].allocated;
  if (st->opt->rom && st->have_pc && !is_virtual) clean_old_block(st, st->offset + (jump ? 1 : 0));
  bool handled;
  char *rest = (char *)asm_skip_space(p + n);
  if (jump) return asm_instruction(st, word, rest, &handled);
  return asm_directive(st, "dl", rest, &handled);
}

/* ---- data ----------------------------------------------------------------------- */

static z3_status data(asm_state *st, char *a, int width) {
  char *items[256];
  int n = asm_split_args(a, items, 256);
  if (n < 0) return asm_fail(st, a, "more than 256 values on one line");
  if (n == 1 && !items[0][0]) return asm_fail(st, a, "expected values after the data directive");
  for (int i = 0; i < n; i++) {
    if (!items[i][0]) return asm_fail(st, items[i], "empty value in the list");
    if (items[i][0] == '"') {
      if (width != 1) return asm_fail(st, items[i], "text is only allowed in db");
      char text[ASM_LINE_MAX];
      const char *end = asm_parse_string(items[i], text, sizeof text);
      if (!end || *asm_skip_space(end)) return asm_fail(st, items[i], "unterminated string");
      for (char *c = text; *c; c++) {
        uint16_t m = st->table[(uint8_t)*c];
        uint8_t b = m & 0x100 ? (uint8_t)m : (uint8_t)*c;
        if (asm_emit(st, &b, 1, items[i])) return st->failed;
      }
      continue;
    }
    asm_value v;
    if (asm_eval(st, items[i], &v)) return st->failed;
    int64_t lo = width == 4 ? INT32_MIN : -(1ll << (8 * width - 1));
    int64_t hi = width == 4 ? UINT32_MAX : (1ll << (8 * width)) - 1;
    if (!v.unknown && !v.label && (v.v < lo || v.v > hi))
      asm_defer(st, items[i], "value %lld does not fit in %d byte(s)", (long long)v.v, width);
    uint8_t bytes[4];
    for (int k = 0; k < width; k++) bytes[k] = (uint8_t)((uint64_t)v.v >> (8 * k));
    if (asm_emit(st, bytes, (size_t)width, items[i])) return st->failed;
  }
  return Z3_OK;
}
static z3_status d_db(asm_state *st, char *a) { return data(st, a, 1); }
static z3_status d_dw(asm_state *st, char *a) { return data(st, a, 2); }
static z3_status d_dl(asm_state *st, char *a) { return data(st, a, 3); }
static z3_status d_dd(asm_state *st, char *a) { return data(st, a, 4); }

/* table "file": lines of `c=XX` (a character, =, its byte in hex). */
static z3_status d_table(asm_state *st, char *a) {
  char name[512];
  if (file_arg(st, a, name)) return st->failed;
  asm_file *f;
  if (asm_load_file(st, st->loc->file, name, a, &f)) return st->failed;
  const char *text = (const char *)f->text.data, *end = text + f->text.len;
  int line = 0;
  for (const char *p = text; p < end; line++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
    if (n && p[n - 1] == '\r') n--;
    unsigned v;
    char hex[8] = "";
    if (n >= 3 && n <= 6 && p[1] == '=') memcpy(hex, p + 2, n - 2);
    if (n && (n < 3 || n > 6 || p[1] != '=' || sscanf(hex, "%2x", &v) != 1 || strlen(hex) > 2))
      return asm_fail(st, a, "%s:%d: expected 'c=XX' (a character, =, two hex digits)", name, line + 1);
    if (n) st->table[(uint8_t)p[0]] = (uint16_t)(0x100 | v);
    p += (nl ? (size_t)(nl - p) : n) + 1;
  }
  return Z3_OK;
}

static z3_status d_cleartable(asm_state *st, char *a) {
  (void)a;
  memset(st->table, 0, sizeof st->table);
  return Z3_OK;
}

static z3_status byte_setting(asm_state *st, char *a, uint8_t *out) {
  asm_value v;
  if (eval_known(st, "fillbyte/padbyte", a, &v)) return st->failed;
  *out = (uint8_t)v.v;
  return Z3_OK;
}
static z3_status d_fillbyte(asm_state *st, char *a) { return byte_setting(st, a, &st->fillbyte); }
static z3_status d_padbyte(asm_state *st, char *a) { return byte_setting(st, a, &st->padbyte); }

static z3_status repeat(asm_state *st, uint8_t byte, int64_t count, const char *at) {
  if (count < 0 || count > (int64_t)Z3_ROM_MAX_SIZE) return asm_fail(st, at, "a fill of %lld bytes is out of range", (long long)count);
  for (int64_t i = 0; i < count; i++)
    if (asm_emit(st, &byte, 1, at)) return st->failed;
  return Z3_OK;
}

static z3_status d_fill(asm_state *st, char *a) {
  asm_value v;
  if (eval_known(st, "fill", a, &v)) return st->failed;
  return repeat(st, st->fillbyte, v.v, a);
}

static z3_status d_pad(asm_state *st, char *a) {
  asm_value v;
  if (asm_eval(st, a, &v)) return st->failed;
  int64_t count = (v.v & 0xFFFFFF) - (int64_t)asm_pc(st);
  if (v.unknown) return Z3_OK;
  if (count < 0) {
    asm_defer(st, a, "pad $%06llX: the pc is already past it ($%06X)", (unsigned long long)v.v, asm_pc(st));
    return Z3_OK;
  }
  return repeat(st, st->padbyte, count, a);
}

static z3_status d_skip(asm_state *st, char *a) {
  asm_value v;
  if (eval_known(st, "skip", a, &v)) return st->failed;
  if (v.v < 0 || v.v > (int64_t)Z3_ROM_MAX_SIZE) return asm_fail(st, a, "skip %lld is out of range", (long long)v.v);
  if (st->open_struct >= 0) { /* a field's size: the struct's own pc moves */
    st->address = (uint32_t)((int64_t)st->address + v.v) & 0xFFFFFF;
    return Z3_OK;
  }
  if (!st->have_pc) return asm_fail(st, a, "skip before any org");
  uint32_t target = (uint32_t)((int64_t)st->address + v.v) & 0xFFFFFF;
  if (st->in_freespace || st->norom) {
    st->offset += (size_t)v.v, st->address = target;
    return Z3_OK;
  }
  return asm_set_org(st, target, a);
}

static z3_status d_warnpc(asm_state *st, char *a) {
  asm_value v;
  if (asm_eval(st, a, &v)) return st->failed;
  if (!v.unknown && asm_pc(st) > (uint32_t)(v.v & 0xFFFFFF))
    asm_defer(st, a, "warnpc: the code reaches $%06X, past $%06llX", asm_pc(st), (unsigned long long)v.v);
  return Z3_OK;
}

/* ---- files ----------------------------------------------------------------------- */

static z3_status d_incsrc(asm_state *st, char *a) {
  char name[512];
  if (file_arg(st, a, name)) return st->failed;
  asm_file *f;
  if (asm_load_file(st, st->loc->file, name, a, &f)) return st->failed;
  bool loop = st->main_real && strcmp(st->main_real, f->path) == 0;
  for (int i = 0; i < st->depth; i++) loop |= st->include_stack[i] && strcmp(st->include_stack[i], f->path) == 0;
  if (loop) return asm_fail(st, a, "include loop: '%s' is already being assembled", name);
  if (st->depth >= ASM_MAX_DEPTH) return asm_fail(st, a, "includes nested deeper than %d", ASM_MAX_DEPTH);
  st->include_stack[st->depth++] = f->path;
  z3_status s = asm_run_text(st, f->name, (const char *)f->text.data, f->text.len, st->loc);
  st->depth--;
  st->include_stack[st->depth] = NULL;
  return s;
}

static z3_status d_incbin(asm_state *st, char *a) {
  char name[512];
  if (file_arg(st, a, name)) return st->failed;
  asm_file *f;
  if (asm_load_file(st, st->loc->file, name, a, &f)) return st->failed;
  return asm_emit(st, f->text.data, f->text.len, a);
}

/* ---- messages and checks ------------------------------------------------------------ */

static z3_status message_text(asm_state *st, char *a, z3_buf *out) {
  char *items[64];
  int n = asm_split_args(a, items, 64);
  if (n < 0) return asm_fail(st, a, "too many parts in one message");
  for (int i = 0; i < n; i++) {
    char *it = items[i];
    if (it[0] == '"') {
      char text[ASM_LINE_MAX];
      if (!asm_parse_string(it, text, sizeof text)) return asm_fail(st, it, "unterminated string");
      z3_buf_printf(out, "%s", text);
    } else if (strcasecmp(it, "pc") == 0) {
      z3_buf_printf(out, "$%06X", asm_pc(st));
    } else {
      bool hex = strncasecmp(it, "hex(", 4) == 0, dec = strncasecmp(it, "dec(", 4) == 0;
      size_t len = strlen(it);
      if ((hex || dec) && it[len - 1] == ')') it[len - 1] = '\0', it += 4;
      asm_value v;
      if (asm_eval(st, it, &v)) return st->failed;
      if (hex) z3_buf_printf(out, "%llX", (unsigned long long)v.v);
      else z3_buf_printf(out, "%lld", (long long)v.v);
    }
  }
  if (!out->data) z3_buf_printf(out, "%s", "");
  return Z3_OK;
}

static z3_status d_print(asm_state *st, char *a) {
  z3_buf text;
  z3_buf_init(&text);
  z3_status s = message_text(st, a, &text);
  if (!s && asm_list_push(&st->prints, (const char *)text.data, st->err)) s = asm_fail(st, NULL, "out of memory");
  z3_buf_release(&text);
  return s;
}

static z3_status d_warn(asm_state *st, char *a) {
  z3_buf text;
  z3_buf_init(&text);
  z3_buf_printf(&text, "%s:%d: ", st->loc->file, st->loc->line);
  z3_status s = message_text(st, a, &text);
  if (!s && asm_list_push(&st->warnings, (const char *)text.data, st->err)) s = asm_fail(st, NULL, "out of memory");
  z3_buf_release(&text);
  return s;
}

static z3_status d_error(asm_state *st, char *a) {
  z3_buf text;
  z3_buf_init(&text);
  z3_status s = message_text(st, a, &text);
  if (!s) asm_defer(st, a, "error: %s", (const char *)text.data);
  z3_buf_release(&text);
  return s;
}

static z3_status d_assert(asm_state *st, char *a) {
  char *items[2];
  int n = asm_split_args(a, items, 2);
  if (n < 1 || !items[0][0]) return asm_fail(st, a, "assert takes a condition and an optional message");
  asm_value v;
  if (asm_eval(st, items[0], &v)) return st->failed;
  if (v.v || v.unknown) return Z3_OK;
  char text[ASM_LINE_MAX] = "";
  if (n == 2 && !asm_parse_string(items[1], text, sizeof text)) return asm_fail(st, items[1], "the assert message must be in quotes");
  asm_defer(st, items[0], "assertion failed: %s%s%s", items[0], text[0] ? ": " : "", text);
  return Z3_OK;
}

static z3_status d_check(asm_state *st, char *a) {
  const char *p = asm_skip_space(a);
  if (strncasecmp(p, "title", 5) != 0) return asm_fail(st, p, "check takes 'title \"TEXT\"'");
  char want[64];
  if (!asm_parse_string(asm_skip_space(p + 5), want, sizeof want)) return asm_fail(st, p + 5, "check title wants the title in quotes");
  if (!st->opt->rom_title) return Z3_OK; /* nothing to compare against without a ROM */
  char have[32];
  snprintf(have, sizeof have, "%s", st->opt->rom_title);
  size_t hn = strlen(have), wn = strlen(want);
  while (hn && have[hn - 1] == ' ') have[--hn] = '\0';
  while (wn && want[wn - 1] == ' ') want[--wn] = '\0';
  if (strcmp(have, want) != 0) return asm_fail(st, p, "check title: the ROM's title is '%s', the patch expects '%s'", have, want);
  return Z3_OK;
}

static z3_status d_arch(asm_state *st, char *a) {
  if (strcasecmp(asm_skip_space(a), "65816") != 0) return asm_fail(st, a, "only arch 65816 is supported");
  return Z3_OK;
}

static z3_status d_accept(asm_state *st, char *a) {
  (void)st, (void)a;
  return Z3_OK;
}

static z3_status d_undef(asm_state *st, char *a) {
  char name[512];
  if (file_arg(st, a, name)) return st->failed;
  const char *n = name[0] == '!' ? name + 1 : name;
  asm_define_remove(st, n, strlen(n));
  return Z3_OK;
}

static z3_status d_function(asm_state *st, char *a) { return asm_function_define(st, a); }
static z3_status d_namespace(asm_state *st, char *a) { return asm_namespace(st, a); }
static z3_status d_struct(asm_state *st, char *a) { return asm_struct_begin(st, a); }
static z3_status d_endstruct(asm_state *st, char *a) { return asm_struct_end(st, a); }

static const struct {
  const char *name;
  directive_fn fn;
} directives[] = {
    {"lorom", d_lorom}, {"hirom", d_hirom}, {"exlorom", d_exlorom}, {"exhirom", d_exhirom},
    {"norom", d_norom}, {"org", d_org}, {"base", d_base}, {"pushpc", d_pushpc},
    {"pullpc", d_pullpc}, {"freespace", d_freespace}, {"freecode", d_freespace},
    {"freedata", d_freespace}, {"autoclean", d_autoclean}, {"db", d_db}, {"dw", d_dw},
    {"dl", d_dl}, {"dd", d_dd}, {"table", d_table}, {"cleartable", d_cleartable},
    {"fillbyte", d_fillbyte}, {"padbyte", d_padbyte}, {"fill", d_fill}, {"pad", d_pad},
    {"skip", d_skip}, {"warnpc", d_warnpc}, {"incsrc", d_incsrc}, {"incbin", d_incbin},
    {"print", d_print}, {"warn", d_warn}, {"error", d_error}, {"assert", d_assert},
    {"check", d_check}, {"arch", d_arch}, {"math", d_accept}, {"undef", d_undef},
    {"function", d_function}, {"namespace", d_namespace}, {"struct", d_struct}, {"endstruct", d_endstruct},
};

z3_status asm_directive(asm_state *st, const char *word, char *args, bool *handled) {
  for (size_t i = 0; i < sizeof directives / sizeof directives[0]; i++) {
    if (strcmp(directives[i].name, word) != 0) continue;
    *handled = true;
    return directives[i].fn(st, args);
  }
  *handled = false;
  return Z3_OK;
}
