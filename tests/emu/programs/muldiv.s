; The multiply and divide units: every pair of the tables below, results
; stored in order from $0100 (4 bytes each: $4214-$4217 after the wait).
.p816
.smart +
.include "init.inc"

.segment "CODE"
reset:
  init_native
  ldx #$0000
  ldy #$0100
mul_loop:
  lda mul_a,x
  sta $4202
  lda mul_b,x
  sta $4203
  nop                ; 8 CPU cycles: 4 NOPs of 2 cycles
  nop
  nop
  nop
  jsr store_results
  inx
  cpx #MUL_COUNT
  bne mul_loop
  ldx #$0000
div_loop:
  rep #$20
  txa
  asl
  phx
  tax
  lda dividends,x
  sta $4204          ; 16-bit store: $4204 then $4205
  plx
  sep #$20
  lda divisors,x
  sta $4206
  nop                ; 16 CPU cycles
  nop
  nop
  nop
  nop
  nop
  nop
  nop
  jsr store_results
  inx
  cpx #DIV_COUNT
  bne div_loop
  stp

; copies $4214-$4217 to (Y) and advances Y by 4
store_results:
  rep #$20
  lda $4214
  sta $0000,y
  lda $4216
  sta $0002,y
  sep #$20
  iny
  iny
  iny
  iny
  rts

mul_a:     .byte $00, $01, $FF, $FE, $12, $80, $07
mul_b:     .byte $00, $FF, $FF, $FD, $34, $02, $00
MUL_COUNT = 7
dividends: .word 1000, $FFFF, $FFFF, 5, $8000, 12345, 0, 255
divisors:  .byte 7, 1, $FF, 9, $80, 0, 0, 16
DIV_COUNT = 8

nmi:
irq:
  rti

.include "header.inc"
