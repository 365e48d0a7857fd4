/* `music play`'s work in process: the sample's song 12 walked and rendered
 * through the S-DSP for 30 emulated seconds; the figure says how far above
 * real time rendering runs. */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "emu/dsp.h"
#include "zelda3/music.h"
#include "zelda3/sample.h"

enum { SECONDS = 30 };

typedef struct sink_state {
  z3_dsp dsp;
  int64_t sum; /* keeps the samples observable */
} sink_state;

static void sink_write(void *data, uint8_t reg, uint8_t value) { z3_dsp_write(&((sink_state *)data)->dsp, reg, value); }

static z3_status sink_render(void *data, size_t frames, z3_error *err) {
  (void)err;
  sink_state *s = data;
  for (size_t i = 0; i < frames; i++) {
    int16_t out[2];
    z3_dsp_sample(&s->dsp, out);
    s->sum += out[0];
  }
  return Z3_OK;
}

static bool render_once(const z3_music_image *img, const z3_music_song *song, uint8_t *ram, sink_state *s) {
  z3_music_seq seq;
  if (z3_music_seq_build(img, song, 255, &seq, NULL) != Z3_OK) return false;
  memcpy(ram, img->ram, 0x10000);
  z3_dsp_power_on(&s->dsp, ram);
  z3_music_dsp_sink sink = {.write = sink_write, .render = sink_render, .data = s};
  bool ok = z3_music_play(img, &seq, SECONDS, &sink, NULL) == Z3_OK;
  z3_music_seq_release(&seq);
  return ok;
}

void bench_music(const bench_ctx *ctx) {
  const char *name = "music_play_render";
  if (!bench_selected(ctx, name)) return;
  z3_rom *rom = NULL;
  z3_music_image *img = z3_malloc(sizeof *img);
  uint8_t *ram = z3_malloc(0x10000);
  sink_state *s = z3_calloc(1, sizeof *s);
  z3_music_song song;
  memset(&song, 0, sizeof song);
  if (!img || !ram || !s || z3_sample_rom(&rom, NULL, NULL) != Z3_OK ||
      z3_music_image_load(rom, Z3_MUSIC_INDOOR, img, NULL) != Z3_OK || z3_music_song_read(img, 12, &song, NULL) != Z3_OK) {
    bench_report_error(name, "cannot read the sample's song 12");
  } else {
    double ms[BENCH_RUNS];
    int r = 0;
    for (; r < BENCH_RUNS; r++) {
      double t0 = bench_now_ms();
      if (!render_once(img, &song, ram, s)) break;
      ms[r] = bench_now_ms() - t0;
    }
    if (r < BENCH_RUNS) bench_report_error(name, "rendering failed");
    else {
      char extra[96];
      double median = bench_median(ms, BENCH_RUNS);
      snprintf(extra, sizeof extra, ",\"emulated_seconds\":%d,\"realtime_factor\":%.1f", SECONDS, SECONDS * 1000.0 / median);
      bench_report(name, ms, BENCH_RUNS, extra);
    }
  }
  z3_music_song_release(&song);
  z3_rom_free(rom);
  z3_free(img), z3_free(ram), z3_free(s);
}
