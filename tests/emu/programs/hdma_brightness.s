; HDMA gradient: channel 1 writes INIDISP every 16 lines (15, 14, ... 2)
; over a white backdrop, so frame rows 16k..16k+15 show brightness 15 - k.
; The colour is subtracted from nothing: CGADSUB stays 0.
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  set_color 0, $7FFF
  stz $2105
  stz $212C
  stz $4310          ; A to B, one register
  stz $4311          ; $2100
  ldx #table
  stx $4312
  stz $4314
: lda $4212          ; enable HDMA in vblank, so its first frame starts at line 0
  bpl :-
  lda #$02
  sta $420C
  show_screen $0F

table:
.repeat 14, I
  .byte 16, 15 - I
.endrep
  .byte 0

nmi:
irq:
  rti

.include "header.inc"
