/* Length-prefixed frames (frame.h). */
#include "base/frame.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

void z3_frame_reader_init(z3_frame_reader *r, size_t max) {
  z3_buf_init(&r->pending);
  r->consumed = 0;
  r->max = max ? max : Z3_FRAME_MAX;
}

void z3_frame_reader_release(z3_frame_reader *r) { z3_buf_release(&r->pending); }

z3_status z3_frame_feed(z3_frame_reader *r, const void *data, size_t len, z3_error *err) {
  if (r->consumed) { /* drop what was handed out before growing */
    memmove(r->pending.data, r->pending.data + r->consumed, r->pending.len - r->consumed);
    r->pending.len -= r->consumed;
    r->consumed = 0;
  }
  return z3_buf_append(&r->pending, data, len, err);
}

z3_frame_receipt z3_frame_receive(z3_frame_reader *r, int fd) {
  uint8_t chunk[65536];
  ssize_t n = read(fd, chunk, sizeof chunk);
  if (n < 0) return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK ? Z3_FRAME_NOTHING : Z3_FRAME_BROKEN;
  if (n == 0) return Z3_FRAME_ENDED;
  return z3_frame_feed(r, chunk, (size_t)n, NULL) == Z3_OK ? Z3_FRAME_GOT : Z3_FRAME_BROKEN;
}

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }

int z3_frame_next(z3_frame_reader *r, const uint8_t **body, size_t *len, z3_error *err) {
  size_t avail = r->pending.len - r->consumed;
  if (avail < 4) return 0;
  const uint8_t *p = r->pending.data + r->consumed;
  uint32_t n = be32(p);
  if (n == 0 || n > r->max) {
    z3_error_set(err, Z3_E_INVALID, "frame length %u is %s (1 to %zu bytes)", n, n ? "too large" : "empty", r->max);
    z3_error_hint(err, "a frame is a 4-byte big-endian length, then that many bytes of JSON");
    return -1;
  }
  if (avail - 4 < n) return 0;
  *body = p + 4;
  *len = n;
  r->consumed += 4 + (size_t)n;
  return 1;
}

static z3_status write_all(int fd, const uint8_t *p, size_t len, z3_error *err) {
  while (len) {
    ssize_t n = write(fd, p, len);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return z3_error_set(err, Z3_E_IO, "cannot write to the socket: %s", strerror(errno));
    p += n;
    len -= (size_t)n;
  }
  return Z3_OK;
}

/* The 4-byte head of a frame of len bytes, or an error when no frame can be that long. */
static z3_status frame_head(size_t len, uint8_t head[4], z3_error *err) {
  if (len == 0 || len > Z3_FRAME_MAX)
    return z3_error_set(err, Z3_E_INVALID, "a frame of %zu bytes cannot be sent (1 to %u)", len, Z3_FRAME_MAX);
  head[0] = (uint8_t)(len >> 24), head[1] = (uint8_t)(len >> 16), head[2] = (uint8_t)(len >> 8), head[3] = (uint8_t)len;
  return Z3_OK;
}

z3_status z3_frame_write(int fd, const void *body, size_t len, z3_error *err) {
  uint8_t head[4];
  if (frame_head(len, head, err)) return Z3_E_INVALID;
  z3_status st = write_all(fd, head, 4, err);
  return st ? st : write_all(fd, body, len, err);
}

void z3_frame_outbox_init(z3_frame_outbox *o) {
  z3_buf_init(&o->bytes);
  o->sent = 0;
}

void z3_frame_outbox_release(z3_frame_outbox *o) { z3_buf_release(&o->bytes); }

size_t z3_frame_outbox_pending(const z3_frame_outbox *o) { return o->bytes.len - o->sent; }

z3_status z3_frame_outbox_put(z3_frame_outbox *o, const void *body, size_t len, z3_error *err) {
  uint8_t head[4];
  if (frame_head(len, head, err)) return Z3_E_INVALID;
  if (o->sent && o->sent == o->bytes.len) o->bytes.len = o->sent = 0;
  size_t before = o->bytes.len;
  z3_status st = z3_buf_append(&o->bytes, head, 4, err);
  if (st == Z3_OK) st = z3_buf_append(&o->bytes, body, len, err);
  if (st) o->bytes.len = before; /* a frame goes in whole or not at all */
  return st;
}

ssize_t z3_frame_outbox_flush(z3_frame_outbox *o, int fd) {
  size_t total = 0;
  while (o->sent < o->bytes.len) {
    ssize_t n = send(fd, o->bytes.data + o->sent, o->bytes.len - o->sent, MSG_DONTWAIT | MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    if (n <= 0) return -1;
    o->sent += (size_t)n;
    total += (size_t)n;
  }
  if (o->sent == o->bytes.len) o->bytes.len = o->sent = 0;
  else if (o->sent >= (1u << 20)) { /* the part sent goes, so the queue does not only grow */
    memmove(o->bytes.data, o->bytes.data + o->sent, o->bytes.len - o->sent);
    o->bytes.len -= o->sent;
    o->sent = 0;
  }
  return (ssize_t)total;
}

static z3_status read_all(int fd, uint8_t *p, size_t len, bool first, z3_error *err) {
  while (len) {
    ssize_t n = read(fd, p, len);
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) return z3_error_set(err, Z3_E_IO, first ? "connection closed" : "connection closed in the middle of a frame");
    if (n < 0) return z3_error_set(err, Z3_E_IO, "cannot read from the socket: %s", strerror(errno));
    p += n;
    len -= (size_t)n;
    first = false;
  }
  return Z3_OK;
}

z3_status z3_frame_read(int fd, z3_buf *out, size_t max, z3_error *err) {
  uint8_t head[4];
  z3_status st = read_all(fd, head, 4, true, err);
  if (st) return st;
  uint32_t n = be32(head);
  if (n == 0 || n > (max ? max : Z3_FRAME_MAX))
    return z3_error_set(err, Z3_E_INVALID, "the peer sent a frame of %u bytes (1 to %zu)", n, max ? max : (size_t)Z3_FRAME_MAX);
  if ((st = z3_buf_resize(out, n, err))) return st;
  return read_all(fd, out->data, n, false, err);
}
