; Mode 0: four 2 bpp BGs with their own CGRAM blocks, tile priorities and
; a BG4 scroll. Tiles (shared, base 0): 1 solid colour 1, 2 colour 2 on the
; left half. Row tables (every map row alike):
;   BG1: columns 0-7 tile 1, column 8 tile 2            (priority 0)
;   BG2: columns 4-7 tile 1 priority 1, 8-15 tile 1 priority 0
;   BG3: columns 0-3 tile 1 priority 1, 16-23 tile 1
;   BG4: columns 8-11 tile 1 priority 1, 24-31 tile 1; BG4HOFS = 4
; Colours: backdrop $4210, BG1 1 $001F / 2 $03FF, BG2 $03E0, BG3 $7C00, BG4 $7FFF.
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  vram_copy $0000, tiles, 48
  map_rows $0400, bg1_row
  map_rows $0800, bg2_row
  map_rows $0C00, bg3_row
  map_rows $1000, bg4_row
  set_color 0, $4210
  set_color 1, $001F
  set_color 2, $03FF
  set_color 33, $03E0
  set_color 65, $7C00
  set_color 97, $7FFF
  stz $2105          ; mode 0, 8x8 tiles
  lda #$04
  sta $2107
  lda #$08
  sta $2108
  lda #$0C
  sta $2109
  lda #$10
  sta $210A
  stz $210B
  stz $210C
  write_twice $2113, 4
  lda #$0F
  sta $212C
  show_screen $0F

tiles:
  .res 16, 0                        ; tile 0: transparent
  .repeat 8
  .byte $FF, $00                    ; tile 1: colour 1
  .endrep
  .repeat 8
  .byte $00, $F0                    ; tile 2: colour 2 left, transparent right
  .endrep

bg1_row: .word 1,1,1,1,1,1,1,1, 2,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0
bg2_row: .word 0,0,0,0,$2001,$2001,$2001,$2001, 1,1,1,1,1,1,1,1, 0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0
bg3_row: .word $2001,$2001,$2001,$2001,0,0,0,0, 0,0,0,0,0,0,0,0, 1,1,1,1,1,1,1,1, 0,0,0,0,0,0,0,0
bg4_row: .word 0,0,0,0,0,0,0,0, $2001,$2001,$2001,$2001,0,0,0,0, 0,0,0,0,0,0,0,0, 1,1,1,1,1,1,1,1

nmi:
irq:
  rti

.include "header.inc"
