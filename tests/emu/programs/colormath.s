; Colour math: mode 1, BG1 (main) colour A = $2108 on columns 0-15, BG2
; (sub) colour C = $0010 on columns 8-23, backdrop B = $0421, fixed colour
; F = red 4, green 2, blue 31. CGADSUB $61: add, halve, on BG1 and the
; backdrop; CGWSEL $22: operand is the sub screen, math prevented inside
; the colour window (window 1 = x 200-219). BG1 is masked from the main
; screen by window 2 (x 40-47).
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  vram_copy $2000, tiles, 64
  map_rows $0400, bg1_row
  map_rows $0800, bg2_row
  set_color 0, $0421
  set_color 1, $2108
  set_color 17, $0010
  lda #$01
  sta $2105          ; mode 1
  lda #$04
  sta $2107
  lda #$08
  sta $2108
  lda #$22
  sta $210B          ; BG1 and BG2 tiles at $2000
  lda #$24
  sta $2132          ; red 4
  lda #$42
  sta $2132          ; green 2
  lda #$9F
  sta $2132          ; blue 31
  lda #200
  sta $2126
  lda #219
  sta $2127
  lda #40
  sta $2128
  lda #47
  sta $2129
  lda #$08
  sta $2123          ; BG1: window 2
  lda #$20
  sta $2125          ; colour window: window 1
  lda #$01
  sta $212C          ; TM: BG1
  sta $212E          ; TMW: BG1
  lda #$02
  sta $212D          ; TS: BG2
  lda #$22
  sta $2130
  lda #$61
  sta $2131
  show_screen $0F

tiles:
  .res 32, 0
  .repeat 8
  .byte $FF, $00
  .endrep
  .res 16, 0

bg1_row: .word 1,1,1,1,1,1,1,1, 1,1,1,1,1,1,1,1, 0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0
bg2_row: .word 0,0,0,0,0,0,0,0, $401,$401,$401,$401,$401,$401,$401,$401
         .word $401,$401,$401,$401,$401,$401,$401,$401, 0,0,0,0,0,0,0,0

nmi:
irq:
  rti

.include "header.inc"
