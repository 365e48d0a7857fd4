/*
 * Fuzzes the frame reader (base/frame.h) that every socket server feeds with
 * whatever clients send: the input arrives in chunks whose sizes come from
 * its first byte; every frame handed out must lie inside the bytes fed, have
 * a length within the limit, and the frames joined with their length
 * prefixes must be exactly the bytes consumed. A refused length must say why.
 * The same bytes then go through a pipe to the blocking reader the clients use
 * (z3_frame_read): it must hand out the same frames in the same order, then
 * stop with a message; each frame written back with z3_frame_write reads back
 * the same.
 *
 * Seeds in fuzz/corpora/frame_reader/: well-formed requests, a zero length, a
 * huge length, a frame cut short, two frames in one chunk.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/frame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_BODY = 4096, MAX_FRAMES = 4096 };

/* The frames the streaming reader handed out: where each body starts in the input, and its length. */
typedef struct frames {
  size_t at[MAX_FRAMES], len[MAX_FRAMES], count;
} frames;

/* bytes into a fresh pipe, its write end closed: the blocking reader sees them, then EOF. */
static int pipe_of(const uint8_t *bytes, size_t n) {
  int fds[2];
  if (pipe(fds) != 0) abort();
  for (size_t done = 0; done < n;) { /* a pipe holds 64 KiB: libFuzzer's inputs are smaller */
    ssize_t w = write(fds[1], bytes + done, n - done);
    if (w <= 0) abort();
    done += (size_t)w;
  }
  close(fds[1]);
  return fds[0];
}

static void check_blocking_reader(const uint8_t *data, size_t size, const frames *f) {
  if (size > 65536) return;
  int fd = pipe_of(data, size);
  z3_buf body, echo;
  z3_buf_init(&body);
  z3_buf_init(&echo);
  z3_error err;
  z3_error_init(&err);
  size_t k = 0;
  while (z3_frame_read(fd, &body, MAX_BODY, &err) == Z3_OK) {
    if (k == f->count || body.len != f->len[k] || memcmp(body.data, data + f->at[k], body.len) != 0) abort();
    int back[2];
    if (pipe(back) != 0) abort();
    if (z3_frame_write(back[1], body.data, body.len, &err) != Z3_OK) abort();
    close(back[1]);
    if (z3_frame_read(back[0], &echo, MAX_BODY, &err) != Z3_OK || echo.len != body.len) abort();
    if (memcmp(echo.data, body.data, body.len) != 0) abort();
    close(back[0]);
    k++;
  }
  if (k != f->count || !err.message[0]) abort();
  close(fd);
  z3_buf_release(&body);
  z3_buf_release(&echo);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  size_t chunk = (size_t)data[0] % 17 + 1;
  data++, size--;
  static frames f;
  f.count = 0;
  z3_frame_reader r;
  z3_frame_reader_init(&r, MAX_BODY);
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
      if (len == 0 || len > MAX_BODY) abort();
      if (framed + 4 + len > fed) abort();
      if (memcmp(body, data + framed + 4, len) != 0) abort();
      if (f.count < MAX_FRAMES) f.at[f.count] = framed + 4, f.len[f.count] = len;
      f.count++;
      framed += 4 + len;
    }
    if (got < 0) {
      if (!err.message[0]) abort();
      broken = true;
    }
  }
  z3_frame_reader_release(&r);
  if (f.count <= MAX_FRAMES) check_blocking_reader(data, size, &f);
  return 0;
}
