/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --bits and --entropy: the entropy of an output, and the length for a target. */
#ifndef GETRANDOM_STRENGTH_H
#define GETRANDOM_STRENGTH_H

#include <stdbool.h>
#include <stdint.h>

#include "options.h"

/* The largest --bits: 2^16, far past any key. */
#define BITS_MAX 65536u

/*
 * Sets the password length or the number of words from opts->bits: the
 * least that reaches it.  Exits with a usage error where none does.
 */
void xapply_bits(struct options *opts);
/*
 * The fewest characters that meet every --require rule at once: a
 * shorter password meets none of them all.
 */
unsigned int rules_least_length(const struct password_rules *rules);
/* --require: refuses rules that fewer than one password in 2^20 meets. */
void xcheck_rules_share(const struct draw_request *req);
/*
 * --entropy: one line to standard error for the run's kind of output;
 * false if it could not be written whole.
 */
bool report_entropy(const struct options *opts);

#endif
