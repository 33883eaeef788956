/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --shuffle and --sample: random orders and samples without repeats. */
#ifndef GETRANDOM_SHUFFLE_H
#define GETRANDOM_SHUFFLE_H

#include "draws.h"

/*
 * Writes the records of standard input (or, with --range, the integers of
 * the range) shuffled, or a sample of them.  Returns 0, or -1 with
 * *random_error set to getrandom(2)'s errno, or to 0 when the failure
 * (input, memory, the sink) was already reported.
 */
int shuffle_run(const struct draw_request *req, unsigned int flags,
		struct sink *sink, int *random_error);

#endif
