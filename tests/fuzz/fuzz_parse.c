// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer harness for the command-line parsers: cli/parse.c (sizes,
 * durations, thread counts, --count and --wrap), the --range parser
 * (cli/range.c), --charset (cli/charset.c), --mode, --owner and
 * --group (cli/owner.c), --uuid-format (cli/uuid-format.c) and the
 * --wordlist parser (cli/wordlist.c).  Each input is one command-line argument,
 * given to every parser; the answers are compared with a slow reference
 * written here from the specification, so the fuzzer finds wrong answers,
 * not only crashes.  The first byte picks the max of parse_count() and is
 * also part of the text.
 *
 * Build and run: tests/fuzz/run.sh
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../cli/charset.h"
#include "../../cli/charset-classes.h"
#include "../../cli/owner.h"
#include "../../cli/parse.h"
#include "../../cli/range.h"
#include "../../cli/uuid-format.h"
#include "../../cli/wordlist.h"

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

/* GNU's numbers may start with one '+', which changes nothing. */
static const char *ref_plus(const char *s)
{
	return s[0] == '+' ? s + 1 : s;
}

/*
 * GNU head -c's suffixes (coreutils 9.1) but "b" (refused); "B" is 1; each letter of
 * KMGTPEZY (k and m too) is a power of 1024 alone or with "iB", of 1000
 * with "B" or "D".  Spelled out as a table, unlike cli/parse.c.
 */
static int ref_size(const char *s, uint64_t *out)
{
	static const char letters[] = "KMGTPEZY";
	static const char *const tails[] = { "", "iB", "B", "D" };
	char name[8];
	u128 n, mult;

	s = ref_digits(ref_plus(s), &n);
	if (s == NULL)
		return 0;
	mult = 0;
	if (strcmp(s, "") == 0 || strcmp(s, "B") == 0)
		mult = 1;
	for (int l = 0; mult == 0 && l < 8; l++) {
		for (int t = 0; t < 4; t++) {
			for (int lower = 0; lower < 2; lower++) {
				char c = letters[l];

				if (lower && c != 'K' && c != 'M')
					continue;
				if (lower)
					c = (char)(c - 'A' + 'a');
				snprintf(name, sizeof(name), "%c%s", c, tails[t]);
				if (strcmp(s, name) != 0)
					continue;
				mult = 1;
				for (int p = 0; p <= l; p++)
					mult *= t >= 2 ? 1000 : 1024;
			}
		}
	}
	if (mult == 0)
		return 0;
	/* Y is 2^80: n * mult fits 128 bits only while n is below 2^48. */
	if (n != 0 && mult > (u128)UINT64_MAX)
		return 0;
	n *= mult;
	if (n > UINT64_MAX)
		return 0;
	*out = (uint64_t)n;
	return 1;
}

/*
 * timeout(1)'s DURATION without exponents: [digits][.digits] with at least
 * one digit, then "", s, m, h or d; at most a year; nanoseconds, rounded up.
 */
static int ref_seconds(const char *s, struct timespec *out)
{
	u128 whole = 0, nanos = 0, unit, total;
	const char *p = ref_plus(s);
	int digits = 0, any = 0, rest = 0;

	for (; *p >= '0' && *p <= '9'; p++, any = 1) {
		whole = whole * 10 + (u128)(*p - '0');
		if (whole > (u128)UINT64_MAX)
			return 0;
	}
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++, digits++, any = 1) {
			if (digits < 9)
				nanos = nanos * 10 + (u128)(*p - '0');
			else if (*p != '0')
				rest = 1;
		}
		for (; digits < 9; digits++)
			nanos *= 10;
	}
	if (!any)
		return 0;
	if (strcmp(p, "") == 0 || strcmp(p, "s") == 0)
		unit = 1;
	else if (strcmp(p, "m") == 0)
		unit = 60;
	else if (strcmp(p, "h") == 0)
		unit = 3600;
	else if (strcmp(p, "d") == 0)
		unit = 86400;
	else
		return 0;
	total = (whole * 1000000000u + nanos + (u128)rest) * unit;
	if (total > (u128)365 * 86400 * 1000000000u)
		return 0;
	out->tv_sec = (time_t)(total / 1000000000u);
	out->tv_nsec = (long)(total % 1000000000u);
	return 1;
}

