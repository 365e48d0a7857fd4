/* The assembler's asar semantics: expected bytes worked out by hand from the
 * documented behaviour (math, widths, labels, defines, macros, conditionals,
 * data, fills), real-world-shaped patches (a hook with org + JSL into
 * freespace, autoclean on a second application) read back with our
 * disassembler, the .sym output read back with our parser, and every error
 * kind with its location. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "asm/assembler.h"
#include "asm/disasm.h"
#include "asm/symbols.h"
#include "test.h"

static char *hex_of(const uint8_t *b, size_t n) {
  char *out = z3_malloc(n * 3 + 1);
  out[0] = '\0';
  for (size_t i = 0; i < n; i++) sprintf(out + i * 3, i + 1 < n ? "%02x " : "%02x", b[i]);
  return out;
}

static z3_status run(const char *text, const z3_asm_options *o, z3_asm_result *r, z3_error *err) {
  static const z3_asm_options plain = {.mapping = Z3_MAP_LOROM};
  z3_asm_result_init(r);
  z3_error_init(err);
  return z3_asm_assemble("t.asm", text, strlen(text), o ? o : &plain, r, err);
}

/* All bytes written, in order, as "a9 00 ..." */
static void expect_bytes(const char *text, const char *hex) {
  z3_asm_result r;
  z3_error err;
  assert_ok(run(text, NULL, &r, &err), &err);
  char *got = hex_of(r.bytes.data, r.bytes.len);
  if (strcmp(got, hex) != 0) print_error("for:\n%s\ngot  %s\nwant %s\n", text, got, hex);
  assert_string_equal(got, hex);
  z3_free(got);
  z3_asm_result_release(&r);
}

static void expect_error(const char *text, const z3_asm_options *o, const char *where, const char *what) {
  z3_asm_result r;
  z3_error err;
  assert_int_not_equal(run(text, o, &r, &err), Z3_OK);
  if (!strstr(err.message, where) || !strstr(err.message, what))
    print_error("message '%s' lacks '%s' or '%s'\n", err.message, where, what);
  assert_non_null(strstr(err.message, where));
  assert_non_null(strstr(err.message, what));
  assert_int_equal(r.chunk_count, 0);
  assert_int_equal(r.bytes.len, 0);
  z3_asm_result_release(&r);
}

Z3_TEST(test_math_precedence_and_operators) {
  (void)state;
  expect_bytes("org $008000\ndb 5+6*2, (5+6)*2, 2**3**1, 1<<3|1, $10>>2, -1, ~0&$FF, <:$123456\n"
               "db 7%3, 10/3, 1+2==3, 3>2&&2>3, 1||0, !0, 'A', %1010, $1F^$0F\n",
               "11 16 08 09 04 ff ff 12 01 03 01 00 01 01 41 0a 10");
  /* past 64 bits the arithmetic wraps, with no undefined behaviour for the sanitizers to stop:
   * 3**41 and $FFFFFFFF cubed overflow, and so do negating 2**63 and going below it */
  expect_bytes("org $008000\ndb (3**41)&$FF, ($FFFFFFFF*$FFFFFFFF*$FFFFFFFF)&$FF, (-(2**63))&$FF, (2**63-1+1)&$FF\n"
               "db (0-(2**63)-1)&$FF, (2**63-1+1)>>63&$FF\n",
               "63 ff 00 00 ff ff");
}

Z3_TEST(test_operand_widths_follow_digits_values_and_suffixes) {
  (void)state;
  expect_bytes("org $008000\nlda $12\nlda $0012\nlda $000012\nlda.w $12\nlda.l $12\nlda.b $1234\n",
               "a5 12 ad 12 00 af 12 00 00 ad 12 00 af 12 00 00 a5 34");
  expect_bytes("org $008000\nlda #$12\nlda #$1234\nlda.w #$12\nldx.b #$1234\nrep #$30\nlda #300\n",
               "a9 12 a9 34 12 a9 12 00 a2 34 c2 30 a9 2c 01");
}

