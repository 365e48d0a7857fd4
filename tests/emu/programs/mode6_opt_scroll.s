; mode6_opt with other scrolls (BG1 3, BG3 12 across and 8 down). Mode 6 offset-per-tile: BG1 only, 4 bpp, hires (tiles 16 half-pixels wide:
; entry N shows tile N, then N + 1). BG1 map: entry 1 ([colour 1 | colour 2])
; and entry 3 ([colour 3 | colour 1]) alternate along a row, starting with 1
; on even rows and with 3 on odd rows, so a vertical offset shows. BG3's map
; (not shown) holds two rows as in mode 2: row 0 the horizontal offsets, row 1
; the vertical ones; column pairs cycle through H +16, V +8 and none, with
; BG1's fine scroll 5 under it. Backdrop $4210, TM = BG1, TS = none.
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  vram_copy $2000, tiles, 160
  lda #$80
  sta $2115
  ldx #$0400
  stx $2116
  ldy #16
: dma_to $18, $01, bg1_rows, 128
  dey
  bne :-
  vram_copy $0C00, bg3_rows, 192
  set_color 0, $4210
  set_color 1, $001F
  set_color 2, $03E0
  set_color 3, $7C00
  lda #$06
  sta $2105
  lda #$04
  sta $2107
  lda #$0C
  sta $2109
  lda #$02
  sta $210B
  write_twice $210D, 3              ; BG1 fine scroll 3
  write_twice $2111, 12             ; BG3 scroll 12: the lookups move by one 8-pixel step
  write_twice $2112, 8              ; and down one row: row 1 gives H, row 2 V
  lda #$01
  sta $212C
  stz $212D
  show_screen $0F

tiles:
  .res 32, 0
  .repeat 8                         ; tile 1: colour 1
  .byte $FF, $00
  .endrep
  .res 16, 0
  .repeat 8                         ; tile 2: colour 2
  .byte $00, $FF
  .endrep
  .res 16, 0
  .repeat 8                         ; tile 3: colour 3
  .byte $FF, $FF
  .endrep
  .res 16, 0
  .repeat 8                         ; tile 4: colour 1
  .byte $FF, $00
  .endrep
  .res 16, 0

bg1_rows:
  .repeat 16
  .word 1, 3
  .endrep
  .repeat 16
  .word 3, 1
  .endrep
bg3_rows:
  .repeat 5                         ; row 0: horizontal offsets
  .word $2010, $2010, 0, 0, 0, 0
  .endrep
  .word $2010, $2010
  .repeat 5                         ; row 1: vertical offsets
  .word 0, 0, $2008, $2008, 0, 0
  .endrep
  .word 0, 0
  .repeat 4                         ; row 2: vertical offsets, seen with BG3 scrolled down
  .word 0, $2008, $2008, 0, 0, 0, 0, $2008
  .endrep

nmi:
irq:
  rti

.include "header.inc"
