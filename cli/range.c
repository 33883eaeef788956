// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --range=LO-HI, in shuf's -i notation: two decimal integers joined by a
 * '-', each of which may carry its own leading '-' ("-10-10", "-9--1").
 * A bound goes from -2^63 (the least int64_t) to 2^64-1 (the most
 * uint64_t), so that the whole signed and the whole unsigned span can be
 * asked for; HI - LO must be below 2^64.  Each bound may instead carry a
 * '+', which changes nothing, as shuf -i takes it ("+1-+6"); no blanks,
 * nothing else.
 */
#include "range.h"

typedef __int128 wide;

#define LEAST_BOUND (-((wide)1 << 63))
#define MOST_BOUND ((wide)UINT64_MAX)

/* An optional '-' or '+' and decimal digits; returns the rest, or NULL. */
static const char *read_bound(const char *text, wide *value)
{
	bool negative = *text == '-';
	wide n = 0;

	if (negative || *text == '+')
		text++;
	if (*text < '0' || *text > '9')
		return NULL;
	for (; *text >= '0' && *text <= '9'; text++) {
		n = n * 10 + (*text - '0');
		if (n > MOST_BOUND)
			return NULL;
	}
	if (negative)
		n = -n;
	if (n < LEAST_BOUND)
		return NULL;
	*value = n;
	return text;
}

bool parse_range(const char *text, struct range *range)
{
	wide lo, hi;

	text = read_bound(text, &lo);
	if (text == NULL || *text != '-')
		return false;
	text = read_bound(text + 1, &hi);
	if (text == NULL || *text != '\0' || lo > hi || hi - lo > MOST_BOUND)
		return false;
	range->negative_lo = lo < 0;
	range->lo = (uint64_t)lo;
	range->size = (uint64_t)(hi - lo + 1);	/* 2^64 wraps to 0 */
	return true;
}

/* Writes n in decimal, right to left, ending just before end; returns the start. */
static char *digits_before(char *end, uint64_t n)
{
	do {
		*--end = (char)('0' + n % 10);
		n /= 10;
	} while (n != 0);
	return end;
}

/*
 * Writes LO + offset in decimal into out (RANGE_DIGITS_MAX + 1 bytes at
 * least) and returns its length.  The sum is taken in 128 bits: with a
 * negative LO it may still reach past 2^63 ("-1-18446744073709551614").
 */
size_t format_in_range(const struct range *range, uint64_t offset, char *out)
{
	char digits[RANGE_DIGITS_MAX + 1];
	char *end = digits + sizeof(digits), *start;
	wide lo = range->negative_lo ? (wide)(int64_t)range->lo : (wide)range->lo;
	wide value = lo + offset;
	size_t len;

	start = digits_before(end, (uint64_t)(value < 0 ? -value : value));
	if (value < 0)
		*--start = '-';
	len = (size_t)(end - start);
	for (size_t i = 0; i < len; i++)
		out[i] = start[i];
	return len;
}
