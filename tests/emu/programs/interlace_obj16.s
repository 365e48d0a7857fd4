; OBJ interlace (SETINI bit 1) with OBSEL size 6 (small sprites 16x32): one small
; sprite at (64, 64), every tile with colour 1 on even rows and 2 on odd ones
; ($001F, $03E0 in palette 0), backdrop $4210, only OBJ on the main screen.
; Under OBJ interlace the 16x32 small sizes are 16x16: 8 lines a field.
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  lda #$80
  sta $2115
  ldx #$0000
  stx $2116
  ldy #64
: dma_to $18, $01, rows, 32
  dey
  bne :-
  stz $2102
  stz $2103
  dma_to $04, $00, oam, 544
  set_color 0, $4210
  set_color 129, $001F
  set_color 130, $03E0
  lda #$C0
  sta $2101
  stz $2105
  lda #$10
  sta $212C
  lda #$02
  sta $2133
  show_screen $0F

rows:
  .repeat 4
  .byte $FF, $00, $00, $FF
  .endrep
  .res 16, 0

oam:
  .byte 64, 64, 0, $30
  .repeat 127
  .byte 0, $F0, 0, $00
  .endrep
  .byte $00
  .res 31, 0

nmi:
irq:
  rti

.include "header.inc"
