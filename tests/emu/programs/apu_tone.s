; The APU end to end: the 65816 uploads an SPC700 program through the IPL
; loader's handshake ($AA/$BB, the $CC kick, one byte per echo, the jump),
; the program answers on port 1 and then plays a square-wave BRR sample on
; voice 0: 1000 Hz (pitch $0800 over a 16-sample period), instant attack,
; exponential decay (rate 24) to sustain level 3, held there.
;
; Results in WRAM: $0100 = 1 once the jump's kick was echoed, $0101 = $5A
; once the SPC700 program wrote it to port 1, $0102 = the byte the program
; read from DSP register $5D (DIR) and sent back on port 2.
.p816
.smart +
.include "init.inc"
.include "spc700.inc"

SPC_LOAD = $0200         ; where the program goes in ARAM
SPC_DIR  = $03           ; the sample directory at $0300
SPC_SAMPLE = $0310       ; one BRR block

.segment "CODE"
reset:
  init_native
  jsr upload
  lda #$01
  sta $0100
wait_program:
  lda $2141
  cmp #$5A
  bne wait_program
  sta $0101
wait_dir:
  lda $2142
  beq wait_dir
  sta $0102
forever:
  bra forever            ; keep running: the sound is the result

.include "ipl_upload.inc"

nmi:
irq:
  rti

; ---- the SPC700 program, assembled for ARAM $0200 ------------------------------------------
spc_image:
.org SPC_LOAD
  spc_mov_dp_imm $F5, $5A        ; "running" on port 1
  spc_dsp $6C, $20               ; FLG: out of reset, unmuted, echo writes off
  spc_dsp $0C, $7F               ; main volume
  spc_dsp $1C, $7F
  spc_dsp $2C, $00               ; no echo return
  spc_dsp $3C, $00
  spc_dsp $4D, $00               ; EON, NON, PMON off
  spc_dsp $3D, $00
  spc_dsp $2D, $00
  spc_dsp $5D, SPC_DIR           ; DIR
  spc_dsp $00, $7F               ; voice 0: volume, pitch $0800, sample 0
  spc_dsp $01, $7F
  spc_dsp $02, $00
  spc_dsp $03, $08
  spc_dsp $04, $00
  spc_dsp $05, $CF               ; ADSR on, decay 4, attack 15
  spc_dsp $06, $60               ; sustain level 3, sustain rate 0 (hold)
  spc_dsp $4C, $01               ; key on voice 0
  spc_mov_dp_imm $F2, $5D        ; read DIR back through DSPDATA ...
  spc_mov_a_dp $F3
  spc_mov_dp_a $F6               ; ... and report it on port 2
spc_idle:
  spc_bra spc_idle
  .res $0300 - *, $00            ; pad to the directory
  .word SPC_SAMPLE, SPC_SAMPLE   ; entry 0: start, loop
  .res SPC_SAMPLE - *, $00
  .byte $A3                      ; shift 10, filter 0, loop, end
  .byte $77, $77, $77, $77       ; eight samples of +7
  .byte $99, $99, $99, $99       ; eight of -7
.reloc
spc_image_end:

.include "header.inc"
