macro m(a, b)
  lda.w #<a>
  sta <b>,x
endmacro
org $008000
-- %m(1, $10) : %m($1234, $2000)
- bra --
+ bra -
bra +
pushpc
org $009000
base $7E0000
Ram: dl Ram
pullpc
fill 4
pad $008020
warnpc $008100
