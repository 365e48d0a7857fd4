/*
 * The overlap doctor: structures whose data share bytes, from the ROM map
 * (romap.h), which names every model's data. A pointer into another
 * structure's data and two allocations that overlap look the same here:
 * editing either corrupts the other.
 *
 * Sharing the game does on purpose is not a finding: rooms (or areas) whose
 * pointers name the very same bytes, an empty list pointing at the
 * terminator of another of its kind, and the header. A longer list inside
 * another (a pointer into the middle of it) is a finding. Free space is the allocators' business, not data.
 */
#include <stdio.h>
#include <string.h>

#include "zelda3/doctor_internal.h"
#include "zelda3/romap.h"

/* An empty list is its terminator (and a sprite list's sort byte): 2 bytes at most. */
enum { MAX_OVERLAPS = 64, TERMINATOR_MAX = 2 };

static bool ignored(const z3_region *r) { return r->kind == Z3_REGION_HEADER || r->kind == Z3_REGION_FREE; }

static bool shared_on_purpose(const z3_region *a, const z3_region *b) {
  bool same_end = a->offset + a->length == b->offset + b->length;
  if (a->kind == b->kind && same_end && (a->offset == b->offset || b->length <= TERMINATOR_MAX)) return true;
  if (a->kind == Z3_REGION_AREA_OVERLAY && b->kind == a->kind && same_end) return true; /* a JMP into a shared tail */
  if (z3_region_same_entry(a, b)) return true;
  return a->kind == Z3_REGION_TABLE && b->kind == Z3_REGION_TABLE && a->part == b->part;
}

static void report(const z3_region *a, const z3_region *b, z3_doctor_report *r) {
  char what_a[64], what_b[64];
  z3_region_describe(a, what_a, sizeof what_a);
  z3_region_describe(b, what_b, sizeof what_b);
  size_t end_a = a->offset + a->length, end_b = b->offset + b->length;
  size_t shared = (end_a < end_b ? end_a : end_b) - b->offset;
  z3_doctor__add(r, "rom.overlap", z3_region_kind_name(b->kind), b->index, (long)b->offset, NULL,
                 "%s (0x%06zX-0x%06zX) and %s (0x%06zX-0x%06zX) share %zu byte%s", what_b, b->offset, end_b - 1,
                 what_a, a->offset, end_a - 1, shared, shared == 1 ? "" : "s");
}

void z3_doctor__overlaps(const z3_rom *rom, z3_doctor_report *r) {
  z3_romap map;
  if (z3_romap_build(rom, &map, NULL) != Z3_OK) {
    r->oom = true;
    return;
  }
  size_t found = 0;
  for (size_t i = 0; i < map.count && found < MAX_OVERLAPS; i++) {
    const z3_region *a = &map.items[i];
    if (ignored(a)) continue;
    for (size_t j = i + 1; j < map.count && map.items[j].offset < a->offset + a->length; j++) {
      const z3_region *b = &map.items[j];
      if (ignored(b) || shared_on_purpose(a, b)) continue;
      report(a, b, r);
      if (++found == MAX_OVERLAPS) break;
    }
  }
  z3_romap_release(&map);
}
