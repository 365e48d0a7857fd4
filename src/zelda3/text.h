/*
 * ALttP messages (world reference §5). There is no pointer table: a message id
 * is the message's position in one stream of 0x7F-terminated messages that
 * starts in bank 1 (0xE0000), continues after a lone 0x80 byte in bank 2
 * (0x75F40) and ends with 0xFF.
 *
 * Readable text form (decode output, encode input), one token per byte group:
 *   A-Z a-z 0-9 ! ? - . , ' " ( ) < > and space   themselves
 *   [...] [HY0] [HY1] [HY2] [LFL] [LFR] [UP] [DOWN] [LEFT] [RIGHT]
 *   [HP1L] [HP1R] [HP2L] [HP3L] [HP3R] [HP4L] [HP4R] [A] [B] [X] [Y]
 *                                                 the font's symbols
 *   [IMG] [CH2I] [CHI] [L] [CH2L] [NONO] [CH3] [CH2] [V] [1] [2] [3] [K]
 *                                                 commands without argument
 *   [W:xx] [N:xx] [P:xx] [SPD:xx] [C:xx] [WT:xx] [SFX:xx] [S:xx]
 *                                                 commands with a hex byte
 *   [D:xx]   dictionary entry xx, kept as such (the "raw" form shows these)
 *   [BYTE:xx] any byte without a character or command of its own (0x5F-0x66,
 *            0x7B-0x7D, 0x81-0x87, 0xE9-0xFE); kept to reproduce a ROM's bytes.
 *            The game's renderer treats every byte >= 0x80 as a dictionary
 *            byte (usdasm RenderText .word_lookup: BMI, then SBC #$88), so
 *            0x81-0x87 and 0xE9-0xFE print entries past the 97 it has.
 * Two forms. The readable form expands dictionary entries; encoding it applies
 * the dictionary automatically (longest match at each place, the way the
 * game's own text was compressed), so it reproduces the bytes of every message
 * encoded that way. The raw form shows dictionary bytes as [D:xx] and is
 * encoded without automatic dictionary use: it always reproduces the bytes.
 * Decoding prints one spelling per byte (upper-case names, two upper-case hex
 * digits); encoding accepts names in any case, one or two hex digits, and "…".
 */
#ifndef Z3_ZELDA3_TEXT_H
#define Z3_ZELDA3_TEXT_H

#include "snes/rom.h"

enum {
  Z3_TEXT_DICT_COUNT = 97,     /* bytes 0x88-0xE8 */
  Z3_TEXT_DICT_DATA_MAX = 1024,
  Z3_TEXT_DICT_BASE = 0x88,
  Z3_TEXT_END = 0x7F,          /* ends a message */
  Z3_TEXT_BANK_SWITCH = 0x80,  /* continue in bank 2 */
  Z3_TEXT_FINISH = 0xFF,       /* no more messages */
};

/* Vanilla (US) locations, as file offsets. */
#define Z3_TEXT_BANK1_PC 0xE0000u
#define Z3_TEXT_BANK1_END_PC 0xE8000u  /* exclusive */
#define Z3_TEXT_BANK2_PC 0x75F40u
#define Z3_TEXT_BANK2_END_PC 0x77400u  /* exclusive */
#define Z3_TEXT_DICT_PTR_PC 0x74703u   /* 98 words in bank $0E */
#define Z3_TEXT_DICT_DATA_PC 0x747C7u
#define Z3_TEXT_DICT_DATA_END_PC 0x748D9u /* exclusive: code follows */
#define Z3_TEXT_CMD_LENGTHS_PC 0x753D1u /* 26 bytes, for bytes 0x66-0x7F */
#define Z3_TEXT_WIDTHS_PC 0x74ADFu      /* 99 bytes, widths of bytes 0x00-0x62 */

/* yaze's expanded message bank (docs/formats.md, Messages): a third stream of
 * 0x7F-terminated messages ending with 0xFF, its ids following the vanilla
 * ones. yaze keeps it at $2F:8000-$2F:FFFF by a project setting the ROM does
 * not record; Oracle of Secrets' hook (a JML at $0E:D436, where the game sets
 * bank 2's address) makes the game read it after a second 0x80 and names the
 * data's address in its routine, so that ROM says it. */
