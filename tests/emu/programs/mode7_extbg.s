; Mode 7 EXTBG (SETINI bit 6): BG2 shows BG1's pixels with bit 7 as a
; priority bit. The map is all tile 0; tile 0's pixels are $81 on its left
; half and $02 on its right half; identity matrix. CGRAM 1 = $001F, 2 =
; $03E0, $81 = $7C00. TM = BG2 and OBJ; sprite 0 (priority 1, 8x8, solid
; colour 1 of palette 0 = $7FFF) sits at (0, 0)..(7, 7): behind BG2's
; priority pixels ($81 -> colour 1) and in front of its others.
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
  ldy #8
: dma_to $19, $00, row, 8
  dey
  bne :-
  ; the sprite: tile at $4000 (OBSEL base 2), solid colour 1
  lda #$80
  sta $2115
  ldx #$4000
  stx $2116
  dma_to $18, $01, sprite_tile, 32
  stz $2102
  stz $2103
  dma_to $04, $00, oam, 4
  set_color 1, $001F
  set_color 2, $03E0
  set_color $81, $7C00
  set_color 129, $7FFF
  lda #$02
  sta $2101
  lda #$07
  sta $2105
  write_twice $211B, $0100
  write_twice $211E, $0100
  lda #$40
  sta $2133
  lda #$12
  sta $212C
  show_screen $0F

row: .byte $81, $81, $81, $81, $02, $02, $02, $02
sprite_tile:
  .repeat 8
  .byte $FF, $00
  .endrep
  .res 16, 0
oam: .byte 0, $FF, 0, $10

nmi:
irq:
  rti

.include "header.inc"