Z3_TEST(test_labels_sublabels_and_anonymous) {
  (void)state;
  expect_bytes("org $008000\nMain:\n.loop: dex\n  bne .loop\n--\n-\n  bra -\n  bra --\n  bra +\n  bra ++\n+ nop\n++ rts\n"
               "  dw Main, Main.loop, Other_end\nOther_end:\n",
               "ca d0 fd 80 fe 80 fc 80 02 80 01 ea 60 00 80 00 80 13 80");
}

Z3_TEST(test_jumps_take_the_right_width) {
  (void)state;
  /* JMP/JSR to a 24-bit label use its low 16 bits; .l or JML/JSL go long */
  expect_bytes("org $008000\njmp Far\njsr Far\njml Far\njsl Far\njmp.l Far\njsr.l Far\njmp (Ptr)\njml [Ptr]\njmp (Ptr,x)\n"
               "org $1B8000\nFar: rtl\nPtr = $0100\n",
               "4c 00 80 20 00 80 5c 00 80 1b 22 00 80 1b 5c 00 80 1b 22 00 80 1b 6c 00 01 dc 00 01 7c 00 01 6b");
  expect_bytes("org $008000\nlda ($12),y\nlda [$12],y\nlda ($12,x)\nlda $12,s\nlda ($12,s),y\nlda $1234,x\nlda $123456,x\n"
               "ldx $12,y\nasl\nasl a\nmvn $7E,$7F\npea $1234\npei ($12)\nper Target\nbrl Target\nTarget: brk\n",
               "b1 12 b7 12 a1 12 a3 12 b3 12 bd 34 12 bf 56 34 12 b6 12 0a 0a 54 7f 7e f4 34 12 d4 12 62 03 00 82 00 00 00");
}

Z3_TEST(test_defines) {
  (void)state;
  expect_bytes("!a = 5\n!b = !a+1\n!c #= !a*2\n!d = 1\n!d ?= 9\n!e ?= 7\n!name = \"x\"\norg $008000\n"
               "db !a, !b, !c, !{d}, !e\n!a = 8\ndb !a\nundef \"a\"\nif defined(\"a\")\ndb $AA\nendif\n",
               "05 06 0a 01 07 08");
  expect_error("org $008000\ndb !missing\n", NULL, "t.asm:2:4", "define '!missing' is not defined");
  expect_error("!a = !a\norg $008000\ndb !a\n", NULL, "t.asm:1", "is not defined");
  expect_error("!a = x!a\n!b = !a\n", NULL, "t.asm:1", "not defined");
}

Z3_TEST(test_conditionals) {
  (void)state;
  expect_bytes("!v = 2\norg $008000\nif !v == 1\ndb 1\nelseif !v == 2\ndb 2\nif 0\ndb $FF\nelse\ndb 3\nendif\nelse\ndb 4\nendif\n"
               "if 0\n db !undefined_is_fine_here\nendif\n",
               "02 03");
  expect_error("org $008000\nif 1\ndb 1\n", NULL, "t.asm", "without endif");
  expect_error("org $008000\nendif\n", NULL, "t.asm:2", "endif without if");
  expect_error("org $008000\nif 1\nelse\nelse\nendif\n", NULL, "t.asm:4", "else after else");
}

Z3_TEST(test_macros) {
  (void)state;
  expect_bytes("macro store(value, addr)\n  lda #<value>\n  sta <addr>\nendmacro\n"
               "macro twice(v)\n  %store(<v>, $10)\n  %store(<v>, $11)\nendmacro\n"
               "org $008000\n%store($01, $0200)\n%twice($02)\n",
               "a9 01 8d 00 02 a9 02 85 10 a9 02 85 11");
  expect_error("macro m(a)\nendmacro\norg $008000\n%m(1, 2)\n", NULL, "t.asm:4:1", "takes 1 argument(s), not 2");
  expect_error("org $008000\n%nope()\n", NULL, "t.asm:2:1", "macro 'nope' is not defined");
  expect_error("macro m()\n  lda Nowhere\nendmacro\norg $008000\n%m()\n", NULL, "t.asm:2", "(in macro m); in a macro called from t.asm:5");
  expect_error("macro m()\n%m()\nendmacro\norg $008000\n%m()\n", NULL, "t.asm", "nested deeper");
  /* wide rather than deep: 10^8 lines are refused long before they run */
  char wide[2048] = "macro m0()\nnop\nendmacro\n";
  for (int i = 1; i <= 8; i++) {
    char part[200];
    snprintf(part, sizeof part, "macro m%d()\n%%m%d() : %%m%d() : %%m%d() : %%m%d() : %%m%d()\n%%m%d() : %%m%d() : %%m%d() : %%m%d() : %%m%d()\nendmacro\n",
             i, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1);
    strcat(wide, part);
  }
  strcat(wide, "org $008000\n%m8()\n");
  expect_error(wide, NULL, "t.asm", "macro lines in one pass");
}

