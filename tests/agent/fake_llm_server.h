/*
 * A small HTTP/1.1 server on 127.0.0.1 (port chosen by the kernel) that plays
 * an LLM provider for the tests: it answers each request with the next canned
 * response (status, extra headers, body, optional delay) and records every
 * request (method, path, headers, body) so a test can check what the client
 * sent. One connection at a time, "Connection: close" after each answer.
 * Header-only (static functions) because each test file is its own binary.
 */
#ifndef Z3_TEST_FAKE_LLM_SERVER_H
#define Z3_TEST_FAKE_LLM_SERVER_H

#include <arpa/inet.h>
#include <jansson.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum { FAKE_MAX = 32 };

typedef struct fake_response {
  int status;
  char *headers; /* extra "Name: value\r\n" lines */
  char *body;
  int delay_ms;  /* wait this long before answering (for timeouts) */
} fake_response;

typedef struct fake_request {
  char *method, *path, *headers, *body;
} fake_request;

typedef struct fake_server {
  int fd, port;
  char url[64];
  pthread_t thread;
  pthread_mutex_t mu;
  fake_response queue[FAKE_MAX];
  int queued, answered;
  fake_request reqs[FAKE_MAX];
  int nreq;
  bool stop;
} fake_server;

static bool fake_stopping(fake_server *s) {
  pthread_mutex_lock(&s->mu);
  bool stop = s->stop;
  pthread_mutex_unlock(&s->mu);
  return stop;
}

static const char *fake_find_nocase(const char *hay, const char *needle) {
  size_t n = strlen(needle);
  for (; *hay; hay++)
    if (strncasecmp(hay, needle, n) == 0) return hay;
  return NULL;
}

/* Reads the request head and a Content-Length body; NULL on a short read. */
static char *fake_read_request(int c, size_t *head_len) {
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap + 1);
  long want = -1;
  while (buf) {
    buf[len] = '\0';
    char *end = strstr(buf, "\r\n\r\n");
    if (end && want < 0) {
      *head_len = (size_t)(end - buf) + 4;
      const char *cl = fake_find_nocase(buf, "\r\ncontent-length:");
      want = (long)*head_len + (cl && cl < end ? atol(cl + 17) : 0);
    }
    if (want >= 0 && (long)len >= want) return buf;
    if (len == cap) {
      char *grown = realloc(buf, (cap *= 2) + 1);
      if (!grown) break;
      buf = grown;
    }
    ssize_t n = recv(c, buf + len, cap - len, 0);
    if (n <= 0) break;
    len += (size_t)n;
  }
  free(buf);
  return NULL;
}

static void fake_record(fake_server *s, char *raw, size_t head_len) {
  fake_request r = {0};
  char *line_end = strstr(raw, "\r\n");
  if (!line_end) return;
  char *sp1 = strchr(raw, ' '), *sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;
  r.method = strndup(raw, sp1 ? (size_t)(sp1 - raw) : 0);
  r.path = sp1 && sp2 ? strndup(sp1 + 1, (size_t)(sp2 - sp1 - 1)) : strdup("");
  r.headers = strndup(line_end + 2, head_len - (size_t)(line_end + 2 - raw));
  r.body = strdup(raw + head_len);
  pthread_mutex_lock(&s->mu);
  if (s->nreq < FAKE_MAX) s->reqs[s->nreq++] = r;
  pthread_mutex_unlock(&s->mu);
}

static void fake_answer(fake_server *s, int c) {
  pthread_mutex_lock(&s->mu);
  fake_response r = s->answered < s->queued ? s->queue[s->answered++]
                                            : (fake_response){500, NULL, "{\"error\":\"no canned response\"}", 0};
  pthread_mutex_unlock(&s->mu);
  for (int waited = 0; waited < r.delay_ms && !fake_stopping(s); waited += 10) {
    struct timespec ts = {0, 10 * 1000000L};
    nanosleep(&ts, NULL);
  }
  char head[1024];
  size_t body_len = r.body ? strlen(r.body) : 0;
  int n = snprintf(head, sizeof head,
                   "HTTP/1.1 %d Canned\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n"
                   "Connection: close\r\n%s\r\n",
                   r.status, body_len, r.headers ? r.headers : "");
  if (send(c, head, (size_t)n, MSG_NOSIGNAL) == n && body_len) send(c, r.body, body_len, MSG_NOSIGNAL);
}

