org $008000
if 1+2*3 == 7 && defined("x") == 0
  db 1
elseif 0
  db 2
else
  db 3
endif
!a #= 3**2
dw !a, <:$123456
