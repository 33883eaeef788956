// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Strict parsers for command-line numbers.  Each accepts the whole string
 * or nothing: no sign, no blanks, no trailing junk, no silent overflow.
 * strtoull() would accept "-1" and " 5", so the digits are read by hand.
 */
#include <string.h>

#include "parse.h"

struct suffix {
	const char *name;
	unsigned int base;	/* 1000 or 1024 */
	unsigned int power;
};

static const struct suffix suffixes[] = {
	{ "", 1, 0 },
	{ "K", 1024, 1 }, { "M", 1024, 2 }, { "G", 1024, 3 }, { "T", 1024, 4 },
	{ "KiB", 1024, 1 }, { "MiB", 1024, 2 }, { "GiB", 1024, 3 },
	{ "TiB", 1024, 4 },
	{ "KB", 1000, 1 }, { "MB", 1000, 2 }, { "GB", 1000, 3 },
	{ "TB", 1000, 4 },
};

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
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

static const struct suffix *find_suffix(const char *name)
{
	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
		if (strcmp(suffixes[i].name, name) == 0)
			return &suffixes[i];
	return NULL;
}

/* "32", "4K", "1MiB", "10MB": false when malformed or over 2^64-1. */
bool parse_size(const char *text, uint64_t *bytes)
{
	const struct suffix *suffix;
	uint64_t n;

	text = read_digits(text, &n);
	if (text == NULL || (suffix = find_suffix(text)) == NULL)
		return false;
	for (unsigned int i = 0; i < suffix->power; i++) {
		if (n > UINT64_MAX / suffix->base)
			return false;
		n *= suffix->base;
	}
	*bytes = n;
	return true;
}

/* "2", "0.5", "1.25": at most a year, nanosecond precision at most. */
bool parse_seconds(const char *text, struct timespec *timeout)
{
	const uint64_t year = 365 * 24 * 3600;
	uint64_t whole, nanos = 0;
	unsigned int digits = 0;

	text = read_digits(text, &whole);
	if (text == NULL || whole > year)
		return false;
	if (*text == '.') {
		for (text++; is_digit(*text); text++, digits++) {
			if (digits < 9)
				nanos = nanos * 10 + (uint64_t)(*text - '0');
		}
		if (digits == 0)
			return false;
		for (; digits < 9; digits++)
			nanos *= 10;
	}
	if (*text != '\0')
		return false;
	timeout->tv_sec = (time_t)whole;
	timeout->tv_nsec = (long)nanos;
	return true;
}

/* A whole number from 1 to max, without suffix. */
bool parse_count(const char *text, unsigned int max, unsigned int *count)
{
	uint64_t n;

	text = read_digits(text, &n);
	if (text == NULL || *text != '\0' || n < 1 || n > max)
		return false;
	*count = (unsigned int)n;
	return true;
}

/* A whole number from 1 to 2^64-1, without suffix. */
bool parse_count64(const char *text, uint64_t *count)
{
	uint64_t n;

	text = read_digits(text, &n);
	if (text == NULL || *text != '\0' || n < 1)
		return false;
	*count = n;
	return true;
}

/* A column count for --wrap: a whole number, 0 (no wrapping) included. */
bool parse_columns(const char *text, uint64_t *columns)
{
	uint64_t n;

	text = read_digits(text, &n);
	if (text == NULL || *text != '\0')
		return false;
	*columns = n;
	return true;
}
