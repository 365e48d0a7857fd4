/* Private to asm/assembler*.c: the state of one assembly and the helpers the
 * files share. One file per concern: assembler.c (passes, output, labels),
 * assembler_lex.c (files, lines, defines), assembler_expr.c (math),
 * assembler_dir.c (directives), assembler_macro.c (statements, conditionals,
 * macros), assembler_encode.c (instructions). */
#ifndef Z3_ASM_ASSEMBLER_INTERNAL_H
#define Z3_ASM_ASSEMBLER_INTERNAL_H

#include "asm/assembler.h"

enum {
  ASM_MAX_PASSES = 12,
  ASM_MAX_DEPTH = 32,      /* nested incsrc and macro calls */
  ASM_MAX_IF_DEPTH = 64,
  ASM_LINE_MAX = 4096,     /* one line after define substitution */
  ASM_MAX_MACRO_ARGS = 16,
  ASM_DEFINE_ROUNDS = 64,  /* substitutions per line: stops a define that names itself */
  ASM_MAX_LINES = 1000000, /* per pass, counting macro lines: stops runaway macros and includes */
};

/* Where a line came from; `parent` is the incsrc or macro call that led here. */
typedef struct asm_loc {
  const char *file;
  int line;
  const char *macro;       /* non-NULL inside a macro body: its name */
  const struct asm_loc *parent;
} asm_loc;

typedef struct asm_file {
  char *path;              /* as opened */
  char *name;              /* for messages: relative to root */
  z3_buf text;
} asm_file;

typedef struct asm_label {
  char *name;              /* NULL: empty slot */
  uint32_t value;
  int pass;                /* last pass that defined it */
  const char *file;        /* where (for "already defined") */
  int line;
} asm_label;

typedef struct asm_define {
  char *name, *value;
} asm_define;

typedef struct asm_macro_line {
  char *text;
  int line;
} asm_macro_line;

typedef struct asm_macro {
  char *name;
  char *params[ASM_MAX_MACRO_ARGS];
  int param_count;
  asm_macro_line *lines;
  size_t line_count, line_cap;
  const char *file;
  int pass;
} asm_macro;

typedef struct asm_freeblock {
  bool allocated;
  size_t offset, capacity;  /* RATS tag included */
  size_t size;              /* bytes written this pass, after the tag */
  size_t prev_size;         /* the last pass's, which the tag states */
  bool one_bank;
  const char *file;         /* where the freespace directive is, for messages */
  int line;
} asm_freeblock;

/* A while loop being recorded: its condition and body, up to its endwhile. */
typedef struct asm_loop {
  char *condition;         /* while: the condition; for: NULL */
  char *var;               /* for: the counter's define name */
  int64_t from, to;        /* for: start inclusive, end exclusive */
  asm_macro_line *lines;
  size_t line_count, line_cap;
  int nesting;             /* inner loops (while or for) recorded and not yet closed */
  const char *file;
  int line;
} asm_loop;

enum { ASM_STRUCT_NAME_MAX = 256 };

typedef struct asm_struct {
  char *name;              /* "Name", or "Parent.Ext" for an extension */
  uint32_t start, size;    /* size: its own fields, aligned */
  uint32_t combined;       /* size plus its largest extension: the array step */
  uint32_t prev_combined;  /* the step the last pass ended with: a change means another pass */
  int parent;              /* index of the struct it extends, or -1 */
  int pass;                /* the pass that last defined it */
} asm_struct;

typedef struct asm_function {
  char *name, *body;
  char *params[ASM_MAX_MACRO_ARGS];
  int param_count;
} asm_function;

typedef struct asm_if {
  bool active, taken, parent_active, seen_else;
} asm_if;

/* What pushpc saves. */
typedef struct asm_pcsave {
  size_t offset;
  uint32_t address;
  bool have;
  int64_t delta;
  bool in_free;
  size_t block;
} asm_pcsave;

/* One value of an expression. */
typedef struct asm_value {
  int64_t v;
  int width;               /* bytes a lone literal was written with ($0012: 2), else 0 */
  bool unknown;            /* a label not known yet (value is a guess) */
  bool label;              /* a label took part: data directives then truncate quietly */
} asm_value;

typedef struct asm_state {
  const z3_asm_options *opt;
  z3_asm_result *out;
  z3_error *err;
  z3_status failed;        /* set once an immediate error was recorded */
  z3_error deferred;       /* first value-dependent error of this pass */
  int pass;
  bool changed;            /* a label moved or appeared this pass */
  bool unknown_used;
  bool realloc_needed;

  z3_mapping mapping;
  bool norom;
  bool have_pc;
  size_t offset;           /* where the next byte goes */
  uint32_t address;        /* its SNES address */
  int64_t base_delta;      /* `base`: labels see address + base_delta */
  bool in_freespace;
  size_t freeblock;        /* index while in_freespace */
  asm_pcsave pcstack[32];
  int pcstack_depth;

  uint8_t fillbyte, padbyte;
  uint16_t table[256];     /* char -> byte; 0x100 | byte when mapped */
  bool table_set;

  asm_label *labels;
  size_t label_cap, label_count;
  char parent[256];        /* last global label, for .sublabels */
  int anon_count[2][16];   /* definitions seen this pass: [0] '-', [1] '+', by run length */

  asm_define *defines;
  size_t define_count, define_cap;
  asm_macro *macros;
  size_t macro_count, macro_cap;
  asm_macro *recording;    /* between macro and endmacro */
  int macro_calls;
  asm_loop *loop;          /* between while and its endwhile */
  asm_function *functions;
  size_t function_count, function_cap;
  int function_depth;
  asm_struct *structs;
  size_t struct_count, struct_cap;
  int open_struct;         /* between struct and endstruct, else -1 */
  asm_pcsave struct_save;  /* the pc from before it */
  char struct_parent_save[256];
  char ns[128];            /* "" or the namespace prefix, "Name_" */
  bool ns_nested;

  /* if/elseif/else/endif: one entry per open if */
  asm_if ifs[ASM_MAX_IF_DEPTH];
  int if_depth;

  asm_freeblock *blocks;
  size_t block_count, block_cap, block_seen;

  asm_file *files;
  size_t file_count, file_cap;
  const char *include_stack[ASM_MAX_DEPTH];
  char *main_real;         /* the main file's real path, for include loops */
  int depth;

  const asm_loc *loc;      /* line being assembled */
  const char *line_start;  /* its text after substitution, for columns */
  z3_buf bytes;            /* this pass's output */
  z3_asm_chunk *chunks;
  size_t chunk_count, chunk_cap;
  z3_asm_text_list prints, warnings;
  z3_asm_range *cleans;
  size_t clean_count, clean_cap;
  int lines;
} asm_state;

