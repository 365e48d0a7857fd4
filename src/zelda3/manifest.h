/*
 * zelda3/manifest: what changed between two ROM images, in game terms.
 *
 * Both images are mapped (zelda3/romap.h) and every entry (a room's header,
 * objects, sprites, pot items and chests; an area's map streams, sprites and
 * items; a message; a sheet; a palette; the tables) is compared by its bytes
 * wherever each image keeps it, so an entry one side relocated but left alone
 * is "moved", not changed: listed under an entry that also changed, else
 * only counted (summary.moved_unchanged). Changed bytes no entry of either image holds are
 * free space put to use (inside the allocators' free ranges) or unmodelled
 * ranges (code, or data z3ed does not model), which callers may name with
 * labels.
 *
 * The manifest is a JSON object (schema `z3ed-manifest`, version 1):
 *   {"schema", "version", "from": {size, crc32}, "to": {size, crc32},
 *    "bytes_changed", "summary": {rooms, areas, messages, sheets, palettes,
 *    tables, other, moved_unchanged, free_space_bytes, unmodelled_bytes},
 *    "rooms"|"areas": [{id, name, parts: [...], moved: [...]}],
 *    "messages"|"sheets": [{id, name, moved}], "palettes": [{name, moved}],
 *    "tables"|"other": [{name, moved}],
 *    "free_space"|"unmodelled": [{offset, address, length}], "not_read"}
 * It can travel as BPS metadata; z3_manifest_check reads one back.
 */
#ifndef Z3_ZELDA3_MANIFEST_H
#define Z3_ZELDA3_MANIFEST_H

#include <jansson.h>

#include "snes/rom.h"

#define Z3_MANIFEST_SCHEMA "z3ed-manifest"
enum { Z3_MANIFEST_VERSION = 1 };

/* Builds the manifest of the change from `from` to `to`. *out is the caller's. */
z3_status z3_manifest_build(const z3_rom *from, const z3_rom *to, json_t **out, z3_error *err);

/* Parses text (need not be NUL-terminated; at most 16 MiB) as a manifest and
 * checks its shape: schema, version, and the type of every listed field and of
 * each entry's fields. Errors name the JSON path ("rooms[3].parts") or the
 * line:column of a syntax error. */
z3_status z3_manifest_parse(const char *text, size_t len, json_t **out, z3_error *err);

/* Human-readable lines ("room 0x012: objects, sprites (moved)"). Caller frees. */
char *z3_manifest_text(const json_t *manifest);

#endif