static void *fake_main(void *arg) {
  fake_server *s = arg;
  while (!fake_stopping(s)) {
    struct pollfd p = {.fd = s->fd, .events = POLLIN};
    if (poll(&p, 1, 20) <= 0) continue;
    int c = accept(s->fd, NULL, NULL);
    if (c < 0) continue;
    size_t head_len = 0;
    char *raw = fake_read_request(c, &head_len);
    if (raw) {
      fake_record(s, raw, head_len);
      fake_answer(s, c);
    }
    free(raw);
    close(c);
  }
  return NULL;
}

static fake_server *fake_start(void) {
  fake_server *s = calloc(1, sizeof *s);
  pthread_mutex_init(&s->mu, NULL);
  s->fd = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = 0};
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  if (bind(s->fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(s->fd, 8) != 0 ||
      getsockname(s->fd, (struct sockaddr *)&a, &len) != 0) {
    abort();
  }
  s->port = ntohs(a.sin_port);
  snprintf(s->url, sizeof s->url, "http://127.0.0.1:%d", s->port);
  pthread_create(&s->thread, NULL, fake_main, s);
  return s;
}

static void fake_push_slow(fake_server *s, int status, const char *headers, const char *body, int delay_ms) {
  pthread_mutex_lock(&s->mu);
  if (s->queued < FAKE_MAX) {
    s->queue[s->queued++] = (fake_response){status, headers ? strdup(headers) : NULL, body ? strdup(body) : NULL,
                                            delay_ms};
  }
  pthread_mutex_unlock(&s->mu);
}

static void fake_push(fake_server *s, int status, const char *headers, const char *body) {
  fake_push_slow(s, status, headers, body, 0);
}

static int fake_count(fake_server *s) {
  pthread_mutex_lock(&s->mu);
  int n = s->nreq;
  pthread_mutex_unlock(&s->mu);
  return n;
}

static const fake_request *fake_req(fake_server *s, int i) {
  return i < fake_count(s) ? &s->reqs[i] : NULL;
}

/* The request's body as JSON (new reference), NULL when it is not JSON. */
static json_t *fake_body(fake_server *s, int i) {
  const fake_request *r = fake_req(s, i);
  return r ? json_loads(r->body, 0, NULL) : NULL;
}

/* Whether request i carries "Name: value" (name case-insensitive, value exact). */
static bool fake_has_header(fake_server *s, int i, const char *name, const char *value) {
  const fake_request *r = fake_req(s, i);
  size_t n = strlen(name);
  for (const char *p = r ? r->headers : ""; *p;) {
    const char *end = strstr(p, "\r\n");
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len > n && strncasecmp(p, name, n) == 0 && p[n] == ':') {
      const char *v = p + n + 1;
      while (*v == ' ') v++;
      if (strlen(value) == (size_t)(p + len - v) && strncmp(v, value, (size_t)(p + len - v)) == 0) return true;
    }
    if (!end) break;
    p = end + 2;
  }
  return false;
}

static void fake_stop(fake_server *s) {
  pthread_mutex_lock(&s->mu);
  s->stop = true;
  pthread_mutex_unlock(&s->mu);
  pthread_join(s->thread, NULL);
  close(s->fd);
  for (int i = 0; i < s->queued; i++) {
    free(s->queue[i].headers);
    free(s->queue[i].body);
  }
  for (int i = 0; i < s->nreq; i++) {
    free(s->reqs[i].method);
    free(s->reqs[i].path);
    free(s->reqs[i].headers);
    free(s->reqs[i].body);
  }
  pthread_mutex_destroy(&s->mu);
  free(s);
}

/* A port nothing listens on: bound, read, closed again. */
static int fake_dead_port(void) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = 0};
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 || getsockname(fd, (struct sockaddr *)&a, &len) != 0) abort();
  close(fd);
  return ntohs(a.sin_port);
}

#endif
