/*
 * Fuzzes the reader of `z3ed batch` lines (CLI words with shell quoting, or a
 * JSON {"command","args"} object). A line that parses must give words the
 * command parser then accepts or refuses cleanly; one that fails must name a
 * column or a JSON member and keep no words.
 *
 * Words also read back: quoted again (z3_buf_shell_word, and with a backslash
 * before every byte but letters and digits, a blank at the line's end too)
 * they must parse to the same words, and a JSON line's tool call, shown as the command line a
 * person would type (z3_agent_call_cmdline: `agent plan` prints it), must be
 * those words too: pasted into a batch file it runs what the plan showed.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agent/llm.h"
#include "agent/tools.h"
#include "server/batch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_words_or_abort(const char *line, const z3_batch_line *want) {
  z3_batch_line got;
  if (z3_batch_parse_line(line, strlen(line), &got, NULL) != Z3_OK || got.count != want->count) abort();
  for (int i = 0; i < got.count; i++)
    if (strcmp(got.words[i], want->words[i]) != 0) abort();
  z3_batch_line_release(&got);
}

/* The other way a shell user quotes: a backslash before every byte but letters and digits. */
static void backslashed(z3_buf *b, const char *w) {
  if (!*w) z3_buf_printf(b, "\"\"");
  for (; *w; w++) z3_buf_printf(b, isalnum((unsigned char)*w) ? "%c" : "\\%c", *w);
}

static void quoted_again(const z3_batch_line *l, bool with_backslashes) {
  z3_buf b;
  z3_buf_init(&b);
  /* A first word "z3ed" would be taken for the prefix the reader drops: add one. */
  if (strcmp(l->words[0], "z3ed") == 0) z3_buf_printf(&b, "z3ed ");
  for (int i = 0; i < l->count; i++) {
    if (with_backslashes) backslashed(&b, l->words[i]);
    else z3_buf_shell_word(&b, l->words[i]);
    z3_buf_printf(&b, " ");
  }
  /* No blank after the last word, so an escaped one ends the line; but CRs that
   * end a line are its line ending's, so a word ending in one keeps its blank. */
  if (with_backslashes && b.data[b.len - 2] != '\r') b.data[--b.len] = '\0';
  char *line = z3_buf_take_string(&b);
  same_words_or_abort(line, l);
  free(line);
}

/* A JSON line naming a tool: the command line `agent plan` shows for it. */
static void shown_as_typed(const uint8_t *data, size_t size, const z3_batch_line *l) {
  json_t *v = json_loadb((const char *)data, size, 0, NULL);
  const char *tool = json_string_value(json_object_get(v, "command"));
  if (tool && z3_tool_find(tool)) {
    char *line = z3_agent_call_cmdline(tool, json_object_get(v, "args"), NULL);
    same_words_or_abort(line, l);
    free(line);
  }
  json_decref(v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  z3_batch_line l;
  z3_error err;
  z3_error_init(&err);
  z3_status st = z3_batch_parse_line((const char *)data, size, &l, &err);
  if (st != Z3_OK) {
    if (l.count != 0 || !err.message[0]) abort();
    if (!strstr(err.message, "column") && !strstr(err.message, "JSON") && !strstr(err.message, "argument") &&
        !strstr(err.message, "command") && !strstr(err.message, "memory") && !strstr(err.message, "tool"))
      abort();
    return 0;
  }
  if (l.count < 0 || l.count > Z3_BATCH_MAX_WORDS) abort();
  for (int i = 0; i < l.count; i++)
    if (!l.words[i]) abort();
  if (l.count) { /* parse only: running would touch files */
    quoted_again(&l, false);
    quoted_again(&l, true);
    size_t lead = 0;
    while (lead < size && (data[lead] == ' ' || data[lead] == '\t')) lead++;
    if (lead < size && data[lead] == '{') shown_as_typed(data + lead, size - lead, &l);
    z3_cmd_ctx ctx;
    z3_error_init(&err);
    (void)z3_cmd_parse(&ctx, l.count, l.words, &err);
    z3_cmd_ctx_release(&ctx);
  }
  z3_batch_line_release(&l);
  return 0;
}
