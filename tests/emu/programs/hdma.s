; HDMA from a ROM table into the WRAM port: channel 0, pattern 0, B bus $80.
; The table: a repeat entry of 64 lines (bytes 0..63), a one-byte entry
; lasting 16 lines ($EE), then the end. The port starts at $0400, so one
; frame of HDMA leaves 0..63, $EE at $0400-$0440. $0100 = 1 when done.
.p816
.smart +
.include "init.inc"

.segment "CODE"
reset:
  init_native
  stz $2181
  lda #$04
  sta $2182
  stz $2183          ; WRAM port at $0400
  stz $4300          ; A to B, pattern 0
  lda #$80
  sta $4301          ; $2180
  ldx #table
  stx $4302
  stz $4304          ; bank $00
  jsr wait_vblank
  lda #$01
  sta $420C          ; the tables start at the next line 0
: lda $4212          ; wait for the end of this vblank
  bmi :-
  jsr wait_vblank    ; a whole frame of HDMA has run
  stz $420C
  lda #$01
  sta $0100
  stp

wait_vblank:
  lda $4212
  bpl wait_vblank
  rts

table:
  .byte $C0          ; repeat, 64 lines
.repeat 64, I
  .byte I
.endrep
  .byte $10, $EE     ; one byte, then 15 idle lines
  .byte $00

nmi:
irq:
  rti

.include "header.inc"
