/*
 * The music text format read back into song bytes (docs/music.md).
 *
 * Two steps, so a song can be measured before anything is decided: parsing
 * gives every block its bytes with the pointers left as fix-ups to labels,
 * placing gives every block an address, encoding fills in the pointers.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/music.h"

enum { MAX_TOKEN = 64, MAX_BLOCKS = 1024 };

typedef struct label {
  char name[MAX_TOKEN];
  size_t block;
  uint16_t offset;
  int line, col;
} label;

typedef enum ref_kind { REF_PATTERN, REF_TRACK, REF_ORDER } ref_kind;

typedef struct fixup {
  char name[MAX_TOKEN];
  size_t label; /* index into the labels, resolved once by check_refs */
  size_t block;
  uint16_t offset;
  ref_kind kind;
  int line, col;
} fixup;

typedef struct tables {
  label *labels;
  size_t nlabels, cap_labels;
  fixup *fixups;
  size_t nfixups, cap_fixups;
} tables;

typedef struct lexer {
  const char *text;
  size_t len, pos;
  int line, col;
  char tok[MAX_TOKEN];
  int tline, tcol;
  bool at_line_start; /* the token is the first of its line */
} lexer;

typedef struct parser {
  lexer lx;
  z3_music_asm *out;
  tables *t;
  z3_error *err;
  bool order_done; /* the order list has ended (end or jump) */
  bool after_duration; /* the last byte was a duration without its second byte */
} parser;

