/*
 * retro_oracle: a minimal libretro front end, used only by tests and
 * benchmarks. It runs a ROM on a trusted emulator core (Debian's
 * bsnes-mercury, a real emulator that is not our code) with the same joypad
 * script z3ed's `emu run --input` reads, and writes what the core showed and
 * played, so tests can compare z3ed's console with it frame by frame.
 *
 *   retro_oracle --core CORE.so --rom ROM --frames N [--input SCRIPT]
 *                [--png OUT.png] [--every K --out-dir DIR] [--wav OUT.wav]
 *                [--wram OUT.bin]
 *
 * Frames are numbered as z3ed's console numbers them: frame k begins at
 * line 0 and its auto-joypad read runs at the start of its vblank (line 225).
 * bsnes-mercury's retro_run ends where vblank begins, so run k delivers the
 * picture of frame k, and the vblank of frame k - 1 (with its joypad read)
 * falls at the start of run k: the script's buttons for frame k - 1 are
 * therefore held during run k.
 * --every K writes DIR/frame_NNNNN.png for every frame k with (k + 1) % K == 0;
 * --png the last frame. --wram writes the core's 128 KiB of work RAM at the
 * end (programs that measure timing leave their results there). Prints one JSON line: frames, width, height, the
 * core's sample rate, audio frames, and the seconds spent in retro_run.
 * Exit 0, or 2 with a message on stderr for anything wrong.
 */
#include <dlfcn.h>
#include <libretro.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/base.h"
#include "base/png.h"
#include "base/wav.h"
#include "emu/input_script.h"

/* bsnes-mercury seeds the power-on contents of its RAMs and some registers
 * with time(0), so two runs a second apart could differ (a random backdrop,
 * a stray pixel where the display turns on). This executable exports its own
 * time() (CMakeLists: --export-dynamic-symbol), which the core binds to: a
 * fixed instant, and every run powers on alike. Nothing here reads the time. */
enum { ORACLE_EPOCH = 1000000000 };
time_t time(time_t *out) {
  if (out) *out = ORACLE_EPOCH;
  return ORACLE_EPOCH;
}

typedef struct core_api {
  void *lib;
  void (*init)(void);
  void (*deinit)(void);
  unsigned (*api_version)(void);
  void (*get_system_info)(struct retro_system_info *);
  void (*get_system_av_info)(struct retro_system_av_info *);
  void (*set_environment)(retro_environment_t);
  void (*set_video_refresh)(retro_video_refresh_t);
  void (*set_audio_sample)(retro_audio_sample_t);
  void (*set_audio_sample_batch)(retro_audio_sample_batch_t);
  void (*set_input_poll)(retro_input_poll_t);
  void (*set_input_state)(retro_input_state_t);
  void (*set_controller_port_device)(unsigned, unsigned);
  void (*run)(void);
  bool (*load_game)(const struct retro_game_info *);
  void (*unload_game)(void);
  void *(*memory_data)(unsigned);
  size_t (*memory_size)(unsigned);
} core_api;

