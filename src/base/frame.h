/*
 * Length-prefixed frames, the transport of z3ed's sockets (the debugger's
 * sessions, the GUI harness): a 4-byte big-endian length, then that many
 * bytes of UTF-8 JSON. A reader collects bytes as they arrive and hands out
 * whole frames; a length of 0 or over the limit is an error after which the
 * stream is out of step and must be closed.
 */
#ifndef Z3_BASE_FRAME_H
#define Z3_BASE_FRAME_H

#include <sys/types.h>

#include "base/base.h"

enum { Z3_FRAME_MAX = 16u << 20 };

typedef struct z3_frame_reader {
  z3_buf pending;
  size_t consumed; /* bytes of pending already handed out */
  size_t max;      /* the largest body accepted */
} z3_frame_reader;

void z3_frame_reader_init(z3_frame_reader *r, size_t max);
void z3_frame_reader_release(z3_frame_reader *r);
z3_status z3_frame_feed(z3_frame_reader *r, const void *data, size_t len, z3_error *err);
/* Reads what a socket holds now (one read, up to 64 KiB) into the reader. */
typedef enum z3_frame_receipt {
  Z3_FRAME_GOT,     /* bytes arrived: z3_frame_next may have frames */
  Z3_FRAME_NOTHING, /* interrupted, or nothing there yet */
  Z3_FRAME_ENDED,   /* the peer sent all it will (EOF) */
  Z3_FRAME_BROKEN,  /* a read error, or no memory for what came */
} z3_frame_receipt;
z3_frame_receipt z3_frame_receive(z3_frame_reader *r, int fd);
/* 1 with *body and *len set (valid until the next call), 0 when no whole frame
 * has arrived, or -1 with err set when the next length is 0 or too large. */
int z3_frame_next(z3_frame_reader *r, const uint8_t **body, size_t *len, z3_error *err);

/* Writes one frame to a blocking descriptor, retrying short writes. */
z3_status z3_frame_write(int fd, const void *body, size_t len, z3_error *err);
/* A server's replies to one client, queued so that one client that does not read
 * never makes the server wait: put frames in, flush what the socket takes now. */
typedef struct z3_frame_outbox {
  z3_buf bytes;
  size_t sent; /* bytes of `bytes` already written */
} z3_frame_outbox;

void z3_frame_outbox_init(z3_frame_outbox *o);
void z3_frame_outbox_release(z3_frame_outbox *o);
z3_status z3_frame_outbox_put(z3_frame_outbox *o, const void *body, size_t len, z3_error *err);
/* Writes what the socket takes without blocking: the bytes written (0 when it takes
 * none now), or -1 when the peer is gone or the socket failed. */
ssize_t z3_frame_outbox_flush(z3_frame_outbox *o, int fd);
size_t z3_frame_outbox_pending(const z3_frame_outbox *o);

/* Reads one whole frame from a blocking descriptor into out. EOF before a
 * frame begins is Z3_E_IO with "connection closed". */
z3_status z3_frame_read(int fd, z3_buf *out, size_t max, z3_error *err);

#endif
