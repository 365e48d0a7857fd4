/*
 * emu/snes: a headless NTSC SNES: the 65816 (emu/cpu.h) on the console's bus.
 *
 * What is modelled: the cartridge (LoROM, HiROM and the Ex variants through
 * snes/rom.h's mapping, ROM mirroring, SRAM sized from the header), 128 KiB
 * WRAM with its mirrors and the $2180-$2183 port, the CPU I/O registers
 * ($4016/$4017, $4200-$421F), the master-clock timer (262 lines of 1364
 * clocks, vblank from line 225, NMI, H/V IRQ, WRAM refresh, auto-joypad),
 * access timing per region with MEMSEL, general-purpose DMA and HDMA, and
 * the PPU ports and memories, the PPU's per-line renderer (emu/ppu.h), and
 * the APU (emu/apu.h: SPC700, DSP, timers, the IPL loader at a high level)
 * behind $2140-$217F, caught up to the master clock at every port access and
 * at each frame's start; interlaced frames of 263/313 lines by field.
 *
 * Determinism: power-on fills memory with fixed values (WRAM $55, VRAM,
 * CGRAM and OAM $00, SRAM $FF); nothing depends on the host.
 *
 * Time is counted in master clocks. Every CPU bus cycle goes through
 * z3_snes_bus_read/write/idle, which charge the cycle's cost first and then
 * perform the access; events (NMI, IRQ, refresh, new line) happen inside
 * that charge. The struct is public so tests and tools can inspect state.
 */
#ifndef Z3_EMU_SNES_H
#define Z3_EMU_SNES_H

#include <stdbool.h>
#include <stdint.h>

#include "base/base.h"
#include "emu/apu.h"
#include "emu/cpu.h"
#include "emu/ppu.h"
#include "snes/rom.h"

enum {
  Z3_SNES_WRAM_SIZE = 0x20000,
  Z3_SNES_VRAM_SIZE = 0x10000,
  Z3_SNES_CGRAM_SIZE = 0x200,
  Z3_SNES_OAM_SIZE = 0x220,
  Z3_SNES_SRAM_MAX = 0x80000,
  Z3_SNES_LINE_CLOCKS = 1364,
  Z3_SNES_LINES = 262,     /* NTSC */
  Z3_SNES_LINES_PAL = 312,
  Z3_SNES_VBLANK_LINE = 225,
  Z3_SNES_PAGES = 0x1000, /* 4 KiB pages of the 16 MiB CPU address space */
};

typedef struct z3_snes_cart {
  uint8_t *rom;             /* the image laid out over rom_space bytes, mirrors applied */
  size_t rom_space;         /* a power of two >= the image size */
  size_t rom_size;          /* the image size */
  z3_mapping mapping;
  uint8_t *sram;            /* NULL when the header declares none */
  size_t sram_size;
} z3_snes_cart;

typedef struct z3_snes_ppu {
  uint8_t vram[Z3_SNES_VRAM_SIZE];   /* word w at bytes 2w (low), 2w+1 (high) */
  uint8_t cgram[Z3_SNES_CGRAM_SIZE]; /* colour c at bytes 2c, 2c+1 */
  uint8_t oam[Z3_SNES_OAM_SIZE];
  uint8_t inidisp;                   /* bit 7: forced blank */
  uint8_t setini;
  uint8_t vmain;
  uint16_t vmadd;                    /* word address as written */
  uint16_t vram_buffer;              /* the $2139/$213A read buffer */
  uint8_t cgadd;
  bool cg_high;                      /* the CGRAM byte flip-flop */
  uint8_t cg_latch;
  uint16_t oam_reload;               /* 9-bit word address from $2102/$2103 */
  uint16_t oam_addr;                 /* 10-bit internal byte address */
  uint8_t oam_latch;
  bool oam_priority;
  int16_t m7a;                       /* mode 7 matrix A and B for the $2134 multiplier */
  int16_t m7b;
  uint8_t m7_latch;
  uint16_t hcount_latch, vcount_latch;
  bool hcount_high, vcount_high;     /* $213C/$213D flip-flops */
  bool counters_latched;
  uint8_t ppu1_mdr, ppu2_mdr;        /* the two PPU chips' open-bus bytes */
  z3_ppu_render render;              /* rendering registers and the frame (emu/ppu.h) */
} z3_snes_ppu;

