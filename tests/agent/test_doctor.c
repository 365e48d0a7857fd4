/* zelda3/doctor and `doctor --fix`: every finding kind, made by damaging the
 * sample ROM here, is reported; every repair, accepted from the proposal, leaves
 * the doctor clean; the undamaged sample reports nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent/proposal.h"
#include "snes/lz2.h"
#include "test.h"
#include "zelda3/doctor.h"
#include "zelda3/dungeon.h"
#include "zelda3/entrance.h"
#include "zelda3/gfx.h"
#include "zelda3/overworld.h"
#include "zelda3/overworld_secrets.h"
#include "zelda3/text.h"

static char *workdir;

static int setup(void **state) {
  (void)state;
  workdir = z3_test_tmpdir();
  return workdir ? 0 : -1;
}

static int teardown(void **state) {
  (void)state;
  char *cmd = z3_strfmt("rm -rf '%s'", workdir);
  int rc = system(cmd);
  free(cmd);
  free(workdir);
  return rc == 0 ? 0 : -1;
}

static size_t count_kind(const z3_doctor_report *r, const char *kind) {
  size_t n = 0;
  for (size_t i = 0; i < r->count; i++) n += strcmp(r->items[i].kind->id, kind) == 0;
  return n;
}

static size_t run_count(const z3_rom *rom, z3_doctor_scope scope, const char *kind) {
  z3_doctor_report r;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_doctor_run(rom, scope, &r, &err), &err);
  size_t n = count_kind(&r, kind);
  z3_doctor_report_release(&r);
  return n;
}

static void write_bytes(z3_rom *rom, size_t at, const void *bytes, size_t len) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_write(rom, at, bytes, len, "damage", &err), &err);
}

static void write_byte(z3_rom *rom, size_t at, uint8_t b) { write_bytes(rom, at, &b, 1); }

static void write_word(z3_rom *rom, size_t at, uint16_t w) {
  uint8_t b[2] = {(uint8_t)w, (uint8_t)(w >> 8)};
  write_bytes(rom, at, b, 2);
}

static z3_dungeon *load_dungeon(const z3_rom *rom) {
  z3_dungeon *d = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_dungeon_load(rom, &d, &err), &err);
  return d;
}

static void save_dungeon(z3_dungeon *d, z3_rom *rom) {
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_dungeon_save(d, rom, &err), &err);
  z3_dungeon_free(d);
}

/* ---- damages: each makes one kind ------------------------------------------ */

static size_t header(const z3_rom *rom) { return z3_rom_header_offset(rom); }

static void bad_checksum(z3_rom *rom) {
  uint16_t sum = (uint16_t)(z3_rom_compute_checksum(rom) ^ 0x1234);
  write_word(rom, header(rom) + 0x1C, (uint16_t)~sum);
  write_word(rom, header(rom) + 0x1E, sum);
}
static void bad_complement(z3_rom *rom) { write_word(rom, header(rom) + 0x1C, 0x0000); }
static void bad_title(z3_rom *rom) { write_byte(rom, header(rom), 0x01); }
static void bad_map_mode(z3_rom *rom) { write_byte(rom, header(rom) + 0x15, 0x25); }
static void bad_size_code(z3_rom *rom) { write_byte(rom, header(rom) + 0x17, 0x07); }
static void small_size(z3_rom *rom) { write_byte(rom, header(rom) + 0x17, 0x09); }
static void large_size(z3_rom *rom) { write_byte(rom, header(rom) + 0x17, 0x0C); }
static void bad_sram(z3_rom *rom) { write_byte(rom, header(rom) + 0x18, 0x09); }
static void bad_region(z3_rom *rom) { write_byte(rom, header(rom) + 0x19, 0x7F); }
static void bad_reset(z3_rom *rom) { write_word(rom, header(rom) + 0x3C, 0x1000); }

/* Room 0x013's sprite list starts inside room 0x012's (which has sprites). */
static void sprite_pointer_inside_another_list(z3_rom *rom) {
  z3_dungeon *d = load_dungeon(rom);
  const z3_room *a = &d->rooms[0x12];
  assert_true(a->sprite_count >= 2);
  uint32_t addr = 0;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_to_snes(rom, a->sprite_pc + 3, &addr, &err), &err);
  write_word(rom, d->sprite_table_pc + 2 * 0x13, (uint16_t)addr);
  z3_dungeon_free(d);
}

