; NMI at vertical blank: the handler counts NMIs at $0100 (16-bit) and keeps
; what $4210 and $4212 read inside it; the main loop counts its wake-ups.
.p816
.smart +
.include "init.inc"

.segment "CODE"
reset:
  init_native
  lda $4210          ; clear a stale NMI flag before enabling
  lda #$80
  sta $4200          ; NMI on, no IRQ, no auto-joypad
main:
  wai
  rep #$20
  inc $0110          ; wake-ups of the main loop
  sep #$20
  bra main

nmi:
  pha
  lda $4210          ; flag set: bit 7, version 2, bits 6-4 open bus ($42, the operand)
  sta $0102
  lda $4210          ; the first read cleared it
  sta $0103
  lda $4212          ; in vblank
  sta $0104
  rep #$20
  inc $0100
  sep #$20
  pla
  rti

irq:
  rti

.include "header.inc"
