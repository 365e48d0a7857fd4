/*
 * yaze-bench: the editor's figures, one JSON line each like z3-bench's.
 *   yaze_startup_first_frame  launching `yaze --quit-after-first-frame SAMPLE`
 *                             until its window has been painted (goal < 300 ms),
 *                             in the environment as it is: with no GPU yaze
 *                             itself picks GTK's cairo renderer (gui/main.c)
 *   yaze_startup_first_frame_no_gl  the same with GTK's GL off by the caller
 *                             (GDK_DEBUG=gl-disable, GSK_RENDERER=cairo), as
 *                             the gui tests run it
 *   yaze_startup_first_frame_forced_gl  the same with GTK's GL renderer asked
 *                             for (GSK_RENDERER=gl), which yaze honours: with
 *                             no GPU, Mesa's llvmpipe sets GL up and compiles
 *                             GTK's shaders in software; no goal, it shows
 *                             what the renderer choice saves
 *   yaze_overworld_area_2x    what the overworld editor does per redraw: the
 *                             area drawn (z3_ow_render), made a surface and
 *                             painted at 2x (goal < 16 ms)
 * Needs a display (make bench starts Xvfb when there is none).
 *   yaze-bench --yaze PATH --sample PATH
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gui/canvas.h"
#include "zelda3/overworld.h"

enum { RUNS = 7, START_RUNS = 15 }; /* a start-up varies more: more runs for its median */

typedef enum renderer { AS_IS, NO_GL, FORCED_GL } renderer;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* goal 0: a figure with no goal (goal_ms and within_goal left out). */
static void report(const char *name, double *ms, int runs, double goal) {
  qsort(ms, (size_t)runs, sizeof *ms, by_value);
  printf("{\"bench\":\"%s\",\"median_ms\":%.3f,\"min_ms\":%.3f,\"runs\":%d", name, ms[runs / 2], ms[0], runs);
  if (goal > 0) printf(",\"goal_ms\":%.0f,\"within_goal\":%s", goal, ms[runs / 2] < goal ? "true" : "false");
  printf("}\n");
}

static int startup(const char *yaze, const char *sample, const char *name, renderer how) {
  double ms[START_RUNS];
  for (int r = 0; r < START_RUNS; r++) {
    double t0 = now_ms();
    pid_t pid = fork();
    if (pid == 0) {
      if (how == NO_GL) setenv("GDK_DEBUG", "gl-disable", 1), setenv("GSK_RENDERER", "cairo", 1);
      if (how == FORCED_GL) setenv("GSK_RENDERER", "gl", 1);
      execl(yaze, yaze, "--quit-after-first-frame", sample, (char *)NULL);
      _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
      printf("{\"bench\":\"%s\",\"error\":\"yaze exited with status %d\"}\n", name, status);
      return 1;
    }
    ms[r] = now_ms() - t0;
  }
  report(name, ms, START_RUNS, how == FORCED_GL ? 0 : 300);
  return 0;
}

static int area_2x(const char *sample) {
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  z3_overworld *ow = NULL;
  if (z3_rom_load(&rom, sample, &err) || z3_ow_load(&ow, rom, &err)) {
    printf("{\"bench\":\"yaze_overworld_area_2x\",\"error\":\"%s\"}\n", err.message);
    z3_rom_free(rom);
    return 1;
  }
  double ms[RUNS];
  for (int r = 0; r < RUNS; r++) {
    double t0 = now_ms();
    z3_ow_image img = {0};
    int id = 0x1B; /* a small area: 512x512, drawn 1024x1024 */
    if (z3_ow_render(ow, rom, id, &img, &err) != Z3_OK) break;
    cairo_surface_t *area = gui_surface_indexed(img.pixels, img.width, img.height, (const uint8_t(*)[4])img.palette, 128);
    cairo_surface_t *target = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)img.width * 2, (int)img.height * 2);
    cairo_t *cr = cairo_create(target);
    gui_paint_scaled(cr, area, 2);
    cairo_surface_flush(target);
    cairo_destroy(cr);
    cairo_surface_destroy(target);
    cairo_surface_destroy(area);
    z3_ow_image_release(&img);
    ms[r] = now_ms() - t0;
  }
  z3_ow_free(ow);
  z3_rom_free(rom);
  report("yaze_overworld_area_2x", ms, RUNS, 16);
  return 0;
}

int main(int argc, char **argv) {
  const char *yaze = NULL, *sample = NULL;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--yaze") == 0) yaze = argv[i + 1];
    else if (strcmp(argv[i], "--sample") == 0) sample = argv[i + 1];
  }
  if (!yaze || !sample) {
    fprintf(stderr, "usage: yaze-bench --yaze PATH --sample PATH\n");
    return 2;
  }
  return startup(yaze, sample, "yaze_startup_first_frame", AS_IS) |
         startup(yaze, sample, "yaze_startup_first_frame_no_gl", NO_GL) |
         startup(yaze, sample, "yaze_startup_first_frame_forced_gl", FORCED_GL) | area_2x(sample);
}
