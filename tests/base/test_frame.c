/* base/frame: the reader's frames, and the outbox a server queues its replies in. */
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "test.h"
#include "base/frame.h"

static void socket_pair(int fds[2], int send_buffer) {
  assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
  assert_int_equal(setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &send_buffer, sizeof send_buffer), 0);
}

/* Every frame the reader hands out from what `fd` holds now, as "a|b|c". */
static void read_frames(int fd, char *out, size_t size) {
  z3_frame_reader r;
  z3_frame_reader_init(&r, 0);
  uint8_t chunk[4096];
  ssize_t n;
  while ((n = recv(fd, chunk, sizeof chunk, MSG_DONTWAIT)) > 0) assert_int_equal(z3_frame_feed(&r, chunk, (size_t)n, NULL), Z3_OK);
  const uint8_t *body;
  size_t len;
  out[0] = '\0';
  while (z3_frame_next(&r, &body, &len, NULL) == 1) {
    if (out[0]) strncat(out, "|", size - strlen(out) - 1);
    strncat(out, (const char *)body, len < size - strlen(out) - 1 ? len : size - strlen(out) - 1);
  }
  z3_frame_reader_release(&r);
}

Z3_TEST(test_frame__the_outbox_sends_what_fits_and_keeps_the_rest_in_order) {
  (void)state;
  int fds[2];
  socket_pair(fds, 4096);
  z3_frame_outbox o;
  z3_frame_outbox_init(&o);
  char big[3000];
  memset(big, 'x', sizeof big);
  for (int i = 0; i < 40; i++) { /* far more than the socket takes while nobody reads */
    big[0] = (char)('A' + i % 26);
    assert_int_equal(z3_frame_outbox_put(&o, big, sizeof big, NULL), Z3_OK);
  }
  ssize_t first = z3_frame_outbox_flush(&o, fds[0]);
  assert_true(first > 0);
  assert_int_equal(z3_frame_outbox_pending(&o), 40 * (4 + sizeof big) - (size_t)first);
  assert_int_equal(z3_frame_outbox_flush(&o, fds[0]), 0); /* a full socket: nothing, and no wait */
  z3_frame_reader r;
  z3_frame_reader_init(&r, 0);
  int got = 0;
  for (int rounds = 0; rounds < 1000 && got < 40; rounds++) {
    uint8_t chunk[8192];
    ssize_t n = recv(fds[1], chunk, sizeof chunk, MSG_DONTWAIT);
    if (n > 0) assert_int_equal(z3_frame_feed(&r, chunk, (size_t)n, NULL), Z3_OK);
    const uint8_t *body;
    size_t len;
    while (z3_frame_next(&r, &body, &len, NULL) == 1) {
      assert_int_equal(len, sizeof big);
      assert_int_equal(body[0], 'A' + got % 26); /* in order, none lost or repeated */
      got++;
    }
    assert_true(z3_frame_outbox_flush(&o, fds[0]) >= 0);
  }
  assert_int_equal(got, 40);
  assert_int_equal(z3_frame_outbox_pending(&o), 0);
  z3_frame_reader_release(&r);
  z3_frame_outbox_release(&o);
  close(fds[0]);
  close(fds[1]);
}

Z3_TEST(test_frame__a_frame_goes_in_whole_or_not_at_all) {
  (void)state;
  z3_frame_outbox o;
  z3_frame_outbox_init(&o);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_frame_outbox_put(&o, "", 0, &err), Z3_E_INVALID);
  assert_non_null(strstr(err.message, "a frame of 0 bytes cannot be sent"));
  assert_int_equal(z3_frame_outbox_pending(&o), 0);
  int fds[2];
  socket_pair(fds, 65536);
  assert_int_equal(z3_frame_outbox_put(&o, "{\"a\":1}", 7, NULL), Z3_OK);
  assert_int_equal(z3_frame_outbox_put(&o, "{\"b\":2}", 7, NULL), Z3_OK);
  assert_int_equal(z3_frame_outbox_flush(&o, fds[0]), 22);
  char text[64];
  read_frames(fds[1], text, sizeof text);
  assert_string_equal(text, "{\"a\":1}|{\"b\":2}");
  z3_frame_outbox_release(&o);
  close(fds[0]);
  close(fds[1]);
}

Z3_TEST(test_frame__a_peer_that_is_gone_is_an_error_not_a_signal) {
  (void)state;
  int fds[2];
  socket_pair(fds, 65536);
  close(fds[1]);
  z3_frame_outbox o;
  z3_frame_outbox_init(&o);
  assert_int_equal(z3_frame_outbox_put(&o, "{}", 2, NULL), Z3_OK);
  assert_int_equal(z3_frame_outbox_flush(&o, fds[0]), -1); /* EPIPE, and no SIGPIPE ends the test */
  z3_frame_outbox_release(&o);
  close(fds[0]);
}

Z3_TEST(test_frame__receive_says_what_a_read_found) {
  (void)state;
  int fds[2];
  socket_pair(fds, 65536);
  fcntl(fds[1], F_SETFL, O_NONBLOCK);
  z3_frame_reader r;
  z3_frame_reader_init(&r, 0);
  assert_int_equal(z3_frame_receive(&r, fds[1]), Z3_FRAME_NOTHING); /* nothing sent yet: no wait */
  assert_int_equal(write(fds[0], "\0\0\0\2{}", 6), 6);
  assert_int_equal(z3_frame_receive(&r, fds[1]), Z3_FRAME_GOT);
  const uint8_t *body;
  size_t len;
  assert_int_equal(z3_frame_next(&r, &body, &len, NULL), 1);
  assert_memory_equal(body, "{}", 2);
  shutdown(fds[0], SHUT_WR);
  assert_int_equal(z3_frame_receive(&r, fds[1]), Z3_FRAME_ENDED);
  assert_int_equal(z3_frame_receive(&r, -1), Z3_FRAME_BROKEN); /* not a descriptor */
  z3_frame_reader_release(&r);
  close(fds[0]);
  close(fds[1]);
}

Z3_RUN(cmocka_unit_test(test_frame__receive_says_what_a_read_found),
       cmocka_unit_test(test_frame__the_outbox_sends_what_fits_and_keeps_the_rest_in_order),
       cmocka_unit_test(test_frame__a_frame_goes_in_whole_or_not_at_all),
       cmocka_unit_test(test_frame__a_peer_that_is_gone_is_an_error_not_a_signal))
