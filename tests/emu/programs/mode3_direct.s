; Mode 3, BG1 8 bpp with direct colour (CGWSEL bit 0): tile 1's every pixel
; is $5B (BBGGGRRR = 01 011 011); columns 0-15 use palette 5 (bgr = 101),
; 16-23 palette 0, 24-31 are empty. Direct colour: red = 011 1 0, green =
; 011 0 0, blue = 01 1 00. BG2 (4 bpp) is off.
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  vram_copy $2000, tiles, 128
  map_rows $0400, bg1_row
  set_color 0, $4210
  set_color $5B, $7FFF               ; what a palette lookup would give instead
  lda #$03
  sta $2105
  lda #$04
  sta $2107
  lda #$02
  sta $210B
  lda #$01
  sta $2130
  lda #$01
  sta $212C
  show_screen $0F

tiles:
  .res 64, 0
  .repeat 8
  .byte $FF, $FF                     ; planes 0, 1
  .endrep
  .repeat 8
  .byte $00, $FF                     ; planes 2, 3
  .endrep
  .repeat 8
  .byte $FF, $00                     ; planes 4, 5
  .endrep
  .repeat 8
  .byte $FF, $00                     ; planes 6, 7
  .endrep

bg1_row:
  .repeat 16
  .word $1401
  .endrep
  .repeat 8
  .word $0001
  .endrep
  .res 16, 0

nmi:
irq:
  rti

.include "header.inc"
