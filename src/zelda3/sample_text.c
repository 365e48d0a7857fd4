/* The sample ROM's synthetic messages, in ALttP's layout (world reference §5,
 * §7 item 9): 397 messages, 0x000-0x166 in bank 1, a lone 0x80, 0x167-0x18C
 * in bank 2, a final 0xFF; the game's dictionary behind its pointer table;
 * plausible character widths and the command length table. Also the eight
 * sprite property tables (§4.3, §7 item 10) with plausible values of our own. */
#include <stdio.h>
#include <string.h>

#include "zelda3/sample_internal.h"
#include "zelda3/sprite.h"
#include "zelda3/text.h"
#include "zelda3/text_internal.h"

enum { SAMPLE_MESSAGES = 397, SAMPLE_SPLIT = 0x167, DICT_BANK_PC = 0x70000 };

/* Our own words, exercising commands, symbols and dictionary entries. */
static const char *const written[] = {
    "[W:02][SPD:00]Welcome to the sample world, [L]![K]",
    "The old lighthouse keeper left his lantern[2]on the top shelf.[3]Could you bring it to him?[K]",
    "Will you carry this letter for me?[2][CH2]   Gladly[3]   Not now",
    "[C:02]Careful![C:00] The bridge ahead[2]is not safe after dark.[K]",
    "You found [N:00] shiny pebbles.[2]Trade them at the market.[K]",
    "Press [A] to talk and [B] to run.[2]Use [UP] and [DOWN] to choose.[K]",
    "[SFX:2D]The door opens with a creak[...][K]",
    "Thanks for your help, [L].[2]Here, take this as a reward.[V]It isn't much, but it's yours.[K]",
    "[P:01][WT:10]Hmm[...] \"Something\" is (still) watching.[K]",
    "There are strange sounds coming[2]from the well behind the inn.[K]",
};
enum { WRITTEN = sizeof written / sizeof written[0] };

/* Pixel widths of bytes 0x00-0x62: narrow punctuation and i/l, wide M/W. */
static uint8_t width_of(uint8_t b) {
  const char *g = z3_text__glyph(b);
  if (!g || g[0] == '[') return 8;
  if (strchr("il!.,':", g[0]) || g[0] == ' ') return 4;
  if (strchr("IJ1()", g[0])) return 5;
  if (strchr("MWmw", g[0])) return 8;
  return 7;
}

static void write_tables(uint8_t *img) {
  z3_text_dict dict;
  z3_text_dict_vanilla(&dict);
  for (int n = 0; n <= Z3_TEXT_DICT_COUNT; n++) {
    unsigned w = (unsigned)(Z3_TEXT_DICT_DATA_PC - DICT_BANK_PC + 0x8000 + dict.start[n]);
    img[Z3_TEXT_DICT_PTR_PC + 2 * n] = (uint8_t)w;
    img[Z3_TEXT_DICT_PTR_PC + 2 * n + 1] = (uint8_t)(w >> 8);
  }
  memcpy(img + Z3_TEXT_DICT_DATA_PC, dict.data, dict.start[Z3_TEXT_DICT_COUNT]);
  for (int b = 0; b < 99; b++) img[Z3_TEXT_WIDTHS_PC + b] = width_of((uint8_t)b);
  for (int b = 0x66; b <= 0x7F; b++) { /* bytes per command, the command byte included */
    const z3_text_command *c = z3_text__command((uint8_t)b);
    img[Z3_TEXT_CMD_LENGTHS_PC + (b - 0x66)] = (uint8_t)(1 + (c ? c->args : 0));
  }
}

static z3_status put_message(uint8_t *img, size_t *at, const z3_text_dict *dict, int id,
                             z3_error *err) {
  char filler[64];
  snprintf(filler, sizeof filler, "This is sample message %d.[K]", id);
  z3_buf enc;
  z3_buf_init(&enc);
  z3_status st = z3_text_encode(dict, id < WRITTEN ? written[id] : filler, true, &enc, err);
  if (st == Z3_OK) {
    memcpy(img + *at, enc.data, enc.len);
    img[*at + enc.len] = Z3_TEXT_END;
    *at += enc.len + 1;
  }
  z3_buf_release(&enc);
  return st;
}

/* Sprite kinds for plausible property values. */
static bool is_boss(uint8_t id) {
  static const uint8_t bosses[] = {0x09, 0x53, 0x54, 0x7A, 0x88, 0x8C, 0x92, 0xA2,
                                   0xBD, 0xCB, 0xCC, 0xCD, 0xCE, 0xD6, 0xD7};
  return memchr(bosses, id, sizeof bosses) != NULL;
}
static bool is_harmless(uint8_t id) { /* people, switches, item drops */
  return (id >= 0x25 && id <= 0x3F && id != 0x27) || (id >= 0x04 && id <= 0x07) ||
         (id >= 0x73 && id <= 0x76) || (id >= 0xD8 && id <= 0xE5) || id == 0x1E || id == 0x21;
}

static void write_sprite_props(uint8_t *img) {
  for (int i = 0; i < Z3_SPRITE_COUNT; i++) {
    uint8_t id = (uint8_t)i, v[Z3_SPRITE_TABLE_COUNT];
    bool boss = is_boss(id), harmless = is_harmless(id);
    v[0] = (uint8_t)((harmless ? 0x80 : 0) | (boss ? 0x40 : 0) | (1 + id % 4)); /* OAM slots 1-4 */
    v[1] = harmless ? 0 : boss ? (uint8_t)(0x40 + id % 0x40) : (uint8_t)(2 + id % 16);
    v[2] = (uint8_t)((boss ? 0x10 : 0) | (harmless ? 0 : 1 + id % 6));
    v[3] = (uint8_t)((harmless ? 0x40 : 0) | 0x10 | ((1 + id % 6) << 1) | (id & 1));
    v[4] = (uint8_t)(id % 0x20);
    v[5] = (uint8_t)(((id % 4) << 4) | (boss ? 0x02 : 0));
    v[6] = (uint8_t)(harmless || boss ? 0 : 1 + id % 7);
    v[7] = (uint8_t)((id >= 0xD8 && id <= 0xE5) ? 0x01 : 0);
    for (int t = 0; t < Z3_SPRITE_TABLE_COUNT; t++) img[z3_sprite_tables[t].pc + id] = v[t];
  }
}

z3_status z3_sample__write_text(uint8_t *img, size_t size, z3_error *err) {
  if (size < Z3_TEXT_BANK1_END_PC) return Z3_OK;
  memset(img + Z3_TEXT_BANK1_PC, 0xFF, Z3_TEXT_BANK1_END_PC - Z3_TEXT_BANK1_PC);
  memset(img + Z3_TEXT_BANK2_PC, 0xFF, Z3_TEXT_BANK2_END_PC - Z3_TEXT_BANK2_PC);
  write_tables(img);
  write_sprite_props(img);
  z3_text_dict dict;
  z3_text_dict_vanilla(&dict);
  size_t at = Z3_TEXT_BANK1_PC;
  z3_status st = Z3_OK;
  for (int id = 0; id < SAMPLE_MESSAGES && st == Z3_OK; id++) {
    if (id == SAMPLE_SPLIT) {
      img[at] = Z3_TEXT_BANK_SWITCH;
      at = Z3_TEXT_BANK2_PC;
    }
    st = put_message(img, &at, &dict, id, err);
  }
  img[at] = Z3_TEXT_FINISH;
  return st;
}
