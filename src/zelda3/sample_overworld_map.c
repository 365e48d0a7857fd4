/*
 * The sample overworld's designed areas, drawn as text (one character per
 * tile32, 32x32 pixels) and turned into tile16/tile32 definitions the way a
 * map editor would: water, paths, cliffs and roofs choose each 16x16 quarter
 * from their neighbours (shores, path edges, cliff tops and ends, the ridge
 * and eaves), everything else is a fixed picture. The Dark World repeats the
 * Light World's areas; its palettes make it look different.
 *
 *   .  grass            ,  flowers          T  tree      P  pine
 *   b  bushes           B  a bush           o  a rock    O  rocks
 *   u  a stump          s  a sign           f  fence
 *   w  water            =  path             c  cliff
 *   r  roof             h  wall   W  window   d  door
 */
#include <string.h>

#include "zelda3/sample_art.h"
#include "zelda3/sample_overworld.h"

typedef struct design {
  int area, side; /* parent area (Light World), 16 or 32 tile32s */
  const char *rows[32];
} design;

static const design designs[] = {
    {0x2C, 16, {"TTTTTTTPTTTTTTTT",
                "TP..,.....TTTTPT",
                "T..b.....u..TTTT",
                "T.,....o......TT",
                "T...rrr...,,...T",
                "T...rrr..,,....T",
                "T...WdW........T",
                "T.ff.=.ff.......",
                "T....=.....www..",
                "TB...=....wwwww.",
                "T.,..=....wwwww.",
                "T....======www..",
                "TT...=..s.......",
                "TTb..=.......TTT",
                "TTT..=......TTTT",
                "TTTTT=TTTTTTTTTT"}},
    {0x02, 16, {"PPPPPPPPPPPPPPPP",
                "PP..o.....O...PP",
                "P..O...==....o.P",
                "P....===.......P",
                "P....=.........P",
                "ccccc=cccccccccc",
                "ccccc=cccccccccc",
                "P....=....o....P",
                "P.o..=.......O.P",
                "PP...===.......P",
                "P......==...o..P",
                "P..O....=....PPP",
                "Pcccc...=...cccP",
                "Pcccc...=...cccP",
                "PPP.....=...PPPP",
                "PPPPPPPP=PPPPPPP"}},
    {0x00, 32, {"TTTTTTTTTTTTTTT==TTTTTTTTTTTTTTT",
                "TPTTPTTTTTTTT..==..TTTTPTTTTTPTT",
                "TTT..TTPTTT.....==..TTTTTTTTTTTP",
                "TT.....TTT.......==...TTTT..TTTT",
                "TP..b...T...,.....==....T.....TT",
                "TT.............u...==.........PT",
                "TTT..wwwww..........==...,,...TT",
                "TT..wwwwwww..........==.......TT",
                "TP..wwwwwwww..........==....b.TT",
                "TT...wwwwwww...........=====..PT",
                "TTT...wwwww..,.............==.TT",
                "TT.............b............=.TT",
                "TPT......o..................=.TT",
                "TTTT.........TTT..........===.PT",
                "TTTTT.......TTPTT........==...TT",
                "TPTTTT.....TTTTTT.......==...TTT",
                "TTTTT......TTTTTT......==...TTTT",
                "TTTT..,.....TTTT.....===.....TTT",
                "TTT..........TT.....==........TT",
                "TP.....==============.....o....T",
                "TT....==......................TT",
                "TT...==..b.....s........bb...TTT",
                "TTT..=.................bb....TTT",
                "TT...=....TT.....,,.........TTPT",
                "TP..==...TTPT...,,,,...ww....TTT",
                "TT..=....TTTT....,,...wwww...TTT",
                "TT..=.....TT.........wwwww...PTT",
                "TTT.=.................www...TTTT",
                "TTT.=..u.........o.........TTTTT",
                "TPT.=.........TT.........TTTTPTT",
                "TTTT=TTTTTTTTTTTTTTTTTTTTTTTTTTT",
                "TTTT=TTTTTTTTTTTTTTTTTTTTTTTTTTT"}},
    {0x1B, 32, {"TTTTTTTTTTTTTTTT=TTTTTTTTTTTTTTT",
                "TT.....,,.......=.......,,....PT",
                "T...rrrr........=...........b..T",
                "T...rrrr........=.....rrr......T",
                "T...hWdh....o...=.....rrr..,...T",
                "T.ff..=.ff......=.....WdW......T",
                "T.....=.........=......=.......T",
                "T.....===========......=.......T",
                "T....,..........=========......T",
                "TT..............=...........B..T",
                "T..b.....fffff..=......TTT.....T",
                "T........,,,,,..=.....TTPTT....T",
                "T.........=============.TTT....T",
                "T.....s...=...........=........T",
                "TT........=...wwwww...=....o...T",
                "T.........=..wwwwwww..=........T",
                "===========.wwwwwwwww.==========",
                "T.........=..wwwwwww..=........T",
                "T..,,.....=...wwwww...=........T",
                "T..rrrrr..=...........=..rrr...T",
                "T..rrrrr..=============..rrr...T",
                "T..WhdhW........=........hdW.b.T",
                "T....=..........=.........=....T",
                "T....======================....T",
                "T.........TT....=...........,..T",
                "T..b.....TTPT...=....ffff......T",
                "T.........TT....=....,,,,......T",
                "TT...,..........=.....o........T",
                "TP..............=.............PT",
                "TTT.............=............TTT",
                "TTTTP..........T=T..........PTTT",
                "TTTTTTTTTTTTTTTT=TTTTTTTTTTTTTTT"}},
    {0x35, 32, {"TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT",
                "TT..,......................PTTTT",
                "T...b.......,,.............TTTTT",
                "T==========........o..........TT",
                "T.........=....wwwwwwwww......TT",
                "T..o......=..wwwwwwwwwwwwww....T",
                "T.........=.wwwwwwwwwwwwwwwww..T",
                "TT........=wwwwwwwwwwwwwwwwwww.T",
                "T.........=wwwwwwwwwwwwwwwwwww.T",
                "T..b......=wwwwwwww...wwwwwwww.T",
                "T.........=wwwwwww..T..wwwwwww.T",
                "T..,,.....=wwwwwww.T.T.wwwwwww.T",
                "T.........=wwwwwww..T..wwwwwww.T",
                "TT........=wwwwwwww...wwwwwwww.T",
                "T.........=wwwwwwwwwwwwwwwwwww.T",
                "T...O.....=wwwwwwwwwwwwwwwwwww.T",
                "T.........=.wwwwwwwwwwwwwwwww..T",
                "T.........=..wwwwwwwwwwwwwww...T",
                "T..b......=....wwwwwwwwwww.....T",
                "T.........=......wwwwwww....o..T",
                "T.........=.....................",
                "T.........=========.............",
                "TT.....,,.........=.........,...",
                "T.................=..b.........T",
                "T...o.............=............T",
                "T.......TT........=.....TT.....T",
                "T......TTPT.......=....TTPT....T",
                "T.......TT........=.....TT.....T",
                "TP................=...........PT",
                "TTT...............=..........TTT",
                "TTTTP.............=.........PTTT",
                "TTTTTTTTTTTTTTTTTT=TTTTTTTTTTTTT"}},
};
enum { DESIGNS = sizeof designs / sizeof designs[0] };

