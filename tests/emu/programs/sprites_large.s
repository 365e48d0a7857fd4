; Large sprites, flips and X wrap: OBSEL $A0 (32x32 small, 64x64 large,
; tables at VRAM $0000 and $1000). Tile n of each table is solid colour
; (n mod 15) + 1, so every 8x8 piece shows which tile the hardware picked;
; CGRAM i = (i & 31) | (i >> 3 & 31) << 5 | (i * 7 & 31) << 10.
;   0: (8, 8) small, tile $0E: pieces wrap within the row (columns 14, 15,
;      0, 1) and step down 16 tiles per piece row
;   1: (64, 8) small, tile $0E, flipped both ways
;   2: (120, 40) large, tile $C4 of the second table, palette 2
;   3: (500, 120) large: X wraps, its right 52 pixels show at x 0-51
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  vram_copy $0000, tiles, 8192
  vram_copy $1000, tiles, 8192
  stz $2121
  dma_to $22, $00, colors, 512
  stz $2102
  stz $2103
  dma_to $04, $00, oam, 544
  lda #$A0
  sta $2101
  lda #$10
  sta $212C
  show_screen $0F

oam:
  .byte 8, 8, $0E, $30
  .byte 64, 8, $0E, $F0
  .byte 120, 40, $C4, $35
  .byte $F4, 120, $00, $32
  .repeat 124
  .byte 0, $E0, 0, 0
  .endrep
  .byte $E8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
  .res 16, 0

colors:
.repeat 256, I
  .word (I & 31) | ((I >> 3) & 31) << 5 | ((I * 7) & 31) << 10
.endrep

tiles:
.repeat 256, N
  .repeat 8
  .byte (((N .mod 15) + 1) & 1) * $FF, ((((N .mod 15) + 1) >> 1) & 1) * $FF
  .endrep
  .repeat 8
  .byte ((((N .mod 15) + 1) >> 2) & 1) * $FF, ((((N .mod 15) + 1) >> 3) & 1) * $FF
  .endrep
.endrep

nmi:
irq:
  rti

.include "header.inc"
