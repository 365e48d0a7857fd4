; asar: the test project's entry
incsrc "defines.asm"
!speed = 2
macro add_speed(v)
  lda #<v>+!speed
endmacro
org $008000
Reset:
  jsl InitPlayer
  jsr .wait
  %add_speed(1)
.wait:
  rts
InitPlayer:
  lda #$00 ; jsl NotACall
  rtl
