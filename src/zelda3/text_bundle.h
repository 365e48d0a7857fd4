/*
 * Message bundles: every message (and the dictionary) in one file, to edit
 * text outside z3ed and bring it back. Two forms, one model:
 *
 * JSON, format id "z3ed-messages", version 1:
 *   {"format": "z3ed-messages", "version": 1,
 *    "dictionary": ["    ", "   ", ..., "You"],            97 entries, in order
 *    "messages": [{"id": "0x000", "text": "[W:02]Hello[K]"}, ...]}
 * Text:
 *   # z3ed-messages 1                       first line
 *   # anything after '#' ...                a comment (no character is '#')
 *   ## dictionary                           then one line per entry: hex index,
 *   00 |    |                               its text between two bars
 *   ## 0x001                                a message: its text on the lines below
 *   The old lighthouse keeper left his lantern[2]
 *   on the top shelf.[3]
 * In the text form the line breaks inside a message are not part of it (the
 * game's new lines are the [1] [2] [3] [V] tokens); every other character is,
 * spaces at the ends of lines too. Export breaks lines only after a line,
 * scroll or wait token, so no line but a message's last can end in a space.
 *
 * Texts use the readable token syntax of text.h. Both parts are optional on
 * import: messages a bundle leaves out keep their text, a bundle without a
 * dictionary keeps the ROM's. A message whose text and dictionary are
 * unchanged keeps its stored bytes, so export then import changes nothing.
 */
#ifndef Z3_ZELDA3_TEXT_BUNDLE_H
#define Z3_ZELDA3_TEXT_BUNDLE_H

#include "zelda3/text.h"

#define Z3_TEXT_BUNDLE_FORMAT "z3ed-messages"
enum { Z3_TEXT_BUNDLE_VERSION = 1 };

/* Where a piece of text came from, so errors inside it name the place. */
typedef struct z3_bundle_span {
  size_t at;          /* offset in the joined text where this line's part starts */
  unsigned line, col; /* 1-based */
} z3_bundle_span;

typedef struct z3_bundle_text {
  char *text;
  char where[48];        /* "$.messages[3].text" or "line 12" */
  z3_bundle_span *spans; /* text form: one per line that contributed */
  size_t span_count;
} z3_bundle_text;

typedef struct z3_bundle_message {
  size_t id;
  char id_where[48]; /* "$.messages[3].id" or "line 11" */
  z3_bundle_text text;
} z3_bundle_message;

typedef struct z3_text_bundle {
  bool is_json;
  bool has_dict;
  z3_bundle_text dict[Z3_TEXT_DICT_COUNT];
  z3_bundle_message *msgs;
  size_t count;
} z3_text_bundle;

/* Reads a bundle of either form, told apart by content: '{' first is JSON,
 * "# z3ed-messages" the text form. Checks structure only (errors name a JSON
 * path or line:col); texts are checked when applied. Init-free: out is set. */
z3_status z3_text_bundle_read(const uint8_t *data, size_t len, z3_text_bundle *out, z3_error *err);
z3_status z3_text_bundle_read_json(const uint8_t *data, size_t len, z3_text_bundle *out, z3_error *err);
z3_status z3_text_bundle_read_text(const uint8_t *data, size_t len, z3_text_bundle *out, z3_error *err);
void z3_text_bundle_release(z3_text_bundle *b);

/* Writes every message and the dictionary of `text` as a bundle. */
z3_status z3_text_bundle_write_json(const z3_text *text, z3_buf *out, z3_error *err);
z3_status z3_text_bundle_write_text(const z3_text *text, z3_buf *out, z3_error *err);

typedef struct z3_bundle_applied {
  size_t given;      /* messages in the bundle */
  size_t changed;    /* messages whose bytes differ now */
  bool dict_changed;
} z3_bundle_applied;

/* Applies a bundle to the table: ids must exist and appear once, every text
 * must encode, dictionary entries must be characters only. Errors name the
 * place (line:col or JSON path) and the message or entry; on any error
 * nothing changes. Fitting the banks is checked by z3_text_save. */
z3_status z3_text_bundle_apply(z3_text *text, const z3_text_bundle *b, z3_bundle_applied *out, z3_error *err);

/* "line 12:5" or "$.messages[3].text, offset 4" for an offset in t->text. */
void z3_bundle_where(const z3_bundle_text *t, int64_t offset, char *out, size_t cap);

#endif
