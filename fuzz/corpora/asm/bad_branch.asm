org $008000
  beq Far
  fill 300
Far:
  rts
