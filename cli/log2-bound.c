// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * log2 of x is k + log2(y), where 2^k <= x < 2^(k+1) and y = x / 2^k is
 * in [1, 2).  The bits of log2(y) come one at a time: square y; where the
 * square reaches 2, the next bit is 1 and the square is halved.  With y
 * held to FIXED bits after the point and every step rounded down, each
 * step's y is at most the true one, so the bits found give a lower bound
 * (log2(y) >= the bits so far + 2^-i * log2(y_i), and log2(y_i) >= 0);
 * the rounding costs about 2^-FIXED a step, so 192 bits are good to
 * 2^-180.  Floating point has no such bound: log2l(2^64 - 1) rounds to
 * exactly 64, and a tenth rounded down from it says 64.0.
 */
#include "log2-bound.h"

/* The bits after the point of y while it is squared. */
#define FIXED 256

void log2_below(struct big *scaled, const struct big *x)
{
	size_t k = big_bit_length(x) - 1;
	struct big y = *x, square, two;

	if (k < FIXED)
		big_shift_left(&y, FIXED - k);
	else
		big_shift_right(&y, k - FIXED);
	big_set(&two, 2);
	big_shift_left(&two, FIXED);
	big_set(scaled, k);
	for (int i = 0; i < LOG2_FRACTION_BITS; i++) {
		big_mul(&square, &y, &y);
		big_shift_right(&square, FIXED);
		big_shift_left(scaled, 1);
		if (big_cmp(&square, &two) >= 0) {
			big_shift_right(&square, 1);
			if (scaled->len == 0)
				big_set(scaled, 1);
			else
				scaled->limb[0] |= 1;
		}
		y = square;
	}
}

/* *product = times * m * log2(x), still times 2^LOG2_FRACTION_BITS. */
static void times_log2(struct big *product, uint64_t times, uint32_t m,
		       const struct big *x)
{
	struct big bound, factor;

	log2_below(&bound, x);
	big_set(&factor, times);
	big_mul_small(&factor, m);
	big_mul(product, &bound, &factor);
}

void log2_tenths(struct big *tenths, uint64_t times, const struct big *x)
{
	times_log2(tenths, times, 10, x);
	big_shift_right(tenths, LOG2_FRACTION_BITS);
}

bool log2_reaches(uint64_t times, const struct big *x, uint64_t bits)
{
	struct big product, target;

	times_log2(&product, times, 1, x);
	big_set(&target, bits);
	big_shift_left(&target, LOG2_FRACTION_BITS);
	return big_cmp(&product, &target) >= 0;
}