static void object_pointer_into_wram(z3_rom *rom) {
  z3_dungeon *d = load_dungeon(rom);
  uint8_t wram[3] = {0x00, 0x00, 0x7E};
  write_bytes(rom, d->object_table_pc + 3 * 0x20, wram, 3);
  z3_dungeon_free(d);
}

/* Room 0x020's objects start two bytes before its bank ends: the list runs off. */
static void object_stream_runs_off(z3_rom *rom) {
  z3_dungeon *d = load_dungeon(rom);
  uint8_t at_end[3] = {0xFE, 0xFF, (uint8_t)(d->rooms[0x20].object_addr >> 16)};
  size_t pc = 0;
  assert_int_equal(z3_rom_to_pc(rom, (uint32_t)at_end[2] << 16 | 0xFFFE, &pc, NULL), Z3_OK);
  write_bytes(rom, pc, (uint8_t[2]){0x00, 0x00}, 2);
  write_bytes(rom, d->object_table_pc + 3 * 0x20, at_end, 3);
  z3_dungeon_free(d);
}

static void too_many_objects(z3_rom *rom) {
  z3_dungeon *d = load_dungeon(rom);
  z3_room *r = &d->rooms[0x12];
  z3_room_object objs[Z3_ROOM_MAX_OBJECTS + 1 - 0];
  size_t keep = z3_room_object_total(r) - r->object_count[0];
  size_t n = Z3_ROOM_MAX_OBJECTS + 1 - keep;
  for (size_t i = 0; i < n; i++) objs[i] = (z3_room_object){.id = 0x01, .x = (uint8_t)(4 + i % 50), .y = (uint8_t)(4 + i / 50)};
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_room_set_objects(r, 0, objs, n, &err), &err);
  save_dungeon(d, rom);
}

static void too_many_doors(z3_rom *rom) {
  z3_dungeon *d = load_dungeon(rom);
  z3_room *r = &d->rooms[0x40];
  r->door_count = 0;
  for (unsigned i = 0; i < Z3_ROOM_MAX_DOORS + 1; i++) {
    unsigned dir = 2 + i / 12, pos = i % 12; /* west and east walls: 0x040's sides are the grid's */
    r->doors[r->door_count++] = (z3_room_door){(uint8_t)(pos << 4 | dir), 0x16};
  }
  r->dirty_objects = true;
  save_dungeon(d, rom);
}

static void too_many_chests(z3_rom *rom) {
  z3_dungeon *d = load_dungeon(rom);
  assert_true(d->chest_count >= Z3_ROOM_MAX_CHESTS + 1);
  for (size_t i = 0; i < Z3_ROOM_MAX_CHESTS + 1; i++) d->chests[i].room = 0x44;
  d->dirty_chests = true;
  save_dungeon(d, rom);
}

static void chest_in_no_room(z3_rom *rom) {
  z3_dungeon *d = load_dungeon(rom);
  d->chests[0].room = 0x200;
  d->dirty_chests = true;
  save_dungeon(d, rom);
}

/* Dungeon maps (sample_dungeon_map.c): Eastern Palace's floor count made
 * nine floors; its boss floor word moved to 1F, where room 0x024 is not;
 * a square's template past the 186; a square showing the empty room 0x0B9. */
static void map_floor_count_too_big(z3_rom *rom) { rom->data.data[0x575D9 + 4] = 0x54; }
static void map_boss_on_wrong_floor(z3_rom *rom) { rom->data.data[0x56E79 + 4] = 0x01; } /* Eastern's boss 0x0C8 is on 1F */
static void map_template_too_big(z3_rom *rom) {
  size_t gfx = 0x50000 + ((rom->data.data[0x57BE4 + 4] | rom->data.data[0x57BE5 + 4] << 8) & 0x7FFF);
  rom->data.data[gfx] = 0xC0;
}
static void map_square_of_an_empty_room(z3_rom *rom) {
  size_t rooms = 0x50000 + ((rom->data.data[0x57605 + 4] | rom->data.data[0x57606 + 4] << 8) & 0x7FFF);
  rom->data.data[rooms + 2 * 5 + 2] = 0xA9; /* 1F centre: 0x0C9 -> 0x0A9, a room the sample leaves empty */
}

