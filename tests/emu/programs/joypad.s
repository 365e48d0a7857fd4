; Auto-joypad read: waits for vblank, then for HVBJOY bit 0, counts polls
; while it stays set ($0100, 16-bit), and keeps JOY1 ($0102/$0103) and the
; HVBJOY value seen first while busy ($0104).
.p816
.smart +
.include "init.inc"

.segment "CODE"
reset:
  init_native
  lda #$01
  sta $4200          ; auto-joypad read on, no NMI
wait_vblank:
  lda $4212
  bpl wait_vblank
wait_busy:
  lda $4212
  lsr
  bcc wait_busy
  lda $4212
  sta $0104
  ldx #$0000
busy:
  inx
  lda $4212
  lsr
  bcs busy
  stx $0100
  lda $4218
  sta $0102
  lda $4219
  sta $0103
  stp

nmi:
irq:
  rti

.include "header.inc"
