/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 64 x 64 -> 128-bit products, for the targets that have no 128-bit
 * integer type (i386, armhf) as for those that do: the same bits either
 * way, so that every draw is the same on every target.
 */
#ifndef GETRANDOM_WIDE_H
#define GETRANDOM_WIDE_H

#include <stdint.h>

/* a * b: returns the high 64 bits and stores the low 64 in *low. */
static inline uint64_t mul_wide(uint64_t a, uint64_t b, uint64_t *low)
{
#ifdef __SIZEOF_INT128__
	unsigned __int128 m = (unsigned __int128)a * b;

	*low = (uint64_t)m;
	return (uint64_t)(m >> 64);
#else
	/* Schoolbook on 32-bit halves: no partial sum can overflow. */
	uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t middle = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;

	*low = (middle << 32) | (uint32_t)p00;
	return p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
#endif
}

/* a * b mod m, for m > 0, without overflow. */
static inline uint64_t mul_mod(uint64_t a, uint64_t b, uint64_t m)
{
	uint64_t result = 0;

	a %= m;
	for (; b != 0; b >>= 1) {
		if (b & 1)
			result = result >= m - a ? result - (m - a) : result + a;
		a = a >= m - a ? a - (m - a) : a + a;
	}
	return result;
}

#endif
