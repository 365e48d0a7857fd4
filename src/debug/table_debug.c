/* Commands of the debug resource: sessions over the headless SNES. */
#include "cmd/table_macros.h"
#include "debug/handlers_debug.h"

#define SESSION_ARG                                                                                   \
  {"session", Z3_ARG_PATH, false, NULL, NULL,                                                          \
   "the session's socket, as `debug start` printed it (default: $Z3ED_DEBUG_SESSION, else the one "  \
   "session of yours running in the default folder)", 0, 0}
#define ANY_ROM_ARG                                                                                   \
  {"any-rom", Z3_ARG_BOOL, false, NULL, NULL, "accept a state saved from another ROM, such as this one before an edit", 0, 0}
#define FRAMES_ARG(def, what) {"frames", Z3_ARG_INT, false, def, NULL, what, 1, 36000}
#define STOP_RETURNS RETURNS(STOP_FIELDS)
#define STOP_FIELDS                                                                                   \
          {"reason", "string", "step, breakpoint, watchpoint, frames, run-to, returned, interrupt, scanline, stp, step-back or dma"}, \
          {"breakpoint", "integer", "the breakpoint's id (breakpoint, watchpoint)"},                  \
          {"watch", "object", "memory (bus, vram, cgram, oam), address, access, old and new value (watchpoint)"}, \
          {"dma", "object", "port and channels (dma)"},                                              \
          {"spc", "object", "the SPC700's registers at the hit (SPC700 breakpoints)"},               \
          {"frame", "integer", "frames begun since power-on"},                                        \
          {"scanline", "integer", "the line the console is on"},                                      \
          {"registers", "object", "pc, a, x, y, s, d, dbr, pbr, p with the widths M/X/E give, flags, e, m8, x8"}, \
          {"instruction", "object", "the instruction at PC: address, bytes, text, label"},           \
          {"callstack", "array", "innermost first: kind, target, label, call_site, return_to"}
#define REMOTE(act, sum, desc, args_, returns_, ...)                                                  \
  {.resource = "debug", .action = act, .summary = sum, .description = desc, .flags = Z3_CMD_FORWARDS,  \
   .safety = Z3_SAFETY_RUNS_EMULATOR, .effects = LIST("runs or inspects the session's emulator; no file changes"), \
   .args = args_, .returns = returns_, .examples = LIST(__VA_ARGS__), .handler = cmd_debug_remote}

static const char *const bp_kinds[] = {"exec", "read", "write", "access", "vram-write", "cgram-write",
                                       "oam-write", "dma", "spc-exec", "spc-read", "spc-write", NULL};