/* while loops (nested, with #= counters), user functions (calling each other), namespaces
 * (prefixed definitions, lookups inside first, nested namespaces). */
Z3_TEST(test_loops_functions_and_namespaces) {
  (void)state;
  expect_bytes("org $008000\n!i = 0\nwhile !i < 3\n  db !i\n  !j = 0\n  while !j < 2\n    db $10+!j\n    !j #= !j+1\n"
               "  endwhile\n  !i #= !i+1\nendwhile\nwhile 0\n  db $FF\nendwhile\n",
               "00 10 11 01 10 11 02 10 11");
  expect_bytes("function double(x) = x*2\nfunction mix(a, b) = double(a)+b\nfunction five() = 5\norg $008000\n"
               "db double(3), mix(2, 1), five(), double(double(2)), mix($10, %1)\n",
               "06 05 05 08 21");
  expect_bytes("org $008000\nnamespace Foo\nStart:\n.loop: bra .loop\n  dw Start\nnamespace off\nStart: dw Foo_Start, Start\n"
               "namespace nested on\nnamespace A\nnamespace B\nInner: dw Inner, A_B_Inner\n",
               "80 fe 00 80 00 80 04 80 08 80 08 80");
  expect_error("org $008000\nwhile 1\n  db 0\n", NULL, "t.asm:2", "while without endwhile");
  expect_error("org $008000\nendwhile\n", NULL, "t.asm:2", "endwhile without while");
  expect_error("org $008000\nwhile 1\nendwhile\n", NULL, "t.asm", "ran 100000 times");
  expect_error("function f(a) = a\norg $008000\ndb f(1, 2)\n", NULL, "t.asm:3", "takes 1 argument(s), not 2");
  expect_error("function f(a) = f(a)\norg $008000\ndb f(1)\n", NULL, "t.asm:3", "deeper than 32");
  expect_error("function f(a) = a\nfunction f(b) = b\n", NULL, "t.asm:2", "already defined");
  expect_error("function f a = a\n", NULL, "t.asm:1", "write a function as");
  expect_error("namespace 1bad\n", NULL, "t.asm:1", "may hold only letters");
}

/* for loops as asar's manual describes them (its example's bytes: 01 02 02 04 03 06 04 08),
 * nested, with define bounds, empty, and mixed with while. */
Z3_TEST(test_for_loops) {
  (void)state;
  expect_bytes("org $008000\nfor i = 1..5\n  db !i\n  db 2*!i\nendfor\n", "01 02 02 04 03 06 04 08");
  expect_bytes("org $008000\n!n = 3\nfor j = 0..!n\n  for k = 0..2\n    db $10*!j+!k\n  endfor\nendfor\n"
               "for z = 4..4\n  db $FF\nendfor\n",
               "00 01 10 11 20 21");
  expect_bytes("org $008000\n!w = 0\nfor i = 0..2\n  while !w < 2\n    db !i\n    !w #= !w+1\n  endwhile\nendfor\n",
               "00 00");
  expect_error("org $008000\nfor i = 0..2\n  db 0\n", NULL, "t.asm:2", "for without endfor");
  expect_error("org $008000\nendfor\n", NULL, "t.asm:2", "endfor without for");
  expect_error("org $008000\nfor i = 0..2\nendwhile\n", NULL, "t.asm:3", "closes the for loop of line 2");
  expect_error("org $008000\nfor i 0..2\nendfor\n", NULL, "t.asm:2", "needs a counter and a range");
  expect_error("org $008000\nfor i = 0..Later\nendfor\nLater:\n", NULL, "t.asm:2", "must be known");
  expect_error("org $008000\nfor i = 0..200000\nendfor\n", NULL, "t.asm:2", "more than 100000 times");
}

