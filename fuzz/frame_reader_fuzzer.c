/*
 * Fuzzes the frame reader (base/frame.h) that every socket server feeds with
 * whatever clients send: the input arrives in chunks whose sizes come from
 * its first byte; every frame handed out must lie inside the bytes fed, have
 * a length within the limit, and the frames joined with their length
 * prefixes must be exactly the bytes consumed. A refused length must say why.
 *
 * Seeds in fuzz/corpora/frame_reader/: well-formed requests, a zero length, a
 * huge length, a frame cut short, two frames in one chunk.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/frame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  size_t chunk = (size_t)data[0] % 17 + 1;
  data++, size--;
  z3_frame_reader r;
  z3_frame_reader_init(&r, 4096);
  z3_error err;
  z3_error_init(&err);
  size_t fed = 0, framed = 0;
  bool broken = false;
  while (fed < size && !broken) {
    size_t n = size - fed < chunk ? size - fed : chunk;
    if (z3_frame_feed(&r, data + fed, n, &err)) abort();
    fed += n;
    const uint8_t *body;
    size_t len;
    int got;
    while ((got = z3_frame_next(&r, &body, &len, &err)) == 1) {
      if (len == 0 || len > 4096) abort();
      if (framed + 4 + len > fed) abort();
      if (memcmp(body, data + framed + 4, len) != 0) abort();
      framed += 4 + len;
    }
    if (got < 0) {
      if (!err.message[0]) abort();
      broken = true;
    }
  }
  z3_frame_reader_release(&r);
  return 0;
}
