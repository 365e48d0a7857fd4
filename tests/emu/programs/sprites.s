; Sprites (OBSEL 0: 8x8 small, 16x16 large; tiles at VRAM 0, every tile
; used solid colour 1). Palette 0 colour 1 = $001F, palette 1 = $03E0,
; backdrop $4210; only OBJ on the main screen.
;   0: (16, 16) small, palette 0, in front of
;   1: (20, 20) large, palette 1
;   2-33: (0, 100) small: 32 sprites on rows 100-107; 34: (128, 100) is
;         the 33rd: not drawn, range over
;   35: (200, 150) large, 36-52: (0, 150) large: 36 slivers; the time pass
;         runs from 52 back, so 35's two slivers are the ones lost: time over
;   53-127: off screen (y = $F0)
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
  ldy #18
: dma_to $18, $01, solid, 32
  dey
  bne :-
  stz $2102
  stz $2103
  dma_to $04, $00, oam, 544
  set_color 0, $4210
  set_color 129, $001F
  set_color 145, $03E0
  stz $2101
  stz $2105
  lda #$10
  sta $212C
  show_screen $0F

solid:
  .repeat 8
  .byte $FF, $00
  .endrep
  .res 16, 0

oam:
  .byte 16, 16, 0, $30
  .byte 20, 20, 0, $32
  .repeat 32
  .byte 0, 100, 0, $30
  .endrep
  .byte 128, 100, 0, $32
  .byte 200, 150, 0, $32
  .repeat 17
  .byte 0, 150, 0, $30
  .endrep
  .repeat 75
  .byte 0, $F0, 0, $00
  .endrep
  ; high table: sizes (sprite 1, 35-52 large), X bit 8 clear
  .byte $08, 0, 0, 0, 0, 0, 0, 0, $80, $AA, $AA, $AA, $AA, $02, 0, 0
  .res 16, 0

nmi:
irq:
  rti

.include "header.inc"
