/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --require: how many passwords meet the rules, in exact integers. */
#ifndef GETRANDOM_PASSWORD_COUNT_H
#define GETRANDOM_PASSWORD_COUNT_H

#include <stdint.h>

#include "bignum.h"
#include "charset.h"
#include "password.h"

/* The rules' inclusion-exclusion terms, by the size of the union of a subset. */
void password_rules_terms(const struct password_rules *rules,
			  int64_t coef[CHARSET_MAX + 1]);
/*
 * *count = the number of passwords of length characters from a set of
 * set_size that meet the rules whose terms are coef; length is at most
 * PASSWORD_RULED_LENGTH_MAX, so that it fits a struct big.
 */
void password_count(struct big *count, const int64_t coef[CHARSET_MAX + 1],
		    unsigned int set_size, uint64_t length);

#endif
