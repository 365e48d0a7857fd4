COLOR_WINDOW = $20   ; window 1
CGWSEL_VALUE = $22
CGADSUB_VALUE = $61
.include "hires_colormath.inc"