static const design *design_of(int id, int *sx, int *sy) {
  int local = id & 0x3F;
  if (id >= 0x80) return NULL;
  for (int i = 0; i < DESIGNS; i++) {
    const design *d = &designs[i];
    int dx = local % 8 - d->area % 8, dy = local / 8 - d->area / 8, screens = d->side / 16;
    if (dx >= 0 && dy >= 0 && dx < screens && dy < screens) {
      *sx = dx, *sy = dy;
      return d;
    }
  }
  return NULL;
}

bool z3_sample__screen_designed(int id) {
  int sx, sy;
  return design_of(id, &sx, &sy) != NULL;
}

/* ---- definitions, each kept once ---- */

static void tile16_words(z3_ow_motif motif, int i, int j, bool hflip, bool vflip, uint16_t out[4]) {
  const z3_motif *m = &z3_ow_motifs[motif];
  for (int q = 0; q < 4; q++) {
    int tx = q & 1, ty = q >> 1, sx = hflip ? 1 - tx : tx, sy = vflip ? 1 - ty : ty;
    unsigned tile = z3_motif_tile(m, 2 * i + sx, 2 * j + sy);
    out[q] = (uint16_t)(tile | (unsigned)m->row << 10 | (hflip ? 0x4000u : 0) | (vflip ? 0x8000u : 0));
  }
}

