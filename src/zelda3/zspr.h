/*
 * ZSPR, the randomizer community's custom player sprite file (format version 1,
 * as the public specification and the randomizers' readers describe it):
 *
 *   0x00  "ZSPR"
 *   0x04  u8   format version (1)
 *   0x05  u16  checksum: the sum of every other byte of the file, plus 0x1FE
 *   0x07  u16  the checksum's complement (checksum ^ 0xFFFF)
 *   0x09  u32  offset of the pixel data     0x0D  u16 its size
 *   0x0F  u32  offset of the palette data   0x13  u16 its size
 *   0x15  u16  sprite type (1 = Link, the player sprite)
 *   0x17  6 reserved bytes
 *   0x1D  display name, UTF-16LE ended by 0x0000; author, the same;
 *         author's short name, ASCII ended by 0x00; then the data.
 *
 * Because the two checksum words always add 0x1FE, the whole file sums to the
 * checksum (mod 0x10000): that is the check readers make. All words are little
 * endian. For Link the pixels are his 896 4bpp tiles (0x7000 bytes) and the
 * palette his four mail palettes of 15 colours (0x78 bytes), optionally
 * followed by the two glove colours (0x7C bytes).
 *
 * Strings are exposed as UTF-8; the reader refuses broken UTF-16 (an unpaired
 * surrogate) and an author short name that is not printable ASCII.
 */
#ifndef Z3_ZELDA3_ZSPR_H
#define Z3_ZELDA3_ZSPR_H

#include "base/base.h"

enum {
  Z3_ZSPR_HEADER_SIZE = 0x1D,
  Z3_ZSPR_VERSION = 1,
  Z3_ZSPR_TYPE_LINK = 1,
  Z3_ZSPR_NAME_MAX = 256, /* characters of each string, reading and writing */
};

typedef struct z3_zspr {
  int version, sprite_type;
  uint16_t checksum, complement;
  bool checksum_ok;
  char *name, *author, *author_short; /* UTF-8, owned */
  uint32_t pixels_offset, palette_offset;
  const uint8_t *pixels; /* into the parsed buffer, not owned */
  size_t pixels_size;
  const uint8_t *palette;
  size_t palette_size;
} z3_zspr;

/* Parses `data` (kept alive by the caller while *out is used). Fails on a
 * missing magic, an unknown version, a header or string past the end, data
 * ranges outside the file, bad strings; a wrong checksum is reported through
 * checksum_ok, not as a failure (callers decide). */
z3_status z3_zspr_parse(const uint8_t *data, size_t len, z3_zspr *out, z3_error *err);
void z3_zspr_release(z3_zspr *z);

typedef struct z3_zspr_fields {
  const char *name, *author, *author_short; /* UTF-8; author_short printable ASCII */
  int sprite_type;
  const uint8_t *pixels;
  size_t pixels_size;
  const uint8_t *palette;
  size_t palette_size;
} z3_zspr_fields;

/* Appends a version-1 file with a correct checksum to out. */
z3_status z3_zspr_write(z3_buf *out, const z3_zspr_fields *f, z3_error *err);

#endif
