/*
 * Fuzzes the SCAD CGX reader and writer, and the sheet codecs with them.
 *  1. The input is a CGX file. A read that succeeds gives 1024 tiles of the
 *     depth the size says; writing them back and reading again gives the same
 *     tiles, and so does decoding them to a sheet and encoding it again.
 *  2. Since only three exact sizes get past the size check, the input after
 *     its first byte is also taken as raw tiles (the first byte picks the
 *     depth), written as a CGX and read back.
 *
 * The seeds in fuzz/corpora/cgx_read/ come from this file: build it with
 * -DZ3_FUZZ_SEEDS against libz3 and run it with the corpus folder.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "snes/scad.h"
#include "snes/tile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { TILES = 1024 };

static const z3_tile_format depths[3] = {Z3_TILE_2BPP, Z3_TILE_4BPP, Z3_TILE_8BPP};

/* tiles -> CGX -> tiles; the first ntiles must come back, the rest zero. */
static void write_read(z3_tile_format f, const uint8_t *tiles, size_t ntiles) {
  z3_buf file, back;
  z3_buf_init(&file);
  z3_buf_init(&back);
  z3_error err;
  z3_error_init(&err);
  if (z3_cgx_write(&file, f, tiles, ntiles, &err) != Z3_OK) abort();
  z3_tile_format got;
  if (z3_cgx_read(&back, &got, file.data, file.len, &err) != Z3_OK) abort();
  size_t n = ntiles * z3_tile_bytes(f);
  if (got != f || back.len != TILES * z3_tile_bytes(f)) abort();
  if (n && memcmp(back.data, tiles, n) != 0) abort();
  for (size_t i = n; i < back.len; i++)
    if (back.data[i]) abort();
  z3_buf_release(&file);
  z3_buf_release(&back);
}

/* 1024 tiles as a 128x512 sheet and back. */
static void sheet_roundtrip(z3_tile_format f, const uint8_t *tiles) {
  size_t bytes = TILES * z3_tile_bytes(f);
  uint8_t *pixels = malloc(TILES * 64), *again = malloc(bytes);
  if (!pixels || !again) abort();
  z3_sheet_decode(f, tiles, TILES, pixels);
  for (size_t i = 0; i < TILES * 64; i++)
    if (pixels[i] >> z3_tile_bpp(f)) abort();
  z3_sheet_encode(f, pixels, TILES, again);
  if (memcmp(again, tiles, bytes) != 0) abort();
  free(pixels);
  free(again);
}

static void read_cgx(const uint8_t *data, size_t size) {
  z3_buf tiles;
  z3_buf_init(&tiles);
  z3_error err;
  z3_error_init(&err);
  z3_tile_format f;
  if (z3_cgx_read(&tiles, &f, data, size, &err) != Z3_OK) {
    if (!err.message[0]) abort();
  } else {
    if (tiles.len != TILES * z3_tile_bytes(f)) abort();
    write_read(f, tiles.data, TILES);
    sheet_roundtrip(f, tiles.data);
  }
  z3_buf_release(&tiles);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  read_cgx(data, size);
  if (size > 0) {
    z3_tile_format f = depths[data[0] % 3];
    size_t n = (size - 1) / z3_tile_bytes(f);
    write_read(f, data + 1, n < TILES ? n : TILES);
  }
  return 0;
}

#ifdef Z3_FUZZ_SEEDS
#include "fuzz_seed.h"

/* A CGX of ntiles tiles with a diagonal-stripe pattern. */
static void seed(const char *dir, const char *name, z3_tile_format f, size_t ntiles) {
  uint8_t px[64], *tiles = malloc(ntiles * 64 + 1);
  if (!tiles) abort();
  for (size_t t = 0; t < ntiles; t++) {
    for (int i = 0; i < 64; i++)
      px[i] = (uint8_t)((i / 8 + i % 8 + t) & ((1u << z3_tile_bpp(f)) - 1));
    z3_tile_encode(f, px, tiles + t * z3_tile_bytes(f));
  }
  z3_buf file;
  z3_buf_init(&file);
  z3_error err;
  z3_error_init(&err);
  if (z3_cgx_write(&file, f, tiles, ntiles, &err) != Z3_OK) abort();
  write_seed(dir, name, file.data, file.len);
  z3_buf_release(&file);
  free(tiles);
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  seed(argv[1], "cgx-2bpp", Z3_TILE_2BPP, 64);
  seed(argv[1], "cgx-4bpp", Z3_TILE_4BPP, 64);
  seed(argv[1], "cgx-8bpp", Z3_TILE_8BPP, 16);
  uint8_t raw[1 + 4 * 32];
  for (size_t i = 0; i < sizeof raw; i++) raw[i] = (uint8_t)(i * 13);
  raw[0] = 1; /* 4bpp */
  write_seed(argv[1], "raw-4bpp-tiles", raw, sizeof raw);
  return 0;
}
#endif
