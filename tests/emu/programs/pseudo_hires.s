; Pseudo-hires (SETINI bit 3) in mode 1: 512 half-pixels per line, even
; ones from the sub screen (BG2: colour $03E0 on columns 0-15), odd ones
; from the main screen (BG1: colour $001F on columns 8-23). Backdrop $4210.
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
  map_rows $0800, bg2_row
  set_color 0, $4210
  set_color 1, $001F
  set_color 17, $03E0
  lda #$01
  sta $2105
  lda #$04
  sta $2107
  lda #$08
  sta $2108
  lda #$22
  sta $210B
  lda #$01
  sta $212C
  lda #$02
  sta $212D
  lda #$08
  sta $2133
  show_screen $0F

tiles:
  .res 32, 0
  .repeat 8
  .byte $FF, $00
  .endrep
  .res 16, 0

bg1_row:
  .res 16, 0
  .repeat 16
  .word 1
  .endrep
  .res 16, 0
bg2_row:
  .repeat 16
  .word $0401
  .endrep
  .res 32, 0

nmi:
irq:
  rti

.include "header.inc"
