; Mode 4 offset-per-tile: one BG3 entry per column, bit 15 choosing
; vertical (1) or horizontal (0). BG1 (8 bpp) map: columns alternate tile 1
; (all pixels 1, $001F) and tile 2 (all pixels 2, $03E0) on even rows, the
; other way round on odd rows. BG3 entries: column pairs cycle through
; H +8 ($2008), V +8 ($A008) and nothing.
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  vram_copy $2000, tiles, 192
  lda #$80
  sta $2115
  ldx #$0400
  stx $2116
  ldy #16
: dma_to $18, $01, bg1_rows, 128
  dey
  bne :-
  map_rows $0C00, bg3_row
  set_color 0, $4210
  set_color 1, $001F
  set_color 2, $03E0
  lda #$04
  sta $2105
  lda #$04
  sta $2107
  lda #$0C
  sta $2109
  lda #$02
  sta $210B
  lda #$01
  sta $212C
  show_screen $0F

tiles:
  .res 64, 0
  .repeat 8
  .byte $FF, $00
  .endrep
  .res 48, 0
  .repeat 8
  .byte $00, $FF
  .endrep
  .res 48, 0

bg1_rows:
  .repeat 16
  .word 1, 2
  .endrep
  .repeat 16
  .word 2, 1
  .endrep
bg3_row:
  .repeat 5
  .word $2008, $2008, $A008, $A008, 0, 0
  .endrep
  .word $2008, $2008

nmi:
irq:
  rti

.include "header.inc"