/* structs: the figures of asar's manual (ObjectList at $7E0100, fields 1+2+2+1+1; align 16;
 * an extension of 5 bytes), a use before the definition, and the errors. */
Z3_TEST(test_structs) {
  (void)state;
  static const char object_list[] =
      "struct ObjectList $7E0100\n.Type: skip 1\n.PosX: skip 2\n.PosY: skip 2\n.SizeX: skip 1\n.SizeY: skip 1\n";
  char text[1024];
  snprintf(text, sizeof text, "%sendstruct\norg $008000\nlda ObjectList.PosY\nlda ObjectList[2].PosY\n", object_list);
  expect_bytes(text, "af 03 01 7e af 11 01 7e");
  snprintf(text, sizeof text, "%sendstruct align 16\norg $008000\nlda ObjectList[2].PosY\n", object_list);
  expect_bytes(text, "af 23 01 7e");
  snprintf(text, sizeof text,
           "%sendstruct\nstruct Properties extends ObjectList\n.Palette: skip 1\n.TileNumber: skip 2\n.FlipX: skip 1\n"
           ".FlipY: skip 1\nendstruct\norg $008000\nlda ObjectList.Properties.FlipX\nlda ObjectList[2].Properties.FlipX\n"
           "lda ObjectList.Properties[2].FlipX\nlda ObjectList[2].PosY\n",
           object_list);
  expect_bytes(text, "af 0a 01 7e af 22 01 7e af 14 01 7e af 1b 01 7e");
  expect_bytes("org $008000\nlda Later[1].B\nHere: dw Here\nstruct Later $7F0000\n.A: skip 3\n.B: skip 1\nendstruct\n",
               "af 07 00 7f 04 80");
  expect_error("struct S $7E0000\n.A: db 1\nendstruct\n", NULL, "t.asm:2", "holds labels and skip only");
  expect_error("endstruct\n", NULL, "t.asm:1", "endstruct without struct");
  expect_error("struct S $7E0000\n.A: skip 1\n", NULL, "t.asm", "struct S has no endstruct");
  expect_error("struct S $7E0000\nstruct T $7E0000\n", NULL, "t.asm:2", "struct inside struct S");
  expect_error("struct E extends Nothing\nendstruct\n", NULL, "t.asm:1", "not defined before it");
  expect_error("struct S $7E0000\nendstruct\nstruct S $7E0010\nendstruct\n", NULL, "t.asm:3", "defined twice");
  expect_error("org $008000\nNotStruct: lda NotStruct[1].A\n", NULL, "t.asm:2", "is not a struct");
}

Z3_TEST(test_data_fill_pad_and_pc) {
  (void)state;
  expect_bytes("org $008000\ndb 1, \"AB\"\ndw $1234\ndl $123456\ndd $12345678\n", "01 41 42 34 12 56 34 12 78 56 34 12");
  expect_bytes("org $008000\nfillbyte $EE\nfill 3\npadbyte $11\npad $008006\ndb $22\n", "ee ee ee 11 11 11 22");
  expect_bytes("org $008000\ndb 1\npushpc\norg $009000\nFar: db 2\npullpc\nHere: db 3\ndw Here, Far\n",
               "01 02 03 01 80 00 90");
  expect_bytes("org $008000\nbase $7E2000\nRam: lda Ram\nlda.w Ram\nbase off\ndw Ram\nskip 2\ndb 9\n",
               "af 00 20 7e ad 00 20 00 20 09");
  expect_bytes("org $008000\nwarnpc $008002\ndb 1, 2\nwarnpc $008002\n", "01 02");
  expect_error("org $008000\ndb 1, 2, 3\nwarnpc $008002\n", NULL, "t.asm:3:8", "past $008002");
  expect_error("org $008000\ndb 256\n", NULL, "t.asm:2:4", "does not fit");
  expect_error("org $008000\npad $007000\n", NULL, "t.asm:2", "already past");
}

