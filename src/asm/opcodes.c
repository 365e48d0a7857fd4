/* The 65816 opcode table (WDC W65C816S data sheet, opcode matrix) and the
 * operand-length rule. Checked against ca65 by tests/asm (every opcode). */
#include "asm/disasm.h"

#define OP(code, mn, md) [code] = {mn, Z3_AM_##md, Z3_FLOW_NEXT}
#define FL(code, mn, md, fl) [code] = {mn, Z3_AM_##md, Z3_FLOW_##fl}

const z3_opcode z3_opcodes[256] = {
    FL(0x00, "BRK", IMMEDIATE_8, INTERRUPT), OP(0x01, "ORA", DIRECT_X_IND),
    FL(0x02, "COP", IMMEDIATE_8, INTERRUPT), OP(0x03, "ORA", STACK),
    OP(0x04, "TSB", DIRECT), OP(0x05, "ORA", DIRECT), OP(0x06, "ASL", DIRECT),
    OP(0x07, "ORA", DIRECT_INDL), OP(0x08, "PHP", IMPLIED), OP(0x09, "ORA", IMMEDIATE_M),
    OP(0x0A, "ASL", ACCUMULATOR), OP(0x0B, "PHD", IMPLIED), OP(0x0C, "TSB", ABSOLUTE),
    OP(0x0D, "ORA", ABSOLUTE), OP(0x0E, "ASL", ABSOLUTE), OP(0x0F, "ORA", LONG),

    FL(0x10, "BPL", RELATIVE, BRANCH), OP(0x11, "ORA", DIRECT_IND_Y),
    OP(0x12, "ORA", DIRECT_IND), OP(0x13, "ORA", STACK_IND_Y), OP(0x14, "TRB", DIRECT),
    OP(0x15, "ORA", DIRECT_X), OP(0x16, "ASL", DIRECT_X), OP(0x17, "ORA", DIRECT_INDL_Y),
    OP(0x18, "CLC", IMPLIED), OP(0x19, "ORA", ABSOLUTE_Y), OP(0x1A, "INC", ACCUMULATOR),
    OP(0x1B, "TCS", IMPLIED), OP(0x1C, "TRB", ABSOLUTE), OP(0x1D, "ORA", ABSOLUTE_X),
    OP(0x1E, "ASL", ABSOLUTE_X), OP(0x1F, "ORA", LONG_X),

    FL(0x20, "JSR", ABSOLUTE, CALL), OP(0x21, "AND", DIRECT_X_IND), FL(0x22, "JSL", LONG, CALL),
    OP(0x23, "AND", STACK), OP(0x24, "BIT", DIRECT), OP(0x25, "AND", DIRECT),
    OP(0x26, "ROL", DIRECT), OP(0x27, "AND", DIRECT_INDL), OP(0x28, "PLP", IMPLIED),
    OP(0x29, "AND", IMMEDIATE_M), OP(0x2A, "ROL", ACCUMULATOR), OP(0x2B, "PLD", IMPLIED),
    OP(0x2C, "BIT", ABSOLUTE), OP(0x2D, "AND", ABSOLUTE), OP(0x2E, "ROL", ABSOLUTE),
    OP(0x2F, "AND", LONG),

    FL(0x30, "BMI", RELATIVE, BRANCH), OP(0x31, "AND", DIRECT_IND_Y),
    OP(0x32, "AND", DIRECT_IND), OP(0x33, "AND", STACK_IND_Y), OP(0x34, "BIT", DIRECT_X),
    OP(0x35, "AND", DIRECT_X), OP(0x36, "ROL", DIRECT_X), OP(0x37, "AND", DIRECT_INDL_Y),
    OP(0x38, "SEC", IMPLIED), OP(0x39, "AND", ABSOLUTE_Y), OP(0x3A, "DEC", ACCUMULATOR),
    OP(0x3B, "TSC", IMPLIED), OP(0x3C, "BIT", ABSOLUTE_X), OP(0x3D, "AND", ABSOLUTE_X),
    OP(0x3E, "ROL", ABSOLUTE_X), OP(0x3F, "AND", LONG_X),

    FL(0x40, "RTI", IMPLIED, RETURN), OP(0x41, "EOR", DIRECT_X_IND),
    OP(0x42, "WDM", IMMEDIATE_8), OP(0x43, "EOR", STACK), OP(0x44, "MVP", BLOCK_MOVE),
    OP(0x45, "EOR", DIRECT), OP(0x46, "LSR", DIRECT), OP(0x47, "EOR", DIRECT_INDL),
    OP(0x48, "PHA", IMPLIED), OP(0x49, "EOR", IMMEDIATE_M), OP(0x4A, "LSR", ACCUMULATOR),
    OP(0x4B, "PHK", IMPLIED), FL(0x4C, "JMP", ABSOLUTE, JUMP), OP(0x4D, "EOR", ABSOLUTE),
    OP(0x4E, "LSR", ABSOLUTE), OP(0x4F, "EOR", LONG),

    FL(0x50, "BVC", RELATIVE, BRANCH), OP(0x51, "EOR", DIRECT_IND_Y),
    OP(0x52, "EOR", DIRECT_IND), OP(0x53, "EOR", STACK_IND_Y), OP(0x54, "MVN", BLOCK_MOVE),
    OP(0x55, "EOR", DIRECT_X), OP(0x56, "LSR", DIRECT_X), OP(0x57, "EOR", DIRECT_INDL_Y),
    OP(0x58, "CLI", IMPLIED), OP(0x59, "EOR", ABSOLUTE_Y), OP(0x5A, "PHY", IMPLIED),
    OP(0x5B, "TCD", IMPLIED), FL(0x5C, "JML", LONG, JUMP), OP(0x5D, "EOR", ABSOLUTE_X),
    OP(0x5E, "LSR", ABSOLUTE_X), OP(0x5F, "EOR", LONG_X),

    FL(0x60, "RTS", IMPLIED, RETURN), OP(0x61, "ADC", DIRECT_X_IND),
    OP(0x62, "PER", RELATIVE_LONG), OP(0x63, "ADC", STACK), OP(0x64, "STZ", DIRECT),
    OP(0x65, "ADC", DIRECT), OP(0x66, "ROR", DIRECT), OP(0x67, "ADC", DIRECT_INDL),
    OP(0x68, "PLA", IMPLIED), OP(0x69, "ADC", IMMEDIATE_M), OP(0x6A, "ROR", ACCUMULATOR),
    FL(0x6B, "RTL", IMPLIED, RETURN), FL(0x6C, "JMP", ABSOLUTE_IND, JUMP),
    OP(0x6D, "ADC", ABSOLUTE), OP(0x6E, "ROR", ABSOLUTE), OP(0x6F, "ADC", LONG),

    FL(0x70, "BVS", RELATIVE, BRANCH), OP(0x71, "ADC", DIRECT_IND_Y),
    OP(0x72, "ADC", DIRECT_IND), OP(0x73, "ADC", STACK_IND_Y), OP(0x74, "STZ", DIRECT_X),
    OP(0x75, "ADC", DIRECT_X), OP(0x76, "ROR", DIRECT_X), OP(0x77, "ADC", DIRECT_INDL_Y),
    OP(0x78, "SEI", IMPLIED), OP(0x79, "ADC", ABSOLUTE_Y), OP(0x7A, "PLY", IMPLIED),
    OP(0x7B, "TDC", IMPLIED), FL(0x7C, "JMP", ABSOLUTE_X_IND, JUMP),
    OP(0x7D, "ADC", ABSOLUTE_X), OP(0x7E, "ROR", ABSOLUTE_X), OP(0x7F, "ADC", LONG_X),

    FL(0x80, "BRA", RELATIVE, JUMP), OP(0x81, "STA", DIRECT_X_IND),
    FL(0x82, "BRL", RELATIVE_LONG, JUMP), OP(0x83, "STA", STACK), OP(0x84, "STY", DIRECT),
    OP(0x85, "STA", DIRECT), OP(0x86, "STX", DIRECT), OP(0x87, "STA", DIRECT_INDL),
    OP(0x88, "DEY", IMPLIED), OP(0x89, "BIT", IMMEDIATE_M), OP(0x8A, "TXA", IMPLIED),
    OP(0x8B, "PHB", IMPLIED), OP(0x8C, "STY", ABSOLUTE), OP(0x8D, "STA", ABSOLUTE),
    OP(0x8E, "STX", ABSOLUTE), OP(0x8F, "STA", LONG),

    FL(0x90, "BCC", RELATIVE, BRANCH), OP(0x91, "STA", DIRECT_IND_Y),
    OP(0x92, "STA", DIRECT_IND), OP(0x93, "STA", STACK_IND_Y), OP(0x94, "STY", DIRECT_X),
    OP(0x95, "STA", DIRECT_X), OP(0x96, "STX", DIRECT_Y), OP(0x97, "STA", DIRECT_INDL_Y),
    OP(0x98, "TYA", IMPLIED), OP(0x99, "STA", ABSOLUTE_Y), OP(0x9A, "TXS", IMPLIED),
    OP(0x9B, "TXY", IMPLIED), OP(0x9C, "STZ", ABSOLUTE), OP(0x9D, "STA", ABSOLUTE_X),
    OP(0x9E, "STZ", ABSOLUTE_X), OP(0x9F, "STA", LONG_X),

    OP(0xA0, "LDY", IMMEDIATE_X), OP(0xA1, "LDA", DIRECT_X_IND), OP(0xA2, "LDX", IMMEDIATE_X),
    OP(0xA3, "LDA", STACK), OP(0xA4, "LDY", DIRECT), OP(0xA5, "LDA", DIRECT),
    OP(0xA6, "LDX", DIRECT), OP(0xA7, "LDA", DIRECT_INDL), OP(0xA8, "TAY", IMPLIED),
    OP(0xA9, "LDA", IMMEDIATE_M), OP(0xAA, "TAX", IMPLIED), OP(0xAB, "PLB", IMPLIED),
    OP(0xAC, "LDY", ABSOLUTE), OP(0xAD, "LDA", ABSOLUTE), OP(0xAE, "LDX", ABSOLUTE),
    OP(0xAF, "LDA", LONG),

    FL(0xB0, "BCS", RELATIVE, BRANCH), OP(0xB1, "LDA", DIRECT_IND_Y),
    OP(0xB2, "LDA", DIRECT_IND), OP(0xB3, "LDA", STACK_IND_Y), OP(0xB4, "LDY", DIRECT_X),
    OP(0xB5, "LDA", DIRECT_X), OP(0xB6, "LDX", DIRECT_Y), OP(0xB7, "LDA", DIRECT_INDL_Y),
    OP(0xB8, "CLV", IMPLIED), OP(0xB9, "LDA", ABSOLUTE_Y), OP(0xBA, "TSX", IMPLIED),
    OP(0xBB, "TYX", IMPLIED), OP(0xBC, "LDY", ABSOLUTE_X), OP(0xBD, "LDA", ABSOLUTE_X),
    OP(0xBE, "LDX", ABSOLUTE_Y), OP(0xBF, "LDA", LONG_X),

    OP(0xC0, "CPY", IMMEDIATE_X), OP(0xC1, "CMP", DIRECT_X_IND), OP(0xC2, "REP", IMMEDIATE_8),
    OP(0xC3, "CMP", STACK), OP(0xC4, "CPY", DIRECT), OP(0xC5, "CMP", DIRECT),
    OP(0xC6, "DEC", DIRECT), OP(0xC7, "CMP", DIRECT_INDL), OP(0xC8, "INY", IMPLIED),
    OP(0xC9, "CMP", IMMEDIATE_M), OP(0xCA, "DEX", IMPLIED), FL(0xCB, "WAI", IMPLIED, HALT),
    OP(0xCC, "CPY", ABSOLUTE), OP(0xCD, "CMP", ABSOLUTE), OP(0xCE, "DEC", ABSOLUTE),
    OP(0xCF, "CMP", LONG),

    FL(0xD0, "BNE", RELATIVE, BRANCH), OP(0xD1, "CMP", DIRECT_IND_Y),
    OP(0xD2, "CMP", DIRECT_IND), OP(0xD3, "CMP", STACK_IND_Y), OP(0xD4, "PEI", DIRECT_IND),
    OP(0xD5, "CMP", DIRECT_X), OP(0xD6, "DEC", DIRECT_X), OP(0xD7, "CMP", DIRECT_INDL_Y),
    OP(0xD8, "CLD", IMPLIED), OP(0xD9, "CMP", ABSOLUTE_Y), OP(0xDA, "PHX", IMPLIED),
    FL(0xDB, "STP", IMPLIED, HALT), FL(0xDC, "JML", ABSOLUTE_INDL, JUMP),
    OP(0xDD, "CMP", ABSOLUTE_X), OP(0xDE, "DEC", ABSOLUTE_X), OP(0xDF, "CMP", LONG_X),

    OP(0xE0, "CPX", IMMEDIATE_X), OP(0xE1, "SBC", DIRECT_X_IND), OP(0xE2, "SEP", IMMEDIATE_8),
    OP(0xE3, "SBC", STACK), OP(0xE4, "CPX", DIRECT), OP(0xE5, "SBC", DIRECT),
    OP(0xE6, "INC", DIRECT), OP(0xE7, "SBC", DIRECT_INDL), OP(0xE8, "INX", IMPLIED),
    OP(0xE9, "SBC", IMMEDIATE_M), OP(0xEA, "NOP", IMPLIED), OP(0xEB, "XBA", IMPLIED),
    OP(0xEC, "CPX", ABSOLUTE), OP(0xED, "SBC", ABSOLUTE), OP(0xEE, "INC", ABSOLUTE),
    OP(0xEF, "SBC", LONG),

    FL(0xF0, "BEQ", RELATIVE, BRANCH), OP(0xF1, "SBC", DIRECT_IND_Y),
    OP(0xF2, "SBC", DIRECT_IND), OP(0xF3, "SBC", STACK_IND_Y), OP(0xF4, "PEA", IMMEDIATE_16),
    OP(0xF5, "SBC", DIRECT_X), OP(0xF6, "INC", DIRECT_X), OP(0xF7, "SBC", DIRECT_INDL_Y),
    OP(0xF8, "SED", IMPLIED), OP(0xF9, "SBC", ABSOLUTE_Y), OP(0xFA, "PLX", IMPLIED),
    OP(0xFB, "XCE", IMPLIED), FL(0xFC, "JSR", ABSOLUTE_X_IND, CALL),
    OP(0xFD, "SBC", ABSOLUTE_X), OP(0xFE, "INC", ABSOLUTE_X), OP(0xFF, "SBC", LONG_X),
};

