; Interlace (SETINI $03: screen and OBJ interlace) in mode 5. BG1 4 bpp tile 1
; (and its right half, tile 2) draws pixel row r in colour r + 1 (1-8), so each
; of the picture's 448 lines tells which BG line it shows; map column 0 holds
; tile 1, the rest tile 0 (empty, with tile 1 as its right half); BG1VOFS = 3.
; In hires interlace each field draws BG line 2V + field.
; One 16x16 sprite at (64, 64), palette 0, every tile with the same rows
; (colours 129-136): with OBJ interlace it is 8 lines tall per field, its rows
; again chosen by field.
; TM = TS = BG1 + OBJ, backdrop $4210.
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  lda #$80
  sta $2115
  ldx #$0000
  stx $2116
  ldy #18
: dma_to $18, $01, rows, 32
  dey
  bne :-
  vram_copy $2000, tiles, 96
  map_rows $0400, bg1_row
  stz $2102
  stz $2103
  dma_to $04, $00, oam, 544
  set_color 0, $4210
  ldx #0
: lda colors,x
  sta $2122
  inx
  cpx #16
  bne :-
  lda #129
  sta $2121
  ldx #0
: lda colors,x
  sta $2122
  inx
  cpx #16
  bne :-
  write_twice $210E, $03
  stz $2101
  lda #$05
  sta $2105
  lda #$04
  sta $2107
  lda #$02
  sta $210B
  lda #$11
  sta $212C
  sta $212D
  lda #$03
  sta $2133
  show_screen $0F

; colours 1-8 (and 129-136): red, green, blue, yellow, cyan, magenta, white, dark red
colors: .word $001F, $03E0, $7C00, $03FF, $7FE0, $7C1F, $7FFF, $0010

; row r in colour r + 1: planes 0/1 per row, then planes 2/3 per row
.macro row_tile
  .byte $FF,$00, $00,$FF, $FF,$FF, $00,$00, $FF,$00, $00,$FF, $FF,$FF, $00,$00
  .byte $00,$00, $00,$00, $00,$00, $FF,$00, $FF,$00, $FF,$00, $FF,$00, $00,$FF
.endmacro

rows:
  row_tile

tiles:
  .res 32, 0
  row_tile
  row_tile

bg1_row: .word 1, 0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0

oam:
  .byte 64, 64, 0, $30
  .repeat 127
  .byte 0, $F0, 0, $00
  .endrep
  .byte $02
  .res 31, 0

nmi:
irq:
  rti

.include "header.inc"
