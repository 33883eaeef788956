/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * log2 of an integer from below, in integers: entropies printed to a
 * tenth of a bit and compared with --bits, never more than there is.
 */
#ifndef GETRANDOM_LOG2_BOUND_H
#define GETRANDOM_LOG2_BOUND_H

#include <stdbool.h>
#include <stdint.h>

#include "bignum.h"

/* The bits after the binary point of log2_below's bound. */
#define LOG2_FRACTION_BITS 192

/*
 * *scaled = a lower bound of log2(x), times 2^LOG2_FRACTION_BITS: exact
 * where x is a power of two, else less than log2(x) by under 2^-180.
 * x >= 1.
 */
void log2_below(struct big *scaled, const struct big *x);
/*
 * *tenths = the tenths of a bit in times * log2(x), rounded down: from
 * log2_below's bound, so never more than there is, and less only where
 * times * log2(x) is within times * 2^-180 above a tenth.
 */
void log2_tenths(struct big *tenths, uint64_t times, const struct big *x);
/* Whether times * log2(x) >= bits, certainly (by the lower bound). */
bool log2_reaches(uint64_t times, const struct big *x, uint64_t bits);

#endif
