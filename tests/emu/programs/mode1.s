; Mode 1 with BGMODE bit 3: BG3's priority tiles go in front of everything.
; BG1 (4 bpp, palette 2 colour 15 = CGRAM 47 = $03E0) covers columns 0-15
; with priority tiles; BG3 (2 bpp, palette 1 colour 1 = CGRAM 5 = $001F)
; covers columns 0-7 with priority and 16-23 without. Backdrop $4210.
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  vram_copy $2000, tiles4, 64
  vram_copy $3000, tiles2, 32
  map_rows $0400, bg1_row
  map_rows $0C00, bg3_row
  set_color 0, $4210
  set_color 5, $001F
  set_color 47, $03E0
  lda #$09
  sta $2105
  lda #$04
  sta $2107
  lda #$0C
  sta $2109
  lda #$02
  sta $210B
  lda #$03
  sta $210C
  lda #$05
  sta $212C          ; BG1 and BG3
  show_screen $0F

tiles4:
  .res 32, 0
  .repeat 16
  .byte $FF, $FF
  .endrep
tiles2:
  .res 16, 0
  .repeat 8
  .byte $FF, $00
  .endrep

bg1_row:
  .repeat 16
  .word $2801
  .endrep
  .res 32, 0
bg3_row:
  .repeat 8
  .word $2401
  .endrep
  .res 16, 0
  .repeat 8
  .word $0401
  .endrep
  .res 16, 0

nmi:
irq:
  rti

.include "header.inc"
