/* Commands of the emu resource: the headless SNES. */
#include "cmd/handlers_emu.h"
#include "cmd/table_macros.h"

/* Ten minutes of emulated time: enough for any boot sequence, and a bound on
 * what one call can cost an agent. */
#define EMU_MAX_FRAMES 36000

static const char *const video_regions[] = {"auto", "ntsc", "pal", NULL};
#define REGION_ARG                                                                                  \
  {"region", Z3_ARG_ENUM, false, "auto", video_regions,                                           \
   "timing: ntsc (262 lines, 60 Hz), pal (312 lines, 50 Hz), or auto from the header's region code", 0, 0}

static const z3_command z3_cmds_emu[] = {
    {
        .resource = "emu", .action = "run",
        .summary = "run the ROM on the headless SNES and report registers and memory",
        .description = "Powers on a headless NTSC SNES (65816, memory map, timers, NMI/IRQ, DMA, "
                       "the PPU drawing every line, and the APU: SPC700, DSP, IPL upload), runs --frames frames or "
                       "until the program counter reaches --until-pc (then --frames is the limit, "
                       "and not reaching it ends with exit 1), and reports the CPU registers and "
                       "the memory asked for with --read. Same ROM and arguments, same output. "
                       "--input plays a joypad script (buttons per controller from a frame on). "
                       "Reads never disturb the machine: the bus region is read without the side "
                       "effects a CPU read of an I/O register would have. --pad holds controller 1's "
                       "buttons for the whole run. --screenshot writes the last frame the PPU "
                       "completed as a PNG (emu screenshot takes series); --audio records the DSP's "
                       "output from power-on (or the loaded state) to the end of the run into a WAV file. "
                       "--save-state and --load-state write and read the whole console's state: a run "
                       "continued from a saved state gives the same frames and sound as one that never stopped.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_CHECK | Z3_CMD_WRITES_FILE,
        /* --screenshot and --audio write files: not read-only (without them the run changes nothing) */
        .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file and runs it in memory",
                        "with --screenshot, --audio or --save-state, writes those files atomically (nothing on failure)"),
        .args = ARGS({"frames", Z3_ARG_INT, false, "60", NULL,
                      "frames to run (1-36000), or the limit with --until-pc", 1, EMU_MAX_FRAMES},
                     {"until-pc", Z3_ARG_ADDRESS, false, NULL, NULL,
                      "stop before the instruction at this address ($BB:AAAA or 0xBBAAAA)", 0, 0},
                     {"read", Z3_ARG_LIST, false, NULL, NULL,
                      "REGION:ADDR:LEN: memory to report afterwards (repeat --read or separate with "
                      "commas); REGION is wram, vram, "
                      "cgram, oam, sram or bus; ADDR $BB:AAAA, 0x/$-hex or decimal; LEN 1-65536", 0, 0},
                     {"pad", Z3_ARG_LIST, false, NULL, NULL,
                      "buttons held on controller 1 for the whole run: a, b, x, y, l, r, start, "
                      "select, up, down, left, right", 0, 0},
                     {"input", Z3_ARG_PATH, false, NULL, NULL,
                      "joypad script: lines of FRAME [PORT:]BUTTONS (`120 start`, `126 -`), "
                      "format in docs/emulator.md; --pad's buttons are added to controller 1", 0, 0},
                     {"screenshot", Z3_ARG_OUT_PATH, false, NULL, NULL,
                      "write the last completed frame here as a PNG (256 or 512 x 224 or 239)", 0, 0},
                     {"audio", Z3_ARG_OUT_PATH, false, NULL, NULL,
                      "write the whole run's sound here: WAV, 16-bit stereo, 32 kHz (written atomically)", 0, 0},
                     {"load-state", Z3_ARG_PATH, false, NULL, NULL,
                      "start from this savestate (made from the same ROM) instead of power-on; --frames "
                      "then counts from there, and --input's frame numbers stay those of the whole run", 0, 0},
                     {"any-rom", Z3_ARG_BOOL, false, NULL, NULL,
                      "with --load-state: accept a state saved from another ROM, such as this one before an "
                      "edit; the console goes on from it with this ROM's code and data", 0, 0},
                     {"save-state", Z3_ARG_OUT_PATH, false, NULL, NULL,
                      "write the console's state at the end of the run here (format in docs/emulator.md)", 0, 0},
                     REGION_ARG),
        .returns = RETURNS({"stop_reason", "string", "frames, until-pc, or stp (the CPU executed STP)"},
                           {"frames", "integer", "frames begun since power-on"},
                           {"instructions", "integer", "instructions executed (interrupt entries count)"},
                           {"master_clocks", "integer", "master clocks since power-on (21.477 MHz NTSC, 21.281 MHz PAL)"},
                           {"line", "integer", "scanline the run stopped on (0-261, PAL 0-311)"},
                           {"region", "string", "ntsc or pal: the timing the console ran with"},
                           {"nmis", "integer", "NMIs signalled to the CPU"},
                           {"registers", "object", "pc, a, x, y, s, d, dbr, pbr, p (hex strings), e, waiting, stopped"},
                           {"reads", "array", "region, address, length, hex per --read"},
                           {"state_from_other_rom", "boolean", "with --load-state: the state was saved from another ROM (--any-rom)"},
                           {"screenshot", "object", "with --screenshot: path, width, height, rgb_sha1"},
                           {"audio_samples", "integer", "with --audio: stereo samples written (32,000 per second)"},
                           {"files", "array", "files written (path, bytes, replaces, written)"}),
        .examples = LIST("z3ed emu run --rom zelda3.sfc --frames 2 --read wram:0x0000:16,bus:0x00FFFC:2",
                         "z3ed emu run --rom zelda3.sfc --until-pc 0x00800C --frames 1",
                         "z3ed emu run --rom zelda3.sfc --frames 30 --screenshot boot.png",
                         "z3ed emu run --rom zelda3.sfc --frames 600 --audio title.wav",
                         "z3ed emu run --rom zelda3.sfc --frames 300 --save-state title.z3s",
                         "z3ed emu run --rom zelda3.sfc --load-state title.z3s --frames 60 --screenshot later.png",
                         "z3ed emu run --rom edited.sfc --load-state title.z3s --any-rom --frames 60 --screenshot edited.png"),
        .handler = cmd_emu_run,
    },
    {
        .resource = "emu", .action = "screenshot",
        .summary = "run the ROM on the headless SNES and save what the screen shows as PNG",
        .description = "Powers on the headless SNES, runs --frames frames and writes the last "
                       "frame as a PNG to --out; or, with --every K and --out-dir DIR, writes "
                       "frames K, 2K, ... up to --frames as DIR/frame_NNNNN.png (at most 1000). "
                       "Frames are 256 pixels wide, or 512 when a line used hires (modes 5/6 or "
                       "pseudo-hires), and 224 or 239 (overscan) lines tall; colours are the "
                       "PPU's BGR555 after master brightness, expanded to RGB888 as bsnes does. "
                       "A CPU stopped by STP leaves the PPU running. Same ROM, same frames, same "
                       "bytes; each shot reports the SHA-1 of its RGB bytes for comparing frames.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE,
        .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file and runs it in memory",
                        "writes the PNG files atomically; on any failure none of them"),
        .args = ARGS({"frames", Z3_ARG_INT, false, "60", NULL, "frames to run (1-36000)", 1,
                      EMU_MAX_FRAMES},
                     {"out", Z3_ARG_OUT_PATH, false, NULL, NULL, "the PNG of the last frame", 0, 0},
                     {"every", Z3_ARG_INT, false, NULL, NULL,
                      "with --out-dir: a PNG every K frames (1-36000)", 1, EMU_MAX_FRAMES},
                     {"out-dir", Z3_ARG_OUT_PATH, false, NULL, NULL,
                      "with --every: folder for frame_NNNNN.png (made if missing)", 0, 0},
                     REGION_ARG),
        .returns = RETURNS({"frames", "integer", "frames begun since power-on"},
                           {"shots", "array", "per PNG: path, width, height, rgb_sha1 (and frame in a series)"},
                           {"files", "array", "files written (path, bytes, replaces, written)"}),
        .examples = LIST("z3ed emu screenshot --rom zelda3.sfc --frames 30 --out boot.png",
                         "z3ed emu screenshot --rom zelda3.sfc --frames 120 --every 30 --out-dir shots"),
        .handler = cmd_emu_screenshot,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_emu, 900)