/* A door on room 0x050's east wall; room 0x051 has none back. */
static void unpaired_door(z3_rom *rom) {
  z3_dungeon *d = load_dungeon(rom);
  z3_error err;
  z3_error_init(&err);
  size_t index;
  z3_door_pair partner;
  assert_ok(z3_room_add_door(d, 0x50, 3, 5, 0x00, false, &index, &partner, &err), &err);
  save_dungeon(d, rom);
}

static void entrance_to_no_room(z3_rom *rom) {
  const z3_place_field *f = z3_place_field_find("room");
  write_word(rom, f->entrance_pc + 3 * f->stride, 0x1FF);
}

static void set_sprites(z3_rom *rom, int room, const z3_room_sprite *s, size_t n) {
  z3_dungeon *d = load_dungeon(rom);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_room_set_sprites(&d->rooms[room], s, n, &err), &err);
  save_dungeon(d, rom);
}

static void sprite_without_handler(z3_rom *rom) {
  z3_room_sprite s[3] = {{.id = 0x08, .x = 4, .y = 4}, {.id = 0xF5, .x = 6, .y = 6}, {.id = 0x09, .x = 8, .y = 8}};
  set_sprites(rom, 0x60, s, 3);
}

static void seventeen_sprites(z3_rom *rom) {
  z3_room_sprite s[Z3_ROOM_MAX_SPRITES + 1];
  for (int i = 0; i < Z3_ROOM_MAX_SPRITES + 1; i++) s[i] = (z3_room_sprite){.id = 0x08, .x = (uint8_t)i, .y = 5};
  set_sprites(rom, 0x61, s, Z3_ROOM_MAX_SPRITES + 1);
}

static void nine_overlords(z3_rom *rom) {
  z3_room_sprite s[Z3_ROOM_MAX_OVERLORDS + 1];
  for (int i = 0; i < Z3_ROOM_MAX_OVERLORDS + 1; i++)
    s[i] = (z3_room_sprite){.id = 0x01, .x = (uint8_t)i, .y = 5, .subtype = 7};
  set_sprites(rom, 0x62, s, Z3_ROOM_MAX_OVERLORDS + 1);
}

static void overworld_map_pointer_into_wram(z3_rom *rom) {
  write_bytes(rom, Z3_OW_MAP_HIGH_PTR_PC, (uint8_t[3]){0x00, 0x00, 0x7E}, 3);
}

static void ow_entrance_to_nothing(z3_rom *rom) {
  z3_overworld *ow = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  int slot = 0;
  while (slot < Z3_OW_ENTRANCE_COUNT && ow->entrances[slot].pos == 0xFFFF) slot++;
  assert_true(slot < Z3_OW_ENTRANCE_COUNT);
  z3_ow_free(ow);
  write_byte(rom, Z3_OW_ENTRANCE_ID_PC + (size_t)slot, 0xF0);
}

static void exit_of_no_room(z3_rom *rom) { write_word(rom, Z3_OW_EXIT_ROOM_PC + 2 * 5, 0x150); }
static void exit_to_no_area(z3_rom *rom) { write_byte(rom, Z3_OW_EXIT_AREA_PC + 5, 0xC0); }

/* A bombable door added by the model, its table entry then cleared by hand. */
static void bomb_door_without_entry(z3_rom *rom) {
  z3_overworld *ow = NULL;
  z3_error err;
  z3_error_init(&err);
  int index = -1;
  assert_ok(z3_ow_load(&ow, rom, &err), &err);
  assert_ok(z3_ow_item_add(ow, 0x00, 40, 50, Z3_OW_BOMB_DOOR_ITEM, &index, &err), &err);
  assert_ok(z3_ow_save(ow, rom, &err), &err);
  z3_ow_free(ow);
  assert_int_equal(z3_ow_bomb_door(rom, 0x09), Z3_OW_POS(40, 50));
  write_word(rom, z3_ow_bomb_door_pc(rom), 0x0000);
}

static void sheet_tables_outside(z3_rom *rom) { write_word(rom, Z3_GFX_OPERAND_BANK_PC, 0x0000); }

