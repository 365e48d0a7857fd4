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

#endif
