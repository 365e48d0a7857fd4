/* Decoding one 65816 instruction, and following M, X, E and carry through a listing. */
#include <string.h>

#include "asm/disasm.h"

static uint32_t in_bank(uint32_t address, uint32_t offset) {
  return (address & 0xFF0000u) | (offset & 0xFFFFu);
}

static void set_target(z3_insn *insn, z3_target_kind kind, uint32_t target) {
  insn->target_kind = kind;
  insn->target = target & 0xFFFFFFu;
}

/* Where the operand points, as far as the bytes alone tell. */
static void resolve_target(z3_insn *insn, uint8_t dbr) {
  uint32_t pc = insn->address & 0xFFFFu, op = insn->operand;
  z3_asm_flow flow = insn->info->flow;
  bool transfers = flow == Z3_FLOW_JUMP || flow == Z3_FLOW_CALL;
  switch (insn->info->mode) {
    case Z3_AM_RELATIVE:
      set_target(insn, Z3_TARGET_CODE, in_bank(insn->address, pc + 2 + (uint32_t)(int8_t)op));
      break;
    case Z3_AM_RELATIVE_LONG: /* BRL goes there; PER pushes that address */
      set_target(insn, insn->opcode == 0x82 ? Z3_TARGET_CODE : Z3_TARGET_DATA,
                 in_bank(insn->address, pc + 3 + (uint32_t)(int16_t)op));
      break;
    case Z3_AM_ABSOLUTE:
      if (transfers) set_target(insn, Z3_TARGET_CODE, in_bank(insn->address, op));
      else set_target(insn, Z3_TARGET_DATA, (uint32_t)dbr << 16 | op);
      break;
    case Z3_AM_ABSOLUTE_X:
    case Z3_AM_ABSOLUTE_Y: set_target(insn, Z3_TARGET_DATA, (uint32_t)dbr << 16 | op); break;
    case Z3_AM_ABSOLUTE_IND:
    case Z3_AM_ABSOLUTE_INDL: set_target(insn, Z3_TARGET_POINTER, op); break; /* bank 0 */
    case Z3_AM_ABSOLUTE_X_IND: set_target(insn, Z3_TARGET_POINTER, in_bank(insn->address, op)); break;
    case Z3_AM_LONG:
    case Z3_AM_LONG_X: set_target(insn, transfers ? Z3_TARGET_CODE : Z3_TARGET_DATA, op); break;
    default: break; /* immediates, direct page (D is not known), stack, implied */
  }
}

bool z3_disasm_decode(z3_disasm_read_fn read, void *user, uint32_t address, bool m8, bool x8,
                      uint8_t dbr, z3_insn *out, uint32_t *bad_address) {
  memset(out, 0, sizeof *out);
  address &= 0xFFFFFFu;
  out->address = address;
  out->m8 = m8;
  out->x8 = x8;
  if (!read(user, address, &out->bytes[0])) {
    if (bad_address) *bad_address = address;
    return false;
  }
  out->length = 1;
  out->opcode = out->bytes[0];
  out->info = &z3_opcodes[out->opcode];
  int n = z3_asm_operand_length(out->info->mode, m8, x8);
  for (int i = 1; i <= n; i++) {
    uint32_t at = in_bank(address, (address & 0xFFFFu) + (uint32_t)i);
    if (!read(user, at, &out->bytes[i])) {
      if (bad_address) *bad_address = at;
      return false;
    }
    out->length++;
    out->operand |= (uint32_t)out->bytes[i] << (8 * (i - 1));
  }
  if (out->info->mode == Z3_AM_BLOCK_MOVE) { /* stored dst, src; written src,dst */
    out->operand = (uint32_t)out->bytes[2] << 8 | out->bytes[1];
  }
  resolve_target(out, dbr);
  return true;
}

uint32_t z3_insn_next(const z3_insn *insn) {
  return in_bank(insn->address, (insn->address & 0xFFFFu) + insn->length);
}

/* ---- tracking ------------------------------------------------------------- */

void z3_disasm_state_init(z3_disasm_state *s, bool m8, bool x8, uint8_t dbr) {
  memset(s, 0, sizeof *s);
  s->m8 = m8;
  s->x8 = x8;
  s->carry = -1;
  s->dbr = dbr;
}

/* Instructions other than the flag instructions that leave carry unknown. */
static bool changes_carry(const char *mn) {
  static const char *const list[] = {"ADC", "SBC", "CMP", "CPX", "CPY", "ASL", "LSR", "ROL", "ROR", "RTI"};
  for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)
    if (memcmp(mn, list[i], 4) == 0) return true;
  return false;
}

/* PHP keeps M, X and carry in one byte: bit 0 M, bit 1 X, bits 2-3 carry + 1. */
static uint8_t pack_flags(const z3_disasm_state *s) {
  return (uint8_t)(s->m8 | s->x8 << 1 | (s->carry + 1) << 2);
}

static void php(z3_disasm_state *s) {
  if (s->php_depth == Z3_DISASM_PHP_DEPTH) { /* keep the newest: drop the oldest */
    memmove(s->php_saved, s->php_saved + 1, Z3_DISASM_PHP_DEPTH - 1);
    s->php_depth--;
  }
  s->php_saved[s->php_depth++] = pack_flags(s);
}

static void plp(z3_disasm_state *s) {
  if (s->php_depth == 0) { /* pulled something we did not see pushed */
    s->carry = -1;
    return;
  }
  uint8_t v = s->php_saved[--s->php_depth];
  s->m8 = v & 1;
  s->x8 = (v >> 1) & 1;
  s->carry = ((v >> 2) & 3) - 1;
}

static void xce(z3_disasm_state *s) {
  int old_e = s->e;
  if (s->carry >= 0) s->e = s->carry; /* unknown carry: the mode stays as it was */
  s->carry = old_e;
}

void z3_disasm_track(z3_disasm_state *s, const z3_insn *insn) {
  uint8_t v = (uint8_t)insn->operand;
  switch (insn->opcode) {
    case 0x18: s->carry = 0; break; /* CLC */
    case 0x38: s->carry = 1; break; /* SEC */
    case 0xC2: /* REP */
      if (v & 0x20) s->m8 = false;
      if (v & 0x10) s->x8 = false;
      if (v & 0x01) s->carry = 0;
      break;
    case 0xE2: /* SEP */
      if (v & 0x20) s->m8 = true;
      if (v & 0x10) s->x8 = true;
      if (v & 0x01) s->carry = 1;
      break;
    case 0xFB: xce(s); break;
    case 0x08: php(s); break;
    case 0x28: plp(s); break;
    default:
      if (changes_carry(insn->info->mnemonic)) s->carry = -1;
      break;
  }
  if (s->e) s->m8 = s->x8 = true; /* emulation mode forces 8-bit A, X, Y */
}

bool z3_disasm_next(z3_disasm_read_fn read, void *user, uint32_t address, z3_disasm_state *s,
                    z3_insn *out, uint32_t *bad_address) {
  if (s->e) s->m8 = s->x8 = true;
  if (!z3_disasm_decode(read, user, address, s->m8, s->x8, s->dbr, out, bad_address)) return false;
  z3_disasm_track(s, out);
  return true;
}
