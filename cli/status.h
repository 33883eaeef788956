/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Exit statuses, as documented in --help and getrandom(1).
 *
 * A function whose name starts with x (xsink_open_file, xapply_bits)
 * never returns a failure: it says what failed and exits with one of
 * these.  Every other function returns its failure to its caller.
 */
#ifndef GETRANDOM_STATUS_H
#define GETRANDOM_STATUS_H

enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,
	EXIT_USAGE = 2,
	EXIT_NOT_READY = 3,
};

#endif