/* ---- assembler.c ---- */
/* Records an error at column `at` (a pointer into st->line_start, or NULL)
 * with the include chain; returns the status. Value-dependent errors go
 * through asm_defer: kept only when this pass turns out to be the last. */
z3_status asm_fail(asm_state *st, const char *at, const char *fmt, ...) Z3_PRINTF(3, 4);
void asm_defer(asm_state *st, const char *at, const char *fmt, ...) Z3_PRINTF(3, 4);
z3_status asm_emit(asm_state *st, const uint8_t *bytes, size_t n, const char *at);
z3_status asm_set_org(asm_state *st, uint32_t address, const char *at);
uint32_t asm_pc(const asm_state *st); /* the address labels and branches see */
z3_status asm_define_label(asm_state *st, const char *name, uint32_t value, const char *at);
/* The label's value: this pass's, else the last pass's; false when unknown. */
bool asm_lookup_label(asm_state *st, const char *name, uint32_t *value);
z3_status asm_list_push(z3_asm_text_list *list, const char *text, z3_error *err);
void asm_list_clear(z3_asm_text_list *list);

/* ---- assembler_lex.c ---- */
/* Loads a file relative to the including one, confined to the root. */
z3_status asm_load_file(asm_state *st, const char *from_file, const char *name, const char *at,
                        asm_file **out);
z3_status asm_run_text(asm_state *st, const char *file, const char *text, size_t len,
                       const asm_loc *parent);
/* Replaces !defines in `in` into out (cap ASM_LINE_MAX); false when too long. */
z3_status asm_substitute(asm_state *st, const char *in, char *out, const char *at);
const char *asm_define_get(const asm_state *st, const char *name, size_t len);
z3_status asm_define_set(asm_state *st, const char *name, size_t len, const char *value);
void asm_define_remove(asm_state *st, const char *name, size_t len);
const char *asm_skip_space(const char *p);
bool asm_ident_char(char c);
/* Splits at top-level commas (outside quotes, parentheses and brackets):
 * pointers to the start of each item, NUL-terminated in place; -1 when too many. */
int asm_split_args(char *text, char **items, int max);
/* A quoted string: copies its contents, returns the char after the closing quote or NULL. */
const char *asm_parse_string(const char *p, char *out, size_t cap);

/* ---- assembler_expr.c ---- */
/* Evaluates the whole of text (to its NUL); errors name the column. */
z3_status asm_eval(asm_state *st, const char *text, asm_value *out);

/* ---- assembler_macro.c ---- */
z3_status asm_process_line(asm_state *st, const char *raw, size_t len);
void asm_macros_release(asm_state *st);

/* Evaluates a condition after define substitution (if, elseif, while). */
z3_status asm_condition(asm_state *st, const char *text, bool *out);
/* asm_eval after the !defines of `text` are replaced. */
z3_status asm_eval_defines(asm_state *st, const char *text, asm_value *v);

/* ---- assembler_flow.c ---- */
z3_status asm_loop_begin(asm_state *st, const char *condition);
z3_status asm_for_begin(asm_state *st, char *spec);

/* ---- assembler_struct.c ---- */
z3_status asm_struct_begin(asm_state *st, char *args);
z3_status asm_struct_end(asm_state *st, char *args);
const asm_struct *asm_struct_find(const asm_state *st, const char *name);
/* Name[index].field: the offset index * Name's array step (deferred error when Name is no struct). */
z3_status asm_struct_index(asm_state *st, const char *name, int64_t index, const char *field, const char *at,
                           int64_t *offset);
void asm_structs_release(asm_state *st);
/* A line while a loop records: kept, or at its endwhile the loop runs. */
z3_status asm_loop_line(asm_state *st, const char *word, const char *line);
void asm_loop_free(asm_loop *l);
z3_status asm_function_define(asm_state *st, char *args);
bool asm_function_known(const asm_state *st, const char *name);
z3_status asm_function_call(asm_state *st, const char *name, const asm_value *args, int count, const char *at,
                            asm_value *out);
void asm_functions_release(asm_state *st);
z3_status asm_namespace(asm_state *st, char *args);

/* ---- assembler_dir.c ---- */
/* Runs a directive; *handled false when `word` is no directive. */
z3_status asm_directive(asm_state *st, const char *word, char *args, bool *handled);

/* ---- assembler_encode.c ---- */
/* Assembles one instruction; *handled false when `word` is no mnemonic. */
z3_status asm_instruction(asm_state *st, const char *word, char *operand, bool *handled);

#endif
