/* emu screenshot and emu run --screenshot: the PPU's frames as PNG files. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/png.h"
#include "cmd/handlers_emu.h"
#include "emu/snes.h"

enum { FRAME_BYTES = Z3_PPU_HIRES_WIDTH * Z3_PPU_MAX_HEIGHT * 3, MAX_SERIES = 1000 };

/* The last completed frame as a PNG, with its size and the SHA-1 of its RGB
 * bytes (agents compare frames by it without opening the file). */
static z3_status encode_frame(const z3_snes *snes, z3_buf *png, json_t **info, z3_error *err) {
  uint8_t *rgb = z3_malloc(FRAME_BYTES);
  if (!rgb) return z3_error_set(err, Z3_E_NOMEM, "out of memory for a frame");
  unsigned w, h;
  z3_snes_frame_rgb(snes, rgb, &w, &h);
  z3_status st = Z3_OK;
  if (!w || !h) {
    st = z3_error_set(err, Z3_E_INVALID, "no frame has been drawn yet");
    z3_error_hint(err, "run at least one whole frame (--frames 1 or more)");
  }
  if (!st) st = z3_png_write_rgb(png, w, h, rgb, err);
  if (!st) {
    char sha[41];
    z3_sha1_hex(rgb, (size_t)w * h * 3, sha);
    *info = json_object();
    json_object_set_new(*info, "width", json_integer(w));
    json_object_set_new(*info, "height", json_integer(h));
    json_object_set_new(*info, "rgb_sha1", json_string(sha));
  }
  z3_free(rgb);
  return st;
}

z3_status cmd_emu__screenshot(z3_cmd_ctx *ctx, const z3_snes *snes, const char *path,
                              json_t **info, z3_error *err) {
  z3_buf png;
  z3_buf_init(&png);
  *info = NULL;
  z3_status st = encode_frame(snes, &png, info, err);
  if (!st) st = z3_cmd_write_file(ctx, path, png.data, png.len, err);
  if (!st) json_object_set_new(*info, "path", json_string(path));
  z3_buf_release(&png);
  return st;
}

/* Runs `frames` whole frames; a CPU stopped by STP leaves the PPU running,
 * so a test program may end in STP and still be looked at. */
static void run_frames(z3_snes *snes, uint64_t frames) {
  uint64_t target = snes->frame + frames;
  while (snes->frame < target) {
    if (z3_snes_run(snes, target - snes->frame, false, 0) == Z3_SNES_STOP_FRAMES) break;
    while (snes->frame < target) z3_snes_advance(snes, Z3_SNES_LINE_CLOCKS);
  }
}

static z3_status check_series_args(z3_cmd_ctx *ctx, z3_error *err) {
  bool out = z3_arg_given(ctx, "out"), dir = z3_arg_given(ctx, "out-dir");
  bool every = z3_arg_given(ctx, "every");
  const char *problem = NULL;
  if (out == dir) problem = out ? "--out and --out-dir exclude each other" : "give --out or --out-dir";
  else if (every != dir) problem = every ? "--every needs --out-dir" : "--out-dir needs --every";
  else if (every && z3_arg_int(ctx, "frames") / z3_arg_int(ctx, "every") > MAX_SERIES)
    problem = "--frames / --every is over 1000 files";
  if (!problem) return Z3_OK;
  z3_error_set(err, Z3_E_USAGE, "%s", problem);
  z3_error_hint(err, "one picture: --out OUT.png; a series: --every K --out-dir DIR");
  return Z3_E_USAGE;
}

static z3_status ensure_folder(const z3_cmd_ctx *ctx, const char *dir, bool *made, z3_error *err) {
  struct stat st;
  *made = false;
  if (stat(dir, &st) == 0)
    return S_ISDIR(st.st_mode) ? Z3_OK
                               : z3_error_set(err, Z3_E_IO, "--out-dir '%s' exists and is not a folder", dir);
  if (ctx->dry_run) return Z3_OK;
  if (mkdir(dir, 0755) == 0) {
    *made = true;
    return Z3_OK;
  }
  return z3_error_set(err, Z3_E_IO, "--out-dir: cannot create folder '%s': %s", dir, strerror(errno));
}

static z3_status write_series(z3_cmd_ctx *ctx, z3_snes *snes, uint64_t frames, uint64_t every,
                              json_t *files, z3_error *err) {
  const char *dir = z3_arg_str(ctx, "out-dir");
  bool made;
  z3_status st = ensure_folder(ctx, dir, &made, err);
  for (uint64_t done = 0; !st && done + every <= frames; done += every) {
    run_frames(snes, every);
    char *path = z3_strfmt("%s/frame_%05llu.png", dir, (unsigned long long)(done + every));
    json_t *info = NULL;
    st = path ? cmd_emu__screenshot(ctx, snes, path, &info, err)
              : z3_error_set(err, Z3_E_NOMEM, "out of memory");
    if (info) json_object_set_new(info, "frame", json_integer((json_int_t)(done + every)));
    if (info) json_array_append_new(files, info);
    z3_free(path);
  }
  /* the files are only queued: a failed run leaves the folder as it was */
  if (st && made) rmdir(dir);
  return st;
}

z3_status cmd_emu_screenshot(z3_cmd_ctx *ctx, z3_error *err) {
  z3_status st = check_series_args(ctx, err);
  if (st) return st;
  z3_snes *snes;
  st = z3_cmd__emu_create(ctx, &snes, err);
  if (st) return st;
  uint64_t frames = (uint64_t)z3_arg_int(ctx, "frames");
  json_t *files = json_array();
  if (z3_arg_given(ctx, "every")) {
    st = write_series(ctx, snes, frames, (uint64_t)z3_arg_int(ctx, "every"), files, err);
  } else {
    run_frames(snes, frames);
    json_t *info = NULL;
    st = cmd_emu__screenshot(ctx, snes, z3_arg_str(ctx, "out"), &info, err);
    if (info) json_array_append_new(files, info);
  }
  json_object_set_new(ctx->result, "frames", json_integer((json_int_t)snes->frame));
  json_object_set_new(ctx->result, "shots", files);
  z3_snes_free(snes);
  return st;
}
