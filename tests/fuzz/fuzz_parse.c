// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer harness for cli/parse.c.  Each input is one command-line
 * argument, given to parse_size(), parse_seconds(), parse_count(),
 * parse_count64() and parse_columns(); the
 * answers are compared with a slow reference written here from the
 * specification (issue 2), so the fuzzer finds wrong answers, not only
 * crashes.  The first byte picks the max of parse_count() and is also part
 * of the text.
 *
 * Build and run: tests/fuzz/run.sh
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../cli/parse.h"

#define CHECK(cond) do { if (!(cond)) abort(); } while (0)

typedef unsigned __int128 u128;

/* Value of the leading digits, saturated above 2^64; NULL when none. */
static const char *ref_digits(const char *s, u128 *value)
{
	u128 n = 0;

	if (*s < '0' || *s > '9')
		return NULL;
	for (; *s >= '0' && *s <= '9'; s++) {
		n = n * 10 + (u128)(*s - '0');
		if (n > (u128)UINT64_MAX + 1)
			n = (u128)UINT64_MAX + 1;
	}
	*value = n;
	return s;
}

static int ref_size(const char *s, uint64_t *out)
{
	static const struct { const char *name; u128 mult; } table[] = {
		{ "", 1 },
		{ "K", 1ull << 10 }, { "M", 1ull << 20 }, { "G", 1ull << 30 },
		{ "T", 1ull << 40 },
		{ "KiB", 1ull << 10 }, { "MiB", 1ull << 20 },
		{ "GiB", 1ull << 30 }, { "TiB", 1ull << 40 },
		{ "KB", 1000ull }, { "MB", 1000000ull }, { "GB", 1000000000ull },
		{ "TB", 1000000000000ull },
	};
	u128 n;

	s = ref_digits(s, &n);
	if (s == NULL)
		return 0;
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		if (strcmp(s, table[i].name) != 0)
			continue;
		n *= table[i].mult;
		if (n > UINT64_MAX)
			return 0;
		*out = (uint64_t)n;
		return 1;
	}
	return 0;
}

static int ref_seconds(const char *s, struct timespec *out)
{
	u128 whole;
	long nanos = 0;
	int digits = 0;

	s = ref_digits(s, &whole);
	if (s == NULL || whole > 365u * 24 * 3600)
		return 0;
	if (*s == '.') {
		for (s++; *s >= '0' && *s <= '9'; s++, digits++)
			if (digits < 9)
				nanos = nanos * 10 + (*s - '0');
		if (digits == 0)
			return 0;
		for (; digits < 9; digits++)
			nanos *= 10;
	}
	if (*s != '\0')
		return 0;
	out->tv_sec = (time_t)whole;
	out->tv_nsec = nanos;
	return 1;
}

static int ref_count(const char *s, unsigned int max, unsigned int *out)
{
	u128 n;

	s = ref_digits(s, &n);
	if (s == NULL || *s != '\0' || n < 1 || n > max)
		return 0;
	*out = (unsigned int)n;
	return 1;
}

/* --count: 1 to 2^64-1; --wrap: 0 to 2^64-1; digits only. */
static int ref_whole(const char *s, uint64_t min, uint64_t *out)
{
	u128 n;

	s = ref_digits(s, &n);
	if (s == NULL || *s != '\0' || n < min || n > UINT64_MAX)
		return 0;
	*out = (uint64_t)n;
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	uint64_t got, want;
	struct timespec t_got, t_want;
	unsigned int c_got, c_want, max = size ? data[0] : 16;
	int ok;

	CHECK(text != NULL);
	memcpy(text, data, size);
	text[size] = '\0';

	got = want = 0xdeadbeef;
	ok = parse_size(text, &got);
	CHECK(ok == ref_size(text, &want));
	CHECK(!ok || got == want);

	ok = parse_seconds(text, &t_got);
	CHECK(ok == ref_seconds(text, &t_want));
	CHECK(!ok || (t_got.tv_sec == t_want.tv_sec &&
		      t_got.tv_nsec == t_want.tv_nsec));
	CHECK(!ok || (t_got.tv_nsec >= 0 && t_got.tv_nsec < 1000000000));

	ok = parse_count(text, max, &c_got);
	CHECK(ok == ref_count(text, max, &c_want));
	CHECK(!ok || (c_got == c_want && c_got >= 1 && c_got <= max));

	got = want = 0xdeadbeef;
	ok = parse_count64(text, &got);
	CHECK(ok == ref_whole(text, 1, &want));
	CHECK(!ok || (got == want && got >= 1));

	got = want = 0xdeadbeef;
	ok = parse_columns(text, &got);
	CHECK(ok == ref_whole(text, 0, &want));
	CHECK(!ok || got == want);

	free(text);
	return 0;
}