static uint16_t tile16(z3_sample_world *w, z3_ow_motif motif, int i, int j, bool hflip, bool vflip) {
  uint16_t words[4];
  tile16_words(motif, i, j, hflip, vflip, words);
  for (int n = 0; n < w->tile16_designed; n++)
    if (memcmp(w->tile16[n], words, sizeof words) == 0) return (uint16_t)n;
  memcpy(w->tile16[w->tile16_designed], words, sizeof words);
  return (uint16_t)w->tile16_designed++;
}

static uint16_t tile32(z3_sample_world *w, const uint16_t q[4]) {
  for (int n = 0; n < w->tile32_designed; n++)
    if (memcmp(w->tile32[n], q, sizeof(z3_ow_tile32)) == 0) return (uint16_t)n;
  memcpy(w->tile32[w->tile32_designed], q, sizeof(z3_ow_tile32));
  return (uint16_t)w->tile32_designed++;
}

/* ---- choosing each quarter of a cell ---- */

typedef struct cell_ctx {
  const design *d;
  int x, y;
} cell_ctx;

static char at(const cell_ctx *c, int dx, int dy) {
  int x = c->x + dx, y = c->y + dy;
  if (x < 0 || y < 0 || x >= c->d->side || y >= c->d->side) return c->d->rows[c->y][c->x]; /* the area goes on */
  return c->d->rows[y][x];
}

static z3_ow_motif grass_variant(int x, int y) {
  uint32_t h = z3_art_hash(x, y, 31) % 10;
  return h < 6 ? OWM_GRASS : h < 9 ? OWM_GRASS_TUFTS : OWM_GRASS_LIGHT;
}

/* Water and paths: a quarter's edge from its two neighbours towards its corner and the diagonal. */
static uint16_t edged(z3_sample_world *w, const cell_ctx *c, int q, const z3_ow_motif kinds[Z3_EDGE_COUNT],
                      z3_ow_motif plain2) {
  char self = at(c, 0, 0);
  int dx = q & 1 ? 1 : -1, dy = q & 2 ? 1 : -1;
  bool v = at(c, 0, dy) != self, h = at(c, dx, 0) != self, diag = at(c, dx, dy) != self;
  z3_edge e = v && h ? Z3_EDGE_CORNER : v ? Z3_EDGE_TOP : h ? Z3_EDGE_LEFT : diag ? Z3_EDGE_INNER : Z3_EDGE_NONE;
  z3_ow_motif m = kinds[e];
  if (e == Z3_EDGE_NONE && z3_art_hash(c->x * 2 + (q & 1), c->y * 2 + q / 2, 32) % 4 == 0) m = plain2;
  return tile16(w, m, 0, 0, dx > 0, dy > 0);
}

/* Roofs and cliffs: the top and bottom differ, so only the right side is a mirror. */
static uint16_t banded(z3_sample_world *w, const cell_ctx *c, int q, const z3_ow_motif m[6], z3_ow_motif rough) {
  char self = at(c, 0, 0);
  int dx = q & 1 ? 1 : -1;
  bool top = q < 2, open_v = at(c, 0, top ? -1 : 1) != self, open_h = at(c, dx, 0) != self;
  int kind = top ? (open_v ? 2 : 0) : (open_v ? 4 : 0); /* plain, top or bottom ... */
  z3_ow_motif pick = m[kind + open_h];                   /* ... and its left-end form */
  if (pick == m[0] && rough != m[0] && z3_art_hash(c->x * 2 + (q & 1), c->y * 2 + q / 2, 33) % 2) pick = rough;
  return tile16(w, pick, 0, 0, dx > 0, false);
}

