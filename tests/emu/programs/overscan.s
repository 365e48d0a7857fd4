; Overscan (SETINI bit 2): 239 lines. Mode 0, BG1 tile 1 (colour 1, $001F)
; on even map rows and tile 2 (colour 2, $03E0) on odd ones, VOFS = -1, so
; frame row y shows colour 1 + (y / 8) % 2 all the way down to row 238.
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  vram_copy $0000, tiles, 48
  lda #$80
  sta $2115
  ldx #$0400
  stx $2116
  ldy #16
: dma_to $18, $01, rows, 128
  dey
  bne :-
  set_color 0, $4210
  set_color 1, $001F
  set_color 2, $03E0
  lda #$04
  sta $2107
  write_twice $210E, $03FF
  lda #$01
  sta $212C
  lda #$04
  sta $2133
  show_screen $0F

tiles:
  .res 16, 0
  .repeat 8
  .byte $FF, $00
  .endrep
  .repeat 8
  .byte $00, $FF
  .endrep

rows:
  .repeat 32
  .word 1
  .endrep
  .repeat 32
  .word 2
  .endrep

nmi:
irq:
  rti

.include "header.inc"
