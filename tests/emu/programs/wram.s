; WRAM through its mirrors and the $2180-$2183 port, and SRAM in bank $70.
; Results from $0100:
;   $0100 $7E:0010 after writing $A5 to $00:0010      $0101 $80:1FFF after writing $5A to $7E:1FFF
;   $0102 $3F:0010 (a mirror in bank $3F)             $0103-$0105 $7F:0000-$7F:0002 after 3 port writes at $10000
;   $0106-$0107 two port reads from $10001            $0108 $7F:FFFF, $0109 $7E:0000 after port writes $44 $55 at $1FFFF
;   $010A $70:0000 after writing $C3 to $F0:0000
.p816
.smart +
SRAM_CODE = 1
.include "init.inc"

.segment "CODE"
reset:
  init_native
  lda #$A5
  sta $0010
  lda f:$7E0010
  sta $0100
  lda #$5A
  sta f:$7E1FFF
  lda f:$801FFF
  sta $0101
  lda f:$3F0010
  sta $0102

  stz $2181
  stz $2182
  lda #$01
  sta $2183          ; port address $10000
  lda #$11
  sta $2180
  lda #$22
  sta $2180
  lda #$33
  sta $2180
  lda f:$7F0000
  sta $0103
  lda f:$7F0001
  sta $0104
  lda f:$7F0002
  sta $0105
  lda #$01
  sta $2181
  stz $2182          ; $10001 ($2183 keeps bit 16)
  lda $2180
  sta $0106
  lda $2180
  sta $0107

  lda #$FF
  sta $2181
  sta $2182          ; $1FFFF
  lda #$44
  sta $2180
  lda #$55
  sta $2180          ; wraps to $00000
  lda f:$7FFFFF
  sta $0108
  lda f:$7E0000
  sta $0109

  lda #$C3
  sta f:$F00000
  lda f:$700000
  sta $010A
  stp

nmi:
irq:
  rti

.include "header.inc"
