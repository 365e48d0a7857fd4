; Calls for the debugger: main calls outer, which calls inner, which writes
; and reads back $0110; main counts its rounds at $0100. NMIs (on) count at
; $0120. Labels go to calls.lbl, so tests name places instead of addresses.
.p816
.smart +
.include "init.inc"

.segment "CODE"
reset:
  init_native
  lda $4210
  lda #$80
  sta $4200          ; NMI on
main:
  jsr outer
after_outer:
  rep #$20
  inc $0100
  sep #$20
  bra main

outer:
  nop
  jsr inner
after_inner:
  rts

inner:
  lda $0100
  sta $0110
store_done:
  lda $0110
  rts

nmi:
  rep #$20
  inc $0120
  sep #$20
  rti

irq:
  rti

.include "header.inc"
