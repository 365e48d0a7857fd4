org $008000
incsrc "bad_loop.asm"