/* What the callbacks see: the libretro API passes no context pointer. */
static struct {
  enum retro_pixel_format format;
  uint8_t *rgb; /* the last frame, 3 bytes per pixel */
  unsigned width, height;
  int16_t *audio;
  size_t audio_frames, audio_cap;
  uint16_t held[Z3_INPUT_PORTS];
  char tmpdir[64];
} fe = {.format = RETRO_PIXEL_FORMAT_0RGB1555};

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("retro_oracle: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

static void core_log(enum retro_log_level level, const char *fmt, ...) {
  if (level < RETRO_LOG_WARN || !getenv("RETRO_ORACLE_VERBOSE")) return;
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
}

/* Core options: each key with its default, the first value the core lists
 * ("Description; first|second|..."). Cores read options without checking
 * whether the front end knows them, so every key gets its default. */
enum { MAX_OPTIONS = 64 };
static struct {
  char key[64], value[64];
} options_seen[MAX_OPTIONS];
static size_t option_count;

static void remember_options(const struct retro_variable *vars) {
  for (; vars && vars->key && option_count < MAX_OPTIONS; vars++) {
    const char *first = vars->value ? strstr(vars->value, "; ") : NULL;
    if (!first) continue;
    first += 2;
    size_t n = strcspn(first, "|");
    snprintf(options_seen[option_count].key, sizeof options_seen[0].key, "%s", vars->key);
    snprintf(options_seen[option_count].value, sizeof options_seen[0].value, "%.*s", (int)n, first);
    option_count++;
  }
}

static bool option_value(struct retro_variable *var) {
  for (size_t i = 0; i < option_count; i++) {
    if (!strcmp(options_seen[i].key, var->key)) {
      var->value = options_seen[i].value;
      return true;
    }
  }
  var->value = NULL;
  return false;
}

static bool environment(unsigned cmd, void *data) {
  switch (cmd) {
    case RETRO_ENVIRONMENT_GET_CAN_DUPE: *(bool *)data = true; return true;
    case RETRO_ENVIRONMENT_SET_PIXEL_FORMAT: fe.format = *(const enum retro_pixel_format *)data; return true;
    case RETRO_ENVIRONMENT_GET_SYSTEM_DIRECTORY:
    case RETRO_ENVIRONMENT_GET_SAVE_DIRECTORY: *(const char **)data = fe.tmpdir; return true;
    case RETRO_ENVIRONMENT_GET_LOG_INTERFACE:
      ((struct retro_log_callback *)data)->log = core_log;
      return true;
    case RETRO_ENVIRONMENT_SET_VARIABLES: remember_options(data); return true;
    case RETRO_ENVIRONMENT_GET_VARIABLE: return option_value(data);
    case RETRO_ENVIRONMENT_GET_VARIABLE_UPDATE: *(bool *)data = false; return true;
    default: return false;
  }
}

static void pixel_rgb(const uint8_t *row, unsigned x, uint8_t out[3]) {
  if (fe.format == RETRO_PIXEL_FORMAT_XRGB8888) {
    uint32_t p;
    memcpy(&p, row + 4 * x, 4);
    out[0] = (uint8_t)(p >> 16), out[1] = (uint8_t)(p >> 8), out[2] = (uint8_t)p;
    return;
  }
  uint16_t p;
  memcpy(&p, row + 2 * x, 2);
  if (fe.format == RETRO_PIXEL_FORMAT_RGB565) {
    out[0] = (uint8_t)((p >> 11) << 3 | (p >> 13)), out[1] = (uint8_t)(((p >> 5) & 63) << 2 | ((p >> 9) & 3));
    out[2] = (uint8_t)((p & 31) << 3 | ((p >> 2) & 7));
    return;
  }
  unsigned r = (p >> 10) & 31, g = (p >> 5) & 31, b = p & 31;
  out[0] = (uint8_t)(r << 3 | r >> 2), out[1] = (uint8_t)(g << 3 | g >> 2), out[2] = (uint8_t)(b << 3 | b >> 2);
}

static void video_refresh(const void *data, unsigned width, unsigned height, size_t pitch) {
  if (!data) return; /* a duplicate of the previous frame */
  if (width != fe.width || height != fe.height) {
    free(fe.rgb);
    fe.rgb = malloc((size_t)width * height * 3);
    if (!fe.rgb) die("out of memory for a %ux%u frame", width, height);
    fe.width = width, fe.height = height;
  }
  for (unsigned y = 0; y < height; y++) {
    const uint8_t *row = (const uint8_t *)data + y * pitch;
    for (unsigned x = 0; x < width; x++) pixel_rgb(row, x, fe.rgb + ((size_t)y * width + x) * 3);
  }
}

static size_t audio_batch(const int16_t *data, size_t frames) {
  if (fe.audio_frames + frames > fe.audio_cap) {
    size_t cap = (fe.audio_cap ? fe.audio_cap * 2 : 65536) + frames;
    int16_t *grown = realloc(fe.audio, cap * 2 * sizeof *grown);
    if (!grown) die("out of memory for audio");
    fe.audio = grown, fe.audio_cap = cap;
  }
  memcpy(fe.audio + fe.audio_frames * 2, data, frames * 2 * sizeof *data);
  fe.audio_frames += frames;
  return frames;
}

static void audio_sample(int16_t left, int16_t right) {
  int16_t pair[2] = {left, right};
  audio_batch(pair, 1);
}

static void input_poll(void) {}

/* libretro's joypad ids 0-11 are B Y Select Start Up Down Left Right A X L R:
 * z3_snes_set_pad's bits 15 down to 4. */
static int16_t input_state(unsigned port, unsigned device, unsigned index, unsigned id) {
  (void)index;
  if (port >= Z3_INPUT_PORTS || (device & RETRO_DEVICE_MASK) != RETRO_DEVICE_JOYPAD || id > 11) return 0;
  return (fe.held[port] >> (15 - id)) & 1;
}

static void *symbol(void *lib, const char *name) {
  void *p = dlsym(lib, name);
  if (!p) die("the core has no %s: is it a libretro core?", name);
  return p;
}

#define BIND(api, field, name) memcpy(&(api)->field, &(void *){symbol((api)->lib, name)}, sizeof(void *))

static void load_core(core_api *api, const char *path) {
  api->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!api->lib) die("cannot load core %s: %s (install it with scripts/bootstrap.sh)", path, dlerror());
  BIND(api, init, "retro_init");
  BIND(api, deinit, "retro_deinit");
  BIND(api, api_version, "retro_api_version");
  BIND(api, get_system_info, "retro_get_system_info");
  BIND(api, get_system_av_info, "retro_get_system_av_info");
  BIND(api, set_environment, "retro_set_environment");
  BIND(api, set_video_refresh, "retro_set_video_refresh");
  BIND(api, set_audio_sample, "retro_set_audio_sample");
  BIND(api, set_audio_sample_batch, "retro_set_audio_sample_batch");
  BIND(api, set_input_poll, "retro_set_input_poll");
  BIND(api, set_input_state, "retro_set_input_state");
  BIND(api, set_controller_port_device, "retro_set_controller_port_device");
  BIND(api, run, "retro_run");
  BIND(api, load_game, "retro_load_game");
  BIND(api, unload_game, "retro_unload_game");
  BIND(api, memory_data, "retro_get_memory_data");
  BIND(api, memory_size, "retro_get_memory_size");
  if (api->api_version() != RETRO_API_VERSION) die("core %s speaks libretro API %u, not %u", path, api->api_version(), RETRO_API_VERSION);
}