int z3_asm_operand_length(z3_asm_mode mode, bool m8, bool x8) {
  switch (mode) {
    case Z3_AM_IMPLIED:
    case Z3_AM_ACCUMULATOR: return 0;
    case Z3_AM_IMMEDIATE_M: return m8 ? 1 : 2;
    case Z3_AM_IMMEDIATE_X: return x8 ? 1 : 2;
    case Z3_AM_IMMEDIATE_16:
    case Z3_AM_ABSOLUTE:
    case Z3_AM_ABSOLUTE_X:
    case Z3_AM_ABSOLUTE_Y:
    case Z3_AM_ABSOLUTE_IND:
    case Z3_AM_ABSOLUTE_X_IND:
    case Z3_AM_ABSOLUTE_INDL:
    case Z3_AM_RELATIVE_LONG:
    case Z3_AM_BLOCK_MOVE: return 2;
    case Z3_AM_LONG:
    case Z3_AM_LONG_X: return 3;
    default: return 1; /* every direct-page, stack, 8-bit immediate and branch form */
  }
}

static const char *const mode_names[Z3_AM_COUNT] = {
    [Z3_AM_IMPLIED] = "implied",
    [Z3_AM_ACCUMULATOR] = "accumulator",
    [Z3_AM_IMMEDIATE_M] = "immediate_m",
    [Z3_AM_IMMEDIATE_X] = "immediate_x",
    [Z3_AM_IMMEDIATE_8] = "immediate_8",
    [Z3_AM_IMMEDIATE_16] = "immediate_16",
    [Z3_AM_DIRECT] = "direct",
    [Z3_AM_DIRECT_X] = "direct_x",
    [Z3_AM_DIRECT_Y] = "direct_y",
    [Z3_AM_DIRECT_IND] = "direct_indirect",
    [Z3_AM_DIRECT_X_IND] = "direct_x_indirect",
    [Z3_AM_DIRECT_IND_Y] = "direct_indirect_y",
    [Z3_AM_DIRECT_INDL] = "direct_indirect_long",
    [Z3_AM_DIRECT_INDL_Y] = "direct_indirect_long_y",
    [Z3_AM_STACK] = "stack_relative",
    [Z3_AM_STACK_IND_Y] = "stack_relative_indirect_y",
    [Z3_AM_ABSOLUTE] = "absolute",
    [Z3_AM_ABSOLUTE_X] = "absolute_x",
    [Z3_AM_ABSOLUTE_Y] = "absolute_y",
    [Z3_AM_ABSOLUTE_IND] = "absolute_indirect",
    [Z3_AM_ABSOLUTE_X_IND] = "absolute_x_indirect",
    [Z3_AM_ABSOLUTE_INDL] = "absolute_indirect_long",
    [Z3_AM_LONG] = "long",
    [Z3_AM_LONG_X] = "long_x",
    [Z3_AM_RELATIVE] = "relative",
    [Z3_AM_RELATIVE_LONG] = "relative_long",
    [Z3_AM_BLOCK_MOVE] = "block_move",
};

const char *z3_asm_mode_name(z3_asm_mode mode) {
  return (unsigned)mode < Z3_AM_COUNT ? mode_names[mode] : "unknown";
}