static void sheet_outside(z3_rom *rom) {
  z3_gfx_tables t;
  assert_int_equal(z3_gfx_find_tables(rom, &t, NULL), Z3_OK);
  write_byte(rom, t.bank + 0x10, 0x7E);
}

/* Sheet 0x10 (compressed 3bpp, 0x600 bytes) pointed at a stream of `len` bytes. */
static void sheet_stream_of(z3_rom *rom, size_t len) {
  uint8_t raw[0x800];
  for (size_t i = 0; i < sizeof raw; i++) raw[i] = (uint8_t)(i * 7);
  z3_buf lz;
  z3_buf_init(&lz);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_lz2_compress(&lz, raw, len, Z3_LZ2_GRAPHICS, Z3_LZ2_OPTIMAL, &err), &err);
  size_t at = 0;
  assert_ok(z3_rom_find_free(rom, lz.len, &at, &err), &err);
  write_bytes(rom, at, lz.data, lz.len);
  uint32_t addr = 0;
  assert_ok(z3_rom_to_snes(rom, at, &addr, &err), &err);
  z3_gfx_tables t;
  assert_ok(z3_gfx_find_tables(rom, &t, &err), &err);
  write_byte(rom, t.bank + 0x10, (uint8_t)(addr >> 16));
  write_byte(rom, t.high + 0x10, (uint8_t)(addr >> 8));
  write_byte(rom, t.low + 0x10, (uint8_t)addr);
  z3_buf_release(&lz);
}
static void sheet_too_big(z3_rom *rom) { sheet_stream_of(rom, 0x700); }
static void sheet_too_small(z3_rom *rom) { sheet_stream_of(rom, 0x500); }

static void dictionary_pointers_backwards(z3_rom *rom) { write_word(rom, Z3_TEXT_DICT_PTR_PC + 2, 0x0000); }

static void message_with_bank_switch_inside(z3_rom *rom) {
  write_bytes(rom, Z3_TEXT_BANK1_PC, (uint8_t[2]){0x00, 0x80}, 2);
}

static void bank_without_end(z3_rom *rom) {
  static uint8_t fill[Z3_TEXT_BANK1_END_PC - Z3_TEXT_BANK1_PC];
  write_bytes(rom, Z3_TEXT_BANK1_PC, fill, sizeof fill);
}

/* A command that takes an argument right before message 0's end takes the
 * end byte as its argument: messages 0 and 1 merge. */
static void command_swallows_the_end(z3_rom *rom) {
  z3_text text;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_text_load(rom, &text, &err), &err);
  size_t end = z3_text_offset(&text, 0) + text.msgs[0].len; /* message 0's 0x7F */
  z3_text_release(&text);
  uint8_t cmd = 0;
  for (unsigned b = 0x67; b < 0x80 && !cmd; b++)
    if (rom->data.data[Z3_TEXT_CMD_LENGTHS_PC + (b - 0x66)] == 2) cmd = (uint8_t)b;
  assert_true(cmd != 0);
  write_byte(rom, end - 1, cmd);
}

/* 0x12844 (ZScream's view) calls a small area large; 0x1788D and the parent table do not. */
static void size_flag_says_large(z3_rom *rom) {
  assert_int_equal(rom->data.data[0x1788D + 0x05], 0x01); /* small in the sample */
  write_byte(rom, 0x12844 + 0x05, 0x20);
}

static void byte_past_the_dictionary(z3_rom *rom) { write_byte(rom, Z3_TEXT_BANK1_PC, 0x81); }

/* ---- the cases -------------------------------------------------------------- */

typedef struct damage_case {
  const char *kind;
  z3_doctor_scope scope;
  void (*damage)(z3_rom *rom);
  bool keep_checksum; /* the damage is the header's: leave the checksum as it made it */
} damage_case;