typedef struct options {
  const char *core, *rom, *input, *png, *out_dir, *wav, *wram;
  unsigned long frames, every;
} options;

static unsigned long number(const char *flag, const char *text) {
  char *end;
  unsigned long v = strtoul(text, &end, 10);
  if (!*text || *end || v == 0 || v > 1000000) die("%s '%s' is not a number 1-1000000", flag, text);
  return v;
}

static options parse_options(int argc, char **argv) {
  options o = {0};
  for (int i = 1; i < argc; i++) {
    const char *flag = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
    if (!value) die("%s needs a value", flag);
    i++;
    if (!strcmp(flag, "--core")) o.core = value;
    else if (!strcmp(flag, "--rom")) o.rom = value;
    else if (!strcmp(flag, "--input")) o.input = value;
    else if (!strcmp(flag, "--png")) o.png = value;
    else if (!strcmp(flag, "--out-dir")) o.out_dir = value;
    else if (!strcmp(flag, "--wav")) o.wav = value;
    else if (!strcmp(flag, "--wram")) o.wram = value;
    else if (!strcmp(flag, "--frames")) o.frames = number(flag, value);
    else if (!strcmp(flag, "--every")) o.every = number(flag, value);
    else die("unknown option %s", flag);
  }
  if (!o.core || !o.rom || !o.frames) die("usage: retro_oracle --core SO --rom ROM --frames N [--input F] [--png F] [--every K --out-dir D] [--wav F] [--wram F]");
  if (!o.every != !o.out_dir) die("--every and --out-dir go together");
  return o;
}

static void write_file(const char *path, const z3_buf *data) {
  z3_error err;
  z3_error_init(&err);
  if (z3_file_write_atomic(path, data->data, data->len, NULL, &err)) die("%s", err.message);
}

