/* Pot items (room secrets, §3.8): parsing, encoding and checks. */
#include <string.h>

#include "zelda3/dungeon.h"

z3_status z3_room_pots_parse(z3_room *room, const uint8_t *d, size_t len, size_t *used, z3_error *err) {
  room->pot_count = 0;
  size_t at = 0;
  for (;;) {
    if (at + 2 > len) return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at, "the pot-item list has no FF FF end before byte %zu", at);
    uint16_t pos = (uint16_t)(d[at] | d[at + 1] << 8);
    if (pos == 0xFFFF) break;
    if (at + 3 > len) return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at, "pot item at byte %zu is cut off", at);
    if (room->pot_count == Z3_ROOM_MAX_POTS) {
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at, "more than %d pot items before byte %zu", Z3_ROOM_MAX_POTS, at);
    }
    z3_pot_item p = {pos, d[at + 2]};
    if (room->pot_count == room->pot_cap) {
      size_t cap = room->pot_cap ? room->pot_cap * 2 : 8;
      z3_pot_item *grown = z3_realloc(room->pots, cap * sizeof *grown);
      if (!grown) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
      room->pots = grown, room->pot_cap = cap;
    }
    room->pots[room->pot_count++] = p;
    at += 3;
  }
  *used = at + 2;
  return Z3_OK;
}

void z3_room_pots_encode(const z3_room *room, uint8_t *out, size_t *len) {
  size_t n = 0;
  for (size_t i = 0; i < room->pot_count; i++) {
    out[n++] = (uint8_t)room->pots[i].position, out[n++] = (uint8_t)(room->pots[i].position >> 8);
    out[n++] = room->pots[i].item;
  }
  out[n++] = 0xFF, out[n++] = 0xFF;
  *len = n;
}

z3_status z3_pot_check(const z3_pot_item *p, z3_error *err) {
  bool special = p->item >= 0x80 && p->item <= 0x88 && !(p->item & 1);
  if (p->item > 0x16 && !special) {
    z3_error_set(err, Z3_E_INVALID, "pot item 0x%02X does not exist", p->item);
    z3_error_hint(err, "items are 0x00-0x16, or 0x80, 0x82, 0x84, 0x86, 0x88 (hole, stairs, switch...)");
    return Z3_E_INVALID;
  }
  if (p->position == 0xFFFF || (p->position & 0x1FFF) >= 64 * 64 * 2) {
    return z3_error_set(err, Z3_E_INVALID, "pot position 0x%04X is outside the room", p->position);
  }
  return Z3_OK;
}

z3_status z3_room_set_pots(z3_room *r, const z3_pot_item *p, size_t n, z3_error *err) {
  /* the limit the game's list and save_pots' buffer have; callers check it too, with their own words */
  if (n > Z3_ROOM_MAX_POTS) return z3_error_set(err, Z3_E_INVALID, "%zu pot items; a room holds %d at most", n, Z3_ROOM_MAX_POTS);
  if (n > r->pot_cap) {
    z3_pot_item *grown = z3_realloc(r->pots, n * sizeof *grown);
    if (!grown) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    r->pots = grown, r->pot_cap = n;
  }
  if (n && p != r->pots) memmove(r->pots, p, n * sizeof *p);
  r->pot_count = n;
  return Z3_OK;
}