static uint16_t quarter(z3_sample_world *w, const cell_ctx *c, int q) {
  static const z3_ow_motif water[Z3_EDGE_COUNT] = {OWM_WATER, OWM_SHORE_TOP, OWM_SHORE_LEFT, OWM_SHORE_CORNER,
                                                   OWM_SHORE_INNER};
  static const z3_ow_motif path[Z3_EDGE_COUNT] = {OWM_PATH, OWM_PATH_TOP, OWM_PATH_LEFT, OWM_PATH_CORNER,
                                                  OWM_PATH_INNER};
  static const z3_ow_motif roof[6] = {OWM_ROOF, OWM_ROOF_LEFT, OWM_ROOF_TOP, OWM_ROOF_TOP_LEFT, OWM_ROOF_EAVE,
                                      OWM_ROOF_EAVE_LEFT};
  static const z3_ow_motif cliff[6] = {OWM_CLIFF, OWM_CLIFF_LEFT, OWM_CLIFF_TOP, OWM_CLIFF_TOP_LEFT, OWM_CLIFF_BASE,
                                       OWM_CLIFF_BASE_LEFT};
  int gx = c->x * 2 + (q & 1), gy = c->y * 2 + q / 2, i = q & 1, j = q >> 1;
  z3_ow_motif grass = grass_variant(gx, gy);
  switch (at(c, 0, 0)) {
    case 'w': return edged(w, c, q, water, OWM_WATER_WAVES);
    case '=': return edged(w, c, q, path, OWM_PATH_PEBBLES);
    case 'r': return banded(w, c, q, roof, OWM_ROOF);
    case 'c': return banded(w, c, q, cliff, OWM_CLIFF_ROUGH);
    case 'T': return tile16(w, OWM_TREE, i, j, false, false);
    case 'P': return tile16(w, OWM_PINE, i, j, false, false);
    case 'h': return tile16(w, OWM_WALL, i, j, false, false);
    case 'W': return tile16(w, OWM_WALL_WINDOW, i, j, false, false);
    case 'd': return tile16(w, OWM_WALL_DOOR, i, j, false, false);
    case 'b': return tile16(w, OWM_BUSH, 0, 0, false, false);
    case 'O': return tile16(w, OWM_ROCK, 0, 0, q == 1 || q == 2, false);
    case 'B': return tile16(w, q == 1 ? OWM_BUSH : grass, 0, 0, false, false);
    case 'o': return tile16(w, q == 2 ? OWM_ROCK : grass, 0, 0, false, false);
    case 'u': return tile16(w, q == 1 ? OWM_STUMP : grass, 0, 0, false, false);
    case 's': return tile16(w, q == 2 ? OWM_SIGN : grass, 0, 0, false, false);
    case 'f': return tile16(w, q < 2 ? OWM_FENCE : grass, 0, 0, false, false);
    case ',': return tile16(w, (gx + gy) % 2 ? grass : (gx % 4 < 2 ? OWM_FLOWERS_RED : OWM_FLOWERS_WHITE), 0, 0, false, false);
    default: return tile16(w, grass, 0, 0, false, false);
  }
}

static void draw_screen(z3_sample_world *w, int id) {
  int sx = 0, sy = 0;
  const design *d = design_of(id, &sx, &sy);
  for (int cell = 0; cell < 256; cell++) {
    if (!d) {
      w->screens[id][cell] = 0;
      continue;
    }
    cell_ctx c = {d, sx * 16 + cell % 16, sy * 16 + cell / 16};
    uint16_t q[4];
    for (int k = 0; k < 4; k++) q[k] = quarter(w, &c, k);
    w->screens[id][cell] = tile32(w, q);
  }
}

void z3_sample__world_free(z3_sample_world *w) {
  z3_free(w->tile16);
  z3_free(w->tile32);
  z3_free(w->screens);
  memset(w, 0, sizeof *w);
}

/* Unused tile16 slots repeat the designed ones, so any id an edit picks shows art. */
static void fill_tile16(z3_sample_world *w) {
  for (int n = w->tile16_designed; n < Z3_OW_TILE16_COUNT; n++) memcpy(w->tile16[n], w->tile16[n % w->tile16_designed], 8);
}

z3_status z3_sample__world_build(z3_sample_world *w, z3_error *err) {
  memset(w, 0, sizeof *w);
  w->tile16 = z3_calloc(Z3_OW_TILE16_COUNT, sizeof *w->tile16);
  w->tile32 = z3_calloc(Z3_OW_TILE32_COUNT, sizeof *w->tile32);
  w->screens = z3_calloc(Z3_OW_AREA_COUNT, sizeof *w->screens);
  if (!w->tile16 || !w->tile32 || !w->screens) {
    z3_sample__world_free(w);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  }
  for (int i = 0; i < DESIGNS; i++)
    for (int y = 0; y < designs[i].side; y++)
      if (!designs[i].rows[y] || (int)strlen(designs[i].rows[y]) != designs[i].side) {
        z3_sample__world_free(w);
        return z3_error_set(err, Z3_E_INTERNAL, "sample area 0x%02X row %d is not %d tiles wide", designs[i].area, y,
                            designs[i].side);
      }
  uint16_t plain = tile16(w, OWM_GRASS, 0, 0, false, false); /* tile16 0, tile32 0: what blank screens show */
  tile32(w, (const uint16_t[4]){plain, plain, plain, plain});
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) draw_screen(w, id);
  fill_tile16(w);
  return Z3_OK;
}