static const damage_case cases[] = {
    {"header.checksum", Z3_DOCTOR_ROM, bad_checksum, true},
    {"header.complement", Z3_DOCTOR_ROM, bad_complement, true},
    {"header.title", Z3_DOCTOR_ROM, bad_title, false},
    {"header.map_mode_mismatch", Z3_DOCTOR_ROM, bad_map_mode, false},
    {"header.rom_size_code", Z3_DOCTOR_ROM, bad_size_code, false},
    {"header.rom_size_small", Z3_DOCTOR_ROM, small_size, false},
    {"header.rom_size_large", Z3_DOCTOR_ROM, large_size, false},
    {"header.sram_size", Z3_DOCTOR_ROM, bad_sram, false},
    {"header.region", Z3_DOCTOR_ROM, bad_region, false},
    {"header.reset_vector", Z3_DOCTOR_ROM, bad_reset, false},
    {"rom.overlap", Z3_DOCTOR_ROM, sprite_pointer_inside_another_list, false},
    {"dungeon.pointer_out_of_range", Z3_DOCTOR_DUNGEON, object_pointer_into_wram, false},
    {"dungeon.unreadable", Z3_DOCTOR_DUNGEON, object_stream_runs_off, false},
    {"dungeon.too_many_objects", Z3_DOCTOR_DUNGEON, too_many_objects, false},
    {"dungeon.too_many_doors", Z3_DOCTOR_DUNGEON, too_many_doors, false},
    {"dungeon.too_many_chests", Z3_DOCTOR_DUNGEON, too_many_chests, false},
    {"dungeon.chest_bad_room", Z3_DOCTOR_DUNGEON, chest_in_no_room, false},
    {"dungeon.door_unpaired", Z3_DOCTOR_DUNGEON, unpaired_door, false},
    {"dungeon.entrance_bad_room", Z3_DOCTOR_DUNGEON, entrance_to_no_room, false},
    {"dungeon.map_unreadable", Z3_DOCTOR_DUNGEON, map_floor_count_too_big, false},
    {"dungeon.map_boss_floor", Z3_DOCTOR_DUNGEON, map_boss_on_wrong_floor, false},
    {"dungeon.map_bad_template", Z3_DOCTOR_DUNGEON, map_template_too_big, false},
    {"dungeon.map_empty_room", Z3_DOCTOR_DUNGEON, map_square_of_an_empty_room, false},
    {"sprite.bad_id", Z3_DOCTOR_SPRITE, sprite_without_handler, false},
    {"sprite.too_many", Z3_DOCTOR_SPRITE, seventeen_sprites, false},
    {"sprite.too_many_overlords", Z3_DOCTOR_SPRITE, nine_overlords, false},
    {"overworld.unreadable", Z3_DOCTOR_OVERWORLD, overworld_map_pointer_into_wram, false},
    {"overworld.entrance_bad_id", Z3_DOCTOR_OVERWORLD, ow_entrance_to_nothing, false},
    {"overworld.exit_bad_room", Z3_DOCTOR_OVERWORLD, exit_of_no_room, false},
    {"overworld.exit_bad_area", Z3_DOCTOR_OVERWORLD, exit_to_no_area, false},
    {"overworld.bomb_door_forgotten", Z3_DOCTOR_OVERWORLD, bomb_door_without_entry, false},
    {"overworld.size_tables", Z3_DOCTOR_OVERWORLD, size_flag_says_large, false},
    {"graphics.tables_unreadable", Z3_DOCTOR_GRAPHICS, sheet_tables_outside, false},
    {"graphics.sheet_unreadable", Z3_DOCTOR_GRAPHICS, sheet_outside, false},
    {"graphics.sheet_overflow", Z3_DOCTOR_GRAPHICS, sheet_too_big, false},
    {"graphics.sheet_short", Z3_DOCTOR_GRAPHICS, sheet_too_small, false},
    {"message.dictionary", Z3_DOCTOR_MESSAGE, dictionary_pointers_backwards, false},
    {"message.unreadable", Z3_DOCTOR_MESSAGE, message_with_bank_switch_inside, false},
    {"message.bank_overflow", Z3_DOCTOR_MESSAGE, bank_without_end, false},
    {"message.bad_token", Z3_DOCTOR_MESSAGE, command_swallows_the_end, false},
    {"message.missing_token", Z3_DOCTOR_MESSAGE, byte_past_the_dictionary, false},
};
enum { CASE_COUNT = sizeof cases / sizeof cases[0] };

static z3_rom *damaged(const damage_case *c) {
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  c->damage(rom);
  z3_error err;
  z3_error_init(&err);
  if (!c->keep_checksum) assert_ok(z3_rom_fix_checksum(rom, &err), &err);
  return rom;
}

/* Kinds no damage here can make: a ROM without any plausible header does not
 * load, a copier header and a mirrored size are tested in their own cases. */
