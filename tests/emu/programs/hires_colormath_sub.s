; hires_colormath with the other operand and operation: CGWSEL $10 (the
; fixed colour is the operand; math prevented outside the colour window, which
; is window 1 inverted so x 200-219 still has none) and CGADSUB $E3 (subtract,
; halve, on BG1 and BG2). The rest as in hires_colormath:
; Colour math in hires (mode 5): BG1 (4 bpp, main screen) colour A = $2108
; on map columns 0-7, BG2 (2 bpp, sub screen, palette 1) colour C = $0010 on
; columns 4-11 (16 half-pixels each), backdrop B = $0421, fixed colour F =
; red 4, green 2, blue 31. CGADSUB $61: add, halve, on BG1 and the backdrop;
; CGWSEL $22: the operand is the sub screen, math prevented inside the colour
; window (window 1 = x 200-219). So each kind of half-pixel pair shows: main
; with and without math, over the sub screen's BG2 and over its backdrop
; (where the fixed colour takes part), and the window's effect on both halves.
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  vram_copy $2000, tiles, 96
  vram_copy $3000, tiles2, 48
  map_rows $0400, bg1_row
  map_rows $0800, bg2_row
  set_color 0, $0421
  set_color 1, $2108
  set_color 2, $2108
  set_color 5, $0010
  set_color 6, $0010
  lda #$05
  sta $2105          ; mode 5
  lda #$04
  sta $2107
  lda #$08
  sta $2108
  lda #$32
  sta $210B          ; BG1 tiles at $2000, BG2 at $3000
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
  lda #$30
  sta $2125          ; colour window: window 1, inverted
  lda #$01
  sta $212C          ; TM: BG1
  lda #$02
  sta $212D          ; TS: BG2
  lda #$10
  sta $2130
  lda #$E3
  sta $2131
  show_screen $0F

tiles:                                ; 4 bpp: tile 1 colour 1, tile 2 colour 2
  .res 32, 0
  .repeat 8
  .byte $FF, $00
  .endrep
  .res 16, 0
  .repeat 8
  .byte $00, $FF
  .endrep
  .res 16, 0
tiles2:                               ; 2 bpp: tile 1 colour 1, tile 2 colour 2
  .res 16, 0
  .repeat 8
  .byte $FF, $00
  .endrep
  .repeat 8
  .byte $00, $FF
  .endrep

bg1_row: .word 1,1,1,1,1,1,1,1, 0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0
bg2_row: .word 0,0,0,0,$401,$401,$401,$401, $401,$401,$401,$401,0,0,0,0
         .word 0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0

nmi:
irq:
  rti

.include "header.inc"