#define Z3_TEXT_EXP_PC 0x178000u        /* yaze's default start */
#define Z3_TEXT_EXP_END_PC 0x180000u    /* exclusive: the end of bank $2F */
#define Z3_TEXT_EXP_HOOK_PC 0x75436u    /* $0E:D436 */

typedef enum z3_text_bank_mode {
  Z3_TEXT_BANK_AUTO = 0,   /* the expanded bank when the ROM has the hook */
  Z3_TEXT_BANK_VANILLA,    /* never (a hooked ROM's bank 2 still ends with 0x80) */
  Z3_TEXT_BANK_EXPANDED,   /* always: at the hook's address, else yaze's 0x178000 */
} z3_text_bank_mode;

/* Where a hooked ROM's expanded messages start: true with *data_pc when
 * 0x75436 holds a JML to a routine in the ROM that loads a 24-bit address into
 * $00/$02 (the pointer the game's scan walks) that lies in the ROM, past its
 * first 1 MiB (where the game's own text is). */
bool z3_text_exp_hook(const z3_rom *rom, size_t *data_pc);

typedef struct z3_text_dict {
  uint16_t start[Z3_TEXT_DICT_COUNT + 1]; /* entry n = data[start[n] .. start[n+1]) */
  uint8_t data[Z3_TEXT_DICT_DATA_MAX];
} z3_text_dict;

/* The game's dictionary (§5.3), for encoding without a ROM (sample, fuzzing). */
void z3_text_dict_vanilla(z3_text_dict *out);
/* Reads and checks the dictionary through its pointer table. */
z3_status z3_text_dict_read(const z3_rom *rom, z3_text_dict *out, z3_error *err);
bool z3_text_dict_equal(const z3_text_dict *a, const z3_text_dict *b);
/* Entry n as readable text (characters, symbols, [BYTE:xx]). */
z3_status z3_text_dict_entry_text(const z3_text_dict *dict, int n, z3_buf *out, z3_error *err);
/* Entries are written in the readable token syntax and may hold characters
 * and symbols only (the game copies an entry's bytes to the screen without
 * reading commands), at least one each. set_entry replaces entry n; build
 * makes a dictionary from all 97 texts (*bad names the entry an error is
 * about), where an entry may stay empty if it is empty in `was` (a ROM can
 * have one; NULL: none may be). Neither changes anything on an error. */
z3_status z3_text_dict_set_entry(z3_text_dict *dict, int n, const char *text, z3_error *err);
z3_status z3_text_dict_build(const char *const texts[Z3_TEXT_DICT_COUNT], const z3_text_dict *was,
                             z3_text_dict *out, int *bad, z3_error *err);
/* Whether the entries fit where the ROM keeps them: the game's 274 bytes at
 * 0x747C7 (code follows), or for a dictionary moved elsewhere the bytes it
 * takes now. Too long is Z3_E_INVALID naming both sizes. */
z3_status z3_text_dict_check_fits(const z3_rom *rom, const z3_text_dict *dict, z3_error *err);
/* Those bytes: 274 for the game's layout. The ROM's dictionary must have been read. */
size_t z3_text_dict_capacity(const z3_rom *rom);
/* Writes the pointer table and the entries where the ROM keeps them, only
 * the bytes that differ (nothing for an unchanged dictionary). */
z3_status z3_text_dict_write(z3_rom *rom, const z3_text_dict *dict, z3_error *err);

/* Message bytes (without the 0x7F) to text. expand: dictionary entries as
 * their characters, else as [D:xx]. Bytes that cannot occur inside a message
 * (0x7F, 0x80, 0xFF) and a command missing its argument are errors naming the
 * position. out receives NUL-terminated text (out->len excludes the NUL). */
z3_status z3_text_decode(const z3_text_dict *dict, const uint8_t *bytes, size_t len, bool expand,
                         z3_buf *out, z3_error *err);
/* Text to message bytes (without the 0x7F). compress: runs of characters are
 * replaced by the longest dictionary entry at each place (the readable form);
 * otherwise only [D:xx] tokens give dictionary bytes (the raw form). Errors
 * name the character or token and its offset in `text`. */
z3_status z3_text_encode(const z3_text_dict *dict, const char *text, bool compress, z3_buf *out,
                         z3_error *err);

/* ---- the whole message table ------------------------------------------ */