static const char *const made_elsewhere[] = {"header.no_header", "header.copier_header", "header.mirrored_size", NULL};

Z3_TEST(test_doctor__every_kind_has_a_damage_case) {
  (void)state;
  for (size_t k = 0; k < z3_doctor_kind_count; k++) {
    const char *id = z3_doctor_kinds[k].id;
    bool found = false;
    for (size_t i = 0; i < CASE_COUNT; i++) found |= strcmp(cases[i].kind, id) == 0;
    for (const char *const *e = made_elsewhere; *e; e++) found |= strcmp(*e, id) == 0;
    if (!found) print_error("kind %s has no damage case\n", id);
    assert_true(found);
    assert_non_null(strchr(id, '.'));
    assert_int_equal(strncmp(id, z3_doctor_scope_names[z3_doctor_kinds[k].scope],
                             strlen(z3_doctor_scope_names[z3_doctor_kinds[k].scope])) == 0 ||
                         strncmp(id, "header.", 7) == 0,
                     true);
  }
}

Z3_TEST(test_doctor__the_sample_reports_nothing) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  for (int s = 0; s < Z3_DOCTOR_SCOPE_COUNT; s++) {
    z3_doctor_report r;
    z3_error err;
    z3_error_init(&err);
    assert_ok(z3_doctor_run(rom, (z3_doctor_scope)s, &r, &err), &err);
    if (r.count) print_error("doctor %s on the sample: %s\n", z3_doctor_scope_names[s], r.items[0].why);
    assert_int_equal(r.count, 0);
    z3_doctor_report_release(&r);
  }
  z3_rom_free(rom);
}

Z3_TEST(test_doctor__every_damage_is_reported_by_its_doctor_and_by_rom) {
  (void)state;
  for (size_t i = 0; i < CASE_COUNT; i++) {
    z3_rom *rom = damaged(&cases[i]);
    size_t own = run_count(rom, cases[i].scope, cases[i].kind);
    size_t all = run_count(rom, Z3_DOCTOR_ROM, cases[i].kind);
    if (!own || !all) print_error("%s: reported %zu times by its doctor, %zu by doctor rom\n", cases[i].kind, own, all);
    assert_true(own >= 1);
    assert_int_equal(own, all);
    z3_rom_free(rom);
  }
}

/* Copier header and a size that is not a power of two: the two infos. */
Z3_TEST(test_doctor__copier_header_and_mirrored_size_are_infos) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_buf file;
  z3_buf_init(&file);
  z3_error err;
  z3_error_init(&err);
  uint8_t copier[512] = {0};
  assert_ok(z3_buf_append(&file, copier, sizeof copier, &err), &err);
  assert_ok(z3_buf_append(&file, rom->data.data, rom->data.len, &err), &err);
  z3_rom *headered = NULL;
  assert_ok(z3_rom_from_memory(&headered, file.data, file.len, "headered", &err), &err);
  assert_int_equal(run_count(headered, Z3_DOCTOR_ROM, "header.copier_header"), 1);
  z3_rom *odd = z3_test_sample_rom(0x180000, Z3_MAP_LOROM);
  assert_int_equal(run_count(odd, Z3_DOCTOR_ROM, "header.mirrored_size"), 1);
  assert_int_equal(run_count(rom, Z3_DOCTOR_ROM, "header.mirrored_size"), 0);
  z3_rom_free(odd);
  z3_rom_free(headered);
  z3_rom_free(rom);
  z3_buf_release(&file);
}

/* ---- --fix: a proposal whose accepted repairs leave the doctor clean ---------- */

static json_t *run_doctor_fix(const char *scope, const char *rom_path, const char *state_dir, z3_status want) {
  char *argv[] = {"doctor", (char *)scope, "--rom", (char *)rom_path, "--fix", "--state-dir", (char *)state_dir};
  z3_cmd_ctx ctx;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_cmd_parse(&ctx, 7, argv, &err), &err);
  z3_status st = z3_cmd_run(&ctx, &err);
  if (st != want) print_error("doctor %s --fix: %s\n", scope, err.message);
  assert_int_equal(st, want);
  json_t *proposal = json_incref(json_object_get(ctx.result, "proposal"));
  z3_cmd_ctx_release(&ctx);
  return proposal;
}

