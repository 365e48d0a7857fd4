/*
 * emu/savestate: the whole console's state as bytes, and back.
 *
 * One visitor walks every component (CPU, WRAM, SRAM, PPU and its last
 * frame, CPU I/O, DMA, timing, SPC700, DSP, APU RAM, timers, IPL) in one
 * fixed order; saving and loading are the same walk in two directions, so a
 * field added to one cannot be forgotten by the other.
 *
 * File format (docs/emulator.md, "Savestates"), all integers little-endian:
 *   8  magic "Z3STATE\x1A"
 *   2  format version (Z3_STATE_VERSION)
 *   2  flags (0)
 *   20 SHA-1 of the ROM image the state belongs to
 *   4  ROM size in bytes
 *   8  frame number (for people and listings; the payload has it too)
 *   4  payload size before compression
 *   then the payload, zlib-compressed: sections of a 4-character tag, a
 *   32-bit length and the component's fields in visiting order.
 * Not state: host pointers, the debugger's hooks and watches, the audio
 * being recorded (an output), the PPU's per-line scratch.
 *
 * Loading refuses, with the reason and nothing changed, a file that is not a
 * savestate, another version, another ROM (unless Z3_STATE_ANY_ROM), a truncated or corrupt payload,
 * and values no running console can hold (a scanline past the frame's end,
 * an index past its array), so a hand-edited or fuzzed state never makes the
 * emulator read out of bounds.
 */
#ifndef Z3_EMU_SAVESTATE_H
#define Z3_EMU_SAVESTATE_H

#include <stddef.h>
#include <stdint.h>

#include "base/base.h"
#include "emu/snes.h"

enum { Z3_STATE_VERSION = 4, Z3_STATE_HEADER_SIZE = 48 };

/* The raw payload (uncompressed sections), appended to out: what step-back
 * keeps in memory. */
z3_status z3_snes_state_capture(const z3_snes *snes, z3_buf *out, z3_error *err);
/* Restores a raw payload made by capture on a console of the same ROM.
 * On error the console is unchanged; the message names the section, the
 * field and the offset. */
z3_status z3_snes_state_restore(z3_snes *snes, const uint8_t *data, size_t len, z3_error *err);

/* The file form: header plus compressed payload. */
z3_status z3_snes_state_save(const z3_snes *snes, z3_buf *out, z3_error *err);
/* Z3_STATE_ANY_ROM loads a state saved from another ROM: the hacker's loop of
 * saving a state, editing the ROM and going on from the state with the edit.
 * The console keeps its own ROM; the state's checks of its fields still hold. */
enum { Z3_STATE_ANY_ROM = 1 };
/* `name` is used in messages (the file's path). *other_rom (may be NULL) says
 * whether the state was saved from another ROM. */
z3_status z3_snes_state_load(z3_snes *snes, const uint8_t *data, size_t len, const char *name, unsigned flags,
                             bool *other_rom, z3_error *err);
/* Reads the file at path and loads it (messages name the path). */
z3_status z3_snes_state_load_file(z3_snes *snes, const char *path, unsigned flags, bool *other_rom,
                                  z3_error *err);

#endif