Z3_TEST(test_print_warn_error_assert) {
  (void)state;
  z3_asm_result r;
  z3_error err;
  assert_ok(run("org $008000\nStart: nop\nprint \"start=\", hex(Start), \" n=\", dec(3+4), \" pc=\", pc\nwarn \"careful\"\n"
                "assert Start == $008000, \"where\"\n", NULL, &r, &err), &err);
  assert_int_equal(r.prints.count, 1);
  assert_string_equal(r.prints.items[0], "start=8000 n=7 pc=$008001");
  assert_int_equal(r.warnings.count, 1);
  assert_string_equal(r.warnings.items[0], "t.asm:4: careful");
  z3_asm_result_release(&r);
  expect_error("org $008000\nerror \"stop here\"\n", NULL, "t.asm:2", "error: stop here");
  expect_error("org $008000\nassert 1 == 2, \"one is not two\"\n", NULL, "t.asm:2:8", "assertion failed: 1 == 2: one is not two");
}

Z3_TEST(test_errors_name_the_place) {
  (void)state;
  expect_error("org $008000\n  lda Nope\n", NULL, "t.asm:2:7", "undefined label 'Nope'");
  expect_error("org $008000\nbra Far\nfill 200\nFar: rts\n", NULL, "t.asm:2:5", "branch out of range");
  expect_error("org $7E0000\n", NULL, "t.asm:1:5", "outside the ROM");
  z3_asm_options small = {.mapping = Z3_MAP_LOROM, .rom = (const uint8_t *)"", .rom_size = 0x8000};
  expect_error("org $018000\n", &small, "t.asm:1:5", "past the end of the 32768-byte ROM");
  expect_error("db 1\n", NULL, "t.asm:1:4", "no org or freespace");
  expect_error("org $008000\nfoo bar\n", NULL, "t.asm:2:1", "unknown instruction or directive 'foo'");
  expect_error("org $008000\nlda ($12,y)\n", NULL, "t.asm:2", "no 65816 addressing mode");
  expect_error("org $008000\nstx $123456,y\n", NULL, "t.asm:2", "STX has no addressing mode");
  expect_error("org $008000\nA: nop\nA: nop\n", NULL, "t.asm:3:1", "label 'A' is already defined at t.asm:2");
  expect_error("org $008000\nlda #(1+2\n", NULL, "t.asm:2", "expected ')'");
  expect_error("org $008000\ndb 1/0\n", NULL, "t.asm:2", "division by zero");
  expect_error("incsrc \"x.asm\"\n", NULL, "t.asm:1", "includes are disabled");
  expect_error("org $008000\nfreecode\nrtl\n", NULL, "", "freespace needs a ROM");
  expect_error("freecode\nfill $8000\n", NULL, "t.asm:2", "must fit in one bank");
}

static int mkdir_p_for_test(const char *path) { return mkdir(path, 0755); }

/* ---- files ------------------------------------------------------------------ */

