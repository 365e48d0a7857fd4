/* Message figures over the sample ROM's 397 messages (the real layout, our
 * words): load the table, decode every message, encode every message. */
#include <stdio.h>

#include "bench.h"
#include "zelda3/sample.h"
#include "zelda3/text.h"

static z3_rom *sample_rom(void) {
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  if (z3_sample_rom(&rom, NULL, &err) != Z3_OK) bench_report_error("message_", err.message);
  return rom;
}

/* Decodes every message (readable form) and encodes it back; false on error. */
static bool roundtrip_all(const z3_text *t, size_t *chars) {
  z3_buf text, enc;
  z3_buf_init(&text);
  z3_buf_init(&enc);
  bool ok = true;
  *chars = 0;
  for (size_t i = 0; i < t->count && ok; i++) {
    ok = z3_text_decode(&t->dict, t->msgs[i].data, t->msgs[i].len, true, &text, NULL) == Z3_OK &&
         z3_text_encode(&t->dict, (const char *)text.data, true, &enc, NULL) == Z3_OK &&
         enc.len == t->msgs[i].len;
    *chars += text.len;
  }
  z3_buf_release(&text);
  z3_buf_release(&enc);
  return ok;
}

void bench_text(const bench_ctx *ctx) {
  const char *name = "message_decode_encode_all";
  if (!bench_selected(ctx, name)) return;
  z3_rom *rom = sample_rom();
  z3_text t;
  if (!rom || z3_text_load(rom, &t, NULL) != Z3_OK) {
    bench_report_error(name, "cannot load the sample's messages");
    z3_rom_free(rom);
    return;
  }
  double ms[BENCH_RUNS];
  size_t chars = 0;
  for (int r = 0; r < BENCH_RUNS; r++) {
    double t0 = bench_now_ms();
    if (!roundtrip_all(&t, &chars)) {
      bench_report_error(name, "a message did not re-encode");
      break;
    }
    ms[r] = bench_now_ms() - t0;
    if (r == BENCH_RUNS - 1) {
      char extra[96];
      snprintf(extra, sizeof extra, ",\"messages\":%zu,\"characters\":%zu", t.count, chars);
      bench_report(name, ms, BENCH_RUNS, extra);
    }
  }
  z3_text_release(&t);
  z3_rom_free(rom);
}
