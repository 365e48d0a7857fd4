/* emu run: power on the headless SNES, run it, report registers and memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/wav.h"
#include "cmd/handlers_emu.h"
#include "emu/input_script.h"
#include "emu/savestate.h"
#include "emu/snes.h"

enum { MAX_READS = 16, MAX_READ_LEN = 0x10000 };

typedef struct emu_read {
  z3_snes_region region;
  uint32_t addr;
  size_t len;
  char spec[96]; /* as given, for messages */
} emu_read;

static z3_status read_error(const char *spec, z3_error *err, const char *fmt, const char *detail) {
  char what[160];
  snprintf(what, sizeof what, fmt, detail);
  z3_error_set(err, Z3_E_USAGE, "--read '%s': %s", spec, what);
  z3_error_hint(err, "write REGION:ADDR:LEN with REGION wram, vram, cgram, oam, sram or bus, "
                     "ADDR as $BB:AAAA, 0x-hex, $-hex or decimal, LEN 1-65536; "
                     "repeat --read, or separate several reads with commas");
  return Z3_E_USAGE;
}

/* "$BB:AAAA", "BB:AAAA", "0x..", "$.." (hex) or decimal. */
static bool parse_read_address(const char *text, uint32_t *out) {
  uint64_t v;
  if (strchr(text, ':')) return z3_snes_parse_address(text, out);
  if (!z3_parse_u64(text, &v) || v > 0xFFFFFF) return false;
  *out = (uint32_t)v;
  return true;
}

/* One "REGION:ADDR:LEN"; ADDR may itself hold a colon ($7E:0010). */
static z3_status parse_read(const char *spec, const z3_snes *snes, emu_read *out, z3_error *err) {
  snprintf(out->spec, sizeof out->spec, "%s", spec);
  const char *first = strchr(spec, ':'), *last = strrchr(spec, ':');
  if (!first || first == last) return read_error(out->spec, err, "%s", "expected REGION:ADDR:LEN");
  char region[16], addr[64];
  size_t rlen = (size_t)(first - spec), alen = (size_t)(last - first - 1);
  if (rlen >= sizeof region || alen >= sizeof addr) return read_error(out->spec, err, "%s", "too long");
  memcpy(region, spec, rlen);
  region[rlen] = '\0';
  memcpy(addr, first + 1, alen);
  addr[alen] = '\0';
  if (!z3_snes_region_parse(region, &out->region))
    return read_error(out->spec, err, "unknown region '%s'", region);
  if (!parse_read_address(addr, &out->addr))
    return read_error(out->spec, err, "'%s' is not an address", addr);
  uint64_t len;
  if (!z3_parse_u64(last + 1, &len) || len == 0 || len > MAX_READ_LEN)
    return read_error(out->spec, err, "length '%s' is not 1-65536", last + 1);
  out->len = (size_t)len;
  /* WRAM may be named by its CPU address in banks $7E-$7F */
  if (out->region == Z3_REGION_WRAM && out->addr >= 0x7E0000 && out->addr <= 0x7FFFFF)
    out->addr -= 0x7E0000;
  size_t size = z3_snes_region_size(snes, out->region);
  if (size == 0) return read_error(out->spec, err, "this cartridge has no %s", region);
  if (out->addr >= size || out->len > size - out->addr) {
    char detail[64];
    snprintf(detail, sizeof detail, "%s is 0x%zX bytes", z3_snes_region_name(out->region), size);
    return read_error(out->spec, err, "runs past the end: %s", detail);
  }
  return Z3_OK;
}

static z3_status parse_reads(const char *list, const z3_snes *snes, emu_read *reads, size_t *count,
                             z3_error *err) {
  *count = 0;
  if (!list) return Z3_OK;
  char *copy = z3_strdup(list);
  if (!copy) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  char *save = NULL;
  for (char *item = strtok_r(copy, ",", &save); item && !st; item = strtok_r(NULL, ",", &save)) {
    if (*count == MAX_READS) {
      st = z3_error_set(err, Z3_E_USAGE, "--read: at most %d reads in one run", MAX_READS);
      break;
    }
    st = parse_read(item, snes, &reads[(*count)++], err);
  }
  if (!st && *count == 0) st = read_error(list, err, "%s", "no read given");
  free(copy);
  return st;
}

static json_t *hex_json(unsigned value, int digits) {
  char text[16];
  snprintf(text, sizeof text, "$%0*X", digits, value);
  return json_string(text);
}