static void accept_all(const char *state_dir, int64_t id, const char *rom_path) {
  z3_registry *r = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_registry_open(&r, state_dir, &err), &err);
  z3_decide_opts opts = {.rom_path = rom_path, .no_backup = true};
  json_t *report = NULL;
  z3_status st = z3_proposal_accept(r, id, &opts, &report, &err);
  if (st) print_error("accept %lld: %s\n", (long long)id, err.message);
  assert_int_equal(st, Z3_OK);
  json_decref(report);
  z3_registry_close(r);
}

static size_t proposal_changes(const char *state_dir, int64_t id) {
  z3_registry *r = NULL;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_registry_open(&r, state_dir, &err), &err);
  z3_proposal p;
  assert_ok(z3_proposal_get(r, id, &p, &err), &err);
  z3_change_set set;
  assert_ok(z3_proposal_changes(&p, &set, &err), &err);
  size_t n = set.count;
  z3_change_set_release(&set);
  z3_proposal_release(&p);
  z3_registry_close(r);
  return n;
}

static void fix_case(const damage_case *c, size_t number) {
  z3_rom *rom = damaged(c);
  size_t before = run_count(rom, c->scope, c->kind);
  char *path = z3_strfmt("%s/fix%zu.sfc", workdir, number);
  char *state_dir = z3_strfmt("%s/state%zu", workdir, number);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_save(rom, path, NULL, &err), &err);
  const char *scope = z3_doctor_scope_names[c->scope];
  bool is_error = z3_doctor_kind_find(c->kind)->severity == Z3_SEVERITY_ERROR;
  json_t *proposal = run_doctor_fix(scope, path, state_dir, is_error ? Z3_E_CHECK : Z3_OK);
  assert_true(json_is_object(proposal));
  int64_t id = json_integer_value(json_object_get(proposal, "id"));
  json_t *repairs = json_object_get(proposal, "repairs");
  assert_true(json_array_size(repairs) >= 1);
  for (size_t i = 0; i < json_array_size(repairs); i++) {
    assert_true(json_is_true(json_object_get(json_array_get(repairs, i), "applied")));
    assert_true(json_array_size(json_object_get(json_array_get(repairs, i), "changes")) >= 1);
  }
  assert_true(proposal_changes(state_dir, id) >= json_array_size(repairs));
  z3_rom *untouched = NULL;
  assert_ok(z3_rom_load(&untouched, path, &err), &err); /* --fix writes nothing to the ROM */
  assert_memory_equal(untouched->data.data, rom->data.data, rom->data.len);
  accept_all(state_dir, id, path);
  z3_rom *fixed = NULL;
  assert_ok(z3_rom_load(&fixed, path, &err), &err);
  assert_true(before >= 1);
  assert_int_equal(run_count(fixed, c->scope, c->kind), 0);
  z3_doctor_report r;
  assert_ok(z3_doctor_run(fixed, Z3_DOCTOR_ROM, &r, &err), &err);
  if (r.errors || r.warnings) print_error("%s: after the repair: %s\n", c->kind, r.items[0].why);
  assert_int_equal(r.errors, 0);
  assert_int_equal(r.warnings, 0);
  z3_doctor_report_release(&r);
  json_decref(proposal);
  z3_rom_free(fixed);
  z3_rom_free(untouched);
  z3_rom_free(rom);
  z3_free(path);
  z3_free(state_dir);
}

Z3_TEST(test_doctor__every_repair_accepted_leaves_the_rom_clean) {
  (void)state;
  size_t fixed = 0;
  for (size_t i = 0; i < CASE_COUNT; i++) {
    const z3_doctor_kind *k = z3_doctor_kind_find(cases[i].kind);
    assert_non_null(k);
    if (!k->repair) continue;
    fix_case(&cases[i], i);
    fixed++;
  }
  assert_int_equal(fixed, 7); /* checksum, complement, door pair, three sprite kinds, bomb door */
}

/* The change numbers a repair lists are that repair: accepting them alone
 * repairs its finding and leaves the other's. */