static z3_status fail(parser *p, const char *fmt, ...) Z3_PRINTF(2, 3);
static z3_status fail(parser *p, const char *fmt, ...) {
  char msg[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return z3_error_set(p->err, Z3_E_INVALID, "line %d, column %d: %s", p->lx.tline, p->lx.tcol, msg);
}

/* The next whitespace-separated token, comments (';' to the end of the line) skipped; false at the end. */
static bool next_token(lexer *lx, bool *too_long) {
  bool newline = lx->pos == 0;
  *too_long = false;
  while (lx->pos < lx->len) {
    char c = lx->text[lx->pos];
    if (c == ';') {
      while (lx->pos < lx->len && lx->text[lx->pos] != '\n') lx->pos++, lx->col++;
      continue;
    }
    if (!isspace((unsigned char)c)) break;
    lx->pos++;
    if (c == '\n') lx->line++, lx->col = 1, newline = true;
    else lx->col++;
  }
  if (lx->pos >= lx->len) return false;
  lx->tline = lx->line, lx->tcol = lx->col;
  lx->at_line_start = newline;
  size_t n = 0;
  while (lx->pos < lx->len && !isspace((unsigned char)lx->text[lx->pos]) && lx->text[lx->pos] != ';') {
    if (n + 1 < MAX_TOKEN) lx->tok[n++] = lx->text[lx->pos];
    else *too_long = true;
    lx->pos++, lx->col++;
  }
  lx->tok[n] = 0;
  return true;
}

static z3_status token(parser *p, bool *got) {
  bool too_long;
  *got = next_token(&p->lx, &too_long);
  if (too_long) return fail(p, "'%s...' is longer than 63 characters", p->lx.tok);
  return Z3_OK;
}

static bool parse_number(const char *s, long *out) {
  int base = 10;
  if (s[0] == '$') s++, base = 16;
  else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s += 2, base = 16;
  if (!*s) return false;
  char *end;
  long v = strtol(s, &end, base);
  if (*end || v < 0 || v > 0xFFFF) return false;
  *out = v;
  return true;
}

static bool valid_name(const char *s) {
  if (!isalpha((unsigned char)s[0]) && s[0] != '_') return false;
  for (const char *c = s; *c; c++)
    if (!isalnum((unsigned char)*c) && *c != '_' && *c != '.') return false;
  return true;
}

static bool grow(void **arr, size_t *cap, size_t n, size_t size) {
  if (n < *cap) return true;
  size_t nc = *cap ? 2 * *cap : 32;
  void *a = z3_realloc(*arr, nc * size);
  if (!a) return false;
  *arr = a, *cap = nc;
  return true;
}

static z3_music_asm_block *cur(parser *p) { return &p->out->blocks[p->out->count - 1]; }

static z3_status add_label(parser *p, const char *name) {
  if (!valid_name(name)) return fail(p, "'%s' is not a label name (letters, digits, _ and .; not a digit first)", name);
  for (size_t i = 0; i < p->t->nlabels; i++)
    if (strcmp(p->t->labels[i].name, name) == 0) return fail(p, "label '%s' is defined twice", name);
  if (!grow((void **)&p->t->labels, &p->t->cap_labels, p->t->nlabels, sizeof(label)))
    return z3_error_set(p->err, Z3_E_NOMEM, "out of memory");
  label *l = &p->t->labels[p->t->nlabels++];
  snprintf(l->name, sizeof l->name, "%s", name);
  l->block = p->out->count - 1;
  l->offset = (uint16_t)cur(p)->bytes.len;
  l->line = p->lx.tline, l->col = p->lx.tcol;
  return Z3_OK;
}

static z3_status emit(parser *p, const uint8_t *b, size_t n) {
  if (cur(p)->bytes.len + n > 0x10000) return fail(p, "%s: the block is larger than the APU's memory", p->lx.tok);
  return z3_buf_append(&cur(p)->bytes, b, n, p->err);
}

/* A pointer to label `name`, filled in by encoding. */
static z3_status emit_ref(parser *p, const char *name, ref_kind kind) {
  if (!valid_name(name)) return fail(p, "'%s' is not a label name", name);
  if (!grow((void **)&p->t->fixups, &p->t->cap_fixups, p->t->nfixups, sizeof(fixup)))
    return z3_error_set(p->err, Z3_E_NOMEM, "out of memory");
  fixup *f = &p->t->fixups[p->t->nfixups++];
  snprintf(f->name, sizeof f->name, "%s", name);
  f->block = p->out->count - 1;
  f->offset = (uint16_t)cur(p)->bytes.len;
  f->kind = kind;
  f->line = p->lx.tline, f->col = p->lx.tcol;
  static const uint8_t zero[2] = {0, 0};
  return emit(p, zero, 2);
}

static z3_status number_arg(parser *p, long min, long max, const char *what, long *v) {
  bool got;
  z3_status st = token(p, &got);
  if (st) return st;
  if (!got) return fail(p, "%s: missing at the end of the text", what);
  if (!parse_number(p->lx.tok, v) || *v < min || *v > max) {
    char msg[120];
    snprintf(msg, sizeof msg, "'%s': %s must be a number %ld-%ld", p->lx.tok, what, min, max);
    return z3_error_set(p->err, Z3_E_INVALID, "line %d, column %d: %s", p->lx.tline, p->lx.tcol, msg);
  }
  return Z3_OK;
}

static z3_status name_arg(parser *p, const char *what) {
  bool got;
  z3_status st = token(p, &got);
  if (st) return st;
  if (!got) return fail(p, "%s: missing at the end of the text", what);
  return Z3_OK;
}

/* ---- blocks ----------------------------------------------------------------- */

static z3_status start_block(parser *p, z3_music_block_kind kind) {
  if (p->out->count == MAX_BLOCKS) return fail(p, "%s: more than 1024 blocks", p->lx.tok);
  if (kind == Z3_MB_ORDER)
    for (size_t i = 0; i < p->out->count; i++)
      if (p->out->blocks[i].kind == Z3_MB_ORDER) return fail(p, "%s: a song has one order list", "order");
  z3_music_asm_block *b = &p->out->blocks[p->out->count++];
  memset(b, 0, sizeof *b);
  b->kind = kind;
  b->hint = -1;
  z3_buf_init(&b->bytes);
  return Z3_OK;
}

/* "NAME [@ADDR]" after pattern/track, "[@ADDR]" after order: the hint when given. */
static z3_status block_header(parser *p, bool named, bool *pending, bool *got) {
  z3_status st;
  if (named) {
    if ((st = name_arg(p, "the block's name"))) return st;
    if ((st = add_label(p, p->lx.tok))) return st;
  }
  *pending = false;
  if ((st = token(p, got)) || !*got) return st;
  if (p->lx.tok[0] != '@') {
    *pending = true;
    return Z3_OK;
  }
  const char *h = p->lx.tok + 1;
  size_t n = strlen(h);
  char *end;
  long v = strtol(h, &end, 16);
  if (n < 1 || n > 4 || *end || !isxdigit((unsigned char)h[0]))
    return fail(p, "'%s': an address is @ and four hex digits", p->lx.tok);
  cur(p)->hint = (int)v;
  return Z3_OK;
}

static bool is_header(const char *s) { return !strcmp(s, "order") || !strcmp(s, "pattern") || !strcmp(s, "track"); }

static z3_status order_item(parser *p) {
  char t[MAX_TOKEN];
  snprintf(t, sizeof t, "%s", p->lx.tok);
  size_t n = strlen(t);
  z3_status st;
  if (n > 1 && t[n - 1] == ':') {
    char name[MAX_TOKEN];
    snprintf(name, sizeof name, "%.*s", (int)(n - 1), t);
    return add_label(p, name);
  }
  if (p->order_done) return fail(p, "'%s' after the order list's end or jump", t);
  if (!strcmp(t, "play")) {
    if ((st = name_arg(p, "play's pattern"))) return st;
    return emit_ref(p, p->lx.tok, REF_PATTERN);
  }
  if (!strcmp(t, "end")) {
    p->order_done = true;
    return emit(p, (const uint8_t[]){0, 0}, 2);
  }
  long count = 0xFF;
  if (!strcmp(t, "repeat") && (st = number_arg(p, 1, 0x7F, "repeat's count", &count))) return st;
  if (strcmp(t, "repeat") && strcmp(t, "jump")) return fail(p, "'%s': the order list has play, repeat, jump, end and labels", t);
  bool jump = !strcmp(t, "jump");
  if ((st = name_arg(p, "the jump's label"))) return st;
  char target[MAX_TOKEN];
  snprintf(target, sizeof target, "%s", p->lx.tok);
  if (jump) {
    /* an optional jump value $80-$FF */
    lexer save = p->lx;
    bool got;
    long v = 0;
    if ((st = token(p, &got))) return st;
    if (got && parse_number(p->lx.tok, &v) && !p->lx.at_line_start) {
      if (v < 0x80 || v > 0xFF) return fail(p, "'%s': a jump's value is $80-$FF", p->lx.tok);
      count = v;
    } else p->lx = save;
    p->order_done = true;
  }
  if ((st = emit(p, (const uint8_t[]){(uint8_t)count, 0}, 2))) return st;
  snprintf(p->lx.tok, sizeof p->lx.tok, "%s", target);
  return emit_ref(p, target, REF_ORDER);
}

static z3_status pattern_item(parser *p) {
  if (cur(p)->bytes.len >= 16) return fail(p, "'%s': a pattern has 8 tracks", p->lx.tok);
  if (!strcmp(p->lx.tok, "-")) return emit(p, (const uint8_t[]){0, 0}, 2);
  return emit_ref(p, p->lx.tok, REF_TRACK);
}

static const char *const note_names[12] = {"c", "c#", "d", "d#", "e", "f", "f#", "g", "g#", "a", "a#", "b"};

static int parse_note(const char *t) {
  size_t n = strlen(t);
  if (n < 2 || n > 3 || t[n - 1] < '1' || t[n - 1] > '6') return -1;
  for (int i = 0; i < 12; i++)
    if (strlen(note_names[i]) == n - 1 && !strncmp(t, note_names[i], n - 1)) return 0x80 + (t[n - 1] - '1') * 12 + i;
  return -1;
}

/* l<dur>[q<0-7>v<0-15>] */
static z3_status duration_item(parser *p, const char *t) {
  char *end;
  long d = strtol(t + 1, &end, 10);
  if (end == t + 1 || d < 1 || d > 0x7F) return fail(p, "'%s': a duration is l1-l127", t);
  if (p->after_duration)
    return fail(p, "'%s' right after a duration would be read as its quantisation and velocity; write them as l..q..v..", t);
  if (!*end) {
    p->after_duration = true;
    return emit(p, (const uint8_t[]){(uint8_t)d}, 1);
  }
  long q = -1, v = -1;
  if (*end == 'q') q = strtol(end + 1, &end, 10);
  if (*end == 'v') v = strtol(end + 1, &end, 10);
  if (*end || q < 0 || q > 7 || v < 0 || v > 15 || (q == 0 && v == 0))
    return fail(p, "'%s': after the duration come q0-q7 and v0-v15 together (not both 0), as l24q7v15", t);
  return emit(p, (const uint8_t[]){(uint8_t)d, (uint8_t)(q << 4 | v)}, 2);
}

static z3_status command_item(parser *p, uint8_t op) {
  z3_status st;
  uint8_t b[4] = {op};
  if (op == 0xEF) {
    if ((st = emit(p, b, 1)) || (st = name_arg(p, "call's track"))) return st;
    if ((st = emit_ref(p, p->lx.tok, REF_TRACK))) return st;
    long n = 0;
    if ((st = number_arg(p, 1, 255, "call's count", &n))) return st;
    return emit(p, (const uint8_t[]){(uint8_t)n}, 1);
  }
  int np = z3_music_command_params(op);
  for (int i = 0; i < np; i++) {
    long v = 0;
    if ((st = number_arg(p, 0, 255, z3_music_command_name(op), &v))) return st;
    b[1 + i] = (uint8_t)v;
  }
  return emit(p, b, (size_t)(1 + np));
}

static z3_status track_item(parser *p) {
  const char *t = p->lx.tok;
  size_t n = strlen(t);
  bool saved = p->after_duration;
  if (n > 1 && t[n - 1] == ':') {
    char name[MAX_TOKEN];
    snprintf(name, sizeof name, "%.*s", (int)(n - 1), t);
    return add_label(p, name);
  }
  p->after_duration = false;
  int note = parse_note(t);
  if (note >= 0) return emit(p, (const uint8_t[]){(uint8_t)note}, 1);
  if (!strcmp(t, "tie")) return emit(p, (const uint8_t[]){0xC8}, 1);
  if (!strcmp(t, "rest")) return emit(p, (const uint8_t[]){0xC9}, 1);
  if (t[0] == 'l' && isdigit((unsigned char)t[1])) {
    p->after_duration = saved;
    return duration_item(p, t);
  }
  if (t[0] == 'p' && isdigit((unsigned char)t[1])) {
    char *end;
    long v = strtol(t + 1, &end, 10);
    if (*end || v > 0xDF - 0xCA) return fail(p, "'%s': percussion is p0-p21", t);
    return emit(p, (const uint8_t[]){(uint8_t)(0xCA + v)}, 1);
  }
  for (int op = 0xE0; op <= 0xFF; op++)
    if (!strcmp(t, z3_music_command_name((uint8_t)op))) return command_item(p, (uint8_t)op);
  return fail(p, "'%s' is not a note, duration, rest, tie, percussion, command or label", t);
}

static z3_status parse_song_line(parser *p) {
  long v = 0;
  z3_status st = number_arg(p, 1, Z3_MUSIC_MAX_SLOTS, "the song number", &v);
  if (st == Z3_OK) p->out->song = (int)v;
  return st;
}

static z3_status finish_block(parser *p) {
  if (!p->out->count) return Z3_OK;
  z3_music_asm_block *b = cur(p);
  if (b->kind == Z3_MB_PATTERN && b->bytes.len != 16)
    return z3_error_set(p->err, Z3_E_INVALID, "line %d, column %d: the pattern before has %zu tracks, not 8", p->lx.tline,
                        p->lx.tcol, b->bytes.len / 2);
  p->after_duration = false;
  if (b->kind == Z3_MB_TRACK) return emit(p, (const uint8_t[]){0}, 1);
  return Z3_OK;
}

static z3_status parse_all(parser *p) {
  bool got, pending = false;
  z3_status st = Z3_OK;
  for (;;) {
    if (!pending && (st = token(p, &got))) return st;
    if (!pending && !got) break;
    pending = false;
    const char *t = p->lx.tok;
    if (is_header(t)) {
      if ((st = finish_block(p))) return st;
      z3_music_block_kind kind = !strcmp(t, "order") ? Z3_MB_ORDER : !strcmp(t, "pattern") ? Z3_MB_PATTERN : Z3_MB_TRACK;
      if ((st = start_block(p, kind))) return st;
      if ((st = block_header(p, kind != Z3_MB_ORDER, &pending, &got))) return st;
      if (!got) break;
      continue;
    }
    if (!strcmp(t, "song") && p->out->count == 0) {
      if ((st = parse_song_line(p))) return st;
      continue;
    }
    if (!p->out->count) return fail(p, "'%s' before the first block (order, pattern or track)", t);
    switch (cur(p)->kind) {
      case Z3_MB_ORDER: st = order_item(p); break;
      case Z3_MB_PATTERN: st = pattern_item(p); break;
      case Z3_MB_TRACK: st = track_item(p); break;
    }
    if (st) return st;
  }
  p->lx.tline = p->lx.line, p->lx.tcol = p->lx.col;
  return finish_block(p);
}

static const label *find_label(const tables *t, const char *name) {
  for (size_t i = 0; i < t->nlabels; i++)
    if (!strcmp(t->labels[i].name, name)) return &t->labels[i];
  return NULL;
}

/* Every reference names a label of the right kind of block; resolves each. */
static z3_status check_refs(const z3_music_asm *a, tables *t, z3_error *err) {
  static const z3_music_block_kind want[] = {Z3_MB_PATTERN, Z3_MB_TRACK, Z3_MB_ORDER};
  static const char *const want_name[] = {"pattern", "track", "order-list label"};
  for (size_t i = 0; i < t->nfixups; i++) {
    fixup *f = &t->fixups[i];
    const label *l = find_label(t, f->name);
    if (!l) return z3_error_set(err, Z3_E_INVALID, "line %d, column %d: no label '%s'", f->line, f->col, f->name);
    f->label = (size_t)(l - t->labels);
    const z3_music_asm_block *b = &a->blocks[l->block];
    if (b->kind != want[f->kind] || (f->kind == REF_PATTERN && l->offset != 0))
      return z3_error_set(err, Z3_E_INVALID, "line %d, column %d: '%s' is not a %s", f->line, f->col, f->name, want_name[f->kind]);
    /* the song reader's rule (and the game's loops): back to an entry at or before the jump */
    if (f->kind == REF_ORDER && l->offset >= f->offset + 2)
      return z3_error_set(err, Z3_E_INVALID, "line %d, column %d: '%s' comes after this repeat or jump; they go back to an earlier entry",
                          f->line, f->col, f->name);
  }
  return Z3_OK;
}

/* Every pattern and track is played: reached from the order list through the references.
 * One that is not would be written into the bank where no song reads it, counted in the
 * song's size, and taken as free space by the next import. */
static z3_status check_reached(const z3_music_asm *a, const tables *t, z3_error *err) {
  bool *reached = z3_calloc(a->count, sizeof *reached);
  size_t *stack = z3_calloc(a->count, sizeof *stack);
  z3_status st = reached && stack ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  size_t top = 0;
  for (size_t i = 0; st == Z3_OK && i < a->count; i++)
    if (a->blocks[i].kind == Z3_MB_ORDER) reached[i] = true, stack[top++] = i;
  while (st == Z3_OK && top > 0) {
    size_t b = stack[--top];
    for (size_t i = 0; i < t->nfixups; i++) {
      size_t to = t->labels[t->fixups[i].label].block;
      if (t->fixups[i].block == b && !reached[to]) reached[to] = true, stack[top++] = to;
    }
  }
  for (size_t i = 0; st == Z3_OK && i < t->nlabels; i++) {
    const label *l = &t->labels[i];
    if (reached[l->block] || l->offset != 0) continue;
    const char *kind = a->blocks[l->block].kind == Z3_MB_PATTERN ? "pattern" : "track";
    st = z3_error_set(err, Z3_E_INVALID, "line %d, column %d: %s '%s' is never played: no order entry, pattern or track refers to it",
                      l->line, l->col, kind, l->name);
    z3_error_hint(err, "remove it, or play it from the order list or a pattern");
  }
  z3_free(reached);
  z3_free(stack);
  return st;
}

z3_status z3_music_asm_parse(const char *text, size_t len, z3_music_asm *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  tables *t = z3_calloc(1, sizeof *t);
  out->blocks = z3_calloc(MAX_BLOCKS, sizeof *out->blocks);
  out->labels = t;
  if (!t || !out->blocks) {
    z3_music_asm_release(out);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  }
  parser p = {.lx = {.text = text, .len = len, .line = 1, .col = 1}, .out = out, .t = t, .err = err};
  if (memchr(text, 0, len)) {
    z3_music_asm_release(out);
    return z3_error_set(err, Z3_E_INVALID, "line 1, column 1: the text holds a NUL byte");
  }
  z3_status st = parse_all(&p);
  bool has_order = false;
  for (size_t i = 0; i < out->count; i++) has_order |= out->blocks[i].kind == Z3_MB_ORDER;
  if (st == Z3_OK && !has_order) st = z3_error_set(err, Z3_E_INVALID, "line %d, column %d: the text has no order list", p.lx.line, p.lx.col);
  if (st == Z3_OK && !p.order_done)
    st = z3_error_set(err, Z3_E_INVALID, "line %d, column %d: the order list must finish with end or jump", p.lx.line, p.lx.col);
  if (st == Z3_OK) st = check_refs(out, t, err);
  if (st == Z3_OK) st = check_reached(out, t, err);
  for (size_t i = 0; st == Z3_OK && i < out->count; i++) out->bytes += out->blocks[i].bytes.len;
  if (st == Z3_OK && out->bytes > 0x10000) st = z3_error_set(err, Z3_E_INVALID, "the song is larger than the APU's memory");
  if (st) z3_music_asm_release(out);
  return st;
}

/* ---- placing and encoding ---------------------------------------------------- */

static bool range_free(const bool *free_map, uint32_t from, uint32_t to, uint32_t a, uint32_t n) {
  if (a < from || a + n > to) return false;
  for (uint32_t i = 0; i < n; i++)
    if (!free_map[a + i]) return false;
  return true;
}

static bool hints_fit(const z3_music_asm *a, const bool *free_map, uint32_t from, uint32_t to) {
  for (size_t i = 0; i < a->count; i++) {
    const z3_music_asm_block *b = &a->blocks[i];
    if (b->hint < 0 || !range_free(free_map, from, to, (uint32_t)b->hint, (uint32_t)b->bytes.len)) return false;
    for (size_t j = 0; j < i; j++) {
      const z3_music_asm_block *c = &a->blocks[j];
      size_t bh = (size_t)b->hint, ch = (size_t)c->hint;
      if (bh < ch + c->bytes.len && ch < bh + b->bytes.len) return false;
    }
  }
  return true;
}

/* Largest run of free bytes in [from, to), and where it starts. */
static uint32_t largest_run(const bool *free_map, uint32_t from, uint32_t to, uint32_t *at) {
  uint32_t best = 0, run = 0;
  *at = from;
  for (uint32_t i = from; i < to; i++) {
    run = free_map[i] ? run + 1 : 0;
    if (run > best) best = run, *at = i + 1 - run;
  }
  return best;
}

z3_status z3_music_asm_place(z3_music_asm *a, const bool *free_map, uint32_t from, uint32_t to, z3_error *err) {
  if (hints_fit(a, free_map, from, to)) {
    for (size_t i = 0; i < a->count; i++) a->blocks[i].addr = (uint16_t)a->blocks[i].hint;
    return Z3_OK;
  }
  uint32_t at = from, run = 0;
  for (uint32_t i = from; i < to; i++) { /* first fit */
    run = free_map[i] ? run + 1 : 0;
    if (run == a->bytes) {
      at = i + 1 - run;
      break;
    }
  }
  if (run < a->bytes || a->bytes == 0) {
    uint32_t best_at, best = largest_run(free_map, from, to, &best_at);
    z3_error_set(err, Z3_E_INVALID, "the song needs %zu bytes but the largest free space in the bank's song area ($%04X-$%04X) is %u bytes: %zu bytes over",
                 a->bytes, (unsigned)from, (unsigned)(to - 1), best, a->bytes - best);
    z3_error_hint(err, "shorten the song, or free space by shortening another song of the same bank");
    return Z3_E_INVALID;
  }
  for (size_t i = 0; i < a->count; i++) {
    a->blocks[i].addr = (uint16_t)at;
    at += (uint32_t)a->blocks[i].bytes.len;
  }
  return Z3_OK;
}

z3_status z3_music_asm_encode(z3_music_asm *a, z3_error *err) {
  const tables *t = a->labels;
  (void)err;
  for (size_t i = 0; i < t->nfixups; i++) {
    const fixup *f = &t->fixups[i];
    const label *l = &t->labels[f->label]; /* resolved by parse */
    uint16_t v = (uint16_t)(a->blocks[l->block].addr + l->offset);
    uint8_t *d = a->blocks[f->block].bytes.data + f->offset;
    d[0] = (uint8_t)v, d[1] = (uint8_t)(v >> 8);
  }
  return Z3_OK;
}

void z3_music_asm_release(z3_music_asm *a) {
  for (size_t i = 0; a->blocks && i < a->count; i++) z3_buf_release(&a->blocks[i].bytes);
  z3_free(a->blocks);
  tables *t = a->labels;
  if (t) {
    z3_free(t->labels);
    z3_free(t->fixups);
    z3_free(t);
  }
  memset(a, 0, sizeof *a);
}
