; Mode 5 (hires): BG1 4 bpp, tiles 16 half-pixels wide (N then N + 1).
; Map column 0 holds tile 1 (colour 1, $001F) whose right half is tile 2
; (colour 2, $03E0); the other entries are 0: tile 0 (empty) with tile 1
; as its right half, so half-pixels 24-31 of each 16 show colour 1. TM = BG1, TS = none, so
; odd half-pixels (main) show BG1 and even ones (sub) the backdrop $4210.
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
  set_color 0, $4210
  set_color 1, $001F
  set_color 2, $03E0
  lda #$05
  sta $2105
  lda #$04
  sta $2107
  lda #$02
  sta $210B
  lda #$01
  sta $212C
  stz $212D
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

bg1_row: .word 1, 0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0

nmi:
irq:
  rti

.include "header.inc"
