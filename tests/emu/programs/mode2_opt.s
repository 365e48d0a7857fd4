; Mode 2 offset-per-tile: BG1 (4 bpp) columns alternate tile 1 (colour 1,
; $001F) and tile 2 (colour 2, $03E0); BG3's map (not shown) holds the
; per-column offsets: every third entry is $2008 (BG1, +8 pixels), so
; screen columns 1, 4, 7, ... show the next tile's colour. BG2 (tile 1,
; palette 1 colour 1 = $7C00) sits behind on columns 24-31 and is not
; shifted (bit 14 clear).
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  vram_copy $2000, tiles, 96
  map_rows $0400, bg1_row
  map_rows $0800, bg2_row
  map_rows $0C00, bg3_row
  set_color 0, $4210
  set_color 1, $001F
  set_color 2, $03E0
  set_color 17, $7C00
  lda #$02
  sta $2105
  lda #$04
  sta $2107
  lda #$08
  sta $2108
  lda #$0C
  sta $2109
  lda #$22
  sta $210B
  write_twice $210D, 3              ; BG1 fine scroll 3
  lda #$03
  sta $212C
  show_screen $0F

tiles:
  .res 32, 0
  .repeat 8
  .byte $FF, $00
  .endrep
  .res 16, 0
  .repeat 8
  .byte $00, $FF
  .endrep
  .res 16, 0

bg1_row:
  .repeat 12
  .word 1, 2
  .endrep
  .res 16, 0
bg2_row:
  .res 48, 0
  .repeat 8
  .word $0401
  .endrep
bg3_row:
  .repeat 10
  .word $2008, 0, 0
  .endrep
  .word $2008, 0

nmi:
irq:
  rti

.include "header.inc"
