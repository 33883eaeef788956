// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Schoolbook arithmetic on 32-bit limbs, with 64-bit products: the same on
 * every architecture, 32-bit ones included.  Every caller's numbers are
 * bounded (bignum.h); one past BIG_BITS is a bug, and stops the program
 * rather than print a wrong figure.
 */
#include <stdlib.h>
#include <string.h>

#include "bignum.h"

static void trim(struct big *a)
{
	while (a->len > 0 && a->limb[a->len - 1] == 0)
		a->len--;
}

static void need(size_t len)
{
	if (len > BIG_LIMBS)
		abort();
}

void big_set(struct big *a, uint64_t value)
{
	a->limb[0] = (uint32_t)value;
	a->limb[1] = (uint32_t)(value >> 32);
	a->len = 2;
	trim(a);
}

void big_mul_small(struct big *a, uint32_t m)
{
	uint64_t carry = 0;

	for (size_t i = 0; i < a->len; i++) {
		uint64_t p = (uint64_t)a->limb[i] * m + carry;

		a->limb[i] = (uint32_t)p;
		carry = p >> 32;
	}
	if (carry != 0) {
		need(a->len + 1);
		a->limb[a->len++] = (uint32_t)carry;
	}
	trim(a);
}

void big_mul(struct big *r, const struct big *a, const struct big *b)
{
	need(a->len + b->len);
	memset(r->limb, 0, (a->len + b->len) * sizeof(r->limb[0]));
	for (size_t i = 0; i < a->len; i++) {
		uint64_t carry = 0;

		for (size_t j = 0; j < b->len; j++) {
			uint64_t p = (uint64_t)a->limb[i] * b->limb[j] +
				     r->limb[i + j] + carry;

			r->limb[i + j] = (uint32_t)p;
			carry = p >> 32;
		}
		r->limb[i + b->len] = (uint32_t)carry;
	}
	r->len = a->len + b->len;
	trim(r);
}

void big_add(struct big *a, const struct big *b)
{
	size_t len = a->len > b->len ? a->len : b->len;
	uint64_t carry = 0;

	need(len);
	for (size_t i = a->len; i < len; i++)
		a->limb[i] = 0;
	for (size_t i = 0; i < len; i++) {
		uint64_t s = (uint64_t)a->limb[i] + (i < b->len ? b->limb[i] : 0) + carry;

		a->limb[i] = (uint32_t)s;
		carry = s >> 32;
	}
	a->len = len;
	if (carry != 0) {
		need(len + 1);
		a->limb[a->len++] = 1;
	}
}

void big_sub(struct big *a, const struct big *b)
{
	uint32_t borrow = 0;

	for (size_t i = 0; i < a->len; i++) {
		uint64_t take = (uint64_t)(i < b->len ? b->limb[i] : 0) + borrow;

		borrow = a->limb[i] < take;
		a->limb[i] = (uint32_t)((uint64_t)a->limb[i] - take);
	}
	trim(a);
}

void big_shift_left(struct big *a, size_t bits)
{
	size_t words = bits / 32, rest = bits % 32;

	if (a->len == 0)
		return;
	need(a->len + words + 1);
	a->limb[a->len + words] = 0;
	for (size_t i = a->len; i-- > 0;) {
		uint64_t v = (uint64_t)a->limb[i] << rest;

		a->limb[i + words + 1] |= (uint32_t)(v >> 32);
		a->limb[i + words] = (uint32_t)v;
	}
	memset(a->limb, 0, words * sizeof(a->limb[0]));
	a->len += words + 1;
	trim(a);
}

void big_shift_right(struct big *a, size_t bits)
{
	size_t words = bits / 32, rest = bits % 32;

	if (words >= a->len) {
		a->len = 0;
		return;
	}
	for (size_t i = 0; i + words < a->len; i++) {
		uint64_t v = a->limb[i + words];

		if (i + words + 1 < a->len)
			v |= (uint64_t)a->limb[i + words + 1] << 32;
		a->limb[i] = (uint32_t)(v >> rest);
	}
	a->len -= words;
	trim(a);
}

int big_cmp(const struct big *a, const struct big *b)
{
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	for (size_t i = a->len; i-- > 0;)
		if (a->limb[i] != b->limb[i])
			return a->limb[i] < b->limb[i] ? -1 : 1;
	return 0;
}

size_t big_bit_length(const struct big *a)
{
	size_t bits;
	uint32_t top;

	if (a->len == 0)
		return 0;
	bits = 32 * (a->len - 1);
	for (top = a->limb[a->len - 1]; top != 0; top >>= 1)
		bits++;
	return bits;
}

uint32_t big_div_small(struct big *a, uint32_t d)
{
	uint64_t rem = 0;

	for (size_t i = a->len; i-- > 0;) {
		uint64_t v = rem << 32 | a->limb[i];

		a->limb[i] = (uint32_t)(v / d);
		rem = v % d;
	}
	trim(a);
	return (uint32_t)rem;
}

void big_power(struct big *r, uint32_t base, uint64_t exp)
{
	uint32_t chunk = base;	/* base^per, the most that fits a limb */
	uint64_t per = 1;

	while (base > 1 && chunk <= UINT32_MAX / base) {
		chunk *= base;
		per++;
	}
	big_set(r, 1);
	for (; exp >= per; exp -= per)
		big_mul_small(r, chunk);
	while (exp-- > 0)
		big_mul_small(r, base);
}

void big_decimal(const struct big *a, char *text, size_t size)
{
	struct big n = *a;
	char digits[BIG_BITS / 3 + 2];
	size_t len = 0;

	do
		digits[len++] = (char)('0' + big_div_small(&n, 10));
	while (n.len > 0 && len < sizeof(digits));
	if (len + 1 > size)
		abort();
	for (size_t i = 0; i < len; i++)
		text[i] = digits[len - 1 - i];
	text[len] = '\0';
}
