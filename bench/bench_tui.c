/* `z3ed tui` figures on the 4 MiB ROM: start-up to the first complete frame
 * (a real process on a pseudo-terminal, until the dashboard's last section
 * is drawn), and one hex-view redraw (a page down and the whole screen drawn
 * again, in process on an off-screen terminal). */
#include <curses.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "tui/app.h"

enum { REDRAWS = 100 };

/* Reads the pty until `marker` shows up; false on timeout or end of output. */
static bool read_until(int fd, const char *marker, double deadline_ms) {
  char window[8192];
  size_t len = 0;
  while (bench_now_ms() < deadline_ms) {
    struct pollfd p = {.fd = fd, .events = POLLIN};
    if (poll(&p, 1, 100) <= 0) continue;
    ssize_t n = read(fd, window + len, sizeof window - 1 - len);
    if (n <= 0) return false;
    len += (size_t)n;
    window[len] = '\0';
    if (strstr(window, marker)) return true; /* a terminal stream holds no NUL */
    if (len > sizeof window / 2) { /* keep the tail, where the marker may be starting */
      memmove(window, window + len - 256, 256);
      len = 256;
    }
  }
  return false;
}

static double first_frame_once(const bench_ctx *ctx, bool *ok) {
  struct winsize ws = {.ws_row = 30, .ws_col = 100};
  int fd;
  double t0 = bench_now_ms();
  pid_t pid = forkpty(&fd, NULL, NULL, &ws);
  if (pid == 0) {
    setenv("TERM", "xterm-256color", 1);
    setenv("LANG", "C.UTF-8", 1);
    execl(ctx->z3ed, ctx->z3ed, "tui", "--rom", ctx->rom_path, (char *)NULL);
    _exit(127);
  }
  *ok = pid > 0 && read_until(fd, "rom validate:", t0 + 30000);
  double ms = bench_now_ms() - t0;
  if (pid > 0) {
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    close(fd);
  }
  return ms;
}

static void first_frame(const bench_ctx *ctx) {
  const char *name = "tui_first_frame_4mib";
  if (!bench_selected(ctx, name)) return;
  double ms[BENCH_RUNS];
  for (int r = 0; r < BENCH_RUNS; r++) {
    bool ok;
    ms[r] = first_frame_once(ctx, &ok);
    if (!ok) {
      bench_report_error(name, "no first frame within 30 s");
      return;
    }
  }
  bench_report(name, ms, BENCH_RUNS, ",\"terminal\":\"100x30\"");
}

static void hex_redraw(const bench_ctx *ctx) {
  const char *name = "tui_hex_redraw_4mib";
  if (!bench_selected(ctx, name)) return;
  z3_doc *doc = NULL;
  if (z3_doc_open(&doc, ctx->rom_path, NULL) != Z3_OK) {
    bench_report_error(name, "cannot open the ROM");
    return;
  }
  setenv("LINES", "30", 1);
  setenv("COLUMNS", "100", 1);
  FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
  SCREEN *screen = out && in ? newterm("xterm-256color", out, in) : NULL;
  tui_app *app = screen ? tui_app_new(doc) : NULL;
  if (app && tui_app_show(app, "hex")) {
    double ms[BENCH_RUNS];
    tui_app_draw(app);
    for (int r = 0; r < BENCH_RUNS; r++) {
      double t0 = bench_now_ms();
      for (int i = 0; i < REDRAWS; i++) {
        tui_app_key(app, KEY_NPAGE);
        tui_app_draw(app);
      }
      ms[r] = (bench_now_ms() - t0) / REDRAWS;
    }
    bench_report(name, ms, BENCH_RUNS, ",\"per\":\"one page down and redraw, 100x30\"");
  } else {
    bench_report_error(name, "no off-screen terminal");
  }
  tui_app_free(app);
  if (screen) endwin(), delscreen(screen);
  if (out) fclose(out);
  if (in) fclose(in);
  z3_doc_free(doc);
}

void bench_tui(const bench_ctx *ctx) {
  first_frame(ctx);
  hex_redraw(ctx);
}
