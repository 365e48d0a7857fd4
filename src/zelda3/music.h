/*
 * zelda3/music: ALttP's songs as the game uploads them to the APU.
 *
 * The game sends data to the sound CPU as chains of transfer blocks in ROM:
 * a 16-bit length, a 16-bit APU address, the bytes; a length of 0 ends the
 * chain (then the 16-bit address the SPC700 jumps to). The main chain
 * ($19:8000) carries the sound program, the sample directory ($3C00), the
 * instrument table ($3D00) and the BRR samples ($4000-); each song bank
 * (overworld $1A:9EF5, indoor $1B:8000, ending $1A:D380) puts a song table
 * at $D000 and the songs after it. A song is read from the APU RAM image the
 * main chain and then its bank leave behind.
 *
 * The N-SPC song format (facts from public write-ups; the code is ours):
 *   song table   word per song id (1-based): the song's order list
 *   order list   words: >= $0100 a part (pattern) to play; $0000 the end;
 *                $0001-$007F a repeat count then a target word; $0080-$00FF
 *                a jump forever to the target word that follows
 *   pattern      8 words: each channel's track, 0 = silent
 *   track        bytes: $00 end; $01-$7F a duration, optionally followed by
 *                $01-$7F (quantisation << 4 | velocity); $80-$C7 notes C1-B6;
 *                $C8 tie; $C9 rest; $CA-$DF percussion; $E0-$FF commands
 *                with 0-3 parameter bytes ($EF calls a subroutine track)
 *   instrument   6 bytes: sample, ADSR1, ADSR2, GAIN, pitch multiplier
 *                (integer byte, fraction byte)
 *   sample dir   4 bytes per sample: start and loop addresses
 */
#ifndef Z3_ZELDA3_MUSIC_H
#define Z3_ZELDA3_MUSIC_H

#include "base/base.h"
#include "snes/rom.h"

enum {
  Z3_MUSIC_SONG_TABLE = 0xD000, /* APU address of every bank's song table */
  Z3_MUSIC_SAMPLE_DIR = 0x3C00,
  Z3_MUSIC_INSTRUMENTS = 0x3D00,
  Z3_MUSIC_SAMPLES = 0x4000,
  Z3_MUSIC_MAX_SLOTS = 64,   /* song table slots read at most */
  Z3_MUSIC_MAX_BLOCKS = 64,  /* transfer blocks per chain */
  Z3_MUSIC_INSTRUMENT_COUNT = 25,
  Z3_MUSIC_INSTRUMENT_SIZE = 6,
};

typedef enum z3_music_bank_id {
  Z3_MUSIC_MAIN = 0,
  Z3_MUSIC_OVERWORLD,
  Z3_MUSIC_INDOOR,
  Z3_MUSIC_ENDING,
  Z3_MUSIC_BANK_COUNT
} z3_music_bank_id;

extern const char *const z3_music_bank_names[]; /* "main", "overworld", "indoor", "ending", NULL */
size_t z3_music_bank_pc(z3_music_bank_id bank); /* where its chain starts in a headerless ROM */

typedef struct z3_apu_block {
  size_t pc;     /* of the block's data (its 4-byte header is just before) */
  uint16_t addr; /* APU address the data goes to */
  uint16_t len;
} z3_apu_block;

typedef struct z3_music_chain {
  z3_music_bank_id bank;
  size_t pc, end_pc;  /* the chain's first header, the byte after its end */
  uint16_t entry;     /* the address after the terminator */
  z3_apu_block blocks[Z3_MUSIC_MAX_BLOCKS];
  size_t count;
} z3_music_chain;

/* Reads a chain; errors name the block and offset that run off the ROM. */
z3_status z3_music_chain_read(const z3_rom *rom, z3_music_bank_id bank, z3_music_chain *out, z3_error *err);

/* A song bank as the APU sees it after the main chain and then the bank's. */
typedef struct z3_music_image {
  z3_music_bank_id bank;
  z3_music_chain main, own;
  uint8_t ram[0x10000];
  int table_block;          /* index in own.blocks of the block holding $D000, -1 none */
  int slots;                /* song table words before the first song's data */
} z3_music_image;

z3_status z3_music_image_load(const z3_rom *rom, z3_music_bank_id bank, z3_music_image *img, z3_error *err);
/* ROM offset of APU address addr as the bank's own chain uploads it; false when it does not. */
bool z3_music_image_pc(const z3_music_image *img, uint16_t addr, size_t *pc);
/* The song table's block, [from, to): where songs may live. */
void z3_music_song_area(const z3_music_image *img, uint16_t *from, uint32_t *to);

