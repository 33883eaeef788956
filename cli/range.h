/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --range=LO-HI: an inclusive range of 64-bit integers, and its numbers. */
#ifndef GETRANDOM_RANGE_H
#define GETRANDOM_RANGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The longest number: "-9223372036854775808" or "18446744073709551615". */
#define RANGE_DIGITS_MAX 20

struct range {
	bool negative_lo;	/* lo is below zero: lo holds -|lo| mod 2^64 */
	uint64_t lo;
	uint64_t size;		/* HI - LO + 1; 0 stands for 2^64 */
};

bool parse_range(const char *text, struct range *range);
size_t format_in_range(const struct range *range, uint64_t offset, char *out);
size_t range_text_max(const struct range *range);

#endif