static int ref_count(const char *s, unsigned int max, unsigned int *out)
{
	u128 n;

	s = ref_digits(ref_plus(s), &n);
	if (s == NULL || *s != '\0' || n < 1 || n > max)
		return 0;
	*out = (unsigned int)n;
	return 1;
}

/* "[-+]?[0-9]+" as a whole, its value saturated at 2^64 either way. */
static int ref_bound(const char *s, size_t len, __int128 *value)
{
	int negative = len > 0 && s[0] == '-';
	__int128 n = 0;
	size_t i = len > 0 && (s[0] == '-' || s[0] == '+') ? 1 : 0;

	if (i == len)
		return 0;
	for (; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		n = n * 10 + (s[i] - '0');
		if (n > (__int128)1 << 64)
			n = (__int128)1 << 64;
	}
	*value = negative ? -n : n;
	return 1;
}

/* Tries every '-' as the separator: at most one can split two bounds in order. */
static int ref_range(const char *s, __int128 *lo, __int128 *hi)
{
	size_t len = strlen(s);

	for (size_t i = 1; i < len; i++) {
		if (s[i] != '-' || !ref_bound(s, i, lo) ||
		    !ref_bound(s + i + 1, len - i - 1, hi))
			continue;
		return *lo >= -((__int128)1 << 63) && *hi <= (__int128)UINT64_MAX &&
		       *lo <= *hi && *hi - *lo <= (__int128)UINT64_MAX;
	}
	return 0;
}

static void ref_decimal(__int128 v, char *out)
{
	char tmp[64];
	int n = 0, neg = v < 0;

	if (neg)
		v = -v;
	do {
		tmp[n++] = (char)('0' + (int)(v % 10));
		v /= 10;
	} while (v != 0);
	if (neg)
		*out++ = '-';
	while (n > 0)
		*out++ = tmp[--n];
	*out = '\0';
}

static void check_range(const char *text)
{
	struct range range;
	__int128 lo, hi;
	char got[RANGE_DIGITS_MAX + 2], want[64];
	int ok = parse_range(text, &range);

	CHECK(ok == ref_range(text, &lo, &hi));
	if (!ok)
		return;
	CHECK((uint64_t)(hi - lo + 1) == range.size);
	got[format_in_range(&range, 0, got)] = '\0';
	ref_decimal(lo, want);
	CHECK(strcmp(got, want) == 0);
	got[format_in_range(&range, range.size - 1, got)] = '\0';
	ref_decimal(hi, want);
	CHECK(strcmp(got, want) == 0);
}

/* Whether a class's name is anywhere in text: then its letters may be the class. */
static int names_class(const char *text)
{
#define CLASS_NAME(name, ...) name,
	static const char *const names[] = {
		CHARSET_CLASSES(CLASS_NAME) CHARSET_UNPRINTABLE_CLASSES(CLASS_NAME)
	};
#undef CLASS_NAME

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strstr(text, names[i]) != NULL)
			return 1;
	return 0;
}

/* A set is sorted, without repeats, printable, 2 to 95 long; parsed again
 * with every member escaped, it is itself; a plain alphanumeric text that
 * names no class is just its own characters. */
