org $008000
  autoclean jsl Big
freecode
Big:
  fill $7FF0
