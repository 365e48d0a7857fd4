/*
 * ADC and SBC: binary and decimal, 8 and 16 bits.
 *
 * Decimal mode works one 4-bit digit at a time, as the 65816 does, so
 * operands that are not valid BCD (digits A-F) give the hardware's results
 * too: after adding, a digit above 9 is corrected by +6 and carries; when
 * subtracting (adding the operand's complement), a digit that did not carry
 * is corrected by -6. V is taken from the sum before the top digit is
 * corrected; N and Z from the final result.
 */
#include "emu/cpu_internal.h"

static void set_result(z3_cpu *c, uint32_t result, bool wide) {
  if (wide) {
    c->r.a = (uint16_t)result;
    set_nz16(c, (uint16_t)result);
  } else {
    set_a8(c, (uint8_t)result);
    set_nz8(c, (uint8_t)result);
  }
}

/* a + v + carry, digit by digit. `subtract` means v is already the complement
 * of the subtrahend. Returns the result; *carry_out and *unadjusted (the sum
 * before the top digit's correction, for V) are filled. */
static uint32_t decimal_add(uint32_t a, uint32_t v, unsigned carry, int bits, bool subtract,
                            unsigned *carry_out, uint32_t *unadjusted) {
  uint32_t result = 0;
  for (int shift = 0; shift < bits; shift += 4) {
    int digit = (int)((a >> shift) & 0xF) + (int)((v >> shift) & 0xF) + (int)carry;
    if (shift + 4 == bits) *unadjusted = result | (uint32_t)digit << shift;
    if (subtract) {
      carry = digit > 0xF;
      if (!carry) digit -= 6;
    } else {
      if (digit > 9) digit += 6;
      carry = digit > 0xF;
    }
    result |= (uint32_t)(digit & 0xF) << shift;
  }
  *carry_out = carry;
  return result;
}

static void add(z3_cpu *c, uint32_t v, bool wide, bool subtract) {
  int bits = wide ? 16 : 8;
  uint32_t mask = wide ? 0xFFFF : 0xFF, sign = wide ? 0x8000 : 0x80;
  uint32_t a = c->r.a & mask;
  unsigned carry_in = flag(c, Z3_CPU_C);
  uint32_t result, unadjusted;
  unsigned carry;
  if (flag(c, Z3_CPU_D)) {
    result = decimal_add(a, v, carry_in, bits, subtract, &carry, &unadjusted);
  } else {
    unadjusted = a + v + carry_in;
    carry = unadjusted > mask;
    result = unadjusted & mask;
  }
  set_flag(c, Z3_CPU_C, carry);
  set_flag(c, Z3_CPU_V, ~(a ^ v) & (a ^ unadjusted) & sign);
  set_result(c, result, wide);
}

void z3_cpu_adc(z3_cpu *c, uint16_t v, bool wide) { add(c, v, wide, false); }

void z3_cpu_sbc(z3_cpu *c, uint16_t v, bool wide) {
  add(c, (uint16_t)~v & (wide ? 0xFFFF : 0xFF), wide, true);
}
