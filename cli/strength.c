// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The entropy of one output, in bits: log2 of the number of outputs the
 * draw can give, each being equally likely (every draw of this tool is
 * exactly uniform).  For a password of LEN characters from a set of n
 * that is LEN * log2(n); with --require rules, it is log2 of the number
 * of passwords that meet them (inclusion and exclusion, password.c), not
 * LEN * log2(n): the rules take choices away.  For N words from a list of
 * w, N * log2(w); an integer of a range of size s, log2(s); a version 4
 * UUID, its 122 random bits; N bytes, 8N.
 *
 * --bits=N picks the least length (or number of words) whose entropy is at
 * least N.  When n or w is a power of two the bits per character are a
 * whole number and the length is found in integers, so that 128 bits of
 * hex is 32 characters, not 33 from a rounding; otherwise log2(n) is
 * irrational and the product never lands on N exactly.
 *
 * Entropies are printed rounded down to a tenth of a bit: never more than
 * the output has.
 */
#define _GNU_SOURCE
#include <err.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bignum.h"
#include "log2-bound.h"
#include "password-count.h"
#include "password.h"
#include "strength.h"

/* The least count of symbols of log2(n) bits each that reaches bits. */
static uint64_t symbols_for(uint64_t bits, uint64_t n)
{
	uint64_t count = (uint64_t)ceill((long double)bits / log2l((long double)n));
	struct big size;

	/* The estimate may be one off where count * log2(n) is near bits. */
	big_set(&size, n);
	while (!log2_reaches(count, &size, bits))
		count++;
	while (count > 1 && log2_reaches(count - 1, &size, bits))
		count--;
	return count;
}

/* *count = the passwords of length that meet the rules; *all = every one. */
static void ruled_counts(const struct draw_request *req,
			 const int64_t coef[CHARSET_MAX + 1], uint64_t length,
			 struct big *count, struct big *all)
{
	password_count(count, coef, req->charset.size, length);
	big_power(all, req->charset.size, length);
}

/* Whether at least one in 2^PASSWORD_RULES_SHARE_MIN_LOG2 meets the rules. */
static bool drawable(const struct big *count, const struct big *all)
{
	struct big scaled = *count;

	big_shift_left(&scaled, PASSWORD_RULES_SHARE_MIN_LOG2);
	return big_cmp(&scaled, all) >= 0;
}

/*
 * A length that reaches bits, and that the rules leave drawable: enough
 * of its passwords meet them.  Many rules on a short password leave
 * almost none, though its few may hold the bits (8 one-letter rules on 8
 * characters: 8! passwords, 15.3 bits, one in 5e9): a longer one is
 * taken then, not a refusal of a length the user never gave.
 */
static bool ruled_length_fits(const struct draw_request *req,
			      const int64_t coef[CHARSET_MAX + 1],
			      uint64_t length, uint64_t bits)
{
	struct big count, all;

	ruled_counts(req, coef, length, &count, &all);
	return big_bit_length(&count) > bits && drawable(&count, &all);
}

/*
 * all / count to three significant digits, rounded to nearest, in the
 * form of printf's %.3g ("1.05e+06"): the quotient is at least 2^20, so
 * it always has an exponent.  Exact: the digits come from dividing the
 * integers, not their floating-point images.
 */
static void ratio_text(char *text, size_t size, const struct big *all,
		       const struct big *count)
{
	int exponent = (int)(big_bit_length(all) - big_bit_length(count)) * 3 / 10;
	struct big unit, rest, step;
	unsigned int digits;

	for (;;) {
		big_power(&unit, 10, (uint64_t)(exponent - 2));
		big_mul(&step, count, &unit);	/* one in the third digit */
		rest = *all;
		digits = 0;
		for (int bit = 10; bit >= 0; bit--) {
			struct big shifted = step;

			big_shift_left(&shifted, (size_t)bit);
			if (big_cmp(&rest, &shifted) >= 0) {
				big_sub(&rest, &shifted);
				digits |= 1u << bit;
			}
		}
		if (digits < 100)
			exponent--;
		else if (digits >= 1000)
			exponent++;
		else
			break;
	}
	big_shift_left(&rest, 1);
	if (big_cmp(&rest, &step) >= 0 && ++digits == 1000) {
		digits = 100;
		exponent++;
	}
	while (digits % 10 == 0 && digits > 1)
		digits /= 10;
	if (digits >= 100)
		snprintf(text, size, "%u.%02ue+%02d", digits / 100, digits % 100, exponent);
	else if (digits >= 10)
		snprintf(text, size, "%u.%ue+%02d", digits / 10, digits % 10, exponent);
	else
		snprintf(text, size, "%ue+%02d", digits, exponent);
}

