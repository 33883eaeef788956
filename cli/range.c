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
#include <string.h>

#include "range.h"

/* A bound: its sign and its magnitude, which fits 64 bits either way. */
struct bound {
	bool negative;
	uint64_t magnitude;
};

/* An optional '-' or '+' and decimal digits; returns the rest, or NULL. */
static const char *read_bound(const char *text, struct bound *bound)
{
	uint64_t n = 0;

	bound->negative = *text == '-';
	if (bound->negative || *text == '+')
		text++;
	if (*text < '0' || *text > '9')
		return NULL;
	for (; *text >= '0' && *text <= '9'; text++) {
		unsigned int digit = (unsigned int)(*text - '0');

		if (n > (UINT64_MAX - digit) / 10)
			return NULL;
		n = n * 10 + digit;
	}
	/* Below -2^63 is out; "-0" is 0. */
	if (bound->negative && n > (uint64_t)1 << 63)
		return NULL;
	bound->negative = bound->negative && n != 0;
	bound->magnitude = n;
	return text;
}

/* HI - LO, when LO <= HI and the difference is below 2^64; else false. */
static bool span_of(const struct bound *lo, const struct bound *hi,
		    uint64_t *span)
{
	if (!lo->negative && !hi->negative) {
		*span = hi->magnitude - lo->magnitude;
		return lo->magnitude <= hi->magnitude;
	}
	if (lo->negative && hi->negative) {
		*span = lo->magnitude - hi->magnitude;
		return hi->magnitude <= lo->magnitude;
	}
	if (hi->negative)
		return false;	/* LO >= 0 > HI */
	*span = hi->magnitude + lo->magnitude;
	return hi->magnitude <= UINT64_MAX - lo->magnitude;
}

bool parse_range(const char *text, struct range *range)
{
	struct bound lo, hi;
	uint64_t span;

	text = read_bound(text, &lo);
	if (text == NULL || *text != '-')
		return false;
	text = read_bound(text + 1, &hi);
	if (text == NULL || *text != '\0' || !span_of(&lo, &hi, &span))
		return false;
	range->negative_lo = lo.negative;
	range->lo = lo.negative ? 0 - lo.magnitude : lo.magnitude;
	range->size = span + 1;	/* 2^64 wraps to 0 */
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
 * least) and returns its length.  With a negative LO the sum may still
 * reach past 2^63 ("-1-18446744073709551614"), so it is taken as a sign
 * and a magnitude.
 */
size_t format_in_range(const struct range *range, uint64_t offset, char *out)
{
	char digits[RANGE_DIGITS_MAX + 1];
	char *end = digits + sizeof(digits), *start;
	uint64_t below = range->negative_lo ? 0 - range->lo : 0;	/* |LO| */
	bool negative = offset < below;
	size_t len;

	if (!range->negative_lo)
		start = digits_before(end, range->lo + offset);
	else
		start = digits_before(end, negative ? below - offset : offset - below);
	if (negative)
		*--start = '-';
	len = (size_t)(end - start);
	for (size_t i = 0; i < len; i++)
		out[i] = start[i];
	explicit_bzero(digits, sizeof(digits));
	return len;
}

/* The longest number of the range is one of its ends: sizes output buffers. */
size_t range_text_max(const struct range *range)
{
	char text[RANGE_DIGITS_MAX + 1];
	size_t lo = format_in_range(range, 0, text);
	size_t hi = format_in_range(range, range->size - 1, text);

	return lo > hi ? lo : hi;
}
