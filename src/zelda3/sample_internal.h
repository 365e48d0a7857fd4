/* Pieces of the sample-ROM writer shared between its files. */
#ifndef Z3_ZELDA3_SAMPLE_INTERNAL_H
#define Z3_ZELDA3_SAMPLE_INTERNAL_H

#include "base/base.h"

/* Both write into a LoROM image of `size` bytes; smaller images are left alone. */
z3_status z3_sample__write_gfx(uint8_t *img, size_t size, z3_error *err);
void z3_sample__write_palettes(uint8_t *img, size_t size);
/* Link's sheet and glove colours (sample_art_link.c). */
z3_status z3_sample__write_link(uint8_t *img, size_t size, z3_error *err);
/* The synthetic world (sample_overworld.c, sample_dungeon.c, sample_text.c), written
 * after the graphics so it may use what they leave free. */
z3_status z3_sample__write_overworld(uint8_t *img, size_t size, z3_error *err);
z3_status z3_sample__write_dungeons(uint8_t *img, size_t size, z3_error *err);
z3_status z3_sample__write_text(uint8_t *img, size_t size, z3_error *err);
/* The boot program and its picture (sample_boot.c), written last: it renders
 * the finished overworld. Replaces the idle reset code's boot routine. */
z3_status z3_sample__write_boot(uint8_t *img, size_t size, z3_error *err);
/* The sound banks: instruments, BRR samples and a few songs (sample_music.c). */
z3_status z3_sample__write_music(uint8_t *img, size_t size, z3_error *err);

#endif