static json_t *registers_json(const z3_cpu *cpu) {
  const z3_cpu_regs *r = &cpu->r;
  char pc[10];
  z3_snes_format_address((uint32_t)r->pbr << 16 | r->pc, pc);
  json_t *o = json_object();
  json_object_set_new(o, "pc", json_string(pc));
  json_object_set_new(o, "a", hex_json(r->a, 4));
  json_object_set_new(o, "x", hex_json(r->x, 4));
  json_object_set_new(o, "y", hex_json(r->y, 4));
  json_object_set_new(o, "s", hex_json(r->s, 4));
  json_object_set_new(o, "d", hex_json(r->d, 4));
  json_object_set_new(o, "dbr", hex_json(r->dbr, 2));
  json_object_set_new(o, "pbr", hex_json(r->pbr, 2));
  json_object_set_new(o, "p", hex_json(r->p, 2));
  json_object_set_new(o, "e", json_boolean(r->e));
  json_object_set_new(o, "waiting", json_boolean(cpu->waiting));
  json_object_set_new(o, "stopped", json_boolean(cpu->stopped));
  return o;
}

static z3_status reads_json(const z3_snes *snes, const emu_read *reads, size_t count, json_t **out,
                            z3_error *err) {
  *out = json_array();
  uint8_t *bytes = z3_malloc(MAX_READ_LEN);
  char *hex = z3_malloc(2 * MAX_READ_LEN + 1);
  z3_status st = bytes && hex ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  for (size_t i = 0; i < count && !st; i++) {
    st = z3_snes_read_region(snes, reads[i].region, reads[i].addr, reads[i].len, bytes, err);
    if (st) break;
    for (size_t k = 0; k < reads[i].len; k++) snprintf(hex + 2 * k, 3, "%02x", bytes[k]);
    hex[2 * reads[i].len] = '\0';
    json_t *o = json_object();
    char addr[16];
    snprintf(addr, sizeof addr, "0x%06X", reads[i].addr);
    json_object_set_new(o, "region", json_string(z3_snes_region_name(reads[i].region)));
    json_object_set_new(o, "address", json_string(addr));
    json_object_set_new(o, "length", json_integer((json_int_t)reads[i].len));
    json_object_set_new(o, "hex", json_string(hex));
    json_array_append_new(*out, o);
  }
  z3_free(bytes);
  z3_free(hex);
  return st;
}

/* Controller 1's buttons from "a,start,up" (z3_snes_set_pad's bit order). */
static z3_status parse_pad(const char *text, uint16_t *buttons, z3_error *err) {
  *buttons = 0;
  if (!text) return Z3_OK;
  long bad = z3_input_parse_buttons(text, strlen(text), buttons);
  if (bad < 0) return Z3_OK;
  z3_error_set(err, Z3_E_USAGE, "--pad: '%.*s' is not a controller button",
               (int)strcspn(text + bad, ",+"), text + bad);
  z3_error_hint(err, "buttons are " Z3_INPUT_BUTTON_NAMES);
  return Z3_E_USAGE;
}

/* Runs frame by frame so the script's buttons change on frame boundaries;
 * --pad's buttons are held on controller 1 throughout, on top of it. */
static z3_snes_stop run_frames(z3_snes *snes, z3_input_script *script, uint16_t pad, uint64_t frames,
                               bool until, uint32_t pc) {
  if (!script->count) {
    z3_snes_set_pad(snes, 0, pad);
    return z3_snes_run(snes, frames, until, pc);
  }
  z3_snes_stop stop = Z3_SNES_STOP_FRAMES;
  for (uint64_t i = 0; i < frames && stop == Z3_SNES_STOP_FRAMES; i++) {
    uint16_t held[Z3_INPUT_PORTS];
    z3_input_script_at(script, snes->frame, held);
    held[0] |= pad;
    for (int port = 0; port < Z3_INPUT_PORTS; port++) z3_snes_set_pad(snes, port, held[port]);
    stop = z3_snes_run(snes, 1, until, pc);
  }
  return stop;
}

static const char *stop_name(z3_snes_stop stop) {
  switch (stop) {
    case Z3_SNES_STOP_PC: return "until-pc";
    case Z3_SNES_STOP_STP: return "stp";
    case Z3_SNES_STOP_BREAK: return "break";
    case Z3_SNES_STOP_FRAMES: break;
  }
  return "frames";
}

static void fill_result(z3_cmd_ctx *ctx, const z3_snes *snes, z3_snes_stop stop, json_t *reads) {
  json_t *r = ctx->result;
  json_object_set_new(r, "stop_reason", json_string(stop_name(stop)));
  json_object_set_new(r, "frames", json_integer((json_int_t)snes->frame));
  json_object_set_new(r, "instructions", json_integer((json_int_t)snes->cpu.instructions));
  json_object_set_new(r, "master_clocks", json_integer((json_int_t)snes->clock));
  json_object_set_new(r, "line", json_integer(snes->line));
  json_object_set_new(r, "region", json_string(snes->pal ? "pal" : "ntsc"));
  json_object_set_new(r, "nmis", json_integer((json_int_t)snes->nmi_count));
  json_object_set_new(r, "registers", registers_json(&snes->cpu));
  json_object_set_new(r, "reads", reads);
}