void xcheck_rules_share(const struct draw_request *req)
{
	int64_t coef[CHARSET_MAX + 1];
	struct big count, all;
	char ratio[32];

	if (req->rules.count == 0)
		return;
	password_rules_terms(&req->rules, coef);
	ruled_counts(req, coef, req->length, &count, &all);
	if (drawable(&count, &all))
		return;
	ratio_text(ratio, sizeof(ratio), &all, &count);
	xusage_error("the --require rules leave about one password in %s of --password=%llu: too few to draw by rejection (at least one in 2^20)",
		     ratio, (unsigned long long)req->length);
}

/*
 * The fewest characters that meet every rule at once.  One character
 * meets each rule whose set holds it (a digit meets both [:alnum:] and
 * [:digit:]), so this is the least number of characters whose rules
 * together are all of them, not the number of rules.  Exact, by the
 * least count for each subset of the rules met so far: at most 2^16
 * subsets times 95 characters.  The rules' sets are not empty.
 */
unsigned int rules_least_length(const struct password_rules *rules)
{
	uint8_t least[1u << PASSWORD_RULES_MAX];
	uint32_t all = (UINT32_C(1) << rules->count) - 1, meets[128] = { 0 };

	for (unsigned int r = 0; r < rules->count; r++)
		for (unsigned int i = 0; i < rules->sets[r].size; i++)
			meets[(unsigned char)rules->sets[r].chars[i]] |= UINT32_C(1) << r;
	memset(least, UINT8_MAX, sizeof(least));
	least[0] = 0;
	/* A character only adds rules: each subset grows into a larger one. */
	for (uint32_t met = 0; met < all; met++) {
		if (least[met] == UINT8_MAX)
			continue;
		for (int c = 0; c < 128; c++) {
			uint32_t more = met | meets[c];

			if (least[more] > least[met] + 1)
				least[more] = (uint8_t)(least[met] + 1);
		}
	}
	return least[all];
}

/*
 * With rules: the entropy and the share that meets them both grow with
 * the length (a longer password meets them more often, and has more
 * characters), so the least length that fits is found by bisection
 * between the fewest characters that meet the rules and the longest
 * ruled password.
 */
