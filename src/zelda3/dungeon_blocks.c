/* Pushable blocks (§3.9) and lightable torches (§3.10): global tables of a
 * fixed size, read through the chunk pointers in bank $02 and the length
 * words in bank $01, rewritten whole (same place, same length) when an edit
 * touched them. */
#include <string.h>

#include "zelda3/dungeon_internal.h"

enum {
  BLOCK_SIZE_OPERAND_PC = 0x8896, BLOCK_CHUNK_OPERAND_PC = 0x15AFA, BLOCK_CAPACITY = 128,
  TORCH_SIZE_OPERAND_PC = 0x88C1, TORCH_CHUNK_OPERAND_PC = 0x15B16, TORCH_MAX_BYTES = 0x180,
};

static z3_status table(const z3_rom *rom, size_t operand, size_t bytes, const char *what, size_t *pc, z3_error *err) {
  uint32_t addr = z3_dungeon__long(rom, operand);
  if (z3_rom_to_pc(rom, addr, pc, NULL) == Z3_OK && *pc + bytes <= rom->data.len) return Z3_OK;
  return z3_error_set(err, Z3_E_INVALID, "the %s (pointer at 0x%05zX) is not %zu bytes of ROM", what, operand, bytes);
}

static z3_status load_torches(const z3_rom *rom, z3_dungeon *d, z3_error *err) {
  d->torch_bytes = z3_dungeon__word(rom, TORCH_SIZE_OPERAND_PC);
  if (d->torch_bytes > TORCH_MAX_BYTES || d->torch_bytes % 2) {
    return z3_error_set(err, Z3_E_INVALID, "the torch table's length word (0x88C1) says %zu bytes; at most 0x%X, even",
                        d->torch_bytes, TORCH_MAX_BYTES);
  }
  z3_status st = table(rom, TORCH_CHUNK_OPERAND_PC, d->torch_bytes, "torch table", &d->torch_table_pc, err);
  d->torches = z3_calloc(d->torch_bytes / 4 + 1, sizeof *d->torches);
  if (st == Z3_OK && !d->torches) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  size_t at = 0;
  while (st == Z3_OK && at + 2 <= d->torch_bytes) {
    z3_torch_group *g = &d->torches[d->torch_groups++];
    g->room = z3_dungeon__word(rom, d->torch_table_pc + at);
    size_t first = at += 2;
    while (at + 2 <= d->torch_bytes && z3_dungeon__word(rom, d->torch_table_pc + at) != 0xFFFF) at += 2;
    g->count = (at - first) / 2;
    g->positions = z3_malloc(g->count * 2 + 2);
    if (!g->positions) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
    for (size_t i = 0; st == Z3_OK && i < g->count; i++) g->positions[i] = z3_dungeon__word(rom, d->torch_table_pc + first + 2 * i);
    at += 2; /* the group's FFFF */
  }
  return st;
}

z3_status z3_dungeon__load_blocks(const z3_rom *rom, z3_dungeon *d, z3_error *err) {
  size_t bytes = z3_dungeon__word(rom, BLOCK_SIZE_OPERAND_PC);
  if (bytes > BLOCK_CAPACITY * 4 || bytes % 4) {
    return z3_error_set(err, Z3_E_INVALID, "the block table's length word (0x8896) says %zu bytes; at most %d records",
                        bytes, BLOCK_CAPACITY);
  }
  d->block_count = bytes / 4;
  z3_status st = table(rom, BLOCK_CHUNK_OPERAND_PC, bytes, "pushable-block table", &d->block_table_pc, err);
  d->blocks = z3_calloc(d->block_count + 1, sizeof *d->blocks);
  if (st == Z3_OK && !d->blocks) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
  for (size_t i = 0; st == Z3_OK && i < d->block_count; i++) {
    d->blocks[i].room = z3_dungeon__word(rom, d->block_table_pc + 4 * i);
    d->blocks[i].position = z3_dungeon__word(rom, d->block_table_pc + 4 * i + 2);
  }
  return st == Z3_OK ? load_torches(rom, d, err) : st;
}

void z3_dungeon__free_blocks(z3_dungeon *d) {
  for (size_t i = 0; d->torches && i < d->torch_groups; i++) z3_free(d->torches[i].positions);
  z3_free(d->torches);
  z3_free(d->blocks);
}

size_t z3_room_blocks(const z3_dungeon *d, int room, uint16_t *positions, size_t max) {
  size_t n = 0;
  for (size_t i = 0; i < d->block_count; i++)
    if (d->blocks[i].room == room && n < max) positions[n++] = d->blocks[i].position;
  return n;
}

z3_status z3_room_check_blocks(const z3_dungeon *d, int room, size_t n, z3_error *err) {
  size_t have = 0, unused = 0;
  for (size_t i = 0; i < d->block_count; i++) have += d->blocks[i].room == room, unused += d->blocks[i].room == 0xFFFF;
  if (n <= have + unused) return Z3_OK;
  return z3_error_set(err, Z3_E_INVALID, "room 0x%03X needs %zu block records; the table (%zu records) has %zu free",
                      room, n, d->block_count, have + unused);
}

z3_status z3_room_set_blocks(z3_dungeon *d, int room, const uint16_t *positions, size_t n, z3_error *err) {
  z3_status st = z3_room_check_blocks(d, room, n, err);
  if (st) return st;
  size_t k = 0;
  for (size_t i = 0; i < d->block_count; i++) { /* the room's own records first, in order */
    if (d->blocks[i].room != room) continue;
    if (k < n) d->blocks[i].position = positions[k++];
    else d->blocks[i] = (z3_block){0xFFFF, 0xFFFF};
  }
  for (size_t i = 0; i < d->block_count && k < n; i++)
    if (d->blocks[i].room == 0xFFFF) d->blocks[i] = (z3_block){(uint16_t)room, positions[k++]};
  d->dirty_blocks = true;
  return Z3_OK;
}

