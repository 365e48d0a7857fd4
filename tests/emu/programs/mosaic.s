; Mosaic: mode 1, BG1 every map entry tile 1, whose pixels are colours
; 1..8 left to right (colour i = CGRAM i = i * $0421, grey steps); MOSAIC
; $21 (blocks of 3, BG1), so screen x shows the tile pixel of x - x mod 3.
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  vram_copy $2000, tiles, 64
  map_rows $0400, bg1_row
  ldx #$0000
: txa
  sta $2121
  rep #$20
  txa
  asl
  asl
  asl
  asl
  asl
  sta $00            ; i * 32
  txa
  asl
  asl
  asl
  asl
  asl
  asl
  asl
  asl
  asl
  asl
  ora $00
  sta $00            ; | i * 1024
  txa
  ora $00            ; | i
  sep #$20
  sta $2122
  xba
  sta $2122
  inx
  cpx #9
  bne :-
  lda #$01
  sta $2105
  lda #$04
  sta $2107
  lda #$02
  sta $210B
  lda #$21
  sta $2106
  lda #$01
  sta $212C
  show_screen $0F

tiles:
  .res 32, 0
  .repeat 8
  .byte $AA, $66
  .endrep
  .repeat 8
  .byte $1E, $01
  .endrep

bg1_row:
  .repeat 32
  .word 1
  .endrep

nmi:
irq:
  rti

.include "header.inc"