typedef struct z3_snes_dma {
  uint8_t dmap, bbad, a1b, dasb, ntrl, unused;
  uint16_t a1t, das, a2a;
  bool hdma_done;          /* HDMA: the table ended for this frame */
  bool hdma_do_transfer;   /* HDMA: transfer a unit on the next HDMA line */
} z3_snes_dma;

typedef struct z3_snes_io {
  uint8_t nmitimen, wrio, memsel, hdmaen;
  uint8_t wrmpya, wrmpyb, wrdivb;
  uint16_t wrdiv, htime, vtime;
  uint16_t rddiv, rdmpy;             /* $4214/$4215 and $4216/$4217 */
  uint8_t alu_steps;                 /* multiply/divide steps still to run */
  bool alu_divide;
  uint32_t alu_operand;              /* the shifting multiplier or divisor */
  bool nmi_flag;                     /* $4210 bit 7 */
  bool nmi_line;                     /* NMITIMEN bit 7 AND nmi_flag: the CPU's edge input */
  bool irq_flag;                     /* $4211 bit 7, also the CPU's /IRQ level */
  uint32_t wmadd;                    /* 17-bit WRAM port address */
  uint16_t joy[4];                   /* $4218-$421F after the last auto-read */
  uint16_t joy_next[4];              /* what the running auto-read will deliver */
  uint64_t joy_start, joy_end;       /* clocks of the auto-read this frame */
  uint16_t pads[4];                  /* buttons held: bit 15 = B ... bit 4 = R */
  bool pad_strobe;                   /* $4016 bit 0 as software wrote it */
  uint32_t pad_shift[4];             /* manual-read shift registers (ports 1, 2, data 1 and 2) */
} z3_snes_io;

typedef enum z3_snes_region {
  Z3_REGION_WRAM = 0,
  Z3_REGION_VRAM,
  Z3_REGION_CGRAM,
  Z3_REGION_OAM,
  Z3_REGION_SRAM,
  Z3_REGION_BUS,
  Z3_REGION_APU,   /* the sound unit's 64 KiB of RAM */
} z3_snes_region;

typedef struct z3_snes z3_snes;
struct z3_snes {
  z3_cpu cpu;
  z3_snes_cart cart;
  uint8_t wram[Z3_SNES_WRAM_SIZE];
  z3_snes_ppu ppu;
  z3_snes_io io;
  z3_snes_dma dma[8];
  uint8_t mdr;              /* CPU open bus: the last byte on the data bus */
  z3_apu apu;               /* the sound unit behind $2140-$217F */
  /* Fast paths: the bytes behind each 4 KiB CPU page (ROM and WRAM), NULL
   * where an access needs the slow path (I/O, SRAM, open bus). */
  const uint8_t *read_page[Z3_SNES_PAGES];
  uint8_t *write_page[Z3_SNES_PAGES];
  /* timing */
  uint64_t clock;           /* master clocks since power-on */
  uint32_t hclock;          /* clocks into the current line */
  uint32_t line_clocks;     /* length of the current line */
  uint32_t next_event;      /* hclock of the next thing to happen on this line */
  uint16_t line;
  bool field;
  bool interlace_latch;     /* SETINI's interlace bit at line 128: a field-0 frame then has one more line */
  bool pal;                 /* PAL timing: 312 lines (50 Hz), $213F bit 4; from the header's region */
  unsigned line_done;       /* events of this line already handled (timing.c) */
  uint64_t frame;           /* frames started since power-on (line 0 reached) */
  uint64_t dma_clocks;      /* clocks the CPU spent halted for general DMA */
  uint8_t dma_pending;      /* $420B channels: the DMA starts after the CPU's next bus cycle */
  bool dma_armed;           /* the cycle that wrote $420B has ended */
  bool dma_resync;          /* a DMA ended: the next CPU cycle first waits for its own clock grid */
  uint64_t dma_began;       /* clock the last DMA's pause began (for the resync) */
  uint8_t dma_running;      /* channels of the general DMA under way; an HDMA on one ends its
                               DMA. Only set inside one CPU access, so no savestate holds it */
  uint64_t nmi_count;       /* times the NMI line went high (diagnostics) */
  /* Debugger watch (debug/): when watch_pages is set and the 4 KiB page of a
   * CPU access has its byte set, watch() is called before the access (a
   * write's old value is still in place). Costs one test per access when
   * watch_pages is NULL. */
  const uint8_t *watch_pages;
  void (*watch)(void *ctx, uint32_t addr, uint8_t value, bool write);
  void *watch_ctx;
  /* Debugger watches beside the CPU bus (debug/), each NULL when unused:
   * ppu_watch before a byte of VRAM, CGRAM or OAM is written through the
   * PPU's ports, by the CPU or by DMA (addr: the byte's offset in that
   * memory; the old byte is still in place); dma_watch as a general DMA
   * starts ($420B), with the channels. */
  void (*ppu_watch)(void *ctx, z3_snes_region region, uint32_t addr, uint8_t value);
  void (*dma_watch)(void *ctx, uint8_t channels);
  void *debug_ctx;
  /* Set by a watch (or anyone) to stop z3_snes_run at the next instruction
   * boundary with Z3_SNES_STOP_BREAK; the run clears it. */
  bool break_requested;
};

