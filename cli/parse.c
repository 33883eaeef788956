// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Strict parsers for command-line numbers.  Each accepts the whole string
 * or nothing: no minus sign, no blanks, no trailing junk, no silent
 * overflow.  strtoull() would accept "-1" and " 5", so the digits are read
 * by hand.  One leading '+' is taken, as GNU tools take it ("head -c +5",
 * "sleep +1"): it changes nothing, and scripts write it.
 *
 * Sizes take the multiplier suffixes of GNU head -c (coreutils 9.1) but
 * one: K (or k), M (or m), G, T, P, E, Z, Y alone or followed by "iB" are
 * powers of 1024, followed by "B" or "D" powers of 1000.  "B" alone is
 * bytes.  head's "b" (512) is refused: "32b" reads as 32 bytes or bits as
 * easily, and a key tool must not turn it into 16 KiB.  Durations
 * are those of GNU timeout and sleep: a decimal number ("5", ".5", "5.")
 * with an optional unit s, m, h or d; unlike GNU, no exponent and no "inf".
 */
#include <string.h>

#include "parse.h"

#define NANOS_PER_SECOND 1000000000u
#define MAX_TIMEOUT_SECONDS (365u * 24 * 3600)	/* a year */

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Skips the one '+' that may lead a number. */
static const char *skip_plus(const char *text)
{
	return *text == '+' ? text + 1 : text;
}

/* Reads the leading decimal digits into *value; returns the rest, or NULL. */
static const char *read_digits(const char *text, uint64_t *value)
{
	uint64_t n = 0;

	if (!is_digit(*text))
		return NULL;
	for (; is_digit(*text); text++) {
		unsigned int digit = (unsigned int)(*text - '0');

		if (n > (UINT64_MAX - digit) / 10)
			return NULL;
		n = n * 10 + digit;
	}
	*value = n;
	return text;
}

/* The power of the size letter c (K is 1, M 2 ...), or 0 for none. */
static unsigned int size_power(char c)
{
	static const char letters[] = "KMGTPEZY";
	const char *found;

	if (c == 'k' || c == 'm')
		c = (char)(c - 'a' + 'A');
	found = c != '\0' ? strchr(letters, c) : NULL;
	return found != NULL ? (unsigned int)(found - letters) + 1 : 0;
}

/* Sets *multiplier from a size suffix; false if it is not one. */
static bool size_multiplier(const char *suffix, uint64_t *multiplier)
{
	unsigned int power, base;
	uint64_t m = 1;

	if (strcmp(suffix, "") == 0 || strcmp(suffix, "B") == 0) {
		*multiplier = 1;
		return true;
	}
	power = size_power(suffix[0]);
	if (power == 0)
		return false;
	if (strcmp(suffix + 1, "") == 0 || strcmp(suffix + 1, "iB") == 0)
		base = 1024;
	else if (strcmp(suffix + 1, "B") == 0 || strcmp(suffix + 1, "D") == 0)
		base = 1000;
	else
		return false;
	/* Z and Y overflow 64 bits; the caller sees it as a multiplication overflow. */
	for (unsigned int i = 0; i < power; i++) {
		if (m > UINT64_MAX / base) {
			*multiplier = 0;
			return true;
		}
		m *= base;
	}
	*multiplier = m;
	return true;
}

/* "32", "32B", "4K", "1MiB", "10MB": false when malformed or over 2^64-1. */
bool parse_size(const char *text, uint64_t *bytes)
{
	uint64_t n, multiplier;

	text = read_digits(skip_plus(text), &n);
	if (text == NULL || !size_multiplier(text, &multiplier))
		return false;
	if (multiplier == 0)	/* too large for 64 bits: only 0 fits */
		multiplier = n == 0 ? 1 : 0;
	if (multiplier == 0 || n > UINT64_MAX / multiplier)
		return false;
	*bytes = n * multiplier;
	return true;
}

/* Seconds in the unit that text names ("" or s, m, h, d); 0 if none. */
static unsigned int unit_seconds(const char *text)
{
	if (strcmp(text, "") == 0 || strcmp(text, "s") == 0)
		return 1;
	if (strcmp(text, "m") == 0)
		return 60;
	if (strcmp(text, "h") == 0)
		return 3600;
	if (strcmp(text, "d") == 0)
		return 24 * 3600;
	return 0;
}

/*
 * Reads ".DIGITS" as nanoseconds of a unit, rounded up past the ninth
 * digit so that no given duration becomes shorter (or zero).  Returns the
 * rest, or NULL for junk.
 */
static const char *read_fraction(const char *text, uint64_t *nanos)
{
	uint64_t n = 0;
	unsigned int digits = 0;
	bool rest = false;

	for (; is_digit(*text); text++, digits++) {
		if (digits < 9)
			n = n * 10 + (uint64_t)(*text - '0');
		else if (*text != '0')
			rest = true;
	}
	for (; digits < 9; digits++)
		n *= 10;
	*nanos = n + rest;
	return text;
}

/*
 * "2", "0.5", ".5", "5.", "1.5m", "2h", "1d": at most a year, with
 * nanosecond precision, any finer part rounded up.
 */
bool parse_seconds(const char *text, struct timespec *timeout)
{
	uint64_t whole = 0, nanos = 0, total;
	unsigned int unit;
	const char *start;

	text = skip_plus(text);
	start = text;
	if (is_digit(*text))
		text = read_digits(text, &whole);
	if (text == NULL)
		return false;
	if (*text == '.')
		text = read_fraction(text + 1, &nanos);
	/* At least one digit, before or after the point. */
	if (text == start || (text == start + 1 && *start == '.'))
		return false;
	unit = unit_seconds(text);
	if (unit == 0 || whole > MAX_TIMEOUT_SECONDS / unit)
		return false;
	/* In nanoseconds: a year is 3.2e16, far below 2^64. */
	total = whole * unit * NANOS_PER_SECOND + nanos * unit;
	if (total > (uint64_t)MAX_TIMEOUT_SECONDS * NANOS_PER_SECOND)
		return false;
	timeout->tv_sec = (time_t)(total / NANOS_PER_SECOND);
	timeout->tv_nsec = (long)(total % NANOS_PER_SECOND);
	return true;
}

/* A whole number from 1 to max, without suffix. */
bool parse_count(const char *text, unsigned int max, unsigned int *count)
{
	uint64_t n;

	text = read_digits(skip_plus(text), &n);
	if (text == NULL || *text != '\0' || n < 1 || n > max)
		return false;
	*count = (unsigned int)n;
	return true;
}

/* A whole number from 1 to 2^64-1, without suffix. */
bool parse_count64(const char *text, uint64_t *count)
{
	uint64_t n;

	text = read_digits(skip_plus(text), &n);
	if (text == NULL || *text != '\0' || n < 1)
		return false;
	*count = n;
	return true;
}

/* A column count for --wrap: a whole number, 0 (no wrapping) included. */
bool parse_columns(const char *text, uint64_t *columns)
{
	uint64_t n;

	text = read_digits(skip_plus(text), &n);
	if (text == NULL || *text != '\0')
		return false;
	*columns = n;
	return true;
}
