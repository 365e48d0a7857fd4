; Windows and subtractive colour math: mode 1, BG1 (colour $7FFF) over BG2
; (colour $03E0), both on every column of the main screen. Window 1 = x
; 32-95, window 2 = x 64-127; BG1 uses both with XOR, so it is cut away
; at x 32-63 and 96-127. The colour window is window 2 inverted (x outside
; 64-127) and CGWSEL $80 clips the main colour to black inside it... so
; only x 64-127 keep their colour; CGADSUB $82 subtracts the fixed colour
; (red 31, green 8) from BG2's pixels there.
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
  set_color 0, $4210
  set_color 1, $7FFF
  set_color 17, $03E0
  lda #$01
  sta $2105
  lda #$04
  sta $2107
  lda #$08
  sta $2108
  lda #$22
  sta $210B
  lda #32
  sta $2126
  lda #95
  sta $2127
  lda #64
  sta $2128
  lda #127
  sta $2129
  lda #$0A
  sta $2123          ; BG1: windows 1 and 2
  lda #$02
  sta $212A          ; BG1 logic XOR
  lda #$C0
  sta $2125          ; colour window: window 2, inverted
  lda #$03
  sta $212C
  lda #$01
  sta $212E          ; BG1 windowed on the main screen
  lda #$3F
  sta $2132
  lda #$48
  sta $2132
  lda #$80
  sta $2130
  lda #$82
  sta $2131
  show_screen $0F

tiles:
  .res 32, 0
  .repeat 8
  .byte $FF, $00
  .endrep
  .res 16, 0

bg1_row:
  .repeat 32
  .word 1
  .endrep
bg2_row:
  .repeat 32
  .word $0401
  .endrep

nmi:
irq:
  rti

.include "header.inc"