static const z3_command z3_cmds_debug[] = {
    {
        .resource = "debug", .action = "start",
        .summary = "start a debug session: the ROM on a headless SNES, served on a socket",
        .description = "Starts `z3ed debug serve` in the background and prints the session's socket path "
                       "once it listens. Other debug commands take it as --session (or "
                       "$Z3ED_DEBUG_SESSION; with neither, they talk to the only session running "
                       "in the default folder). The session keeps the emulator between commands, "
                       "accepts several clients, runs one request at a time, and exits after "
                       "--idle-timeout seconds with no client connected, or on `debug stop`.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_RUNS_EMULATOR,
        .effects = LIST("starts a background process listening on a Unix socket"),
        .args = ARGS({"socket", Z3_ARG_PATH, false, NULL, NULL,
                      "where to listen (default $XDG_RUNTIME_DIR or /tmp, z3ed-debug-UID-PID.sock)", 0, 0},
                     {"idle-timeout", Z3_ARG_INT, false, "600", NULL,
                      "seconds without a client before the session exits (0: never)", 0, 86400},
                     {"trace", Z3_ARG_INT, false, "4096", NULL,
                      "instructions kept for `debug trace` and the call stack (0: neither, fastest)", 0, 1000000},
                     {"state", Z3_ARG_PATH, false, NULL, NULL,
                      "start from this savestate (`emu run --save-state`, `debug save-state`) instead of power-on", 0, 0},
                     ANY_ROM_ARG),
        .returns = RETURNS({"session", "string", "the socket path to pass as --session"},
                           {"idle_timeout", "integer", "seconds"}),
        .examples = LIST("z3ed debug start --rom zelda3.sfc --socket /tmp/z3.sock"),
        .handler = cmd_debug_start,
    },
    {
        .resource = "debug", .action = "serve",
        .summary = "run a debug session in the foreground (what debug start runs)",
        .description = "Listens on --socket and serves JSON-RPC 2.0 requests in length-prefixed frames "
                       "(docs/debugger.md) until `debug stop` or the idle timeout. --ready-fd is for "
                       "`debug start`: \"ready\" or \"error MESSAGE\" is written there once.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_RUNS_EMULATOR,
        .effects = LIST("listens on a Unix socket until stopped"),
        .args = ARGS({"socket", Z3_ARG_PATH, true, NULL, NULL, "where to listen", 0, 0},
                     {"idle-timeout", Z3_ARG_INT, false, "600", NULL,
                      "seconds without a client before exiting (0: never)", 0, 86400},
                     {"trace", Z3_ARG_INT, false, "4096", NULL,
                      "instructions kept for the trace and the call stack (0: neither)", 0, 1000000},
                     {"ready-fd", Z3_ARG_INT, false, NULL, NULL, "descriptor to report readiness on", 0, 1023},
                     {"state", Z3_ARG_PATH, false, NULL, NULL, "start from this savestate instead of power-on", 0, 0},
                     ANY_ROM_ARG),
        .returns = RETURNS({"socket", "string", "where it listened"}, {"ended", "boolean", "true"}),
        .examples = LIST("z3ed debug serve --rom zelda3.sfc --socket /tmp/z3.sock --idle-timeout 60"),
        .handler = cmd_debug_serve,
    },
    {
        .resource = "debug", .action = "diverge",
        .summary = "run two builds side by side and report the first instruction where they part",
        .description = "Runs --rom and --rom-b from the same point (power-on, or --state, a savestate of either "
                       "build) with the same buttons (--input, the `emu run` script format) for up to --frames "
                       "frames, and reports the first place where they differ: an instruction whose address, "
                       "registers or bytes differ (trace), a CPU write of another value or to another place "
                       "(write), or WRAM, VRAM, CGRAM, OAM or APU RAM that differs with no CPU write to blame "
                       "(memory: a DMA or the APU; the instruction after which it shows). Each side's PC, "
                       "registers and instruction come with it, and the last instructions both ran alike. "
                       "Frames are compared whole first, so long runs that stay alike cost little more than "
                       "running both.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_RUNS_EMULATOR,
        .effects = LIST("runs two emulators in this process; no file changes"),
        .args = ARGS({"rom-b", Z3_ARG_PATH, true, NULL, NULL, "the other build", 0, 0},
                     {"state", Z3_ARG_PATH, false, NULL, NULL, "start both from this savestate (made with either build)", 0, 0},
                     {"input", Z3_ARG_PATH, false, NULL, NULL, "buttons by frame, as for `emu run --input`", 0, 0},
                     {"frames", Z3_ARG_INT, false, "600", NULL, "how many frames to compare", 1, 36000},
                     {"symbols", Z3_ARG_PATH, false, NULL, NULL, "labels for the report (.sym, .mlb, .dbg, VICE)", 0, 0}),
        .returns = RETURNS({"diverged", "boolean", "false: alike for every frame compared"},
                           {"frames_compared", "integer", "frames that ran alike"},
                           {"instructions_compared", "integer", "instructions run up to the difference"},
                           {"first", "object", "kind (trace, write, memory), what, frame, scanline, instruction, a and b (pc, label, registers, instruction), differences (memory)"},
                           {"context", "array", "the last instructions both ran alike: pc, label"}),
        .examples = LIST("z3ed debug diverge --rom base.sfc --rom-b patched.sfc --frames 300",
                         "z3ed debug diverge --rom base.sfc --rom-b patched.sfc --state dungeon.z3s --input walk.txt"),
        .handler = cmd_debug_diverge,
    },
    REMOTE("stop", "end a debug session", "Asks the session to exit; its socket is removed.",
           ARGS(SESSION_ARG), RETURNS({"stopping", "boolean", "true: the session exits after replying"}),
           "z3ed debug stop --session /tmp/z3.sock"),
    REMOTE("registers", "where the session stands: registers, instruction at PC, call stack",
           "Reports the CPU registers (widths as M, X and E set them), the instruction at PC with its "
           "label, the frame, scanline and the call stack, changing nothing.",
           ARGS(SESSION_ARG), STOP_RETURNS, "z3ed debug registers --session /tmp/z3.sock"),
    REMOTE("step", "execute instructions, then stop",
           "Runs --count instructions (interrupt entries do not count), stopping earlier at a "
           "breakpoint or watchpoint. Reports why it stopped.",
           ARGS(SESSION_ARG, {"count", Z3_ARG_INT, false, "1", NULL, "instructions", 1, 1000000000}),
           STOP_RETURNS, "z3ed debug step --session /tmp/z3.sock --count 10"),
    REMOTE("step-back", "go back instructions, exactly, to where the session was",
           "Goes back --count steps (the boundaries where `debug step` stops), restoring registers, "
           "memories, the picture being drawn, the trace and the call stack exactly as they were. It "
           "replays from the session's checkpoints (one every 20 frames of running, and one after each "
           "memory write or reset; the last 48 are kept), so it reaches back about 16 seconds of game; "
           "breakpoints do not fire on the way. Asking further back than the history reaches is an "
           "error that changes nothing.",
           ARGS(SESSION_ARG, {"count", Z3_ARG_INT, false, "1", NULL, "steps back", 1, 1000000}),
           STOP_RETURNS, "z3ed debug step-back --session /tmp/z3.sock --count 100"),
    REMOTE("last-write", "which instruction last wrote a byte, and when",
           "Replays the session's history to find the CPU's last write to --address before now: "
           "the instruction's address and text, the frame and scanline, the old and new value, and "
           "how many instructions ago. DMA and the $2180 WRAM port are not CPU writes to the address "
           "and are not seen. The console is left exactly where it was.",
           ARGS(SESSION_ARG, {"address", Z3_ARG_ADDRESS, true, NULL, NULL,
                              "the byte ($7E:0010, 0x7E0010; low-RAM mirrors fold to $7E)", 0, 0xFFFFFF}),
           RETURNS({"address", "string", "the byte asked about (canonical)"},
                   {"found", "boolean", "false: no CPU write within the history"},
                   {"pc", "string", "the writing instruction's address"},
                   {"instruction", "object", "that instruction: bytes, text, label"},
                   {"frame", "integer", "when"}, {"line", "integer", "the scanline then"},
                   {"instructions_ago", "integer", "how far back"},
                   {"old_value", "string", "the byte before"}, {"value", "string", "the byte written"},
                   {"searched_from_frame", "integer", "the oldest frame the history reaches"}),
           "z3ed debug last-write --session /tmp/z3.sock --address 0x7E0010"),
    {
        .resource = "debug", .action = "save-state",
        .summary = "write the session's console to a savestate file",
        .description = "Writes the whole console (the format `emu run --save-state` writes, docs/emulator.md) "
                       "atomically to --path. Breakpoints and the history are not part of it. With "
                       "--dry-run the session is asked nothing and no file is written.",
        .flags = Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("the session writes --path atomically (nothing on failure)"),
        .args = ARGS(SESSION_ARG, {"path", Z3_ARG_OUT_PATH, true, NULL, NULL, "the file to write", 0, 0}),
        .returns = RETURNS({"path", "string", "written (absolute)"}, {"bytes", "integer", "file size"},
                           {"frame", "integer", "the frame saved"}),
        .examples = LIST("z3ed debug save-state --session /tmp/z3.sock --path boss.z3s"),
        .handler = cmd_debug_remote,
    },
    REMOTE("load-state", "replace the session's console with a savestate",
           "Loads --path (made from the same ROM) into the session: breakpoints stay, the call stack, "
           "trace and history start again from there. A refused state changes nothing. With --any-rom "
           "a state of another ROM loads too (state_from_other_rom says so): one saved before an edit "
           "goes on with the session's ROM as edited.",
           ARGS(SESSION_ARG, {"path", Z3_ARG_PATH, true, NULL, NULL, "the savestate to load", 0, 0},
                ANY_ROM_ARG),
           RETURNS(STOP_FIELDS, {"state_from_other_rom", "boolean", "the state was saved from another ROM (--any-rom)"}),
           "z3ed debug load-state --session /tmp/z3.sock --path boss.z3s"),
    {
        .resource = "debug", .action = "trace-log",
        .summary = "log every instruction the session runs to a text file",
        .description = "From now on, writes one line per instruction, as it is about to run, to --path: "
                       "address, bytes, disassembly, registers, flags, scanline, clock in the line and "
                       "frame, with a label line where one starts (format in docs/debugger.md, close to "
                       "Mesen's trace logger). The session writes the file as it runs, so it is not "
                       "atomic; --stop closes it and reports the lines written. Logging calls a hook "
                       "before every instruction and slows the session; replays of step-back are not logged.",
        .flags = Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("the session writes --path while it runs, until --stop"),
        .args = ARGS(SESSION_ARG, {"path", Z3_ARG_OUT_PATH, false, NULL, NULL, "the log file to start", 0, 0},
                     {"stop", Z3_ARG_BOOL, false, NULL, NULL, "close the log", 0, 0}),
        .returns = RETURNS({"logging", "boolean", "whether a log is open now"},
                           {"path", "string", "the log started"}, {"lines", "integer", "with --stop: lines written"}),
        .examples = LIST("z3ed debug trace-log --session /tmp/z3.sock --path run.log",
                         "z3ed debug trace-log --session /tmp/z3.sock --stop"),
        .handler = cmd_debug_remote,
    },
    REMOTE("step-over", "step, running a JSR/JSL at PC through to its return",
           "At a JSR or JSL, runs until execution is back at the next instruction with the stack "
           "where it was; any other instruction is a single step.",
           ARGS(SESSION_ARG, FRAMES_ARG("600", "limit: frames to run at most")), STOP_RETURNS,
           "z3ed debug step-over --session /tmp/z3.sock"),
    REMOTE("step-out", "run until the current routine returns",
           "Runs until an RTS, RTL or RTI leaves the stack above where it is now.",
           ARGS(SESSION_ARG, FRAMES_ARG("600", "limit: frames to run at most")), STOP_RETURNS,
           "z3ed debug step-out --session /tmp/z3.sock"),
    REMOTE("continue", "run until a breakpoint or watchpoint stops the session",
           "Runs at full speed until something stops it, at most --frames frames (ten seconds of game "
           "by default); `reason: frames` means the limit came first.",
           ARGS(SESSION_ARG, FRAMES_ARG("600", "limit: frames to run at most")), STOP_RETURNS,
           "z3ed debug continue --session /tmp/z3.sock"),
    REMOTE("run-frames", "run a number of frames",
           "Runs until --frames more frames have begun, stopping earlier at a breakpoint.",
           ARGS(SESSION_ARG, FRAMES_ARG("1", "frames to run")), STOP_RETURNS,
           "z3ed debug run-frames --session /tmp/z3.sock --frames 60"),
    REMOTE("run-to", "run to an address, the next interrupt or a scanline",
           "Runs until the program counter reaches --address (24-bit), or with --interrupt until an "
           "NMI or IRQ handler is entered, or with --scanline until the console reaches that line; "
           "breakpoints stop it earlier; at most --frames frames.",
           ARGS(SESSION_ARG, {"address", Z3_ARG_STRING, false, NULL, NULL, "$BB:AAAA, 0xBBAAAA or a loaded label", 0, 0},
                {"interrupt", Z3_ARG_BOOL, false, NULL, NULL, "stop in the next NMI or IRQ handler", 0, 0},
                {"scanline", Z3_ARG_INT, false, NULL, NULL, "stop when this line begins", 0, 261},
                FRAMES_ARG("600", "limit: frames to run at most")),
           STOP_RETURNS, "z3ed debug run-to --session /tmp/z3.sock --address '$00:8000'",
           "z3ed debug run-to --session /tmp/z3.sock --interrupt"),
    REMOTE("reset", "power the console on again",
           "Resets the console as at power-on; breakpoints and symbols stay, the trace and call stack clear.",
           ARGS(SESSION_ARG), RETURNS({"registers", "object", "after the reset"}),
           "z3ed debug reset --session /tmp/z3.sock"),
    REMOTE("break", "set a breakpoint or watchpoint",
           "exec stops before the instruction at the address; read, write and access stop after the "
           "instruction that touched a byte in --address..--to on the CPU bus (WRAM by its $7E/$7F "
           "address: its mirrors are caught too). --condition is an expression (docs/debugger.md: "
           "registers, p.c flags, [byte] {word}, labels, value, address, frame, scanline); --after N "
           "lets N hits pass first. vram-write, cgram-write and oam-write stop after the instruction (or the "
           "DMA it started) that wrote a byte of that memory through the PPU's ports, --address..--to being "
           "byte offsets in it (VRAM word w is bytes 2w and 2w+1). dma stops after the instruction that "
           "started a general DMA ($420B) on a channel whose B-bus port is in --address..--to ($2118: VRAM). "
           "spc-exec, spc-read and spc-write watch the SPC700's own address space ($0000-$FFFF); the SPC700 "
           "runs in step with the CPU by catching up, so the console stops at the next CPU instruction and "
           "the report's `spc` holds the SPC700's registers as they were at the hit.",
           ARGS(SESSION_ARG, {"kind", Z3_ARG_ENUM, false, "exec", bp_kinds,
                              "exec, read, write, access (CPU bus), vram-write, cgram-write, oam-write, dma, spc-exec, spc-read, spc-write", 0, 0},
                {"address", Z3_ARG_STRING, true, NULL, NULL, "first address: $BB:AAAA, 0xBBAAAA or a loaded label", 0, 0},
                {"to", Z3_ARG_STRING, false, NULL, NULL, "last address of a range", 0, 0},
                {"condition", Z3_ARG_STRING, false, NULL, NULL, "stop only when this holds", 0, 0},
                {"after", Z3_ARG_INT, false, "0", NULL, "hits to let pass first", 0, 4294967295LL}),
           RETURNS({"breakpoint", "object", "id, kind, address, to, condition, after, hits, enabled"}),
           "z3ed debug break --session /tmp/z3.sock --address '$00:8000'",
           "z3ed debug break --session /tmp/z3.sock --kind write --address '$7E:0010' --condition 'value == 7'",
           "z3ed debug break --session /tmp/z3.sock --kind cgram-write --address 0x00 --to 0x1F",
           "z3ed debug break --session /tmp/z3.sock --kind dma --address 0x2118 --to 0x2119"),
    REMOTE("breakpoints", "list the breakpoints and watchpoints", "Every breakpoint with its hit count.",
           ARGS(SESSION_ARG), RETURNS({"breakpoints", "array", "id, kind, address, to, condition, after, hits, enabled"}),
           "z3ed debug breakpoints --session /tmp/z3.sock"),
    REMOTE("enable", "enable a breakpoint", "Turns breakpoint --id back on.",
           ARGS(SESSION_ARG, {"id", Z3_ARG_INT, true, NULL, NULL, "the breakpoint", 1, 4294967295LL}),
           RETURNS({"breakpoints", "array", "all of them afterwards"}), "z3ed debug enable --session /tmp/z3.sock --id 1"),
    REMOTE("disable", "disable a breakpoint", "Keeps breakpoint --id but stops checking it.",
           ARGS(SESSION_ARG, {"id", Z3_ARG_INT, true, NULL, NULL, "the breakpoint", 1, 4294967295LL}),
           RETURNS({"breakpoints", "array", "all of them afterwards"}), "z3ed debug disable --session /tmp/z3.sock --id 1"),
    REMOTE("delete", "delete a breakpoint", "Removes breakpoint --id; ids are never reused.",
           ARGS(SESSION_ARG, {"id", Z3_ARG_INT, true, NULL, NULL, "the breakpoint", 1, 4294967295LL}),
           RETURNS({"breakpoints", "array", "all of them afterwards"}), "z3ed debug delete --session /tmp/z3.sock --id 1"),
    REMOTE("memory-read", "read memory of the running console",
           "Reads --length bytes at --address of a region without side effects (I/O registers are "
           "peeked). The CLI's `debug memory read` is spelled memory-read: the table has two words per command.",
           ARGS(SESSION_ARG, {"region", Z3_ARG_STRING, false, "bus", NULL, "wram, vram, cgram, oam, sram, apu (sound RAM) or bus", 0, 0},
                {"address", Z3_ARG_STRING, true, NULL, NULL, "offset in the region (bus: 24-bit or a label; wram also $7E:xxxx)", 0, 0},
                {"length", Z3_ARG_INT, false, "16", NULL, "bytes", 1, 65536}),
           RETURNS({"region", "string", "the region read"}, {"address", "string", "its offset, 0x-hex"},
                   {"length", "integer", "bytes"}, {"hex", "string", "the bytes"}),
           "z3ed debug memory-read --session /tmp/z3.sock --region wram --address '$7E:0010' --length 4"),
    REMOTE("memory-write", "write bytes into the running console's memory",
           "Writes --hex bytes at --address: WRAM through the bus ($7E:xxxx or a low-RAM mirror), or "
           "vram, cgram, oam and sram by region. ROM stays read-only and I/O registers are not written.",
           ARGS(SESSION_ARG, {"region", Z3_ARG_STRING, false, "bus", NULL, "wram, vram, cgram, oam, sram, apu (sound RAM) or bus", 0, 0},
                {"address", Z3_ARG_STRING, true, NULL, NULL, "offset in the region, a WRAM bus address or a label", 0, 0},
                {"hex", Z3_ARG_STRING, true, NULL, NULL, "bytes: \"A9 00\" or \"a900\" (at most 4096)", 0, 0}),
           RETURNS({"region", "string", "the region written"}, {"address", "string", "its offset, 0x-hex"},
                   {"written", "integer", "bytes"}),
           "z3ed debug memory-write --session /tmp/z3.sock --address '$7E:F36D' --hex 18"),
    REMOTE("memory-search", "find bytes or a word in memory",
           "Searches a region (default WRAM) for --pattern (hex bytes, ?? for any byte) or a 16-bit "
           "--word; lists at most 256 addresses.",
           ARGS(SESSION_ARG, {"region", Z3_ARG_STRING, false, "wram", NULL, "wram, vram, cgram, oam or sram", 0, 0},
                {"pattern", Z3_ARG_STRING, false, NULL, NULL, "hex bytes with ?? wildcards: \"A9 ?? 8D\"", 0, 0},
                {"word", Z3_ARG_INT, false, NULL, NULL, "a little-endian 16-bit value", 0, 65535}),
           RETURNS({"region", "string", "the region searched"}, {"matches", "integer", "how many"},
                   {"addresses", "array", "the first 256"}, {"truncated", "boolean", "more than 256"}),
           "z3ed debug memory-search --session /tmp/z3.sock --pattern '18 ?? 00'"),
    REMOTE("snapshot", "keep a named copy of the console's memories",
           "Copies WRAM, VRAM, CGRAM, OAM and SRAM under --name (16 per session; a name taken again is "
           "replaced) for `debug diff`.",
           ARGS(SESSION_ARG, {"name", Z3_ARG_STRING, true, NULL, NULL, "1-31 characters", 0, 0}),
           RETURNS({"name", "string", "the snapshot"}, {"frame", "integer", "when it was taken"},
                   {"bytes", "integer", "its size"}),
           "z3ed debug snapshot --session /tmp/z3.sock --name before"),
    REMOTE("diff", "what changed between two snapshots, or since one",
           "Lists changed ranges (bytes within four of each other join) by region, with the bytes before "
           "and after and WRAM labels; --to defaults to the memories now.",
           ARGS(SESSION_ARG, {"from", Z3_ARG_STRING, true, NULL, NULL, "a snapshot", 0, 0},
                {"to", Z3_ARG_STRING, false, NULL, NULL, "another snapshot (default: now)", 0, 0}),
           RETURNS({"from", "string", "the first"}, {"to", "string", "the second, or now"},
                   {"ranges", "integer", "changed ranges"},
                   {"changes", "array", "region, address, length, before, after (first 32 bytes), label"},
                   {"truncated", "boolean", "more than 256 ranges"}),
           "z3ed debug diff --session /tmp/z3.sock --from before"),
    REMOTE("game-state", "the game's own variables, decoded",
           "Reads A Link to the Past's state from WRAM (docs/debugger.md lists the fields): module and "
           "submodule by name, Link's position and direction, area or room, palace, health in hearts, "
           "magic, rupees, keys, pendants, crystals, equipment and inventory.",
           ARGS(SESSION_ARG), RETURNS({"game", "string", "alttp"},
                                      {"fields", "object", "name: address, value, decoded, meaning"},
                                      {"inventory", "object", "item: value"}),
           "z3ed debug game-state --session /tmp/z3.sock"),
    REMOTE("callstack", "the call stack", "JSR/JSL calls and interrupts on the way to PC, innermost first "
           "(needs the session's trace: --trace > 0).",
           ARGS(SESSION_ARG), RETURNS({"callstack", "array", "kind, target, label, call_site, return_to"}),
           "z3ed debug callstack --session /tmp/z3.sock"),
    REMOTE("trace", "the last instructions executed", "The newest --count entries of the trace ring, oldest first.",
           ARGS(SESSION_ARG, {"count", Z3_ARG_INT, false, "20", NULL, "entries", 1, 10000}),
           RETURNS({"trace", "array", "registers, instruction, frame, scanline, clock"},
                   {"kept", "integer", "entries the ring holds"}),
           "z3ed debug trace --session /tmp/z3.sock --count 50"),
    REMOTE("disasm", "disassemble around PC", "--before instructions that ran (from the trace, never guessed), "
           "then PC and the instructions after it, sizes tracked from the real M and X.",
           ARGS(SESSION_ARG, {"count", Z3_ARG_INT, false, "10", NULL, "instructions from PC on", 1, 1000},
                {"before", Z3_ARG_INT, false, "0", NULL, "instructions before PC", 0, 1000}),
           RETURNS({"listing", "array", "address, bytes, text, label, target, executions (times the trace saw it run); current marks PC"},
                   {"executions_over", "integer", "the trace entries the counts come from"}),
           "z3ed debug disasm --session /tmp/z3.sock --before 5 --count 10"),
    REMOTE("check", "run ahead and report bug patterns: stack, PHB/PLB, M/X at calls, bank ends, DMA, ROM writes",
           "Runs a copy of the session's console --frames frames from where it stands (the session itself does "
           "not move) and reports each bug pattern where it shows, once per instruction with how often: stack "
           "(a routine returned to its caller with S elsewhere than before the call), phb-plb (the data bank "
           "saved with PHB and not restored on return), mx-call (a routine called with M/X sizes that "
           "decode its first instructions differently), bank-cross (an indexed or 16-bit read past its bank's "
           "end), dma-display (a DMA to VRAM, OAM or CGRAM during active display with the screen on), "
           "rom-write (a CPU write to ROM). Returns through pushed addresses and jump tables that drop their "
           "own return address are not findings.",
           ARGS(SESSION_ARG, {"frames", Z3_ARG_INT, false, "60", NULL, "frames to run the copy", 1, 3600}),
           RETURNS({"findings", "array", "kind, pc, label, routine, routine_label, address, frame, scanline, count, message"},
                   {"counts", "object", "findings per kind"},
                   {"frames", "integer", "frames run"}, {"instructions", "integer", "instructions run"}),
           "z3ed debug check --session /tmp/z3.sock --frames 120"),
    REMOTE("analyze", "what a routine does: registers, memory, calls, exits, stack balance, what the trace saw",
           "Walks the routine at --address statically (through its branches and jumps, not into the routines it "
           "calls; M and X followed through REP/SEP/PHP/PLP from the sizes it runs with: the newest trace entry "
           "there, else the registers now, else --sizes) and reports the registers it reads and writes, the "
           "memory it reads and writes (direct page and absolute operands with the session's D and DBR; "
           "pointer accesses name the pointer), the calls it makes, its exits with the bytes it has pushed "
           "there, and whether every return finds the stack as it was. Then what the trace ring saw run inside "
           "it: executions, instructions seen and the addresses accessed, index registers included.",
           ARGS(SESSION_ARG, {"address", Z3_ARG_STRING, true, NULL, NULL, "the routine's entry: $BB:AAAA, 0xBBAAAA or a loaded label", 0, 0},
                {"sizes", Z3_ARG_STRING, false, NULL, NULL, "M then X at the entry: 8 or h (16-bit), e.g. 8h", 0, 0}),
           RETURNS({"entry", "string", "the routine"}, {"sizes", "object", "m, x and where they came from"},
                   {"instructions", "integer", "instructions reached"},
                   {"registers", "object", "reads and writes: A, X, Y, S, D, DBR"},
                   {"memory", "array", "address, label, access, indexed, through_pointer, pcs"},
                   {"calls", "array", "site, instruction, target, target_label"},
                   {"exits", "array", "pc, kind (rts, rtl, rti, stp, jump-indirect), stack bytes pushed there"},
                   {"stack", "object", "balanced, max_depth"},
                   {"observed", "object", "executions, instructions_seen, memory (from the trace)"}),
           "z3ed debug analyze --session /tmp/z3.sock --address inner"),
    REMOTE("references", "who reads, writes, calls or jumps to an address: static and observed",
           "Walks the whole program statically (from the reset and interrupt vectors and from every instruction "
           "in the trace ring, through calls) and lists the instructions that name --address: calls, jumps, "
           "branches, reads, writes, pointers; then the instructions the trace saw actually reach it (indexed "
           "and indirect accesses included), with counts. Low-RAM mirrors fold to $7E.",
           ARGS(SESSION_ARG, {"address", Z3_ARG_STRING, true, NULL, NULL, "$BB:AAAA, 0xBBAAAA or a loaded label", 0, 0}),
           RETURNS({"address", "string", "canonical"}, {"static", "array", "pc, label, kind, instruction"},
                   {"observed", "array", "pc, label, kind, instruction, count, last_frame"},
                   {"walked", "object", "entries, instructions, truncated"}),
           "z3ed debug references --session /tmp/z3.sock --address 0x7E0010"),
    REMOTE("symbols-load", "load labels into the session",
           "Reads a symbol file (WLA .sym, ca65 .dbg, VICE labels, Mesen .mlb) for conditions, listings and the "
           "call stack; replaces labels loaded before. The path is read by the session's process.",
           ARGS(SESSION_ARG, {"path", Z3_ARG_PATH, true, NULL, NULL, "the symbol file", 0, 0}),
           RETURNS({"labels", "integer", "labels loaded"}),
           "z3ed debug symbols-load --session /tmp/z3.sock --path zelda3.sym"),
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_debug, 950)