static void check_charset(const char *text)
{
	struct charset set, again;
	char escaped[2 * CHARSET_MAX + 1];
	int ok = parse_charset(text, &set) == CHARSET_OK, plain = !names_class(text),
	    seen[128] = { 0 };
	unsigned int distinct = 0;

	for (const char *p = text; *p != '\0'; p++) {
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9')))
			plain = 0;
		else if (!seen[(int)*p]++)
			distinct++;
	}
	if (plain)
		CHECK(ok == (distinct >= 2));
	if (!ok)
		return;
	CHECK(set.size >= 2 && set.size <= CHARSET_MAX);
	for (unsigned int i = 0; i < set.size; i++) {
		CHECK(set.chars[i] >= ' ' && set.chars[i] <= '~');
		CHECK(i == 0 || set.chars[i - 1] < set.chars[i]);
		CHECK(!plain || seen[(int)set.chars[i]]);
		escaped[2 * i] = '\\';
		escaped[2 * i + 1] = set.chars[i];
	}
	if (plain)
		CHECK(set.size == distinct);
	escaped[2 * set.size] = '\0';
	CHECK(parse_charset(escaped, &again) == CHARSET_OK);
	CHECK(again.size == set.size &&
	      memcmp(again.chars, set.chars, set.size) == 0);
}

/*
 * --require's sets: the same syntax with one character enough, so the two
 * parsers agree on every set of two or more and differ only on one.
 */
static void check_required_set(const char *text)
{
	struct charset set, full;
	int ok = parse_required_set(text, &set) == CHARSET_OK,
	    full_ok = parse_charset(text, &full) == CHARSET_OK;

	CHECK(!full_ok || (ok && set.size == full.size &&
			   memcmp(set.chars, full.chars, set.size) == 0));
	CHECK(!ok || full_ok || set.size == 1);
	CHECK(!ok || (set.size >= 1 && set.size <= CHARSET_MAX));
	for (unsigned int i = 0; ok && i < set.size; i++)
		CHECK(charset_contains(&set, set.chars[i]));
}

static void check_mode(const char *text)
{
	size_t len = strlen(text);
	unsigned long want = 0;
	int valid = len >= 1;
	mode_t mode = 0xffff;

	/* chmod's digits: any number of them, leading zeros too, up to 7777. */
	for (size_t i = 0; i < len; i++) {
		if (text[i] < '0' || text[i] > '7')
			valid = 0;
		if (want <= 07777)
			want = want * 8 + (unsigned long)(text[i] - '0');
	}
	if (want > 07777)
		valid = 0;
	CHECK(parse_mode(text, &mode) == valid);
	CHECK(!valid || (mode == want && mode <= 07777));
}

static void check_owner(const char *text)
{
	char user[16], group[16];
	const char *colon = strchr(text, ':');
	size_t ulen = colon ? (size_t)(colon - text) : strlen(text);
	size_t glen = colon ? strlen(colon + 1) : 0;
	/* chown's USER, USER:GROUP, USER: and :GROUP; not ":" alone. */
	int valid = ulen < 16 && glen < 16 && ulen + glen > 0;
	unsigned int id;
	u128 n;
	const char *rest = ref_digits(text, &n);
	bool got_colon = !colon;

	CHECK(split_owner(text, user, group, sizeof(user), &got_colon) == valid);
	if (valid) {
		CHECK(got_colon == (colon != NULL));
		CHECK(strlen(user) == ulen && strncmp(user, text, ulen) == 0);
		CHECK(colon ? strcmp(group, colon + 1) == 0 : group[0] == '\0');
	}
	valid = rest != NULL && *rest == '\0' && n < 0xffffffffu;
	CHECK(parse_id(text, &id) == valid);
	CHECK(!valid || id == n);
}


/* --count: 1 to 2^64-1; --wrap: 0 to 2^64-1; digits only. */
static int ref_whole(const char *s, uint64_t min, uint64_t *out)
{
	u128 n;

	s = ref_digits(ref_plus(s), &n);
	if (s == NULL || *s != '\0' || n < min || n > UINT64_MAX)
		return 0;
	*out = (uint64_t)n;
	return 1;
}

/*
 * --uuid-format: the whole list of valid texts is small, so the reference
 * is that list, each with its answer.
 */
