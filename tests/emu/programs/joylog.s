; Joypad log: every NMI waits for that frame's auto-joypad read to finish and stores
; JOY1 ($4218/$4219) at $0102 + 2 * n, n = the NMI count kept at $0100
; (16 entries), so a test sees which buttons each frame's read delivered.
.p816
.smart +
.include "init.inc"

.segment "CODE"
reset:
  init_native
  lda $4210          ; clear a stale NMI flag before enabling
  lda #$81
  sta $4200          ; NMI and auto-joypad read on
main:
  wai
  bra main

nmi:
  rep #$30
  pha
  phx
  sep #$20
  lda $4210
wait_start:          ; the read starts a little after the NMI...
  lda $4212
  lsr
  bcc wait_start
wait_end:            ; ...and takes about 4224 clocks
  lda $4212
  lsr
  bcs wait_end
  rep #$20
  lda $0100
  cmp #16
  bcs done
  asl
  tax
  lda $4218
  sta $0102,x
  inc $0100
done:
  plx
  pla
  rti

irq:
  rti

.include "header.inc"
