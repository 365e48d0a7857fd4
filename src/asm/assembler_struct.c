/*
 * asar's structs: named layouts of memory, labels with offsets.
 *   struct Name ADDR            labels after it (.Field: skip N) are Name.Field,
 *                               at ADDR plus the skips before them
 *   struct Ext extends Name     the same, placed after Name's own fields:
 *                               Name.Ext.Field
 *   endstruct [align N]         the size, rounded up to a multiple of N
 *   Name[i].Field               Name.Field + i * Name's size (with its
 *                               largest extension); Name.Ext[i].Field steps
 *                               by the extension's size
 * Inside a struct the pc is the struct's own (labels and skip only, no
 * bytes); the pc from before comes back at endstruct. Structs are kept
 * across passes so a use before the definition resolves on the next pass.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "asm/assembler_internal.h"

void asm_structs_release(asm_state *st) {
  for (size_t i = 0; i < st->struct_count; i++) z3_free(st->structs[i].name);
  z3_free(st->structs);
  st->structs = NULL;
  st->struct_count = st->struct_cap = 0;
}

const asm_struct *asm_struct_find(const asm_state *st, const char *name) {
  for (size_t i = 0; i < st->struct_count; i++)
    if (strcmp(st->structs[i].name, name) == 0) return &st->structs[i];
  return NULL;
}

static asm_struct *struct_slot(asm_state *st, const char *name) {
  asm_struct *s = (asm_struct *)asm_struct_find(st, name);
  if (s) return s;
  if (st->struct_count == st->struct_cap) {
    size_t cap = st->struct_cap ? st->struct_cap * 2 : 8;
    asm_struct *n = z3_realloc(st->structs, cap * sizeof *n);
    if (!n) return NULL;
    st->structs = n, st->struct_cap = cap;
  }
  s = &st->structs[st->struct_count];
  memset(s, 0, sizeof *s);
  if (!(s->name = z3_strdup(name))) return NULL;
  s->parent = -1;
  st->struct_count++;
  return s;
}

static bool struct_name_ok(const char *s) {
  if (!*s) return false;
  for (; *s; s++)
    if (!asm_ident_char(*s)) return false;
  return true;
}

/* `Ext extends Parent`: Parent's place after its own fields. */
static z3_status extension_start(asm_state *st, char *name, char *rest, char *full, size_t cap, uint32_t *start,
                                 int *parent) {
  const char *pname = asm_skip_space(rest + strlen("extends"));
  const asm_struct *p = asm_struct_find(st, pname);
  if (!p || p->pass != st->pass) return asm_fail(st, pname, "struct %s extends '%s', which is not defined before it", name, pname);
  if (p->parent >= 0) return asm_fail(st, pname, "struct %s extends %s, itself an extension; extensions do not nest", name, pname);
  snprintf(full, cap, "%s.%s", p->name, name);
  *start = (p->start + p->size) & 0xFFFFFF;
  *parent = (int)(p - st->structs);
  return Z3_OK;
}

z3_status asm_struct_begin(asm_state *st, char *args) {
  if (st->open_struct >= 0) return asm_fail(st, args, "struct inside struct %s; close it with endstruct first", st->structs[st->open_struct].name);
  char *name = (char *)asm_skip_space(args), *rest = name;
  while (*rest && !strchr(" \t", *rest)) rest++;
  if (*rest) *rest++ = '\0';
  rest = (char *)asm_skip_space(rest);
  if (!struct_name_ok(name)) return asm_fail(st, args, "struct needs a name of letters, digits and _: struct Name $7E0100");
  char full[ASM_STRUCT_NAME_MAX];
  uint32_t start = 0;
  int parent = -1;
  if (strncasecmp(rest, "extends", 7) == 0 && (rest[7] == ' ' || rest[7] == '\t')) {
    if (extension_start(st, name, rest, full, sizeof full, &start, &parent)) return st->failed;
  } else {
    asm_value v;
    if (!*rest) return asm_fail(st, args, "struct %s needs an address: struct %s $7E0100", name, name);
    if (asm_eval(st, rest, &v)) return st->failed;
    if (v.unknown) return asm_fail(st, rest, "the address of struct %s must be known where it is defined", name);
    snprintf(full, sizeof full, "%s", name);
    start = (uint32_t)v.v & 0xFFFFFF;
  }
  asm_struct *s = struct_slot(st, full);
  if (!s) return asm_fail(st, NULL, "out of memory");
  if (s->pass == st->pass) return asm_fail(st, args, "struct %s is defined twice", full);
  s->start = start, s->parent = parent, s->pass = st->pass, s->size = s->combined = 0;
  if (asm_define_label(st, full, start, args)) return st->failed;
  st->struct_save = (asm_pcsave){st->offset, st->address, st->have_pc, st->base_delta, st->in_freespace, st->freeblock};
  snprintf(st->struct_parent_save, sizeof st->struct_parent_save, "%s", st->parent);
  snprintf(st->parent, sizeof st->parent, "%s", full);
  st->open_struct = (int)(s - st->structs);
  st->address = start, st->base_delta = 0, st->have_pc = true, st->in_freespace = false;
  return Z3_OK;
}

z3_status asm_struct_end(asm_state *st, char *args) {
  if (st->open_struct < 0) return asm_fail(st, args, "endstruct without struct");
  asm_struct *s = &st->structs[st->open_struct];
  uint32_t size = (st->address - s->start) & 0xFFFFFF;
  const char *a = asm_skip_space(args);
  if (*a) {
    asm_value v;
    if (strncasecmp(a, "align", 5) != 0) return asm_fail(st, a, "endstruct takes nothing or 'align N'");
    if (asm_eval(st, a + 5, &v)) return st->failed;
    if (v.unknown || v.v < 1 || v.v > 0x10000) return asm_fail(st, a, "endstruct align needs a known value 1-65536");
    size = (uint32_t)((size + v.v - 1) / v.v * v.v);
  }
  s->size = size;
  s->combined = size;
  if (s->parent >= 0) {
    asm_struct *p = &st->structs[s->parent];
    if (p->size + size > p->combined) p->combined = p->size + size;
  }
  const asm_pcsave *b = &st->struct_save;
  st->offset = b->offset, st->address = b->address, st->have_pc = b->have, st->base_delta = b->delta;
  st->in_freespace = b->in_free, st->freeblock = b->block;
  snprintf(st->parent, sizeof st->parent, "%s", st->struct_parent_save);
  st->open_struct = -1;
  return Z3_OK;
}

z3_status asm_struct_index(asm_state *st, const char *name, int64_t index, const char *field, const char *at,
                           int64_t *offset) {
  const asm_struct *s = asm_struct_find(st, name);
  if (!s) {
    asm_defer(st, at, "'%s' is not a struct (Name[i].Field indexes a struct)", name);
    *offset = 0;
    return Z3_OK;
  }
  if (!*field) return asm_fail(st, at, "%s[...] needs a field after it: %s[i].Field", name, name);
  *offset = index * (int64_t)s->combined;
  return Z3_OK;
}