static void write_png(const char *path) {
  if (!fe.rgb) die("the core delivered no picture");
  z3_buf png;
  z3_buf_init(&png);
  z3_error err;
  z3_error_init(&err);
  if (z3_png_write_rgb(&png, fe.width, fe.height, fe.rgb, &err)) die("%s: %s", path, err.message);
  write_file(path, &png);
  z3_buf_release(&png);
}

static void write_wram(const core_api *api, const char *path) {
  uint8_t *ram = api->memory_data(RETRO_MEMORY_SYSTEM_RAM);
  size_t size = api->memory_size(RETRO_MEMORY_SYSTEM_RAM);
  if (!ram || !size) die("the core does not show its work RAM");
  write_file(path, &(z3_buf){.data = ram, .len = size, .cap = size});
}

static void load_script(const char *path, z3_input_script *script) {
  memset(script, 0, sizeof *script);
  if (!path) return;
  z3_buf text;
  z3_buf_init(&text);
  z3_error err;
  z3_error_init(&err);
  if (z3_file_read(&text, path, 16u << 20, &err) ||
      z3_input_script_parse(script, (const char *)text.data, text.len, path, &err))
    die("%s", err.message);
  z3_buf_release(&text);
}

static void load_game(core_api *api, const char *path, z3_buf *rom) {
  z3_error err;
  z3_error_init(&err);
  if (z3_file_read(rom, path, 64u << 20, &err)) die("%s", err.message);
  struct retro_game_info game = {.path = path, .data = rom->data, .size = rom->len};
  if (!api->load_game(&game)) die("the core refused %s", path);
  for (unsigned port = 0; port < 2; port++) api->set_controller_port_device(port, RETRO_DEVICE_JOYPAD);
}

static double seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Runs the frames; returns the seconds spent inside retro_run. */
static double run_frames(core_api *api, const options *o, z3_input_script *script) {
  double busy = 0;
  for (unsigned long k = 0; k < o->frames; k++) {
    if (k > 0) z3_input_script_at(script, k - 1, fe.held);
    double t0 = seconds();
    api->run();
    busy += seconds() - t0;
    if (o->every && (k + 1) % o->every == 0) {
      char path[4096];
      snprintf(path, sizeof path, "%s/frame_%05lu.png", o->out_dir, k);
      write_png(path);
    }
  }
  return busy;
}

int main(int argc, char **argv) {
  options o = parse_options(argc, argv);
  z3_input_script script;
  load_script(o.input, &script);
  snprintf(fe.tmpdir, sizeof fe.tmpdir, "/tmp/retro-oracle-XXXXXX");
  if (!mkdtemp(fe.tmpdir)) die("cannot make a temporary folder");
  core_api api = {0};
  load_core(&api, o.core);
  api.set_environment(environment);
  api.init();
  api.set_video_refresh(video_refresh);
  api.set_audio_sample(audio_sample);
  api.set_audio_sample_batch(audio_batch);
  api.set_input_poll(input_poll);
  api.set_input_state(input_state);
  z3_buf rom;
  z3_buf_init(&rom);
  load_game(&api, o.rom, &rom);
  struct retro_system_av_info av;
  api.get_system_av_info(&av);
  double busy = run_frames(&api, &o, &script);
  if (o.png) write_png(o.png);
  if (o.wram) write_wram(&api, o.wram);
  if (o.wav) {
    z3_buf wav;
    z3_buf_init(&wav);
    z3_error err;
    z3_error_init(&err);
    if (z3_wav_encode(&wav, fe.audio, fe.audio_frames, (uint32_t)(av.timing.sample_rate + 0.5), &err))
      die("%s", err.message);
    write_file(o.wav, &wav);
    z3_buf_release(&wav);
  }
  printf("{\"frames\": %lu, \"width\": %u, \"height\": %u, \"sample_rate\": %.3f, "
         "\"audio_frames\": %zu, \"run_seconds\": %.6f}\n",
         o.frames, fe.width, fe.height, av.timing.sample_rate, fe.audio_frames, busy);
  api.unload_game();
  api.deinit();
  z3_input_script_release(&script);
  z3_buf_release(&rom);
  free(fe.rgb);
  free(fe.audio);
  rmdir(fe.tmpdir);
  return 0;
}
