// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The number of passwords that meet --require rules, exactly.  Its terms
 * have both signs and are far larger than their sum when almost no
 * password meets the rules: summed in floating point they cancel, and
 * the share printed came out negative or 10% off.  In integers the sum
 * is exact, and so is every figure drawn from it.
 */
#include <stdbool.h>

#include "password-count.h"

/*
 * Inclusion and exclusion over the rules: the number of passwords that
 * miss none is the sum, over each subset S of the rules, of (-1)^|S| times
 * (|set| - |union of S|)^length.  Subsets with the same union size are
 * summed once into coef[size], so that the count for any length is a sum
 * of at most CHARSET_MAX + 1 powers.
 */
void password_rules_terms(const struct password_rules *rules,
			  int64_t coef[CHARSET_MAX + 1])
{
	for (int c = 0; c <= CHARSET_MAX; c++)
		coef[c] = 0;
	for (uint32_t subset = 0; subset < (UINT32_C(1) << rules->count); subset++) {
		bool in[128] = { false };
		unsigned int covered = 0, bits = 0;

		for (unsigned int r = 0; r < rules->count; r++) {
			if (!(subset >> r & 1))
				continue;
			bits++;
			for (unsigned int i = 0; i < rules->sets[r].size; i++) {
				unsigned char c = (unsigned char)rules->sets[r].chars[i];

				covered += !in[c];
				in[c] = true;
			}
		}
		coef[covered] += bits % 2 ? -1 : 1;
	}
}

void password_count(struct big *count, const int64_t coef[CHARSET_MAX + 1],
		    unsigned int set_size, uint64_t length)
{
	struct big plus, minus, term;

	big_set(&plus, 0);
	big_set(&minus, 0);
	for (unsigned int c = 0; c < set_size && c <= CHARSET_MAX; c++) {
		if (coef[c] == 0)
			continue;
		big_power(&term, set_size - c, length);
		big_mul_small(&term, (uint32_t)(coef[c] < 0 ? -coef[c] : coef[c]));
		big_add(coef[c] < 0 ? &minus : &plus, &term);
	}
	big_sub(&plus, &minus);
	*count = plus;
}
