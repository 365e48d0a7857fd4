; mode6_opt with other scrolls (BG1 3, BG3 12 across and 8 down). Mode 6 offset-per-tile: BG1 only, 4 bpp, hires (tiles 16 half-pixels wide:
; entry N shows tile N, then N + 1). BG1 map: entry 1 ([colour 1 | colour 2])
; and entry 3 ([colour 3 | colour 1]) alternate along a row, starting with 1
; on even rows and with 3 on odd rows, so a vertical offset shows. BG3's map
; (not shown) holds two rows as in mode 2: row 0 the horizontal offsets, row 1
; the vertical ones; column pairs cycle through H +16, V +8 and none, with
; BG1's fine scroll 5 under it. Backdrop $4210, TM = BG1, TS = none.
BG1_SCROLL = 3
BG3_ROWS_BYTES = 192
BG3_SCROLLED = 1
.include "mode6_opt.inc"