/* One track byte sequence item. */
typedef enum z3_music_ev_kind {
  Z3_EV_END = 0, Z3_EV_DURATION, Z3_EV_NOTE, Z3_EV_TIE, Z3_EV_REST, Z3_EV_PERCUSSION, Z3_EV_COMMAND
} z3_music_ev_kind;

typedef struct z3_music_event {
  z3_music_ev_kind kind;
  uint8_t op;         /* the first byte */
  uint8_t params[3];  /* commands: parameters; duration: [0] quant/velocity byte when has_qv */
  uint8_t nparams;
  bool has_qv;
  uint8_t size;       /* bytes */
} z3_music_event;

/* Parameter bytes of command op ($E0-$FF). */
int z3_music_command_params(uint8_t op);
const char *z3_music_command_name(uint8_t op); /* "inst", "pan", ... */
/* Decodes the event at ram[addr]; false when it would run past $FFFF. */
bool z3_music_event_decode(const uint8_t *ram, uint32_t addr, z3_music_event *ev);

/* The blocks one song is made of, as the text format lists them. */
typedef enum z3_music_block_kind { Z3_MB_ORDER = 0, Z3_MB_PATTERN, Z3_MB_TRACK } z3_music_block_kind;

typedef struct z3_music_block {
  z3_music_block_kind kind;
  uint16_t addr, len;
} z3_music_block;

typedef struct z3_music_song {
  int id;                    /* 1-based slot */
  uint16_t addr;             /* the order list */
  z3_music_block *blocks;    /* sorted by address, no overlaps */
  size_t count;
  uint16_t *entries;         /* every address a pointer names (track starts inside blocks) */
  size_t entry_count;
  int parts, patterns, tracks; /* order entries that play, distinct patterns, distinct tracks */
  size_t bytes;
} z3_music_song;

/* Song `id` (1-based) of the image; Z3_E_NOT_FOUND for an empty slot or one
 * that points outside the bank; Z3_E_INVALID, naming the address, for data
 * that does not parse. */
z3_status z3_music_song_read(const z3_music_image *img, int id, z3_music_song *out, z3_error *err);
void z3_music_song_release(z3_music_song *song);
/* The bank that holds song id (the first of overworld, indoor, ending, main
 * whose own data has it), or -1. */
int z3_music_find_bank(const z3_rom *rom, int id);

/* ---- text format (music_text.c, music_asm.c) ---------------------------- */

z3_status z3_music_text_write(const z3_music_image *img, const z3_music_song *song, z3_buf *out, z3_error *err);

/* A song assembled from text: blocks with their bytes, placed or not. */
typedef struct z3_music_asm_block {
  z3_music_block_kind kind;
  int hint;                  /* @address in the text, -1 none */
  uint16_t addr;             /* after placement */
  z3_buf bytes;
} z3_music_asm_block;

typedef struct z3_music_asm {
  int song;                  /* the `song N` line, 0 none */
  z3_music_asm_block *blocks;
  size_t count;
  size_t bytes;
  void *labels;              /* private */
} z3_music_asm;

/* Parses text (errors say line:col) and sizes every block. */
z3_status z3_music_asm_parse(const char *text, size_t len, z3_music_asm *out, z3_error *err);
/* Gives every block an address: its hints when they all fit the free space,
 * else one run, first fit. free_map[a] true = byte a may be used. */
z3_status z3_music_asm_place(z3_music_asm *a, const bool *free_map, uint32_t from, uint32_t to, z3_error *err);
/* Encodes the blocks at their addresses (labels resolved). */
z3_status z3_music_asm_encode(z3_music_asm *a, z3_error *err);
void z3_music_asm_release(z3_music_asm *a);

/* Replaces song id of bank with the text: nothing is written on error. */
typedef struct z3_music_import_report {
  uint16_t addr;
  size_t bytes;
  bool used_hints;
} z3_music_import_report;
z3_status z3_music_import(z3_rom *rom, z3_music_bank_id bank, int id, const char *text, size_t len,
                          z3_music_import_report *rep, z3_error *err);

/* ---- instruments and samples (music_sample.c) --------------------------- */

typedef struct z3_music_instrument {
  uint8_t sample, adsr1, adsr2, gain;
  uint16_t pitch_mult;       /* 8.8 */
} z3_music_instrument;

void z3_music_instrument_get(const z3_music_image *img, int index, z3_music_instrument *out);
/* Decodes sample srcn's BRR (until its end flag, at most max_blocks) to 16-bit PCM. */
z3_status z3_music_brr_decode(const uint8_t *ram, int srcn, z3_buf *pcm, size_t *loop_frame, z3_error *err);

/* ---- the walker (music_seq.c): a song as timed events ------------------- */

