/*
 * Overworld overlays (world reference §2.10): the map changes an event
 * reveals (the opened castle gate, the drained dam, bombed walls). They are
 * code, not data: per area 0x00-0x7F a routine that stores tile16 ids into
 * the 64x64 map16 buffer at $7E:2000. The model is, per area, the ordered
 * list of (x, y, tile16) stores that routine makes.
 *
 * Two layouts:
 *  - vanilla: 128 word vectors at 0x77664 into bank $0E; routines use LDA #,
 *    LDX #, STA abs, STA abs,X, STA long, INC A, JMP (same bank) and end
 *    with RTS. A vector at $FF (free space) is an unused area: no overlay.
 *  - ZScream (byte 0x77676 = 0x6B): a dispatcher and 128 long pointers at
 *    0x77677; routines are LDA # / STA abs pairs ending with RTL, written
 *    from 0x120000.
 * Any other opcode is refused with the area, its PC offset and the byte.
 *
 * Several vectors may name one routine (or jump into a shared tail): the
 * model reports who shares with whom. Saving an edited area never changes
 * another: when its routine is shared it gets a copy of its own (split),
 * otherwise it is rewritten in place when it fits and moved into free space
 * (bank $0E for vanilla, the 0x120000 region for ZScream) when not. The
 * save never installs the ZScream layout on a vanilla ROM.
 */
#ifndef Z3_ZELDA3_OVERLAYS_H
#define Z3_ZELDA3_OVERLAYS_H

#include <jansson.h>

#include "snes/rom.h"

enum {
  Z3_OVL_AREAS = 128,
  Z3_OVL_MAX_STORES = 1024, /* far above any real overlay (the buffer has 4096 cells) */
  Z3_OVL_MAX_SPANS = 8,     /* contiguous code pieces one routine may jump between */
};

#define Z3_OVL_VECTOR_PC 0x77664u   /* vanilla: 128 words, bank $0E */
#define Z3_OVL_ZS_MARKER_PC 0x77676u /* 0x6B: the ZScream layout */
#define Z3_OVL_ZS_TABLE_PC 0x77677u  /* ZScream: 128 longs */
#define Z3_OVL_ZS_CODE_PC 0x77657u   /* ZScream: its dispatcher replaces the code from here */
#define Z3_OVL_ZS_DATA_PC 0x120000u  /* ZScream: overlay routines */
#define Z3_OVL_ZS_DATA_END 0x128000u /* one bank: the routines are reached with JSL, JMPs stay in it */

typedef struct z3_ovl_store {
  uint8_t x, y;     /* tile16 cell of the 64x64 map16 buffer */
  uint16_t tile16;
} z3_ovl_store;

typedef struct z3_ovl_span {
  size_t pc, len;
} z3_ovl_span;

typedef struct z3_ovl_area {
  z3_ovl_store *stores;
  int count;
  uint32_t address;           /* SNES address the vector names */
  z3_ovl_span spans[Z3_OVL_MAX_SPANS]; /* code bytes read, terminator included */
  int span_count;
  bool unused;                /* vanilla vector into $FF free space: the game has no overlay here */
  bool dirty;
  char why[96];
} z3_ovl_area;

typedef struct z3_overlays {
  bool zscream;               /* the ZScream layout */
  z3_ovl_area areas[Z3_OVL_AREAS];
} z3_overlays;

/* Reads every area's overlay; refuses unknown code with area, PC and byte. */
z3_status z3_ovl_load(z3_overlays **out, const z3_rom *rom, z3_error *err);
void z3_ovl_free(z3_overlays *set);
/* Decodes one routine at pc (for the fuzz target and the loader): ends at
 * RTS (zscream false) or RTL (true); JMP targets stay in pc's bank. */
z3_status z3_ovl_parse(const uint8_t *data, size_t size, size_t pc, bool zscream, int area, z3_ovl_area *out,
                       z3_error *err);
/* Whether a's code shares bytes with b's. */
bool z3_ovl_shares(const z3_ovl_area *a, const z3_ovl_area *b);
/* Bytes the area's code covers (all spans). */
size_t z3_ovl_code_size(const z3_ovl_area *a);
/* Replaces an area's stores (checked: x, y 0-63, tile16 below 0x10000). */
z3_status z3_ovl_set(z3_overlays *set, int area, const z3_ovl_store *stores, int count, z3_error *err);
/* The routine bytes the save would write for an area (vanilla or ZScream form). */
size_t z3_ovl_encode(const z3_ovl_area *a, bool zscream, uint8_t *out, size_t cap);
/* Writes the dirty areas through z3_rom_write; clears the dirty flags. */
z3_status z3_ovl_save(z3_overlays *set, z3_rom *rom, z3_error *err);

/* JSON: {"map": "0x1B", "stores": [{"x":..,"y":..,"tile16":..}, ...]}. */
json_t *z3_ovl_stores_json(const z3_ovl_area *a);
/* Reads the "stores" array of doc (or of doc's "result", as `overworld
 * overlay --format json` prints it; or doc itself when it is an array);
 * errors name the JSON path. */
z3_status z3_ovl_stores_from_json(const json_t *doc, z3_ovl_store **out, int *count, z3_error *err);

#endif