static void write_text(const char *dir, const char *name, const char *text) {
  char *path = z3_strfmt("%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  z3_free(path);
}

Z3_TEST(test_includes_stay_in_the_patch_folder) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char sub[512], main_path[600];
  snprintf(sub, sizeof sub, "%s/patch", dir);
  assert_int_equal(mkdir_p_for_test(sub), 0);
  write_text(sub, "main.asm", "org $008000\nincsrc \"lib/inc.asm\"\ntable \"font.tbl\"\ndb \"AB\"\nincbin \"data.bin\"\n");
  assert_int_equal(mkdir_p_for_test(strcat(strcpy(main_path, sub), "/lib")), 0);
  write_text(sub, "lib/inc.asm", "macro one()\ndb 1\nendmacro\n%one()\n");
  write_text(sub, "font.tbl", "A=80\nB=81\n");
  write_text(sub, "data.bin", "xyz");
  write_text(sub, "loop.asm", "incsrc \"loop2.asm\"\n");
  write_text(sub, "loop2.asm", "org $008000\nincsrc \"loop.asm\"\n");
  write_text(sub, "escape.asm", "incsrc \"../outside.asm\"\n");
  write_text(dir, "outside.asm", "db 1\n");
  write_text(sub, "abs.asm", "incsrc \"/etc/hostname\"\n");
  write_text(sub, "deep.asm", "org $008000\nincsrc \"lib/bad.asm\"\n");
  write_text(sub, "lib/bad.asm", "\n  lda Nope\n");

  z3_asm_options o = {.root = sub, .mapping = Z3_MAP_LOROM};
  z3_asm_result r;
  z3_error err;
  z3_asm_result_init(&r);
  z3_error_init(&err);
  snprintf(main_path, sizeof main_path, "%s/main.asm", sub);
  assert_ok(z3_asm_assemble_file(main_path, &o, &r, &err), &err);
  char *hex = hex_of(r.bytes.data, r.bytes.len);
  assert_string_equal(hex, "01 80 81 78 79 7a");
  z3_free(hex);
  z3_asm_result_release(&r);

  static const struct { const char *file, *what; } bad[] = {
      {"loop.asm", "include loop"},
      {"escape.asm", "outside the patch's folder"},
      {"abs.asm", "absolute paths are refused"},
      {"deep.asm", "lib/bad.asm:2:7: undefined label 'Nope'; included from"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    snprintf(main_path, sizeof main_path, "%s/%s", sub, bad[i].file);
    z3_error_init(&err);
    assert_int_not_equal(z3_asm_assemble_file(main_path, &o, &r, &err), Z3_OK);
    if (!strstr(err.message, bad[i].what)) print_error("%s: '%s' lacks '%s'\n", bad[i].file, err.message, bad[i].what);
    assert_non_null(strstr(err.message, bad[i].what));
    assert_int_equal(r.bytes.len, 0);
  }
  z3_free(dir);
}

/* ---- freespace, autoclean, read back ----------------------------------------- */

typedef struct bump {
  size_t next, end;
  int calls;
} bump;

static z3_status bump_alloc(void *user, size_t need, bool one_bank, size_t *offset, z3_error *err) {
  bump *b = user;
  (void)one_bank;
  b->calls++;
  if (b->next + need > b->end) return z3_error_set(err, Z3_E_NOT_FOUND, "no room");
  *offset = b->next;
  b->next += need;
  return Z3_OK;
}

static bool buf_read(void *user, uint32_t address, uint8_t *byte) {
  const uint8_t *rom = user;
  size_t pc = ((address >> 16) & 0x7F) * 0x8000 + (address & 0x7FFF);
  if (pc >= 0x80000) return false;
  *byte = rom[pc];
  return true;
}

static void apply(uint8_t *rom, const z3_asm_result *r) {
  for (size_t i = 0; i < r->clean_count; i++) memset(rom + r->cleans[i].offset, 0, r->cleans[i].len);
  for (size_t i = 0; i < r->chunk_count; i++)
    memcpy(rom + r->chunks[i].offset, r->bytes.data + r->chunks[i].start, r->chunks[i].len);
}

static const char hook[] =
    "lorom\n"
    "org $008100 ; the hook: replaces four bytes of vanilla code\n"
    "  autoclean jsl NewCode\n"
    "  nop\n"
    "freecode\n"
    "NewCode:\n"
    "  php : rep #$20\n"
    "  lda.l Table,x\n"
    "  sta $7E0010\n"
    "  plp\n"
    "  rtl\n"
    "Table: dw $0001, $0203\n";

Z3_TEST(test_hook_into_freespace_reads_back) {
  (void)state;
  uint8_t *rom = z3_calloc(1, 0x80000);
  bump b = {0x70000, 0x80000, 0};
  z3_asm_options o = {.mapping = Z3_MAP_LOROM, .rom = rom, .rom_size = 0x80000, .alloc = bump_alloc, .alloc_user = &b};
  z3_asm_result r;
  z3_error err;
  assert_ok(run(hook, &o, &r, &err), &err);
  assert_int_equal(r.freespace_count, 1);
  assert_int_equal(r.freespace[0].offset, 0x70000);
  uint32_t code;
  assert_true(z3_symbols_find(&r.labels, "NewCode", &code));
  assert_int_equal(code, 0x0E8008); /* $70000 is $0E:8000; the RATS tag takes 8 bytes */
  apply(rom, &r);
  assert_memory_equal(rom + 0x70000, "STAR", 4);
  size_t size = (size_t)(rom[0x70004] | rom[0x70005] << 8) + 1;
  assert_int_equal(size, r.freespace[0].len - 8);
  assert_int_equal(rom[0x70006] | rom[0x70007] << 8, (int)(size - 1) ^ 0xFFFF);

  /* our disassembler reads the hook and the new code back */
  static const char *const want[] = {"JSL $0E8008", "NOP", "PHP", "REP #$20", "LDA $0E8015,X", "STA $7E0010", "PLP", "RTL"};
  z3_disasm_state ds;
  z3_disasm_state_init(&ds, true, true, 0);
  uint32_t at = 0x008100, bad;
  for (size_t i = 0; i < 8; i++) {
    if (i == 2) at = code;
    z3_insn insn;
    assert_true(z3_disasm_next(buf_read, rom, at, &ds, &insn, &bad));
    char text[64];
    z3_disasm_instruction_text(&insn, text, sizeof text);
    if (strcmp(text, want[i]) != 0) print_error("instruction %zu: %s, want %s\n", i, text, want[i]);
    assert_string_equal(text, want[i]);
    at = z3_insn_next(&insn);
  }

  /* the .sym output reads back with our WLA parser */
  z3_buf sym;
  z3_buf_init(&sym);
  assert_ok(z3_asm_write_sym(&r, &sym, &err), &err);
  z3_symbols s;
  z3_symbols_init(&s);
  assert_ok(z3_symbols_parse(&s, (const char *)sym.data, sym.len, "out.sym", Z3_SYMFILE_WLA, NULL, &err), &err);
  uint32_t table;
  assert_true(z3_symbols_find(&s, "Table", &table));
  assert_int_equal(table, 0x0E8015);
  z3_symbols_release(&s);
  z3_buf_release(&sym);
  z3_asm_result_release(&r);

  /* applied again: a new block, and autoclean releases the old one */
  assert_ok(run(hook, &o, &r, &err), &err);
  assert_int_equal(r.clean_count, 1);
  assert_int_equal(r.cleans[0].offset, 0x70000);
  assert_int_equal(r.cleans[0].len, size + 8);
  assert_int_not_equal(r.freespace[0].offset, 0x70000);
  z3_asm_result_release(&r);

  b.end = b.next; /* nothing left */
  expect_error(hook, &o, "", "freespace exhausted");
  z3_free(rom);
}

Z3_TEST(test_check_title_and_read) {
  (void)state;
  uint8_t *rom = z3_calloc(1, 0x8000);
  rom[0x10] = 0x42;
  z3_asm_options o = {.mapping = Z3_MAP_LOROM, .rom = rom, .rom_size = 0x8000, .rom_title = "THE LEGEND OF ZELDA  "};
  z3_asm_result r;
  z3_error err;
  assert_ok(run("check title \"THE LEGEND OF ZELDA\"\norg $008000\ndb read1($008010)\ndw read2($008010)\n", &o, &r, &err), &err);
  char *hex = hex_of(r.bytes.data, r.bytes.len);
  assert_string_equal(hex, "42 42 00");
  z3_free(hex);
  z3_asm_result_release(&r);
  expect_error("check title \"SUPER MARIOWORLD\"\n", &o, "t.asm:1", "the patch expects 'SUPER MARIOWORLD'");
  z3_free(rom);
}

Z3_RUN(cmocka_unit_test(test_math_precedence_and_operators),
       cmocka_unit_test(test_operand_widths_follow_digits_values_and_suffixes),
       cmocka_unit_test(test_labels_sublabels_and_anonymous), cmocka_unit_test(test_jumps_take_the_right_width),
       cmocka_unit_test(test_defines), cmocka_unit_test(test_conditionals), cmocka_unit_test(test_macros), cmocka_unit_test(test_loops_functions_and_namespaces), cmocka_unit_test(test_for_loops),
       cmocka_unit_test(test_structs),
       cmocka_unit_test(test_data_fill_pad_and_pc), cmocka_unit_test(test_print_warn_error_assert),
       cmocka_unit_test(test_errors_name_the_place), cmocka_unit_test(test_includes_stay_in_the_patch_folder),
       cmocka_unit_test(test_hook_into_freespace_reads_back), cmocka_unit_test(test_check_title_and_read))
