/* Commands of the music resource: songs of the sound banks (zelda3/music.h, docs/music.md). */
#include "cmd/handlers_music.h"
#include "cmd/table_macros.h"

static const char *const music_bank_choices[] = {"main", "overworld", "indoor", "ending", NULL};
static const char *const music_formats[] = {"text", "midi", NULL};

#define SONG_ARG {"song", Z3_ARG_INT, true, NULL, NULL, "song number (1-based slot of the bank's song table at $D000)", 1, 64}
#define BANK_ARG                                                                                                 \
  {"bank", Z3_ARG_ENUM, false, NULL, music_bank_choices,                                                         \
   "the sound bank (default: the first of overworld, indoor, ending, main that has the song)", 0, 0}

static const z3_command z3_cmds_music[] = {
    {
        .resource = "music", .action = "list",
        .summary = "list the songs of every sound bank with their sizes",
        .description = "Reads the APU transfer chains the game uploads (main $19:8000, overworld $1A:9EF5, "
                       "indoor $1B:8000, ending $1A:D380) and, per bank, its song table at APU $D000: each "
                       "song's address, size in bytes, parts, patterns and tracks, the bank's song area and "
                       "the bytes no song uses. Songs whose data does not parse are listed as unreadable.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(BANK_ARG),
        .returns = RETURNS({"songs", "integer", "songs found"},
                           {"banks", "array", "bank, offset, blocks, bytes, slots, song_area, song_bytes, free_bytes, count, songs"}),
        .examples = LIST("z3ed music list --rom samples/sample.sfc",
                         "z3ed music list --rom samples/sample.sfc --bank indoor --output-format json"),
        .handler = cmd_music_list,
    },
    {
        .resource = "music", .action = "info",
        .summary = "show one song's order list, patterns, tracks, instruments and length",
        .description = "The song's order list (play, repeat, jump, end), its patterns with the eight "
                       "channels' track addresses, its tracks and subroutines with their sizes, the "
                       "instruments it selects (sample, ADSR, GAIN, pitch multiplier), how many notes it plays "
                       "and how many ticks one pass lasts.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(SONG_ARG, BANK_ARG),
        .returns = RETURNS({"song", "integer", "the song"}, {"name", "string", "its vanilla name"},
                           {"bank", "string", "its bank"}, {"address", "string", "its order list's APU address"},
                           {"bytes", "integer", "its size"}, {"order", "array", "the order list"},
                           {"pattern_list", "array", "address, tracks"}, {"track_list", "array", "address, bytes"},
                           {"instruments", "array", "instrument, sample, adsr1, adsr2, gain, pitch_mult"},
                           {"notes", "integer", "notes one pass plays"}, {"ticks", "integer", "ticks one pass lasts"},
                           {"loops", "boolean", "the song ends in a jump forever"}),
        .examples = LIST("z3ed music info --rom samples/sample.sfc --song 1",
                         "z3ed music info --rom samples/sample.sfc --song 12 --bank indoor --output-format json"),
        .handler = cmd_music_info,
    },
    {
        .resource = "music", .action = "export",
        .summary = "write a song as z3ed's music text or a Standard MIDI File, and its samples as WAV",
        .description = "Text (docs/music.md): the order list, patterns and tracks with notes, durations, "
                       "instruments, volume, pan, effects and loops, every block with its APU address; "
                       "'music import' reads it back to the same bytes. MIDI: format 1, 48 ticks a quarter, "
                       "one track per channel, one pass of the song. --samples DIR writes the BRR samples of "
                       "the instruments the song selects, decoded, as 32 kHz WAV files. Without --out the "
                       "text is returned in the result.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file", "writes --out and the WAV files under --samples"),
        .args = ARGS(SONG_ARG, BANK_ARG,
                     {"format", Z3_ARG_ENUM, false, "text", music_formats, "text or midi", 0, 0},
                     {"out", Z3_ARG_OUT_PATH, false, NULL, NULL, "the file to write", 0, 0},
                     {"samples", Z3_ARG_OUT_PATH, false, NULL, NULL, "a folder for the instruments' samples as WAV", 0, 0}),
        .returns = RETURNS({"song", "integer", "the song"}, {"bank", "string", "its bank"},
                           {"format", "string", "text or midi"}, {"bytes", "integer", "the file's size"},
                           {"text", "string", "the text, when there is no --out"},
                           {"samples", "array", "instrument, sample, frames, loop_frame"},
                           {"files", "array", "path, bytes, written"}),
        .examples = LIST("z3ed music export --rom samples/sample.sfc --song 1 --out title.txt",
                         "z3ed music export --rom samples/sample.sfc --song 1 --format midi --out title.mid --samples title_samples"),
        .handler = cmd_music_export,
    },
    {
        .resource = "music", .action = "import",
        .summary = "replace a song from z3ed's music text, relocating it inside its bank",
        .description = "Assembles the text (errors name line and column) and places it in the bank's song "
                       "area: at the addresses the text's blocks give when they are all free, else in the "
                       "first free run that holds the whole song; bytes other songs of the bank use are never "
                       "taken, the song's own old bytes may be. A song that does not fit is refused with how "
                       "many bytes it is over. Then the song table's slot points at the new order list. "
                       "Exporting and importing unchanged gives identical bytes.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("rewrites the song's bytes and its song table slot",
                        "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = ARGS(SONG_ARG, BANK_ARG, {"in", Z3_ARG_PATH, true, NULL, NULL, "the music text file", 0, 0}),
        .returns = RETURNS({"song", "integer", "the song"}, {"bank", "string", "its bank"},
                           {"address", "string", "the order list's new APU address"},
                           {"bytes", "integer", "the song's size"},
                           {"kept_addresses", "boolean", "the text's addresses were used"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed music import --rom hack.sfc --song 1 --in title.txt",
                         "z3ed music import --rom hack.sfc --song 1 --in title.txt --dry-run"),
        .handler = cmd_music_import,
    },
    {
        .resource = "music", .action = "play",
        .summary = "render a song to a WAV file through z3ed's S-DSP",
        .description = "Our own small sequencer walks the song (order list, patterns, tracks, subroutines, "
                       "loops) and drives the emulator's S-DSP: instrument sample, ADSR and GAIN, pitch with "
                       "the instrument's multiplier, key on and off with the note's gate, volume, velocity, "
                       "pan, master volume, tempo and echo (on/off, volume, and echoparams' delay, feedback and "
                       "filter, whose coefficients are read from the sound program the ROM uploads); every tick it moves fades (volume, pan, master "
                       "volume, tempo, echo volume) and applies vibrato, tremolo, pitch envelopes, slides and "
                       "tuning (docs/music.md, Playing). Without --seconds one pass plus a second of release; "
                       "with it, looping songs loop. 32 kHz stereo.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE | Z3_CMD_RUNS_LONG, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file", "writes --out"),
        .args = ARGS(SONG_ARG, BANK_ARG, {"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "the WAV file to write", 0, 0},
                     {"seconds", Z3_ARG_INT, false, NULL, NULL, "length to render (default: one pass)", 1, 600}),
        .returns = RETURNS({"song", "integer", "the song"}, {"bank", "string", "its bank"},
                           {"frames", "integer", "stereo frames written"}, {"seconds", "number", "their length"},
                           {"rate", "integer", "32000"}, {"peak", "integer", "the largest sample magnitude"},
                           {"loops", "boolean", "the song ends in a jump forever"},
                           {"warnings", "array", "echo filters the ROM's sound program does not hold (the "
                                                 "pass-through filter is played instead)"},
                           {"files", "array", "path, bytes, written"}),
        .examples = LIST("z3ed music play --rom samples/sample.sfc --song 1 --out title.wav",
                         "z3ed music play --rom samples/sample.sfc --song 12 --out dungeon.wav --seconds 5"),
        .handler = cmd_music_play,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_music, 650)
