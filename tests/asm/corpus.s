; Every 65816 opcode in ca65 syntax, assembled at build time by ca65/ld65 and
; disassembled by tests/asm/crosscheck.c, which requires the same mnemonic and
; operand for each instruction line. The .a8/.a16/.i8/.i16 directives tell ca65
; the immediate sizes; the disassembler must reach the same sizes by tracking
; REP, SEP, PHP/PLP and XCE (the checker compares them too). Operands are written
; with a:/f: so ca65 never shortens an absolute or long form. REP and SEP
; in the opcode walk use values that leave M and X alone.
.p816
.segment "CODE"
.org $8000
Start:
        sep #$30
.a8
.i8
; ---- all 256 opcodes, 8-bit accumulator and index registers
        brk $03
        ora ($0a,x)
        cop $11
        ora $18,s
        tsb $1f
        ora $26
        asl $2d
        ora [$34]
        php
        ora #$42
        asl a
        phd
        tsb a:$2998
        ora a:$2b8b
        asl a:$2d7e
        ora f:$2c2f71
        bpl $8006
        ora ($7a),y
        ora ($81)
        ora ($88,s),y
        trb $8f
        ora $96,x
        asl $9d,x
        ora [$a4],y
        clc
        ora a:$43ef,y
        inc a
        tcs
        trb a:$49c8
        ora a:$4bbb,x
        asl a:$4dae,x
        ora f:$7c4fa1,x
        jsr a:$5194
        and ($ea,x)
        jsl f:$1b557a
        and $f8,s
        bit $ff
        and $06
        rol $0d
        and [$14]
        plp
        and #$22
        rol a
        pld
        bit a:$67f8
        and a:$69eb
        rol a:$6bde
        and f:$cc6dd1
        bmi $806e
        and ($5a),y
        and ($61)
        and ($68,s),y
        bit $6f,x
        and $76,x
        rol $7d,x
        and [$84],y
        sec
        and a:$814f,y
        dec a
        tsc
        bit a:$8728,x
        and a:$891b,x
        rol a:$8b0e,x
        and f:$1c8d01,x
        rti
        eor ($ca,x)
        wdm $d1
        eor $d8,s
        mvp #$df,#$85
        eor $e6
        lsr $ed
        eor [$f4]
        pha
        eor #$02
        lsr a
        phk
        jmp a:$a758
        eor a:$a94b
        lsr a:$ab3e
        eor f:$6cad31
        bvc $80d3
        eor ($3a),y
        eor ($41)
        eor ($48,s),y
        mvn #$4f,#$15
        eor $56,x
        lsr $5d,x
        eor [$64],y
        cli
        eor a:$bfaf,y
        phy
        tcd
        jml f:$1dc588
        eor a:$c77b,x
        lsr a:$c96e,x
        eor f:$bccb61,x
        rts
        adc ($aa,x)
        per $95d6
        adc $b8,s
        stz $bf
        adc $c6
        ror $cd
        adc [$d4]
        pla
        adc #$e2
        ror a
        rtl
        jmp ($e5b8)
        adc a:$e7ab
        ror a:$e99e
        adc f:$0ceb91
        bvs $80d9
        adc ($1a),y
        adc ($21)
        adc ($28,s),y
        stz $2f,x
        adc $36,x
        ror $3d,x
        adc [$44],y
        sei
        adc a:$ff0f,y
        ply
        tdc
        jmp ($03e8,x)
        adc a:$05db,x
        ror a:$07ce,x
        adc f:$5c09c1,x
Middle:
        bra $810c
        sta ($8a,x)
        brl $97bc
        sta $98,s
        sty $9f
        sta $a6
        stx $ad
        sta [$b4]
        dey
        bit #$c2
        txa
        phb
        sty a:$2318
        sta a:$250b
        stx a:$27fe
        sta f:$ac29f1
        bcc $813f
        sta ($fa),y
        sta ($01)
        sta ($08,s),y
        sty $0f,x
        sta $16,x
        stx $1d,y
        sta [$24],y
        tya
        sta a:$3d6f,y
        txs
        txy
        stz a:$4348
        sta a:$453b,x
        stz a:$472e,x
        sta f:$fc4921,x
        ldy #$63
        lda ($6a,x)
        ldx #$71
        lda $78,s
        ldy $7f
        lda $86
        ldx $8d
        lda [$94]
        tay
        lda #$a2
        tax
        plb
        ldy a:$6178
        lda a:$636b
        ldx a:$655e
        lda f:$4c6751
        bcs $81a4
        lda ($da),y
        lda ($e1)
        lda ($e8,s),y
        ldy $ef,x
        lda $f6,x
        ldx $fd,y
        lda [$04],y
        clv
        lda a:$7bcf,y
        tsx
        tyx
        ldy a:$81a8,x
        lda a:$839b,x
        ldx a:$858e,y
        lda f:$9c8781,x
        cpy #$43
        cmp ($4a,x)
        rep #$c3
        cmp $58,s
        cpy $5f
        cmp $66
        dec $6d
        cmp [$74]
        iny
        cmp #$82
        dex
        wai
        cpy a:$9fd8
        cmp a:$a1cb
        dec a:$a3be
        cmp f:$eca5b1
        bne $81a8
        cmp ($ba),y
        cmp ($c1)
        cmp ($c8,s),y
        pei ($cf)
        cmp $d6,x
        dec $dd,x
        cmp [$e4],y
        cld
        cmp a:$b92f,y
        phx
        stp
        jml [$bf08]
        cmp a:$c1fb,x
        dec a:$c3ee,x
        cmp f:$3cc5e1,x
        cpx #$23
        sbc ($2a,x)
        sep #$c2
        sbc $38,s
        cpx $3f
        sbc $46
        inc $4d
        sbc [$54]
        inx
        sbc #$62
        nop
        xba
        cpx a:$df38
        sbc a:$e12b
        inc a:$e31e
        sbc f:$8ce511
        beq $820d
        sbc ($9a),y
        sbc ($a1)
        sbc ($a8,s),y
        pea $edd0
        sbc $b6,x
        inc $bd,x
        sbc [$c4],y
        sed
        sbc a:$f78f,y
        plx
        clc
        xce
        jsr ($fd68,x)
        sbc a:$ff5b,x
        inc a:$014e,x
        sbc f:$dc0341,x
; ---- immediate forms with 16-bit A and X/Y
        rep #$30
.a16
.i16
Wide:
        ora #$23bf
        and #$631f
        eor #$a17f
        adc #$dfdf
        bit #$1d3f
        lda #$5b9f
        cmp #$99ff
        sbc #$d95f
        ldy #$4b14
        ldx #$4dfa
        cpy #$8974
        cpx #$c7d4
; ---- mixed sizes
        sep #$20
.a8
        lda #$a2
        ldx #$4dfa
        rep #$20
        sep #$10
.a16
.i8
        adc #$dfdf
        cpy #$43
; ---- PHP/PLP restore what was pushed
        php
        sep #$30
.a8
.i8
        and #$22
        cpx #$23
        plp
.a16
.i8
        and #$631f
        cpx #$23
; ---- emulation mode forces 8-bit registers; REP cannot widen them there
        sec
        xce
.a8
.i8
        rep #$30
        cmp #$82
        ldy #$63
        clc
        xce
        cmp #$82
        rep #$30
.a16
.i16
        cmp #$99ff
        ldy #$4b14
End:
        rtl
WramVar = $7E0010
.export WramVar