/* The DSP's output since power-on as a WAV file at --audio. */
static z3_status write_audio(z3_cmd_ctx *ctx, const z3_snes *snes, z3_error *err) {
  const z3_apu *apu = &snes->apu;
  if (apu->audio_oom) return z3_error_set(err, Z3_E_NOMEM, "out of memory recording the run's audio");
  z3_buf wav;
  z3_buf_init(&wav);
  z3_status st = z3_wav_encode(&wav, apu->audio, apu->audio_frames, Z3_APU_SAMPLE_RATE, err);
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "audio"), wav.data, wav.len, err);
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "audio_samples", json_integer((json_int_t)apu->audio_frames));
  }
  z3_buf_release(&wav);
  return st;
}

static z3_status save_state(z3_cmd_ctx *ctx, const z3_snes *snes, z3_error *err) {
  z3_buf data;
  z3_buf_init(&data);
  z3_status st = z3_snes_state_save(snes, &data, err);
  if (st == Z3_OK) st = z3_cmd_write_file(ctx, z3_arg_str(ctx, "save-state"), data.data, data.len, err);
  z3_buf_release(&data);
  return st;
}

z3_status z3_cmd__emu_create(z3_cmd_ctx *ctx, z3_snes **out, z3_error *err) {
  z3_status st = z3_snes_create(out, ctx->rom, err);
  const char *region = z3_arg_str(ctx, "region");
  if (st == Z3_OK && region && strcmp(region, "auto") != 0) z3_snes_set_pal(*out, strcmp(region, "pal") == 0);
  return st;
}

z3_status cmd_emu_run(z3_cmd_ctx *ctx, z3_error *err) {
  z3_snes *snes;
  z3_status st = z3_cmd__emu_create(ctx, &snes, err);
  if (st) return st;
  emu_read reads[MAX_READS];
  size_t count;
  uint16_t pad = 0;
  z3_input_script script = {0};
  st = parse_reads(z3_arg_str(ctx, "read"), snes, reads, &count, err);
  if (st == Z3_OK) st = parse_pad(z3_arg_str(ctx, "pad"), &pad, err);
  if (st == Z3_OK) st = z3_input_script_load(&script, z3_arg_str(ctx, "input"), err);
  bool other_rom = false, load = z3_arg_given(ctx, "load-state");
  if (st == Z3_OK && load) {
    unsigned flags = z3_arg_bool(ctx, "any-rom") ? Z3_STATE_ANY_ROM : 0;
    st = z3_snes_state_load_file(snes, z3_arg_str(ctx, "load-state"), flags, &other_rom, err);
  }
  if (st) {
    z3_input_script_release(&script);
    z3_snes_free(snes);
    return st;
  }
  bool until = z3_arg_given(ctx, "until-pc");
  uint32_t pc = (uint32_t)z3_arg_int(ctx, "until-pc");
  uint64_t frames = (uint64_t)z3_arg_int(ctx, "frames");
  bool audio = z3_arg_given(ctx, "audio");
  snes->apu.recording = audio;
  z3_snes_stop stop = run_frames(snes, &script, pad, frames, until, pc);
  z3_input_script_release(&script);
  json_t *reads_out;
  st = reads_json(snes, reads, count, &reads_out, err);
  fill_result(ctx, snes, stop, reads_out);
  if (load) json_object_set_new(ctx->result, "state_from_other_rom", json_boolean(other_rom));
  if (!st && z3_arg_given(ctx, "screenshot")) {
    json_t *shot;
    st = cmd_emu__screenshot(ctx, snes, z3_arg_str(ctx, "screenshot"), &shot, err);
    if (shot) json_object_set_new(ctx->result, "screenshot", shot);
  }
  if (st == Z3_OK && audio) {
    z3_apu_catch_up(&snes->apu, snes->clock); /* the sound up to the last instruction */
    st = write_audio(ctx, snes, err);
  }
  if (st == Z3_OK && z3_arg_given(ctx, "save-state")) st = save_state(ctx, snes, err);
  if (!st && until && stop != Z3_SNES_STOP_PC) {
    char text[10];
    z3_snes_format_address(pc, text);
    z3_error_set(err, Z3_E_CHECK, "the program counter did not reach %s within %llu frame(s)", text,
                 (unsigned long long)frames);
    z3_error_hint(err, "raise --frames, or check the address with the registers reported");
    st = Z3_E_CHECK;
  }
  z3_snes_free(snes);
  return st;
}
