org $008000
for i = 1..5
  db !i
  db 2*!i
endfor
!n = 3
for j = 0..!n
  for k = 0..2
    db $10*!j+!k
  endfor
endfor
for z = 4..4
  db $FF
endfor
