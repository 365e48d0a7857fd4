; 16x16 BG tiles on a 64x64 map (BG1SC size 3), mode 1: tiles 1, 2, 17,
; 18 (the four 8x8 quarters of tile 1) are solid colours 1-4 ($001F,
; $03E0, $7C00, $7FFF). The map's top-left screen holds tile 1 plain on
; even columns and flipped both ways on odd ones; the top-right screen
; (columns 32-63) holds tile 1 flipped horizontally. BG1HOFS = 500, so the
; picture starts 12 pixels before the right screen; BG1VOFS = 1020.
.p816
.smart +
.include "init.inc"
.include "ppu.inc"

.segment "CODE"
reset:
  init_native
  init_ppu
  vram_copy $2000, tiles, 19 * 32
  map_rows $0400, left_row
  map_rows $0800, right_row
  map_rows $0C00, left_row
  map_rows $1000, right_row
  set_color 0, $4210
  set_color 1, $001F
  set_color 2, $03E0
  set_color 3, $7C00
  set_color 4, $7FFF
  lda #$11
  sta $2105          ; mode 1, BG1 16x16
  lda #$07
  sta $2107          ; map at $0400, 64x64
  lda #$02
  sta $210B
  write_twice $210D, 500
  write_twice $210E, 1020
  lda #$01
  sta $212C
  show_screen $0F

.macro solid c
  .repeat 8
  .byte (c & 1) * $FF, ((c >> 1) & 1) * $FF
  .endrep
  .repeat 8
  .byte ((c >> 2) & 1) * $FF, ((c >> 3) & 1) * $FF
  .endrep
.endmacro

tiles:
  .res 32, 0                         ; 0
  solid 1                            ; 1
  solid 2                            ; 2
  .res 32 * 14, 0                    ; 3-16
  solid 3                            ; 17
  solid 4                            ; 18

left_row:
  .repeat 16
  .word $0001, $C001
  .endrep
right_row:
  .repeat 32
  .word $4001
  .endrep

nmi:
irq:
  rti

.include "header.inc"
