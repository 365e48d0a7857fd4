; hires_colormath with the other operand and operation: CGWSEL $10 (the
; fixed colour is the operand; math prevented outside the colour window, which
; is window 1 inverted so x 200-219 still has none) and CGADSUB $E3 (subtract,
; halve, on BG1 and BG2). The rest as in hires_colormath:
COLOR_WINDOW = $30   ; window 1, inverted
CGWSEL_VALUE = $10
CGADSUB_VALUE = $E3
.include "hires_colormath.inc"