static void check_uuid_format(const char *text)
{
	static const char *const styles[] = { "canonical", "hex", "urn", "braces" };
	struct uuid_format got = { UUID_BRACES, true };
	bool ok = parse_uuid_format(text, &got), valid = false;
	char name[32];

	for (int i = 0; i < 4; i++) {
		bool plain = strcmp(text, styles[i]) == 0, upper = false;

		snprintf(name, sizeof(name), "%s,upper", styles[i]);
		upper |= strcmp(text, name) == 0;
		snprintf(name, sizeof(name), "upper,%s", styles[i]);
		upper |= strcmp(text, name) == 0;
		if (plain || upper) {
			valid = true;
			CHECK(ok && got.style == (enum uuid_style)i && got.upper == upper);
		}
	}
	if (strcmp(text, "upper") == 0) {
		valid = true;
		CHECK(ok && got.style == UUID_CANONICAL && got.upper);
	}
	CHECK(ok == valid);
}

/*
 * --wordlist: the reference splits the text into lines afresh, finds each
 * line's word, and looks for repeats by comparing every pair.
 */
static void check_wordlist(const char *data, size_t size)
{
	char *text = malloc(size + 1), *copy = malloc(size + 1);
	size_t n = 0, line = 0, first = 0, want_line = 0, want_first = 0;
	const char *word[4096];
	size_t len[4096];
	enum wordlist_error want = WORDLIST_OK, got;
	struct wordlist list;

	CHECK(text != NULL && copy != NULL);
	memcpy(text, data, size);
	memcpy(copy, data, size);
	text[size] = copy[size] = '\0';
	for (size_t at = 0; at < size && want == WORDLIST_OK && n < 4096;) {
		const char *end = memchr(copy + at, '\n', size - at);
		size_t stop = end ? (size_t)(end - copy) : size;
		const char *w = copy + at;
		size_t l = stop - at;

		if (l >= 6 && w[5] == '\t' && strspn(w, "123456") == 5) {
			w += 6;
			l -= 6;
		}
		want_line = n + 1;
		if (l == 0)
			want = WORDLIST_EMPTY_WORD;
		else if (w[l - 1] == '\r')
			want = WORDLIST_CRLF;
		for (size_t i = 0; i < l && want == WORDLIST_OK; i++)
			if ((unsigned char)w[i] <= ' ' || w[i] == 0x7f)
				want = WORDLIST_BLANK;
		/* "NNNNN word": a blank where the dice's tab belongs. */
		if (want == WORDLIST_BLANK && w == copy + at && l >= 6 &&
		    w[5] == ' ' && strspn(w, "123456") >= 5)
			want = WORDLIST_DICE_BLANK;
		word[n] = w;
		len[n++] = l;
		at = stop + 1;
	}
	if (n >= 4096)
		goto out;	/* beyond the reference's table */
	if (want == WORDLIST_OK && n < 2) {
		want = WORDLIST_FEW;
		want_line = 0;
	}
	if (want == WORDLIST_OK) {
		want_line = 0;
		for (size_t j = 1; j < n && want == WORDLIST_OK; j++)
			for (size_t i = 0; i < j; i++)
				if (len[i] == len[j] && memcmp(word[i], word[j], len[i]) == 0) {
					want = WORDLIST_REPEAT;
					want_line = j + 1;
					want_first = i + 1;
					break;
				}
	}
	got = wordlist_parse(text, size, &list, &line, &first);
	CHECK(got == want && line == want_line);
	CHECK(got != WORDLIST_REPEAT || first == want_first);
	if (got == WORDLIST_OK) {
		CHECK(list.count == n);
		for (size_t i = 0; i < n; i++)
			CHECK(strlen(list.words + list.starts[i]) == len[i] &&
			      memcmp(list.words + list.starts[i], word[i], len[i]) == 0);
	}
	free(list.starts);
out:
	free(text);
	free(copy);
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

	check_range(text);
	check_charset(text);
	check_required_set(text);
	check_mode(text);
	check_owner(text);
	check_uuid_format(text);
	check_wordlist((const char *)data, size);

	free(text);
	return 0;
}
