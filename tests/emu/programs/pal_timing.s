; PAL timing, seen on screen: the header's region is Europe ($02), so the
; console runs 312 lines a frame. Each frame the program latches the V counter
; over and over from the start of vblank to its end and keeps the largest value
; (311 on PAL, 261 on NTSC), then, in the next vblank, shows it as the backdrop
; colour: red = V & 31, green = V >> 5, blue = 31 when $213F bit 4 (PAL) is set.
; Zero page: $00-$01 the largest V, $02 the PAL bit.
.p816
.smart +
REGION_CODE = $02
.include "init.inc"

.segment "CODE"
reset:
  init_native
  lda #$80
  sta $2100          ; forced blank while setting up
  stz $212C
  stz $212D
  stz $2130
  stz $2131
  stz $2133          ; no pseudo-hires, interlace or overscan
  lda #$E0
  sta $2132          ; fixed colour black
  stz $2121          ; a black backdrop: CGRAM holds anything at power-on
  stz $2122          ; (bsnes-mercury randomises it), and frame 0 shows it
  stz $2122
  stz $00
  stz $01
  stz $02
  lda #$0F
  sta $2100
frame:
  lda $4212          ; wait for vblank
  bpl frame
  jsr show
  stz $00            ; measure this vblank
  stz $01
latch:
  lda $2137          ; latch H/V (WRIO bit 7 is 1 from power-on)
  lda $213F          ; reset the flip-flops; bit 4: PAL
  and #$10
  sta $02
  lda $213D
  xba
  lda $213D
  and #$01
  xba                ; A = V (16-bit in B:A)
  rep #$20
  cmp $00
  bcc :+
  sta $00
: sep #$20
  lda $4212
  bmi latch          ; until vblank ends
  bra frame

; The backdrop colour from the last measurement (called in vblank).
show:
  rep #$20
  lda $00
  and #$001F         ; red: V & 31
  sta $04
  lda $00
  lsr
  lsr
  lsr
  lsr
  lsr
  and #$001F         ; V >> 5 ...
  asl
  asl
  asl
  asl
  asl                ; ... as green
  ora $04
  sta $04
  sep #$20
  lda $02
  beq :+
  lda $05
  ora #$7C           ; blue 31 for PAL
  sta $05
: stz $2121
  lda $04
  sta $2122
  lda $05
  sta $2122
  rts

nmi:
irq:
  rti

.include "header.inc"
