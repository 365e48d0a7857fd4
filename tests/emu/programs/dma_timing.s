; General DMA timing against the oracle: the H/V counters latched before and
; after DMAs of several shapes, each pair 8 bytes from $0100 (latch.inc's
; layout, start then end). The first latch comes straight after init_native,
; so it also pins where the program starts after reset. $01FF = 1 when done.
;   $0100 start        $0108 1 byte        $0110 2 bytes      $0118 3 bytes
;   $0120 4 bytes      $0128 2 channels    $0130 DMA + NOP    $0138 65536 bytes
;   $0140-$0150 1, 2, 3 bytes in FastROM
.p816
.smart +
.include "init.inc"
.include "latch.inc"
.include "ppu.inc"

.macro dma_probe out, len
  latch out
  dma_to $18, $09, zero, len
  latch out+4
.endmacro

.segment "CODE"
reset:
  init_native
  latch $0100
  lda #$80
  sta $2100          ; forced blank: VRAM takes the bytes
  sta $2115
  dma_probe $0108, 1
  dma_probe $0110, 2
  dma_probe $0118, 3
  dma_probe $0120, 4
  ; channels 0 and 1 in one start, 2 bytes each
  ldx #2
  jsr setup_channels
  latch $0128
  lda #$03
  sta $420B
  latch $012C
  ; a NOP after the start: the DMA waits for the CPU's next bus cycle
  ldx #1
  jsr setup_channels
  latch $0130
  lda #$01
  sta $420B
  nop
  latch $0134
  dma_probe $0138, 0
  lda #$01
  sta $420D          ; FastROM for banks $80-$FF
  jml $800000 + fast
fast:
  dma_probe $0140, 1
  dma_probe $0148, 2
  dma_probe $0150, 3
  lda #$01
  sta $01FF
  stp
zero:
  .byte 0

; Channels 0 and 1: X bytes each of the fixed zero byte to VRAM.
setup_channels:
  lda #$09
  sta $4300
  sta $4310
  lda #$18
  sta $4301
  sta $4311
  ldy #.loword(zero)
  sty $4302
  sty $4312
  stz $4304
  stz $4314
  stx $4305
  stx $4315
  rts

nmi:
irq:
  rti

.include "header.inc"
