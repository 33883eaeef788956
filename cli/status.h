/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Exit statuses, as documented in --help and getrandom(1). */
#ifndef GETRANDOM_STATUS_H
#define GETRANDOM_STATUS_H

enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,
	EXIT_USAGE = 2,
	EXIT_NOT_READY = 3,
};

#endif