typedef struct z3_message {
  uint8_t *data;   /* encoded bytes without the 0x7F */
  size_t len;
  size_t old_len;  /* length when loaded */
  bool edited;
} z3_message;

typedef struct z3_text {
  z3_text_dict dict;
  z3_message *msgs;
  size_t count;
  size_t split;       /* first message stored in bank 2; == count when there is no bank switch */
  bool has_switch;
  size_t used_end[2]; /* offset just past the last byte the text used in bank 1 / 2 */
  /* The expanded bank: messages vanilla_count .. count-1 (none without it). */
  size_t vanilla_count; /* messages of the two vanilla banks */
  bool expanded;        /* the expanded bank was read */
  bool linked;          /* bank 2 ends with 0x80 (the hook's way on), kept on save */
  size_t exp_start, exp_end, exp_used_end; /* file offsets: region, end exclusive; past its 0xFF */
} z3_text;

/* Loads every message. Errors name the offset (a stream running off its bank,
 * a bank switch inside a message, a missing 0xFF). */
z3_status z3_text_load(const z3_rom *rom, z3_text *out, z3_error *err);
/* The same with a choice of the expanded bank (z3_text_load is AUTO). Asking
 * for it on a ROM that ends before 0x180000 is an error naming the size. */
z3_status z3_text_load_bank(const z3_rom *rom, z3_text_bank_mode mode, z3_text *out, z3_error *err);
/* Reads the expanded bank's messages from file offset start (before end) into
 * text, after its vanilla ones. Errors name the offset: a message running to
 * end, a 0x80 or 0xFF inside a message (the hook would send the game back to
 * bank 2), no 0xFF. */
z3_status z3_text_load_exp(const z3_rom *rom, size_t start, size_t end, z3_text *text, z3_error *err);
void z3_text_release(z3_text *text);

/* Replaces message `id` with encoded text in the readable or (raw) the raw form. */
z3_status z3_text_set(z3_text *text, size_t id, const char *utf8, bool raw, z3_error *err);

/* Replaces message `id` with encoded bytes (without the 0x7F) as they are,
 * e.g. another ROM's message under the same dictionary. */
z3_status z3_text_set_bytes(z3_text *text, size_t id, const uint8_t *bytes, size_t len, z3_error *err);

/* Replaces the dictionary and any messages in one step. dict: the new
 * dictionary, NULL to keep it. texts: NULL, or one readable text per message
 * (NULL to keep that message's text). A message whose text and dictionary
 * are both unchanged keeps its stored bytes; every other message is encoded
 * from its text, longest dictionary match first. On an error *bad_id names
 * the message (err->offset the offset in its text) and nothing changes.
 * *changed (may be NULL) counts messages whose bytes differ now. */
z3_status z3_text_replace(z3_text *text, const z3_text_dict *dict, const char *const *texts, size_t *bad_id,
                          size_t *changed, z3_error *err);

/* Writes the dictionary and the messages back, the messages in order, bank 1
 * then bank 2 (ending with 0x80 again when it did), then the expanded bank's, each message whole in one bank: the bank split stays where it
 * was unless a bank overflows, when messages move across it. Unchanged bytes
 * are not rewritten; space the text no longer uses becomes 0xFF; nothing
 * outside the two text regions and the dictionary is touched. Too much text
 * fails with Z3_E_INVALID before anything is written, naming how many bytes
 * over, which messages would not fit and which grew. */
z3_status z3_text_save(const z3_text *text, z3_rom *rom, z3_error *err);
/* The expanded bank's part of that: its messages from exp_start and the 0xFF,
 * growing only over free bytes (0xFF, or 0x00 as yaze pads a ROM), only the
 * bytes that differ. Too long is Z3_E_INVALID naming the bytes needed and held. */
z3_status z3_text_save_exp(const z3_text *text, z3_rom *rom, z3_error *err);

/* File offset of message id as loaded (or as the model would be saved with
 * the loaded split). */
size_t z3_text_offset(const z3_text *text, size_t id);

/* Bytes the vanilla stream needs and the two banks hold; the expanded bank's. */
size_t z3_text_bytes_needed(const z3_text *text);
size_t z3_text_capacity(void);
size_t z3_text_exp_bytes_needed(const z3_text *text);

#endif
