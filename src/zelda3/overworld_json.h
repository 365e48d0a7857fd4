/* One overworld area as a JSON document and back (format in overworld_json.c). */
#ifndef Z3_ZELDA3_OVERWORLD_JSON_H
#define Z3_ZELDA3_OVERWORLD_JSON_H

#include <jansson.h>

#include "zelda3/overworld.h"

/* New reference; id must be a valid area. */
json_t *z3_ow_export_json(const z3_overworld *ow, int id);
/* Applies a document to area `id` (which must have the document's size).
 * Errors name the JSON path ("$.screens[0].tile32[3][5]: ..."). */
z3_status z3_ow_import_json(z3_overworld *ow, int id, const json_t *doc, z3_error *err);

/* Internal to overworld_json*.c: exits and transports of parent area p
 * added to an export; their import; "key" of o as an integer in [lo, hi]. */
void z3_ow__export_places(const z3_overworld *ow, int p, json_t *doc);
z3_status z3_ow__import_places(z3_overworld *ow, int id, const json_t *doc, z3_error *err);
z3_status z3_ow__json_int(const json_t *o, const char *key, const char *path, long lo, long hi, long *out,
                          z3_error *err);

#endif