Z3_TEST(test_doctor__one_repair_accepted_alone) {
  (void)state;
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  sprite_without_handler(rom);
  seventeen_sprites(rom);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_fix_checksum(rom, &err), &err);
  char *path = z3_strfmt("%s/alone.sfc", workdir);
  char *state_dir = z3_strfmt("%s/state-alone", workdir);
  assert_ok(z3_rom_save(rom, path, NULL, &err), &err);
  json_t *proposal = run_doctor_fix("sprite", path, state_dir, Z3_E_CHECK);
  json_t *repairs = json_object_get(proposal, "repairs");
  assert_int_equal(json_array_size(repairs), 2);
  json_t *first = json_array_get(repairs, 0);
  assert_string_equal(json_string_value(json_object_get(first, "kind")), "sprite.bad_id");
  z3_buf list;
  z3_buf_init(&list);
  size_t k;
  json_t *n;
  json_array_foreach(json_object_get(first, "changes"), k, n) {
    z3_buf_printf(&list, "%s%lld", k ? "," : "", (long long)json_integer_value(n));
  }
  z3_registry *r = NULL;
  assert_ok(z3_registry_open(&r, state_dir, &err), &err);
  z3_decide_opts opts = {.rom_path = path, .no_backup = true, .changes = (const char *)list.data};
  json_t *report = NULL;
  assert_ok(z3_proposal_accept(r, json_integer_value(json_object_get(proposal, "id")), &opts, &report, &err), &err);
  json_decref(report);
  z3_registry_close(r);
  z3_rom *after = NULL;
  assert_ok(z3_rom_load(&after, path, &err), &err);
  assert_int_equal(run_count(after, Z3_DOCTOR_SPRITE, "sprite.bad_id"), 0);
  assert_int_equal(run_count(after, Z3_DOCTOR_SPRITE, "sprite.too_many"), 1);
  z3_rom_free(after);
  z3_buf_release(&list);
  json_decref(proposal);
  z3_rom_free(rom);
  z3_free(path);
  z3_free(state_dir);
}

/* Kinds without a repair say so, and --fix then makes no proposal. */
Z3_TEST(test_doctor__no_repair_no_proposal) {
  (void)state;
  z3_rom *rom = damaged(&cases[14]); /* too many doors */
  assert_string_equal(cases[14].kind, "dungeon.too_many_doors");
  char *path = z3_strfmt("%s/norepair.sfc", workdir);
  char *state_dir = z3_strfmt("%s/state-norepair", workdir);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_save(rom, path, NULL, &err), &err);
  json_t *proposal = run_doctor_fix("dungeon", path, state_dir, Z3_E_CHECK);
  assert_true(!proposal || json_is_null(proposal)); /* the door limit has no repair, the sample needs none */
  z3_doctor_report r;
  assert_ok(z3_doctor_run(rom, Z3_DOCTOR_DUNGEON, &r, &err), &err);
  for (size_t i = 0; i < r.count; i++) {
    json_t *j = z3_finding_json(rom, &r.items[i]);
    if (strcmp(r.items[i].kind->id, "dungeon.too_many_doors") == 0) {
      assert_string_equal(json_string_value(json_object_get(j, "repair")), "no automatic repair");
      assert_int_equal(json_array_size(json_object_get(j, "commands")), 0);
      assert_int_equal(json_integer_value(json_object_get(j, "id")), 0x40);
      assert_non_null(json_string_value(json_object_get(j, "address")));
    }
    json_decref(j);
  }
  z3_doctor_report_release(&r);
  json_decref(proposal);
  z3_rom_free(rom);
  z3_free(path);
  z3_free(state_dir);
}

Z3_RUN(cmocka_unit_test_setup_teardown(test_doctor__every_kind_has_a_damage_case, setup, teardown),
       cmocka_unit_test_setup_teardown(test_doctor__the_sample_reports_nothing, setup, teardown),
       cmocka_unit_test_setup_teardown(test_doctor__every_damage_is_reported_by_its_doctor_and_by_rom, setup, teardown),
       cmocka_unit_test_setup_teardown(test_doctor__copier_header_and_mirrored_size_are_infos, setup, teardown),
       cmocka_unit_test_setup_teardown(test_doctor__every_repair_accepted_leaves_the_rom_clean, setup, teardown),
       cmocka_unit_test_setup_teardown(test_doctor__one_repair_accepted_alone, setup, teardown),
       cmocka_unit_test_setup_teardown(test_doctor__no_repair_no_proposal, setup, teardown))
