; The S-DSP's features together, for comparison with the test oracle: after
; an IPL upload the SPC700 program sets up echo (4 KiB at $8000, cleared by
; letting the echo unit write silence over it for 64 ms first, since the two
; emulators power on with different RAM; then feedback, an 8-tap FIR, a
; negative right echo volume) and keys on three voices on one
; square-wave BRR sample: voice 0 in GAIN "bent line" increase, voice 1 with
; an ADSR envelope and pitch modulated by voice 0, voice 2 playing noise
; with a fast attack and a decay to a low sustain. Then it counts 16 steps
; of timer 0 (target 128: about 256 ms) and keys voice 1 off.
;
; Results in WRAM: $0100 = 1 once uploaded, $0101 = $5A once the program
; ran, $0102 = $0F once it keyed voice 1 off.
.p816
.smart +
.include "init.inc"
.include "spc700.inc"

; Waits until timer 0's output has stepped n times (Y counts; `label` names the loop).
.macro spc_wait_steps n, label
  spc_mov_y_imm n
label:
  spc_mov_a_dp $FD
  spc_beq label
  spc_dec_y
  spc_bne label
.endmacro

SPC_LOAD = $0200
SPC_DIR  = $04
SPC_SAMPLE = $0410

.segment "CODE"
reset:
  init_native
  jsr upload
  lda #$01
  sta $0100
: lda $2141
  cmp #$5A
  bne :-
  sta $0101
: lda $2142
  cmp #$0F
  bne :-
  sta $0102
forever:
  bra forever

.include "ipl_upload.inc"

nmi:
irq:
  rti

spc_image:
.org SPC_LOAD
  spc_mov_dp_imm $F5, $5A
  spc_dsp $6C, $1A               ; FLG: echo writes on, unmuted, noise rate 26
  spc_dsp $0C, $7F
  spc_dsp $1C, $7F
  spc_dsp $2C, $00               ; silent echo and no feedback while ...
  spc_dsp $3C, $00
  spc_dsp $0D, $00
  spc_dsp $6D, $80               ; ... the echo unit clears its buffer at $8000 ...
  spc_dsp $7D, $02               ; ... 4 KiB
  spc_dsp $0F, $10               ; FIR C0-C7
  spc_dsp $1F, $F0
  spc_dsp $2F, $08
  spc_dsp $3F, $08
  spc_dsp $4F, $08
  spc_dsp $5F, $08
  spc_dsp $6F, $08
  spc_dsp $7F, $40
  spc_mov_dp_imm $FA, $80        ; timer 0: 128 ticks of 8 kHz (16 ms) per step
  spc_mov_dp_imm $F1, $01
  spc_wait_steps 4, spc_clear    ; 64 ms: two passes over the 32 ms buffer
  spc_dsp $2C, $40               ; echo volume: left +, right -
  spc_dsp $3C, $C0
  spc_dsp $0D, $40               ; feedback 0.5
  spc_dsp $4D, $03               ; EON voices 0-1
  spc_dsp $3D, $04               ; NON voice 2
  spc_dsp $2D, $02               ; PMON voice 1
  spc_dsp $5D, SPC_DIR
  spc_dsp $00, $50               ; voice 0: bent GAIN
  spc_dsp $01, $30
  spc_dsp $02, $00
  spc_dsp $03, $06
  spc_dsp $04, $00
  spc_dsp $05, $00
  spc_dsp $07, $E8
  spc_dsp $10, $30               ; voice 1: ADSR, pitch modulated
  spc_dsp $11, $50
  spc_dsp $12, $00
  spc_dsp $13, $0A
  spc_dsp $14, $00
  spc_dsp $15, $8A
  spc_dsp $16, $4B
  spc_dsp $20, $20               ; voice 2: noise
  spc_dsp $21, $20
  spc_dsp $24, $00
  spc_dsp $25, $AF
  spc_dsp $26, $32
  spc_dsp $5C, $00
  spc_dsp $4C, $07               ; key on voices 0-2
  spc_wait_steps 16, spc_hold     ; about 256 ms
  spc_dsp $5C, $02               ; key off voice 1
  spc_mov_dp_imm $F6, $0F
spc_idle:
  spc_bra spc_idle
  .res $0400 - *, $00
  .word SPC_SAMPLE, SPC_SAMPLE
  .res SPC_SAMPLE - *, $00
  .byte $A3
  .byte $77, $77, $77, $77
  .byte $99, $99, $99, $99
.reloc
spc_image_end:

.include "header.inc"
