; An org-only patch: assembles without a ROM (z3ed asm assemble --patch org_only.asm).
lorom


org $008000
Start:
  %set8()
  lda #!start_hearts
  sta !hearts
  ldx.b #0
.loop:
  lda Table,x
  beq +
  sta $0200,x
  inx
  bra .loop
+ rts

Table:
  db "HI", 0
  dw Start, Start_end
Start_end:
print "table at ", hex(Table)
; Shared defines and macros, as hacks keep them in one include.
!hearts = $7EF36C
!start_hearts = $18

macro set8()
  sep #$30
endmacro