/* Builds a console around a copy of the ROM's image and powers it on
 * (which also resets the CPU through the reset vector). */
z3_status z3_snes_create(z3_snes **out, const z3_rom *rom, z3_error *err);
void z3_snes_free(z3_snes *snes);
void z3_snes_power_on(z3_snes *snes);
/* PAL (true) or NTSC timing, then a power-on. z3_snes_create picks it from the
 * header's region code (NTSC when the code is unknown). */
void z3_snes_set_pal(z3_snes *snes, bool pal);
/* Lines per frame: 262 (NTSC) or 312 (PAL). */
unsigned z3_snes_lines(const z3_snes *snes);

/* The CPU's bus cycles: charge the time, then access. Tests drive these
 * directly to exercise the bus without a CPU program. */
uint8_t z3_snes_bus_read(z3_snes *snes, uint32_t addr);
void z3_snes_bus_write(z3_snes *snes, uint32_t addr, uint8_t value);
void z3_snes_bus_idle(z3_snes *snes);
/* Clocks a CPU access to addr costs (6, 8 or 12). */
unsigned z3_snes_access_clocks(const z3_snes *snes, uint32_t addr);
/* What a read of addr would return, changing nothing (no flag clears, no
 * address steps, no open-bus update). */
uint8_t z3_snes_peek(const z3_snes *snes, uint32_t addr);
/* Lets time pass (CPU halted or waiting). */
void z3_snes_advance(z3_snes *snes, uint32_t clocks);

/* Controller buttons for port 0-3 (1 = held), standard bit order: bit 15 B,
 * 14 Y, 13 Select, 12 Start, 11-8 Up Down Left Right, 7 A, 6 X, 5 L, 4 R. */
void z3_snes_set_pad(z3_snes *snes, int port, uint16_t buttons);

typedef enum z3_snes_stop {
  Z3_SNES_STOP_FRAMES = 0, /* the requested number of frames began */
  Z3_SNES_STOP_PC,         /* the program counter reached the requested address */
  Z3_SNES_STOP_STP,        /* the CPU executed STP */
  Z3_SNES_STOP_BREAK,      /* the CPU hook returned true, or break_requested was set */
} z3_snes_stop;

/* Runs until `frames` more frames have begun (line 0 reached), or, when
 * until_pc is set, until PBR:PC == pc24 before an instruction (still bounded
 * by `frames`), or until the CPU hook or a watch asks to break. Stops only on
 * instruction boundaries. */
z3_snes_stop z3_snes_run(z3_snes *snes, uint64_t frames, bool until_pc, uint32_t pc24);


const char *z3_snes_region_name(z3_snes_region r);
bool z3_snes_region_parse(const char *name, z3_snes_region *out);
/* Size of a region in bytes (the bus: 16 MiB). */
size_t z3_snes_region_size(const z3_snes *snes, z3_snes_region r);
/* The bytes behind a region (NULL for the bus, and for SRAM when there is none). */
uint8_t *z3_snes_region_bytes(z3_snes *snes, z3_snes_region r);
/* Copies len bytes at addr without side effects (the bus through
 * z3_snes_peek). Errors name the region, the address and its size. */
z3_status z3_snes_read_region(const z3_snes *snes, z3_snes_region r, uint32_t addr, size_t len,
                              uint8_t *out, z3_error *err);

#endif
