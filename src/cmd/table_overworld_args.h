/* Argument specs the overworld's command tables share. */
#ifndef Z3_CMD_TABLE_OVERWORLD_ARGS_H
#define Z3_CMD_TABLE_OVERWORLD_ARGS_H

#define MAP_ARG {"map", Z3_ARG_STRING, true, NULL, NULL, "area id: 0x00-0x3F light world, 0x40-0x7F dark world, 0x80-0x9F special (0xA0-0xBF with the tail-map patch)", 0, 0}
#define OPTIONAL_MAP_ARG {"map", Z3_ARG_STRING, false, NULL, NULL, "only this area (its parent for part of a large area)", 0, 0}
#define STATE_ARG(req) {"state", Z3_ARG_STRING, req, NULL, NULL, "game state: 0 beginning, 1 zelda (rescued), 2 agahnim (defeated)", 0, 0}
#define XY_ARGS(what)                                                                       \
  {"x", Z3_ARG_INT, true, NULL, NULL, what " column", -1, 1000},                            \
  {"y", Z3_ARG_INT, true, NULL, NULL, what " row", -1, 1000}
#define PIXEL_ARGS                                                                                          \
  {"x", Z3_ARG_INT, true, NULL, NULL, "Link's X in pixels from the area's left edge (0-511, 0-1023 in a large area)", -1, 5000}, \
  {"y", Z3_ARG_INT, true, NULL, NULL, "Link's Y in pixels from the area's top edge", -1, 5000}
#define OW_MUTATE_EFFECTS(what) LIST(what, "saves atomically over --rom (keeping FILE.bak) or to --output")

#endif
