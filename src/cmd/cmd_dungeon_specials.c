/* dungeon add-pot / remove-pot / add-block / remove-block / add-torch /
 * remove-torch: one record at a time. The three share a position word (bits
 * 1-6 x, 7-12 y in tile8 units, bit 13 lower layer; torches: bit 15 lit), so
 * one pair of helpers serves them all. */
#include <string.h>

#include "cmd/handlers_dungeon.h"

typedef enum special { POT, BLOCK, TORCH } special;

static const char *const special_names[] = {"pot item", "block", "torch"};

static uint16_t position_arg(const z3_cmd_ctx *ctx, special kind) {
  unsigned lit = kind == TORCH && z3_arg_bool(ctx, "lit") ? 0x8000u : 0;
  return (uint16_t)((unsigned)z3_arg_int(ctx, "y") << 7 | (unsigned)z3_arg_int(ctx, "x") << 1 |
                    (unsigned)z3_arg_int(ctx, "layer") << 13 | lit);
}

/* The room's records of that kind, as positions (pots: also their items). */
static size_t current(const z3_dungeon *d, int room, special kind, uint16_t *pos, uint8_t *items, size_t max) {
  if (kind == BLOCK) return z3_room_blocks(d, room, pos, max);
  if (kind == TORCH) {
    const z3_torch_group *g = z3_room_torches(d, room);
    size_t n = g ? g->count : 0;
    for (size_t i = 0; i < n && i < max; i++) pos[i] = g->positions[i];
    return n < max ? n : max;
  }
  const z3_room *r = &d->rooms[room];
  for (size_t i = 0; i < r->pot_count && i < max; i++) pos[i] = r->pots[i].position, items[i] = r->pots[i].item;
  return r->pot_count < max ? r->pot_count : max;
}

static z3_status replace(z3_dungeon *d, int room, special kind, const uint16_t *pos, const uint8_t *items, size_t n,
                         z3_error *err) {
  if (kind == BLOCK) return z3_room_set_blocks(d, room, pos, n, err);
  if (kind == TORCH) return z3_room_set_torches(d, room, pos, n, err);
  z3_pot_item pots[Z3_ROOM_MAX_POTS];
  for (size_t i = 0; i < n; i++) pots[i] = (z3_pot_item){pos[i], items[i]};
  z3_status st = Z3_OK;
  for (size_t i = 0; i < n && st == Z3_OK; i++) st = z3_pot_check(&pots[i], err);
  if (st == Z3_OK) st = z3_room_set_pots(&d->rooms[room], pots, n, err);
  if (st == Z3_OK) d->rooms[room].dirty_pots = true;
  return st;
}

enum { MAX_RECORDS = 128 }; /* the largest of the three limits below */
static const size_t limits[] = {Z3_ROOM_MAX_POTS, Z3_BLOCK_RECORDS_MAX, Z3_ROOM_MAX_TORCHES};
_Static_assert((int)Z3_BLOCK_RECORDS_MAX <= MAX_RECORDS && (int)Z3_ROOM_MAX_POTS <= MAX_RECORDS, "room for every record");

/* A room's records of one kind, copied out for editing. */
typedef struct records {
  uint16_t pos[MAX_RECORDS];
  uint8_t items[MAX_RECORDS];
  size_t n;
} records;

static z3_status open_records(z3_cmd_ctx *ctx, special kind, z3_dungeon **d, int *room, records *rec, z3_error *err) {
  z3_status st = z3_cmd__dungeon_open(ctx, d, room, err);
  if (st) return st;
  memset(rec, 0, sizeof *rec);
  rec->n = current(*d, *room, kind, rec->pos, rec->items, MAX_RECORDS);
  return Z3_OK;
}

static z3_status add_special(z3_cmd_ctx *ctx, special kind, z3_error *err) {
  z3_dungeon *d;
  int room;
  records rec;
  z3_status st = open_records(ctx, kind, &d, &room, &rec, err);
  if (st) return st;
  size_t n = rec.n;
  int64_t x = z3_arg_int(ctx, "x"), y = z3_arg_int(ctx, "y");
  if (x > 63 || y > 63) {
    st = z3_error_set(err, Z3_E_INVALID, "(%lld,%lld) is outside room 0x%03X: x and y are 0-63 (tile8 units)", (long long)x,
                      (long long)y, room);
  } else if (n >= limits[kind]) {
    st = z3_error_set(err, Z3_E_INVALID, "room 0x%03X already has %zu %ss, the most it can hold", room, n, special_names[kind]);
  }
  if (st == Z3_OK) {
    rec.pos[n] = position_arg(ctx, kind);
    if (kind == POT) rec.items[n] = (uint8_t)z3_arg_int(ctx, "item");
    st = replace(d, room, kind, rec.pos, rec.items, n + 1, err);
  }
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "index", json_integer((json_int_t)n));
    z3_room_note(&d->rooms[room], "%s %zu added at (%lld,%lld)", special_names[kind], n, (long long)x, (long long)y);
  }
  return z3_cmd__dungeon_commit(ctx, d, room, st, err);
}

static z3_status remove_special(z3_cmd_ctx *ctx, special kind, z3_error *err) {
  z3_dungeon *d;
  int room;
  records rec;
  z3_status st = open_records(ctx, kind, &d, &room, &rec, err);
  if (st) return st;
  size_t n = rec.n, index = (size_t)z3_arg_int(ctx, "index");
  if (index >= n) {
    st = z3_error_set(err, Z3_E_NOT_FOUND, "room 0x%03X has %zu %ss; there is no %s %zu", room, n, special_names[kind],
                      special_names[kind], index);
  }
  if (st == Z3_OK) {
    json_object_set_new(ctx->result, "removed", kind == POT ? z3_pot_json(&(z3_pot_item){rec.pos[index], rec.items[index]}, index)
                                                            : z3_block_json(rec.pos[index], kind == TORCH));
    memmove(&rec.pos[index], &rec.pos[index + 1], (n - index - 1) * sizeof rec.pos[0]);
    memmove(&rec.items[index], &rec.items[index + 1], (n - index - 1) * sizeof rec.items[0]);
    st = replace(d, room, kind, rec.pos, rec.items, n - 1, err);
  }
  if (st == Z3_OK) z3_room_note(&d->rooms[room], "%s %zu removed", special_names[kind], index);
  return z3_cmd__dungeon_commit(ctx, d, room, st, err);
}

z3_status cmd_dungeon_add_pot(z3_cmd_ctx *ctx, z3_error *err) { return add_special(ctx, POT, err); }
z3_status cmd_dungeon_remove_pot(z3_cmd_ctx *ctx, z3_error *err) { return remove_special(ctx, POT, err); }
z3_status cmd_dungeon_add_block(z3_cmd_ctx *ctx, z3_error *err) { return add_special(ctx, BLOCK, err); }
z3_status cmd_dungeon_remove_block(z3_cmd_ctx *ctx, z3_error *err) { return remove_special(ctx, BLOCK, err); }
z3_status cmd_dungeon_add_torch(z3_cmd_ctx *ctx, z3_error *err) { return add_special(ctx, TORCH, err); }
z3_status cmd_dungeon_remove_torch(z3_cmd_ctx *ctx, z3_error *err) { return remove_special(ctx, TORCH, err); }
