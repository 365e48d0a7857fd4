; General DMA into VRAM and back. WRAM $0200-$023F gets bytes i*3+1, DMA
; channel 0 copies them to VRAM word $4000 ($2118/$2119), the CPU reads them
; back through $2139/$213A into $0240 (after the dummy read the prefetch
; rule needs), and channel 1 copies them back again (B to A) into $0280.
; $0100 = 1 when done. Forced blank throughout.
.p816
.smart +
.include "init.inc"

.segment "CODE"
reset:
  init_native
  lda #$80
  sta $2100          ; forced blank
  ldx #$0000
  lda #$01
fill:
  sta $0200,x
  clc
  adc #$03
  inx
  cpx #$0040
  bne fill

  lda #$80
  sta $2115          ; step after $2119, by 1
  ldx #$4000
  stx $2116          ; 16-bit store: $2116 then $2117
  lda #$01
  sta $4300          ; A to B, increment, pattern 1 (2 registers)
  lda #$18
  sta $4301          ; $2118
  ldx #$0200
  stx $4302
  lda #$7E
  sta $4304
  ldx #$0040
  stx $4305          ; 64 bytes
  lda #$01
  sta $420B

  ldx #$4000
  stx $2116
  lda $2139          ; dummy read: the first word would come back twice
  lda $213A
  ldx #$0000
readback:
  lda $2139
  sta $0240,x
  lda $213A
  sta $0241,x
  inx
  inx
  cpx #$0040
  bne readback

  ldx #$4000
  stx $2116
  lda $2139
  lda $213A
  lda #$81
  sta $4310          ; B to A, pattern 1
  lda #$39
  sta $4311          ; $2139/$213A
  ldx #$0280
  stx $4312
  lda #$7E
  sta $4314
  ldx #$0040
  stx $4315
  lda #$02
  sta $420B

  lda #$01
  sta $0100
  stp

nmi:
irq:
  rti

.include "header.inc"
