/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unsigned integers of up to BIG_BITS bits, for the figures that floating
 * point gets wrong: the number of passwords that meet --require rules (a
 * sum of large terms of both signs, whose floating-point sum cancels) and
 * the entropies printed to a tenth of a bit.
 */
#ifndef GETRANDOM_BIGNUM_H
#define GETRANDOM_BIGNUM_H

#include <stddef.h>
#include <stdint.h>

/*
 * Room for 95^1024 (6728 bits, the most passwords --require counts) times
 * 2^20 and the rules' coefficients, with a margin.
 */
#define BIG_LIMBS 256
#define BIG_BITS (32 * BIG_LIMBS)

/* limb[0] is the lowest; len limbs are used, the highest not zero. */
struct big {
	size_t len;
	uint32_t limb[BIG_LIMBS];
};

void big_set(struct big *a, uint64_t value);
/* a *= m */
void big_mul_small(struct big *a, uint32_t m);
/* r = a * b; r may not be a or b. */
void big_mul(struct big *r, const struct big *a, const struct big *b);
/* a += b */
void big_add(struct big *a, const struct big *b);
/* a -= b, where b <= a */
void big_sub(struct big *a, const struct big *b);
void big_shift_left(struct big *a, size_t bits);
/* a >>= bits, rounding down */
void big_shift_right(struct big *a, size_t bits);
/* -1, 0 or 1 as a < b, a == b, a > b */
int big_cmp(const struct big *a, const struct big *b);
/* The number of bits of a: 0 for 0, else 1 + floor(log2(a)). */
size_t big_bit_length(const struct big *a);
/* a /= d; returns the remainder. */
uint32_t big_div_small(struct big *a, uint32_t d);
/* r = base^exp */
void big_power(struct big *r, uint32_t base, uint64_t exp);
/* a in decimal, into text of size bytes (BIG_BITS / 3 + 2 always do). */
void big_decimal(const struct big *a, char *text, size_t size);

#endif
