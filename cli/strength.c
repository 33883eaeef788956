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

#include "password.h"
#include "strength.h"

/* log2(n) when n is a power of two, else -1. */
static int exact_log2(uint64_t n)
{
	int k = 0;

	if (n == 0 || (n & (n - 1)) != 0)
		return -1;
	while (n >>= 1)
		k++;
	return k;
}

/* The least count of symbols of log2(n) bits each that reaches bits. */
static uint64_t symbols_for(uint64_t bits, uint64_t n)
{
	int k = exact_log2(n);

	if (k > 0)
		return (bits + (uint64_t)k - 1) / (uint64_t)k;
	return (uint64_t)ceill((long double)bits / log2l((long double)n));
}

static long double password_bits(const struct draw_request *req,
				 const int64_t coef[CHARSET_MAX + 1],
				 uint64_t length)
{
	long double bits = (long double)length * log2l(req->charset.size);

	if (req->rules.count > 0)
		bits += log2l(password_terms_share(coef, req->charset.size,
						   length));
	return bits;
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
	return password_bits(req, coef, length) >= (long double)bits &&
	       password_terms_share(coef, req->charset.size, length) >=
	       PASSWORD_RULES_SHARE_MIN;
}

void xcheck_rules_share(const struct draw_request *req)
{
	long double share;

	if (req->rules.count == 0)
		return;
	share = password_rules_share(&req->charset, req->length, &req->rules);
	if (share < PASSWORD_RULES_SHARE_MIN)
		xusage_error("the --require rules leave about one password in %.3Lg of --password=%llu: too few to draw by rejection (at least one in 2^20)",
			     1 / share, (unsigned long long)req->length);
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

	password_rules_terms(&req->rules, coef);
	if (password_bits(req, coef, hi) < (long double)bits)
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

/* Rounded down to a tenth: never more than there is. */
static double tenths_down(long double bits)
{
	return (double)(floorl(bits * 10 + 1e-9L) / 10);
}

/* The noun that goes with n: "1 word", "2 words". */
static const char *noun(uint64_t n, const char *one, const char *more)
{
	return n == 1 ? one : more;
}

/* The report's text, without the program's name, into line. */
static void entropy_text(const struct options *opts, char *line, size_t size)
{
	const struct draw_request *req = &opts->draw;
	int64_t coef[CHARSET_MAX + 1];

	switch (req->kind) {
	case DRAW_PASSWORD:
		password_rules_terms(&req->rules, coef);
		if (req->rules.count > 0)
			snprintf(line, size, "%.1f bits: %llu %s from a set of %u that meet %u %s",
			      tenths_down(password_bits(req, coef, req->length)),
			      (unsigned long long)req->length,
			      noun(req->length, "character", "characters"),
			      req->charset.size, req->rules.count,
			      noun(req->rules.count, "--require rule",
				   "--require rules"));
		else
			snprintf(line, size, "%.1f bits: %llu %s from a set of %u",
			      tenths_down(password_bits(req, coef, req->length)),
			      (unsigned long long)req->length,
			      noun(req->length, "character", "characters"),
			      req->charset.size);
		break;
	case DRAW_WORDS:
		snprintf(line, size, "%.1f bits: %llu %s from a list of %u",
		      tenths_down((long double)req->words * log2l(req->list.count)),
		      (unsigned long long)req->words,
		      noun(req->words, "word", "words"), req->list.count);
		break;
	case DRAW_RANGE:
		if (req->range.size == 0)
			snprintf(line, size, "64.0 bits: an integer from a range of 18446744073709551616");
		else
			snprintf(line, size, "%.1f bits: an integer from a range of %llu",
			      tenths_down(log2l((long double)req->range.size)),
			      (unsigned long long)req->range.size);
		break;
	case DRAW_UUID:
		snprintf(line, size, "122.0 bits: a version 4 UUID");
		break;
	case DRAW_NONE:
		snprintf(line, size, "%.1f bits: %llu %s", tenths_down((long double)opts->bytes * 8),
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