typedef enum z3_music_seq_kind {
  Z3_SEQ_NOTE = 0,           /* key = MIDI-like note number, gate ticks, velocity 0-255 */
  Z3_SEQ_TEMPO,              /* value = tempo byte */
  Z3_SEQ_INSTRUMENT,         /* value */
  Z3_SEQ_VOLUME,             /* value = channel volume */
  Z3_SEQ_PAN,                /* value = 0-20 */
  Z3_SEQ_MASTER_VOLUME,
  Z3_SEQ_ECHO,               /* value = EON bits, value2 = volume */
  Z3_SEQ_ECHO_VOLUME,        /* value = echo volume (echofade) */
  Z3_SEQ_VIBRATO,            /* value = delay, value2 = rate, value3 = depth (0 = off) */
  Z3_SEQ_VIBRATO_FADE,       /* value = ticks the depth takes to grow to full after the delay */
  Z3_SEQ_TREMOLO,            /* value = delay, value2 = rate, value3 = depth (0 = off) */
  Z3_SEQ_PITCH_ENV,          /* value = delay, value2 = length, value3 = semitones (signed), key = 1 from
                                the note to note + value3, -1 from note + value3 to the note, 0 off */
  Z3_SEQ_SLIDE,              /* the sounding note: value = delay, value2 = length, key = target */
  Z3_SEQ_TUNE,               /* value = fine tuning in 1/256 semitones */
  Z3_SEQ_ECHO_PARAMS,        /* value = delay (EDL, 16 ms steps), value2 = feedback (signed), value3 = filter index */
} z3_music_seq_kind;

typedef struct z3_music_seq_event {
  uint32_t tick;
  uint8_t channel;
  z3_music_seq_kind kind;
  int key;                   /* NOTE: semitones from C1 (0 = $80); percussion adds the instrument */
  int instrument;            /* NOTE: instrument to play with */
  uint32_t gate;             /* NOTE: ticks keyed on */
  int value, value2, value3;
  uint32_t ramp;             /* VOLUME, PAN, MASTER_VOLUME, TEMPO, ECHO_VOLUME: ticks the value takes to move
                                there from the current one (a fade); 0 = at once */
} z3_music_seq_event;

typedef struct z3_music_seq {
  z3_music_seq_event *events;
  size_t count, cap;
  uint32_t end_tick;
  bool looped;               /* stopped at a jump forever */
  bool truncated;            /* stopped at 2^20 events or 2^24 ticks */
} z3_music_seq;

/* Walks song id of img from its order list; jumps forever are taken
 * `loops` times (0: the song ends at its first). */
z3_status z3_music_seq_build(const z3_music_image *img, const z3_music_song *song, int loops, z3_music_seq *out,
                             z3_error *err);
void z3_music_seq_release(z3_music_seq *seq);
/* Ticks per second at tempo byte t (the driver's 500 Hz timer scaled by t/256). */
double z3_music_ticks_per_second(int tempo);

/* Standard MIDI File (format 1, one track per channel plus a tempo track). */
z3_status z3_music_midi_write(const z3_music_seq *seq, z3_buf *out, z3_error *err);

/* ---- the player (music_play.c): a walked song driving an S-DSP --------- */

/* The DSP the player drives, owned by the caller (cmd/ wires our emulator's):
 * write sets a register; render produces `frames` stereo samples at 32 kHz. */
typedef struct z3_music_dsp_sink {
  void (*write)(void *data, uint8_t reg, uint8_t value);
  z3_status (*render)(void *data, size_t frames, z3_error *err);
  void *data;
} z3_music_dsp_sink;

/* Plays seq for `seconds` (or to the song's end plus a second of release
 * when it ends sooner): instruments (sample, ADSR, GAIN), pitch with the
 * instrument's multiplier, key on and off, volume, velocity, pan, master
 * volume, tempo and echo, fades moving every tick, vibrato, tremolo, pitch
 * envelopes, slides and tuning. The sink's RAM must hold img->ram; render
 * is called once per song tick, after that tick's register writes. */
z3_status z3_music_play(const z3_music_image *img, const z3_music_seq *seq, double seconds, const z3_music_dsp_sink *sink,
                        z3_error *err);
/* Echo filter `index` (echoparams' third value): its 8 FIR coefficients from
 * the table in the sound program the ROM uploads. The table is found as the
 * first run of the pass-through filter (7F and seven 00), which the driver's
 * table starts with. False when the image holds no such program (the sample
 * ROM has none) or the index runs past the program's upload. */
bool z3_music_echo_filter(const z3_music_image *img, int index, int8_t fir[8]);
/* The DSP pitch for key (semitones from C1) with an 8.8 multiplier. */
uint16_t z3_music_pitch(int key, uint16_t mult);
/* The same for a key in 1/256 semitones (between semitones the ratio is interpolated). */
uint16_t z3_music_pitch_fine(int key256, uint16_t mult);

#endif
