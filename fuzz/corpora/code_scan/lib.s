; ca65: a second routine calling into main.asm
.include "regs.inc"
SCREEN_W = 256
.macro wait_vblank
  nop
.endmacro
.proc update
  jsr InitPlayer
  rts
.endproc
