; Mode 7 turned a quarter: A = 0, B = 1.0, C = -1.0, D = 0, centre and
; scrolls 0, so screen (x, line) shows map (line, -x) wrapped to 1024. The
; map is an 8x8 checkerboard: tile (tx + ty) & 1, tile 0 all colour 1
; ($001F), tile 1 all colour 2 ($7C00).
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  ; tile pixels: high bytes of words 0-127
  lda #$80
  sta $2115
  ldx #$0000
  stx $2116
  dma_to $19, $08, one, 64
  dma_to $19, $08, two, 64
  ; map: low bytes of words 0-$3FFF, 128 rows alternating
  stz $2115
  ldx #$0000
  stx $2116
  ldy #64
: dma_to $18, $00, rows, 256
  dey
  bne :-
  set_color 1, $001F
  set_color 2, $7C00
  lda #$07
  sta $2105
  stz $211A
  write_twice $211B, $0000
  write_twice $211C, $0100
  write_twice $211D, $FF00
  write_twice $211E, $0000
  write_twice $211F, $0000
  write_twice $2120, $0000
  write_twice $210D, $0000
  write_twice $210E, $0000
  lda #$01
  sta $212C
  show_screen $0F

one: .byte 1
two: .byte 2
rows:
.repeat 64
  .byte 0, 1
.endrep
.repeat 64
  .byte 1, 0
.endrep

nmi:
irq:
  rti

.include "header.inc"