const z3_torch_group *z3_room_torches(const z3_dungeon *d, int room) {
  for (size_t i = 0; i < d->torch_groups; i++)
    if (d->torches[i].room == room) return &d->torches[i];
  return NULL;
}

/* A group costs its room word, its positions and its FFFF. Blank groups
 * (room 0xFFFF, no positions: the game skips them) after the last real one
 * are the same bytes as the $FF padding, so they cost nothing. */
static size_t group_cost(size_t positions) { return 4 + 2 * positions; }
static bool blank(const z3_torch_group *g) { return g->room == 0xFFFF && g->count == 0; }

/* Bytes the table needs with group `changed` (NULL = a new one at the end)
 * holding n positions. */
static size_t torch_bytes_needed(const z3_dungeon *d, const z3_torch_group *changed, size_t n) {
  size_t total = 0, through_last_real = 0;
  for (size_t i = 0; i < d->torch_groups; i++) {
    const z3_torch_group *g = &d->torches[i];
    bool is_blank = g == changed ? n == 0 : blank(g);
    total += g == changed ? group_cost(n) : group_cost(g->count);
    if (!is_blank) through_last_real = total;
  }
  if (!changed && n) through_last_real = total + group_cost(n);
  return through_last_real;
}

/* The room's group, or (when it has none and n > 0) an empty group to reuse; NULL = append. */
static z3_torch_group *torch_slot(const z3_dungeon *d, int room, size_t n) {
  z3_torch_group *g = (z3_torch_group *)z3_room_torches(d, room);
  for (size_t i = 0; i < d->torch_groups && !g && n; i++)
    if (d->torches[i].room == 0xFFFF && d->torches[i].count == 0) g = &d->torches[i];
  return g;
}

z3_status z3_room_check_torches(const z3_dungeon *d, int room, size_t n, z3_error *err) {
  const z3_torch_group *g = torch_slot(d, room, n);
  if (!g && !n) return Z3_OK;
  size_t used = torch_bytes_needed(d, g, n);
  if (used <= d->torch_bytes) return Z3_OK;
  return z3_error_set(err, Z3_E_INVALID, "the torch table holds %zu bytes; with room 0x%03X's torches it would need %zu",
                      d->torch_bytes, room, used);
}

z3_status z3_room_set_torches(z3_dungeon *d, int room, const uint16_t *positions, size_t n, z3_error *err) {
  z3_status st = z3_room_check_torches(d, room, n, err);
  z3_torch_group *g = torch_slot(d, room, n);
  if (st || (!g && !n)) return st;
  if (!g) g = &d->torches[d->torch_groups++];
  uint16_t *p = z3_realloc(g->positions, n * 2 + 2);
  if (!p) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (n) memcpy(p, positions, n * 2);
  g->positions = p, g->count = n, g->room = n ? (uint16_t)room : 0xFFFF;
  d->dirty_torches = true;
  return Z3_OK;
}

static z3_status write_table(z3_rom *rom, size_t pc, const uint8_t *bytes, size_t len, const char *reason, z3_error *err) {
  size_t first = 0, last = len;
  while (first < len && rom->data.data[pc + first] == bytes[first]) first++;
  while (last > first && rom->data.data[pc + last - 1] == bytes[last - 1]) last--;
  return first == last ? Z3_OK : z3_rom_write(rom, pc + first, bytes + first, last - first, reason, err);
}

z3_status z3_dungeon__save_blocks(z3_dungeon *d, z3_rom *rom, z3_error *err) {
  uint8_t buf[TORCH_MAX_BYTES > BLOCK_CAPACITY * 4 ? TORCH_MAX_BYTES : BLOCK_CAPACITY * 4];
  z3_status st = Z3_OK;
  if (d->dirty_blocks) {
    for (size_t i = 0; i < d->block_count; i++) {
      uint8_t *r = buf + 4 * i;
      r[0] = (uint8_t)d->blocks[i].room, r[1] = (uint8_t)(d->blocks[i].room >> 8);
      r[2] = (uint8_t)d->blocks[i].position, r[3] = (uint8_t)(d->blocks[i].position >> 8);
    }
    st = write_table(rom, d->block_table_pc, buf, 4 * d->block_count, "pushable-block table", err);
  }
  if (st == Z3_OK && d->dirty_torches) {
    memset(buf, 0xFF, d->torch_bytes); /* the rest: empty groups of room 0xFFFF, which the game skips */
    size_t at = 0, end = torch_bytes_needed(d, NULL, 0);
    for (size_t i = 0; i < d->torch_groups && at < end; i++) {
      const z3_torch_group *g = &d->torches[i]; /* in table order, blank groups too */
      if (at + group_cost(g->count) > d->torch_bytes) break; /* a cut-off last group stays out */
      buf[at++] = (uint8_t)g->room, buf[at++] = (uint8_t)(g->room >> 8);
      for (size_t k = 0; k < g->count; k++) buf[at++] = (uint8_t)g->positions[k], buf[at++] = (uint8_t)(g->positions[k] >> 8);
      buf[at++] = 0xFF, buf[at++] = 0xFF;
    }
    st = write_table(rom, d->torch_table_pc, buf, d->torch_bytes, "torch table", err);
  }
  if (st == Z3_OK) d->dirty_blocks = d->dirty_torches = false;
  return st;
}
