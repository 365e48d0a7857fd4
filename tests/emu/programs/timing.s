; Access timing: how long 64 NOPs take in SlowROM (bank $00) and in FastROM
; (bank $80 with MEMSEL = 1), measured with the H/V counter latch. Each
; `measure` stores 8 bytes: H low, H bit 8, V low, V bit 8 at the start, then
; the same at the end. $0100: bank $00 without NOPs, $0108: with 64 NOPs,
; $0110 and $0118: the same in bank $80. $0120 = 1 when done.
.p816
.smart +
.include "init.inc"
.include "latch.inc"


.macro measure nops, out
  latch out
.repeat nops
  nop
.endrep
  latch out+4
.endmacro

.segment "CODE"
reset:
  init_native
  measure 0, $0100
  measure 64, $0108
  lda #$01
  sta $420D          ; FastROM for banks $80-$FF
  jml $800000 + fast
fast:
  measure 0, $0110
  measure 64, $0118
  lda #$01
  sta $0120
  stp

nmi:
irq:
  rti

.include "header.inc"