static uint64_t xruled_length_for(const struct draw_request *req, uint64_t bits)
{
	int64_t coef[CHARSET_MAX + 1];
	uint64_t lo = rules_least_length(&req->rules), hi = PASSWORD_RULED_LENGTH_MAX;
	struct big count;

	password_rules_terms(&req->rules, coef);
	password_count(&count, coef, req->charset.size, hi);
	if (big_bit_length(&count) <= bits)
		xusage_error("--bits=%llu needs a password longer than %d characters, the most --require takes",
			    (unsigned long long)bits, PASSWORD_RULED_LENGTH_MAX);
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (ruled_length_fits(req, coef, mid, bits))
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

void xapply_bits(struct options *opts)
{
	struct draw_request *req = &opts->draw;

	if (opts->bits == 0)
		return;
	if (req->kind == DRAW_PASSWORD && req->rules.count > 0) {
		req->length = xruled_length_for(req, opts->bits);
		xcheck_rules_share(req);
	}
	else if (req->kind == DRAW_PASSWORD)
		req->length = symbols_for(opts->bits, req->charset.size);
	else
		req->words = symbols_for(opts->bits, req->list.count);
}

/*
 * times * log2(x) bits, rounded down to a tenth ("77.5"), into text:
 * never more than there is.  Floating point printed a range of 2^64 - 1
 * as 64.0 bits; in integers it is 63.9.
 */
static void bits_text(char *text, size_t size, uint64_t times,
		      const struct big *x)
{
	struct big tenths;
	char whole[24];	/* 2^71, the most bits, has 22 digits */
	unsigned int tenth;

	log2_tenths(&tenths, times, x);
	tenth = big_div_small(&tenths, 10) % 10;
	big_decimal(&tenths, whole, sizeof(whole));
	snprintf(text, size, "%s.%u", whole, tenth);
}

/* bits_text for times * log2(x) where x fits 64 bits. */
static void small_bits_text(char *text, size_t size, uint64_t times, uint64_t x)
{
	struct big big_x;

	big_set(&big_x, x);
	bits_text(text, size, times, &big_x);
}

/* The noun that goes with n: "1 word", "2 words". */
static const char *noun(uint64_t n, const char *one, const char *more)
{
	return n == 1 ? one : more;
}

/* The entropy of the run's --password, into bits. */
static void password_bits_text(const struct draw_request *req, char *bits,
			       size_t size)
{
	int64_t coef[CHARSET_MAX + 1];
	struct big count;

	if (req->rules.count == 0) {
		small_bits_text(bits, size, req->length, req->charset.size);
		return;
	}
	password_rules_terms(&req->rules, coef);
	password_count(&count, coef, req->charset.size, req->length);
	bits_text(bits, size, 1, &count);
}

/* The entropy of an integer of the run's --range, into bits. */
static void range_bits_text(const struct draw_request *req, char *bits,
			    size_t size)
{
	struct big values;

	big_set(&values, req->range.size);
	if (req->range.size == 0) {	/* all 2^64 values */
		big_set(&values, 1);
		big_shift_left(&values, 64);
	}
	bits_text(bits, size, 1, &values);
}

/* The report's text, without the program's name, into line. */
static void entropy_text(const struct options *opts, char *line, size_t size)
{
	const struct draw_request *req = &opts->draw;
	char bits[32];	/* 2^64 * log2(2^32) bits and a tenth */

	switch (req->kind) {
	case DRAW_PASSWORD:
		password_bits_text(req, bits, sizeof(bits));
		if (req->rules.count > 0)
			snprintf(line, size, "%s bits: %llu %s from a set of %u that meet %u %s",
			      bits, (unsigned long long)req->length,
			      noun(req->length, "character", "characters"),
			      req->charset.size, req->rules.count,
			      noun(req->rules.count, "--require rule",
				   "--require rules"));
		else
			snprintf(line, size, "%s bits: %llu %s from a set of %u",
			      bits, (unsigned long long)req->length,
			      noun(req->length, "character", "characters"),
			      req->charset.size);
		break;
	case DRAW_WORDS:
		small_bits_text(bits, sizeof(bits), req->words, req->list.count);
		snprintf(line, size, "%s bits: %llu %s from a list of %u",
		      bits, (unsigned long long)req->words,
		      noun(req->words, "word", "words"), req->list.count);
		break;
	case DRAW_RANGE:
		range_bits_text(req, bits, sizeof(bits));
		if (req->range.size == 0)
			snprintf(line, size, "%s bits: an integer from a range of 18446744073709551616", bits);
		else
			snprintf(line, size, "%s bits: an integer from a range of %llu",
			      bits, (unsigned long long)req->range.size);
		break;
	case DRAW_UUID:
		snprintf(line, size, "122.0 bits: a version 4 UUID");
		break;
	case DRAW_NONE:	/* 8 bits a byte, as N * log2(256) */
		small_bits_text(bits, sizeof(bits), opts->bytes, 256);
		snprintf(line, size, "%s bits: %llu %s", bits,
		      (unsigned long long)opts->bytes,
		      noun(opts->bytes, "byte", "bytes"));
		break;
	case DRAW_MAC:
		snprintf(line, size, "%u.0 bits: a MAC address", mac_random_bits(&req->mac_prefix));
		break;
	case DRAW_ULID:	/* refused with --entropy (rules.c) */
		snprintf(line, size, "a ULID");
		break;
	}
}

/*
 * The report was asked for: one that cannot be written (standard error
 * full, or closed) fails the run, as an output would, before any output.
 */
bool report_entropy(const struct options *opts)
{
	char line[256];
	int len;

	entropy_text(opts, line, sizeof(line));
	len = snprintf(NULL, 0, "%s: %s\n", program_invocation_short_name, line);
	return dprintf(STDERR_FILENO, "%s: %s\n", program_invocation_short_name,
		       line) == len;
}
