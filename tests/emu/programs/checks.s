; Bug patterns for `debug check`: every bad_* routine has one pattern, every
; good_* routine is its correct twin. Main calls each once, then idles with
; the screen on; the NMI handler starts a DMA to VRAM in vblank (correct),
; bad_dma starts one during active display. Labels go to checks.lbl.
; `debug diverge` tests change dma_data in a copy: a difference only DMA sees.
.p816
.smart +
.include "init.inc"

.macro dma_word_to_vram
  lda #$80
  sta $2115          ; VRAM: step after the high byte
  ldx #$0000
  stx $2116
  lda #$01
  sta $4300          ; A to B, two registers (the VRAM word)
  lda #$18
  sta $4301          ; to $2118
  ldx #.loword(dma_data)
  stx $4302
  stz $4304          ; from ROM, bank 0 (only DMA reads dma_data)
  ldx #$0002
  stx $4305
  lda #$01
.endmacro

.segment "CODE"
reset:
  init_native
  lda #$0F
  sta $2100          ; screen on
  lda $4210
  lda #$80
  sta $4200          ; NMI on
  jsr good_stack
  jsr bad_stack
  jsr good_phb
  jsr bad_phb
  phk
  plb                ; bad_phb left the data bank at $7E
  rep #$20
  jsr wide_a         ; with 16-bit A, as it is written
  sep #$20
wide_a_m8_call:
  jsr wide_a         ; with 8-bit A: LDA #imm is one byte shorter
  jsr same_sizes
  jsr same_sizes
  jsr good_index
  jsr bad_index
  jsr good_store
  jsr bad_store
  jsr bad_dma
idle:
  wai
  bra idle

good_stack:
  pha
  pla
  rts

bad_stack:           ; leaves one byte under its return address
  plx
  pha
  phx
bad_stack_return:
  rts

good_phb:
  phb
  lda #$7E
  pha
  plb
  plb
good_phb_return:
  rts

bad_phb:             ; drops the saved bank with PLA instead of PLB
  phb
  lda #$7E
  pha
  plb
  pla
bad_phb_return:
  rts

.a16
wide_a:
  lda #$EAEA
  rts
.a8

same_sizes:
  lda #$01
  rts

good_index:
  ldx #$0010
  lda $1000,x
  rts

bad_index:
  ldx #$0010
bad_index_read:
  lda $FFF8,x        ; $00:FFF8 + $10 is $01:0008
  rts

good_store:
  sta $0130
  rts

bad_store:
bad_store_write:
  sta $8000          ; ROM
  rts

bad_dma:
: bit $4212
  bmi :-             ; out of vblank first
  dma_word_to_vram
bad_dma_start:
  sta $420B
  rts

nmi:
  php
  rep #$10
  sep #$20
  pha
  phx
  lda $4210
  dma_word_to_vram
good_dma_start:
  sta $420B
  plx
  pla
  plp
  rti

irq:
  rti

dma_data:
  .byte $12, $34

.include "header.inc"
