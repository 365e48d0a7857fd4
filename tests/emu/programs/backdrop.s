; Backdrop by button: the screen shows only the backdrop (CGRAM colour 0, no
; layers enabled). Each NMI reads that frame's joypad and sets the colour:
; green while A is held, blue while B is held, red otherwise. The new colour
; shows from the next frame on. The APU is not touched.
.p816
.smart +
.include "init.inc"

RED   = $001F
GREEN = $03E0
BLUE  = $7C00

.segment "CODE"
reset:
  init_native
  lda #$80
  sta $2100          ; forced blank while setting up
  stz $212C          ; no layers on the main screen
  stz $212D          ; nor the sub screen
  stz $2130          ; colour math off
  stz $2131
  stz $2121
  lda #<RED
  sta $2122
  lda #>RED
  sta $2122
  lda $4210          ; clear a stale NMI flag before enabling
  lda #$81
  sta $4200          ; NMI and auto-joypad read on
  lda #$0F
  sta $2100          ; display on, full brightness
main:
  wai
  bra main

nmi:
  rep #$30
  pha
  sep #$20
  lda $4210
wait_start:          ; the auto-joypad read starts a little after the NMI
  lda $4212
  lsr
  bcc wait_start
wait_end:
  lda $4212
  lsr
  bcs wait_end
  rep #$20
  lda $4218
  bit #$0080         ; A
  bne green
  bit #$8000         ; B
  bne blue
  lda #RED
  bra set
green:
  lda #GREEN
  bra set
blue:
  lda #BLUE
set:
  sep #$20
  stz $2121
  sta $2122
  xba
  sta $2122
  rep #$20
  pla
  rti

irq:
  rti

.include "header.inc"
