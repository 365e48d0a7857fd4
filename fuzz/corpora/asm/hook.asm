; A hook: four bytes of the reset code become a JSL into freespace, which
; runs a table-driven routine and returns (z3ed patch asm --rom R --patch hook.asm).
lorom
org $008000
  autoclean jsl NewReset

freecode
NewReset:
  php
  rep #$30
  ldx.w #(Values_end-Values)-2
- lda.l Values,x
  sta $7E0100,x
  dex : dex
  bpl -
  plp
  sei
  clc
  rtl

Values:
  dw $0001, $0203, $0405
.end:
